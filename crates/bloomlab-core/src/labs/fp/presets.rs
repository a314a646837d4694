//! The FP lab's presets: settings from the course material, with the numbers each source states, computed.

use super::*;
use crate::engine::formulas;
use crate::labs::fp::experiment::{MEASURE_MAX_M, MEASURE_MAX_N};
use crate::text::{format_probability, group_digits, trim_float};

pub use crate::link::preset::Preset;

/// A preset from the view's parameters (values already encoded).
fn preset(id: &'static str, title: &'static str, pairs: &[(&str, String)], caption: String) -> Preset {
    let params = crate::link::query::build(pairs).trim_start_matches('?').to_string();
    Preset { id, title, caption, params }
}

/// The links to settings from the course material.
pub fn presets() -> Vec<Preset> {
    vec![mmds(), darts(), mlbf(), skiena()]
}

/// MMDS: 8 billion bits, 1 billion items.
fn mmds() -> Preset {
    let (m8, n1) = (8_000_000_000u64, 1_000_000_000u64);
    let mmds: Vec<String> =
        (1..=4).map(|k| format!("k = {k}: {}", trim_float(formulas::approx(m8, n1, k), 6))).collect();
    preset(
        "mmds",
        "MMDS: 8 billion bits, 1 billion items",
        &[
            ("m", m8.to_string()),
            ("n", n1.to_string()),
            ("k", "1".into()),
            ("x", "k".into()),
            ("formulas", "approx,finite".into()),
        ],
        format!("The book's example, approx: {}.", mmds.join(", ")),
    )
}

/// The slides' darts.
fn darts() -> Preset {
    let (md, nd, kd) = (1_000_000_000u64, 100_000_000u64, 5u32);
    let zeros = formulas::zero_fraction_approx(md, nd, kd);
    let ones = 1.0 - zeros;
    let rounded = (ones * 1000.0).round() / 1000.0;
    preset(
        "darts",
        "Slides: darts, 10⁹ bits, 5 hashes, 10⁸ items",
        &[
            ("m", md.to_string()),
            ("n", nd.to_string()),
            ("k", kd.to_string()),
            ("x", "n".into()),
            ("formulas", "approx,finite".into()),
        ],
        format!(
            "Fraction of 0s e^(−kn/m) = e^(−1/2) = {}, of 1s {}; FP = {}^5 = {}. The slide prints {} because it rounds the 1s to {} first ({}^5 = {}).",
            trim_float(zeros, 6),
            trim_float(ones, 6),
            trim_float(ones, 6),
            trim_float(formulas::approx(md, nd, kd), 7),
            trim_float(rounded.powi(5), 5),
            trim_float(rounded, 3),
            trim_float(rounded, 3),
            trim_float(rounded.powi(5), 6),
        ),
    )
}

/// The MLBF paper's setup.
fn mlbf() -> Preset {
    let approx = formulas::approx;
    let (mm, nm, km, layers) = (16_829_152u64, 3_537_380u64, 3u32, 4u32);
    let one_layer = approx(mm, nm, km);
    let big = (layers as u64 + 1) * mm;
    let big_k = formulas::optimal_k(big, nm, MAX_K);
    preset(
        "mlbf",
        "MLBF paper: k = 3, m = 16,829,152, L = 4, 3,537,380 URLs",
        &[
            ("m", mm.to_string()),
            ("n", nm.to_string()),
            ("k", km.to_string()),
            ("x", "n".into()),
            ("log", "1".into()),
            ("formulas", "approx,mlbf".into()),
            ("layers", layers.to_string()),
        ],
        format!(
            "One layer: approx = {} (the paper's target is 0.1); L = 4 layers: approx^4 = {}. A fair comparison: the MLBF uses (L+1)·m = {} bits, and one classic filter of that size gives {} with k = 3, {} with its best k = {}.",
            trim_float(one_layer, 4),
            format_probability(formulas::mlbf(mm, nm, km, layers)),
            group_digits(big),
            format_probability(approx(big, nm, km)),
            format_probability(approx(big, nm, big_k)),
            big_k
        ),
    )
}

/// Skiena: load 5%.
fn skiena() -> Preset {
    let approx = formulas::approx;
    let (ms, ns) = (2000u64, 100u64);
    let bound: Vec<String> = (1..=5).map(|k| trim_float(formulas::skiena(ms, ns, k), 10)).collect();
    let usual: Vec<String> = (1..=5).map(|k| trim_float(approx(ms, ns, k), 6)).collect();
    preset(
        "skiena",
        "Skiena's figure: load 5%, k = 1 … 5",
        &[
            ("m", ms.to_string()),
            ("n", ns.to_string()),
            ("k", "5".into()),
            ("x", "k".into()),
            ("log", "1".into()),
            ("formulas", "approx,skiena".into()),
        ],
        format!(
            "Skiena's bound (k·n/m)^k at k = 1 … 5: {} (k = 1 is {}× worse than k = 5); the usual formula: {} ({}×).",
            bound.join(", "),
            trim_float(formulas::skiena(ms, ns, 1) / formulas::skiena(ms, ns, 5), 1),
            usual.join(", "),
            trim_float(approx(ms, ns, 1) / approx(ms, ns, 5), 1),
        ),
    )
}

/// The measurement limits, as the page states them.
pub fn measure_limits() -> String {
    format!(
        "Measurements are limited to filters of at most {} bits and {} items, so that a whole plot measures in about a second; larger settings (like the book's and the paper's) are theory only. Each point is one filter: its 95% interval covers the luck of the probes, not how far that one filter's fill is from the average, so with small m the points scatter around the curves by more than their intervals.",
        group_digits(MEASURE_MAX_M),
        group_digits(MEASURE_MAX_N)
    )
}
