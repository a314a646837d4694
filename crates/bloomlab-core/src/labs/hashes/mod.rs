//! The hash lab (`view=hashes`): the same filter built with several hash families side by side —
//! measured false-positive rates against the formulas, how evenly positions spread, how often an
//! item's k positions collide — and the two classic failures found as real examples: the naive
//! seeds on short items, and double hashing at a power-of-two m.

mod chart;
pub mod items;
mod link;
pub mod measure;
#[cfg(test)]
mod tests;

use items::Items;
use measure::{double_repeat, measure, naive_collision, FamilyResult};

use crate::engine::hashing::HashFamily;
use crate::link::notice::Notice;
use crate::link::preset::Preset;
use crate::text::group_digits;

pub use link::{item_choices, FAMILIES, ITEMS, K, M, N, PARAMS, SEED, SHAPE, TRIALS};

pub const DEFAULT_ITEMS: Items = Items::Len(3);
pub const DEFAULT_FAMILIES: [HashFamily; 4] = HashFamily::TEXT;
/// Items searched for a naive-seed collision.
const COLLISION_SEARCH: u64 = 20_000;

/// The lab's settings, as the link gives them.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub families: Vec<HashFamily>,
    pub m: u64,
    pub k: u32,
    pub n: u64,
    pub items: Items,
    pub trials: u64,
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            families: DEFAULT_FAMILIES.to_vec(),
            m: M.default,
            k: K.default as u32,
            n: N.default,
            items: DEFAULT_ITEMS,
            trials: TRIALS.default,
            seed: SEED.default,
        }
    }
}

/// A found example of a failure: two items that collide, or one whose positions repeat.
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    pub family: HashFamily,
    pub a: String,
    pub b: String,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct HashLab {
    s: Settings,
    results: Vec<FamilyResult>,
    examples: Vec<Example>,
    version: u64,
}

impl HashLab {
    pub fn new(s: Settings) -> HashLab {
        let mut lab = HashLab { s, ..HashLab::default() };
        lab.restart();
        lab
    }

    pub fn settings(&self) -> &Settings {
        &self.s
    }
    pub fn results(&self) -> &[FamilyResult] {
        &self.results
    }
    pub fn examples(&self) -> &[Example] {
        &self.examples
    }
    pub fn version(&self) -> u64 {
        self.version
    }
    /// Families measured so far, and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.results.len(), self.s.families.len())
    }
    pub fn pending(&self) -> bool {
        self.results.len() < self.s.families.len()
    }

    /// Measures the next family (one slice of the work); returns whether anything was left.
    pub fn work(&mut self) -> bool {
        let Some(&family) = self.s.families.get(self.results.len()) else { return false };
        let s = &self.s;
        self.results.push(measure(family, s.m, s.k, s.n, s.items, s.trials, s.seed));
        self.version += 1;
        true
    }

    pub fn finish(&mut self) {
        while self.work() {}
    }

    fn restart(&mut self) {
        self.results.clear();
        self.examples = find_examples(&self.s);
        self.version += 1;
    }
}

impl Settings {
    /// Keeps n and trials within the items there are, with a notice when they had to shrink.
    fn fit(&mut self, notices: &mut Vec<Notice>) {
        if let Some(u) = self.items.universe() {
            if self.n >= u {
                self.n = (u - 1).max(1);
                notices.push(Notice::param(
                    "n",
                    format!("there are only {} {}; n = {}", group_digits(u), self.items.describe(), self.n),
                ));
            }
            let room = u.saturating_sub(self.n);
            // The default number of probes means "up to 20,000": it shrinks to what is left
            // without a notice (the default page raised one); a number people chose gets one.
            let asked = self.trials;
            self.trials = asked.min(room).max(1);
            if asked > room && asked != TRIALS.default {
                notices.push(Notice::param(
                    "trials",
                    format!(
                        "only {} {} are left to probe after the {} members; probing all of them",
                        group_digits(room),
                        self.items.describe(),
                        group_digits(self.n)
                    ),
                ));
            }
        }
    }

    /// The families with `f` measured or not (the last one stays).
    pub fn with_family_toggled(&self, f: HashFamily) -> Vec<HashFamily> {
        let mut families = self.families.clone();
        if let Some(i) = families.iter().position(|g| *g == f) {
            if families.len() > 1 {
                families.remove(i);
            }
        } else {
            families.push(f);
            families.sort_by_key(|g| HashFamily::TEXT.iter().position(|h| h == g));
        }
        families
    }
}

/// The lab's long work: one unit is one family measured.
impl crate::engine::sliced::Sliced for HashLab {
    fn work(&mut self, units: u64) -> u64 {
        (0..units).take_while(|_| HashLab::work(self)).count() as u64
    }
    fn is_done(&self) -> bool {
        !self.pending()
    }
    fn ops_done(&self) -> u64 {
        self.results.len() as u64
    }
    fn ops_total(&self) -> u64 {
        self.s.families.len() as u64
    }
}

fn find_examples(s: &Settings) -> Vec<Example> {
    let mut out = Vec::new();
    if s.families.contains(&HashFamily::Naive) {
        if let Some((a, b, seed)) = naive_collision(s.items, s.seed, s.k, COLLISION_SEARCH) {
            out.push(Example {
                family: HashFamily::Naive,
                text: format!(
                    "\u{201c}{a}\u{201d} under seed {seed} and \u{201c}{b}\u{201d} under seed 0 have the same xxh3 value, so they share a position."
                ),
                a,
                b,
            });
        }
    }
    if s.families.contains(&HashFamily::Double) && s.m.is_power_of_two() {
        if let Some((item, h1, h2)) = double_repeat(s.items, s.seed, s.m, s.k, COLLISION_SEARCH) {
            out.push(Example {
                family: HashFamily::Double,
                text: {
                    let g = items::gcd((h2 % s.m) as u128, s.m as u128) as u64;
                    format!(
                        "\u{201c}{item}\u{201d}: h1 mod m = {}, h2 mod m = {}, and gcd({}, {}) = {g}, so h1 + i·h2 mod m cycles through only m/{g} = {} positions: it comes back to a position it has visited before i reaches k = {}.",
                        h1 % s.m,
                        h2 % s.m,
                        h2 % s.m,
                        s.m,
                        s.m / g,
                        s.k
                    )
                },
                a: item.clone(),
                b: item,
            });
        }
    }
    out
}

/// The lab's presets.
pub fn presets() -> Vec<Preset> {
    vec![
        Preset {
            id: "three-letter",
            title: "Three-letter words, seeds 0 .. k−1",
            caption: "Every three-letter word not inserted is probed: with the naive seeds they pass several times more often than the formulas say; with the revised seeds xxh3 matches them.".into(),
            params: "families=naive,xxh3&m=4096&k=5&n=300&items=len:3&trials=17276".into(),
        },
        Preset {
            id: "double-pow2",
            title: "Double hashing at m = 1,024, k = 16",
            caption: "At a power-of-two m, an item whose h2 mod m is a multiple of m/8 cycles through 8 positions or fewer, fewer than k = 16; the rare items with h2 ≡ 0 or m/2 set one or two bits and, at this tiny fill, dominate the rate: double hashing passes far more non-members than the formulas allow. Enhanced double hashing is much better, though averaged over many filters it too stays above the formulas at a fill this small; the independent hashes (xxh3) meet them.".into(),
            params: "families=double,enhanced,xxh3&m=1024&k=16&n=20&items=words&trials=200000".into(),
        },
        Preset {
            id: "the-fix",
            title: "The fix",
            caption: "The same three-letter words with the revised xxh3 seeds and with enhanced double hashing: both land on the formulas.".into(),
            params: "families=xxh3,enhanced&m=4096&k=5&n=300&items=len:3&trials=17276".into(),
        },
    ]
}
