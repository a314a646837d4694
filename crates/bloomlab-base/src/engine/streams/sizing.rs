//! Sizing a count-min sketch (Cormode and Muthukrishnan, 2005): with w = ⌈e/ε⌉ counters per row
//! and d = ⌈ln 1/δ⌉ rows, an item's estimate is at most its true count plus εN (N the arrivals)
//! with probability at least 1 − δ. Each row over-counts by (N − f_x)/w on average, so by Markov's
//! inequality it over-counts by more than εN = e·N/w with probability at most 1/e; the d rows'
//! hashes are independent, so all d do with probability at most e^−d ≤ δ.
//!
//! Both ways: a guarantee (ε, δ) gives the shape (w, d), and a shape gives the guarantee it
//! buys, ε = e/w and δ = e^−d. The ceilings allow for rounding, so that a shape's own ε and δ
//! give that shape back.

use std::f64::consts::E;

/// A sketch's shape with the guarantee it buys.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sizing {
    pub w: u64,
    pub d: u64,
    /// e / w.
    pub epsilon: f64,
    /// e^−d.
    pub delta: f64,
}

/// `x` rounded up, but a value within rounding error of a whole number is that number.
fn ceil_tolerant(x: f64) -> f64 {
    let r = x.round();
    if (x - r).abs() <= 1e-9 * r.abs().max(1.0) {
        r
    } else {
        x.ceil()
    }
}

/// w = ⌈e/ε⌉ (at least 1; a w past 2^64 − 1 is that); `None` unless ε is a number above 0.
pub fn width(epsilon: f64) -> Option<u64> {
    (epsilon.is_finite() && epsilon > 0.0).then(|| (ceil_tolerant(E / epsilon) as u64).max(1))
}

/// d = ⌈ln 1/δ⌉ (at least 1); `None` unless 0 < δ ≤ 1.
pub fn depth(delta: f64) -> Option<u64> {
    (delta > 0.0 && delta <= 1.0).then(|| (ceil_tolerant(-delta.ln()) as u64).max(1))
}

/// The ε a width buys: e / w (w of 0 is read as 1).
pub fn epsilon(w: u64) -> f64 {
    E / w.max(1) as f64
}

/// The δ a depth buys: e^−d.
pub fn delta(d: u64) -> f64 {
    (-(d as f64)).exp()
}

/// The bound εN on an estimate's excess, for width `w` after `n` arrivals: e·N/w.
pub fn bound(w: u64, n: u64) -> f64 {
    epsilon(w) * n as f64
}

impl Sizing {
    /// The shape a guarantee (ε, δ) needs; `None` when either is out of range.
    pub fn for_guarantee(epsilon: f64, delta: f64) -> Option<Sizing> {
        Some(Sizing::of_shape(width(epsilon)?, depth(delta)?))
    }

    /// The guarantee a shape (w, d) buys.
    pub fn of_shape(w: u64, d: u64) -> Sizing {
        let (w, d) = (w.max(1), d.max(1));
        Sizing { w, d, epsilon: epsilon(w), delta: delta(d) }
    }

    /// The counters the shape keeps: w·d.
    pub fn counters(&self) -> u64 {
        self.w.saturating_mul(self.d)
    }

    /// The bound εN after `n` arrivals.
    pub fn bound(&self, n: u64) -> f64 {
        self.epsilon * n as f64
    }
}
