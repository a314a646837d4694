//! Link parameters declared once. Each parameter a view reads is one constant here or in its lab:
//! its name, a one-line description, its kind with bounds and default, and an example of a good
//! value. From that one declaration come the reader (with the notice for a bad value), the value
//! written back to the link (defaults left out), a form's `min`/`max`/`step`, the row of the
//! reference tables in `docs/views/` (generated, and checked to be current), the "full link" the
//! tests open, and the bad values a test feeds each parameter to see its notice.

use crate::link::notice::{Notes, Notice};
use crate::link::params::numbers::{read_f64, read_u64};
use crate::link::params::read_choice;
use crate::link::query::Query;
use crate::text::{group_digits, trim_float};

/// A whole number in `min ..= max`: unparsable or below `min` gives the default, above `max`
/// gives `max`, each with a notice.
#[derive(Clone, Copy, Debug)]
pub struct Whole {
    pub name: &'static str,
    /// What the number counts, for the reference table ("bits in the filter").
    pub about: &'static str,
    pub min: u64,
    pub max: u64,
    pub default: u64,
    /// A good value other than the default, for the tests' full links.
    pub example: &'static str,
}

/// A decimal number in `min ..= max` (an exponent, a threshold); a form steps by `step`.
#[derive(Clone, Copy, Debug)]
pub struct Decimal {
    pub name: &'static str,
    pub about: &'static str,
    pub min: f64,
    pub max: f64,
    pub default: f64,
    pub step: f64,
    pub example: &'static str,
}

/// One of several names; anything else gives the default with a notice.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    pub name: &'static str,
    pub about: &'static str,
    /// What a good value is, in the notice and the table ("a hash family").
    pub what: &'static str,
    pub names: &'static [&'static str],
    pub default: &'static str,
    pub example: &'static str,
}

/// On or off: `1`/`true` or `0`/`false`; missing or empty is `default`.
#[derive(Clone, Copy, Debug)]
pub struct Flag {
    pub name: &'static str,
    pub about: &'static str,
    pub default: bool,
}

/// A parameter the model reads with a reader of its own (a list, items, pairs, a size with
/// units); the declaration names it, documents it, and gives a bad value that must get a notice.
#[derive(Clone, Copy, Debug)]
pub struct Text {
    pub name: &'static str,
    pub about: &'static str,
    pub values: &'static str,
    pub default: &'static str,
    pub bad: &'static str,
    pub example: &'static str,
    /// A value that must give a notice naming this parameter (`None`: every value is usable).
    pub bad_example: Option<&'static str>,
}

/// A form field's bounds, as its `min`, `max` and `step` attributes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub min: String,
    pub max: String,
    pub step: String,
}

/// The row of a parameter in the reference tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub name: &'static str,
    pub about: &'static str,
    pub values: String,
    pub default: String,
    pub bad: String,
}

/// What every declaration tells about itself: what the tables, the full links and the tests of
/// bad values are made from.
pub trait Declared: Sync {
    fn name(&self) -> &'static str;
    fn row(&self) -> Row;
    /// A good value other than the default, as written in a link.
    fn example(&self) -> String;
    /// Values that must each give a notice naming the parameter.
    fn bad_examples(&self) -> Vec<String>;
    /// The form's bounds, for a number field.
    fn bounds(&self) -> Option<Bounds> {
        None
    }
}

/// A whole number for people: digit groups, and 2^64-1 by name.
fn whole(v: u64) -> String {
    if v == u64::MAX {
        "2^64-1".into()
    } else {
        group_digits(v)
    }
}

/// A decimal for people and for links: at most six decimals, no trailing zeros.
pub fn decimal(v: f64) -> String {
    trim_float(v, 6)
}

impl Whole {
    /// The value of this parameter in `q`, with a notice when it could not be used as given.
    /// Always inlined: a call then reads the declaration's name and bounds as constants, and a
    /// bundle that only reads the parameter does not carry its docs (`about`, `example`).
    #[inline(always)]
    pub fn read<N: Notes>(&self, q: &Query, notices: &mut N) -> u64 {
        read_u64(q.raw(self.name), self.name, self.min, self.max, self.default, notices)
    }

    /// The value as a `u32` (declarations read this way have `max` ≤ `u32::MAX`).
    #[inline(always)]
    pub fn read_u32<N: Notes>(&self, q: &Query, notices: &mut N) -> u32 {
        self.read(q, notices).min(u32::MAX as u64) as u32
    }

    /// The link pair for `v`, or nothing when `v` is the default.
    pub fn pair(&self, v: u64) -> Option<(&'static str, String)> {
        (v != self.default).then(|| (self.name, v.to_string()))
    }

    /// `v` kept within the bounds.
    pub fn clamp(&self, v: u64) -> u64 {
        v.clamp(self.min, self.max)
    }
}

impl Declared for Whole {
    fn name(&self) -> &'static str {
        self.name
    }
    fn row(&self) -> Row {
        let low = if self.min == 0 {
            "not a whole number".to_string()
        } else {
            format!("not a whole number or below {}", whole(self.min))
        };
        let bad = if self.max == u64::MAX {
            format!("{low}: {}", whole(self.default))
        } else {
            format!("{low}: {}; above {}: {}", whole(self.default), whole(self.max), whole(self.max))
        };
        Row {
            name: self.name,
            about: self.about,
            values: format!("{} .. {}", whole(self.min), whole(self.max)),
            default: whole(self.default),
            bad,
        }
    }
    fn example(&self) -> String {
        self.example.to_string()
    }
    fn bad_examples(&self) -> Vec<String> {
        let mut out = vec!["x1".to_string(), "-3".to_string()];
        if self.min > 0 {
            out.push((self.min - 1).to_string());
        }
        if self.max < u64::MAX {
            out.push((self.max as u128 + 1).to_string());
        }
        out
    }
    fn bounds(&self) -> Option<Bounds> {
        Some(Bounds { min: self.min.to_string(), max: self.max.to_string(), step: "1".into() })
    }
}

impl Decimal {
    pub fn read(&self, q: &Query, notices: &mut Vec<Notice>) -> f64 {
        read_f64(q.raw(self.name), self.name, self.min, self.max, self.default, notices)
    }

    pub fn pair(&self, v: f64) -> Option<(&'static str, String)> {
        (v != self.default).then(|| (self.name, decimal(v)))
    }
}

impl Declared for Decimal {
    fn name(&self) -> &'static str {
        self.name
    }
    fn row(&self) -> Row {
        Row {
            name: self.name,
            about: self.about,
            values: format!("a number, {} .. {}", decimal(self.min), decimal(self.max)),
            default: decimal(self.default),
            bad: format!(
                "not a number, or outside {} .. {}: {}",
                decimal(self.min),
                decimal(self.max),
                decimal(self.default)
            ),
        }
    }
    fn example(&self) -> String {
        self.example.to_string()
    }
    fn bad_examples(&self) -> Vec<String> {
        vec!["x1".into(), "NaN".into(), decimal(self.min - 1.0), decimal(self.max + 1.0)]
    }
    fn bounds(&self) -> Option<Bounds> {
        Some(Bounds { min: decimal(self.min), max: decimal(self.max), step: decimal(self.step) })
    }
}

impl Choice {
    /// The name this parameter has in `q` (one of `names`), with a notice when it has none of them.
    pub fn read<N: Notes>(&self, q: &Query, notices: &mut N) -> &'static str {
        let names = self.names;
        read_choice(
            q,
            self.name,
            |s| names.iter().copied().find(|n| *n == s),
            self.default,
            OneOf { what: self.what, names },
            self.default,
            notices,
        )
    }

    /// The link pair for the choice `name`, or nothing when it is the default.
    pub fn pair(&self, name: &'static str) -> Option<(&'static str, String)> {
        (name != self.default).then(|| (self.name, name.to_string()))
    }
}

/// `a`, `a or b`, `a, b or c`.
/// What a choice is and its names (`an update (standard or conservative)`), written only when a
/// notice needs it.
struct OneOf {
    what: &'static str,
    names: &'static [&'static str],
}

impl std::fmt::Display for OneOf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.what, or_list(self.names))
    }
}

fn or_list(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.to_string(),
        None => String::new(),
    }
}

impl Declared for Choice {
    fn name(&self) -> &'static str {
        self.name
    }
    fn row(&self) -> Row {
        let names: Vec<String> = self.names.iter().map(|n| format!("`{n}`")).collect();
        Row {
            name: self.name,
            about: self.about,
            values: names.join(", "),
            default: format!("`{}`", self.default),
            bad: format!("other values: `{}`", self.default),
        }
    }
    fn example(&self) -> String {
        self.example.to_string()
    }
    fn bad_examples(&self) -> Vec<String> {
        vec!["no-such-name".into(), "%zz".into()]
    }
}

impl Flag {
    pub fn read(&self, q: &Query, notices: &mut Vec<Notice>) -> bool {
        let parse = |s: &str| match s {
            "1" | "true" => Some(true),
            "0" | "false" => Some(false),
            _ => None,
        };
        let default_name = if self.default { "1" } else { "0" };
        read_choice(q, self.name, parse, self.default, "0 or 1", default_name, notices)
    }

    pub fn pair(&self, on: bool) -> Option<(&'static str, String)> {
        (on != self.default).then(|| (self.name, if on { "1" } else { "0" }.to_string()))
    }
}

impl Declared for Flag {
    fn name(&self) -> &'static str {
        self.name
    }
    fn row(&self) -> Row {
        let default = if self.default { "`1`" } else { "`0`" };
        Row {
            name: self.name,
            about: self.about,
            values: "`1` (or `true`), `0` (or `false`)".into(),
            default: default.into(),
            bad: format!("other values: {default}"),
        }
    }
    fn example(&self) -> String {
        if self.default { "0" } else { "1" }.into()
    }
    fn bad_examples(&self) -> Vec<String> {
        vec!["yes".into()]
    }
}

impl Declared for Text {
    fn name(&self) -> &'static str {
        self.name
    }
    fn row(&self) -> Row {
        Row {
            name: self.name,
            about: self.about,
            values: self.values.into(),
            default: self.default.into(),
            bad: self.bad.into(),
        }
    }
    fn example(&self) -> String {
        self.example.to_string()
    }
    fn bad_examples(&self) -> Vec<String> {
        self.bad_example.iter().map(|s| s.to_string()).collect()
    }
}

mod lists;
mod rate;
pub use lists::{full_link, table};
pub use rate::{bloom_cost, filter_per_item, Least, Rate};

#[cfg(test)]
mod tests;
