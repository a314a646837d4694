//! Preset links: a named setting of a view, with what it shows. Every view's presets are this one
//! type, and their links are built from the page parameters, so theme and embed carry over.

use crate::link::page::PageParams;
use crate::link::query;

#[derive(Clone, Debug, PartialEq)]
pub struct Preset {
    /// Its `data-preset` value.
    pub id: &'static str,
    pub title: &'static str,
    /// What it shows, with the numbers its source states (computed).
    pub caption: String,
    /// The view's own parameters in link form, values percent-encoded (`m=64&k=3&items=a,b`).
    pub params: String,
}

impl Preset {
    /// The link: the page's shared parameters (view, embed, theme), then the preset's own.
    pub fn href(&self, page: &PageParams) -> String {
        let mut href = query::build(&page.query_pairs());
        if !self.params.is_empty() {
            href.push(if href.is_empty() { '?' } else { '&' });
            href.push_str(&self.params);
        }
        href
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::query::Query;

    #[test]
    fn links_keep_theme_and_embed() {
        let page = PageParams::from_query(&Query::parse("?view=counting&theme=dark&embed=1&m=5"));
        let p = Preset { id: "x", title: "X", caption: String::new(), params: "m=32&k=3".into() };
        assert_eq!(p.href(&page), "?view=counting&embed=1&theme=dark&m=32&k=3");
    }
}
