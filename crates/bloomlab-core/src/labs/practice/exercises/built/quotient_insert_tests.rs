//! The quotient-filter exercise against a table kept here from the bits alone: the model answers,
//! applied by hand, give the engine's table, and the final table, decoded the standard way, holds
//! exactly the fingerprints put in.

use super::*;
use crate::labs::practice::step::{Bare, Response, Worded};

/// A slot as the student sees it: is_occupied, is_continuation, is_shifted, remainder.
type Cell = (bool, bool, bool, u64);

fn cells(f: &QuotientFilter) -> Vec<Cell> {
    f.slots().iter().map(|s| (s.occupied, s.continuation, s.shifted, s.remainder)).collect()
}

fn used(c: Cell) -> bool {
    c.0 || c.1 || c.2
}

/// Each slot's quotient, read from the bits: every cluster from its start (a used slot that is not
/// shifted), its first run that of the start's quotient, each later run (a slot without
/// is_continuation) that of the next slot whose is_occupied is 1.
fn owners(t: &[Cell]) -> Vec<Option<usize>> {
    let n = t.len();
    let mut out = vec![None; n];
    for start in (0..n).filter(|&i| used(t[i]) && !t[i].2) {
        let mut quotient = start;
        for k in 0..n {
            let i = (start + k) % n;
            if !used(t[i]) || (k > 0 && !t[i].2) {
                break;
            }
            if k > 0 && !t[i].1 {
                quotient = (1..=n).map(|d| (quotient + d) % n).find(|&j| t[j].0).expect("an occupied slot");
            }
            out[i] = Some(quotient);
        }
    }
    out
}

/// The fingerprints the table holds, as (quotient, remainder), sorted.
fn decoded(t: &[Cell]) -> Vec<(usize, u64)> {
    let mut v: Vec<(usize, u64)> = owners(t).iter().zip(t).filter_map(|(o, c)| o.map(|q| (q, c.3))).collect();
    v.sort_unstable();
    v
}

/// The insert of (fq, fr) done by hand from the answers: the remainder goes into `pos` with the
/// answered bits, what lies from `pos` up to the first empty slot moves one slot right (shifted,
/// keeping its is_continuation, except a run's first pushed by a new first of the same run,
/// which continues it now; every is_occupied bit stays with its slot), and slot fq is occupied.
fn apply(before: &[Cell], (fq, fr): (usize, u64), pos: usize, bits: &[i64]) -> Vec<Cell> {
    let n = before.len();
    let owner = owners(before);
    let free = (0..n).map(|k| (pos + k) % n).find(|&i| !used(before[i])).expect("an empty slot");
    let mut t = before.to_vec();
    let mut to = free;
    while to != pos {
        let from = (to + n - 1) % n;
        let pushed_first = from == pos && owner[pos] == Some(fq);
        t[to] = (before[to].0, before[from].1 || pushed_first, true, before[from].3);
        to = from;
    }
    t[pos] = (bits[0] == 1, bits[1] == 1, bits[2] == 1, fr);
    t[fq].0 = true;
    t
}

/// The sizes and the conditions every problem meets, checked on the tables kept here, each insert
/// done by hand from the model answers and compared with the engine's.
fn check(p: &QuotientInsertProblem, level: u64) {
    let n = 1usize << p.q;
    assert_eq!((p.q, p.stored.len(), p.inserts.len()), [(3, 2, 3), (3, 3, 3), (4, 5, 4)][level as usize - 1]);
    let mut all: Vec<(usize, u64)> = p.stored.iter().chain(&p.inserts).copied().collect();
    all.sort_unstable();
    assert!(all.windows(2).all(|w| w[0] != w[1]), "{p:?}: a fingerprint twice");
    assert!(all.iter().all(|&(q, r)| q < n && r < 16), "{p:?}");
    assert_eq!(p.steps(), 2 * p.inserts.len());
    let mut engine = p.table_before(0);
    let mut t = cells(&engine);
    let (mut away, mut joins, mut pushes) = (false, false, false);
    for (k, &fp) in p.inserts.iter().enumerate() {
        let Answer::Whole(pos) = p.step_as(2 * k, &[], Bare).answer else { panic!("{p:?}") };
        let Answer::Counters(bits) = p.step_as(2 * k + 1, &[], Bare).answer else { panic!("{p:?}") };
        let pos = pos as usize;
        away |= pos != fp.0;
        joins |= decoded(&t).iter().any(|&(q, _)| q == fp.0);
        pushes |= used(t[pos]);
        t = apply(&t, fp, pos, &bits);
        engine.insert_fingerprint(engine.join(fp.0, fp.1)).expect("room");
        assert_eq!(t, cells(&engine), "{p:?}: insert {k}");
    }
    assert_eq!(decoded(&t), all, "{p:?}");
    assert!(!used(t[n - 1]) && t.iter().filter(|&&c| used(c)).count() < n, "{p:?}: no wrap, never full");
    assert!(away && joins && pushes, "{p:?}: {away} {joins} {pushes}");
}

#[test]
fn model_answers_give_the_engines_table_holding_every_fingerprint() {
    for seed in 0..200 {
        for level in 1..=3 {
            check(&QuotientInsertProblem::draw(level, &mut fastrand::Rng::with_seed(seed)), level);
        }
    }
    for level in 1..=3 {
        let p = QuotientInsertProblem::built(level);
        assert!(p.interesting(), "{p:?}");
        check(&p, level);
    }
}

fn respond(a: &Answer) -> Response {
    match a {
        Answer::Whole(v) => Response::Text(v.to_string()),
        Answer::Counters(v) => Response::Cells(v.iter().map(i64::to_string).collect()),
        _ => panic!("{a:?}"),
    }
}

#[test]
fn every_catalogued_mistake_occurs_and_no_right_answer_is_one() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200 {
        for level in 1..=3 {
            let p = QuotientInsertProblem::draw(level, &mut fastrand::Rng::with_seed(seed));
            for i in 0..p.steps() {
                let s = p.step_as(i, &[], Worded);
                let right = s.grade(&respond(&s.answer));
                assert!(right.right && right.mistake.is_none(), "{p:?} step {i}");
                for w in &s.wrongs {
                    assert_ne!(w.answer, s.answer, "{p:?} step {i}");
                    let v = s.grade(&respond(&w.answer));
                    assert!(!v.right && v.mistakes().any(|m| m == w.mistake), "{p:?} step {i}");
                    seen.insert(w.mistake.id);
                }
            }
        }
    }
    let missing: Vec<&str> = MISTAKES.iter().map(|m| m.id).filter(|id| !seen.contains(id)).collect();
    assert!(missing.is_empty(), "never drawn: {missing:?}");
}

#[test]
fn bare_steps_are_the_worded_ones_without_words() {
    for seed in 0..30 {
        for level in 1..=3 {
            let p = QuotientInsertProblem::draw(level, &mut fastrand::Rng::with_seed(seed));
            for i in 0..p.steps() {
                let (worded, bare) = (p.step_as(i, &[], Worded), p.step_as(i, &[], Bare));
                assert!(bare.prompt.is_empty() && bare.worked.is_empty());
                assert!(!worded.prompt.is_empty() && !worded.worked.is_empty());
                assert_eq!((bare.form, bare.answer, bare.wrongs), (worded.form, worded.answer, worded.wrongs));
            }
        }
    }
}

#[test]
fn the_built_problem_reads_as_written() {
    let p = QuotientInsertProblem::built(1);
    assert_eq!(
        p.json(),
        "{\"q\": 3, \"r\": 4, \"slots\": \"-;1 0 0 9;1 0 0 5;-;-;-;-;-\", \"inserts\": [[1, 4], [2, 12], [3, 7]]}"
    );
    let answers: Vec<String> = (0..p.steps()).map(|i| p.step_as(i, &[], Bare).answer.shown()).collect();
    assert_eq!(answers, ["1", "1,0,0", "4", "0,1,1", "5", "0,0,1"]);
    let first = p.step_as(0, &[], Worded);
    assert!(first.prompt.contains("1: 1 0 0 9; 2: 1 0 0 5") && first.worked.contains("9"), "{}", first.worked);
    assert!(p.statement().contains("(1, 4), (2, 12), (3, 7)"), "{}", p.statement());
    // A step past the last is the last; the bits cells start at 0.
    assert_eq!(p.step_as(99, &[], Bare), p.step_as(5, &[], Bare));
    assert_eq!(p.start_cells(1, &[]), Some(vec![0; 3]));
}
