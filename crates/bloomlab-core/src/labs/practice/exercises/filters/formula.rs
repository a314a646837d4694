//! `fp-formula`: the false-positive rate (1 − e^(−kn/m))^k for given m, n and k, typed to within
//! 2 % of its value; then the best whole k for that m and n.

use crate::engine::formulas::{approx, optimal_k, zero_fraction_approx};
use crate::labs::practice::drill::Drill;
use crate::labs::practice::step::{Answer, DrillStep, Form, Mistake, Words, Wrong};
use crate::text::{group_digits, trim_float};

pub const NO_POWER: Mistake = Mistake { id: "no-power", name: "The k-th power left out" };
pub const ZEROS: Mistake = Mistake { id: "zeros", name: "The fraction of 0s" };
pub const NO_K_IN_EXPONENT: Mistake = Mistake { id: "no-k-exponent", name: "k left out of the exponent" };
pub const UNION_BOUND: Mistake = Mistake { id: "union-bound", name: "Skiena's bound instead of the rate" };
pub const INVERTED: Mistake = Mistake { id: "inverted", name: "n/m for m/n" };
pub const NO_LN2: Mistake = Mistake { id: "no-ln2", name: "ln 2 left out" };
pub const OTHER_ROUNDING: Mistake = Mistake { id: "other-rounding", name: "Rounded the other way" };
// The catalogue: each mistake above and what it gets wrong (`catalogue!`).
crate::labs::practice::exercises::catalogue! {
    (NO_POWER, "1 − e^(−kn/m) is the chance that one bit is 1; a false positive needs all k bits, so raise it to the power k."),
    (ZEROS, "e^(−kn/m) is the fraction of bits still 0; a false positive needs 1s: (1 − e^(−kn/m))^k."),
    (NO_K_IN_EXPONENT, "each of the n items sets k bits, so kn darts are thrown at m targets: e^(−kn/m), not e^(−n/m)."),
    (UNION_BOUND, "(kn/m)^k bounds the rate from above, counting every set bit as if none collided; the rate itself is (1 − e^(−kn/m))^k."),
    (INVERTED, "the best k is (m/n)·ln 2: more bits per item allow more hash functions."),
    (NO_LN2, "the best k is (m/n)·ln 2 ≈ 0.69·m/n, not m/n."),
    (OTHER_ROUNDING, "of the two whole numbers around (m/n)·ln 2, the best k is the one with the lower rate: compare both."),
}

/// The relative tolerance of a typed rate.
pub const TOLERANCE: f64 = 0.02;

/// An `fp-formula` problem: a filter of m bits holding n items with k hash functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormulaProblem {
    pub m: u64,
    pub n: u64,
    pub k: u32,
}

impl Drill for FormulaProblem {
    const MISTAKES: &'static [Mistake] = MISTAKES;
    const WHY: &'static [&'static str] = WHY;

    /// m, n and k for `level`.
    fn draw(level: u64, rng: &mut fastrand::Rng) -> FormulaProblem {
        let n = match level {
            1 => rng.u64(2..=10) * 10,
            2 => rng.u64(10..=100) * 10,
            _ => rng.u64(10..=1000) * 100,
        };
        let bits_per_item = rng.u64(4..=12);
        FormulaProblem { m: n * bits_per_item, n, k: rng.u32(1..=6) }
    }

    /// Two steps: the rate, then the best k.
    fn steps(&self) -> usize {
        2
    }

    fn step_as<W: Words>(&self, i: usize, _prior: &[Answer], w: W) -> DrillStep {
        step(i, *self, w)
    }

    fn json(&self) -> String {
        let FormulaProblem { m, n, k } = self;
        format!("{{\"m\": {m}, \"n\": {n}, \"k\": {k}}}")
    }

    fn statement(&self) -> String {
        let FormulaProblem { m, n, k } = self;
        format!("m = {m} bits, n = {n} items, k = {k} hash functions.")
    }
}

/// Step 0 (the rate) or 1 (the best k).
fn step<W: Words>(i: usize, FormulaProblem { m, n, k }: FormulaProblem, w: W) -> DrillStep {
    let (mf, nf, kf) = (m as f64, n as f64, k as f64);
    if i == 0 {
        let rate = approx(m, n, k);
        let one = 1.0 - zero_fraction_approx(m, n, k);
        let decimal = |v: f64| Answer::Decimal(v);
        return DrillStep::new(
            w.say(|| {
                format!(
                    "m = {} bits, n = {} items, k = {k}: the false-positive rate (1 − e^(−kn/m))^k, to within 2 %.",
                    group_digits(m),
                    group_digits(n)
                )
            }),
            Form::Decimal { field: "rate", tolerance: TOLERANCE * rate },
            decimal(rate),
            w.say(|| {
                format!(
                    "kn/m = {}; e^(−{0}) = {}; 1 − that = {}; to the power {k}: {}.",
                    trim_float(kf * nf / mf, 4),
                    trim_float(1.0 - one, 4),
                    trim_float(one, 4),
                    trim_float(rate, 6)
                )
            }),
            vec![
                Wrong { answer: decimal(one), mistake: NO_POWER },
                Wrong { answer: decimal(1.0 - one), mistake: ZEROS },
                Wrong { answer: decimal((1.0 - (-nf / mf).exp()).powf(kf)), mistake: NO_K_IN_EXPONENT },
                Wrong { answer: decimal((kf * nf / mf).powf(kf)), mistake: UNION_BOUND },
            ],
        );
    }
    let best = optimal_k(m, n, 64) as u64;
    let real = mf / nf * std::f64::consts::LN_2;
    let other = if (best as f64) < real { best + 1 } else { best.saturating_sub(1) };
    DrillStep::new(
        w.say(|| {
            format!(
                "The best whole number of hash functions k for m = {} and n = {}.",
                group_digits(m),
                group_digits(n)
            )
        }),
        Form::Whole { field: "k" },
        Answer::Whole(best),
        w.say(|| {
            format!(
                "(m/n)·ln 2 = {} · 0.693 = {}; of {} and {}, k = {best} gives the lower rate ({} against {}).",
                trim_float(mf / nf, 3),
                trim_float(real, 3),
                real.floor(),
                real.ceil(),
                trim_float(approx(m, n, best as u32), 6),
                trim_float(approx(m, n, other.max(1) as u32), 6)
            )
        }),
        vec![
            Wrong { answer: Answer::Whole(other), mistake: OTHER_ROUNDING },
            Wrong { answer: Answer::Whole((nf / mf * std::f64::consts::LN_2).round() as u64), mistake: INVERTED },
            Wrong { answer: Answer::Whole((mf / nf).round() as u64), mistake: NO_LN2 },
        ],
    )
}
