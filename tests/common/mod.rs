//! Shared helpers of the server-rendered component tests.

use bloomlab::app::{App, AppProps};

/// The whole app rendered to HTML (Yew's server-side rendering) for a query string.
pub async fn render(search: &str) -> String {
    let search = search.to_string();
    yew::ServerRenderer::<App>::with_props(move || AppProps {
        search: search.clone().into(),
        views: bloomlab::bundles::all,
    })
    .render()
    .await
}

/// The values of attribute `name` on every element with `data-testid="testid"`, in page order.
pub fn attr<'a>(html: &'a str, testid: &str, name: &str) -> Vec<&'a str> {
    let needle = format!("data-testid=\"{testid}\"");
    html.match_indices(&needle)
        .filter_map(|(start, _)| {
            let tag_start = html[..start].rfind('<')?;
            let tag = &html[tag_start..start + html[start..].find('>')?];
            let key = format!(" {name}=\"");
            let rest = &tag[tag.find(&key)? + key.len()..];
            Some(&rest[..rest.find('"')?])
        })
        .collect()
}
