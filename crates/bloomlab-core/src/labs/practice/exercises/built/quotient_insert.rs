//! `quotient-insert`: inserts into a quotient filter by hand, as the quotient view makes them (the engine's insert):
//! each remainder's slot (in its sorted run, at or after its canonical slot), then that slot's three bits.

use crate::engine::quotient::{QuotientFilter, Slot, Step as Did, Trace};
use crate::labs::practice::drill::Drill;
use crate::labs::practice::step::{Answer, DrillStep, Form, Mistake, Words, Wrong};
use worked::{worked_bits, worked_slot};

pub const CANONICAL: Mistake = Mistake { id: "canonical-slot", name: "Its canonical slot, taken or not" };
pub const RUN_START: Mistake = Mistake { id: "run-start", name: "The first slot of its run, not sorted" };
pub const RUN_END: Mistake = Mistake { id: "run-end", name: "The end of its run, not sorted" };
pub const CLUSTER_END: Mistake = Mistake { id: "cluster-end", name: "The end of the cluster" };
pub const AT_LANDING: Mistake = Mistake { id: "occupied-at-landing", name: "is_occupied set where it landed" };
pub const AS_HOME: Mistake = Mistake { id: "occupied-as-home", name: "is_occupied cleared where it landed" };
pub const NOT_SHIFTED: Mistake = Mistake { id: "shifted-forgotten", name: "is_shifted forgotten" };
pub const HEAD_CONT: Mistake = Mistake { id: "head-continued", name: "is_continuation set on the first of a run" };
pub const NOT_CONT: Mistake = Mistake { id: "run-not-continued", name: "is_continuation left 0 inside a run" };
// The catalogue: each mistake above and what it gets wrong (`catalogue!`).
crate::labs::practice::exercises::catalogue! {
    (CANONICAL, "the canonical slot is where the search starts, not always where the remainder goes. When it is taken, the remainder goes into its own run, which lies after the runs of the quotients before it and may start right of the canonical slot."),
    (RUN_START, "a run is kept sorted: the remainder goes before the first larger remainder of its run (after the last when none is larger), not simply at the run's first slot."),
    (RUN_END, "a run is kept sorted: the remainder goes before the first larger remainder of its run, and the larger ones move one slot right. It goes after them all only when none is larger."),
    (CLUSTER_END, "the first empty slot is where the shifting stops, not where the remainder goes: it goes into its own run, in sorted order, and the remainders from there up to the empty slot move one slot right."),
    (AT_LANDING, "is_occupied belongs to the slot, not to the remainder in it: it says some stored fingerprint has this slot as its quotient. The insert sets it on the canonical slot; the slot the remainder lands in keeps its own bit."),
    (AS_HOME, "is_occupied belongs to the slot: it is 1 because some stored fingerprint has this slot as its quotient. A remainder of another quotient landing there, shifted, leaves the bit at 1."),
    (NOT_SHIFTED, "a remainder that is not in its canonical slot has is_shifted 1: that is how a lookup walking back finds where its cluster starts."),
    (HEAD_CONT, "is_continuation says the remainder belongs to the same run as the one in the slot before. The first remainder of a run has it 0, even right after another run's remainders, and even when its run held remainders before."),
    (NOT_CONT, "a remainder that follows a smaller remainder of its own run continues that run: its is_continuation is 1."),
}

/// The remainder bits: remainders are 0 to 15.
pub const R: u32 = 4;
/// A fingerprint as (quotient, remainder).
pub type Fp = (usize, u64);

/// What the student does, in a sentence (the question's instruction).
pub const TASK: &str = "For each (quotient, remainder) inserted: the slot the remainder lands in (in its run, which starts at or after its canonical slot, after the runs of the quotients before it; sorted within the run; what follows moves one slot right, up to the first empty slot), then that slot's three bits after the insert: is_occupied, is_continuation and is_shifted.";

/// A quotient-filter problem: 2^q slots of 4-bit remainders, the fingerprints stored before (as
/// (quotient, remainder)), and the fingerprints inserted, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientInsertProblem {
    pub q: u32,
    pub stored: Vec<Fp>,
    pub inserts: Vec<Fp>,
}

/// One insert, run by the engine: the table before it, its trace, where the remainder landed
/// and that slot after the insert.
struct Landing {
    before: QuotientFilter,
    trace: Trace,
    pos: usize,
    after: Slot,
}

impl Landing {
    /// The slots of the run of the insert's quotient before the insert, first to last (empty for
    /// a new run).
    fn run(&self) -> Vec<usize> {
        let (b, n) = (&self.before, self.before.slot_count());
        let start = self.trace.steps.iter().find_map(|s| match s {
            Did::RunStart { slot } => Some(*slot),
            _ => None,
        });
        let Some(start) = start.filter(|_| b.slot(self.trace.quotient).occupied) else { return Vec::new() };
        let mut run = vec![start];
        while run.len() < n && b.slot(start + run.len()).continuation {
            run.push((start + run.len()) % n);
        }
        run
    }
}

/// The table as the prompts show it: `slot: o c s remainder`, `-` for an empty slot.
fn table_text(f: &QuotientFilter) -> String {
    f.slots().iter().enumerate().map(|(i, s)| format!("{i}: {}", s.hook())).collect::<Vec<_>>().join("; ")
}

const TABLE_KEY: &str = "slot: is_occupied is_continuation is_shifted remainder, - for an empty slot";

impl Drill for QuotientInsertProblem {
    const MISTAKES: &'static [Mistake] = MISTAKES;
    const WHY: &'static [&'static str] = WHY;

    /// Level 1: 8 slots, 2 stored, 3 inserts; level 2: 8 slots, 3 stored, 3 inserts; level 3:
    /// 16 slots, 5 stored, 4 inserts. Of 500 draws the first that `interesting` keeps (else a
    /// problem built by hand that is).
    fn draw(level: u64, rng: &mut fastrand::Rng) -> QuotientInsertProblem {
        let (q, stored, inserted) = match level {
            1 => (3, 2, 3),
            2 => (3, 3, 3),
            _ => (4, 5, 4),
        };
        let n = 1usize << q;
        for _ in 0..500 {
            let mut fps: Vec<Fp> = Vec::new();
            for _ in 0..64 {
                // A third of the quotients repeat one drawn before, so that runs grow.
                let quotient = match fps.len() {
                    k if k > 0 && rng.usize(..3) == 0 => fps[rng.usize(..k)].0,
                    _ => rng.usize(..n - 2),
                };
                let fp = (quotient, rng.u64(..1 << R));
                if !fps.contains(&fp) {
                    fps.push(fp);
                }
            }
            fps.truncate(stored + inserted);
            let (before, after) = fps.split_at(stored.min(fps.len()));
            let p = QuotientInsertProblem { q, stored: before.to_vec(), inserts: after.to_vec() };
            if p.inserts.len() == inserted && p.interesting() {
                return p;
            }
        }
        QuotientInsertProblem::built(level)
    }

    /// Two steps per insert: the slot, then its three bits.
    fn steps(&self) -> usize {
        2 * self.inserts.len()
    }

    fn step_as<W: Words>(&self, i: usize, _prior: &[Answer], w: W) -> DrillStep {
        let i = i.min(self.steps().saturating_sub(1));
        let landings = self.landings();
        let Some(l) = landings.get(i / 2) else {
            let say = || "The table is full: this insert is refused.".to_string();
            return DrillStep::new(w.say(say), Form::Whole { field: "slot" }, Answer::Whole(0), w.say(say), Vec::new());
        };
        if i.is_multiple_of(2) {
            self.slot_step(l, w)
        } else {
            self.bits_step(l, w)
        }
    }

    /// The cells of the bits step start at 0 (not at the last insert's bits).
    fn start_cells(&self, i: usize, _prior: &[Answer]) -> Option<Vec<i64>> {
        (i % 2 == 1).then(|| vec![0; 3])
    }

    fn json(&self) -> String {
        let inserts: Vec<String> = self.inserts.iter().map(|(q, r)| format!("[{q}, {r}]")).collect();
        format!(
            "{{\"q\": {}, \"r\": {R}, \"slots\": \"{}\", \"inserts\": [{}]}}",
            self.q,
            self.table_before(0).slots_hook(),
            inserts.join(", ")
        )
    }

    fn statement(&self) -> String {
        let inserts: Vec<String> = self.inserts.iter().map(|(q, r)| format!("({q}, {r})")).collect();
        format!(
            "A quotient filter with q = {} ({} slots) and r = {R} (remainders 0 to {}); a fingerprint is quotient × {} \
             + remainder. The table ({TABLE_KEY}): {}. Insert, in order, these (quotient, remainder) pairs: {}.",
            self.q,
            1u64 << self.q,
            (1u64 << R) - 1,
            1u64 << R,
            table_text(&self.table_before(0)),
            inserts.join(", ")
        )
    }
}

impl QuotientInsertProblem {
    /// A problem made by hand for `level`, for when no draw is kept.
    pub fn built(level: u64) -> QuotientInsertProblem {
        let (q, stored, inserts): (u32, &[Fp], &[Fp]) = match level {
            1 => (3, &[(1, 9), (2, 5)], &[(1, 4), (2, 12), (3, 7)]),
            2 => (3, &[(1, 9), (2, 5), (5, 2)], &[(1, 4), (2, 12), (3, 7)]),
            _ => (4, &[(1, 9), (2, 5), (5, 2), (9, 3), (10, 8)], &[(1, 4), (2, 12), (3, 7), (9, 1)]),
        };
        QuotientInsertProblem { q, stored: stored.to_vec(), inserts: inserts.to_vec() }
    }

    /// No fingerprint twice; every insert goes in and the last slot stays empty (no cluster wraps
    /// round the table's end); some insert lands right of its canonical slot, some joins a run
    /// already there, and some lands in a used slot, pushing remainders along.
    fn interesting(&self) -> bool {
        let all: Vec<Fp> = self.stored.iter().chain(&self.inserts).copied().collect();
        let distinct = all.iter().enumerate().all(|(i, f)| !all[..i].contains(f));
        let landings = self.landings();
        let Some(last) = landings.last().filter(|_| distinct && landings.len() == self.inserts.len()) else {
            return false;
        };
        let mut after = last.before.clone();
        let ends_empty =
            after.insert_fingerprint(last.trace.fingerprint).is_ok() && after.slot(after.slot_count() - 1).is_empty();
        ends_empty
            && landings.iter().any(|l| l.pos != l.trace.quotient)
            && landings.iter().any(|l| l.before.slot(l.trace.quotient).occupied)
            && landings.iter().any(|l| l.before.slot(l.pos).is_used())
    }

    /// The table insert `j` starts from: the stored fingerprints and the first `j` inserts.
    pub fn table_before(&self, j: usize) -> QuotientFilter {
        let q = self.q.clamp(1, 8);
        let mut f = QuotientFilter::new(q, R).expect("a table of at most 256 slots");
        for &(quotient, remainder) in self.stored.iter().chain(&self.inserts[..j.min(self.inserts.len())]) {
            let _ = f.insert_fingerprint(f.join(quotient, remainder));
        }
        f
    }

    /// Each insert run by the engine in turn, until one is refused (a full table).
    fn landings(&self) -> Vec<Landing> {
        let mut f = self.table_before(0);
        let mut out = Vec::new();
        for &(quotient, remainder) in &self.inserts {
            let before = f.clone();
            let Ok(trace) = f.insert_fingerprint(f.join(quotient, remainder)) else { break };
            let placed = trace.steps.iter().find_map(|s| match s {
                Did::Place { slot, after, .. } => Some((*slot, *after)),
                _ => None,
            });
            let Some((pos, after)) = placed else { break };
            out.push(Landing { before, trace, pos, after });
        }
        out
    }

    /// Where the remainder lands.
    fn slot_step<W: Words>(&self, l: &Landing, w: W) -> DrillStep {
        let (fq, fr, b) = (l.trace.quotient, l.trace.remainder, &l.before);
        let mut wrongs = vec![Wrong { answer: Answer::Whole(fq as u64), mistake: CANONICAL }];
        let run = l.run();
        if let (Some(&first), Some(&last)) = (run.first(), run.last()) {
            wrongs.push(Wrong { answer: Answer::Whole(first as u64), mistake: RUN_START });
            wrongs.push(Wrong { answer: Answer::Whole(((last + 1) % b.slot_count()) as u64), mistake: RUN_END });
        }
        let n = b.slot_count();
        if let Some(free) = (0..n).map(|k| (fq + k) % n).find(|&s| b.slot(s).is_empty()) {
            wrongs.push(Wrong { answer: Answer::Whole(free as u64), mistake: CLUSTER_END });
        }
        let prompt = || {
            format!(
                "The table before this insert ({TABLE_KEY}): {}. Insert quotient {fq}, remainder {fr} (fingerprint \
                 {}). In which slot does remainder {fr} land?",
                table_text(b),
                l.trace.fingerprint
            )
        };
        DrillStep::new(
            w.say(prompt),
            Form::Whole { field: "slot" },
            Answer::Whole(l.pos as u64),
            w.say(|| worked_slot(l)),
            wrongs,
        )
    }

    /// The landing slot's three bits after the insert.
    fn bits_step<W: Words>(&self, l: &Landing, w: W) -> DrillStep {
        let (fq, pos, a) = (l.trace.quotient, l.pos, l.after);
        let right = [a.occupied, a.continuation, a.shifted].map(i64::from);
        let with = |i: usize, v: i64| Answer::Counters((0..3).map(|k| if k == i { v } else { right[k] }).collect());
        let mut wrongs = Vec::new();
        if !a.occupied {
            wrongs.push(Wrong { answer: with(0, 1), mistake: AT_LANDING });
        } else if pos != fq {
            wrongs.push(Wrong { answer: with(0, 0), mistake: AS_HOME });
        }
        if a.shifted {
            wrongs.push(Wrong { answer: with(2, 0), mistake: NOT_SHIFTED });
        }
        if a.continuation {
            wrongs.push(Wrong { answer: with(1, 0), mistake: NOT_CONT });
        } else if l.before.slot(pos + l.before.slot_count() - 1).is_used() || !l.run().is_empty() {
            wrongs.push(Wrong { answer: with(1, 1), mistake: HEAD_CONT });
        }
        let prompt = || {
            format!(
                "The table before this insert ({TABLE_KEY}): {}. Remainder {} of quotient {fq} lands in slot {pos}. \
                 Slot {pos}'s three bits after the insert, each 0 or 1: bit 0 is_occupied, bit 1 is_continuation, \
                 bit 2 is_shifted.",
                table_text(&l.before),
                l.trace.remainder
            )
        };
        DrillStep::new(
            w.say(prompt),
            Form::Counters { len: 3, name: "bit", from: 0 },
            Answer::Counters(right.to_vec()),
            w.say(|| worked_bits(l)),
            wrongs,
        )
    }
}

#[path = "quotient_insert_worked.rs"]
mod worked;

#[cfg(test)]
#[path = "quotient_insert_tests.rs"]
mod tests;
