//! How much long-running work to do per slice, so that each slice takes about a target time
//! and the page stays responsive in between. The clock is passed in; the core reads none.

/// Work units per slice, adapted after every full slice to about `target_ms`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SliceBudget {
    units: u64,
    min: u64,
    max: u64,
    target_ms: f64,
}

impl SliceBudget {
    /// Starts at `first` units per slice and stays within `min..=max`.
    pub const fn new(first: u64, min: u64, max: u64, target_ms: f64) -> SliceBudget {
        SliceBudget { units: first, min, max, target_ms }
    }

    pub fn units(&self) -> u64 {
        self.units
    }

    /// Runs one slice: `work` gets the budget and returns the units it did; `now` reads a clock
    /// in milliseconds. A slice that used its whole budget and took measurable time rescales
    /// the budget towards the target. Returns the units done.
    pub fn run(&mut self, now: impl Fn() -> f64, work: impl FnOnce(u64) -> u64) -> u64 {
        let start = now();
        let done = work(self.units);
        let spent = now() - start;
        if spent > 0.5 && done >= self.units {
            self.units = ((self.units as f64) * self.target_ms / spent).clamp(self.min as f64, self.max as f64) as u64;
        }
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn full_slices_rescale_towards_the_target_within_bounds() {
        let clock = Cell::new(0.0);
        let tick = |ms: f64| clock.set(clock.get() + ms);
        let mut b = SliceBudget::new(1000, 100, 3000, 10.0);
        // 1000 units in 20 ms: halve.
        assert_eq!(
            b.run(
                || clock.get(),
                |u| {
                    tick(20.0);
                    u
                }
            ),
            1000
        );
        assert_eq!(b.units(), 500);
        // A partial slice (the work ran out) teaches nothing.
        b.run(
            || clock.get(),
            |_| {
                tick(50.0);
                10
            },
        );
        assert_eq!(b.units(), 500);
        // Too fast to measure: unchanged.
        b.run(
            || clock.get(),
            |u| {
                tick(0.1);
                u
            },
        );
        assert_eq!(b.units(), 500);
        // Very fast and very slow slices hit the bounds.
        b.run(
            || clock.get(),
            |u| {
                tick(0.6);
                u
            },
        );
        assert_eq!(b.units(), 3000);
        b.run(
            || clock.get(),
            |u| {
                tick(10_000.0);
                u
            },
        );
        assert_eq!(b.units(), 100);
    }
}
