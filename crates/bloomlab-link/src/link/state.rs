//! The link as a view's state, both ways: a model is read from a link, written back as pairs,
//! and edited with the plain text of a form's fields, which the core writes in link syntax and
//! reads again — so a form and a link with the same values give the same model and the same
//! notices, and views never build a query string. A walkthrough's `step` is read and
//! written beside its stepper (`lectures::stepper::Stepped`).

use crate::link::notice::Notice;
use crate::link::query::{encode, Query};

/// How a form field's text is written as a link value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldText {
    /// One value, trimmed; an emptied field leaves the parameter out (its default).
    Value,
    /// A list read with `params::tokens` (numbers, names: commas and spaces alike); an emptied
    /// field is an empty list.
    Tokens,
    /// A list of items that may hold spaces: only commas separate them, each item trimmed and
    /// empty ones skipped; an emptied field is an empty list.
    Items,
}

impl FieldText {
    /// The raw (encoded) link value for a form's `text`; `None` leaves the parameter out.
    pub fn raw(self, text: &str) -> Option<String> {
        let t = text.trim();
        match self {
            FieldText::Value => (!t.is_empty()).then(|| encode(t)),
            FieldText::Tokens => Some(encode(t)),
            FieldText::Items => {
                Some(t.split(',').map(str::trim).filter(|s| !s.is_empty()).map(encode).collect::<Vec<_>>().join(","))
            }
        }
    }
}

/// A model a view keeps in the address.
pub trait LinkState: Sized {
    /// The model a link gives, with notices about what could not be used as given.
    fn read(q: &Query) -> (Self, Vec<Notice>);

    /// The model's own parameters, values encoded, defaults left out.
    fn query_pairs(&self) -> Vec<(&'static str, String)>;

    /// How the form field `name` is written in the link (a single value unless the model says).
    fn field(_name: &str) -> FieldText {
        FieldText::Value
    }

    /// The model read again with `fields` (name, a form's text) in place of its own values:
    /// the same model, and the same notices, as the link with those values.
    fn with_fields(&self, fields: &[(&str, &str)]) -> (Self, Vec<Notice>) {
        let raw: Vec<(&str, Option<String>)> = fields.iter().map(|&(k, v)| (k, Self::field(k).raw(v))).collect();
        self.with_raw(&raw)
    }

    /// The model read again with some parameters replaced by raw link values (`None` leaves the
    /// parameter out). For the core's own edits; views hand form text to `with_fields`.
    fn with_raw(&self, raw: &[(&str, Option<String>)]) -> (Self, Vec<Notice>) {
        Self::read(&edited(self.query_pairs(), raw))
    }
}

/// The query of `pairs` (as `query_pairs` writes them: an empty value is left out) with the
/// parameters named in `raw` replaced.
pub fn edited(pairs: Vec<(&'static str, String)>, raw: &[(&str, Option<String>)]) -> Query {
    let mut out: Vec<(String, String)> = pairs
        .into_iter()
        .filter(|(k, v)| !v.is_empty() && !raw.iter().any(|(r, _)| r == k))
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    out.extend(raw.iter().filter_map(|(k, v)| v.as_ref().map(|v| (k.to_string(), v.clone()))));
    Query::from_raw_pairs(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_in_link_syntax() {
        assert_eq!(FieldText::Value.raw("  64 "), Some("64".into()));
        assert_eq!(FieldText::Value.raw("   "), None);
        assert_eq!(FieldText::Value.raw("a&b=c"), Some("a%26b%3Dc".into()));
        assert_eq!(FieldText::Tokens.raw(" 3 1, 4 "), Some("3%201%2C%204".into()));
        assert_eq!(FieldText::Tokens.raw(""), Some(String::new()));
        assert_eq!(FieldText::Items.raw(" a b , c%,, "), Some("a%20b,c%25".into()));
        assert_eq!(FieldText::Items.raw(" , "), Some(String::new()));
    }

    #[test]
    fn edits_replace_and_keep_emptied_lists() {
        let pairs = vec![("m", "8".to_string()), ("stream", "1,2".to_string()), ("gone", String::new())];
        let q = edited(pairs, &[("stream", Some(String::new())), ("k", Some("3".into())), ("m", None)]);
        assert_eq!(q.raw("m"), None);
        assert_eq!(q.raw("gone"), None);
        assert_eq!(q.raw("stream"), Some(""));
        assert_eq!(q.raw("k"), Some("3"));
    }
}
