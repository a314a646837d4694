//! `xor-peel`: an xor filter built by hand. Each key has one slot in each of three blocks of c
//! slots and an 8-bit fingerprint. First the peel: each time, the lowest-numbered slot of degree 1
//! (used by one key not yet peeled), and the key that leaves with it goes on the stack. Then the
//! slots are filled backwards through the stack: the slot a key left with gets its fingerprint XOR
//! the values of its other two slots (0 until a key fills them), so that the XOR of a key's three
//! slots is its fingerprint.

use crate::labs::practice::drill::Drill;
use crate::labs::practice::problem::json_string;
use crate::labs::practice::step::{Answer, DrillStep, Form, Mistake, Words, Wrong};
use crate::text::ordinal;

pub const DEGREE_TWO: Mistake = Mistake { id: "degree-two", name: "A slot of degree 2 peeled" };
pub const EMPTIED: Mistake = Mistake { id: "emptied-slot", name: "A slot already emptied" };
pub const NOT_LOWEST: Mistake = Mistake { id: "not-lowest", name: "Another slot of degree 1" };
pub const NOT_UPDATED: Mistake = Mistake { id: "degrees-not-updated", name: "Degrees not lowered after a peel" };
pub const FORWARD: Mistake = Mistake { id: "forward-order", name: "Slots filled in peel order" };
pub const SLOT_LEFT_OUT: Mistake = Mistake { id: "slot-left-out", name: "One of the other slots left out" };
pub const FINGERPRINT_ONLY: Mistake = Mistake { id: "fingerprint-only", name: "The fingerprint alone" };
pub const SUM: Mistake = Mistake { id: "sum-for-xor", name: "The values added, not XORed" };
// The catalogue: each mistake above and what it gets wrong (`catalogue!`).
crate::labs::practice::exercises::catalogue! {
    (DEGREE_TWO, "a slot of degree 2 is used by two keys still left: whichever of them took it, the other would change its value later. Only a slot used by a single key can be given to that key."),
    (EMPTIED, "a slot of degree 0 has no key left using it: its keys have all left already, so no key can leave with it. The next peel needs a slot of degree exactly 1."),
    (NOT_LOWEST, "that slot has degree 1 too, so peeling it would also work; but this exercise always takes the lowest-numbered slot of degree 1, so that every peel order is the same."),
    (NOT_UPDATED, "a key that leaves takes 1 from the degree of each of its other slots: a slot of degree 1 at the start may be at 0 now, and one of degree 2 may be down to 1. Peel with the degrees as they are now."),
    (FORWARD, "filled in peel order, a key's other slots still hold 0 when its slot is filled (the keys that fill them were peeled after it), so the slot gets its fingerprint alone; those keys then change the other slots, and the key's XOR breaks. Backwards through the stack, a key's other slots are final when its slot is filled."),
    (SLOT_LEFT_OUT, "the slot gets the fingerprint XOR both other slots of the key, so that the XOR of all three slots gives the fingerprint back."),
    (FINGERPRINT_ONLY, "the fingerprint alone is right only while the key's other slots both hold 0; here one of them is filled already, and its value has to be XORed in."),
    (SUM, "XOR works digit by digit without carries: a binary digit of the result is 1 where an odd number of the values have a 1. Adding them (even mod 256) gives another number."),
}

/// What the student does, in a sentence (the question's instruction).
pub const TASK: &str = "Peel the keys: each time, the slot of degree 1 (used by one key left) with the lowest number, and the key that leaves with it. Then fill the slots in reverse peel order: the slot a key left with gets its fingerprint XOR the values of its other slots; every other slot keeps 0.";

/// A key: its slot in each block (slot j in block j, c·j to c·j + c − 1) and its fingerprint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XorKey {
    pub slots: [u64; 3],
    pub fingerprint: u64,
}

/// An xor filter of three blocks of c slots, and its keys (named a, b, c, … in order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XorPeelProblem {
    pub c: u64,
    pub keys: Vec<XorKey>,
}

/// A peel: the key that leaves and the slot it leaves with.
pub type Peel = (usize, u64);

/// Key `k`'s name: a, b, c, …
pub fn label(k: usize) -> char {
    (b'a' + (k % 26) as u8) as char
}

/// "1", "1 and 4", "1, 4 and 7".
fn and_list<T: ToString>(v: &[T]) -> String {
    let v: Vec<String> = v.iter().map(T::to_string).collect();
    match v.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

impl Drill for XorPeelProblem {
    const MISTAKES: &'static [Mistake] = MISTAKES;
    const WHY: &'static [&'static str] = WHY;

    /// Level 1: 4 keys in 3 blocks of 3 slots; level 2: 5 keys, blocks of 4; level 3 and above:
    /// 7 keys, blocks of 5. Slots and fingerprints (1 to 255) drawn until the keys' slots differ,
    /// peeling succeeds, some peel has a slot of degree 2 to pick wrongly and filling in peel order
    /// gives some slot another value (200 draws; then the last one that peels, or one built to peel).
    fn draw(level: u64, rng: &mut fastrand::Rng) -> XorPeelProblem {
        let (n, c) = match level {
            1 => (4, 3),
            2 => (5, 4),
            _ => (7, 5),
        };
        let mut last = None;
        for _ in 0..200 {
            let keys = (0..n)
                .map(|_| XorKey { slots: [0, 1, 2].map(|j| j * c + rng.u64(..c)), fingerprint: rng.u64(1..=255) })
                .collect();
            let p = XorPeelProblem { c, keys };
            if !p.distinct() || p.peel().len() < n {
                continue;
            }
            if p.bites() {
                return p;
            }
            last = Some(p);
        }
        last.unwrap_or_else(|| XorPeelProblem::built_to_peel(n, c, rng))
    }

    /// One step per key to peel, then one per key to fill, backwards through the stack.
    fn steps(&self) -> usize {
        2 * self.keys.len()
    }

    /// Step `i` (the steps follow from the problem alone, not from the answers before).
    fn step_as<W: Words>(&self, i: usize, _prior: &[Answer], w: W) -> DrillStep {
        let stack = self.peel();
        let n = self.keys.len();
        match i.checked_sub(n) {
            Some(j) if !stack.is_empty() => self.fill_step(&stack, j.min(stack.len() - 1), w),
            _ => self.peel_step(&stack, i.min(stack.len()), w),
        }
    }

    fn json(&self) -> String {
        let keys: Vec<String> = self
            .keys
            .iter()
            .enumerate()
            .map(|(k, key)| {
                let [a, b, c] = key.slots;
                format!(
                    "{{\"key\": {}, \"slots\": [{a}, {b}, {c}], \"fingerprint\": {}}}",
                    json_string(&label(k).to_string()),
                    key.fingerprint
                )
            })
            .collect();
        format!("{{\"blocks\": 3, \"c\": {}, \"slots\": {}, \"keys\": [{}]}}", self.c, self.slots(), keys.join(", "))
    }

    fn statement(&self) -> String {
        let c = self.c;
        let keys: Vec<String> = self
            .keys
            .iter()
            .enumerate()
            .map(|(k, key)| {
                let [a, b, d] = key.slots;
                format!("key {} has slots {a}, {b} and {d} and fingerprint {}", label(k), key.fingerprint)
            })
            .collect();
        format!(
            "An xor filter of {} slots in three blocks of {c}: block 0 is slots 0–{}, block 1 slots {c}–{}, block 2 slots {}–{}. Every slot holds 0 to start. Each of the {} keys, a to {}, has one slot in each block and an 8-bit fingerprint: {}.",
            3 * c,
            c - 1,
            2 * c - 1,
            2 * c,
            3 * c - 1,
            self.keys.len(),
            label(self.keys.len().saturating_sub(1)),
            keys.join("; ")
        )
    }
}

impl XorPeelProblem {
    /// Keys that peel whatever is drawn: key i's own slot is slot i / 3 of block i mod 3, and
    /// its other slots lie past every key's own slot in their blocks, so every own slot has
    /// degree 1 from the start.
    pub fn built_to_peel(n: usize, c: u64, rng: &mut fastrand::Rng) -> XorPeelProblem {
        let owns = |b: u64| ((n as u64 + 2).saturating_sub(b) / 3).min(c - 1);
        let keys = (0..n)
            .map(|i| XorKey {
                slots: [0, 1, 2].map(|j| match i as u64 % 3 == j {
                    true => j * c + (i as u64 / 3).min(c - 1),
                    false => j * c + owns(j) + rng.u64(..c - owns(j)),
                }),
                fingerprint: rng.u64(1..=255),
            })
            .collect();
        XorPeelProblem { c, keys }
    }

    /// No two keys share all three slots.
    fn distinct(&self) -> bool {
        self.keys.iter().enumerate().all(|(i, a)| self.keys[..i].iter().all(|b| b.slots != a.slots))
    }

    /// Some peel has a slot of degree 2 beside it, and filling in peel order changes some value.
    fn bites(&self) -> bool {
        let stack = self.peel();
        let two = (0..stack.len()).any(|i| self.degrees(&self.left(&stack[..i])).contains(&2));
        let back: Vec<Peel> = stack.iter().rev().copied().collect();
        two && self.fill(&stack).last() != self.fill(&back).last()
    }

    pub fn slots(&self) -> usize {
        3 * self.c as usize
    }

    /// Which keys are left once `peeled` have left.
    pub fn left(&self, peeled: &[Peel]) -> Vec<bool> {
        (0..self.keys.len()).map(|k| peeled.iter().all(|p| p.0 != k)).collect()
    }

    /// Each slot's degree: how many of the keys `left` use it.
    pub fn degrees(&self, left: &[bool]) -> Vec<u64> {
        let mut d = vec![0; self.slots()];
        for (key, _) in self.keys.iter().zip(left).filter(|(_, &l)| l) {
            for &s in &key.slots {
                d[s as usize] += 1;
            }
        }
        d
    }

    /// The peel, the exercise's way: the lowest-numbered slot of degree 1 each time, until every
    /// key has left or none can.
    pub fn peel(&self) -> Vec<Peel> {
        let mut stack: Vec<Peel> = Vec::new();
        loop {
            let left = self.left(&stack);
            let Some(s) = self.degrees(&left).iter().position(|&d| d == 1) else { return stack };
            let Some(k) = (0..self.keys.len()).find(|&k| left[k] && self.keys[k].slots.contains(&(s as u64))) else {
                return stack;
            };
            stack.push((k, s as u64));
        }
    }

    /// The values of the slots as the keys are written in `order`: before each key, then at the end.
    pub fn fill(&self, order: &[Peel]) -> Vec<Vec<u64>> {
        let mut v = vec![0; self.slots()];
        let mut out = vec![v.clone()];
        for &(k, s) in order {
            let [a, b] = self.others(k, s);
            v[s as usize] = self.keys[k].fingerprint ^ v[a as usize] ^ v[b as usize];
            out.push(v.clone());
        }
        out
    }

    /// Key `k`'s slots other than `s`.
    fn others(&self, k: usize, s: u64) -> [u64; 2] {
        let o: Vec<u64> = self.keys[k].slots.iter().copied().filter(|&x| x != s).collect();
        [o.first().copied().unwrap_or(0), o.get(1).copied().unwrap_or(0)]
    }

    /// The degrees block by block: "slots 0–3: 1, 0, 2, 1; slots 4–7: …".
    fn degrees_text(&self, d: &[u64]) -> String {
        let c = self.c as usize;
        let blocks: Vec<String> = (0..3)
            .map(|j| {
                let v: Vec<String> = d[j * c..j * c + c].iter().map(u64::to_string).collect();
                format!("slots {}–{}: {}", j * c, j * c + c - 1, v.join(", "))
            })
            .collect();
        blocks.join("; ")
    }

    /// Peel `i + 1`: once the first `i` keys of the stack have left.
    fn peel_step<W: Words>(&self, stack: &[Peel], i: usize, w: W) -> DrillStep {
        let left = self.left(&stack[..i]);
        let deg = self.degrees(&left);
        let start = self.degrees(&vec![true; self.keys.len()]);
        let picked: Vec<u64> = stack[..i].iter().map(|p| p.1).collect();
        let find = |f: &dyn Fn(usize) -> bool| (0..deg.len()).find(|&s| f(s)).map(|s| s as u64);
        let ones: Vec<u64> = (0..deg.len() as u64).filter(|&s| deg[s as usize] == 1).collect();
        let right = ones.first().copied().unwrap_or(0);
        let mut wrongs = Vec::new();
        let mut add = |s: Option<u64>, mistake| {
            if let Some(s) = s {
                wrongs.push(Wrong { answer: Answer::Whole(s), mistake });
            }
        };
        (0..deg.len()).filter(|&s| deg[s] == 2).for_each(|s| add(Some(s as u64), DEGREE_TWO));
        (0..deg.len()).filter(|&s| deg[s] == 0 && start[s] > 0).for_each(|s| add(Some(s as u64), EMPTIED));
        ones.iter().for_each(|&s| add(Some(s), NOT_LOWEST));
        add(find(&|s| start[s] == 1 && !picked.contains(&(s as u64))), NOT_UPDATED);
        let leaving = stack.get(i).map(|p| p.0);
        let keys_left: Vec<char> = (0..self.keys.len()).filter(|&k| left[k]).map(label).collect();
        let prompt = || {
            format!(
                "Peel {} of {}. Keys left: {}. The degree of each slot (how many of them use it): {}. Which slot is peeled?",
                i + 1,
                self.keys.len(),
                and_list(&keys_left),
                self.degrees_text(&deg)
            )
        };
        let worked = || {
            let Some(k) = leaving else { return "No slot has degree 1: peeling is stuck.".to_string() };
            let others = self.others(k, right);
            let after = self.degrees(&self.left(&stack[..=i]));
            let which = match ones.len() {
                1 => format!("Slot {right} is the only slot of degree 1"),
                _ => format!("Slots {} have degree 1; the lowest is {right}", and_list(&ones)),
            };
            format!(
                "{which}, used by key {} alone. Key {} leaves with slot {right} and goes on the stack ({} there now); its other slots, {} and {}, lose a key. The degrees after: {}.",
                label(k),
                label(k),
                i + 1,
                others[0],
                others[1],
                self.degrees_text(&after)
            )
        };
        DrillStep::new(w.say(prompt), Form::Whole { field: "slot" }, Answer::Whole(right), w.say(worked), wrongs)
    }

    /// Fill `j + 1`: the key `j` places from the top of the stack (the last one peeled first).
    fn fill_step<W: Words>(&self, stack: &[Peel], j: usize, w: W) -> DrillStep {
        let n = stack.len();
        let at = n - 1 - j;
        let (k, s) = stack[at];
        let back: Vec<Peel> = stack.iter().rev().copied().collect();
        let before = &self.fill(&back)[j];
        let forward = &self.fill(stack)[at];
        let fp = self.keys[k].fingerprint;
        let [a, b] = self.others(k, s);
        let (va, vb) = (before[a as usize], before[b as usize]);
        let right = fp ^ va ^ vb;
        let whole = |v: u64, mistake| Wrong { answer: Answer::Whole(v), mistake };
        let wrongs = vec![
            whole(fp ^ forward[a as usize] ^ forward[b as usize], FORWARD),
            whole(fp ^ va, SLOT_LEFT_OUT),
            whole(fp ^ vb, SLOT_LEFT_OUT),
            whole(fp, FINGERPRINT_ONLY),
            whole((fp + va + vb) % 256, SUM),
        ];
        let filled: Vec<u64> = back[..j].iter().map(|p| p.1).collect();
        let prompt = || {
            let so_far = match filled.len() {
                0 => "No slot is filled yet: every slot holds 0.".to_string(),
                _ => format!(
                    "Filled so far: slot{} {}; every other slot holds 0.",
                    if j == 1 { "" } else { "s" },
                    and_list(&filled)
                ),
            };
            format!(
                "Fill {} of {n}, backwards through the stack: key {} (peeled {}) left with slot {s}. Its fingerprint is {fp}; its other slots are {a} and {b}. {so_far} The value of slot {s}?",
                j + 1,
                label(k),
                ordinal(at as u64 + 1)
            )
        };
        let worked = || {
            let holds = |o: u64, v: u64| match back[..j].iter().find(|p| p.1 == o) {
                Some(&(by, _)) => format!("slot {o} holds {v} (filled for key {})", label(by)),
                None => format!("slot {o} holds 0 (no key has filled it)"),
            };
            format!(
                "Its other slots are final: {} and {}. Slot {s} = {fp} ⊕ {va} ⊕ {vb} = {:08b} ⊕ {:08b} ⊕ {:08b} = {:08b} = {right}.",
                holds(a, va),
                holds(b, vb),
                fp,
                va,
                vb,
                right
            )
        };
        DrillStep::new(w.say(prompt), Form::Whole { field: "value" }, Answer::Whole(right), w.say(worked), wrongs)
    }
}

#[cfg(test)]
#[path = "xor_peel_tests.rs"]
mod tests;
