//! The false-positive lab's model (`view=fp`): the settings from the link, the theory curves,
//! the measured points, the calculator, the presets and the exports (CSV, SVG), all pure.

pub mod calculator;
pub mod experiment;

use crate::draw::plot::{MeasuredPoint, Plot, Series, VMark};
use crate::draw::text::{format_probability, group_digits, shorten};
use crate::engine::formulas::{self, Formula};
use crate::engine::hashing::HashFamily;
use crate::labs::fp::experiment::{Experiment, Measured, PointSpec, MAX_TRIALS, MEASURE_MAX_M, MEASURE_MAX_N};
use crate::link::notice::{read_u64, Notice};
use crate::link::query::{self, Query};
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

    pub fn shows(&self, f: Formula) -> bool {
        self.formulas.contains(&f)
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

/// A link to a setting from the course material, with what it shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Preset {
    pub id: &'static str,
    pub label: &'static str,
    /// The view's parameters (encoded values).
    pub pairs: Vec<(&'static str, String)>,
    /// Computed numbers that the source states.
    pub note: String,
}

/// One row of the data table and the CSV.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub x: f64,
    pub spec: PointSpec,
    pub theory: Vec<(Formula, f64)>,
    pub measured: Option<Measured>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FpLab {
    s: FpSettings,
    notices: Vec<Notice>,
    experiment: Experiment,
    /// Bumped each time the measurements start again.
    run: u64,
}

impl Default for FpLab {
    fn default() -> Self {
        FpLab::new(FpSettings::default())
    }
}

fn decoded(q: &Query, key: &str, notices: &mut Vec<Notice>) -> Option<String> {
    match q.get(key)? {
        Ok(v) if v.trim().is_empty() => None,
        Ok(v) => Some(v.trim().to_string()),
        Err(e) => {
            notices.push(Notice::param(key, format!("{key} {e}; using the default")));
            None
        }
    }
}

impl FpLab {
    pub fn new(s: FpSettings) -> FpLab {
        let mut lab = FpLab { s, notices: Vec::new(), experiment: Experiment::empty(), run: 0 };
        lab.restart();
        lab
    }

    // ----- reading -----

    pub fn settings(&self) -> &FpSettings {
        &self.s
    }
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }
    pub fn experiment(&self) -> &Experiment {
        &self.experiment
    }
    pub fn run(&self) -> u64 {
        self.run
    }

    /// The optimal whole k for the sliders' m and n.
    pub fn optimal_k(&self) -> u32 {
        formulas::optimal_k(self.s.m, self.s.n, MAX_K)
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

    fn x_range(&self) -> (f64, f64) {
        let FpSettings { m, n, .. } = self.s;
        match self.s.axis {
            Axis::N => (0.0, 2.0 * n as f64),
            Axis::K => (0.5, self.k_max() as f64 + 0.5),
            Axis::Bpi => (0.0, 2.0 * m as f64 / n as f64),
        }
    }

    /// The theory curve of `f` along the axis.
    pub fn curve(&self, f: Formula) -> Vec<(f64, f64)> {
        let FpSettings { m, n, k, layers, .. } = self.s;
        let samples = if f == Formula::Exact && k > 12 { EXACT_SAMPLES_LARGE_K } else { CURVE_SAMPLES };
        match self.s.axis {
            Axis::N => (0..=samples)
                .map(|s| {
                    let ni = (2.0 * n as f64 * s as f64 / samples as f64).round() as u64;
                    (ni as f64, f.evaluate(m, ni, k, layers))
                })
                .collect(),
            Axis::K => (1..=self.k_max()).map(|ki| (ki as f64, f.evaluate(m, n, ki, layers))).collect(),
            Axis::Bpi => (1..=samples)
                .map(|s| {
                    let mi = ((2.0 * m as f64 * s as f64 / samples as f64).round() as u64).max(1);
                    (mi as f64 / n as f64, f.evaluate(mi, n, k, layers))
                })
                .collect(),
        }
    }

    /// Each shown formula at the sliders' point (the `fp-theory` readouts).
    pub fn theory_at_sliders(&self) -> Vec<(Formula, f64)> {
        let FpSettings { m, n, k, layers, .. } = self.s;
        self.s.formulas.iter().map(|&f| (f, f.evaluate(m, n, k, layers))).collect()
    }

    /// The measurement at the sliders' point, once done (the `fp-empirical` readout).
    pub fn measured_at_sliders(&self) -> Option<Measured> {
        let (_, at) = self.axis_points();
        self.experiment.results().get(at).copied().flatten()
    }

    /// Whether the sliders' point can be measured.
    pub fn sliders_measurable(&self) -> bool {
        self.s.family != HashFamily::Ullman && PointSpec { m: self.s.m, n: self.s.n, k: self.s.k }.measurable()
    }

    /// The table rows: one per axis point.
    pub fn rows(&self) -> Vec<Row> {
        let (pts, _) = self.axis_points();
        let layers = self.s.layers;
        pts.into_iter()
            .enumerate()
            .map(|(j, (x, spec))| Row {
                x,
                spec,
                theory: self.s.formulas.iter().map(|&f| (f, f.evaluate(spec.m, spec.n, spec.k, layers))).collect(),
                measured: self.experiment.results().get(j).copied().flatten(),
            })
            .collect()
    }

    /// The label of a formula's curve.
    pub fn formula_label(&self, f: Formula) -> String {
        if f == Formula::Mlbf {
            format!("mlbf, L = {}", self.s.layers)
        } else {
            f.name().to_string()
        }
    }

    /// The plot of everything shown.
    pub fn plot(&self) -> Plot {
        self.plot_with(self.theory_series())
    }

    /// The theory curves (the costly part of the plot; they do not change while measuring).
    pub fn theory_series(&self) -> Vec<Series> {
        let axis = self.s.axis;
        Formula::ALL
            .iter()
            .enumerate()
            .filter(|(_, f)| self.s.shows(**f))
            .map(|(i, &f)| Series {
                label: self.formula_label(f),
                color: i,
                points: self.curve(f),
                dots: axis == Axis::K,
                dashed: false,
                ignore_in_range: f == Formula::Skiena,
            })
            .collect()
    }

    /// The plot with the given theory curves and the measurements so far.
    pub fn plot_with(&self, series: Vec<Series>) -> Plot {
        let FpSettings { m, n, k, axis, .. } = self.s;
        let (pts, _) = self.axis_points();
        let measured = pts
            .iter()
            .zip(self.experiment.results())
            .filter_map(|((x, _), r)| {
                r.map(|r| {
                    let (lo, hi) = r.interval();
                    MeasuredPoint { x: *x, rate: r.rate(), lo, hi }
                })
            })
            .collect();
        let kopt = self.optimal_k();
        let ln2 = std::f64::consts::LN_2;
        let marks = match axis {
            Axis::K => {
                if kopt == k {
                    vec![VMark { x: k as f64, label: format!("k = {k} (optimal)"), dashed: false }]
                } else {
                    vec![
                        VMark { x: k as f64, label: format!("k = {k}"), dashed: false },
                        VMark { x: kopt as f64, label: format!("optimal k = {kopt}"), dashed: true },
                    ]
                }
            }
            Axis::N => vec![
                VMark { x: n as f64, label: format!("n = {}", group_digits(n)), dashed: false },
                VMark {
                    x: m as f64 * ln2 / k as f64,
                    label: format!(
                        "k = {k} is optimal at n ≈ {}",
                        group_digits((m as f64 * ln2 / k as f64).round() as u64)
                    ),
                    dashed: true,
                },
            ],
            Axis::Bpi => vec![
                VMark {
                    x: m as f64 / n as f64,
                    label: format!("m/n = {}", trim_float(m as f64 / n as f64, 2)),
                    dashed: false,
                },
                VMark {
                    x: k as f64 / ln2,
                    label: format!("k = {k} is optimal at m/n ≈ {}", trim_float(k as f64 / ln2, 2)),
                    dashed: true,
                },
            ],
        };
        Plot {
            x_label: axis.label().into(),
            y_label: "false-positive rate".into(),
            x_range: self.x_range(),
            log_y: self.s.log_y,
            series,
            measured,
            measured_label: format!("measured ({} probes, 95% interval)", group_digits(self.experiment.trials())),
            marks,
            x_ticks_at: None,
            y_ticks_at: None,
            y_fixed: None,
        }
    }

    /// The table as CSV, full precision.
    pub fn csv(&self) -> String {
        let mut out = String::from("m,n,k,bits_per_item");
        for f in &self.s.formulas {
            out.push(',');
            out.push_str(f.name());
        }
        out.push_str(",hash,seed,trials,false_positives,measured,wilson_lo,wilson_hi\n");
        for row in self.rows() {
            let PointSpec { m, n, k } = row.spec;
            out.push_str(&format!("{m},{n},{k},{}", m as f64 / n as f64));
            for (_, v) in &row.theory {
                out.push_str(&format!(",{v}"));
            }
            match row.measured {
                Some(r) => {
                    let (lo, hi) = r.interval();
                    out.push_str(&format!(
                        ",{},{},{},{},{},{lo},{hi}\n",
                        self.s.family.name(),
                        self.s.seed,
                        r.trials,
                        r.hits,
                        r.rate()
                    ));
                }
                None => out.push_str(",,,,,,,\n"),
            }
        }
        out
    }

    /// What the calculator says for the current settings.
    pub fn calculator(&self) -> CalcAnswer {
        let n = self.s.n;
        match &self.s.p {
            Some((_, p)) => match calculator::size_for(n, *p) {
                Some(sizing) => CalcAnswer::FromP { n, p: *p, sizing },
                None => CalcAnswer::TooBig { n, p: *p },
            },
            None => match calculator::best_k_for(self.s.m, n, MAX_K) {
                Some(sizing) => CalcAnswer::FromM { n, sizing },
                None => CalcAnswer::TooBig { n, p: 0.5 },
            },
        }
    }

    // ----- the link -----

    /// Reads the view's parameters: `m`, `n`, `k`, `x`, `log`, `formulas`, `layers`, `hash`,
    /// `seed`, `trials`, `p`.
    pub fn from_query(q: &Query) -> FpLab {
        let mut notices = Vec::new();
        let mut s = FpSettings::default();
        if let Some(text) = decoded(q, "m", &mut notices) {
            match calculator::parse_size(&text) {
                Ok(m) => s.m = m,
                Err(e) => notices.push(Notice::param(
                    "m",
                    format!("m = \u{201c}{}\u{201d} {e}; using {} bits", shorten(&text, 30), group_digits(DEFAULT_M)),
                )),
            }
        }
        if let Some(text) = decoded(q, "n", &mut notices) {
            match calculator::parse_count(&text) {
                Ok(0) => notices.push(Notice::param(
                    "n",
                    format!("n = 0: a filter needs at least one item; using n = {DEFAULT_N}"),
                )),
                Ok(n) => s.n = n,
                Err(e) => notices.push(Notice::param(
                    "n",
                    format!("n = \u{201c}{}\u{201d} {e}; using n = {DEFAULT_N}", shorten(&text, 30)),
                )),
            }
        }
        s.k = read_u64(q.raw("k"), "k", 1, MAX_K as u64, DEFAULT_K as u64, &mut notices) as u32;
        if s.m < s.k as u64 {
            notices.push(Notice::param(
                "m",
                format!("m = {} bits is fewer than the k = {} hash functions; using m = {}", s.m, s.k, s.k),
            ));
            s.m = s.k as u64;
        }
        if let Some(text) = decoded(q, "x", &mut notices) {
            match Axis::parse(&text) {
                Some(a) => s.axis = a,
                None => notices.push(Notice::param(
                    "x",
                    format!("x = \u{201c}{}\u{201d} is not n, k or bpi; plotting against k", shorten(&text, 30)),
                )),
            }
        }
        if let Some(text) = decoded(q, "log", &mut notices) {
            match text.as_str() {
                "1" | "true" => s.log_y = true,
                "0" | "false" => s.log_y = false,
                other => notices.push(Notice::param(
                    "log",
                    format!("log = \u{201c}{}\u{201d} is not 0 or 1; using a linear scale", shorten(other, 30)),
                )),
            }
        }
        if let Some(raw) = q.raw("formulas") {
            let mut chosen = Vec::new();
            for piece in query::decode_list(raw) {
                match piece {
                    Ok(name) if name.trim().is_empty() => {}
                    Ok(name) => match Formula::parse(name.trim()) {
                        Some(f) => chosen.push(f),
                        None => notices.push(Notice::param(
                            "formulas",
                            format!(
                                "\u{201c}{}\u{201d} is not a formula (approx, finite, exact, skiena, partitioned, mlbf); left out",
                                shorten(&name, 30)
                            ),
                        )),
                    },
                    Err(e) => notices.push(Notice::param("formulas", format!("a formula name {e}; left out"))),
                }
            }
            s.formulas = Formula::ALL.into_iter().filter(|f| chosen.contains(f)).collect();
        }
        s.layers =
            read_u64(q.raw("layers"), "layers", 1, MAX_LAYERS as u64, DEFAULT_LAYERS as u64, &mut notices) as u32;
        if let Some(text) = decoded(q, "hash", &mut notices) {
            match HashFamily::parse(&text) {
                Some(HashFamily::Ullman) => notices.push(Notice::param(
                    "hash",
                    "the ullman hashes read whole numbers only and cannot hash the generated keys; measuring with xxh3",
                )),
                Some(f) => s.family = f,
                None => notices.push(Notice::param(
                    "hash",
                    format!("hash = \u{201c}{}\u{201d} is not xxh3 or double; using xxh3", shorten(&text, 30)),
                )),
            }
        }
        s.seed = read_u64(q.raw("seed"), "seed", 0, u64::MAX, DEFAULT_SEED, &mut notices);
        s.trials = read_u64(q.raw("trials"), "trials", 1, MAX_TRIALS, DEFAULT_TRIALS, &mut notices);
        if let Some(text) = decoded(q, "p", &mut notices) {
            match calculator::parse_probability(&text) {
                Ok(p) => s.p = Some((text, p)),
                Err(e) => notices.push(Notice::param(
                    "p",
                    format!("p = \u{201c}{}\u{201d} {e}; sizing from m instead", shorten(&text, 30)),
                )),
            }
        }
        // A link with n and p but no m sizes the plotted filter with the calculator (on a log
        // scale unless the link says otherwise: target rates are usually small).
        if let (Some((_, p)), None) = (&s.p, q.raw("m")) {
            if q.raw("log").is_none() {
                s.log_y = true;
            }
            if let Some(sizing) = calculator::size_for(s.n, *p) {
                s.m = sizing.m;
                if q.raw("k").is_none() {
                    s.k = sizing.k.clamp(1, MAX_K);
                }
            }
        }
        let mut lab = FpLab::new(s);
        lab.notices = notices;
        lab
    }

    /// The parameters that reproduce this state (defaults left out, except m, n, k and x).
    pub fn to_query_pairs(&self) -> Vec<(&'static str, String)> {
        let s = &self.s;
        let mut pairs = vec![
            ("m", s.m.to_string()),
            ("n", s.n.to_string()),
            ("k", s.k.to_string()),
            ("x", s.axis.name().to_string()),
        ];
        if s.log_y {
            pairs.push(("log", "1".into()));
        }
        if s.formulas != DEFAULT_FORMULAS {
            let names: Vec<&str> = s.formulas.iter().map(|f| f.name()).collect();
            // An empty list is written as "none" is not a formula: use a lone comma.
            pairs.push(("formulas", if names.is_empty() { ",".into() } else { names.join(",") }));
        }
        if s.layers != DEFAULT_LAYERS {
            pairs.push(("layers", s.layers.to_string()));
        }
        if s.family != HashFamily::Xxh3 {
            pairs.push(("hash", s.family.name().into()));
        }
        if s.seed != DEFAULT_SEED {
            pairs.push(("seed", s.seed.to_string()));
        }
        if s.trials != DEFAULT_TRIALS {
            pairs.push(("trials", s.trials.to_string()));
        }
        if let Some((text, _)) = &s.p {
            pairs.push(("p", query::encode(text)));
        }
        pairs
    }

    // ----- actions -----

    /// Starts the measurements again if what they depend on changed.
    fn refresh(&mut self, before: (u64, u64, u32, Axis, HashFamily, u64, u64)) {
        if before != self.s.experiment_key() {
            self.restart();
        }
    }

    fn restart(&mut self) {
        let (pts, at) = self.axis_points();
        let specs = pts.into_iter().map(|(_, s)| s).collect();
        self.experiment = Experiment::new(self.s.family, self.s.seed, self.s.trials, specs, Some(at));
        self.run += 1;
    }

    fn change(&mut self, f: impl FnOnce(&mut FpSettings)) {
        let before = self.s.experiment_key();
        f(&mut self.s);
        self.s.m = self.s.m.clamp(self.s.k as u64, MAX_BITS);
        self.refresh(before);
    }

    pub fn set_m(&mut self, m: u64) {
        self.change(|s| s.m = m.clamp(1, MAX_BITS));
    }
    pub fn set_n(&mut self, n: u64) {
        self.change(|s| s.n = n.clamp(1, MAX_N));
    }
    /// Sets k; m grows to k if it was smaller.
    pub fn set_k(&mut self, k: u32) {
        self.change(|s| s.k = k.clamp(1, MAX_K));
    }
    pub fn set_axis(&mut self, a: Axis) {
        self.change(|s| s.axis = a);
    }
    pub fn set_log(&mut self, on: bool) {
        self.s.log_y = on;
    }
    pub fn toggle_formula(&mut self, f: Formula) {
        let on = !self.s.shows(f);
        self.s.formulas = Formula::ALL.into_iter().filter(|&g| if g == f { on } else { self.s.shows(g) }).collect();
    }
    pub fn set_layers(&mut self, l: u32) {
        self.s.layers = l.clamp(1, MAX_LAYERS);
    }
    pub fn set_family(&mut self, family: HashFamily) {
        if family != HashFamily::Ullman {
            self.change(|s| s.family = family);
        }
    }
    pub fn set_seed(&mut self, seed: u64) {
        self.change(|s| s.seed = seed);
    }
    pub fn set_trials(&mut self, t: u64) {
        self.change(|s| s.trials = t.clamp(1, MAX_TRIALS));
    }

    /// Typed into the calculator's p field: empty clears it.
    pub fn set_p_text(&mut self, text: &str) -> Result<(), Notice> {
        self.notices.retain(|n| n.param.as_deref() != Some("p"));
        let t = text.trim();
        if t.is_empty() {
            self.s.p = None;
            return Ok(());
        }
        match calculator::parse_probability(t) {
            Ok(p) => {
                self.s.p = Some((t.to_string(), p));
                Ok(())
            }
            Err(e) => {
                let n = Notice::param("p", format!("p = \u{201c}{}\u{201d} {e}", shorten(t, 30)));
                self.notices.push(n.clone());
                Err(n)
            }
        }
    }

    /// Typed into the calculator's n field.
    pub fn set_n_text(&mut self, text: &str) -> Result<(), Notice> {
        self.notices.retain(|n| n.param.as_deref() != Some("n"));
        match calculator::parse_count(text) {
            Ok(0) => Err(self.push_notice("n", "n = 0: a filter needs at least one item".into())),
            Ok(n) => {
                self.set_n(n);
                Ok(())
            }
            Err(e) => Err(self.push_notice("n", format!("n = \u{201c}{}\u{201d} {e}", shorten(text.trim(), 30)))),
        }
    }

    /// Typed into the calculator's m field (sizes with units): sizes from m from now on.
    pub fn set_m_text(&mut self, text: &str) -> Result<(), Notice> {
        self.notices.retain(|n| n.param.as_deref() != Some("m"));
        match calculator::parse_size(text) {
            Ok(m) if m < self.s.k as u64 => {
                Err(self.push_notice("m", format!("m = {m} bits is fewer than the k = {} hash functions", self.s.k)))
            }
            Ok(m) => {
                self.s.p = None;
                self.set_m(m);
                Ok(())
            }
            Err(e) => Err(self.push_notice("m", format!("m = \u{201c}{}\u{201d} {e}", shorten(text.trim(), 30)))),
        }
    }

    fn push_notice(&mut self, param: &str, message: String) -> Notice {
        let n = Notice::param(param, message);
        self.notices.push(n.clone());
        n
    }

    /// Plots the filter the calculator sized (m and k from n and p).
    pub fn apply_calculator(&mut self) {
        if let CalcAnswer::FromP { sizing, .. } = self.calculator() {
            self.change(|s| {
                s.m = sizing.m;
                s.k = sizing.k.min(MAX_K);
            });
        } else if let CalcAnswer::FromM { sizing, .. } = self.calculator() {
            self.set_k(sizing.k);
        }
    }

    pub fn dismiss_notices(&mut self) {
        self.notices.clear();
    }

    /// Measures for up to `budget` inserts and probes.
    pub fn work(&mut self, budget: u64) -> u64 {
        self.experiment.work(budget)
    }

    /// Runs all measurements at once (tests).
    pub fn finish(&mut self) {
        self.experiment.finish();
    }
}

/// `v` with at most `digits` decimals, trailing zeros removed.
pub fn trim_float(v: f64, digits: usize) -> String {
    if !v.is_finite() {
        return "—".into();
    }
    let s = format!("{v:.digits$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// The links to settings from the course material.
pub fn presets() -> Vec<Preset> {
    let approx = formulas::approx;
    // MMDS: 8 billion bits, 1 billion items.
    let (m8, n1) = (8_000_000_000u64, 1_000_000_000u64);
    let mmds: Vec<String> = (1..=4).map(|k| format!("k = {k}: {}", trim_float(approx(m8, n1, k), 6))).collect();
    // The slides' darts.
    let (md, nd, kd) = (1_000_000_000u64, 100_000_000u64, 5u32);
    let zeros = formulas::zero_fraction_approx(md, nd, kd);
    let ones = 1.0 - zeros;
    let rounded = (ones * 1000.0).round() / 1000.0;
    // The MLBF paper's setup.
    let (mm, nm, km, layers) = (16_829_152u64, 3_537_380u64, 3u32, 4u32);
    let one_layer = approx(mm, nm, km);
    let big = (layers as u64 + 1) * mm;
    let big_k = formulas::optimal_k(big, nm, MAX_K);
    // Skiena: load 5%.
    let (ms, ns) = (2000u64, 100u64);
    let bound: Vec<String> = (1..=5).map(|k| trim_float(formulas::skiena(ms, ns, k), 10)).collect();
    let usual: Vec<String> = (1..=5).map(|k| trim_float(approx(ms, ns, k), 6)).collect();
    vec![
        Preset {
            id: "mmds",
            label: "MMDS: 8 billion bits, 1 billion items",
            pairs: vec![
                ("m", m8.to_string()),
                ("n", n1.to_string()),
                ("k", "1".into()),
                ("x", "k".into()),
                ("formulas", "approx,finite".into()),
            ],
            note: format!("The book's example, approx: {}.", mmds.join(", ")),
        },
        Preset {
            id: "darts",
            label: "Slides: darts, 10⁹ bits, 5 hashes, 10⁸ items",
            pairs: vec![
                ("m", md.to_string()),
                ("n", nd.to_string()),
                ("k", kd.to_string()),
                ("x", "n".into()),
                ("formulas", "approx,finite".into()),
            ],
            note: format!(
                "Fraction of 0s e^(−kn/m) = e^(−1/2) = {}, of 1s {}; FP = {}^5 = {}. The slide prints {} because it rounds the 1s to {} first ({}^5 = {}).",
                trim_float(zeros, 6),
                trim_float(ones, 6),
                trim_float(ones, 6),
                trim_float(approx(md, nd, kd), 7),
                trim_float(rounded.powi(5), 5),
                trim_float(rounded, 3),
                trim_float(rounded, 3),
                trim_float(rounded.powi(5), 6),
            ),
        },
        Preset {
            id: "mlbf",
            label: "MLBF paper: k = 3, m = 16,829,152, L = 4, 3,537,380 URLs",
            pairs: vec![
                ("m", mm.to_string()),
                ("n", nm.to_string()),
                ("k", km.to_string()),
                ("x", "n".into()),
                ("log", "1".into()),
                ("formulas", "approx,mlbf".into()),
                ("layers", layers.to_string()),
            ],
            note: format!(
                "One layer: approx = {} (the paper's target is 0.1); L = 4 layers: approx^4 = {}. A fair comparison: the MLBF uses (L+1)·m = {} bits, and one classic filter of that size gives {} with k = 3, {} with its best k = {}.",
                trim_float(one_layer, 4),
                format_probability(formulas::mlbf(mm, nm, km, layers)),
                group_digits(big),
                format_probability(approx(big, nm, km)),
                format_probability(approx(big, nm, big_k)),
                big_k
            ),
        },
        Preset {
            id: "skiena",
            label: "Skiena's figure: load 5%, k = 1 … 5",
            pairs: vec![
                ("m", ms.to_string()),
                ("n", ns.to_string()),
                ("k", "5".into()),
                ("x", "k".into()),
                ("log", "1".into()),
                ("formulas", "approx,skiena".into()),
            ],
            note: format!(
                "Skiena's bound (k·n/m)^k at k = 1 … 5: {} (k = 1 is {}× worse than k = 5); the usual formula: {} ({}×).",
                bound.join(", "),
                trim_float(formulas::skiena(ms, ns, 1) / formulas::skiena(ms, ns, 5), 1),
                usual.join(", "),
                trim_float(approx(ms, ns, 1) / approx(ms, ns, 5), 1),
            ),
        },
    ]
}

/// The measurement limits, as the page states them.
pub fn measure_limits() -> String {
    format!(
        "Measurements are limited to filters of at most {} bits and {} items, so that a whole plot measures in about a second; larger settings (like the book's and the paper's) are theory only. Each point is one filter: its 95% interval covers the luck of the probes, not how far that one filter's fill is from the average, so with small m the points scatter around the curves by more than their intervals.",
        group_digits(MEASURE_MAX_M),
        group_digits(MEASURE_MAX_N)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lab(q: &str) -> FpLab {
        FpLab::from_query(&Query::parse(q))
    }

    fn params(l: &FpLab) -> Vec<String> {
        l.notices().iter().filter_map(|n| n.param.clone()).collect()
    }

    #[test]
    fn defaults_and_round_trip() {
        let l = lab("");
        assert!(l.notices().is_empty());
        assert_eq!((l.settings().m, l.settings().n, l.settings().k, l.settings().axis), (1000, 100, 4, Axis::K));
        let q = "?m=64KiB&n=40M&k=7&x=bpi&log=1&formulas=finite,mlbf&layers=3&hash=double&seed=9&trials=500&p=1%25";
        let l = lab(q);
        assert!(l.notices().is_empty(), "{:?}", l.notices());
        let s = l.settings();
        assert_eq!(
            (s.m, s.n, s.k, s.axis, s.log_y, s.layers, s.family, s.seed, s.trials),
            (524_288, 40_000_000, 7, Axis::Bpi, true, 3, HashFamily::Double, 9, 500)
        );
        assert_eq!(s.formulas, [Formula::Finite, Formula::Mlbf]);
        assert_eq!(s.p.as_ref().map(|p| p.1), Some(0.01));
        let again = FpLab::from_query(&Query::parse(&query::build(&l.to_query_pairs())));
        assert_eq!(again.settings(), l.settings());
        // An empty formula list survives the link.
        let mut none = lab("?formulas=");
        assert!(none.settings().formulas.is_empty());
        none.toggle_formula(Formula::Exact);
        none.toggle_formula(Formula::Exact);
        let back = FpLab::from_query(&Query::parse(&query::build(&none.to_query_pairs())));
        assert!(back.settings().formulas.is_empty());
    }

    #[test]
    fn bad_input_gives_notices_and_finite_numbers() {
        let l =
            lab("?m=64parsecs&n=0&k=0&x=z&log=maybe&formulas=approx,nope&layers=99&hash=ullman&trials=0&p=1.5&seed=-1");
        let p = params(&l);
        for want in ["m", "n", "k", "x", "log", "formulas", "layers", "hash", "trials", "p", "seed"] {
            assert!(p.contains(&want.to_string()), "{want} missing from {p:?}");
        }
        let l = lab("?m=3&k=5");
        assert_eq!(params(&l), ["m"]);
        assert_eq!(l.settings().m, 5);
        for q in ["?p=0", "?p=1", "?p=-3", "?p=100%25", "?p=abc"] {
            assert_eq!(params(&lab(q)), ["p"], "{q}");
        }
        // No NaN or infinity anywhere in the plot, the table or the CSV, even at the extremes.
        for q in [
            "?m=1&n=1&k=1",
            "?m=1000000000000&n=1&k=32&x=bpi&log=1",
            "?m=32&n=1000000000000&k=32&x=n&log=1&formulas=approx,finite,exact,skiena,partitioned,mlbf",
        ] {
            let l = lab(q);
            let svg = crate::draw::plot::to_svg(&l.plot(), 600.0, 400.0, &crate::draw::plot::PlotColors::LIGHT);
            let csv = l.csv();
            for text in [&svg, &csv] {
                assert!(!text.contains("NaN") && !text.contains("inf"), "{q}");
            }
            for (_, v) in l.theory_at_sliders() {
                assert!(v.is_finite());
            }
        }
    }

    #[test]
    fn axis_points_name_the_sliders() {
        for x in ["n", "k", "bpi"] {
            let l = lab(&format!("?m=1000&n=100&k=4&x={x}"));
            let (pts, at) = l.axis_points();
            assert_eq!(pts[at].1, PointSpec { m: 1000, n: 100, k: 4 }, "{x}");
            assert!(pts.len() >= 20);
        }
        let l = lab("?m=1000&n=100&k=4&x=k");
        let c = l.curve(Formula::Approx);
        assert_eq!(c.len(), 20);
        assert_eq!(c[3], (4.0, formulas::approx(1000, 100, 4)));
    }

    #[test]
    fn measurements_fill_the_readouts_and_the_csv() {
        let mut l = lab("?m=1000&n=100&k=4&x=k&trials=2000");
        assert!(l.measured_at_sliders().is_none());
        l.work(2100);
        let first = l.measured_at_sliders().expect("the sliders' point is measured first");
        assert_eq!((first.spec, first.trials), (PointSpec { m: 1000, n: 100, k: 4 }, 2000));
        l.finish();
        let csv = l.csv();
        assert_eq!(csv.lines().count(), 21);
        assert!(csv.starts_with("m,n,k,bits_per_item,approx,finite,exact,skiena,hash,seed,trials,false_positives,measured,wilson_lo,wilson_hi\n"));
        assert!(csv.lines().nth(4).unwrap().starts_with("1000,100,4,10,"));
        assert_eq!(l.plot().measured.len(), 20);
        // Changing only what is drawn keeps the measurements; changing n starts them again.
        let run = l.run();
        l.set_log(true);
        l.toggle_formula(Formula::Partitioned);
        assert_eq!(l.run(), run);
        assert!(l.measured_at_sliders().is_some());
        l.set_n(120);
        assert_eq!(l.run(), run + 1);
        assert!(l.measured_at_sliders().is_none());
        // Big settings are theory only.
        let mut big = lab("?m=8000000000&n=1000000000&k=3");
        assert!(!big.sliders_measurable());
        assert!(big.experiment().is_done());
        big.finish();
        assert!(big.plot().measured.is_empty());
    }

    #[test]
    fn calculator_answers() {
        let l = lab("?view=fp&n=40000000&p=1e-6");
        assert_eq!(l.calculator().m_and_k(), Some((1_150_207_006, 20)));
        let l = lab("?n=1000000&p=0.01");
        assert_eq!(l.calculator().m_and_k(), Some((9_585_059, 7)));
        let l = lab("?n=1000000&p=1%25");
        assert_eq!(l.calculator().m_and_k(), Some((9_585_059, 7)));
        let l = lab("?n=1000&p=1+in+1000");
        assert!(l.notices().is_empty());
        assert_eq!(l.calculator().m_and_k(), calculator::size_for(1000, 0.001).map(|s| (s.m, s.k)));
        let mut l = lab("?m=9585059&n=1000000&k=3");
        assert_eq!(l.calculator().m_and_k(), Some((9_585_059, 7)));
        l.apply_calculator();
        assert_eq!(l.settings().k, 7);
        // Without m in the link, the plot shows the filter the calculator sized.
        let l = lab("?n=40000000&p=1e-6");
        assert_eq!((l.settings().m, l.settings().k), (1_150_207_006, 20));
        let mut l = lab("?n=40000000&p=1e-6&m=1000&k=3");
        assert_eq!((l.settings().m, l.settings().k), (1000, 3));
        l.apply_calculator();
        assert_eq!((l.settings().m, l.settings().k), (1_150_207_006, 20));
        assert!(l.set_p_text("2").is_err());
        assert_eq!(params(&l), ["p"]);
        assert!(l.set_p_text("1 in 100").is_ok());
        assert!(l.notices().is_empty());
        assert!(l.set_m_text("1.5MB").is_ok());
        assert_eq!(l.settings().m, 12_000_000);
        assert!(l.settings().p.is_none());
        assert!(l.set_m_text("12 furlongs").is_err());
        assert!(l.set_n_text("0").is_err());
        assert_eq!(params(&l), ["m", "n"]);
        let huge = lab("?n=1000000000000&p=1e-300");
        assert!(matches!(huge.calculator(), CalcAnswer::TooBig { .. }));
    }

    #[test]
    fn presets_state_the_reference_numbers() {
        let p = presets();
        assert_eq!(p.len(), 4);
        let note = |id: &str| p.iter().find(|x| x.id == id).unwrap().note.clone();
        let mmds = note("mmds");
        for v in ["k = 1: 0.117503", "k = 2: 0.048929", "k = 3: 0.030579", "k = 4: 0.023969"] {
            assert!(mmds.contains(v), "{mmds}");
        }
        let darts = note("darts");
        for v in ["0.606531", "0.393469", "0.0094309", "0.00937", "0.393^5 = 0.009375"] {
            assert!(darts.contains(v), "{darts}");
        }
        let sk = note("skiena");
        for v in [
            "0.05, 0.01, 0.003375, 0.0016, 0.0009765625",
            "51.2×",
            "0.048771, 0.009056, 0.002703, 0.00108, 0.00053",
            "92.1×",
        ] {
            assert!(sk.contains(v), "{sk}");
        }
        let ml = note("mlbf");
        assert!(ml.contains("84,145,760"), "{ml}");
        // Every preset's link reads back without notices.
        for preset in &p {
            let l = FpLab::from_query(&Query::parse(&query::build(&preset.pairs)));
            assert!(l.notices().is_empty(), "{}: {:?}", preset.id, l.notices());
        }
    }
}
