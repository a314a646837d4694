//! Why a crawler restarts its filter (`view=crawler`, slides 2–4): the same synthetic web crawled
//! under four restart policies side by side.

pub mod crawl;
pub mod web;

#[cfg(test)]
mod tests;

use crate::draw::plot::{Plot, Series};
use crate::link::notice::Notice;
use crate::link::params::{read_choice, read_f64, read_u64};
use crate::link::query::Query;
use crawl::{Crawl, Policy};
use web::Web;

pub const DEFAULT_PAGES: u64 = 20_000;
pub const MAX_PAGES: u64 = 1_000_000;
pub const DEFAULT_M: u64 = 65_536;
pub const DEFAULT_K: u32 = 4;
pub const DEFAULT_THRESHOLD: f64 = 0.5;
pub const DEFAULT_SEED: u64 = 1;
pub const POLICIES: [&str; 4] = ["never", "every", "fill", "rotate"];

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
    pub notices: Vec<Notice>,
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
    pub fn from_query(q: &Query) -> CrawlerSpec {
        let mut notices = Vec::new();
        let m = read_u64(q.raw("m"), "m", 64, 1 << 26, DEFAULT_M, &mut notices);
        let k = read_u64(q.raw("k"), "k", 1, 16, DEFAULT_K as u64, &mut notices) as u32;
        let policy = read_choice(
            q,
            "policy",
            |s| POLICIES.iter().copied().find(|p| *p == s),
            "never",
            "never, every, fill or rotate",
            "never",
            &mut notices,
        );
        let period = read_u64(q.raw("period"), "period", 1, u64::MAX >> 1, default_period(m, k), &mut notices);
        let threshold = read_f64(q.raw("threshold"), "threshold", 0.05, 0.95, DEFAULT_THRESHOLD, &mut notices);
        let pages = read_u64(q.raw("pages"), "pages", 100, MAX_PAGES, DEFAULT_PAGES, &mut notices);
        let seed = read_u64(q.raw("seed"), "seed", 0, u64::MAX, DEFAULT_SEED, &mut notices);
        CrawlerSpec { m, k, policy, period, threshold, pages, seed, notices }
    }

    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut p = Vec::new();
        if self.m != DEFAULT_M {
            p.push(("m", self.m.to_string()));
        }
        if self.k != DEFAULT_K {
            p.push(("k", self.k.to_string()));
        }
        if self.policy != "never" {
            p.push(("policy", self.policy.to_string()));
        }
        if self.period != default_period(self.m, self.k) {
            p.push(("period", self.period.to_string()));
        }
        if self.threshold != DEFAULT_THRESHOLD {
            p.push(("threshold", self.threshold.to_string()));
        }
        if self.pages != DEFAULT_PAGES {
            p.push(("pages", self.pages.to_string()));
        }
        if self.seed != DEFAULT_SEED {
            p.push(("seed", self.seed.to_string()));
        }
        p
    }

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

impl crate::link::state::LinkState for CrawlerSpec {
    fn read(q: &Query) -> (CrawlerSpec, Vec<Notice>) {
        let lab = CrawlerSpec::from_query(q);
        let notices = lab.notices.clone();
        (lab, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        CrawlerSpec::query_pairs(self)
    }
}

/// The parameters this view reads from its link, declared once (`link::params::declare`); empty
/// until the view is declared (`tests/declared.rs` lists it as pending).
pub const PARAMS: &[&dyn crate::link::params::Declared] = &[];
