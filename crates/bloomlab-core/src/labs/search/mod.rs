//! The search comparison (`view=search`): the MLBF paper's linear search, binary search,
//! hashing, a Bloom filter and the multi-layer filter on the same URLs, measured in the page:
//! every time a median over timed rounds with its min–max (`engine::timing`).

pub mod methods;
pub mod run;
pub mod sorter;

#[cfg(test)]
mod tests;

use std::rc::Rc;

use crate::draw::plot::{Plot, Series};
use crate::engine::timing::Summary;
use crate::link::notice::Notice;
use crate::link::params::{read_choice, read_rate, read_u64};
use crate::link::query::Query;
use crate::text::group_digits;
use methods::Method;
use run::{Items, MethodResult, SearchRun};

pub const DEFAULT_N: u64 = 100_000;
pub const MAX_N: u64 = 1_000_000;
pub const DEFAULT_QUERIES: u64 = 10_000;
pub const MAX_QUERIES: u64 = 100_000;
pub const DEFAULT_P: f64 = 0.01;
pub const DEFAULT_SEED: u64 = 2010;

/// Where the URLs come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataChoice {
    Crawl,
    File,
}

impl DataChoice {
    pub fn name(self) -> &'static str {
        match self {
            DataChoice::Crawl => "crawl",
            DataChoice::File => "file",
        }
    }
    pub fn parse(s: &str) -> Option<DataChoice> {
        [DataChoice::Crawl, DataChoice::File].into_iter().find(|d| d.name() == s)
    }
}

/// The settings, read from the link.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchSpec {
    pub n: u64,
    pub queries: u64,
    pub p: f64,
    pub data: DataChoice,
    pub seed: u64,
}

impl SearchSpec {
    pub fn from_query(q: &Query, notices: &mut Vec<Notice>) -> SearchSpec {
        let n = read_u64(q.raw("n"), "n", 100, MAX_N, DEFAULT_N, notices);
        let queries = read_u64(q.raw("queries"), "queries", 10, MAX_QUERIES, DEFAULT_QUERIES, notices);
        let p = read_rate(q.raw("p"), "p", DEFAULT_P, notices);
        let data = read_choice(q, "data", DataChoice::parse, DataChoice::Crawl, "crawl or file", "crawl", notices);
        let seed = read_u64(q.raw("seed"), "seed", 0, u64::MAX, DEFAULT_SEED, notices);
        SearchSpec { n, queries, p, data, seed }
    }

    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if self.n != DEFAULT_N {
            pairs.push(("n", self.n.to_string()));
        }
        if self.queries != DEFAULT_QUERIES {
            pairs.push(("queries", self.queries.to_string()));
        }
        if self.p != DEFAULT_P {
            pairs.push(("p", self.p.to_string()));
        }
        if self.data != DataChoice::Crawl {
            pairs.push(("data", self.data.name().into()));
        }
        if self.seed != DEFAULT_SEED {
            pairs.push(("seed", self.seed.to_string()));
        }
        pairs
    }

    /// The run for these settings, on the crawl data or on a file's items.
    pub fn run(&self, file: Option<Rc<Vec<String>>>) -> SearchRun {
        match (self.data, file) {
            (DataChoice::File, Some(items)) => SearchRun::new(Items::File(items), self.n, self.queries, self.p),
            _ => SearchRun::new(Items::Crawl { seed: self.seed }, self.n, self.queries, self.p),
        }
    }
}

/// One chart of a quantity against n for every method, on log–log axes: both axes carry log10
/// of the values, with ticks at the measured n and at each decade of the quantity, labelled by
/// `label` (e.g. "1 µs").
pub fn chart(results: &[MethodResult], what: &str, value: fn(&MethodResult) -> f64, label: fn(f64) -> String) -> Plot {
    log_log(
        results,
        what,
        label,
        |r| {
            let v = value(r);
            (v, v, v)
        },
        false,
    )
}

/// A timing against n for every method, on log–log axes: each point the median over the rounds,
/// with the band from the fastest to the slowest round.
pub fn timing_chart(results: &[MethodResult], what: &str, which: fn(&MethodResult) -> Summary) -> Plot {
    log_log(
        results,
        what,
        ns_label,
        |r| {
            let s = which(r);
            (s.median, s.min, s.max)
        },
        true,
    )
}

fn log_log(
    results: &[MethodResult],
    what: &str,
    label: fn(f64) -> String,
    value: impl Fn(&MethodResult) -> (f64, f64, f64),
    band: bool,
) -> Plot {
    let mut ns: Vec<u64> = results.iter().map(|r| r.n).collect();
    ns.sort_unstable();
    ns.dedup();
    let lx = |n: u64| (n.max(1) as f64).log10();
    let lo = lx(*ns.first().unwrap_or(&100));
    let hi = lx(*ns.last().unwrap_or(&1000)).max(lo + 1.0);
    let ly = |v: f64| if v.is_finite() && v > 0.0 { v.log10() } else { f64::NAN };
    let series: Vec<Series> = Method::ALL
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let points: Vec<(f64, f64, f64, f64)> = results
                .iter()
                .filter(|r| r.method == m)
                .map(|r| (lx(r.n), value(r)))
                .filter(|(_, (y, _, _))| y.is_finite() && *y > 0.0)
                .map(|(x, (y, a, b))| {
                    let (a, b) = (ly(a), ly(b));
                    (x, y.log10(), if a.is_finite() { a } else { y.log10() }, if b.is_finite() { b } else { y.log10() })
                })
                .collect();
            if band {
                Series::band(m.title(), i, points)
            } else {
                Series::dots(m.title(), i, points.into_iter().map(|p| (p.0, p.1)).collect())
            }
        })
        .collect();
    let ys: Vec<f64> = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1).chain(s.band.iter().flat_map(|b| [b.0, b.1])))
        .collect();
    let y_lo = ys.iter().cloned().fold(f64::INFINITY, f64::min).floor();
    let y_hi = ys.iter().cloned().fold(f64::NEG_INFINITY, f64::max).ceil();
    let (y_lo, y_hi) = if y_lo.is_finite() && y_hi.is_finite() { (y_lo, y_hi.max(y_lo + 1.0)) } else { (0.0, 1.0) };
    let mut plot = Plot::new("items n (log scale)", what, (lo, hi));
    plot.series = series;
    plot.x_ticks_at = Some(ns.iter().map(|&n| (lx(n), group_digits(n))).collect());
    plot.y_fixed = Some((y_lo, y_hi));
    plot.x_log_base = Some(10.0);
    plot.y_log_base = Some(10.0);
    plot.y_ticks_at = Some((y_lo as i32..=y_hi as i32).map(|d| (d as f64, label(10f64.powi(d)))).collect());
    plot
}

/// A duration in nanoseconds for an axis: 10 ns, 1 µs, 100 ms.
pub fn ns_label(ns: f64) -> String {
    let (v, unit) = if ns >= 1e9 {
        (ns / 1e9, "s")
    } else if ns >= 1e6 {
        (ns / 1e6, "ms")
    } else if ns >= 1e3 {
        (ns / 1e3, "µs")
    } else {
        (ns, "ns")
    };
    format!("{} {unit}", crate::draw::plot::format_tick(v, 1.0))
}

/// A size in bytes for an axis: 1 KB, 10 MB.
pub fn bytes_label(b: f64) -> String {
    let (v, unit) = if b >= 1e9 {
        (b / 1e9, "GB")
    } else if b >= 1e6 {
        (b / 1e6, "MB")
    } else if b >= 1e3 {
        (b / 1e3, "KB")
    } else {
        (b, "B")
    };
    format!("{} {unit}", crate::draw::plot::format_tick(v, 1.0))
}

/// A rate for an axis: 1e-3 and so on.
pub fn rate_label(r: f64) -> String {
    crate::text::format_probability(r)
}

impl crate::link::state::LinkState for SearchSpec {
    fn read(q: &Query) -> (SearchSpec, Vec<Notice>) {
        let mut notices = Vec::new();
        let spec = SearchSpec::from_query(q, &mut notices);
        (spec, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        SearchSpec::query_pairs(self)
    }
}

/// The parameters this view reads from its link, declared once (`link::params::declare`); empty
/// until the view is declared (`tests/declared.rs` lists it as pending).
pub const PARAMS: &[&dyn crate::link::params::Declared] = &[];
