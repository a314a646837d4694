//! The quotient view's walkthrough: every step's narration against that step's state.

use super::tests::lab;
use super::walk::Step;
use super::words::bits;
use super::QuotientLab;
use crate::engine::quotient::{Run, Slot, Span, Step as Did};

/// Histories that cover every kind of step: the example; a small table filled until clusters
/// wrap past its end, then emptied in part; a table of one cluster, full, then a lookup; copies
/// of one item; a larger table with long clusters.
fn labs() -> Vec<QuotientLab> {
    let words: Vec<String> = (0..30).map(|i| format!("w{i}")).collect();
    let ins = |n: usize| words[..n].iter().map(|w| format!("i:{w}")).collect::<Vec<_>>().join(",");
    let del = |r: std::ops::Range<usize>| words[r].iter().map(|w| format!("d:{w}")).collect::<Vec<_>>().join(",");
    let look = words.iter().map(|w| format!("l:{w}x")).take(12).collect::<Vec<_>>().join(",");
    let links = [
        "?".to_string(),
        format!("?q=3&r=2&ops={},{},{look}&query=w9", ins(7), del(0..4)),
        format!("?q=2&r=1&ops={},{}&query=w1", ins(5), del(2..3)),
        "?ops=i:a,i:a,i:a,l:a,d:a,d:a,d:a&query=a".to_string(),
        format!("?q=5&r=2&ops={},{},{look}", ins(28), del(3..20)),
    ];
    links.iter().map(|l| lab(l).0).collect()
}

/// The slot numbers a sentence names: one after `slot`, a list (`2, 3 and 4`) after `slots`.
fn named_slots(text: &str) -> Vec<usize> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let w = w.to_lowercase();
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        if w != "slot" && w != "slots" {
            continue;
        }
        for t in &words[i + 1..] {
            if *t == "and" && w == "slots" {
                continue;
            }
            let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
            let Ok(n) = digits.parse() else { break };
            out.push(n);
            if w == "slot" {
                break;
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// A `data-slots` hook read back on its own: `-`, or four numbers.
fn decode(hook: &str) -> Vec<Slot> {
    hook.split(';')
        .map(|part| {
            if part == "-" {
                return Slot::default();
            }
            let v: Vec<u64> = part.split(' ').map(|x| x.parse().expect("a number")).collect();
            assert_eq!(v.len(), 4, "{part}");
            Slot { occupied: v[0] == 1, continuation: v[1] == 1, shifted: v[2] == 1, remainder: v[3] }
        })
        .collect()
}

#[test]
fn every_narration_names_exactly_the_slots_its_step_marks() {
    let mut kinds = std::collections::HashSet::new();
    for l in labs() {
        for s in 0..l.walk.steps.len() {
            let said = l.narration(s);
            assert_eq!(named_slots(&said), l.marked(s), "step {s} ({}): {said}", l.step_title(s));
            assert!(!l.step_title(s).is_empty());
            if let Some(did) = l.did_at(s) {
                // The kind of step, and for a miss its reason.
                let name = format!("{did:?}");
                let end = name.find([' ', '{']).unwrap_or(name.len());
                kinds.insert(name[..end].to_string());
            }
        }
    }
    // 15 kinds of step, NotFound with each of its three reasons.
    assert_eq!(kinds.len(), 17, "every kind of engine step is narrated: {kinds:?}");
}

#[test]
fn each_step_writes_only_its_slot_and_says_the_bits_it_wrote() {
    for l in labs() {
        for s in 1..l.walk.steps.len() {
            let (before, now) = (l.slots_at(s - 1), l.slots_at(s));
            let did = l.did_at(s).expect("an engine step");
            let said = l.narration(s);
            match did.write() {
                Some((slot, was, after)) => {
                    assert_eq!((before[slot], now[slot]), (was, after), "step {s}");
                    let others = (0..now.len()).filter(|&i| i != slot);
                    assert!(others.clone().all(|i| before[i] == now[i]), "step {s}: only slot {slot} changes");
                }
                None => assert_eq!(before, now, "step {s} writes nothing"),
            }
            match did {
                Did::Shift { from, to, after, .. } => {
                    assert_eq!(after.remainder, before[from].remainder, "the remainder of slot {from} moves");
                    assert!(said.contains(&format!("from slot {from} to slot {to}, which now reads {}", bits(after))));
                }
                Did::Place { slot, after, .. } => {
                    assert_eq!(after.remainder, l.fingerprint_at(s).unwrap().2);
                    assert!(said.contains(&format!("slot {slot}, which now reads {}", bits(after))), "{said}");
                }
                Did::Canonical { slot, remainder } => {
                    let (f, fq, fr) = l.fingerprint_at(s).unwrap();
                    let want = xxhash_rust::xxh3::xxh3_64(l.item_at(s).unwrap().as_bytes()) & ((1 << (l.q + l.r)) - 1);
                    assert_eq!((f, fq, fr, slot, remainder), (want, (want >> l.r) as usize, want % (1 << l.r), fq, fr));
                    assert!(said.contains(&format!("its fingerprint is {f}")), "{said}");
                }
                _ => {}
            }
            if l.ends_op(s) {
                let Step::Op { op, .. } = l.step_at(s) else { unreachable!() };
                assert_eq!(now, l.walk.filters[op + 1].slots(), "the last step shows the table after it");
            }
        }
    }
}

#[test]
fn the_hook_reads_back_as_the_slots_and_ends_as_the_engine_s() {
    for l in labs() {
        for s in 0..l.walk.steps.len() {
            // A slot whose three bits are 0 is empty, and the hook writes it `-` (a delete clears
            // the bits of its canonical slot a step before it clears the remainder).
            let shown: Vec<Slot> =
                l.slots_at(s).into_iter().map(|x| if x.is_empty() { Slot::default() } else { x }).collect();
            assert_eq!(decode(&l.slots_hook_at(s)), shown, "step {s}");
            assert_eq!(l.slots_at(s).len(), 1 << l.q);
        }
        let last = l.walk.steps.len() - 1;
        assert_eq!(l.slots_hook_at(last), l.filter().unwrap().slots_hook());
    }
    assert_eq!(lab("?ops=,").0.slots_hook_at(0), ["-"; 16].join(";"));
}

#[test]
fn runs_and_clusters_are_drawn_from_the_table_before_until_the_last_step() {
    let (l, _) = lab("?");
    let place = (0..l.walk.steps.len())
        .find(|&s| matches!(l.step_at(s), Step::Op { op: 4, .. }) && l.ends_op(s))
        .expect("apricot's last step");
    assert_eq!(l.clusters_at(place), [Span { start: 2, len: 4 }, Span { start: 9, len: 1 }]);
    let runs: Vec<(usize, usize, usize)> =
        l.runs_at(place).iter().map(|r: &Run| (r.quotient, r.span.start, r.span.len)).collect();
    assert_eq!(runs, [(2, 2, 2), (3, 4, 1), (4, 5, 1), (9, 9, 1)]);
    assert_eq!(l.clusters_at(place - 1), [Span { start: 2, len: 3 }, Span { start: 9, len: 1 }]);
    assert_eq!(l.marked(place), [5]);
    assert_eq!(l.load_at(place), (5, 5.0 / 16.0));
    assert_eq!(l.item_at(place), Some("apricot"));
    let skip = (0..place).rev().find(|&s| matches!(l.did_at(s), Some(Did::SkipRun { .. }))).unwrap();
    assert_eq!(l.marked(skip), [4], "quotient 3's run is slot 4 alone");
    assert!(l.narration(skip).contains("The run of quotient 3 takes slot 4:"), "{}", l.narration(skip));
    assert_eq!(l.clusters_at(0), []);
    assert_eq!(l.step_title(0), "The empty filter");
    assert!(l.step_title(place).starts_with("Insert \u{201c}apricot\u{201d} (5 of 7): write slot 5"));
}
