//! Readers of link parameters, shared by every view: whole numbers, decimals and rates in a
//! range (`numbers`), a choice among names, the filter's shape (`m`, `k`, `hash`, as a view
//! declares them: `shape`), log-scale sliders over a whole number (`slider`), on/off flags, the step of a walkthrough, and the items a filter
//! takes (`items`). Every view model reads its link with these, so the same mistake gets the same
//! notice everywhere.

pub mod declare;
mod items;
mod numbers;
mod shape;
mod slider;

pub use declare::{bloom_cost, filter_per_item, Bounds, Choice, Decimal, Declared, Flag, Least, Rate, Text, Whole};

pub use items::{check_item, MAX_ITEM_CHARS};
pub use numbers::{parse_rate, read_f64, read_rate, read_u64};
pub use shape::{
    families, form_query, read_family, read_form_whole, read_shape, FilterShape, Shape, HASH_ALL, HASH_TEXT,
};
pub use slider::LogSlider;

use crate::link::notice::{Notes, Notice};
use crate::link::query::Query;
use crate::link::query::{decode, DecodeError};
use crate::text::shorten;

/// `step`, the step of a walkthrough a link opens at (each walkthrough's declaration is this one
/// with its own `example`: `Text { example: "3", ..STEP }`).
pub const STEP: Text = Text {
    name: "step",
    about: "the step of the walkthrough shown",
    values: "0 (the first) .. the last step",
    default: "0",
    bad: "past the end: the last step; not a step number: 0",
    example: "1",
    bad_example: Some("x"),
};

/// Reads a parameter that names one of several choices (`parse` knows them). Missing or empty:
/// `default`. Unknown or undecodable: `default`, and a notice that says the parameter is not
/// `what` and that `default_name` is used.
pub fn read_choice<T: Copy, N: Notes>(
    q: &Query,
    name: &str,
    parse: impl Fn(&str) -> Option<T>,
    default: T,
    what: impl std::fmt::Display,
    default_name: &str,
    notices: &mut N,
) -> T {
    match q.get(name) {
        None => default,
        Some(Ok(v)) if v.trim().is_empty() => default,
        Some(Ok(v)) => parse(v.trim()).unwrap_or_else(|| {
            notices.bad(name, &v, || format!("is not {what}; using {default_name}"));
            default
        }),
        Some(Err(e)) => {
            notices.note(name, || format!("{name} {e}; using {default_name}"));
            default
        }
    }
}

/// `query` (the view's declaration of it): the item last looked up, if the link names one; an
/// undecodable value gets a notice.
pub fn read_lookup(q: &Query, query: &Text, notices: &mut Vec<Notice>) -> Option<String> {
    match q.get(query.name) {
        Some(Ok(text)) if !text.is_empty() => Some(text),
        Some(Err(e)) => {
            notices.push(Notice::param(query.name, format!("{} {e}; nothing was looked up", query.name)));
            None
        }
        _ => None,
    }
}

/// A piece of a list link that could not be decoded: its raw text and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadPiece {
    pub raw: String,
    pub error: DecodeError,
}

/// The one tokeniser for lists whose items never hold a space (numbers, `a:b` pairs, names),
/// shared by links and forms: commas, spaces (`+` or `%20` in a link, typed in a form) and other
/// whitespace all separate items, and empty items are skipped. The raw value is split on its
/// literal commas first and each piece decoded on its own, so a broken escape spoils only its
/// own piece, which comes back as an error.
pub fn tokens(raw: &str) -> Vec<Result<String, BadPiece>> {
    let mut out = Vec::new();
    for piece in raw.split(',') {
        match decode(piece) {
            Ok(text) => out.extend(split_tokens(&text).map(|t| Ok(t.to_string()))),
            Err(error) => out.push(Err(BadPiece { raw: piece.to_string(), error })),
        }
    }
    out
}

/// Decoded text split on commas and whitespace, empty pieces skipped.
pub fn split_tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty())
}

/// An on/off flag: `1`/`true` or `0`/`false`; missing or empty is off.
pub fn read_flag(q: &Query, name: &str, notices: &mut Vec<Notice>) -> bool {
    read_choice(
        q,
        name,
        |s| match s {
            "1" | "true" => Some(true),
            "0" | "false" => Some(false),
            _ => None,
        },
        false,
        "0 or 1",
        "0",
        notices,
    )
}

/// `step` of a walkthrough with steps `0 ..= last`: past the end gives the last step, anything
/// else that is not a step number gives 0, each with a notice.
pub fn read_step(q: &Query, last: usize, notices: &mut Vec<Notice>) -> usize {
    let Some(raw) = q.raw(STEP.name) else { return 0 };
    match raw.trim().parse::<u64>() {
        Ok(s) if s as usize <= last && s <= usize::MAX as u64 => s as usize,
        Ok(_) => {
            notices.push(Notice::param(
                STEP.name,
                format!("step = {} is past the last step ({last}); showing the last", shorten(raw, 20)),
            ));
            last
        }
        Err(_) => {
            notices.push(Notice::bad(
                STEP.name,
                &shorten(raw, 20),
                &format!("is not a step number (0 to {last}); starting at 0"),
            ));
            0
        }
    }
}

/// `data`: `file` when the link was made while someone's own file was loaded (the file itself is
/// never part of a link), or the view's word for its own data (`data`'s default) otherwise.
pub fn read_data_file(q: &Query, data: &Choice, notices: &mut Vec<Notice>) -> bool {
    data.read(q, notices) == "file"
}

/// The notice for a `data=file` link opened without the file: what is missing, how to supply it,
/// and what runs `meanwhile`.
pub fn missing_file(meanwhile: &str) -> Notice {
    Notice::param(
        "data",
        format!(
            "data = file: this link was made with a file of the author's, which is not part of the link. \
             Choose a file (or paste items) under \u{201c}Use your own\u{201d} to run on it; meanwhile {meanwhile}"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_and_steps() {
        let mut n = Vec::new();
        assert!(read_flag(&Query::parse("?compare=1"), "compare", &mut n));
        assert!(!read_flag(&Query::parse("?compare=0"), "compare", &mut n));
        assert!(n.is_empty());
        assert!(!read_flag(&Query::parse("?compare=yes"), "compare", &mut n));
        assert_eq!(n.len(), 1);
        let step = |s: &str| {
            let mut n = Vec::new();
            (read_step(&Query::parse(s), 9, &mut n), n.len())
        };
        assert_eq!(step("?"), (0, 0));
        assert_eq!(step("?step=4"), (4, 0));
        assert_eq!(step("?step=40"), (9, 1));
        assert_eq!(step("?step=-1"), (0, 1));
        assert_eq!(step("?step=99999999999999999999999"), (0, 1));
    }

    #[test]
    fn tokens_split_on_commas_and_spaces_alike() {
        let ok = |raw: &str| tokens(raw).into_iter().map(|t| t.unwrap()).collect::<Vec<_>>();
        for raw in ["3,1,4", "3+1+4", "3%201%204", "3%2C1%2C4", " 3 , 1,,4 ", "3,+1++,4", "3%091%0A4"] {
            assert_eq!(ok(raw), ["3", "1", "4"], "{raw}");
        }
        assert!(ok("").is_empty());
        assert!(ok(",").is_empty());
        assert!(ok("+%20,").is_empty());
        assert_eq!(ok("x,2:1,🙂"), ["x", "2:1", "🙂"]);
        let t = tokens("1,%zz+2,3");
        assert_eq!(t[0], Ok("1".to_string()));
        assert_eq!(t[1], Err(BadPiece { raw: "%zz+2".into(), error: DecodeError::BadEscape }));
        assert_eq!(t[2], Ok("3".to_string()));
        assert_eq!(tokens("%FF")[0].as_ref().unwrap_err().error, DecodeError::NotUtf8);
        // A form's text goes through the same splitter.
        assert_eq!(split_tokens("3 1\t4,,5").collect::<Vec<_>>(), ["3", "1", "4", "5"]);
    }
}
