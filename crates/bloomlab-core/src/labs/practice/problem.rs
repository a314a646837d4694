//! The exercises and the problems they generate from a seed: each problem's steps, computed by
//! the same core code as the views, and its data as JSON for the `practice-problem` hook.

use super::exercises::ams::AmsProblem;
use super::exercises::cm_update::CmProblem;
use super::exercises::counting::CountingProblem;
use super::exercises::dgim::DgimProblem;
use super::exercises::hll::HllProblem;
use super::exercises::misra_gries::MgProblem;
use super::exercises::reservoir::ReservoirProblem;
use super::exercises::sampling::SamplingProblem;
use super::exercises::xor::XorProblem;
use super::exercises::{bloom, fm::FmProblem, formula};
use super::step::{Answer, Bare, Step, Worded, Words};

/// The exercises of the practice view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exercise {
    BloomInsert,
    BloomLookup,
    Fm,
    FpFormula,
    Counting,
    MlbfXor,
    Hll,
    Ams,
    Reservoir,
    Sampling,
    CmUpdate,
    MisraGries,
    Dgim,
}

impl Exercise {
    /// New exercises go at the end, so result codes and links keep their meaning.
    pub const ALL: [Exercise; 13] = [
        Exercise::BloomInsert,
        Exercise::BloomLookup,
        Exercise::Fm,
        Exercise::FpFormula,
        Exercise::Counting,
        Exercise::MlbfXor,
        Exercise::Hll,
        Exercise::Ams,
        Exercise::Reservoir,
        Exercise::Sampling,
        Exercise::CmUpdate,
        Exercise::MisraGries,
        Exercise::Dgim,
    ];
    pub const NAMES: [&'static str; 13] = [
        "bloom-insert",
        "bloom-lookup",
        "fm",
        "fp-formula",
        "counting",
        "mlbf-xor",
        "hll",
        "ams",
        "reservoir",
        "sampling",
        "cm-update",
        "misra-gries",
        "dgim",
    ];

    pub fn name(self) -> &'static str {
        Exercise::NAMES[Exercise::ALL.iter().position(|e| *e == self).unwrap_or(0)]
    }

    pub fn parse(s: &str) -> Option<Exercise> {
        Exercise::ALL.into_iter().find(|e| e.name() == s)
    }

    pub fn title(self) -> &'static str {
        match self {
            Exercise::BloomInsert => "Insert into a Bloom filter",
            Exercise::BloomLookup => "Look up in a Bloom filter",
            Exercise::Fm => "Flajolet–Martin by hand",
            Exercise::FpFormula => "The false-positive formula",
            Exercise::Counting => "Insert and delete in a counting filter",
            Exercise::MlbfXor => "The multi-layer filter's XOR layer",
            Exercise::Hll => "HyperLogLog's registers",
            Exercise::Ams => "The AMS estimate by hand",
            Exercise::Reservoir => "Reservoir sampling by hand",
            Exercise::Sampling => "A sample by key",
            Exercise::CmUpdate => "A count-min sketch's counters",
            Exercise::MisraGries => "Misra–Gries's counters",
            Exercise::Dgim => "DGIM's buckets over a window",
        }
    }

    /// What the student does, in a sentence.
    pub fn task(self) -> &'static str {
        match self {
            Exercise::BloomInsert => "Set the bits each inserted item sets, as in Ullman's example: h1 reads the odd-numbered binary digits (counted from the right), h2 the even-numbered ones, each mod m. Bits set by earlier items stay set.",
            Exercise::BloomLookup => "For each item looked up, say what the filter answers and whether it is true: absent, present and a member, or present and a false positive.",
            Exercise::Fm => "For each element, the tail length of h(x) = (a·x + b) mod 2^w: the 0s at the right end of its w binary digits (the tail of 0 is w). Then R, the largest tail, and the estimate 2^R.",
            Exercise::FpFormula => "Work out the false-positive rate of a filter from the formula, then the best number of hash functions.",
            Exercise::Counting => "Write the counters after each insert and delete (an insert adds 1 to the counters h1(x) and h2(x), a delete takes 1 from them, and a counter at 0 stays 0). Then say which items still inserted the forced delete turned into false negatives.",
            Exercise::MlbfXor => "For each hash j, the bit the URL sets in the XOR layer: the XOR of its j-th positions in every layer, digit by digit in binary, then mod m.",
            Exercise::Hll => "For each hash, its register (the number its low p bits make) and ρ (the position of the first 1 in the other bits, counted from the right, from 1). Then the registers: each keeps the largest ρ it was sent, 0 if none.",
            Exercise::Ams => "As each element arrives, every variable's value: how often its element has occurred from its start position on. Then each variable's X = n·(2·value − 1), and their mean, the estimate of the second moment.",
            Exercise::Reservoir => "For each arriving position, from its draw: passed over (a draw of s or more), or kept, taking the slot named by the next unused pick.",
            Exercise::Sampling => "For each position of the stream, whether a sample by key keeps it: a query is kept when its bucket is one of the lowest ones, wherever it occurs.",
            Exercise::CmUpdate => "After each arrival, each row's counters: the item goes to one column per row (the table gives them); the standard update adds 1 to each of its counters, the conservative one raises each only to the item's estimate + 1. Then an item's estimate: the smallest of its counters.",
            Exercise::MisraGries => "After each arrival, every item's count (0 without a counter): an item with a counter gains 1, a new item takes a free counter with count 1, and when none is free every counter loses 1 (those at 0 are freed) and the new item takes none. Then the threshold N/(k+1) and the candidates for heavy hitters.",
            Exercise::Dgim => "After each 1 arrives, the buckets: each one's size under its timestamp (its most recent 1). A bucket whose timestamp is t − N or older leaves; the 1 makes a bucket of size 1; when r + 1 buckets share a size the two oldest merge, keeping the newer timestamp. Then the estimate: every bucket's size but the oldest's, plus half the oldest's.",
        }
    }
}

/// A generated problem.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    Insert { m: usize, items: Vec<u64> },
    Lookup { m: usize, items: Vec<u64>, lookups: Vec<u64> },
    Fm(FmProblem),
    Formula { m: u64, n: u64, k: u32 },
    Counting(CountingProblem),
    Xor(XorProblem),
    Hll(HllProblem),
    Ams(AmsProblem),
    Reservoir(ReservoirProblem),
    Sampling(SamplingProblem),
    CountMin(CmProblem),
    MisraGries(MgProblem),
    Dgim(DgimProblem),
}

/// `s` as a JSON string.
pub fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn list(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

impl Problem {
    /// The problem of `exercise` that `seed` and `level` give.
    pub fn generate(exercise: Exercise, seed: u64, level: u64) -> Problem {
        let mut rng = fastrand::Rng::with_seed(seed ^ (level << 56) ^ ((exercise as u64) << 48));
        match exercise {
            Exercise::BloomInsert => {
                let (m, items, _) = bloom::draw(level, &mut rng);
                Problem::Insert { m, items }
            }
            Exercise::BloomLookup => {
                let (m, items, lookups) = bloom::draw(level, &mut rng);
                Problem::Lookup { m, items, lookups }
            }
            Exercise::Fm => Problem::Fm(FmProblem::draw(level, &mut rng)),
            Exercise::FpFormula => {
                let (m, n, k) = formula::draw(level, &mut rng);
                Problem::Formula { m, n, k }
            }
            Exercise::Counting => Problem::Counting(CountingProblem::draw(level, &mut rng)),
            Exercise::MlbfXor => Problem::Xor(XorProblem::draw(level, &mut rng)),
            Exercise::Hll => Problem::Hll(HllProblem::draw(level, &mut rng)),
            Exercise::Ams => Problem::Ams(AmsProblem::draw(level, &mut rng)),
            Exercise::Reservoir => Problem::Reservoir(ReservoirProblem::draw(level, &mut rng)),
            Exercise::Sampling => Problem::Sampling(SamplingProblem::draw(level, &mut rng)),
            Exercise::CmUpdate => Problem::CountMin(CmProblem::draw(level, &mut rng)),
            Exercise::MisraGries => Problem::MisraGries(MgProblem::draw(level, &mut rng)),
            Exercise::Dgim => Problem::Dgim(DgimProblem::draw(level, &mut rng)),
        }
    }

    /// The number of gradeable steps.
    pub fn steps(&self) -> usize {
        match self {
            Problem::Insert { items, .. } => items.len(),
            Problem::Lookup { lookups, .. } => lookups.len(),
            Problem::Fm(p) => p.steps(),
            Problem::Formula { .. } => 2,
            Problem::Counting(p) => p.steps(),
            Problem::Xor(p) => p.steps(),
            Problem::Hll(p) => p.steps(),
            Problem::Ams(p) => p.steps(),
            Problem::Reservoir(p) => p.steps(),
            Problem::Sampling(p) => p.steps(),
            Problem::CountMin(p) => p.steps(),
            Problem::MisraGries(p) => p.steps(),
            Problem::Dgim(p) => p.steps(),
        }
    }

    /// Step `i`, given the answers accepted for the steps before it (a filter's bits carry over
    /// from the last accepted array; R and the estimate follow the student's own earlier answers),
    /// with its words: what the practice view shows.
    pub fn step(&self, i: usize, prior: &[Answer]) -> Step {
        self.step_as(i, prior, Worded)
    }

    /// Step `i` as `step` builds it, without its words: what grading needs, and all it needs.
    pub fn bare_step(&self, i: usize, prior: &[Answer]) -> Step {
        self.step_as(i, prior, Bare)
    }

    /// Step `i`, with its words or bare (`Words`); the numbers are the same either way.
    pub fn step_as<W: Words>(&self, i: usize, prior: &[Answer], w: W) -> Step {
        match self {
            Problem::Insert { m, items } => {
                let prev = match prior.last() {
                    Some(Answer::Bits(b)) if b.len() == *m => b.clone(),
                    _ => vec![false; *m],
                };
                bloom::insert_step(items[i.min(items.len() - 1)], &prev, w)
            }
            Problem::Lookup { m, items, lookups } => {
                bloom::lookup_step(lookups[i.min(lookups.len() - 1)], &bloom::filter(items, *m), items, w)
            }
            Problem::Fm(p) => p.step(i, prior, w),
            Problem::Formula { m, n, k } => formula::step(i, (*m, *n, *k), w),
            Problem::Counting(p) => p.step(i, prior, w),
            Problem::Xor(p) => p.step(i, w),
            Problem::Hll(p) => p.step(i, prior, w),
            Problem::Ams(p) => p.step(i, prior, w),
            Problem::Reservoir(p) => p.step(i, prior, w),
            Problem::Sampling(p) => p.step(i, prior, w),
            Problem::CountMin(p) => p.step(i, prior, w),
            Problem::MisraGries(p) => p.step(i, prior, w),
            Problem::Dgim(p) => p.step(i, prior, w),
        }
    }

    /// The bits the page shows before the first step (the filter a lookup exercise starts from).
    pub fn start_bits(&self) -> Option<Vec<bool>> {
        match self {
            Problem::Insert { m, .. } => Some(vec![false; *m]),
            Problem::Lookup { m, items, .. } => Some(bloom::filter(items, *m)),
            Problem::MisraGries(p) => Some(vec![false; p.u]),
            _ => None,
        }
    }

    /// What the typed cells of step `i` start from, when the problem says (a count-min row starts
    /// as the student left that row, not as the last row typed); `None` leaves it to the session.
    pub fn start_cells(&self, i: usize, prior: &[Answer]) -> Option<Vec<i64>> {
        match self {
            Problem::CountMin(p) => p.start_cells(i, prior),
            _ => None,
        }
    }

    /// The problem as JSON (`practice-problem`'s `data-problem`).
    pub fn json(&self) -> String {
        match self {
            Problem::Insert { m, items } => {
                format!("{{\"m\": {m}, \"k\": 2, \"hash\": \"ullman\", \"items\": [{}]}}", list(items))
            }
            Problem::Lookup { m, items, lookups } => format!(
                "{{\"m\": {m}, \"k\": 2, \"hash\": \"ullman\", \"items\": [{}], \"lookups\": [{}]}}",
                list(items),
                list(lookups)
            ),
            Problem::Fm(p) => {
                format!("{{\"a\": {}, \"b\": {}, \"w\": {}, \"stream\": [{}]}}", p.a, p.b, p.w, list(&p.stream))
            }
            Problem::Formula { m, n, k } => format!("{{\"m\": {m}, \"n\": {n}, \"k\": {k}}}"),
            Problem::Counting(p) => p.json(),
            Problem::Xor(p) => p.json(),
            Problem::Hll(p) => p.json(),
            Problem::Ams(p) => p.json(),
            Problem::Reservoir(p) => p.json(),
            Problem::Sampling(p) => p.json(),
            Problem::CountMin(p) => p.json(),
            Problem::MisraGries(p) => p.json(),
            Problem::Dgim(p) => p.json(),
        }
    }

    /// The problem in words.
    pub fn statement(&self) -> String {
        match self {
            Problem::Insert { m, items } => format!("A filter of m = {m} bits, k = 2 hashes. Insert {}.", list(items)),
            Problem::Lookup { m, items, lookups } => format!(
                "A filter of m = {m} bits, k = 2 hashes, holding {} (its bits are shown). Look up {}.",
                list(items),
                list(lookups)
            ),
            Problem::Fm(p) => format!(
                "h(x) = ({}·x + {}) mod 2^{} = ({}·x + {}) mod {}. The stream: {}.",
                p.a,
                p.b,
                p.w,
                p.a,
                p.b,
                1u64 << p.w,
                list(&p.stream)
            ),
            Problem::Formula { m, n, k } => format!("m = {m} bits, n = {n} items, k = {k} hash functions."),
            Problem::Counting(p) => p.statement(),
            Problem::Xor(p) => p.statement(),
            Problem::Hll(p) => p.statement(),
            Problem::Ams(p) => p.statement(),
            Problem::Reservoir(p) => p.statement(),
            Problem::Sampling(p) => p.statement(),
            Problem::CountMin(p) => p.statement(),
            Problem::MisraGries(p) => p.statement(),
            Problem::Dgim(p) => p.statement(),
        }
    }
}
