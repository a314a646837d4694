//! Random operations against a naive multiset, with the table's invariants checked after each
//! one by a decoder written apart from the filter's own, and every trace replayed.

use std::collections::BTreeMap;

use proptest::prelude::*;

use super::{QuotientError, QuotientFilter, Slot, Step, Trace};

/// The naive model: each fingerprint with its number of copies.
pub(super) type Model = BTreeMap<u64, usize>;

/// The first occupied slot after `i` (wrapping), read straight from the slots.
fn next_occupied(slots: &[Slot], i: usize) -> usize {
    let n = slots.len();
    (1..=n).map(|d| (i + d) % n).find(|&j| slots[j].occupied).unwrap_or(i)
}

/// Decodes the table from its bits alone and checks every invariant against `model`. Returns the
/// first slot of each quotient's run.
pub(super) fn check(qf: &QuotientFilter, model: &Model) -> Result<BTreeMap<usize, usize>, String> {
    let (slots, n, r) = (qf.slots(), qf.slot_count(), qf.r());
    let total: usize = model.values().sum();
    let used = slots.iter().filter(|s| s.is_used()).count();
    if used != total || qf.len() != total {
        return Err(format!("{used} slots used, len {}, model holds {total}", qf.len()));
    }
    for (i, s) in slots.iter().enumerate() {
        let wanted = model.keys().any(|f| (f >> r) as usize == i);
        if s.occupied != wanted {
            return Err(format!("slot {i}: is_occupied {} but model says {wanted}", s.occupied));
        }
        if (s.continuation && !s.shifted) || (s.is_empty() && s.remainder != 0) {
            return Err(format!("slot {i}: bits {s:?} cannot be"));
        }
    }
    let (mut decoded, mut covered, mut run_starts) = (Model::new(), 0, BTreeMap::new());
    for c in (0..n).filter(|&c| slots[c].is_used() && !slots[c].shifted) {
        let (mut quotient, mut prev) = (c, 0u64);
        for k in 0..n {
            let j = (c + k) % n;
            let s = slots[j];
            if k > 0 && !(s.is_used() && s.shifted) {
                break;
            }
            covered += 1;
            if k == 0 && s.continuation {
                return Err(format!("slot {j} starts a cluster but continues a run"));
            }
            if k > 0 && !s.continuation {
                quotient = next_occupied(slots, quotient);
            }
            if !s.continuation {
                run_starts.insert(quotient, j);
                if s.shifted != (j != quotient) {
                    return Err(format!("slot {j}: first of quotient {quotient}'s run, shifted {}", s.shifted));
                }
            } else if s.remainder < prev {
                return Err(format!("slot {j}: run of {quotient} not sorted"));
            }
            if (j + n - c) % n < (quotient + n - c) % n || !slots[quotient].occupied {
                return Err(format!("slot {j}: remainder of quotient {quotient} before its slot"));
            }
            prev = s.remainder;
            *decoded.entry(qf.join(quotient, s.remainder)).or_insert(0) += 1;
        }
    }
    if covered != used || &decoded != model {
        return Err(format!("clusters cover {covered} of {used} slots; decoded {decoded:?}, model {model:?}"));
    }
    let listed: Vec<u64> = model.iter().flat_map(|(&f, &c)| std::iter::repeat_n(f, c)).collect();
    let sizes: usize = qf.clusters().iter().map(|c| c.len).sum();
    let runs: BTreeMap<usize, usize> = qf.runs().iter().map(|r| (r.quotient, r.span.start)).collect();
    if qf.fingerprints() != listed || sizes != used || runs != run_starts {
        return Err("the filter's own clusters, runs or fingerprints disagree".to_string());
    }
    Ok(run_starts)
}

/// Replays the trace's writes on `before` and checks that each write found the slot as it said,
/// and that the result is the table now.
pub(super) fn replay(before: &[Slot], trace: &Trace, qf: &QuotientFilter) -> Result<(), String> {
    let mut state = before.to_vec();
    for step in &trace.steps {
        if let Some((i, was, now)) = step.write() {
            let slot = state.get_mut(i).ok_or(format!("{step:?} writes outside the table"))?;
            if *slot != was {
                return Err(format!("{step:?}: slot was {slot:?}"));
            }
            *slot = now;
        }
    }
    if state != qf.slots() {
        return Err("replaying the trace does not give the table".to_string());
    }
    Ok(())
}

/// One random operation, run on the filter and the model, checked.
fn step(qf: &mut QuotientFilter, model: &mut Model, op: u8, f: u64) -> Result<(), String> {
    let before = qf.slots().to_vec();
    let total: usize = model.values().sum();
    let present = model.contains_key(&f);
    let trace = match op {
        0..=2 => match qf.insert_fingerprint(f) {
            Err(QuotientError::Full) if total == qf.slot_count() => {
                return if qf.slots() == before { Ok(()) } else { Err("a failed insert changed the table".into()) };
            }
            Err(e) => return Err(format!("insert failed: {e}")),
            Ok(t) => {
                *model.entry(f).or_insert(0) += 1;
                t
            }
        },
        3 => {
            let t = qf.delete_fingerprint(f);
            if let Some(c) = model.get_mut(&f) {
                *c -= 1;
                if *c == 0 {
                    model.remove(&f);
                }
            }
            t
        }
        _ => qf.contains_fingerprint(f),
    };
    if trace.found != present {
        return Err(format!("op {op} on {f}: found {} but model says {present}", trace.found));
    }
    replay(&before, &trace, qf)?;
    let starts = check(qf, model)?;
    if op == 4 && present {
        let start = trace.steps.iter().find_map(|s| if let Step::RunStart { slot } = s { Some(*slot) } else { None });
        if start != starts.get(&trace.quotient).copied() {
            return Err(format!("lookup's run start {start:?} is not the decoded one"));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_operations_match_a_multiset(
        q in 2u32..6,
        r in 1u32..5,
        ops in proptest::collection::vec((0u8..5, 0usize..40, 0u64..8), 1..90),
    ) {
        let mut qf = QuotientFilter::new(q, r).unwrap();
        let mut model = Model::new();
        let n = qf.slot_count();
        for (op, a, b) in ops {
            // Most quotients crowd the table's last slots and its first, so clusters wrap around.
            let quotient = if a < 8 { (n - 3 + a) % n } else { a % n };
            let f = qf.join(quotient, b);
            let result = step(&mut qf, &mut model, op, f);
            prop_assert!(result.is_ok(), "{:?} after op {} on {}: {}", result, op, f, qf.slots_hook());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every table filled to 100 % (one cluster that wraps), one insert refused, then drained.
    #[test]
    fn fill_to_the_brim_then_drain(
        q in 2u32..6,
        r in 1u32..4,
        fs in proptest::collection::vec(any::<u64>(), 32),
        drain in proptest::collection::vec(0usize..32, 40),
    ) {
        let mut qf = QuotientFilter::new(q, r).unwrap();
        let mut model = Model::new();
        let n = qf.slot_count();
        for &f in fs.iter().take(n).chain(fs.first()) {
            let f = f & ((1 << (q + r)) - 1);
            let result = step(&mut qf, &mut model, 0, f);
            prop_assert!(result.is_ok(), "{:?} inserting {}: {}", result, f, qf.slots_hook());
        }
        prop_assert!(qf.is_full());
        let drain = drain.iter().map(|&i| fs[i % n] & ((1 << (q + r)) - 1));
        let rest: Vec<u64> = model.iter().flat_map(|(&f, &c)| std::iter::repeat_n(f, c)).collect();
        for (k, f) in drain.chain(rest).enumerate() {
            let result = step(&mut qf, &mut model, if k % 3 == 2 { 4 } else { 3 }, f).and_then(|_| step(&mut qf, &mut model, 3, f));
            prop_assert!(result.is_ok(), "{:?} deleting {}: {}", result, f, qf.slots_hook());
        }
        prop_assert!(qf.is_empty() && model.is_empty());
    }
}
