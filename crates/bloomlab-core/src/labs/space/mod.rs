//! The space view (`view=space`): what filters cost in bits per key for a false-positive rate.
//!
//! - **The split-block panel** (`split`): Parquet's split-block Bloom filter built from the typed
//!   keys (`engine::split_block`: 256-bit blocks of eight 32-bit words, the block from the hash's
//!   top 32 bits, one bit a word from the eight salts, XXH64 with seed 0), a lookup in it, and the
//!   sizing table for n keys at a target rate: the spec's formula, the blocked one a built filter
//!   follows, and a classic filter — with the spec's "11.54 bits at 0.5%" worked out both ways.
//! - **The ribbon panel** (`walk`): the typed keys' rows in a band of width w, the elimination
//!   key by key and the back-substitution as steps, a failed build, and the space a chosen
//!   chance of failure per seed asks for.
//! - **The measured chart** (`run`, `chart`): Bloom, split-block, cuckoo, xor, binary fuse 3 and
//!   4, ribbon and quotient filters built from n generated keys at a few sizes each, probed with
//!   words that are not keys; each point's bits per key, measured rate and formula's rate, and
//!   its overhead over the bound log₂(1/ε); lookup and build times when the page's clock is
//!   passed in (`Sliced::work_until`).
//! - **What each gives up** (`filters::GIVES_UP`).

pub mod build;
pub mod chart;
pub mod filters;
mod link;
pub mod params;
pub mod run;
pub mod sizes;
pub mod split;
pub mod walk;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_run;

use std::rc::Rc;

use crate::engine::slice_budget::SliceBudget;
use crate::lectures::model::{Carry, Model};
pub use chart::HookPoint;
pub use filters::{Filter, GivesUp, GIVES_UP};
pub use params::PARAMS;
pub use run::{Point, SpaceRun, Timing};
pub use sizes::Size;
pub use split::{Sizing, SpecClaim, SplitLookup, SplitPanel};
pub use walk::{RibbonPanel, RibbonStep, SpaceAt};

/// Everything the view shows, read from the link.
#[derive(Clone, Debug, PartialEq)]
pub struct SpaceLab {
    /// The typed keys, each once, in the order given.
    pub keys: Vec<String>,
    /// `blocks` as given (0: sized).
    pub blocks: u64,
    pub n: u64,
    pub rate: f64,
    pub w: u32,
    pub query: Option<String>,
    pub seed: u64,
    pub split: Rc<SplitPanel>,
    /// `None` only if the ribbon core refused the shape (it takes every w the link allows).
    pub ribbon: Option<Rc<RibbonPanel>>,
}

impl SpaceLab {
    /// The model of these values (the panels built).
    pub fn new(
        keys: Vec<String>,
        blocks: u64,
        n: u64,
        rate: f64,
        w: u32,
        query: Option<String>,
        seed: u64,
    ) -> SpaceLab {
        let split = Rc::new(SplitPanel::new(&keys, blocks, rate));
        let ribbon = RibbonPanel::new(&keys, w, seed).map(Rc::new);
        SpaceLab { keys, blocks, n, rate, w, query, seed, split, ribbon }
    }

    /// The looked-up key in the split-block filter (the `verdict` hook).
    pub fn lookup(&self) -> Option<SplitLookup> {
        let key = self.query.as_deref()?;
        Some(self.split.lookup(key, self.keys.iter().any(|k| k == key)))
    }

    /// The sizing table for n keys at the target rate.
    pub fn sizing(&self) -> Sizing {
        Sizing::new(self.n, self.rate)
    }

    /// The `ribbon-rows` hook at a step of the walkthrough (empty without one).
    pub fn ribbon_rows(&self, step: usize) -> String {
        self.ribbon.as_ref().map_or_else(String::new, |r| r.rows_hook(step, &self.keys))
    }
}

/// The page runs the measured chart in slices; it starts again when n or the seed change.
impl Model for SpaceLab {
    type Edit = ();
    type Run = SpaceRun;
    type Aside = ();
    const BUDGET: SliceBudget = run::BUDGET;

    fn run(&self) -> SpaceRun {
        SpaceRun::new(self.n, self.seed)
    }

    fn aside(&self) {}

    fn carry_run(&self, before: &Self, _run: &mut SpaceRun) -> Carry {
        if (self.n, self.seed) == (before.n, before.seed) {
            Carry::Keep
        } else {
            Carry::Restart
        }
    }
}
