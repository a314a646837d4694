//! Tests of the counting filter and its estimators.

use super::*;
use crate::text::format_log10;

#[test]
fn counters_saturate_and_stay() {
    let mut c = Counters::new(4, 2);
    assert_eq!(c.max(), 3);
    for _ in 0..5 {
        c.add(1, 1);
    }
    assert_eq!(c.get(1), 3);
    assert_eq!(c.decrement(1), 3, "a saturated counter is never decremented");
    assert_eq!((c.nonzero(), c.saturated()), (1, 1));
    c.add(2, 1);
    assert_eq!(c.decrement(2), 0);
    assert_eq!(c.decrement(2), 0, "0 stays 0");
    assert_eq!(c.nonzero(), 1);
    assert_eq!(c.to_csv(), "0,3,0,0");
    let mut wide = Counters::new(1, 32);
    wide.add(0, u32::MAX - 1);
    wide.add(0, 5);
    assert_eq!(wide.get(0), u32::MAX);
    assert_eq!(saturation(1), 1);
    assert_eq!(saturation(4), 15);
    assert_eq!(saturation(99), u32::MAX);
}

#[test]
fn min_selection_counts_and_deletes() {
    let mut f = CountingFilter::new(HashFamily::Xxh3, 64, 3, 4, Mode::Min);
    f.insert("a").unwrap();
    f.insert("a").unwrap();
    let t = f.insert("b").unwrap();
    assert_eq!(t.steps.len(), 3);
    assert_eq!(f.estimate("a").unwrap().value, 2);
    let d = f.delete("a").unwrap();
    assert_eq!(d.estimate.value, 1);
    assert!(d.steps.iter().all(|s| s.after + 1 == s.before || s.before == 0));
    let l = f.lookup("a").unwrap();
    assert_eq!(l.estimate.value, 1);
    assert!(l.steps.iter().all(|s| s.after == s.before));
}

#[test]
fn minimal_increase_raises_only_the_minimum() {
    let mut f = CountingFilter::new(HashFamily::Ullman, 11, 2, 8, Mode::Mi);
    // 25 -> positions 5, 2; 159 -> 7, 0; 585 -> 9, 7
    f.insert("159").unwrap();
    let t = f.insert("585").unwrap();
    // counter 9 was 0, counter 7 was 1: only 9 is raised.
    assert_eq!((t.steps[0].position, t.steps[0].before, t.steps[0].after), (9, 0, 1));
    assert_eq!((t.steps[1].position, t.steps[1].before, t.steps[1].after), (7, 1, 1));
    assert_eq!(f.estimate("585").unwrap().value, 1);
}

#[test]
fn recurring_minimum_uses_the_secondary() {
    let mut f = CountingFilter::new(HashFamily::Ullman, 11, 2, 8, Mode::Rm);
    assert_eq!(f.secondary().unwrap().len(), 5);
    f.insert("159").unwrap(); // counters 7, 0 = 1, 1: recurring minimum
    assert_eq!(f.secondary().unwrap().nonzero(), 0);
    let t = f.insert("585").unwrap(); // counters 9 = 1, 7 = 2: single minimum -> secondary
    assert_eq!(t.estimate.min_count, 1);
    assert!(t.estimate.from_secondary);
    assert_eq!(t.estimate.value, 1);
    assert!(f.secondary().unwrap().nonzero() > 0);
    let d = f.delete("585").unwrap();
    assert_eq!(d.estimate.value, 0);
    assert_eq!(f.secondary().unwrap().nonzero(), 0);
}

#[test]
fn fan_bound_for_four_bits() {
    let f = fan_factor_4bit();
    assert!((f / 1.37e-15 - 1.0).abs() < 0.005, "{f}");
    let l = fan_overflow_log10(1, 16.0);
    assert!((10f64.powf(l) / f - 1.0).abs() < 1e-9);
    assert!(fan_overflow_log10(1 << 20, 4_294_967_296.0).is_finite());
    assert_eq!(format_log10(fan_overflow_log10(1, 16.0)), "1.37 \u{00d7} 10^-15");
    assert_eq!(format_log10(overflow_bound_log10(1, 4)), "1.37 \u{00d7} 10^-15");
    assert_eq!(format_log10(overflow_bound_log10(1_000_000, 4)), "1.37 \u{00d7} 10^-9");
    assert_eq!(format_log10(2f64.log10()), "2");
    assert_eq!(format_log10(f64::NAN), "\u{2014}");
    assert!(format_log10(overflow_bound_log10(1 << 20, 32)).starts_with("10^-"));
}
