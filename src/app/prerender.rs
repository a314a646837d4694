//! The first screen before the code arrives. Each view's page as a bare link (`?view=NAME`) opens
//! it is rendered at build time (`examples/prerender.rs`, run by Trunk after every build) into
//! `prerender/NAME.html`; the loader in `index.html` fetches it beside the view's bundle and shows
//! it at once, and the app takes it away in the same task as its own first render, so the page
//! never flashes. Links with other parameters show the same page as a skeleton: the navigation and
//! the view's title and introduction, with grey blocks where the state-dependent parts will come.

/// The folder beside `index.html` that holds the prerendered pages.
pub const FOLDER: &str = "prerender";

/// The id of the element the loader puts a prerendered page in.
pub const HOLDER_ID: &str = "prerender";

/// A server-rendered page as the loader shows it: Yew's component markers (comments, which only
/// hydration reads) and every `data-testid` left out, so tests and scripts only ever find the live
/// app's hooks (`app-ready` above all); everything else, text and layout, as the app draws it.
pub fn inert_copy(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    loop {
        let comment = rest.find("<!--");
        let hook = rest.find(" data-testid=\"");
        match (comment, hook) {
            (Some(c), h) if h.is_none_or(|h| c < h) => {
                out.push_str(&rest[..c]);
                rest = rest[c..].find("-->").map_or("", |end| &rest[c + end + 3..]);
            }
            (_, Some(h)) => {
                out.push_str(&rest[..h]);
                let value = h + " data-testid=\"".len();
                // Attribute values are escaped by the renderer: the next quote closes this one.
                rest = rest[value..].find('"').map_or("", |end| &rest[value + end + 1..]);
            }
            _ => {
                out.push_str(rest);
                return out;
            }
        }
    }
}

/// Where `html`'s navigation (`<nav …>…</nav>`) starts and ends.
fn nav_span(html: &str) -> Option<(usize, usize)> {
    let start = html.find("<nav")?;
    let end = start + html[start..].find("</nav>")? + "</nav>".len();
    Some((start, end))
}

/// The empty navigation a first screen keeps in the place of its own.
pub const NAV_SPOT: &str = "<nav class=\"site-nav\"></nav>";

/// `index` (the built `index.html`) with the shell painted before any prerendered page arrives:
/// the site's navigation, cut from the home page's first screen (`home`), in the holder the
/// loader then fills (hidden unless the loader finds the page shows the navigation). `None` when
/// either is not as expected.
pub fn with_shell(index: &str, home: &str) -> Option<String> {
    let (start, end) = nav_span(home)?;
    let body = index.find("<body>")? + "<body>".len();
    let shell = format!(
        "\n    <div id=\"{HOLDER_ID}\" class=\"shell\" inert=\"\"><div class=\"app\">{}</div></div>",
        &home[start..end]
    );
    Some(format!("{}{shell}{}", &index[..body], &index[body..]))
}

/// A first screen as it is written: its navigation left as [`NAV_SPOT`], where the loader puts
/// the shell's (the same links, in `index.html` already) and marks the view's chapter, link and
/// "you are here" line as the app draws them — so no page downloads the navigation twice. A page
/// without a navigation is returned as it is.
pub fn without_nav(page: &str) -> String {
    match nav_span(page) {
        Some((start, end)) => format!("{}{NAV_SPOT}{}", &page[..start], &page[end..]),
        None => page.to_owned(),
    }
}

/// Takes the prerendered page away once the app has drawn its own (nothing outside a browser, or
/// when the loader showed none).
pub fn remove() {
    crate::web::remove_element(HOLDER_ID);
}
