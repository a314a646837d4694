//! The moments lecture as data: the stream and its true moment, the AMS variables filled in
//! element by element, their estimate, every start position at once and why that is exact, then
//! the same variables kept by a reservoir on a stream that never ends.

use crate::engine::moments::ams::{fraction_value, mean, variables};
use crate::engine::moments::reservoir::{self, Arrival, Inclusion};
use crate::engine::moments::stream::TokenStream;
use crate::text::{group_digits, ordinal_word, whole_or_3_decimals};

/// What a step shows.
#[derive(Clone, Debug, PartialEq)]
pub enum StepKind {
    /// The stream, its counts and the exact moment.
    Intro,
    /// The first `seen` elements have arrived; the variables have counted what they saw.
    Arrival(usize),
    /// The variables' values at the end and their mean.
    Estimate,
    /// A variable at every start position; their mean is the moment exactly.
    EveryPosition,
    /// The per-value sums that make it exact.
    Proof,
    /// The reservoir holds the first s positions.
    ReservoirFill,
    /// Arrival `i` of the reservoir run (index into `Walkthrough::arrivals`).
    ReservoirArrival(usize),
    /// The product that says each position is held with probability s/n.
    ReservoirArgument,
    /// The inclusion frequencies measured over many runs.
    ReservoirMeasured,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub kind: StepKind,
    pub title: String,
    pub narration: String,
}

/// The whole lecture for one stream, positions and moment order.
#[derive(Clone, Debug, PartialEq)]
pub struct Walkthrough {
    pub stream: TokenStream,
    pub positions: Vec<usize>,
    pub k: u32,
    /// The reservoir's first contents and its later arrivals (s = the number of positions).
    pub reservoir_first: Vec<usize>,
    pub arrivals: Vec<Arrival>,
    pub inclusion: Inclusion,
    pub steps: Vec<Step>,
}

/// Runs of the reservoir measured, scaled so the work stays near two million draws.
pub fn inclusion_runs(n: usize) -> u64 {
    (2_000_000 / n.max(1) as u64).clamp(1_000, 20_000)
}

/// The walkthrough's steps in order, for a stream of `n` elements and a reservoir run with
/// `arrivals` arrivals after it is full: the list its steps are built from, and what a link to
/// one of them (an exercise sheet's) finds its step in, without building the steps.
pub fn step_kinds(n: usize, arrivals: usize) -> Vec<StepKind> {
    let mut kinds = vec![StepKind::Intro];
    kinds.extend((1..=n).map(StepKind::Arrival));
    kinds.extend([StepKind::Estimate, StepKind::EveryPosition, StepKind::Proof, StepKind::ReservoirFill]);
    kinds.extend((0..arrivals).map(StepKind::ReservoirArrival));
    kinds.extend([StepKind::ReservoirArgument, StepKind::ReservoirMeasured]);
    kinds
}

fn ordinal(k: u32) -> String {
    ordinal_word(k as u64)
}

/// The formula for X for order k, with `len` the stream's length symbol (n for the whole
/// stream, t for the elements seen so far).
pub fn x_formula(k: u32, len: &str) -> String {
    match k {
        1 => format!("X = {len}(v − (v − 1)) = {len}"),
        2 => format!("X = {len}(2v − 1)"),
        _ => format!("X = {len}(v^{k} − (v − 1)^{k})"),
    }
}

impl Walkthrough {
    pub fn new(stream: TokenStream, positions: Vec<usize>, k: u32, seed: u64) -> Walkthrough {
        let n = stream.len();
        let s = positions.len().max(1);
        let (reservoir_first, arrivals) = reservoir::run(n, s, seed);
        let inclusion = Inclusion::measure(n, s, inclusion_runs(n), seed ^ 0xA5A5);
        let mut w = Walkthrough { stream, positions, k, reservoir_first, arrivals, inclusion, steps: Vec::new() };
        w.steps = w.build_steps();
        w
    }

    pub fn last_step(&self) -> usize {
        self.steps.len() - 1
    }

    pub fn label(&self, i: usize) -> String {
        self.steps.get(i).map(|s| s.title.clone()).unwrap_or_default()
    }

    /// The exact moment of the walkthrough's order.
    pub fn truth(&self) -> u128 {
        self.stream.moment(self.k)
    }

    fn build_steps(&self) -> Vec<Step> {
        step_kinds(self.stream.len(), self.arrivals.len()).into_iter().map(|kind| self.step(kind)).collect()
    }

    fn step(&self, kind: StepKind) -> Step {
        match kind {
            StepKind::Intro => self.intro_step(),
            StepKind::Arrival(seen) => self.arrival_step(seen),
            StepKind::Estimate => self.estimate_step(),
            StepKind::EveryPosition => self.every_position_step(),
            StepKind::Proof => self.proof_step(),
            StepKind::ReservoirFill => self.fill_step(),
            StepKind::ReservoirArrival(i) => self.reservoir_arrival_step(i),
            StepKind::ReservoirArgument => self.argument_step(),
            StepKind::ReservoirMeasured => self.measured_step(),
        }
    }

    /// The stream, its counts and the exact moment.
    fn intro_step(&self) -> Step {
        let (n, k, truth) = (self.stream.len(), self.k, self.truth());
        Step {
            kind: StepKind::Intro,
            title: format!("The stream and its {} moment (slide 35)", ordinal(k)),
            narration: format!(
                "{n} elements over {} distinct values. The {} moment adds up each value's count to the power {k}: \
                 here it is {}. Holding every count needs memory for every value; the AMS method keeps a few \
                 variables instead.",
                self.stream.values.len(),
                ordinal(k),
                group_digits(truth as u64)
            ),
        }
    }

    /// Element `seen` arrives: a variable may start, the variables watching its value count it,
    /// and every started variable's X follows the new length t = `seen`.
    fn arrival_step(&self, seen: usize) -> Step {
        let k = self.k;
        let token = &self.stream.tokens[seen - 1];
        let starts = self.positions.contains(&seen);
        let before = variables(&self.stream, &self.positions, seen - 1, k);
        let now = variables(&self.stream, &self.positions, seen, k);
        let counted: Vec<String> = now
            .iter()
            .filter(|v| v.position < seen && v.element == *token)
            .map(|v| format!("the variable from position {} now counts {}", v.position, v.count))
            .collect();
        let mut narration = format!("Element {seen} is {token}.");
        if starts {
            narration.push_str(&format!(" A variable starts here: it remembers {token} and counts 1."));
        }
        if !counted.is_empty() {
            narration.push_str(&format!(" It matches an earlier variable: {}.", counted.join("; ")));
        }
        let moved: Vec<String> = before
            .iter()
            .zip(&now)
            .filter(|(b, n)| b.count > 0 && b.value != n.value)
            .map(|(b, n)| format!("position {}: {} → {}", b.position, b.value, n.value))
            .collect();
        match (starts || !counted.is_empty(), moved.is_empty()) {
            (false, true) => narration.push_str(" No variable has started yet, so nothing is counted."),
            (false, false) => narration.push_str(&format!(
                " No variable is watching this value, so no count changes; but t, the length so far, is now {seen}, \
                 so each started variable's X = t(…) changes with it ({}).",
                moved.join(", ")
            )),
            (true, false) => narration
                .push_str(&format!(" With t = {seen}, the started variables' X values change: {}.", moved.join(", "))),
            (true, true) => {}
        }
        Step { kind: StepKind::Arrival(seen), title: format!("Element {seen}: {token} (slide 39)"), narration }
    }

    /// The variables' values at the end and their mean.
    fn estimate_step(&self) -> Step {
        let (n, k, truth) = (self.stream.len(), self.k, self.truth());
        let vars = variables(&self.stream, &self.positions, n, k);
        let estimate = mean(&vars).map(fraction_value).unwrap_or(0.0);
        let values = vars.iter().map(|v| v.value.to_string()).collect::<Vec<_>>().join(", ");
        Step {
            kind: StepKind::Estimate,
            title: "The estimate (slide 39)".into(),
            narration: format!(
                "Each variable turns its count v into {} with n = {n}: {values}. Their mean, {}, estimates the \
                 {} moment {}. Any one variable is right on average, but a few of them can miss by a lot.",
                x_formula(k, "n"),
                whole_or_3_decimals(estimate),
                ordinal(k),
                truth
            ),
        }
    }

    /// A variable at every start position: their mean is the moment exactly.
    fn every_position_step(&self) -> Step {
        let (n, truth, s) = (self.stream.len(), self.truth(), self.positions.len());
        let pos_text = self.positions.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ");
        Step {
            kind: StepKind::EveryPosition,
            title: "Every start position at once (slide 40)".into(),
            narration: format!(
                "Start a variable at each of the {n} positions instead of {s} ({pos_text}). The mean of all {n} values \
                 is exactly {truth}: averaging over a random start position is what the expectation does."
            ),
        }
    }

    /// The per-value sums that make the mean exact.
    fn proof_step(&self) -> Step {
        let (n, k) = (self.stream.len(), self.k);
        Step {
            kind: StepKind::Proof,
            title: "Why the mean is exact (slide 40)".into(),
            narration: format!(
                "Group the {n} variables by value. The variables started at the occurrences of a value a with m_a \
                 copies count m_a, m_a − 1, …, 1, so they contribute n times {}; the sum telescopes to m_a^{k}. \
                 Dividing by n leaves the sum of m_a^{k}, the moment.",
                if k == 2 {
                    "1 + 3 + 5 + … + (2m_a − 1)".to_string()
                } else {
                    format!("the sum of v^{k} − (v − 1)^{k}")
                }
            ),
        }
    }

    /// The reservoir's estimate after `seen` elements, from the variables started at `slots`,
    /// against the exact moment of those first `seen` elements.
    fn running_estimate(&self, slots: &[usize], seen: usize) -> String {
        let k = self.k;
        let vars = variables(&self.stream, slots, seen, k);
        let all: Vec<usize> = (1..=seen).collect();
        let exact = mean(&variables(&self.stream, &all, seen, k)).map(fraction_value).unwrap_or(0.0);
        let estimate = mean(&vars).map(fraction_value).unwrap_or(0.0);
        let values = vars.iter().map(|v| v.value.to_string()).collect::<Vec<_>>().join(", ");
        format!(
            "With n = {seen} so far, the held variables give X = {values}: their mean {} estimates the {} moment of the first {seen} elements, {}.",
            whole_or_3_decimals(estimate),
            ordinal(k),
            whole_or_3_decimals(exact)
        )
    }

    /// The reservoir holds the first s positions.
    fn fill_step(&self) -> Step {
        let s = self.positions.len();
        let first = self.reservoir_first.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ");
        Step {
            kind: StepKind::ReservoirFill,
            title: "A stream that never ends (slides 41–42)".into(),
            narration: format!(
                "If the stream goes on, we cannot pick positions in advance. Keep s = {s} variables: the first {} \
                 positions ({first}) fill them. From then on the n-th element is chosen with probability s/n, and a \
                 chosen element replaces one of the s variables at random, which starts counting afresh.",
                self.reservoir_first.len()
            ),
        }
    }

    /// Arrival `i` of the reservoir run: its chance, its draw and the slot it replaces.
    fn reservoir_arrival_step(&self, i: usize) -> Step {
        let s = self.positions.len();
        let Some(a) = self.arrivals.get(i) else {
            return Step { kind: StepKind::ReservoirArrival(i), title: String::new(), narration: String::new() };
        };
        let chosen = match a.replaced {
            Some(j) => format!("chosen: it replaces variable {} and starts a new count", j + 1),
            None => "not chosen".to_string(),
        };
        Step {
            kind: StepKind::ReservoirArrival(i),
            title: format!("Reservoir: element {} (slide 43)", a.position),
            narration: format!(
                "Element {} arrives. It is chosen with probability {s}/{} = {:.3}; the draw is {:.3}, so it is {chosen}. {}",
                a.position,
                a.position,
                a.chance,
                a.draw,
                self.running_estimate(&a.slots, a.position)
            ),
        }
    }

    /// The product that says each position is held with probability s/n.
    fn argument_step(&self) -> Step {
        let (n, s) = (self.stream.len(), self.positions.len());
        Step {
            kind: StepKind::ReservoirArgument,
            title: "Each position is held with probability s/n (slide 43)".into(),
            narration: format!(
                "Position j is chosen when it arrives with probability s/j (1 for the first s). Each later element i \
                 is chosen with probability s/i and then evicts j with probability 1/s, so j survives it with \
                 probability (i − 1)/i. The product telescopes: every one of the first {n} positions is held with \
                 probability {s}/{n}."
            ),
        }
    }

    /// The inclusion frequencies measured over many runs.
    fn measured_step(&self) -> Step {
        let (n, s) = (self.stream.len(), self.positions.len());
        let covered = (1..=n)
            .filter(|&j| {
                let (_, (lo, hi)) = self.inclusion.measured(j);
                lo <= self.inclusion.theory() && self.inclusion.theory() <= hi
            })
            .count();
        Step {
            kind: StepKind::ReservoirMeasured,
            title: "Measured over many runs (slide 43)".into(),
            narration: format!(
                "Run the reservoir {} times with different seeds and count how often each position ends up held. \
                 Every position should come out near {s}/{n} = {:.4}: the 95 % intervals of {covered} of the {n} positions \
                 contain it (about 95 % of them should).",
                group_digits(self.inclusion.runs),
                self.inclusion.theory()
            ),
        }
    }
}
