//! The false-positive rate measured: n generated keys (`m0`, `m1`, …) hashed in slices, the
//! filter built (a failed attempt hashes them again under the next seed, as the reference
//! does), then fresh keys that are not in it (`p0`, `p1`, …) looked up in slices; the share that
//! passes, with its 95 % interval, against 2^−fp.

use std::fmt::Write as _;

use crate::engine::hashing::attempt_seed;
use crate::engine::slice_budget::SliceBudget;
use crate::engine::stats::{rate, wilson, Z95};
use crate::engine::xor::{build, key_hash, Attempts, Built, Kind, Layout, SegmentRule, BUILD_ATTEMPTS};

/// Most keys the measurement builds with.
pub const FPR_MAX_N: u64 = 1_000_000;
/// Keys looked up that are not in the filter.
pub const PROBES: u64 = 1_000_000;
/// Keys hashed, or looked up, per unit of work.
const CHUNK: u64 = 1_000;
/// A unit (a thousand keys hashed or looked up) takes well under a millisecond; the unit that
/// builds a million keys' filter, a few hundred.
pub const BUDGET: SliceBudget = SliceBudget::new(4, 1, 200, 12.0);

/// Where the measurement stands.
#[derive(Clone, Debug, PartialEq)]
enum Phase {
    /// Hashing the keys under attempt `attempt`'s seed.
    Hashing {
        attempt: u32,
    },
    Probing {
        built: Built,
        done: u64,
        hits: u64,
    },
    /// Every attempt failed: nothing to measure.
    Failed {
        attempts: u32,
    },
    Done {
        built: Built,
        hits: u64,
    },
}

/// The measurement's state.
#[derive(Clone, Debug, PartialEq)]
pub struct FprRun {
    pub kind: Kind,
    pub fp: u32,
    /// Keys in the filter (n capped at `FPR_MAX_N`).
    pub n: u32,
    seed: u64,
    hashes: Vec<u64>,
    phase: Phase,
    /// Units done, counted as the progress line counts them.
    units: u64,
}

/// What the measurement found (the `xor-fpr` hook).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measured {
    pub probes: u64,
    pub hits: u64,
    pub fpr: f64,
    pub low: f64,
    pub high: f64,
    /// 2^−fp.
    pub theory: f64,
    pub bits_per_key: f64,
    pub attempts: u32,
}

fn text_key(buf: &mut String, prefix: char, i: u64) -> &str {
    buf.clear();
    let _ = write!(buf, "{prefix}{i}");
    buf
}

impl FprRun {
    pub fn new(kind: Kind, fp: u32, n: u64, seed: u64) -> FprRun {
        let n = n.clamp(1, FPR_MAX_N) as u32;
        FprRun { kind, fp, n, seed, hashes: Vec::new(), phase: Phase::Hashing { attempt: 0 }, units: 0 }
    }

    fn layout(&self) -> Layout {
        Layout::new(self.kind, self.n, SegmentRule::Formula)
    }

    fn chunks(count: u64) -> u64 {
        count.div_ceil(CHUNK)
    }

    /// One unit: a chunk of keys hashed (the build itself once the last is), or a chunk of
    /// lookups.
    fn one(&mut self) {
        let mut buf = String::new();
        match &mut self.phase {
            Phase::Hashing { attempt } => {
                let (attempt, seed) = (*attempt, attempt_seed(self.seed, *attempt));
                let from = self.hashes.len() as u64;
                let to = (from + CHUNK).min(self.n as u64);
                self.hashes.extend((from..to).map(|i| key_hash(text_key(&mut buf, 'm', i), seed)));
                if to == self.n as u64 {
                    self.build(attempt, seed);
                }
            }
            Phase::Probing { built, done, hits } => {
                let to = (*done + CHUNK).min(PROBES);
                *hits += (*done..to)
                    .filter(|&i| built.contains_hash(key_hash(text_key(&mut buf, 'p', i), built.seed)))
                    .count() as u64;
                *done = to;
                if to == PROBES {
                    let (built, hits) = (built.clone(), *hits);
                    self.phase = Phase::Done { built, hits };
                }
            }
            Phase::Failed { .. } | Phase::Done { .. } => return,
        }
        self.units += 1;
    }

    /// The hashes are all there: build with them; a failed attempt starts hashing again under the
    /// next seed.
    fn build(&mut self, attempt: u32, seed: u64) {
        let hashes = std::mem::take(&mut self.hashes);
        let mut built = build(self.layout(), self.fp, Attempts { first: seed, max: 1 }, |_, out| out.extend(&hashes));
        built.attempts = attempt + 1;
        self.phase = if built.built {
            Phase::Probing { built, done: 0, hits: 0 }
        } else if attempt + 1 >= BUILD_ATTEMPTS {
            Phase::Failed { attempts: attempt + 1 }
        } else {
            Phase::Hashing { attempt: attempt + 1 }
        };
    }

    /// The result, once every probe is done.
    pub fn measured(&self) -> Option<Measured> {
        let Phase::Done { built, hits } = &self.phase else { return None };
        let (low, high) = wilson(*hits, PROBES, Z95);
        Some(Measured {
            probes: PROBES,
            hits: *hits,
            fpr: rate(*hits, PROBES),
            low,
            high,
            theory: 0.5f64.powi(self.fp as i32),
            bits_per_key: built.layout.bits_per_key(self.fp),
            attempts: built.attempts,
        })
    }

    /// Every attempt failed (with the reference's sizes, practically never).
    pub fn failed(&self) -> Option<u32> {
        match self.phase {
            Phase::Failed { attempts } => Some(attempts),
            _ => None,
        }
    }

    /// Attempts so far (the one being hashed included).
    fn attempts(&self) -> u32 {
        match &self.phase {
            Phase::Hashing { attempt } => attempt + 1,
            Phase::Probing { built, .. } | Phase::Done { built, .. } => built.attempts,
            Phase::Failed { attempts } => *attempts,
        }
    }
}

impl crate::engine::sliced::Sliced for FprRun {
    fn work(&mut self, units: u64) -> u64 {
        let mut did = 0;
        while did < units && !self.is_done() {
            self.one();
            did += 1;
        }
        did
    }
    fn is_done(&self) -> bool {
        matches!(self.phase, Phase::Done { .. } | Phase::Failed { .. })
    }
    fn ops_done(&self) -> u64 {
        self.units
    }
    /// Hashing once per attempt so far, then the probes.
    fn ops_total(&self) -> u64 {
        if self.is_done() {
            return self.units;
        }
        Self::chunks(self.n as u64) * self.attempts() as u64 + Self::chunks(PROBES)
    }
}
