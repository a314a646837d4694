//! The search comparison (`view=search`): the MLBF paper's linear search, binary search,
//! hashing, a Bloom filter and the multi-layer filter on the same URLs, measured in the page:
//! every time a median over timed rounds with its min–max (`engine::timing`).

pub mod lab;
pub mod methods;
pub mod run;
pub mod sorter;
pub mod structure;
pub mod urls;

#[cfg(test)]
mod tests;

use std::rc::Rc;

use crate::engine::stats::sort_short;
use crate::engine::timing::Summary;
use crate::link::notice::Notice;
use crate::link::params::{bloom_cost, Choice, Declared, Least, Rate, Whole};
use crate::link::query::Query;
use crate::link::state::LinkState;
use crate::plot::{Plot, Series};
use crate::text::group_digits;
pub use lab::{SearchEdit, SearchLab};
use methods::Method;
use run::{Items, MethodResult, SearchRun};

/// `n`: the largest number of URLs.
pub const N: Whole = Whole {
    name: "n",
    about: "the largest n, the comparison going up to it (with a file: at most half its distinct items)",
    min: 100,
    max: 1_000_000,
    default: 100_000,
    example: "20000",
};

/// `queries`: lookups of each kind per round.
pub const QUERIES: Whole = Whole {
    name: "queries",
    about: "lookups of each kind (members, non-members)",
    min: 10,
    max: 100_000,
    default: 10_000,
    example: "500",
};

/// The smallest target rate the Bloom filter is sized for. Sized for 1e-12 it spends 57.5 bits
/// per URL with k = 40 hash functions: a sixth of what a URL of the crawl takes (about 350 bits),
/// and already far past anything a run can show, since a run asks at most `QUERIES.max` =
/// 100,000 non-members per round, and below a rate of 1e-5 it expects no false positive at all.
/// A smaller target would only add bits and hash functions (each insert and lookup costs k
/// probes): at 1e-320 the filter for n = 300,000 had 460 million bits and k = 1,063, and the run
/// took over a minute. Every rate from 1e-12 up sizes the filter as it always did.
pub const P_LEAST: f64 = 1e-12;

/// `p`: the Bloom filter's target rate, at least `P_LEAST`.
pub const P: Rate = Rate {
    name: "p",
    about: "the Bloom filter's target false-positive rate",
    default: 0.01,
    example: "0.05",
    least: Some(Least { rate: P_LEAST, why: filter_cost }),
};

/// What the Bloom filter would cost sized for the rate asked, and what it costs at the least.
fn filter_cost(asked: f64, least: f64) -> String {
    bloom_cost(asked, least, "URL")
}

/// `data`: the generated crawl or the user's own file.
pub const DATA: Choice = Choice {
    name: "data",
    about: "where the URLs come from: the generated crawl, or your own file (`file`: the file is never in the link, so a link with it asks for the file and runs on the crawl meanwhile)",
    what: "a source of URLs",
    names: &["crawl", "file"],
    default: "crawl",
    // `file` asks for a file the link cannot carry, with a notice: the full link keeps the crawl.
    example: "crawl",
};

/// `seed`: which URLs the crawl generator makes.
pub const SEED: Whole = Whole {
    name: "seed",
    about: "which URLs the crawl generator makes",
    min: 0,
    max: u64::MAX,
    default: 2010,
    example: "7",
};

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] = &[&N, &QUERIES, &P, &DATA, &SEED];

pub const DEFAULT_N: u64 = N.default;
pub const MAX_N: u64 = N.max;
pub const DEFAULT_QUERIES: u64 = QUERIES.default;
pub const MAX_QUERIES: u64 = QUERIES.max;
pub const DEFAULT_P: f64 = P.default;
pub const DEFAULT_SEED: u64 = SEED.default;

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
    sort_short(&mut ns);
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
    format!("{} {unit}", crate::plot::format_tick(v, 1.0))
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
    format!("{} {unit}", crate::plot::format_tick(v, 1.0))
}

/// A rate for an axis: 1e-3 and so on.
pub fn rate_label(r: f64) -> String {
    crate::text::format_probability(r)
}

impl LinkState for SearchSpec {
    fn read(q: &Query) -> (SearchSpec, Vec<Notice>) {
        let mut notices = Vec::new();
        let n = N.read(q, &mut notices);
        let queries = QUERIES.read(q, &mut notices);
        let p = P.read(q, &mut notices);
        let data = DataChoice::parse(DATA.read(q, &mut notices)).unwrap_or(DataChoice::Crawl);
        let seed = SEED.read(q, &mut notices);
        (SearchSpec { n, queries, p, data, seed }, notices)
    }

    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        // A rate is written as read (`to_string`), so a shared link keeps every digit of it.
        let p = (self.p != P.default).then(|| (P.name, self.p.to_string()));
        [N.pair(self.n), QUERIES.pair(self.queries), p, DATA.pair(self.data.name()), SEED.pair(self.seed)]
            .into_iter()
            .flatten()
            .collect()
    }
}
