//! Measuring: the variants on the same generated items and non-member probes, and a filter sized
//! for n items used with too few or too many — in slices, the wrong-n points first
//! (`ToolboxRun`).

use super::sets::Rate;
use super::variants::{Structure, Variant};
use crate::data::generate::{item, ItemKind};
use crate::engine::filter::BloomFilter;
use crate::engine::formulas::{finite, size_for};
use crate::engine::hashing::HashFamily;
use crate::engine::sliced::Sliced;
use crate::plot::{MeasuredPoint, Plot, Series, VMark};

use super::PROBES;

/// One variant's outcome.
pub struct VariantResult {
    pub variant: Variant,
    pub structure: Structure,
    pub n: u64,
    pub inserted: u64,
    pub failed: u64,
    pub rate: Rate,
}

/// All chosen variants, filled with the same n items and probed with the same words.
pub struct VariantRun {
    pub n: u64,
    pub m: u64,
    pub results: Vec<VariantResult>,
    /// (variant index, items inserted or probes done).
    at: (usize, u64),
    seed: u64,
}

/// The probe words: generated with another seed; never members since members are generated
/// words of this seed checked against (see `is_probe`).
fn probe(seed: u64, i: u64) -> String {
    item(ItemKind::Words, seed ^ 0xABCDEF, i)
}

impl VariantRun {
    pub fn new(variants: &[Variant], n: u64, p: f64, f: u32, seed: u64) -> VariantRun {
        let m = size_for(n.max(1), p).map_or(n * 10, |s| s.0);
        let results = variants
            .iter()
            .map(|&v| VariantResult {
                variant: v,
                structure: Structure::new(v, m, n, p, f),
                n,
                inserted: 0,
                failed: 0,
                rate: Rate { hits: 0, trials: 0 },
            })
            .collect();
        VariantRun { n, m, results, at: (0, 0), seed }
    }

    pub fn ops_total(&self) -> u64 {
        self.results.len() as u64 * (self.n + PROBES)
    }
    pub fn ops_done(&self) -> u64 {
        self.at.0 as u64 * (self.n + PROBES) + self.at.1
    }
    pub fn is_done(&self) -> bool {
        self.at.0 >= self.results.len()
    }
}

impl Sliced for VariantRun {
    fn work(&mut self, units: u64) -> u64 {
        let mut done = 0;
        while done < units.max(1) && !self.is_done() {
            let (v, j) = self.at;
            let r = &mut self.results[v];
            if j < self.n {
                let w = item(ItemKind::Words, self.seed, j);
                if r.structure.insert(w.as_bytes()) {
                    r.inserted += 1;
                } else {
                    r.failed += 1;
                }
            } else {
                let q = probe(self.seed, j - self.n);
                r.rate.trials += 1;
                r.rate.hits += r.structure.contains(q.as_bytes()) as u64;
            }
            done += 1;
            self.at.1 += 1;
            if self.at.1 >= self.n + PROBES {
                self.at = (v + 1, 0);
            }
        }
        done
    }
    fn is_done(&self) -> bool {
        VariantRun::is_done(self)
    }
    fn ops_done(&self) -> u64 {
        VariantRun::ops_done(self)
    }
    fn ops_total(&self) -> u64 {
        VariantRun::ops_total(self)
    }
}

/// The real n off by these fractions, measured.
pub const WRONG_MEASURED: [f64; 8] = [-0.5, -0.25, 0.0, 0.1, 0.25, 0.5, 1.0, 2.0];

/// A filter sized for n items and rate p, used with n(1 + e) items: computed for e from −50 % to
/// +200 %, and measured at `WRONG_MEASURED`.
pub struct WrongN {
    pub n: u64,
    pub p: f64,
    pub m: u64,
    pub k: u32,
    pub measured: Vec<(f64, Rate)>,
    /// Which words are inserted and probed.
    pub seed: u64,
}

impl WrongN {
    pub fn new(n: u64, p: f64, seed: u64) -> WrongN {
        let (m, k) = size_for(n.max(1), p).unwrap_or((n.max(1) * 10, 7));
        WrongN { n, p, m, k, measured: Vec::new(), seed }
    }

    pub fn rate_at(&self, e: f64) -> f64 {
        finite(self.m, ((self.n as f64) * (1.0 + e)).round().max(0.0) as u64, self.k)
    }

    /// How much more often it errs with e more items than planned: rate(e) / rate(0) − 1.
    pub fn cost_of(&self, e: f64) -> f64 {
        self.rate_at(e) / self.rate_at(0.0) - 1.0
    }

    pub fn is_done(&self) -> bool {
        self.measured.len() == WRONG_MEASURED.len()
    }

    /// Measures the next point; returns the units (inserts and probes) it took.
    pub fn work_one(&mut self) -> u64 {
        let Some(&e) = WRONG_MEASURED.get(self.measured.len()) else { return 0 };
        let count = ((self.n as f64) * (1.0 + e)).round() as u64;
        let mut f = BloomFilter::new(HashFamily::Xxh3, self.m, self.k);
        for j in 0..count {
            f.insert_bytes(item(ItemKind::Words, self.seed, j).as_bytes());
        }
        let hits = (0..PROBES).filter(|&j| f.contains_bytes(probe(self.seed, j).as_bytes())).count() as u64;
        self.measured.push((e, Rate { hits, trials: PROBES }));
        count + PROBES
    }

    pub fn chart(&self) -> Plot {
        let curve: Vec<(f64, f64)> =
            (0..=50).map(|i| -50.0 + 5.0 * i as f64).map(|pct| (pct, self.rate_at(pct / 100.0))).collect();
        Plot {
            series: vec![Series::line("finite formula", 0, curve)],
            measured: self
                .measured
                .iter()
                .map(|(e, r)| {
                    let (lo, hi) = r.interval();
                    MeasuredPoint { x: e * 100.0, rate: r.value(), lo, hi }
                })
                .collect(),
            measured_label: format!("measured, {PROBES} probes (95 % intervals)"),
            marks: vec![VMark { x: 0.0, label: "as planned".into(), dashed: true }],
            log_y: true,
            ..Plot::new("real n against the planned n (%)", "false-positive rate", (-50.0, 200.0))
        }
    }
}

impl Sliced for WrongN {
    fn work(&mut self, units: u64) -> u64 {
        // One unit is one measured point (its inserts and probes at once).
        (0..units).take_while(|_| self.work_one() > 0).count() as u64
    }
    fn is_done(&self) -> bool {
        WrongN::is_done(self)
    }
    fn ops_done(&self) -> u64 {
        self.measured.len() as u64
    }
    fn ops_total(&self) -> u64 {
        WRONG_MEASURED.len() as u64
    }
}

/// The toolbox's two measurements as one run: the wrong-n points first, one point per slice, then
/// the variants. A unit is a wrong-n point or a variant's insert or probe.
pub struct ToolboxRun {
    pub wrong: WrongN,
    pub variants: VariantRun,
}

impl Sliced for ToolboxRun {
    /// One wrong-n point, whatever `units` (a point is thousands of inserts and probes: a slice of
    /// its own), until they are all measured; then up to `units` of the variants.
    fn work(&mut self, units: u64) -> u64 {
        if self.wrong.is_done() {
            self.variants.work(units)
        } else {
            self.wrong.work(1)
        }
    }
    fn is_done(&self) -> bool {
        self.wrong.is_done() && self.variants.is_done()
    }
    fn ops_done(&self) -> u64 {
        self.wrong.ops_done() + self.variants.ops_done()
    }
    fn ops_total(&self) -> u64 {
        self.wrong.ops_total() + self.variants.ops_total()
    }
}
