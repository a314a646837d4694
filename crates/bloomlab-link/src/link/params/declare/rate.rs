//! Rates as link parameters: 0 < p < 1, and at least a view's least where it declares one.

use super::{decimal, Declared, Row};
use crate::link::notice::Notice;
use crate::link::params::numbers::{parse_rate, read_rate};
use crate::link::query::Query;
use crate::text::group_digits;

/// A rate 0 < p < 1, written `0.01`, `1%` or `1/100` (`parse_rate`).
#[derive(Clone, Copy, Debug)]
pub struct Rate {
    pub name: &'static str,
    pub about: &'static str,
    pub default: f64,
    pub example: &'static str,
    /// The smallest rate the view takes (`None`: any above 0).
    pub least: Option<Least>,
}

/// The smallest rate a view takes: a smaller one is read as this, with a notice saying what was
/// asked, what is used and why.
#[derive(Clone, Copy, Debug)]
pub struct Least {
    pub rate: f64,
    /// Why not less, for the notice: given the rate asked for and the least, what each would cost.
    pub why: fn(asked: f64, least: f64) -> String,
}

/// A small rate as people write it in a link: `1e-12`.
fn small_rate(p: f64) -> String {
    format!("{p:e}")
}

impl Rate {
    /// The rate in `q`; unusable gives the default, below the least gives the least, each with
    /// a notice.
    pub fn read(&self, q: &Query, notices: &mut Vec<Notice>) -> f64 {
        let p = read_rate(q.raw(self.name), self.name, self.default, notices);
        match self.least {
            Some(least) if p < least.rate => {
                let (asked, used) = (small_rate(p), small_rate(least.rate));
                notices.push(Notice::param(
                    self.name,
                    format!(
                        "{} = {asked} is below {used}, the least this view takes ({}); using {used}",
                        self.name,
                        (least.why)(p, least.rate)
                    ),
                ));
                least.rate
            }
            _ => p,
        }
    }

    /// A form's or a link's text read as a rate.
    pub fn parse(text: &str) -> Option<f64> {
        parse_rate(text)
    }
}

impl Declared for Rate {
    fn name(&self) -> &'static str {
        self.name
    }
    fn row(&self) -> Row {
        Row {
            name: self.name,
            about: self.about,
            values: "a rate between 0 and 1: `0.01`, `1%25` (1%) or `1/100`".into(),
            default: decimal(self.default),
            bad: match self.least {
                Some(l) => format!(
                    "below {}: {}; anything else: {}",
                    small_rate(l.rate),
                    small_rate(l.rate),
                    decimal(self.default)
                ),
                None => format!("anything else: {}", decimal(self.default)),
            },
        }
    }
    fn example(&self) -> String {
        self.example.to_string()
    }
    fn bad_examples(&self) -> Vec<String> {
        let mut out: Vec<String> = vec!["0".into(), "2".into(), "x".into(), "150%25".into()];
        // The smallest positive double's neighbourhood: below any least a view declares.
        out.extend(self.least.map(|_| "1e-320".to_string()));
        out
    }
}

/// Bits per item and hash functions of a Bloom filter sized for the rate p: −ln p / (ln 2)² and
/// that times ln 2, rounded (`formulas::size_for` per item).
pub fn filter_per_item(p: f64) -> (f64, u32) {
    let ln2 = std::f64::consts::LN_2;
    let bits = -p.ln() / (ln2 * ln2);
    (bits, (bits * ln2).round().max(1.0) as u32)
}

/// For a rate's notice: what a Bloom filter sized for the rate asked would cost per `unit`, and
/// what it costs at the least.
pub fn bloom_cost(asked: f64, least: f64, unit: &str) -> String {
    let ((b0, k0), (b1, k1)) = (filter_per_item(asked), filter_per_item(least));
    format!(
        "sized for it, the Bloom filter would spend {} bits per {unit} and k = {} hash functions; for {least:e}, {b1:.1} bits and k = {k1}",
        group_digits(b0.round() as u64),
        group_digits(k0 as u64)
    )
}
