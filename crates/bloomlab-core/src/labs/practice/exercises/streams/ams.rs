//! `ams`: the Alon–Matias–Szegedy estimate of the second moment by hand, as the moments view
//! runs it. Variables start at given positions; as each element arrives the student writes every
//! variable's value (how often its element has occurred from its start on, 0 before it starts);
//! then each variable's X = n·(2·value − 1), and their mean, the estimate.

use crate::engine::moments::ams::variables;
use crate::engine::moments::stream::{ams_value, TokenStream};
use crate::engine::stats::sort_short;
use crate::labs::practice::drill::Drill;
use crate::labs::practice::step::{Answer, DrillStep, Form, Mistake, Words, Wrong};

pub const FROM_BEGINNING: Mistake = Mistake { id: "from-beginning", name: "Counted from the stream's beginning" };
pub const COUNTED_ALL: Mistake = Mistake { id: "counted-all", name: "Every arrival counted" };
pub const N_VALUE: Mistake = Mistake { id: "n-value", name: "X = n·value" };
pub const NO_N: Mistake = Mistake { id: "no-n", name: "n left out" };
pub const N_FROM_START: Mistake = Mistake { id: "n-from-start", name: "n counted from the variable's start" };
pub const SUM: Mistake = Mistake { id: "sum-not-mean", name: "The sum for the mean" };
// The catalogue: each mistake above and what it gets wrong (`catalogue!`).
crate::labs::practice::exercises::catalogue! {
    (
        FROM_BEGINNING,
        "a variable counts its element only from its own start position on; occurrences before it do not count.",
    ),
    (COUNTED_ALL, "a variable's value grows only when its own element arrives, not with every element of the stream."),
    (N_VALUE, "for the second moment X = n·(2·value − 1): the difference value² − (value − 1)², times n."),
    (NO_N, "X = n·(2·value − 1): multiply by n, the length of the whole stream."),
    (N_FROM_START, "n is the length of the whole stream, not the number of elements from the variable's start on."),
    (SUM, "the estimate is the mean of the variables' X: their sum divided by how many there are."),
}

/// The tolerance of a typed mean.
pub const TOLERANCE: f64 = 0.01;

/// An AMS problem: the stream and the variables' 1-based start positions, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmsProblem {
    pub stream: Vec<String>,
    pub positions: Vec<usize>,
}

fn list<T: ToString>(v: &[T]) -> String {
    v.iter().map(T::to_string).collect::<Vec<_>>().join(", ")
}

impl Drill for AmsProblem {
    const MISTAKES: &'static [Mistake] = MISTAKES;
    const WHY: &'static [&'static str] = WHY;

    /// The lecture's size (15 elements of 4 letters, 3 variables), then 18 and 24 elements.
    fn draw(level: u64, rng: &mut fastrand::Rng) -> AmsProblem {
        let (n, vars, letters) = match level {
            1 => (15, 3, 4),
            2 => (18, 3, 4),
            _ => (24, 4, 5),
        };
        let stream: Vec<String> = (0..n).map(|_| ((b'a' + rng.u8(0..letters)) as char).to_string()).collect();
        let mut positions: Vec<usize> = Vec::new();
        while positions.len() < vars {
            let p = rng.usize(1..=n);
            if !positions.contains(&p) {
                positions.push(p);
            }
        }
        sort_short(&mut positions);
        AmsProblem { stream, positions }
    }

    /// One step per arrival from the first start on, one per variable's X, then the mean.
    fn steps(&self) -> usize {
        self.arrivals() + self.positions.len() + 1
    }

    fn step_as<W: Words>(&self, i: usize, prior: &[Answer], w: W) -> DrillStep {
        let a = self.arrivals();
        if i < a {
            return self.arrival_step(self.positions[0] + i, self.values_after(prior, i), w);
        }
        let values = self.values_after(prior, a);
        if i < a + self.positions.len() {
            return self.x_step(i - a, values[i - a].max(0) as u64, w);
        }
        let xs: Vec<u64> = (a..a + self.positions.len())
            .map(|j| match prior.get(j) {
                Some(Answer::Whole(x)) => *x,
                _ => 0,
            })
            .collect();
        self.mean_step(&xs, w)
    }

    fn json(&self) -> String {
        let tokens: Vec<String> = self.stream.iter().map(|t| format!("\"{t}\"")).collect();
        format!("{{\"stream\": [{}], \"positions\": [{}]}}", tokens.join(", "), list(&self.positions))
    }

    fn statement(&self) -> String {
        format!(
            "The stream {} (n = {}). Variables start at positions {}.",
            self.stream.join(" "),
            self.stream.len(),
            list(&self.positions)
        )
    }
}

impl AmsProblem {
    fn arrivals(&self) -> usize {
        self.stream.len() + 1 - self.positions[0]
    }

    /// The values the student wrote after the first `i` steps (all 0 before the first).
    fn values_after(&self, prior: &[Answer], i: usize) -> Vec<i64> {
        match prior.get(..i).and_then(|p| p.last()) {
            Some(Answer::Counters(v)) if v.len() == self.positions.len() => v.clone(),
            _ => vec![0; self.positions.len()],
        }
    }

    /// Element `t` (1-based) arrives: the values after it, from the student's own `prev`.
    fn arrival_step<W: Words>(&self, t: usize, prev: Vec<i64>, w: W) -> DrillStep {
        let s = TokenStream::new(self.stream.clone());
        let now = variables(&s, &self.positions, t, 2);
        let before = variables(&s, &self.positions, t - 1, 2);
        let right: Vec<i64> =
            prev.iter().zip(now.iter().zip(&before)).map(|(&v, (a, b))| v + a.count as i64 - b.count as i64).collect();
        let first = |e: &str| s.tokens.iter().position(|x| x == e).map_or(0, |q| q + 1);
        let from_beginning: Vec<i64> =
            now.iter().map(|v| if v.count > 0 { s.count_from_until(first(&v.element), t) as i64 } else { 0 }).collect();
        let all: Vec<i64> = self.positions.iter().map(|&p| if p <= t { (t + 1 - p) as i64 } else { 0 }).collect();
        let element = &self.stream[t - 1];
        let worked = w.say(|| {
            let shown: Vec<String> = now
                .iter()
                .zip(&right)
                .enumerate()
                .map(|(j, (v, r))| match v.count {
                    0 => format!("variable {} starts at {}", j + 1, v.position),
                    _ => format!("variable {} = ({}, {r})", j + 1, v.element),
                })
                .collect();
            format!("{element} arrives: {}.", shown.join("; "))
        });
        DrillStep::new(
            w.say(|| {
                format!("Position {t}: {element} arrives. Every variable's value after it (0 if it has not started).")
            }),
            Form::Counters { len: self.positions.len(), name: "variable", from: 1 },
            Answer::Counters(right),
            worked,
            vec![
                Wrong { answer: Answer::Counters(from_beginning), mistake: FROM_BEGINNING },
                Wrong { answer: Answer::Counters(all), mistake: COUNTED_ALL },
            ],
        )
    }

    /// Variable `j`'s X from its value `v` (the student's own final value).
    fn x_step<W: Words>(&self, j: usize, v: u64, w: W) -> DrillStep {
        let n = self.stream.len() as u64;
        let x = ams_value(n, v, 2) as u64;
        let from_start = n + 1 - self.positions[j] as u64;
        let odd = (2 * v).saturating_sub(1);
        DrillStep::new(
            w.say(|| format!("Variable {} (its value is {v}): X = n·(2·value − 1).", j + 1)),
            Form::Whole { field: "X" },
            Answer::Whole(x),
            w.say(|| format!("n = {n}: X = {n}·(2·{v} − 1) = {n}·{odd} = {x}.")),
            vec![
                Wrong { answer: Answer::Whole(n * v), mistake: N_VALUE },
                Wrong { answer: Answer::Whole(odd), mistake: NO_N },
                Wrong { answer: Answer::Whole(from_start * odd), mistake: N_FROM_START },
            ],
        )
    }

    /// The mean of the student's own X's.
    fn mean_step<W: Words>(&self, xs: &[u64], w: W) -> DrillStep {
        let sum: u128 = xs.iter().map(|&x| x as u128).sum();
        let mean = sum as f64 / xs.len().max(1) as f64;
        DrillStep::new(
            w.say(|| "The estimate of the second moment: the mean of the X's, to within 0.01.".to_string()),
            Form::Decimal { field: "estimate", tolerance: TOLERANCE },
            Answer::Decimal(mean),
            w.say(|| {
                format!(
                    "({}) / {} = {sum} / {} = {}.",
                    xs.iter().map(u64::to_string).collect::<Vec<_>>().join(" + "),
                    xs.len(),
                    xs.len(),
                    crate::text::trim_float(mean, 4)
                )
            }),
            vec![Wrong { answer: Answer::Decimal(sum as f64), mistake: SUM }],
        )
    }
}
