//! The window view (`view=window`, issue 36): DGIM buckets counting the 1s among the last N
//! bits of a typed or generated stream, stepped one arrival at a time (`t`), with the true count
//! beside the estimate, the error bound, the memory against the N bits an exact count needs, and
//! the errors measured at every t (`measure`). The buckets themselves are
//! `engine::streams::dgim`.

pub mod bits;
mod chart;
mod link;
pub mod measure;
pub mod params;
mod walk;

#[cfg(test)]
mod tests;

use std::rc::Rc;

use crate::engine::streams::dgim::{self, Arrival, Dgim};
pub use measure::{ErrorRun, WindowErrors};
pub use params::PARAMS;
pub use walk::Span;

/// Everything the view shows, read from the link.
#[derive(Clone, Debug, PartialEq)]
pub struct WindowLab {
    /// The stream, oldest bit first.
    pub bits: Rc<Vec<bool>>,
    /// Whether the stream was generated (`p`, `length`, `seed`) rather than typed.
    pub generated: bool,
    pub p: f64,
    pub length: u64,
    pub seed: u64,
    /// N.
    pub window: u64,
    pub r: u32,
    /// Bits arrived so far (0 ..= the stream's length).
    pub t: u64,
}

/// Memory in bits: the buckets' now and at most, and the window's N bits kept exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Memory {
    pub now: u64,
    pub most: u64,
    pub exact: u64,
}

/// The error bounds for this r, and the worst error possible with the buckets at t.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// MMDS's statement: ½ for r = 2, 1/(r − 1) beyond.
    pub book: f64,
    /// The least upper bound once the oldest bucket has size 2 or more.
    pub past_size_one: f64,
    /// The worst relative error possible with the oldest bucket at t (0 without buckets).
    pub now: f64,
}

impl WindowLab {
    /// The stream's length.
    pub fn len(&self) -> u64 {
        self.bits.len() as u64
    }
    pub fn is_empty(&self) -> bool {
        self.bits.is_empty()
    }

    /// The stream as text, for the form.
    pub fn bits_text(&self) -> String {
        bits::text(&self.bits)
    }

    /// The buckets after the first `t` bits (at most the stream's length).
    pub fn dgim_at(&self, t: u64) -> Dgim {
        let mut d = Dgim::new(self.window, self.r);
        for &b in self.bits.iter().take(t.min(self.len()) as usize) {
            d.push(b);
        }
        d
    }

    /// The buckets at the stepper's place.
    pub fn dgim(&self) -> Dgim {
        self.dgim_at(self.t)
    }

    /// Arrival number `t` (1-based) and what it did, with the buckets after it; `None` for t = 0
    /// or past the end.
    pub fn arrival_at(&self, t: u64) -> Option<(Arrival, Dgim)> {
        let bit = *self.bits.get(t.checked_sub(1)? as usize)?;
        let mut d = self.dgim_at(t - 1);
        let a = d.step(bit);
        Some((a, d))
    }

    /// The 1s among the last N of the first `t` bits.
    pub fn true_count(&self, t: u64) -> u64 {
        let end = t.min(self.len()) as usize;
        let start = end.saturating_sub(self.window as usize);
        self.bits[start..end].iter().filter(|&&b| b).count() as u64
    }

    /// The `dgim-buckets` hook's `data-buckets`: `size@timestamp`, newest first.
    pub fn buckets_text(d: &Dgim) -> String {
        d.buckets().map(|b| format!("{}@{}", b.size, b.timestamp)).collect::<Vec<_>>().join(",")
    }

    /// The memory the buckets take at t, at most, and the window's.
    pub fn memory(&self) -> Memory {
        self.memory_of(&self.dgim())
    }

    /// The memory the buckets `d` take, at most, and the window's.
    pub fn memory_of(&self, d: &Dgim) -> Memory {
        Memory { now: d.memory_bits(), most: dgim::max_memory_bits(self.window, self.r), exact: self.window }
    }

    /// The error bounds at t.
    pub fn bounds(&self) -> Bounds {
        self.bounds_of(&self.dgim())
    }

    /// The error bounds with the buckets `d`.
    pub fn bounds_of(&self, d: &Dgim) -> Bounds {
        let now = d.oldest().map_or(0.0, |b| dgim::worst_relative_error(self.r, b.size.trailing_zeros()));
        Bounds { book: dgim::book_bound(self.r), past_size_one: dgim::bound_past_size_one(self.r), now }
    }

    /// A run measuring the estimate's error at every t of the stream.
    pub fn error_run(&self) -> ErrorRun {
        ErrorRun::new(self.bits.clone(), self.window, self.r)
    }

    /// The stream measured at scale: the generated one (`p`, `length`, `seed`) whether or not
    /// the walkthrough steps through it, so a typed example keeps a stream worth measuring.
    pub fn scale_bits(&self) -> Rc<Vec<bool>> {
        if self.generated {
            return self.bits.clone();
        }
        Rc::new(bits::generate(self.p, self.length, self.seed))
    }

    /// The run measuring the error at every t of `scale_bits`.
    pub fn scale_run(&self) -> ErrorRun {
        ErrorRun::new(self.scale_bits(), self.window, self.r)
    }
}
