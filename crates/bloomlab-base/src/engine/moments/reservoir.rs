//! Keeping s AMS variables on a stream that never ends: position n is chosen with probability
//! s/n and takes the place of a random current variable (reservoir sampling). Every one of the
//! first n positions is then held with probability s/n.

use crate::engine::stats::{wilson, Z95};

/// One arrival after the reservoir is full.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrival {
    /// 1-based position of the arriving element.
    pub position: usize,
    /// The chance s/position it is chosen with.
    pub chance: f64,
    /// The uniform number drawn for the choice: chosen when below `chance`.
    pub draw: f64,
    /// Which slot it replaced, when chosen.
    pub replaced: Option<usize>,
    /// The positions held after this arrival, slot by slot.
    pub slots: Vec<usize>,
}

/// A seeded run of a reservoir of `s` slots over positions 1 ..= n: the slots after the first s
/// positions, then every later arrival.
pub fn run(n: usize, s: usize, seed: u64) -> (Vec<usize>, Vec<Arrival>) {
    let s = s.max(1);
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut slots: Vec<usize> = (1..=s.min(n)).collect();
    let first = slots.clone();
    let mut arrivals = Vec::new();
    for position in s + 1..=n {
        let chance = s as f64 / position as f64;
        let draw = rng.f64();
        let replaced = (draw < chance).then(|| rng.usize(0..s));
        if let Some(j) = replaced {
            slots[j] = position;
        }
        arrivals.push(Arrival { position, chance, draw, replaced, slots: slots.clone() });
    }
    (first, arrivals)
}

/// The slide's argument for position j of n with s slots, as the factors of a product: the
/// chance j is chosen when it arrives (1 for the first s), then for every later position i the
/// chance i does not evict it, 1 − (s/i)(1/s) = (i − 1)/i. Each factor is (numerator,
/// denominator); the product telescopes to s/n.
pub fn argument(j: usize, s: usize, n: usize) -> Vec<(u64, u64)> {
    let s = s.max(1);
    let mut factors = vec![if j <= s { (1, 1) } else { (s as u64, j as u64) }];
    for i in j.max(s) + 1..=n {
        factors.push((i as u64 - 1, i as u64));
    }
    factors
}

/// The product of the factors.
pub fn product(factors: &[(u64, u64)]) -> f64 {
    factors.iter().map(|&(a, b)| a as f64 / b.max(1) as f64).product()
}

/// How often each position 1 ..= n ended in the reservoir over `runs` seeded runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Inclusion {
    pub n: usize,
    pub s: usize,
    pub runs: u64,
    /// Runs in which position j + 1 was held at the end.
    pub held: Vec<u64>,
}

impl Inclusion {
    pub fn measure(n: usize, s: usize, runs: u64, seed: u64) -> Inclusion {
        let s = s.max(1);
        let mut held = vec![0u64; n];
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut slots = Vec::with_capacity(s);
        for _ in 0..runs {
            slots.clear();
            slots.extend(1..=s.min(n));
            for position in s + 1..=n {
                if rng.usize(0..position) < s {
                    let j = rng.usize(0..s);
                    slots[j] = position;
                }
            }
            for &p in &slots {
                held[p - 1] += 1;
            }
        }
        Inclusion { n, s, runs, held }
    }

    /// The measured frequency of position `j` (1-based) and its 95 % interval.
    pub fn measured(&self, j: usize) -> (f64, (f64, f64)) {
        let h = self.held.get(j.wrapping_sub(1)).copied().unwrap_or(0);
        (h as f64 / self.runs.max(1) as f64, wilson(h, self.runs, Z95))
    }

    /// s/n, or 1 while the stream is no longer than the reservoir.
    pub fn theory(&self) -> f64 {
        (self.s as f64 / self.n.max(1) as f64).min(1.0)
    }
}
