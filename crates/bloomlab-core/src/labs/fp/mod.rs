//! The false-positive lab's model (`view=fp`): the settings from the link, the theory curves,
//! the measured points, the calculator, the presets and the exports (CSV, SVG), all pure.

mod actions;
mod chart;
mod fields;
mod link;
mod page;
mod params;
mod presets;
#[cfg(test)]
mod tests;

pub use fields::{LogSlider, M_SLIDER, N_SLIDER};
pub use page::{FpEdit, REDRAW_MS};
pub use params::{FORMULAS, HASH, K, LAYERS, LOG, M, N, P, PARAMS, SEED, TRIALS, X};
pub use presets::{measure_limits, presets, Preset};

pub mod calculator;
pub mod experiment;

use crate::engine::formulas::{self, Formula};
use crate::engine::hashing::HashFamily;
use crate::labs::fp::experiment::{Experiment, Measured, PointSpec, Scatter};
use calculator::{Sizing, MAX_BITS};

pub const DEFAULT_M: u64 = 1000;
pub const DEFAULT_N: u64 = 100;
pub const DEFAULT_K: u32 = 4;
pub const MAX_K: u32 = 32;
pub const MAX_N: u64 = MAX_BITS;
pub const DEFAULT_TRIALS: u64 = 100_000;
pub const DEFAULT_LAYERS: u32 = 4;
pub const MAX_LAYERS: u32 = 16;
pub const DEFAULT_SEED: u64 = 1;
/// Measured points along the n and bits-per-item axes (the slider's value is the 10th).
pub const POINTS: u64 = 20;
/// Samples along a continuous curve.
const CURVE_SAMPLES: u64 = 120;
/// Fewer samples for `exact` with many hashes (its cost grows as k^4).
const EXACT_SAMPLES_LARGE_K: u64 = 40;
pub const DEFAULT_FORMULAS: [Formula; 4] = [Formula::Approx, Formula::Finite, Formula::Exact, Formula::Skiena];

/// What the x axis shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// Items inserted, 0 .. 2n.
    N,
    /// Hash functions, 1 .. max(20, k).
    K,
    /// Bits per item m/n, 0 .. 2m/n.
    Bpi,
}

impl Axis {
    pub const ALL: [Axis; 3] = [Axis::N, Axis::K, Axis::Bpi];

    pub fn name(self) -> &'static str {
        match self {
            Axis::N => "n",
            Axis::K => "k",
            Axis::Bpi => "bpi",
        }
    }

    pub fn parse(s: &str) -> Option<Axis> {
        Axis::ALL.into_iter().find(|a| a.name() == s)
    }

    pub fn label(self) -> &'static str {
        match self {
            Axis::N => "items inserted n",
            Axis::K => "hash functions k",
            Axis::Bpi => "bits per item m/n",
        }
    }
}

/// Everything the link can set.
#[derive(Clone, Debug, PartialEq)]
pub struct FpSettings {
    pub m: u64,
    pub n: u64,
    pub k: u32,
    pub axis: Axis,
    pub log_y: bool,
    /// Shown formulas, in contract order.
    pub formulas: Vec<Formula>,
    pub layers: u32,
    pub family: HashFamily,
    pub seed: u64,
    pub trials: u64,
    /// The calculator's target rate, as typed, and its value.
    pub p: Option<(String, f64)>,
}

impl Default for FpSettings {
    fn default() -> Self {
        FpSettings {
            m: DEFAULT_M,
            n: DEFAULT_N,
            k: DEFAULT_K,
            axis: Axis::K,
            log_y: false,
            formulas: DEFAULT_FORMULAS.to_vec(),
            layers: DEFAULT_LAYERS,
            family: HashFamily::Xxh3,
            seed: DEFAULT_SEED,
            trials: DEFAULT_TRIALS,
            p: None,
        }
    }
}

impl FpSettings {
    /// What the measurements depend on.
    fn experiment_key(&self) -> (u64, u64, u32, Axis, HashFamily, u64, u64) {
        (self.m, self.n, self.k, self.axis, self.family, self.seed, self.trials)
    }

    /// What the theory curves (`FpLab::theory_series`) depend on: not the measurement's
    /// settings (seed, probes, hash family), the log scale or the calculator's p.
    pub fn curves_key(&self) -> (u64, u64, u32, Axis, u32, Vec<Formula>) {
        (self.m, self.n, self.k, self.axis, self.layers, self.formulas.clone())
    }

    pub fn shows(&self, f: Formula) -> bool {
        self.formulas.contains(&f)
    }

    /// The optimal whole k for the sliders' m and n.
    pub fn optimal_k(&self) -> u32 {
        formulas::optimal_k(self.m, self.n, MAX_K)
    }

    /// What the calculator says for these settings.
    pub fn calculator(&self) -> CalcAnswer {
        let n = self.n;
        match &self.p {
            Some((_, p)) => match calculator::size_for(n, *p) {
                Some(sizing) => CalcAnswer::FromP { n, p: *p, sizing },
                None => CalcAnswer::TooBig { n, p: *p },
            },
            None => match calculator::best_k_for(self.m, n, MAX_K) {
                Some(sizing) => CalcAnswer::FromM { n, sizing },
                None => CalcAnswer::TooBig { n, p: 0.5 },
            },
        }
    }
}

/// What the calculator answers.
#[derive(Clone, Debug, PartialEq)]
pub enum CalcAnswer {
    /// From n and p: the bits and hashes needed.
    FromP { n: u64, p: f64, sizing: Sizing },
    /// From m and n: the best k and its rate.
    FromM { n: u64, sizing: Sizing },
    /// n and p ask for more than the calculator handles.
    TooBig { n: u64, p: f64 },
}

impl CalcAnswer {
    /// The `calc-m` and `calc-k` values, when there are answers.
    pub fn m_and_k(&self) -> Option<(u64, u32)> {
        match self {
            CalcAnswer::FromP { sizing, .. } | CalcAnswer::FromM { sizing, .. } => Some((sizing.m, sizing.k)),
            CalcAnswer::TooBig { .. } => None,
        }
    }
}

/// One row of the data table and the CSV.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub x: f64,
    pub spec: PointSpec,
    pub theory: Vec<(Formula, f64)>,
    pub measured: Option<Measured>,
}

/// The lab as its page runs it: the settings it was last given and the measurements they call
/// for (the page's run: `FpSettings` is the model).
#[derive(Clone, Debug, PartialEq)]
pub struct FpLab {
    s: FpSettings,
    experiment: Experiment,
    /// Bumped each time the measurements start again.
    run: u64,
}

impl Default for FpLab {
    fn default() -> Self {
        FpLab::new(FpSettings::default())
    }
}

impl FpLab {
    pub fn new(s: FpSettings) -> FpLab {
        let mut lab = FpLab { s, experiment: Experiment::empty(), run: 0 };
        lab.restart();
        lab
    }

    // ----- reading -----

    pub fn settings(&self) -> &FpSettings {
        &self.s
    }
    pub fn experiment(&self) -> &Experiment {
        &self.experiment
    }
    pub fn run(&self) -> u64 {
        self.run
    }

    /// The measured points so far against their own filters' rates and the exact curve (`None`
    /// before the first point is done).
    pub fn scatter(&self) -> Option<Scatter> {
        let done: Vec<&Measured> = self.experiment.results().iter().flatten().collect();
        (!done.is_empty())
            .then(|| Scatter::count(done.into_iter().map(|p| (p, formulas::exact(p.spec.m, p.spec.n, p.spec.k)))))
    }

    /// The optimal whole k for the sliders' m and n.
    pub fn optimal_k(&self) -> u32 {
        self.s.optimal_k()
    }

    /// Takes `s` as its settings; the measurements start again when what they depend on
    /// changed (then true).
    pub fn follow(&mut self, s: FpSettings) -> bool {
        let again = s.experiment_key() != self.s.experiment_key();
        self.s = s;
        if again {
            self.restart();
        }
        again
    }

    /// The largest k on the k axis.
    fn k_max(&self) -> u32 {
        self.s.k.clamp(20, MAX_K)
    }

    /// The points along the axis that are measured (and listed in the table), and which of
    /// them the sliders name.
    pub fn axis_points(&self) -> (Vec<(f64, PointSpec)>, usize) {
        let FpSettings { m, n, k, .. } = self.s;
        match self.s.axis {
            Axis::N => {
                let pts = (1..=POINTS)
                    .map(|i| {
                        let ni = ((n as f64 * i as f64 / 10.0).round() as u64).clamp(1, MAX_N);
                        (ni as f64, PointSpec { m, n: ni, k })
                    })
                    .collect();
                (pts, 9)
            }
            Axis::K => {
                let pts = (1..=self.k_max()).map(|ki| (ki as f64, PointSpec { m, n, k: ki })).collect();
                (pts, k as usize - 1)
            }
            Axis::Bpi => {
                let pts = (1..=POINTS)
                    .map(|i| {
                        let mi = ((m as f64 * i as f64 / 10.0).round() as u64).clamp(k as u64, MAX_BITS);
                        (mi as f64 / n as f64, PointSpec { m: mi, n, k })
                    })
                    .collect();
                (pts, 9)
            }
        }
    }

    /// What the calculator says for the current settings.
    pub fn calculator(&self) -> CalcAnswer {
        self.s.calculator()
    }
}
