//! `fm`: Flajolet–Martin by hand. For each element, the tail length of h(x) = (a·x + b) mod 2^w
//! (the tail of 0 is w, as in the distinct view); then R, the largest tail; then the estimate 2^R.

use crate::engine::hashing::{linear, tail_length};
use crate::labs::practice::drill::Drill;
use crate::labs::practice::exercises::binary_digits;
use crate::labs::practice::problem::list;
use crate::labs::practice::step::{Answer, DrillStep, Form, Mistake, Words, Wrong};

pub const LEADING_ZEROS: Mistake = Mistake { id: "leading-zeros", name: "Leading zeros counted" };
pub const TRAILING_ONES: Mistake = Mistake { id: "trailing-ones", name: "Trailing 1s counted" };
pub const ZERO_TAIL: Mistake = Mistake { id: "zero-tail", name: "The tail of 0 taken as 0" };
pub const NO_MOD: Mistake = Mistake { id: "no-mod", name: "Forgot mod 2^w" };
pub const LAST_TAIL: Mistake = Mistake { id: "last-tail", name: "R from the last element" };
pub const R_FOR_ESTIMATE: Mistake = Mistake { id: "r-for-estimate", name: "R given for 2^R" };
pub const TWICE_R: Mistake = Mistake { id: "twice-r", name: "2·R for 2^R" };
// The catalogue: each mistake above and what it gets wrong (`catalogue!`).
crate::labs::practice::exercises::catalogue! {
    (LEADING_ZEROS, "the tail is the run of 0s at the right end of h(x) in binary, not at its left end."),
    (TRAILING_ONES, "the tail counts the 0s at the right end; a value ending in 1 has tail 0."),
    (ZERO_TAIL, "h(x) = 0 is w zeros in binary, so its tail is w: every one of its digits is a trailing 0."),
    (NO_MOD, "h(x) keeps only the w low bits of a·x + b: reduce mod 2^w before counting its tail."),
    (LAST_TAIL, "R is the largest tail seen over the whole stream, not the tail of the last element."),
    (R_FOR_ESTIMATE, "the estimate of the number of distinct elements is 2 to the power R, not R itself."),
    (TWICE_R, "2^R is 2 multiplied by itself R times (2^3 = 8), not 2 times R."),
}

/// A Flajolet–Martin problem: the hash's a, b and w, and the stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FmProblem {
    pub a: u64,
    pub b: u64,
    pub w: u32,
    pub stream: Vec<u64>,
}

impl Drill for FmProblem {
    const MISTAKES: &'static [Mistake] = MISTAKES;
    const WHY: &'static [&'static str] = WHY;

    /// A problem for `level`: w = 5, 6 or 8 bits, a odd, 5 to 8 elements, one of them repeated.
    fn draw(level: u64, rng: &mut fastrand::Rng) -> FmProblem {
        let (w, len) = match level {
            1 => (5, 5),
            2 => (6, 6),
            _ => (8, 8),
        };
        let top = 1u64 << w;
        let a = rng.u64(1..top) | 1;
        let b = rng.u64(0..top);
        let mut stream: Vec<u64> = (0..len - 1).map(|_| rng.u64(0..top.min(32))).collect();
        let again = stream[rng.usize(..stream.len())];
        stream.insert(rng.usize(1..=stream.len()), again);
        FmProblem { a, b, w, stream }
    }

    /// The gradeable steps: one tail per element, then R, then 2^R.
    fn steps(&self) -> usize {
        self.stream.len() + 2
    }

    /// Step `i`, given the answers accepted for the steps before it (R is graded as the largest
    /// of the student's own tails, the estimate from the student's own R).
    fn step_as<W: Words>(&self, i: usize, prior: &[Answer], words: W) -> DrillStep {
        let w = self.w;
        if let Some(&x) = self.stream.get(i) {
            return self.tail_step(x, words);
        }
        let tails: Vec<u64> = prior.iter().take(self.stream.len()).map(whole).collect();
        if i == self.stream.len() {
            let r = tails.iter().copied().max().unwrap_or(0);
            let last = tails.last().copied().unwrap_or(0);
            let worked = || {
                let list: Vec<String> = tails.iter().map(u64::to_string).collect();
                format!("The tails are {}; the largest is R = {r}.", list.join(", "))
            };
            return DrillStep::new(
                words.say(|| "R, the largest tail seen:".to_string()),
                Form::Whole { field: "R" },
                Answer::Whole(r),
                words.say(worked),
                vec![Wrong { answer: Answer::Whole(last), mistake: LAST_TAIL }],
            );
        }
        let r = prior.get(self.stream.len()).map(whole).unwrap_or(0).min(w as u64);
        DrillStep::new(
            words.say(|| "The estimate of the number of distinct elements, 2^R:".to_string()),
            Form::Whole { field: "estimate" },
            Answer::Whole(1 << r),
            words.say(|| format!("R = {r}, so the estimate is 2^{r} = {}.", 1u64 << r)),
            vec![
                Wrong { answer: Answer::Whole(r), mistake: R_FOR_ESTIMATE },
                Wrong { answer: Answer::Whole(2 * r), mistake: TWICE_R },
            ],
        )
    }

    fn json(&self) -> String {
        format!("{{\"a\": {}, \"b\": {}, \"w\": {}, \"stream\": [{}]}}", self.a, self.b, self.w, list(&self.stream))
    }

    fn statement(&self) -> String {
        format!(
            "h(x) = ({}·x + {}) mod 2^{} = ({}·x + {}) mod {}. The stream: {}.",
            self.a,
            self.b,
            self.w,
            self.a,
            self.b,
            1u64 << self.w,
            list(&self.stream)
        )
    }
}

impl FmProblem {
    /// h(x) = (a·x + b) mod 2^w.
    pub fn hash(&self, x: u64) -> u64 {
        linear(x, self.a, self.b, self.w)
    }

    fn tail_step<W: Words>(&self, x: u64, words: W) -> DrillStep {
        let (w, h) = (self.w, self.hash(x));
        let tail = tail_length(h, w) as u64;
        let leading = binary_digits(h, w).take_while(|&d| !d).count() as u64;
        let ones = binary_digits(h, w).rev().take_while(|&d| d).count() as u64;
        let full = self.a * x + self.b;
        // For h = 0 the tail of 0 comes first: 0 trailing 1s would name it otherwise.
        let mut wrongs = Vec::new();
        if h == 0 {
            wrongs.push(Wrong { answer: Answer::Whole(0), mistake: ZERO_TAIL });
            if full != 0 {
                wrongs.push(Wrong { answer: Answer::Whole(full.trailing_zeros() as u64), mistake: NO_MOD });
            }
        }
        wrongs.push(Wrong { answer: Answer::Whole(leading), mistake: LEADING_ZEROS });
        wrongs.push(Wrong { answer: Answer::Whole(ones), mistake: TRAILING_ONES });
        DrillStep::new(
            words.say(|| format!("x = {x}: the tail length of h({x}).")),
            Form::Whole { field: "tail" },
            Answer::Whole(tail),
            words.say(|| {
                let bin = format!("{h:0width$b}", width = w as usize);
                format!(
                    "h({x}) = ({}·{x} + {}) mod {} = {full} mod {} = {h} = {bin}₂: {tail} trailing 0{}.",
                    self.a,
                    self.b,
                    1u64 << w,
                    1u64 << w,
                    if tail == 1 { "" } else { "s" }
                )
            }),
            wrongs,
        )
    }
}

fn whole(a: &Answer) -> u64 {
    match a {
        Answer::Whole(v) => *v,
        _ => 0,
    }
}
