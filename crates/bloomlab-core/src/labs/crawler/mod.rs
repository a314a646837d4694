//! Why a crawler restarts its filter (`view=crawler`, slides 2–4): the same synthetic web crawled
//! under four restart policies side by side.

pub mod crawl;
pub mod web;

#[cfg(test)]
mod tests;

use crate::engine::slice_budget::SliceBudget;
use crate::lectures::model::{Carry, Model};
use crate::link::notice::Notice;
use crate::link::params::{read_u64, Choice, Decimal, Declared, Text, Whole};
use crate::link::query::Query;
use crate::link::state::LinkState;
use crate::plot::{Plot, Series};
use crawl::{Crawl, Policy};
use web::Web;

pub const POLICIES: [&str; 4] = ["never", "every", "fill", "rotate"];
/// The longest `period` a link may ask for.
pub const MAX_PERIOD: u64 = u64::MAX >> 1;

/// `m`: bits of each crawl's filter.
pub const M: Whole = Whole {
    name: "m",
    about: "bits of each crawl's filter (the rotating pair: two of m/2)",
    min: 64,
    max: 1 << 26,
    default: 65_536,
    example: "32768",
};
/// `k`: hash functions of each filter.
pub const K: Whole =
    Whole { name: "k", about: "hash functions of each filter", min: 1, max: 16, default: 4, example: "3" };
/// `policy`: which crawl the page puts first (all four run).
pub const POLICY: Choice = Choice {
    name: "policy",
    about: "the restart policy shown first (all four run)",
    what: "a restart policy",
    names: &POLICIES,
    default: "never",
    example: "fill",
};
/// `period`: insertions between the `every` policy's restarts. Its default follows m and k
/// (`default_period`), so it has a reader of its own (`read_u64` with that default).
pub const PERIOD: Text = Text {
    name: "period",
    about: "insertions between the `every` policy's restarts",
    values: "a whole number, 1 .. 9,223,372,036,854,775,807",
    default: "where `approx` passes 1% for m and k",
    bad: "not a whole number or below 1: the default; above the limit: the limit",
    example: "5000",
    bad_example: Some("0"),
};
/// `threshold`: the `fill` policy restarts when this share of the bits is set.
pub const THRESHOLD: Decimal = Decimal {
    name: "threshold",
    about: "share of bits set at which the `fill` policy restarts",
    min: 0.05,
    max: 0.95,
    default: 0.5,
    step: 0.05,
    example: "0.4",
};
/// `pages`: pages of the synthetic web.
pub const PAGES: Whole =
    Whole { name: "pages", about: "pages of the web", min: 100, max: 1_000_000, default: 20_000, example: "5000" };
/// `seed`: which web is drawn.
pub const SEED: Whole =
    Whole { name: "seed", about: "which web is drawn", min: 0, max: u64::MAX, default: 1, example: "2" };

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] = &[&M, &K, &POLICY, &PERIOD, &THRESHOLD, &PAGES, &SEED];

#[derive(Clone, Debug, PartialEq)]
pub struct CrawlerSpec {
    pub m: u64,
    pub k: u32,
    /// The policy the page puts first (all four are run).
    pub policy: &'static str,
    /// Insertions between restarts for `every`.
    pub period: u64,
    pub threshold: f64,
    pub pages: u64,
    pub seed: u64,
}

/// The insertions a filter of m bits and k hashes takes before its rate passes 1 % — the
/// default period, so `every` and `fill` start comparable.
pub fn default_period(m: u64, k: u32) -> u64 {
    let mut n = 1;
    while n < m && crate::engine::formulas::approx(m, n, k) < 0.01 {
        n += (n / 8).max(1);
    }
    n
}

impl CrawlerSpec {
    pub fn policies(&self) -> [Policy; 4] {
        [Policy::Never, Policy::Every(self.period), Policy::Fill(self.threshold), Policy::Rotate]
    }
}

/// The four crawls, run side by side in slices.
pub struct CrawlerRun {
    pub web: Web,
    pub crawls: Vec<Crawl>,
}

impl CrawlerRun {
    pub fn new(spec: &CrawlerSpec) -> CrawlerRun {
        let web = Web::new(spec.pages as u32, spec.seed);
        let crawls = spec.policies().into_iter().map(|p| Crawl::new(p, spec.m, spec.k, spec.pages as u32)).collect();
        CrawlerRun { web, crawls }
    }

    pub fn is_done(&self) -> bool {
        self.crawls.iter().all(|c| c.is_done())
    }

    /// Fetches (all crawls together) so far, and the most there can be.
    pub fn progress(&self) -> (u64, u64) {
        let total = self.web.pages as u64 * 2 * self.crawls.len() as u64;
        let done = self.crawls.iter().map(|c| if c.is_done() { self.web.pages as u64 * 2 } else { c.fetches }).sum();
        (done, total)
    }

    /// One chart per quantity, one series per policy.
    pub fn chart(&self, what: &str, value: fn(&crawl::Sample) -> f64) -> Plot {
        let series = self
            .crawls
            .iter()
            .enumerate()
            .map(|(i, c)| {
                Series::line(c.policy.name(), i, c.samples.iter().map(|s| (s.fetched as f64, value(s))).collect())
            })
            .collect();
        let x_max = self.crawls.iter().map(|c| c.fetches).max().unwrap_or(1).max(2) as f64;
        Plot { series, ..Plot::new("pages fetched", what, (0.0, x_max)) }
    }
}

impl crate::engine::sliced::Sliced for CrawlerRun {
    fn work(&mut self, units: u64) -> u64 {
        let each = (units / self.crawls.len() as u64).max(1);
        let web = &self.web;
        self.crawls.iter_mut().map(|c| c.work(web, each)).sum()
    }
    fn is_done(&self) -> bool {
        CrawlerRun::is_done(self)
    }
    fn ops_done(&self) -> u64 {
        self.progress().0
    }
    fn ops_total(&self) -> u64 {
        self.progress().1
    }
}

impl LinkState for CrawlerSpec {
    fn read(q: &Query) -> (CrawlerSpec, Vec<Notice>) {
        let mut notices = Vec::new();
        let m = M.read(q, &mut notices);
        let k = K.read_u32(q, &mut notices);
        let policy = POLICY.read(q, &mut notices);
        let period = read_u64(q.raw(PERIOD.name), PERIOD.name, 1, MAX_PERIOD, default_period(m, k), &mut notices);
        let threshold = THRESHOLD.read(q, &mut notices);
        let pages = PAGES.read(q, &mut notices);
        let seed = SEED.read(q, &mut notices);
        (CrawlerSpec { m, k, policy, period, threshold, pages, seed }, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let period = (self.period != default_period(self.m, self.k)).then(|| (PERIOD.name, self.period.to_string()));
        [
            M.pair(self.m),
            K.pair(self.k as u64),
            POLICY.pair(self.policy),
            period,
            THRESHOLD.pair(self.threshold),
            PAGES.pair(self.pages),
            SEED.pair(self.seed),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

/// The crawler as its page runs it: the four crawls as its run, started again by any setting but
/// the policy shown first (all four are crawled whichever it is).
impl Model for CrawlerSpec {
    type Edit = ();
    type Run = CrawlerRun;
    type Aside = ();
    /// Page fetches per slice: 4,000 at first, then about 8 ms' worth.
    const BUDGET: SliceBudget = SliceBudget::new(4_000, 200, 1_000_000, 8.0);

    fn run(&self) -> CrawlerRun {
        CrawlerRun::new(self)
    }

    fn aside(&self) {}

    fn carry_run(&self, before: &Self, _run: &mut CrawlerRun) -> Carry {
        if (CrawlerSpec { policy: before.policy, ..self.clone() }) == *before {
            Carry::Keep
        } else {
            Carry::Restart
        }
    }
}
