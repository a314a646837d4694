//! The AMS estimator at scale: a long stream (uniform, Zipf, or words of a pasted text), s
//! variables at random positions combined by the median of group means, over many seeded runs
//! against the exact moment. Run in slices: generating the stream, one backward pass that gives
//! every position's count-from-here-on (what a variable started there ends up with), then the runs.

use crate::data::generate::zipf_stream;
use crate::engine::moments::stream::ams_value;
use crate::engine::stats::median_of_means;

/// Longest stream.
pub const MAX_LENGTH: u64 = 1_000_000;
/// Most variables per run.
pub const MAX_S: u64 = 10_000;
/// Distinct values the generated streams draw from.
pub const UNIVERSE: u64 = 10_000;
/// Seeded runs of the estimator.
pub const RUNS: usize = 200;
/// Elements generated from one seed.
const BLOCK: u64 = 1 << 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Uniform,
    Zipf,
    Text,
}

impl Source {
    pub const ALL: [Source; 3] = [Source::Uniform, Source::Zipf, Source::Text];
    pub fn name(self) -> &'static str {
        match self {
            Source::Uniform => "uniform",
            Source::Zipf => "zipf",
            Source::Text => "text",
        }
    }
    pub fn parse(s: &str) -> Option<Source> {
        Source::ALL.into_iter().find(|x| x.name() == s)
    }
}

/// What to run.
#[derive(Clone, Debug, PartialEq)]
pub struct ScaleSpec {
    pub source: Source,
    /// Zipf exponent.
    pub zipf: f64,
    pub length: u64,
    pub s: u64,
    /// Number of groups the s variables are split into (their means' median is the estimate).
    pub groups: u64,
    pub k: u32,
    pub seed: u64,
}

/// Whether X = t(v^k − (v − 1)^k) is symmetric about its mean when every value occurs `c`
/// times: v is then uniform on 1 ..= c, and X is symmetric when d(v) + d(c + 1 − v) is the same
/// for every v (true for k = 1 and 2, false from k = 3 on once c > 2).
pub fn equal_counts_symmetric(k: u32, c: u64) -> bool {
    let d = |v: u64| ams_value(1, v, k);
    let pair = |v: u64| d(v).saturating_add(d(c + 1 - v));
    (1..=c).all(|v| pair(v) == pair(1))
}

/// What the estimator panel says about combining the variables: the error, the median of group
/// means and its bias, and the slides' group size (slide 44), for these settings.
pub fn combining_note(spec: &ScaleSpec) -> String {
    let k = spec.k;
    let spread = if k == 1 {
        "With k = 1 every variable's X is the stream's length n itself, so any combination of them is exact."
            .to_string()
    } else {
        let symmetric = if equal_counts_symmetric(k, 10) {
            format!("equal counts give a symmetric X for k = {k}")
        } else {
            format!("for k = {k} even equal counts give a skewed X, since v^{k} − (v − 1)^{k} grows faster than v does")
        };
        format!(
            "One variable's X is unbiased; on a skewed stream (a Zipf exponent well above 0) it is also heavy-tailed: a \
             few runs land far above, most a little below. Averaging s variables shrinks the error like 1/√s; taking the \
             median of group means guards against the rare huge value at the price of a small downward bias when the \
             groups are small (on such skewed streams; {symmetric})."
        )
    };
    // As `median_of_means` splits them: g groups of ⌊s/g⌋ or one more.
    let g = spec.groups.clamp(1, spec.s.max(1));
    let (base, extra) = (spec.s / g, spec.s % g);
    let sizes = if extra == 0 { base.to_string() } else { format!("{base} or {}", base + 1) };
    let universe = match spec.source {
        Source::Text => String::new(),
        _ => format!(
            ", and log₂ {} ≈ {:.1} for these {} possible values",
            crate::text::group_digits(UNIVERSE),
            (UNIVERSE as f64).log2(),
            crate::text::group_digits(UNIVERSE)
        ),
    };
    format!(
        "{spread} The slides (slide 44) use many variables (100, say) and combine them as for Flajolet–Martin: the mean \
         within groups of size O(log n), n the number of possible values, then the median of the means. Here {} variables \
         form {} groups of {sizes}{universe}.",
        crate::text::group_digits(spec.s),
        crate::text::group_digits(g),
    )
}

/// Words turned into value ids (first appearance order) and the number of distinct words.
pub fn word_ids(words: &[String]) -> (Vec<u32>, u64) {
    let mut map = std::collections::HashMap::new();
    let ids = words
        .iter()
        .map(|w| {
            let next = map.len() as u32;
            *map.entry(w.as_str()).or_insert(next)
        })
        .collect();
    (ids, map.len() as u64)
}

/// Where the run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Generate,
    Count,
    Runs,
    Done,
}

/// Results of the runs.
#[derive(Clone, Debug, PartialEq)]
pub struct ScaleResult {
    /// Relative error of the median of group means, one per run.
    pub combined: Vec<f64>,
    /// Relative error of the plain mean of all s variables, one per run.
    pub mean: Vec<f64>,
    /// For each s' in `ladder`: the root-mean-square relative error of the mean of the first s'
    /// variables over the runs.
    pub ladder: Vec<(u64, f64)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ScaleRun {
    pub spec: ScaleSpec,
    phase: Phase,
    universe: u64,
    values: Vec<u32>,
    /// For each position, the occurrences of its element from there to the end.
    from_here: Vec<u32>,
    totals: Vec<u32>,
    /// Position reached in the current phase.
    at: u64,
    /// The exact moment and the exact variance of one variable.
    pub exact: f64,
    pub variance: f64,
    sq_sum: f64,
    pub distinct: u64,
    run: usize,
    pub result: ScaleResult,
}

impl ScaleRun {
    /// A run over a generated stream, or over `text_ids` (with `universe` distinct words) when
    /// the source is text.
    pub fn new(spec: ScaleSpec, text_ids: Option<(Vec<u32>, u64)>) -> ScaleRun {
        let (values, universe, phase) = match (spec.source, text_ids) {
            (Source::Text, Some((ids, u))) => (ids, u, Phase::Count),
            _ => (Vec::with_capacity(spec.length as usize), UNIVERSE, Phase::Generate),
        };
        let length = if phase == Phase::Count { values.len() as u64 } else { spec.length };
        let spec = ScaleSpec { length, ..spec };
        ScaleRun {
            spec,
            phase,
            universe,
            values,
            from_here: Vec::new(),
            totals: vec![0; universe as usize],
            at: 0,
            exact: 0.0,
            variance: 0.0,
            sq_sum: 0.0,
            distinct: 0,
            run: 0,
            result: ScaleResult { combined: Vec::new(), mean: Vec::new(), ladder: Vec::new() },
        }
    }

    pub fn length(&self) -> u64 {
        self.spec.length
    }

    /// Units in all: generating, counting, and the variables of every run.
    pub fn ops_total(&self) -> u64 {
        let generate = if self.spec.source == Source::Text { 0 } else { self.spec.length };
        generate + self.spec.length + RUNS as u64 * self.spec.s
    }

    pub fn ops_done(&self) -> u64 {
        let generate = if self.spec.source == Source::Text { 0 } else { self.spec.length };
        match self.phase {
            Phase::Generate => self.at,
            Phase::Count => generate + self.at,
            Phase::Runs => generate + self.spec.length + self.run as u64 * self.spec.s,
            Phase::Done => self.ops_total(),
        }
    }

    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// Generates whole blocks of `BLOCK` elements, each from its own seed, so the stream is the
    /// same however the work is sliced.
    fn generate(&mut self, budget: u64) -> u64 {
        let mut done = 0;
        while done < budget.max(1) && self.at < self.spec.length {
            let n = BLOCK.min(self.spec.length - self.at);
            let seed = self.spec.seed ^ (self.at / BLOCK + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            match self.spec.source {
                Source::Zipf => {
                    self.values.extend(zipf_stream(seed, n, self.universe, self.spec.zipf).iter().map(|r| r - 1))
                }
                _ => {
                    let mut rng = fastrand::Rng::with_seed(seed);
                    self.values.extend((0..n).map(|_| rng.u32(0..self.universe as u32)));
                }
            }
            self.at += n;
            done += n;
        }
        if self.at >= self.spec.length {
            self.phase = Phase::Count;
            self.at = 0;
        }
        done
    }

    /// The backward pass: position p's count from p on is its element's total over p ..= n.
    fn count(&mut self, budget: u64) -> u64 {
        let len = self.values.len() as u64;
        if self.from_here.len() != self.values.len() {
            self.from_here = vec![0; self.values.len()];
        }
        let n = budget.min(len - self.at);
        let nf = len as f64;
        let k = self.spec.k;
        for i in 0..n {
            let p = (len - 1 - (self.at + i)) as usize;
            let v = self.values[p] as usize;
            self.totals[v] += 1;
            let c = self.totals[v];
            self.from_here[p] = c;
            let x = nf * ams_value(1, c as u64, k) as f64;
            self.sq_sum += x * x;
        }
        self.at += n;
        if self.at >= len {
            self.exact = self.totals.iter().map(|&c| (c as f64).powi(k as i32)).sum();
            self.distinct = self.totals.iter().filter(|&&c| c > 0).count() as u64;
            self.variance = (self.sq_sum / nf.max(1.0) - self.exact * self.exact).max(0.0);
            self.phase = if len == 0 { Phase::Done } else { Phase::Runs };
            self.at = 0;
        }
        n
    }

    fn one_run(&mut self) -> u64 {
        let s = self.spec.s.max(1) as usize;
        let n = self.values.len();
        let nf = n as f64;
        let mut rng = fastrand::Rng::with_seed(self.spec.seed.wrapping_add(0x5151).wrapping_mul(self.run as u64 + 1));
        let xs: Vec<f64> =
            (0..s).map(|_| nf * ams_value(1, self.from_here[rng.usize(0..n)] as u64, self.spec.k) as f64).collect();
        let exact = self.exact.max(f64::MIN_POSITIVE);
        let mean = xs.iter().sum::<f64>() / s as f64;
        self.result.mean.push(mean / exact - 1.0);
        self.result.combined.push(median_of_means(&xs, self.spec.groups) / exact - 1.0);
        // The error of the mean of the first s' variables, for the ladder.
        let ladder = ladder(s as u64);
        if self.result.ladder.is_empty() {
            self.result.ladder = ladder.iter().map(|&l| (l, 0.0)).collect();
        }
        let mut prefix = 0.0;
        let mut taken = 0usize;
        for (slot, &l) in ladder.iter().enumerate() {
            while taken < l as usize {
                prefix += xs[taken];
                taken += 1;
            }
            let e = prefix / l as f64 / exact - 1.0;
            self.result.ladder[slot].1 += e * e;
        }
        self.run += 1;
        if self.run >= RUNS {
            for entry in &mut self.result.ladder {
                entry.1 = (entry.1 / RUNS as f64).sqrt();
            }
            self.phase = Phase::Done;
        }
        s as u64
    }

    /// The theoretical relative standard error of the mean of s' variables: sqrt(Var X / s') / F_k.
    pub fn theory_error(&self, s: f64) -> f64 {
        (self.variance / s.max(1.0)).sqrt() / self.exact.max(f64::MIN_POSITIVE)
    }
}

impl crate::engine::sliced::Sliced for ScaleRun {
    /// Does up to about `units` units of work; returns the units done.
    fn work(&mut self, units: u64) -> u64 {
        let units = units.max(1);
        let mut done = 0;
        while done < units && self.phase != Phase::Done {
            done += match self.phase {
                Phase::Generate => self.generate(units - done),
                Phase::Count => self.count(units - done),
                Phase::Runs => self.one_run(),
                Phase::Done => 0,
            };
        }
        done
    }
    fn is_done(&self) -> bool {
        ScaleRun::is_done(self)
    }
    fn ops_done(&self) -> u64 {
        ScaleRun::ops_done(self)
    }
    fn ops_total(&self) -> u64 {
        ScaleRun::ops_total(self)
    }
}

/// The numbers of variables the error-against-s chart uses: 1, 3, 10, 30, … up to s, and s.
pub fn ladder(s: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut v = 1u64;
    while v < s {
        out.push(v);
        out.push(v * 3);
        v *= 10;
    }
    out.retain(|&x| x < s);
    out.push(s.max(1));
    out
}
