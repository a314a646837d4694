//! `hll`: HyperLogLog's registers by hand, as the distinct view's sketches fill them. Each w-bit
//! hash goes to the register its low p bits name; ρ is the position of the first 1 in the rest,
//! counted from the right (its tail + 1); each register keeps the largest ρ it was sent.

use crate::engine::sketches::{bucket, tail, MaxRegisters};
use crate::labs::practice::drill::Drill;
use crate::labs::practice::exercises::binary_digits;
use crate::labs::practice::step::{Answer, DrillStep, Form, Mistake, Words, Wrong};

pub const HIGH_BITS: Mistake = Mistake { id: "register-high-bits", name: "Register from the high bits" };
pub const REGISTER_BACKWARDS: Mistake = Mistake { id: "register-backwards", name: "Register bits read backwards" };
pub const RHO_WRONG_END: Mistake = Mistake { id: "rho-wrong-end", name: "ρ counted from the wrong end" };
pub const RHO_ZEROS: Mistake = Mistake { id: "rho-zeros", name: "ρ off by one" };
pub const RHO_WHOLE_HASH: Mistake = Mistake { id: "rho-whole-hash", name: "ρ from the whole hash" };
pub const REGISTER_LAST: Mistake = Mistake { id: "register-last", name: "The last ρ kept" };
pub const REGISTER_COUNTED: Mistake = Mistake { id: "register-counted", name: "Hashes counted" };
// The catalogue: each mistake above and what it gets wrong (`catalogue!`).
crate::labs::practice::exercises::catalogue! {
    (HIGH_BITS, "the register is named by the p lowest bits, the rightmost ones; ρ is read from the bits to their left."),
    (REGISTER_BACKWARDS, "the low p bits are read as a binary number in the order they stand, the leftmost of them the most significant."),
    (RHO_WRONG_END, "ρ looks for the first 1 from the right end of the rest (its lowest bit), not from its left end."),
    (RHO_ZEROS, "ρ is the position of the first 1, counted from 1: the number of 0s before it plus 1 (a rest ending in 1 has ρ = 1)."),
    (RHO_WHOLE_HASH, "the register's p bits are set aside first; ρ is read from the remaining bits only."),
    (REGISTER_LAST, "a register keeps the largest ρ of the hashes sent to it, not the last one."),
    (REGISTER_COUNTED, "a register does not count its hashes: it keeps the largest ρ among them (0 when it got none)."),
}

/// A HyperLogLog problem: m = 2^p registers, w-bit hashes, none of whose rest is all 0s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HllProblem {
    pub p: u32,
    pub w: u32,
    pub hashes: Vec<u64>,
}

/// The smallest hash that a register's `add` sends to register `r` with ρ = `rho`: the engine's
/// own rule then keeps the largest, from the student's own register and ρ.
fn hash_of(r: u64, rho: u64, p: u32) -> Option<u64> {
    (rho >= 1 && r < 1 << p && p as u64 + rho - 1 < 64).then(|| (1u64 << (p as u64 + rho - 1)) | r)
}

fn whole(a: Option<&Answer>) -> u64 {
    match a {
        Some(Answer::Whole(v)) => *v,
        _ => 0,
    }
}

impl Drill for HllProblem {
    const MISTAKES: &'static [Mistake] = MISTAKES;
    const WHY: &'static [&'static str] = WHY;

    /// p = 2, 3 or 4 (4, 8 or 16 registers), 8-, 10- or 12-bit hashes, 6, 8 or 12 of them.
    fn draw(level: u64, rng: &mut fastrand::Rng) -> HllProblem {
        let (p, w, count) = match level {
            1 => (2, 8, 6),
            2 => (3, 10, 8),
            _ => (4, 12, 12),
        };
        let hashes = (0..count).map(|_| rng.u64(1 << p..1 << w)).collect();
        HllProblem { p, w, hashes }
    }

    /// Two steps per hash (register, ρ), then the registers.
    fn steps(&self) -> usize {
        2 * self.hashes.len() + 1
    }

    fn step_as<W: Words>(&self, i: usize, prior: &[Answer], w: W) -> DrillStep {
        match self.hashes.get(i / 2) {
            Some(&h) if i.is_multiple_of(2) => self.register_step(h, w),
            Some(&h) => self.rho_step(h, w),
            None => self.registers_step(prior, w),
        }
    }

    fn json(&self) -> String {
        let hashes: Vec<String> = self.hashes.iter().map(u64::to_string).collect();
        format!("{{\"p\": {}, \"w\": {}, \"hashes\": [{}]}}", self.p, self.w, hashes.join(", "))
    }

    fn statement(&self) -> String {
        let hashes: Vec<String> = self.hashes.iter().map(|&h| self.binary(h)).collect();
        format!(
            "m = {} registers (p = {}), {}-bit hashes, the register's bits after the bar: {}.",
            1u64 << self.p,
            self.p,
            self.w,
            hashes.join(", ")
        )
    }
}

impl HllProblem {
    /// A hash in binary: the rest, a bar, the register's bits.
    pub fn binary(&self, h: u64) -> String {
        let s = format!("{h:0w$b}", w = self.w as usize);
        let (rest, low) = s.split_at((self.w - self.p) as usize);
        format!("{rest}|{low}")
    }

    fn register_step<W: Words>(&self, h: u64, words: W) -> DrillStep {
        let (p, w) = (self.p, self.w);
        let r = bucket(h, p) as u64;
        let backwards = binary_digits(r, p).rev().fold(0u64, |v, d| v * 2 + d as u64);
        DrillStep::new(
            words.say(|| format!("h = {}: its register.", self.binary(h))),
            Form::Whole { field: "register" },
            Answer::Whole(r),
            words.say(|| {
                let low = format!("{r:0p$b}", p = p as usize);
                format!("The low {p} bits of {} are {low}, so register {r}.", self.binary(h))
            }),
            vec![
                Wrong { answer: Answer::Whole(h >> (w - p)), mistake: HIGH_BITS },
                Wrong { answer: Answer::Whole(backwards), mistake: REGISTER_BACKWARDS },
            ],
        )
    }

    fn rho_step<W: Words>(&self, h: u64, words: W) -> DrillStep {
        let (p, w) = (self.p, self.w);
        let rho = tail(h, p) as u64 + 1;
        let from_left = binary_digits(h >> p, w - p).take_while(|&d| !d).count() as u64 + 1;
        let rest = || format!("{:0n$b}", h >> p, n = (w - p) as usize);
        DrillStep::new(
            words.say(|| format!("h = {}: its ρ.", self.binary(h))),
            Form::Whole { field: "rho" },
            Answer::Whole(rho),
            words.say(|| match rho - 1 {
                0 => format!("The rest {} ends in 1, so ρ = 1.", rest()),
                z => format!(
                    "The rest {} has {z} trailing 0{}, so its first 1 from the right is at position ρ = {rho}.",
                    rest(),
                    if z == 1 { "" } else { "s" }
                ),
            }),
            vec![
                Wrong { answer: Answer::Whole(from_left), mistake: RHO_WRONG_END },
                Wrong { answer: Answer::Whole(rho - 1), mistake: RHO_ZEROS },
                Wrong { answer: Answer::Whole(h.trailing_zeros() as u64 + 1), mistake: RHO_WHOLE_HASH },
            ],
        )
    }

    /// The registers, from the student's own registers and ρs.
    fn registers_step<W: Words>(&self, prior: &[Answer], w: W) -> DrillStep {
        let m = 1usize << self.p;
        let pairs: Vec<(u64, u64)> =
            (0..self.hashes.len()).map(|i| (whole(prior.get(2 * i)), whole(prior.get(2 * i + 1)))).collect();
        let mut regs = MaxRegisters::new(self.p);
        let (mut last, mut counted) = (vec![0i64; m], vec![0i64; m]);
        for &(r, rho) in &pairs {
            if let Some(h) = hash_of(r, rho, self.p) {
                regs.add(h);
                last[r as usize] = rho as i64;
                counted[r as usize] += 1;
            }
        }
        let right: Vec<i64> = regs.m.iter().map(|&v| v as i64).collect();
        let worked = w.say(|| {
            let sent: Vec<String> = pairs.iter().map(|(r, rho)| format!("register {r} gets ρ = {rho}")).collect();
            format!(
                "In turn, {}. Each register keeps the largest ρ it got (0 if none): {}.",
                sent.join(", "),
                right.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
            )
        });
        DrillStep::new(
            w.say(|| format!("The {m} registers after all {} hashes.", self.hashes.len())),
            Form::Counters { len: m, name: "register", from: 0 },
            Answer::Counters(right),
            worked,
            vec![
                Wrong { answer: Answer::Counters(last), mistake: REGISTER_LAST },
                Wrong { answer: Answer::Counters(counted), mistake: REGISTER_COUNTED },
            ],
        )
    }
}
