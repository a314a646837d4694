//! Each sketch's errors over every item of the stream, against the bound εN: how far the
//! estimates land from the true counts (count-min and the counting filter only ever too high, the
//! count sketch either way).

use super::feed::Summaries;
use super::stream::Stream;
use crate::engine::streams::sizing;

/// The sketches compared, with their `data-sketch` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sketch {
    /// Count-min, standard update (`cm`).
    CountMin,
    /// Count-min, conservative update (`cm-cu`).
    Conservative,
    /// Count sketch (`cs`).
    CountSketch,
    /// The counting Bloom filter of the same memory (`cbf`).
    Counting,
}

impl Sketch {
    pub const ALL: [Sketch; 4] = [Sketch::CountMin, Sketch::Conservative, Sketch::CountSketch, Sketch::Counting];

    /// The hooks' name (`data-sketch`).
    pub const fn name(self) -> &'static str {
        match self {
            Sketch::CountMin => "cm",
            Sketch::Conservative => "cm-cu",
            Sketch::CountSketch => "cs",
            Sketch::Counting => "cbf",
        }
    }

    pub const fn title(self) -> &'static str {
        match self {
            Sketch::CountMin => "count-min",
            Sketch::Conservative => "count-min, conservative update",
            Sketch::CountSketch => "count sketch",
            Sketch::Counting => "counting Bloom filter, same memory",
        }
    }

    /// This sketch's estimate of `item` in `s`.
    pub fn estimate(self, s: &Summaries, item: &[u8]) -> f64 {
        match self {
            Sketch::CountMin => s.cm.estimate(item) as f64,
            Sketch::Conservative => s.cu.estimate(item) as f64,
            Sketch::CountSketch => s.cs.estimate(item),
            Sketch::Counting => s.cbf_estimate(item) as f64,
        }
    }
}

/// One sketch's errors (estimate − true count) over the items.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Errors {
    pub sketch: Sketch,
    /// Items measured.
    pub items: u64,
    pub mean: f64,
    /// The largest error above the true count (0 when none is above).
    pub most_over: f64,
    /// The largest error below the true count, as a positive number (0 when none is below).
    pub most_under: f64,
    /// The share of items whose error is larger than εN in size.
    pub beyond_bound: f64,
}

/// The true counts among the first `n` arrivals.
pub fn prefix_counts(stream: &Stream, n: usize) -> Vec<u64> {
    if n >= stream.len() {
        return stream.counts().to_vec();
    }
    let mut counts = vec![0u64; stream.names().len()];
    for &id in &stream.ids()[..n] {
        if let Some(c) = counts.get_mut(id as usize) {
            *c += 1;
        }
    }
    counts
}

/// Every sketch's errors over the items that arrived among the summaries' N arrivals, against
/// εN = e·N/w.
pub fn measure(stream: &Stream, s: &Summaries) -> Vec<Errors> {
    let n = s.cm.total();
    let counts = prefix_counts(stream, n as usize);
    let bound = sizing::bound(s.cm.w(), n);
    Sketch::ALL
        .iter()
        .map(|&sketch| {
            let mut e = Errors { sketch, items: 0, mean: 0.0, most_over: 0.0, most_under: 0.0, beyond_bound: 0.0 };
            let (mut sum, mut beyond) = (0.0, 0u64);
            for (id, &f) in counts.iter().enumerate().filter(|(_, &f)| f > 0) {
                let err = sketch.estimate(s, stream.name(id as u32).as_bytes()) - f as f64;
                e.items += 1;
                sum += err;
                e.most_over = e.most_over.max(err);
                e.most_under = e.most_under.max(-err);
                beyond += (err.abs() > bound) as u64;
            }
            if e.items > 0 {
                e.mean = sum / e.items as f64;
                e.beyond_bound = beyond as f64 / e.items as f64;
            }
            e
        })
        .collect()
}
