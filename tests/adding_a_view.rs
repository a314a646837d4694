//! docs/adding-a-view.md, kept true: a tiny view written as the document says (a model with a
//! declared parameter, a typed edit and no long work; a render on the page skeleton) mounts
//! through the app's own path — the app reads the address and hands the view its page and query,
//! the page reads the model from the link and keeps its notices — and its typed edit and form
//! field go through the page as any view's do.

use bloomlab::app::{App, AppProps};
use bloomlab::hooks::page::{use_plain_page, Page, PageAction};
use bloomlab::views::ViewProps;
use bloomlab::widgets::notice_list::notice_list;
use bloomlab_core::lectures::model::Model;
use bloomlab_core::link::notice::Notice;
use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::params::Whole;
use bloomlab_core::link::query::Query;
use bloomlab_core::link::state::LinkState;
use yew::prelude::*;

/// `n`: the count, declared once.
const N: Whole = Whole { name: "n", about: "the count", min: 0, max: 9, default: 1, example: "3" };

/// The tiny view's model: a count read from the link, which a button adds one to.
#[derive(Clone, Debug, PartialEq)]
struct Count {
    n: u64,
}

/// Its one typed edit.
enum CountEdit {
    Add,
}

impl LinkState for Count {
    fn read(q: &Query) -> (Count, Vec<Notice>) {
        let mut notices = Vec::new();
        let n = N.read(q, &mut notices);
        (Count { n }, notices)
    }

    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        N.pair(self.n).into_iter().collect()
    }
}

impl Model for Count {
    type Edit = CountEdit;
    type Run = ();
    type Aside = ();

    /// One more, up to the declared largest (then nothing changes).
    fn edit(&self, CountEdit::Add: CountEdit) -> Option<(Count, Option<Vec<Notice>>)> {
        (self.n < N.max).then(|| (Count { n: self.n + 1 }, Some(Vec::new())))
    }

    fn run(&self) {}

    fn aside(&self) {}
}

#[function_component(CountView)]
fn count_view(props: &ViewProps) -> Html {
    let page = use_plain_page::<Count>(&props.query, &props.page);
    let state = &page.state;
    html! {
        <section class="count">
            { notice_list(&state.notices, Some(&page.dismiss())) }
            <output data-testid="tiny-count">{ state.model.n }</output>
            <input name={N.name} onchange={page.field(N.name)} />
            <button onclick={page.send(|_: MouseEvent| PageAction::Edit(CountEdit::Add))}>{"Add"}</button>
        </section>
    }
}

/// The bundle's drawing function, as `bundles::draw` is: here the tiny view stands for any view.
fn tiny(page: &PageParams, query: &Query) -> Option<Html> {
    let (page, query) = (page.clone(), query.clone());
    Some(html! { <CountView {page} {query} /> })
}

async fn render(search: &str) -> String {
    let search = search.to_string();
    yew::ServerRenderer::<App>::with_props(move || AppProps { search: search.clone().into(), views: tiny })
        .render()
        .await
}

#[tokio::test]
async fn a_tiny_view_mounts_through_the_apps_path_with_its_link_and_notices() {
    let html = render("?view=home&n=3").await;
    assert!(html.contains("data-testid=\"app-ready\""), "the app mounted it");
    assert!(html.contains("data-testid=\"tiny-count\">3<"), "its model read from the link: {html}");
    let bad = render("?view=home&n=lots").await;
    assert!(bad.contains("data-testid=\"tiny-count\">1<"), "a bad value gives the default");
    assert!(bad.contains("n = \u{201c}lots\u{201d}"), "and the page shows the notice the model returned");
}

#[test]
fn its_edit_and_its_field_go_through_the_page() {
    let page = Page::<Count>::open(&Query::parse("?view=home&n=lots"));
    assert_eq!((page.model.n, page.notices.len()), (1, 1));
    let added = page.after(PageAction::Edit(CountEdit::Add)).expect("one more");
    assert_eq!((added.model.n, added.notices.len()), (2, 0), "the edit's notices replace the link's");
    let typed = added.after(PageAction::Fields(vec![(N.name, "9".into())])).expect("a field");
    assert_eq!(typed.model.pairs(&typed.stepper), [("n", "9".to_string())]);
    assert!(typed.after(PageAction::Edit(CountEdit::Add)).is_none(), "at the largest, nothing changes");
    let again = typed.after(PageAction::Fields(vec![(N.name, "x".into())])).expect("a bad field");
    assert_eq!((again.model.n, again.notices.len()), (1, 1), "read as the link's value, with its notice");
}
