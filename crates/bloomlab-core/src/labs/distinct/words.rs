//! The practice panels' sentences, computed: where the slides' recipe settles (never at n), what
//! an exact count costs, and the register counts at which PCSA and LogLog break down.

use super::bias::{settled_median, TailFacts};
use super::sketches::SketchRun;
use crate::engine::sketches::Sketch;
use crate::text::{count_of, format_bits, group_digits, trim_float};

/// For each group size, where the median of group means settles with ever more groups, over n.
pub fn settled(n: u64, w: u32, groups: &[u64]) -> Vec<(u64, f64)> {
    groups.iter().map(|&g| (g, settled_median(n, w, g))).collect()
}

/// Why no limit makes the slides' recipe exact, with the slides' group size (a multiple of
/// log₂ of the universe's size), and what practice uses instead.
pub fn bias_limit_text(facts: &TailFacts, settled: &[(u64, f64)], universe: u64) -> String {
    let at: Vec<String> = settled.iter().map(|(g, r)| format!("{}·n for groups of {g}", trim_float(*r, 2))).collect();
    format!(
        "The slides suggest groups of a small multiple of log₂ of the universe's size (log₂ {} ≈ {} here), \
         sizes at which the drift is already large. No limit gives n: with ever more groups of a fixed size, \
         the median of the group means settles at the median of one group's mean, {} (computed from R's \
         distribution); with ever larger groups each group's mean tends to E[2^R] ≈ {}·n. In short, the slides' \
         recipe is the median of group means of raw 2^R from many hash functions; practice uses one hash with \
         many registers — PCSA, LogLog or HyperLogLog — each with its bias correction.",
        group_digits(universe),
        trim_float((universe.max(1) as f64).log2(), 1),
        at.join(", "),
        trim_float(facts.mean_ratio, 1)
    )
}

/// What counting exactly takes, next to the page's own bitmap.
pub fn exact_memory_text(truth: u64, universe: u64) -> String {
    let list = truth.saturating_mul(64);
    format!(
        "Counting exactly means telling every value seen apart. A list of the first run's {} \
         as 64-bit values takes {}; when the universe of values is small and known, a bitmap with one bit per \
         possible value takes {}, {}× less here (it is how these runs count the truth). The list grows with the \
         number of distinct elements and the bitmap with the universe; a sketch keeps its m registers whatever \
         the count.",
        count_of(truth, "distinct element", "distinct elements"),
        format_bits(list),
        format_bits(universe),
        trim_float(list as f64 / universe.max(1) as f64, 1)
    )
}

/// Where theory stops holding for PCSA and LogLog, from the measured errors.
pub fn breakdown_text(run: &SketchRun, truth: u64) -> String {
    let pct = |v: f64| format!("{} %", trim_float(100.0 * v, 1));
    let part = |s: Sketch| match run.breakdown(s) {
        Some((m, err, theory)) => format!(
            "{} from m = {} registers ({} off, theory {}; {} the count)",
            s.title(),
            group_digits(m as u64),
            pct(err),
            pct(theory),
            if (m as u64) < truth { "below" } else { "not below" }
        ),
        None => format!("{} at none of these register counts", s.title()),
    };
    format!(
        "Theory (dashed) holds while the count is well above m. As m nears the count, most registers see few \
         elements and PCSA and LogLog break down — measured to be off by more than twice their theory: {}; {}, \
         with n = {} distinct elements in the first run. HyperLogLog instead counts empty registers while many \
         are empty.",
        part(Sketch::Pcsa),
        part(Sketch::LogLog),
        group_digits(truth)
    )
}
