//! `bloom-insert` and `bloom-lookup`: the lecture's filter (the `ullman` hashes: odd- and
//! even-numbered binary digits, counted from the right, read as numbers, mod m) run by hand. The
//! two drills share this catalogue of mistakes.

use crate::engine::hashing::ullman_split;
use crate::labs::practice::drill::Drill;
use crate::labs::practice::exercises::binary_digits;
use crate::labs::practice::problem::list;
use crate::labs::practice::step::{Answer, DrillStep, Form, Mistake, Words, Wrong};
use crate::lectures::ullman::BinarySplit;

/// Numbering the digits from the left instead of the right cannot show in the bits: for k = 2 it
/// only swaps h1 and h2 (when the binary has an even number of digits) and sets the same two bits.
/// Reading the picked digits backwards does show.
pub const BACKWARDS: Mistake = Mistake { id: "backwards", name: "Digits read backwards" };
pub const RIGHT_END: Mistake = Mistake { id: "right-end", name: "Positions counted from the right end" };
pub const NO_MOD: Mistake = Mistake { id: "no-mod", name: "Forgot mod m" };
pub const ONE_HASH: Mistake = Mistake { id: "one-hash", name: "One hash's bit only" };
pub const CLEARED: Mistake = Mistake { id: "cleared", name: "A bit that was already set was cleared" };
pub const FP_AS_MEMBER: Mistake = Mistake { id: "fp-as-member", name: "A yes taken for a member" };
pub const MEMBER_AS_FP: Mistake = Mistake { id: "member-as-fp", name: "A member called a false positive" };
pub const ONE_BIT_ENOUGH: Mistake = Mistake { id: "one-bit-enough", name: "One set bit taken as enough" };
// The catalogue: each mistake above and what it gets wrong (`catalogue!`).
crate::labs::practice::exercises::catalogue! {
    (BACKWARDS, "the picked digits are read as a binary number in the order they stand in x, the leftmost first (the most significant)."),
    (RIGHT_END, "position 0 is the first cell on the left; position p is p cells after it."),
    (NO_MOD, "a hash value of m or more still sets a bit: the one at its remainder mod m."),
    (ONE_HASH, "an insert sets the bit of every hash function: k = 2 bits here (the same bit when both land on it)."),
    (CLEARED, "an insert only sets bits to 1: a bit that is already 1 stays 1 (clicking it again cleared it)."),
    (FP_AS_MEMBER, "all its bits are 1, so the filter says present, but the item was never inserted: a false positive."),
    (MEMBER_AS_FP, "the item was inserted, so the filter's yes is true: a member."),
    (ONE_BIT_ENOUGH, "a lookup says present only when every one of its bits is 1; one 0 bit proves the item absent."),
}

/// The problem's sizes by level: bits, items inserted, largest item.
pub fn sizes(level: u64) -> (usize, usize, u64) {
    match level {
        1 => (11, 3, 1_000),
        2 => (16, 4, 4_000),
        _ => (24, 5, 65_535),
    }
}

/// The positions of `x` (h1 mod m, h2 mod m).
pub fn positions(x: u64, m: usize) -> [usize; 2] {
    let (a, b) = ullman_split(x);
    [(a % m as u64) as usize, (b % m as u64) as usize]
}

/// The positions a student gets who picks the right digits but reads them backwards (the digit
/// numbered 1 taken as the most significant).
fn backwards_positions(x: u64, m: usize) -> [usize; 2] {
    let from_right: Vec<bool> = binary_digits(x, 1).rev().collect();
    let read = |start: usize| from_right.iter().skip(start).step_by(2).fold(0u64, |v, &d| v * 2 + d as u64) % m as u64;
    [read(0) as usize, read(1) as usize]
}

fn with(prev: &[bool], set: &[usize]) -> Vec<bool> {
    let mut b = prev.to_vec();
    for &p in set {
        b[p] = true;
    }
    b
}

/// How `x`'s positions come from its binary digits, in words.
pub fn worked(x: u64, m: usize) -> String {
    let b = BinarySplit::of(x);
    let (h1, h2) = ullman_split(x);
    let [p1, p2] = positions(x, m);
    let digits = |d: &str| if d.is_empty() { "0".to_string() } else { d.to_string() };
    format!(
        "{x} = {}₂. Odd-numbered digits (from the right) {}₂ = {h1}, so h1 = {h1} mod {m} = {p1}; even-numbered {}₂ = {h2}, so h2 = {h2} mod {m} = {p2}.",
        b.binary(),
        digits(&b.odd_digits),
        digits(&b.even_digits)
    )
}

/// Inserting `x` into a filter of `prev` bits (the student's own array so far).
pub fn insert_step<W: Words>(x: u64, prev: &[bool], w: W) -> DrillStep {
    let m = prev.len();
    let [p1, p2] = positions(x, m);
    let (h1, h2) = ullman_split(x);
    let right = with(prev, &[p1, p2]);
    let flip = |p: usize| m - 1 - p;
    let mut toggled = prev.to_vec();
    for p in [p1, p2].into_iter().collect::<std::collections::BTreeSet<_>>() {
        toggled[p] = !toggled[p];
    }
    let unreduced: Vec<usize> = [(h1, p1), (h2, p2)].iter().filter(|(h, _)| *h < m as u64).map(|&(_, p)| p).collect();
    let wrongs = vec![
        Wrong { answer: Answer::Bits(with(prev, &backwards_positions(x, m))), mistake: BACKWARDS },
        Wrong { answer: Answer::Bits(with(prev, &[flip(p1), flip(p2)])), mistake: RIGHT_END },
        Wrong { answer: Answer::Bits(with(prev, &unreduced)), mistake: NO_MOD },
        Wrong { answer: Answer::Bits(with(prev, &[p1])), mistake: ONE_HASH },
        Wrong { answer: Answer::Bits(with(prev, &[p2])), mistake: ONE_HASH },
        Wrong { answer: Answer::Bits(toggled), mistake: CLEARED },
    ];
    DrillStep::new(
        w.say(|| format!("Insert {x}: set the bits it sets.")),
        Form::Bits { len: m },
        Answer::Bits(right),
        w.say(|| worked(x, m)),
        wrongs,
    )
}

pub const VERDICTS: [(&str, &str); 3] =
    [("absent", "absent"), ("member", "present: a member"), ("false-positive", "present: a false positive")];

/// What a lookup of `x` gives with `positions`, given the members.
fn verdict(bits: &[bool], at: [usize; 2], member: bool) -> &'static str {
    match (at.iter().all(|&p| bits[p]), member) {
        (false, _) => "absent",
        (true, true) => "member",
        (true, false) => "false-positive",
    }
}

/// Looking up `x` in the filter `bits` holding `members`.
pub fn lookup_step<W: Words>(x: u64, bits: &[bool], members: &[u64], w: W) -> DrillStep {
    let m = bits.len();
    let at = positions(x, m);
    let member = members.contains(&x);
    let right = verdict(bits, at, member);
    let mut wrongs =
        vec![Wrong { answer: Answer::Choice(verdict(bits, backwards_positions(x, m), member)), mistake: BACKWARDS }];
    match right {
        "false-positive" => wrongs.push(Wrong { answer: Answer::Choice("member"), mistake: FP_AS_MEMBER }),
        "member" => wrongs.push(Wrong { answer: Answer::Choice("false-positive"), mistake: MEMBER_AS_FP }),
        _ if at.iter().any(|&p| bits[p]) => {
            wrongs.push(Wrong { answer: Answer::Choice("false-positive"), mistake: ONE_BIT_ENOUGH });
            wrongs.push(Wrong { answer: Answer::Choice("member"), mistake: ONE_BIT_ENOUGH });
        }
        _ => {}
    }
    let worked = || {
        let [p1, p2] = at;
        let bit = |p: usize| if bits[p] { 1 } else { 0 };
        let why = match right {
            "absent" => "a 0 bit: the item was never inserted".to_string(),
            "member" => format!("both 1, and {x} was inserted: a member"),
            _ => format!("both 1, but {x} was never inserted: a false positive"),
        };
        format!("{} Bits {p1} and {p2} are {} and {}: {why}.", worked(x, m), bit(p1), bit(p2))
    };
    DrillStep::new(
        w.say(|| format!("Look up {x}: what does the filter answer, and is it true?")),
        Form::Choice { options: VERDICTS.to_vec() },
        Answer::Choice(right),
        w.say(worked),
        wrongs,
    )
}

/// The filter after inserting `items` into `m` bits.
pub fn filter(items: &[u64], m: usize) -> Vec<bool> {
    items.iter().fold(vec![false; m], |b, &x| with(&b, &positions(x, m)))
}

/// Items to insert and to look up for `level`, drawn from `rng`: distinct inserted items, and
/// lookups that include a member, an absent item and (when one exists nearby) a false positive.
pub fn draw_items(level: u64, rng: &mut fastrand::Rng) -> (usize, Vec<u64>, Vec<u64>) {
    let (m, count, top) = sizes(level);
    let mut items: Vec<u64> = Vec::new();
    while items.len() < count {
        let x = rng.u64(1..=top);
        if !items.contains(&x) {
            items.push(x);
        }
    }
    let bits = filter(&items, m);
    let kind = |x: u64| verdict(&bits, positions(x, m), items.contains(&x));
    let mut lookups = vec![items[rng.usize(..items.len())]];
    for want in ["false-positive", "absent", "absent"] {
        if let Some(x) = (0..400).map(|_| rng.u64(1..=top)).find(|&x| kind(x) == want && !lookups.contains(&x)) {
            lookups.push(x);
        }
    }
    rng.shuffle(&mut lookups);
    (m, items, lookups)
}

/// A `bloom-insert` problem: a filter of m bits and the items inserted into it, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BloomInsertProblem {
    pub m: usize,
    pub items: Vec<u64>,
}

impl Drill for BloomInsertProblem {
    const MISTAKES: &'static [Mistake] = MISTAKES;
    const WHY: &'static [&'static str] = WHY;

    /// The items `draw_items` gives (its lookups are drawn and left unused).
    fn draw(level: u64, rng: &mut fastrand::Rng) -> BloomInsertProblem {
        let (m, items, _) = draw_items(level, rng);
        BloomInsertProblem { m, items }
    }

    /// One step per item inserted.
    fn steps(&self) -> usize {
        self.items.len()
    }

    /// Inserting item `i` into the student's own array so far (all 0s at first, or when the last
    /// answer accepted is not an array of m bits).
    fn step_as<W: Words>(&self, i: usize, prior: &[Answer], w: W) -> DrillStep {
        let prev = match prior.last() {
            Some(Answer::Bits(b)) if b.len() == self.m => b.clone(),
            _ => vec![false; self.m],
        };
        insert_step(self.items[i.min(self.items.len() - 1)], &prev, w)
    }

    /// The empty filter.
    fn start_bits(&self) -> Option<Vec<bool>> {
        Some(vec![false; self.m])
    }

    fn json(&self) -> String {
        format!("{{\"m\": {}, \"k\": 2, \"hash\": \"ullman\", \"items\": [{}]}}", self.m, list(&self.items))
    }

    fn statement(&self) -> String {
        format!("A filter of m = {} bits, k = 2 hashes. Insert {}.", self.m, list(&self.items))
    }
}

/// A `bloom-lookup` problem: a filter of m bits holding the items, and the items looked up in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BloomLookupProblem {
    pub m: usize,
    pub items: Vec<u64>,
    pub lookups: Vec<u64>,
}

impl Drill for BloomLookupProblem {
    const MISTAKES: &'static [Mistake] = MISTAKES;
    const WHY: &'static [&'static str] = WHY;

    fn draw(level: u64, rng: &mut fastrand::Rng) -> BloomLookupProblem {
        let (m, items, lookups) = draw_items(level, rng);
        BloomLookupProblem { m, items, lookups }
    }

    /// One step per item looked up.
    fn steps(&self) -> usize {
        self.lookups.len()
    }

    fn step_as<W: Words>(&self, i: usize, _prior: &[Answer], w: W) -> DrillStep {
        let x = self.lookups[i.min(self.lookups.len() - 1)];
        lookup_step(x, &filter(&self.items, self.m), &self.items, w)
    }

    /// The filter holding the items (the page shows its bits).
    fn start_bits(&self) -> Option<Vec<bool>> {
        Some(filter(&self.items, self.m))
    }

    fn json(&self) -> String {
        format!(
            "{{\"m\": {}, \"k\": 2, \"hash\": \"ullman\", \"items\": [{}], \"lookups\": [{}]}}",
            self.m,
            list(&self.items),
            list(&self.lookups)
        )
    }

    fn statement(&self) -> String {
        format!(
            "A filter of m = {} bits, k = 2 hashes, holding {} (its bits are shown). Look up {}.",
            self.m,
            list(&self.items),
            list(&self.lookups)
        )
    }
}
