//! `reservoir`: reservoir sampling by hand, as the moments view runs it. Positions 1 to s fill
//! the s slots; position i > s draws a whole number from 0 to i − 1 and is kept when the draw is
//! below s (chance s/i — the moments view's draw below s/i, times i and rounded down); a kept
//! position takes the slot named by the next unused pick. For each arrival the student says
//! whether it is passed over or which slot it takes.

use crate::engine::moments::reservoir::{run, Arrival};
use crate::labs::practice::drill::Drill;
use crate::labs::practice::step::{Answer, DrillStep, Form, Mistake, Words, Wrong};

pub const OFF_BY_ONE: Mistake = Mistake { id: "keep-at-s", name: "Kept with a draw of s" };
pub const REVERSED: Mistake = Mistake { id: "keep-reversed", name: "The comparison turned round" };
pub const BY_POSITION: Mistake = Mistake { id: "slot-by-position", name: "Slot chosen by position" };
pub const OLDEST: Mistake = Mistake { id: "slot-oldest", name: "The oldest position replaced" };
pub const PICK_PER_ARRIVAL: Mistake =
    Mistake { id: "pick-per-arrival", name: "A pick used up by a passed-over position" };
// The catalogue: each mistake above and what it gets wrong (`catalogue!`).
crate::labs::practice::exercises::catalogue! {
    (OFF_BY_ONE, "a position is kept when its draw is below s: the s draws 0 to s − 1 out of i give the chance s/i. A draw of s or more passes it over."),
    (REVERSED, "a position is kept when its draw is below s (a chance of s/i, small late in the stream), not when it is at or above s."),
    (BY_POSITION, "the slot a kept position takes is the one its pick names, whatever the position's number (not the position mod s)."),
    (OLDEST, "a reservoir is not a queue: the slot is the one the pick names, chosen at random, not the one holding the oldest position."),
    (PICK_PER_ARRIVAL, "only kept positions use a pick: the next unused one, however many positions were passed over in between."),
}

/// The answers offered: passed over, or slot 1 to 4.
pub const CHOICES: [(&str, &str); 5] = [
    ("pass", "passed over"),
    ("1", "takes slot 1"),
    ("2", "takes slot 2"),
    ("3", "takes slot 3"),
    ("4", "takes slot 4"),
];

/// A reservoir problem: s slots, n positions, the moments view's seeded run of it.
#[derive(Clone, Debug, PartialEq)]
pub struct ReservoirProblem {
    pub s: usize,
    pub n: usize,
    pub arrivals: Vec<Arrival>,
}

/// The whole-number draw of an arrival: its draw from [0, 1) times its position, rounded down.
pub fn draw_of(a: &Arrival) -> u64 {
    (a.draw * a.position as f64).floor() as u64
}

impl Drill for ReservoirProblem {
    const MISTAKES: &'static [Mistake] = MISTAKES;
    const WHY: &'static [&'static str] = WHY;

    /// s = 2, 3 or 4 slots over 10, 12 or 16 positions: the first of 64 seeded runs whose whole
    /// draws keep exactly the positions the run keeps, with a position kept and one passed over.
    fn draw(level: u64, rng: &mut fastrand::Rng) -> ReservoirProblem {
        let (s, n) = match level {
            1 => (2, 10),
            2 => (3, 12),
            _ => (4, 16),
        };
        let start = rng.u64(..);
        let fits = |a: &[Arrival]| {
            a.iter().all(|x| (draw_of(x) < s as u64) == x.replaced.is_some())
                && a.iter().any(|x| x.replaced.is_some())
                && a.iter().any(|x| x.replaced.is_none())
        };
        let seed = (0..64).map(|t| start.wrapping_add(t)).find(|&seed| fits(&run(n, s, seed).1)).unwrap_or(start);
        ReservoirProblem { s, n, arrivals: run(n, s, seed).1 }
    }

    fn steps(&self) -> usize {
        self.arrivals.len()
    }

    /// Arrival `i`, after the student's own answers `prior` for the arrivals before it.
    fn step_as<W: Words>(&self, i: usize, prior: &[Answer], w: W) -> DrillStep {
        let s = self.s;
        let i = i.min(self.arrivals.len() - 1);
        let t = s + 1 + i;
        let r = draw_of(&self.arrivals[i]);
        let picks = self.picks();
        let mut slots: Vec<usize> = (1..=s).collect();
        let mut used = 0;
        for (j, a) in prior.iter().take(i).enumerate() {
            if let Some(slot) = slot_of(a) {
                used += 1;
                slots[(slot - 1).min(s - 1)] = s + 1 + j;
            }
        }
        let next = picks.get(used).or(picks.last()).copied().unwrap_or(1);
        let choice = |slot: usize| Answer::Choice(CHOICES[slot.min(s)].0);
        let right = if r < s as u64 { choice(next) } else { Answer::Choice("pass") };
        let oldest = slots.iter().enumerate().min_by_key(|(_, &p)| p).map_or(1, |(k, _)| k + 1);
        let mut wrongs = vec![
            Wrong { answer: if r <= s as u64 { choice(next) } else { right.clone() }, mistake: OFF_BY_ONE },
            Wrong { answer: if r >= s as u64 { choice(next) } else { Answer::Choice("pass") }, mistake: REVERSED },
        ];
        if r < s as u64 {
            wrongs.push(Wrong { answer: choice((t - 1) % s + 1), mistake: BY_POSITION });
            wrongs.push(Wrong { answer: choice(oldest), mistake: OLDEST });
            if let Some(&p) = picks.get(i) {
                wrongs.push(Wrong { answer: choice(p), mistake: PICK_PER_ARRIVAL });
            }
        }
        let worked = || {
            if r < s as u64 {
                let mut after = slots.clone();
                after[next - 1] = t;
                format!(
                "{r} is below s = {s}: kept. The next unused pick is {next}, so it takes slot {next} in place of position {}; the slots hold {}.",
                slots[next - 1],
                after.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
            )
            } else {
                format!(
                    "{r} is not below s = {s}: passed over. The slots still hold {}.",
                    slots.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
                )
            }
        };
        DrillStep::new(
            w.say(|| {
                format!(
                    "Position {t} draws {r} (a whole number from 0 to {}): passed over, or which slot does it take?",
                    t - 1
                )
            }),
            Form::Choice { options: CHOICES[..=s].to_vec() },
            right,
            w.say(worked),
            wrongs,
        )
    }

    fn json(&self) -> String {
        let join = |v: Vec<String>| v.join(", ");
        format!(
            "{{\"s\": {}, \"n\": {}, \"draws\": [{}], \"picks\": [{}]}}",
            self.s,
            self.n,
            join(self.draws().iter().map(u64::to_string).collect()),
            join(self.picks().iter().map(usize::to_string).collect())
        )
    }

    fn statement(&self) -> String {
        let join = |v: Vec<String>| v.join(", ");
        format!(
            "s = {} slots; positions 1 to {} fill them, and positions {} to {} arrive. Their draws: {}. The picks, in turn: {}.",
            self.s,
            self.s,
            self.s + 1,
            self.n,
            join(self.draws().iter().map(u64::to_string).collect()),
            join(self.picks().iter().map(usize::to_string).collect())
        )
    }
}

impl ReservoirProblem {
    pub fn draws(&self) -> Vec<u64> {
        self.arrivals.iter().map(draw_of).collect()
    }

    /// The slot picks in turn, 1-based.
    pub fn picks(&self) -> Vec<usize> {
        self.arrivals.iter().filter_map(|a| a.replaced.map(|j| j + 1)).collect()
    }
}

/// The slot an answer names (None for passed over).
fn slot_of(a: &Answer) -> Option<usize> {
    match a {
        Answer::Choice(c) => c.parse().ok(),
        _ => None,
    }
}
