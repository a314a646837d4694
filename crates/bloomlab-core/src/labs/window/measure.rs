//! The estimate's error at every t of a stream, measured in slices: the relative error against
//! the true count of 1s in the window (t where the window holds none are not counted: the
//! estimate is then 0 and right), and the most buckets and memory the run needed.
//!
//! The largest error of almost any stream is 50 %, at a t whose window holds a single 1 (its
//! only bucket, of size 1, counts ½), so the run also keeps the largest error once the oldest
//! bucket has size 2 or more, to set against `dgim::bound_past_size_one`.

use std::rc::Rc;

use crate::engine::sliced::Sliced;
use crate::engine::streams::dgim::Dgim;

/// What the run measured.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WindowErrors {
    /// The t (1 ..) whose window holds at least one 1.
    pub measured: u64,
    pub mean_relative: f64,
    pub max_relative: f64,
    /// The first t with the largest relative error (0 when nothing was measured).
    pub worst_t: u64,
    pub max_absolute: f64,
    /// The largest relative error at the t where the oldest bucket has size 2 or more.
    pub max_past_size_one: f64,
    /// The most buckets at any t, and their memory in bits.
    pub most_buckets: u64,
    pub most_memory_bits: u64,
}

/// The run over every t of a stream.
#[derive(Clone, Debug, PartialEq)]
pub struct ErrorRun {
    bits: Rc<Vec<bool>>,
    dgim: Dgim,
    /// The 1s among the last N bits.
    ones: u64,
    sum_relative: f64,
    errors: WindowErrors,
    /// The largest relative error in each of `PROFILE_BINS` (or fewer) equal stretches of t.
    profile: Vec<f64>,
}

/// Stretches of t the error profile (the chart's line) has at most.
pub const PROFILE_BINS: usize = 200;

impl ErrorRun {
    /// A run over `bits` with a window of `window` bits and `r` buckets of each size.
    pub fn new(bits: Rc<Vec<bool>>, window: u64, r: u32) -> ErrorRun {
        let bins = bits.len().clamp(1, PROFILE_BINS);
        let (dgim, errors) = (Dgim::new(window, r), WindowErrors::default());
        ErrorRun { bits, dgim, ones: 0, sum_relative: 0.0, errors, profile: vec![0.0; bins] }
    }

    /// The largest relative error in each stretch of t: (the stretch's last t, the error).
    pub fn profile(&self) -> Vec<(u64, f64)> {
        let (len, bins) = (self.bits.len() as u64, self.profile.len() as u64);
        self.profile.iter().enumerate().map(|(i, &e)| ((i as u64 + 1) * len / bins.max(1), e)).collect()
    }

    /// The window and r of the run.
    pub fn setting(&self) -> (u64, u32) {
        (self.dgim.window(), self.dgim.r())
    }

    /// What has been measured so far.
    pub fn errors(&self) -> WindowErrors {
        self.errors
    }

    fn next(&mut self) -> bool {
        let t = self.dgim.t();
        let Some(&bit) = self.bits.get(t as usize) else { return false };
        let window = self.dgim.window();
        if t >= window && self.bits.get((t - window) as usize) == Some(&true) {
            self.ones = self.ones.saturating_sub(1);
        }
        self.ones += bit as u64;
        self.dgim.push(bit);
        let e = &mut self.errors;
        e.most_buckets = e.most_buckets.max(self.dgim.len() as u64);
        e.most_memory_bits = e.most_memory_bits.max(self.dgim.memory_bits());
        if self.ones > 0 {
            let off = (self.dgim.estimate() - self.ones as f64).abs();
            let relative = off / self.ones as f64;
            e.measured += 1;
            let bin = (t as usize).saturating_mul(self.profile.len()) / self.bits.len().max(1);
            if let Some(p) = self.profile.get_mut(bin) {
                *p = p.max(relative);
            }
            self.sum_relative += relative;
            e.mean_relative = self.sum_relative / e.measured as f64;
            e.max_absolute = e.max_absolute.max(off);
            if self.dgim.oldest().is_some_and(|b| b.size >= 2) {
                e.max_past_size_one = e.max_past_size_one.max(relative);
            }
            if relative > e.max_relative {
                e.max_relative = relative;
                e.worst_t = t + 1;
            }
        }
        true
    }
}

impl Sliced for ErrorRun {
    fn work(&mut self, units: u64) -> u64 {
        let mut done = 0;
        while done < units.max(1) && self.next() {
            done += 1;
        }
        done
    }
    fn is_done(&self) -> bool {
        self.dgim.t() as usize >= self.bits.len()
    }
    fn ops_done(&self) -> u64 {
        self.dgim.t()
    }
    fn ops_total(&self) -> u64 {
        self.bits.len() as u64
    }
}
