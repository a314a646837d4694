//! How much long-running work to do per slice, so that each slice takes about a target time
//! and the page stays responsive in between, and how often to redraw what the work shows. The
//! clock is passed in; the core reads none.

/// Work units per slice, adapted after every full slice to about `target_ms`, and how often the
/// page shows the work's progress (`pace_ms`, `PROGRESS_MS` unless the work says otherwise).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SliceBudget {
    units: u64,
    min: u64,
    max: u64,
    target_ms: f64,
    pace_ms: f64,
}

impl SliceBudget {
    /// Starts at `first` units per slice and stays within `min..=max`.
    pub const fn new(first: u64, min: u64, max: u64, target_ms: f64) -> SliceBudget {
        SliceBudget { units: first, min, max, target_ms, pace_ms: PROGRESS_MS }
    }

    /// The same budget, its progress shown at most every `pace_ms` (work whose every slice
    /// changes a costly drawing: the FP lab's plot).
    pub const fn paced(self, pace_ms: f64) -> SliceBudget {
        SliceBudget { pace_ms, ..self }
    }

    /// How often the page shows the work's progress while it runs.
    pub fn pace_ms(&self) -> f64 {
        self.pace_ms
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

/// While work runs, what shows its progress (a progress line, a table growing) follows it at
/// most this often. A change to the page costs the next frame a layout and a paint (about 2 ms
/// in the browser, a quarter of a slice of work).
pub const PROGRESS_MS: f64 = 50.0;

/// What the page shows of work running in slices (how many points are done, how far the
/// progress bar is): a value that follows the work's own at most every `every_ms` while it
/// runs, and always at its end, so that the page is not changed, laid out and painted again
/// after every slice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paced<T> {
    shown: T,
    at_ms: f64,
    every_ms: f64,
}

impl<T: Copy + PartialEq> Paced<T> {
    /// Shows `value` from `now_ms` on: the next change shows `every_ms` later at the earliest.
    pub const fn new(value: T, every_ms: f64, now_ms: f64) -> Paced<T> {
        Paced { shown: value, at_ms: now_ms, every_ms }
    }

    /// The value shown.
    pub fn get(&self) -> T {
        self.shown
    }

    /// Offers the work's value at `now_ms`: shown if it changed and either `every_ms` passed
    /// since the last change shown or the work is `done`. Returns whether it was shown.
    pub fn offer(&mut self, value: T, now_ms: f64, done: bool) -> bool {
        if value == self.shown || (!done && now_ms - self.at_ms < self.every_ms) {
            return false;
        }
        self.shown = value;
        self.at_ms = now_ms;
        true
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

    #[test]
    fn paced_values_follow_at_most_every_interval_and_always_at_the_end() {
        let mut p = Paced::new(0usize, 100.0, 1000.0);
        // Held back until the interval has passed since the value was first shown, unless the
        // work is done.
        assert!(!p.offer(1, 1050.0, false));
        assert_eq!(p.get(), 0);
        assert!(!p.offer(2, 1099.9, false));
        assert!(p.offer(2, 1100.0, false));
        assert_eq!(p.get(), 2);
        assert!(!p.offer(3, 1150.0, false));
        assert_eq!(p.get(), 2);
        assert!(p.offer(4, 1151.0, true));
        assert_eq!(p.get(), 4);
        // No change, nothing to show, even at the end.
        assert!(!p.offer(4, 5000.0, true));
        // Any value that compares: a pair.
        let mut q = Paced::new((0usize, 0u64), 50.0, 0.0);
        assert!(!q.offer((0, 10), 40.0, false));
        assert!(q.offer((1, 20), 60.0, false));
        assert_eq!(q.get(), (1, 20));
    }
}
