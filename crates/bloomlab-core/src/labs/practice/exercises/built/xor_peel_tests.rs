//! `xor-peel`: the steps against an independent build (every key's slots XOR to its fingerprint),
//! the catalogue reachable and never the right answer, bare steps, and grading end to end.

use std::collections::BTreeSet;

use super::*;
use crate::labs::practice::step::{Bare, Response, Worded};

fn problem(seed: u64, level: u64) -> XorPeelProblem {
    XorPeelProblem::draw(level, &mut fastrand::Rng::with_seed(seed ^ (level << 56)))
}

fn whole(a: &Answer) -> u64 {
    match a {
        Answer::Whole(v) => *v,
        other => panic!("not a whole number: {other:?}"),
    }
}

fn seeds() -> impl Iterator<Item = (u64, u64)> {
    (0..200).flat_map(|seed| (1..=3).map(move |level| (seed, level)))
}

#[test]
fn the_steps_build_a_valid_xor_filter() {
    for (seed, level) in seeds() {
        let p = problem(seed, level);
        let (n, c) = (p.keys.len(), p.c);
        assert_eq!((n, c), [(4, 3), (5, 4), (7, 5)][level as usize - 1], "seed {seed}");
        assert_eq!(p.steps(), 2 * n);
        for (i, key) in p.keys.iter().enumerate() {
            assert!((1..=255).contains(&key.fingerprint));
            assert!((0..3).all(|j| key.slots[j] / c == j as u64), "slot j lies in block j: {key:?}");
            assert!(p.keys[..i].iter().all(|o| o.slots != key.slots), "seed {seed}: distinct triples");
        }
        // The peel, counted here afresh: each answer has degree 1 among the keys left, the lowest such.
        let mut left: Vec<usize> = (0..n).collect();
        let mut order = Vec::new();
        for i in 0..n {
            let s = whole(&p.step_as(i, &[], Worded).answer);
            let users = |s: u64| left.iter().copied().filter(|&k| p.keys[k].slots.contains(&s)).collect::<Vec<_>>();
            assert_eq!(users(s).len(), 1, "seed {seed} level {level} peel {i}: slot {s}");
            assert!((0..s).all(|t| users(t).len() != 1), "seed {seed} peel {i}: a lower slot of degree 1");
            let k = users(s)[0];
            left.retain(|&x| x != k);
            order.push((k, s));
        }
        assert!(left.is_empty(), "every key peeled once");
        // The fill, as typed: slot by slot, backwards through the order.
        let mut v = vec![0u64; 3 * c as usize];
        for j in 0..n {
            let step = p.step_as(n + j, &[], Worded);
            v[order[n - 1 - j].1 as usize] = whole(&step.answer);
        }
        for key in &p.keys {
            let [a, b, d] = key.slots.map(|s| v[s as usize]);
            assert_eq!(a ^ b ^ d, key.fingerprint, "seed {seed} level {level}: {key:?}");
        }
        let owned: BTreeSet<u64> = order.iter().map(|o| o.1).collect();
        assert!((0..v.len() as u64).all(|s| owned.contains(&s) || v[s as usize] == 0), "other slots keep 0");
    }
}

#[test]
fn every_catalogued_mistake_occurs_and_none_is_the_answer() {
    let mut seen = BTreeSet::new();
    for (seed, level) in seeds() {
        let p = problem(seed, level);
        for i in 0..p.steps() {
            let step = p.step_as(i, &[], Worded);
            for w in &step.wrongs {
                assert_ne!(w.answer, step.answer, "seed {seed} step {i}: {}", w.mistake.id);
                seen.insert(w.mistake.id);
            }
        }
    }
    let missing: Vec<&str> = MISTAKES.iter().map(|m| m.id).filter(|id| !seen.contains(id)).collect();
    assert!(missing.is_empty(), "never drawn: {missing:?}");
    let ids: BTreeSet<&str> = MISTAKES.iter().map(|m| m.id).collect();
    assert_eq!(ids.len(), MISTAKES.len(), "ids unique");
    assert_eq!(WHY.len(), MISTAKES.len());
}

#[test]
fn bare_steps_carry_the_grading_without_words() {
    for (seed, level) in seeds().take(90) {
        let p = problem(seed, level);
        for i in 0..p.steps() {
            let (worded, bare) = (p.step_as(i, &[], Worded), p.step_as(i, &[], Bare));
            assert!(bare.prompt.is_empty() && bare.worked.is_empty());
            assert!(!worded.prompt.is_empty() && !worded.worked.is_empty());
            assert_eq!((&bare.form, &bare.answer, &bare.wrongs), (&worded.form, &worded.answer, &worded.wrongs));
        }
    }
}

#[test]
fn grading_names_each_mistake_and_takes_the_answer() {
    let mut named = BTreeSet::new();
    for (seed, level) in seeds().take(60) {
        let p = problem(seed, level);
        for i in 0..p.steps() {
            let step = p.step_as(i, &[], Bare);
            for w in &step.wrongs {
                let v = step.grade(&Response::Text(whole(&w.answer).to_string()));
                assert!(!v.right && v.mistakes().any(|m| m == w.mistake), "seed {seed}: {}", w.mistake.id);
                named.insert(v.mistake.map(|m| m.id).unwrap_or_default());
            }
            assert!(step.grade(&Response::Text(whole(&step.answer).to_string())).right, "seed {seed} step {i}");
        }
    }
    assert!(named.len() >= 6, "{named:?}");
}

#[test]
fn draws_repeat_and_the_fallback_always_peels() {
    assert_eq!(problem(7, 2), problem(7, 2));
    for (seed, (n, c)) in (0..100).flat_map(|s| [(4, 3), (5, 4), (7, 4), (7, 5)].map(|x| (s, x))) {
        let p = XorPeelProblem::built_to_peel(n, c, &mut fastrand::Rng::with_seed(seed));
        assert!(p.distinct() && p.peel().len() == n, "{p:?}");
    }
}

#[test]
fn json_and_statement_and_words() {
    let p = XorPeelProblem {
        c: 3,
        keys: vec![
            XorKey { slots: [0, 3, 6], fingerprint: 5 },
            XorKey { slots: [0, 4, 7], fingerprint: 200 },
            XorKey { slots: [1, 4, 8], fingerprint: 17 },
        ],
    };
    assert_eq!(
        p.json(),
        "{\"blocks\": 3, \"c\": 3, \"slots\": 9, \"keys\": [{\"key\": \"a\", \"slots\": [0, 3, 6], \"fingerprint\": 5}, \
         {\"key\": \"b\", \"slots\": [0, 4, 7], \"fingerprint\": 200}, {\"key\": \"c\", \"slots\": [1, 4, 8], \"fingerprint\": 17}]}"
    );
    let st = p.statement();
    assert!(st.starts_with("An xor filter of 9 slots in three blocks of 3: block 0 is slots 0–2"), "{st}");
    assert!(st.contains("key c has slots 1, 4 and 8 and fingerprint 17."), "{st}");
    // Degrees 2,1,0 | 1,2,0 | 1,1,1: slot 1 first (key c); then 2,0,0 | 1,1,0 | 1,1,0: slot 3 (a);
    // then 1,0,0 | 0,1,0 | 0,1,0: slot 0 (b).
    assert_eq!(p.peel(), vec![(2, 1), (0, 3), (1, 0)]);
    let first = p.step_as(0, &[], Worded);
    assert!(first.prompt.contains("slots 0–2: 2, 1, 0; slots 3–5: 1, 2, 0; slots 6–8: 1, 1, 1"), "{}", first.prompt);
    assert!(first.worked.contains("Slots 1, 3, 6, 7 and 8 have degree 1; the lowest is 1, used by key c alone"));
    let ids = |i: usize| {
        p.step_as(i, &[], Worded).wrongs.iter().map(|w| (whole(&w.answer), w.mistake.id)).collect::<Vec<_>>()
    };
    assert_eq!(
        ids(0),
        [
            (0, "degree-two"),
            (4, "degree-two"),
            (3, "not-lowest"),
            (6, "not-lowest"),
            (7, "not-lowest"),
            (8, "not-lowest")
        ]
    );
    let third = ids(2);
    assert!(third.contains(&(1, "emptied-slot")) && third.contains(&(6, "degrees-not-updated")), "{third:?}");
    // Backwards: b fills 0 with 200; a fills 3 with 5 ⊕ 200 ⊕ 0 = 205; c fills 1 with 17.
    let fills: Vec<u64> = (3..6).map(|i| whole(&p.step_as(i, &[], Worded).answer)).collect();
    assert_eq!(fills, [200, 205, 17]);
    let a = p.step_as(4, &[], Worded);
    assert!(a.worked.contains("slot 0 holds 200 (filled for key b) and slot 6 holds 0 (no key has filled it)"));
    assert!(a.worked.ends_with("= 205."), "{}", a.worked);
    assert_eq!(ids(4), [(5, "forward-order"), (5, "slot-left-out"), (5, "fingerprint-only")]);
}
