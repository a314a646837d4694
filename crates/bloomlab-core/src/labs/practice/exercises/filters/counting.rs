//! `counting`: a counting filter run by hand, as the counting view runs it (the lecture's two
//! hashes, 4-bit counters, Minimum Selection): the counters after each insert and delete, the last
//! delete forced for an item never inserted; then, for each item still inserted, whether the filter
//! still finds it or the forced delete turned it into a false negative.

use crate::engine::counting::{CountingFilter, Mode};
use crate::engine::hashing::HashFamily;
use crate::labs::practice::drill::Drill;
use crate::labs::practice::problem::list;
use crate::labs::practice::step::{Answer, DrillStep, Form, Mistake, Words, Wrong};

pub const ONE_ADD: Mistake = Mistake { id: "one-counter-insert", name: "An insert that adds to one counter only" };
pub const SET_ONE: Mistake = Mistake { id: "set-to-one", name: "Counters set to 1" };
pub const ONE_TAKE: Mistake = Mistake { id: "one-counter-delete", name: "A delete that takes 1 from one counter only" };
pub const BELOW_ZERO: Mistake = Mistake { id: "below-zero", name: "A counter below 0" };
pub const NOT_FORCED: Mistake = Mistake { id: "not-forced", name: "The forced delete left out" };
pub const NO_FALSE_NEGATIVES: Mistake = Mistake { id: "no-false-negatives", name: "No false negatives assumed" };
pub const TOUCHED: Mistake = Mistake { id: "touched-lost", name: "A lowered counter taken as a lost item" };
// The catalogue: each mistake above and what it gets wrong (`catalogue!`).
crate::labs::practice::exercises::catalogue! {
    (ONE_ADD, "an insert adds 1 to the counter of every hash, h1(x) and h2(x) (2 to one counter when both land on it)."),
    (SET_ONE, "a counting filter counts: an insert adds 1 to each of its counters, whatever they held. Setting them to 1 is what a Bloom filter does with its bits."),
    (ONE_TAKE, "a delete takes 1 from the counter of every hash, h1(x) and h2(x), just as the insert added 1 to both."),
    (BELOW_ZERO, "a counter at 0 stays at 0: there is nothing left to take away, and a counter never holds less than 0."),
    (NOT_FORCED, "the delete is forced: it goes through although the filter says the item is absent, taking 1 from each of its counters that is above 0."),
    (NO_FALSE_NEGATIVES, "a counting filter has no false negatives only while every delete is of an item that was inserted. The forced delete took a count that belonged to this item, and one of its counters is now 0."),
    (TOUCHED, "the forced delete lowered one of this item's counters, but every one of them is still above 0, so the filter still finds it."),
}

/// The lookup verdicts (value, label).
pub const LOOKUPS: [(&str, &str); 2] = [("found", "the filter finds it"), ("false-negative", "a false negative")];

/// Hashes and counter width, as the counting view's lecture setting has them.
pub const K: u32 = 2;
pub const W: u32 = 4;

/// One operation: insert or delete an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Insert(u64),
    Delete(u64),
}

/// A counting-filter problem: m counters, the operations (the last a forced delete of an item
/// never inserted), and the items looked up at the end (those still inserted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountingProblem {
    pub m: u64,
    pub ops: Vec<Op>,
    pub lookups: Vec<u64>,
}

/// An empty filter of `m` counters, as the counting view builds it.
pub fn filter(m: u64) -> CountingFilter {
    CountingFilter::new(HashFamily::Ullman, m, K, W, Mode::Min)
}

fn applied(mut f: CountingFilter, op: Op) -> CountingFilter {
    let _ = match op {
        Op::Insert(x) => f.insert(&x.to_string()),
        Op::Delete(x) => f.delete(&x.to_string()),
    };
    f
}

fn finds(f: &CountingFilter, x: u64) -> bool {
    f.estimate(&x.to_string()).is_some_and(|e| e.value > 0)
}

/// The catalogued wrong counters for an operation at positions `at` on the counters `prev`, each
/// from running the mistaken method.
fn op_wrongs(prev: &[i64], at: &[usize], insert: bool, forced: bool) -> Vec<Wrong> {
    let changed = |ps: &[usize], f: &dyn Fn(i64) -> i64| {
        let mut v = prev.to_vec();
        for &p in ps {
            v[p] = f(v[p]);
        }
        Answer::Counters(v)
    };
    let take = |c: i64| if c > 0 { c - 1 } else { c };
    let (first, second) = at.split_at(at.len().min(1));
    if insert {
        return vec![
            Wrong { answer: changed(first, &|c| c + 1), mistake: ONE_ADD },
            Wrong { answer: changed(second, &|c| c + 1), mistake: ONE_ADD },
            Wrong { answer: changed(at, &|_| 1), mistake: SET_ONE },
        ];
    }
    let mut w = Vec::new();
    if forced {
        w.push(Wrong { answer: Answer::Counters(prev.to_vec()), mistake: NOT_FORCED });
    }
    w.push(Wrong { answer: changed(at, &|c| c - 1), mistake: BELOW_ZERO });
    w.push(Wrong { answer: changed(first, &take), mistake: ONE_TAKE });
    w.push(Wrong { answer: changed(second, &take), mistake: ONE_TAKE });
    w
}

/// Counters as written by hand, read into a filter (below 0 as 0, above 15 as 15).
fn from_hand(m: u64, v: &[i64]) -> CountingFilter {
    let values: Vec<u32> = v.iter().map(|&c| c.clamp(0, 15) as u32).collect();
    filter(m).with_values(&values)
}

impl Drill for CountingProblem {
    const MISTAKES: &'static [Mistake] = MISTAKES;
    const WHY: &'static [&'static str] = WHY;

    /// m = 11, 13 or 16 counters; 3 to 5 items inserted, one of them deleted, then a forced
    /// delete of an item the filter says is absent: in half the problems one that turns an item
    /// still inserted into a false negative, in the others one that lowers a counter of such an
    /// item that stays above 0 (each when one of 600 draws does).
    fn draw(level: u64, rng: &mut fastrand::Rng) -> CountingProblem {
        let (m, count, top) = match level {
            1 => (11, 3, 1_000),
            2 => (13, 4, 1_000),
            _ => (16, 5, 4_000),
        };
        let mut items: Vec<u64> = Vec::new();
        while items.len() < count {
            let x = rng.u64(8..=top);
            if !items.contains(&x) {
                items.push(x);
            }
        }
        let deleted = items[rng.usize(..items.len())];
        let mut ops: Vec<Op> = items.iter().map(|&x| Op::Insert(x)).collect();
        ops.push(Op::Delete(deleted));
        let f = ops.iter().fold(filter(m), |f, &op| applied(f, op));
        let lookups: Vec<u64> = items.iter().copied().filter(|&x| x != deleted).collect();
        let candidates: Vec<u64> =
            (0..600).map(|_| rng.u64(8..=top)).filter(|x| !items.contains(x) && !finds(&f, *x)).collect();
        // What forcing the delete of x does to the items still inserted: how many it loses, and
        // whether one of them has a counter lowered yet is still found.
        let effect = |x: u64| {
            let after = applied(f.clone(), Op::Delete(x));
            let lowered = |y: u64| {
                let at = f.lookup(&y.to_string()).map(|t| t.positions()).unwrap_or_default();
                at.iter().any(|&p| after.counters().get(p) < f.counters().get(p))
            };
            let lost = lookups.iter().filter(|&&y| !finds(&after, y)).count();
            (lost, lookups.iter().any(|&y| finds(&after, y) && lowered(y)))
        };
        // Half the problems look for a false negative first, the others for a lowered counter.
        let wants: [fn((usize, bool)) -> bool; 3] = if rng.bool() {
            [|(lost, _)| lost > 0, |(_, lowered)| lowered, |_| true]
        } else {
            [|(lost, lowered)| lowered && lost == 0, |(lost, _)| lost > 0, |_| true]
        };
        let forced =
            wants.iter().find_map(|want| candidates.iter().copied().find(|&x| want(effect(x)))).unwrap_or(top + 1);
        ops.push(Op::Delete(forced));
        CountingProblem { m, ops, lookups }
    }

    /// One step per operation, then one per lookup.
    fn steps(&self) -> usize {
        self.ops.len() + self.lookups.len()
    }

    fn step_as<W: Words>(&self, i: usize, prior: &[Answer], w: W) -> DrillStep {
        match self.ops.get(i) {
            Some(&op) => self.op_step(op, self.counters_after(prior, i), w),
            None => {
                let n = self.ops.len();
                let x = self.lookups[(i - n).min(self.lookups.len() - 1)];
                self.lookup_step(x, &self.counters_after(prior, n - 1), &self.counters_after(prior, n), w)
            }
        }
    }

    fn json(&self) -> String {
        let ops: Vec<String> = self.ops_text().iter().map(|o| format!("\"{o}\"")).collect();
        format!(
            "{{\"m\": {}, \"k\": {K}, \"w\": {W}, \"hash\": \"ullman\", \"ops\": [{}], \"lookups\": [{}]}}",
            self.m,
            ops.join(", "),
            list(&self.lookups)
        )
    }

    fn statement(&self) -> String {
        let inserts: Vec<u64> =
            self.ops.iter().filter_map(|o| if let Op::Insert(x) = o { Some(*x) } else { None }).collect();
        let deletes: Vec<u64> =
            self.ops.iter().filter_map(|o| if let Op::Delete(x) = o { Some(*x) } else { None }).collect();
        format!(
            "A counting filter of m = {} counters of {W} bits, all 0, with the lecture's two hashes (odd- and even-numbered binary digits, mod {}). Insert {}; delete {}; then delete {}, which was never inserted (forced). Then look up {}.",
            self.m,
            self.m,
            list(&inserts),
            deletes.first().copied().unwrap_or(0),
            deletes.last().copied().unwrap_or(0),
            list(&self.lookups)
        )
    }
}

impl CountingProblem {
    /// The counters the student had after the first `i` steps (all 0 before the first).
    fn counters_after(&self, prior: &[Answer], i: usize) -> Vec<i64> {
        match prior.get(..i).and_then(|p| p.last()) {
            Some(Answer::Counters(v)) if v.len() == self.m as usize => v.clone(),
            _ => vec![0; self.m as usize],
        }
    }

    fn inserted(&self, x: u64) -> bool {
        self.ops.contains(&Op::Insert(x))
    }

    /// An operation on the student's own counters `prev`.
    fn op_step<W: Words>(&self, op: Op, prev: Vec<i64>, w: W) -> DrillStep {
        let mut f = from_hand(self.m, &prev);
        let (x, insert) = match op {
            Op::Insert(x) => (x, true),
            Op::Delete(x) => (x, false),
        };
        let forced = !insert && !self.inserted(x);
        let trace = if insert { f.insert(&x.to_string()) } else { f.delete(&x.to_string()) };
        let steps = trace.map(|t| t.steps).unwrap_or_default();
        let mut right = prev.clone();
        for s in &steps {
            right[s.position as usize] = s.after as i64;
        }
        let at: Vec<usize> = steps.iter().map(|s| s.position as usize).collect();
        let wrongs = op_wrongs(&prev, &at, insert, forced);
        let prompt = || match (insert, forced) {
            (true, _) => format!("Insert {x}: the counters after it."),
            (false, false) => format!("Delete {x}: the counters after it."),
            (false, true) => {
                format!("Delete {x}, which was never inserted (the delete is forced): the counters after it.")
            }
        };
        let worked = || {
            let mut moves: Vec<String> = Vec::new();
            let mut seen: Vec<u64> = Vec::new();
            for s in &steps {
                if !seen.contains(&s.position) {
                    seen.push(s.position);
                    let before = prev[s.position as usize];
                    moves.push(if before == s.after as i64 {
                        format!("counter {} stays at {before}", s.position)
                    } else {
                        format!("counter {} goes from {before} to {}", s.position, s.after)
                    });
                }
            }
            let hashes: Vec<String> = steps
                .iter()
                .map(|s| format!("h{}({x}) = {} mod {} = {}", s.index + 1, s.raw, self.m, s.position))
                .collect();
            let verb = match (insert, forced) {
                (true, _) => "adds 1 to",
                (false, false) => "takes 1 from",
                (false, true) => "takes 1 (where there is one) from",
            };
            format!(
                "{}. The {} {verb} each: {}.",
                hashes.join(", "),
                if insert { "insert" } else { "delete" },
                moves.join(", ")
            )
        };
        DrillStep::new(
            w.say(prompt),
            Form::Counters { len: self.m as usize, name: "counter", from: 0 },
            Answer::Counters(right),
            w.say(worked),
            wrongs,
        )
    }

    /// Looking up `x` once the forced delete turned the counters `before` into `after`.
    fn lookup_step<W: Words>(&self, x: u64, before: &[i64], after: &[i64], w: W) -> DrillStep {
        let f = from_hand(self.m, after);
        let at: Vec<usize> =
            f.lookup(&x.to_string()).map(|t| t.positions()).unwrap_or_default().iter().map(|&p| p as usize).collect();
        let right = if finds(&f, x) { "found" } else { "false-negative" };
        let lowered = at.iter().any(|&p| after[p] < before[p]);
        let worked = || {
            let shown: Vec<String> = at.iter().map(|&p| format!("counter {p} holds {}", after[p])).collect();
            let why = if right == "found" {
                "all above 0, so the filter finds it".to_string()
            } else {
                format!("a 0 among them, so the filter says absent, yet {x} is still inserted: a false negative")
            };
            format!("{}: {why}.", shown.join(", "))
        };
        DrillStep::new(
            w.say(|| format!("Look up {x} (still inserted) after the forced delete: does the filter find it?")),
            Form::Choice { options: LOOKUPS.to_vec() },
            Answer::Choice(right),
            w.say(worked),
            vec![
                Wrong { answer: Answer::Choice("found"), mistake: NO_FALSE_NEGATIVES },
                Wrong { answer: Answer::Choice(if lowered { "false-negative" } else { right }), mistake: TOUCHED },
            ],
        )
    }

    /// The operations as the counting view writes them (`i:25`, `d:77`).
    pub fn ops_text(&self) -> Vec<String> {
        self.ops
            .iter()
            .map(|op| match op {
                Op::Insert(x) => format!("i:{x}"),
                Op::Delete(x) => format!("d:{x}"),
            })
            .collect()
    }
}
