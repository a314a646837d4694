//! Timings a student can trust: the clock's resolution measured, a warm-up pass before timing,
//! several timed rounds with the methods' order rotated each round, every timed block long
//! enough to be at least `RESOLUTION_FACTOR` times the clock's resolution, and the median over
//! the rounds with its min–max band and a flag when the spread is wider than `WIDE_SPREAD`.
//!
//! The clock is passed in (milliseconds, as `performance.now()` reads them), so everything here
//! is tested with fake clocks.

/// Timed rounds after the warm-up.
pub const ROUNDS: usize = 5;
/// A timed block lasts at least this many times the clock's resolution.
pub const RESOLUTION_FACTOR: f64 = 100.0;
/// A median whose rounds spread wider than this (max / min) is flagged.
pub const WIDE_SPREAD: f64 = 2.0;
/// Most operations one block does (a clock that never advances still ends the block).
pub const MAX_BLOCK_OPS: u64 = 1 << 24;
/// Readings taken to find the resolution, at most.
const RESOLUTION_READINGS: usize = 2_000_000;
/// Positive differences seen before the resolution is settled.
const RESOLUTION_TICKS: usize = 8;

/// The smallest positive difference between successive readings of `now`, over readings until
/// `RESOLUTION_TICKS` positive differences were seen (or `RESOLUTION_READINGS` readings); `None`
/// for a clock that never advanced.
pub fn clock_resolution(now: &dyn Fn() -> f64) -> Option<f64> {
    let mut last = now();
    let mut smallest = f64::INFINITY;
    let mut ticks = 0;
    for _ in 0..RESOLUTION_READINGS {
        let t = now();
        let d = t - last;
        if d > 0.0 && d.is_finite() {
            smallest = smallest.min(d);
            ticks += 1;
            if ticks >= RESOLUTION_TICKS {
                break;
            }
        }
        last = t;
    }
    (ticks > 0).then_some(smallest)
}

/// The shortest a timed block may last for a clock of this resolution (milliseconds). A clock
/// whose resolution could not be measured gets 10 ms, the figure for a 0.1 ms clock.
pub fn min_block_ms(resolution: Option<f64>) -> f64 {
    resolution.map_or(10.0, |r| r * RESOLUTION_FACTOR)
}

/// The order of `methods` methods in `round` (0 is the warm-up): round r starts with method
/// r mod methods and goes on in order, so each method is timed first, second, … in turn.
pub fn rotation(methods: usize, round: usize) -> Vec<usize> {
    (0..methods).map(|i| (round + i) % methods.max(1)).collect()
}

/// One timed block: how long it lasted and how many operations it did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Block {
    pub ms: f64,
    pub ops: u64,
}

impl Block {
    /// Nanoseconds per operation.
    pub fn ns_per_op(&self) -> f64 {
        self.ms * 1e6 / self.ops.max(1) as f64
    }
    /// Adds another block (a round may take several).
    pub fn add(&mut self, other: Block) {
        self.ms += other.ms;
        self.ops += other.ops;
    }
}

/// Times `run(count)` (which does `count` operations) repeated until the block lasts at least
/// `min_ms`: the clock is read once before and once after each repetition, never inside it, and
/// each repetition does about as many operations as the rate so far says are still needed (at
/// most twice as many as so far), so a short operation is never timed alone.
pub fn time_block(now: &dyn Fn() -> f64, min_ms: f64, mut run: impl FnMut(u64)) -> Block {
    let start = now();
    let mut ops = 0u64;
    let mut chunk = 1u64;
    loop {
        run(chunk);
        ops += chunk;
        let ms = now() - start;
        if ms >= min_ms || ops >= MAX_BLOCK_OPS || !ms.is_finite() {
            return Block { ms, ops };
        }
        chunk = if ms > 0.0 {
            let needed = ((min_ms - ms) * ops as f64 / ms * 1.05).ceil() as u64;
            needed.clamp(1, ops.max(1) * 2)
        } else {
            ops * 2
        }
        .min(MAX_BLOCK_OPS - ops);
    }
}

/// A median over rounds with its smallest and largest value.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    pub median: f64,
    pub min: f64,
    pub max: f64,
    pub rounds: usize,
}

impl Summary {
    /// The summary of the rounds' values (non-finite values left out); all zero for none.
    pub fn of(values: &[f64]) -> Summary {
        let mut v: Vec<f64> = values.iter().cloned().filter(|x| x.is_finite()).collect();
        if v.is_empty() {
            return Summary::default();
        }
        crate::engine::stats::sort_floats(&mut v);
        let n = v.len();
        let median = if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 };
        Summary { median, min: v[0], max: v[n - 1], rounds: n }
    }

    /// max / min (infinite when the fastest round read 0).
    pub fn spread(&self) -> f64 {
        if self.min > 0.0 {
            self.max / self.min
        } else if self.max > 0.0 {
            f64::INFINITY
        } else {
            1.0
        }
    }

    /// Whether the rounds spread wider than `WIDE_SPREAD` (max / min > 2).
    pub fn wide(&self) -> bool {
        self.spread() > WIDE_SPREAD
    }
}

/// A whole measurement done in one go (for work that need not run in slices): a warm-up pass of
/// every method, then `rounds` rounds, each timing every method once in the rotated order, each
/// method's block repeated until it lasts at least `min_ms`. `methods[i](count)` does `count`
/// operations of method i. Returns one summary of nanoseconds per operation per method.
pub fn measure(now: &dyn Fn() -> f64, min_ms: f64, rounds: usize, methods: &mut [&mut dyn FnMut(u64)]) -> Vec<Summary> {
    for m in methods.iter_mut() {
        m(1);
    }
    let mut values = vec![Vec::with_capacity(rounds); methods.len()];
    for round in 1..=rounds {
        for i in rotation(methods.len(), round) {
            let block = time_block(now, min_ms, &mut *methods[i]);
            values[i].push(block.ns_per_op());
        }
    }
    values.iter().map(|v| Summary::of(v)).collect()
}

/// A duration in nanoseconds for people: "72 ns", "2.6 µs", "1.67 ms", "1.20 s".
pub fn format_ns(ns: f64) -> String {
    if !ns.is_finite() || ns <= 0.0 {
        "below the clock".to_string()
    } else if ns >= 1e9 {
        format!("{:.2} s", ns / 1e9)
    } else if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.0} ns")
    }
}

/// A summary for people: "72 ns (65–80 ns over 5 rounds)" style, median first, then the range.
pub fn format_summary(s: &Summary) -> String {
    format!("{} ({}–{})", format_ns(s.median), format_ns(s.min), format_ns(s.max))
}

/// A clock resolution for people: "0.1 ms", "5 µs", "100 ns".
pub fn format_resolution(resolution: Option<f64>) -> String {
    match resolution {
        None => "not measurable (the clock never advanced)".into(),
        Some(ms) if ms >= 1.0 => format!("{} ms", crate::text::trim_float(ms, 3)),
        Some(ms) if ms >= 1e-3 => format!("{} µs", crate::text::trim_float(ms * 1e3, 3)),
        Some(ms) => format!("{} ns", crate::text::trim_float(ms * 1e6, 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::rc::Rc;

    /// A simulated clock: `time` advances only when work is done; readings are cut down to a
    /// multiple of `resolution` (as browsers coarsen `performance.now()`).
    struct FakeClock {
        time: Rc<Cell<f64>>,
        resolution: f64,
        readings: Rc<Cell<u64>>,
    }

    impl FakeClock {
        fn new(resolution: f64) -> FakeClock {
            FakeClock { time: Rc::new(Cell::new(0.0)), resolution, readings: Rc::new(Cell::new(0)) }
        }
        fn now(&self) -> impl Fn() -> f64 {
            let (time, res, readings) = (self.time.clone(), self.resolution, self.readings.clone());
            move || {
                readings.set(readings.get() + 1);
                (time.get() / res).floor() * res
            }
        }
        fn spend(&self, ms: f64) {
            self.time.set(self.time.get() + ms);
        }
    }

    #[test]
    fn resolution_is_the_smallest_step_between_readings() {
        // Each reading costs 0.03 ms of real time; the clock shows multiples of 0.1 ms.
        let clock = FakeClock::new(0.1);
        let now = clock.now();
        let t = clock.time.clone();
        let reading = move || {
            t.set(t.get() + 0.03);
            now()
        };
        let r = clock_resolution(&reading).unwrap();
        assert!((r - 0.1).abs() < 1e-9, "{r}");
        assert_eq!(min_block_ms(Some(r)), r * 100.0);
        // A clock that never advances has no resolution, and gets 10 ms blocks.
        assert_eq!(clock_resolution(&|| 5.0), None);
        assert_eq!(min_block_ms(None), 10.0);
    }

    #[test]
    fn a_block_repeats_until_it_lasts_a_hundred_times_the_resolution() {
        // 0.1 ms clock, 1 µs operations: a block needs 10 ms, 10,000 operations at least.
        let clock = FakeClock::new(0.1);
        let now = clock.now();
        let min_ms = min_block_ms(Some(0.1));
        let b = time_block(&now, min_ms, |count| clock.spend(count as f64 * 0.001));
        assert!(b.ms >= min_ms, "{b:?}");
        assert!(b.ops >= 10_000 && b.ops <= 21_000, "{b:?}");
        // Per operation: the block's time over its operations, within the clock's step.
        assert!((b.ns_per_op() - 1_000.0).abs() <= 0.1 * 1e6 / b.ops as f64 + 1e-9, "{}", b.ns_per_op());
        // The clock is read a few times per block, not once per operation.
        assert!(clock.readings.get() < 40, "{}", clock.readings.get());
        // An operation longer than the block threshold: one repetition is enough.
        let b = time_block(&now, min_ms, |count| clock.spend(count as f64 * 25.0));
        assert_eq!(b.ops, 1);
        assert!((b.ms - 25.0).abs() <= 0.1 + 1e-9);
        // A frozen clock still ends the block.
        let b = time_block(&|| 1.0, 10.0, |_| {});
        assert_eq!(b.ops, MAX_BLOCK_OPS);
    }

    #[test]
    fn rounds_rotate_the_methods() {
        assert_eq!(rotation(5, 0), [0, 1, 2, 3, 4]);
        assert_eq!(rotation(5, 1), [1, 2, 3, 4, 0]);
        assert_eq!(rotation(5, 7), [2, 3, 4, 0, 1]);
        assert_eq!(rotation(3, 2), [2, 0, 1]);
        // Over the rounds every method takes every place once.
        for place in 0..5 {
            let firsts: std::collections::BTreeSet<usize> = (1..=5).map(|r| rotation(5, r)[place]).collect();
            assert_eq!(firsts.len(), 5);
        }
    }

    #[test]
    fn measure_warms_up_then_times_each_round_in_rotated_order() {
        let clock = FakeClock::new(0.001);
        let now = clock.now();
        let order = Rc::new(std::cell::RefCell::new(Vec::new()));
        let costs = [0.0001, 0.0005, 0.002];
        let mut fns: Vec<Box<dyn FnMut(u64)>> = (0..3)
            .map(|i| {
                let (order, time, cost) = (order.clone(), clock.time.clone(), costs[i]);
                Box::new(move |count: u64| {
                    let mut o = order.borrow_mut();
                    if o.last() != Some(&i) {
                        o.push(i);
                    }
                    time.set(time.get() + count as f64 * cost);
                }) as Box<dyn FnMut(u64)>
            })
            .collect();
        let mut refs: Vec<&mut dyn FnMut(u64)> = fns.iter_mut().map(|f| &mut **f as &mut dyn FnMut(u64)).collect();
        let s = measure(&now, 0.1, ROUNDS, &mut refs);
        // The warm-up (0, 1, 2), then five rounds, each starting one method later.
        let want: Vec<usize> = (0..=ROUNDS).flat_map(|r| rotation(3, r)).collect();
        let mut got = order.borrow().clone();
        got.dedup();
        let mut want_d = want.clone();
        want_d.dedup();
        assert_eq!(got, want_d);
        for (i, s) in s.iter().enumerate() {
            assert_eq!(s.rounds, ROUNDS);
            let ns = costs[i] * 1e6;
            assert!((s.median - ns).abs() / ns < 0.02, "{i}: {s:?}");
            assert!(s.min <= s.median && s.median <= s.max && !s.wide());
        }
    }

    #[test]
    fn median_min_max_and_the_wide_flag() {
        let s = Summary::of(&[5.0, 1.0, 3.0, 4.0, 2.0]);
        assert_eq!((s.median, s.min, s.max, s.rounds), (3.0, 1.0, 5.0, 5));
        assert!(s.wide(), "5 / 1 > 2");
        let s = Summary::of(&[10.0, 12.0, 20.0, 11.0, f64::NAN, 13.0]);
        assert_eq!((s.median, s.min, s.max, s.rounds), (12.0, 10.0, 20.0, 5));
        assert!(!s.wide(), "exactly 2x is not wider than 2x");
        let s = Summary::of(&[10.0, 12.0, 20.1, 11.0]);
        assert_eq!(s.median, 11.5);
        assert!(s.wide());
        assert_eq!(Summary::of(&[]), Summary::default());
        assert!(!Summary::default().wide());
        assert!(Summary::of(&[0.0, 3.0]).wide());
    }

    #[test]
    fn formats() {
        assert_eq!(format_ns(72.4), "72 ns");
        assert_eq!(format_ns(2_600.0), "2.60 µs");
        assert_eq!(format_ns(1.67e6), "1.67 ms");
        assert_eq!(format_ns(0.0), "below the clock");
        assert_eq!(format_summary(&Summary::of(&[60.0, 72.0, 80.0])), "72 ns (60 ns–80 ns)");
        assert_eq!(format_resolution(Some(0.1)), "100 µs");
        assert_eq!(format_resolution(Some(0.005)), "5 µs");
        assert_eq!(format_resolution(Some(2.0)), "2 ms");
        assert_eq!(format_resolution(Some(0.00004)), "40 ns");
    }
}
