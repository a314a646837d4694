//! The prerendered first screens (`bloomlab::app::prerender`): the copy the loader shows holds the
//! page's text and controls and none of the live app's hooks.

mod common;

use bloomlab::app::prerender::inert_copy;
use bloomlab_core::link::views::View;

#[test]
fn the_copy_drops_markers_and_hooks_and_keeps_the_rest() {
    let html = r#"<!--<[App]>--><div data-testid="app-ready" class="app"><!--x--><h1>Title</h1><input data-testid="m-input" id="m" value="a -- b"/></div><!--</[App]>-->"#;
    assert_eq!(inert_copy(html), r#"<div class="app"><h1>Title</h1><input id="m" value="a -- b"/></div>"#);
    assert_eq!(inert_copy("plain"), "plain");
    // A marker or an attribute cut off at the end loses the rest, never panics.
    assert_eq!(inert_copy("a<!-- b"), "a");
    assert_eq!(inert_copy(r#"a<p data-testid="x"#), "a<p");
}

#[tokio::test]
async fn every_view_has_a_first_screen_without_hooks() {
    for view in View::ALL {
        let live = common::render(&format!("?view={}", view.name())).await;
        assert_eq!(common::attr(&live, "app-ready", "class"), ["app"], "{view:?}: the live page has its hooks");
        let page = inert_copy(&live);
        assert!(!page.contains("data-testid"), "{view:?}: hooks left in the prerendered page");
        assert!(!page.contains("<!--"), "{view:?}: component markers left");
        let h1 = page.find("<h1").map(|i| &page[i..]).unwrap_or_default();
        let title = h1[h1.find('>').map_or(0, |i| i + 1)..].split("</h1>").next().unwrap_or_default();
        assert!(!title.trim().is_empty(), "{view:?}: no title on the first screen");
        assert!(page.contains("class=\"site-nav\""), "{view:?}: no navigation on the first screen");
        assert!(page.contains("<main"), "{view:?}: no view on the first screen");
    }
}

#[tokio::test]
async fn the_shell_is_the_home_pages_navigation_at_the_top_of_the_body() {
    let home = inert_copy(&common::render("").await);
    let index = "<html><head></head><body>\n<noscript>x</noscript></body></html>";
    let out = bloomlab::app::prerender::with_shell(index, &home).expect("a shell");
    let shell = &out[out.find("<body>").unwrap()..out.find("<noscript>").unwrap()];
    assert!(shell.contains("<div id=\"prerender\" class=\"shell\" inert=\"\"><div class=\"app\"><nav"), "{shell}");
    assert!(shell.contains("class=\"site-nav\"") && shell.ends_with("</nav></div></div>\n"), "{shell}");
    assert!(!shell.contains("data-testid"));
    assert_eq!(bloomlab::app::prerender::with_shell("<html>no body</html>", &home), None);
    assert_eq!(bloomlab::app::prerender::with_shell(index, "<p>no navigation</p>"), None);
}

#[tokio::test]
async fn a_first_screen_leaves_its_navigation_to_the_shell() {
    use bloomlab::app::prerender::{without_nav, NAV_SPOT};
    let page = inert_copy(&common::render("?view=moments").await);
    let cut = without_nav(&page);
    assert_eq!(cut.matches("<nav").count(), 1, "one navigation, the empty spot");
    assert!(cut.contains(NAV_SPOT), "the spot the loader fills");
    // Everything else is kept, in place: the spot stands exactly where the navigation stood.
    let (start, end) = (page.find("<nav").unwrap(), page.find("</nav>").unwrap() + "</nav>".len());
    assert_eq!(cut, format!("{}{NAV_SPOT}{}", &page[..start], &page[end..]));
    assert!(page[start..end].contains("Moments and the AMS estimate"), "the cut part is the navigation");
    assert!(cut.contains("<main"));
    // A page with no navigation is left alone.
    assert_eq!(without_nav("<main>x</main>"), "<main>x</main>");
}
