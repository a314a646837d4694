//! The hash families of the page contract (section 2). Each maps an item to k positions in 0..m.

mod integers;
mod prehashed;
#[cfg(test)]
mod tests;

pub use bloomlab_kernels::bulk::{double_base, seed, Family, SEED_STEP};
use bloomlab_kernels::bulk::{enhanced, visit_dyn};
use bloomlab_kernels::xxh3::xxh3_64_with_seed;
pub use integers::{linear, parse_ullman, tail_length, ullman_split};
pub use prehashed::{Prehashed, PrehashedMap, PrehashedSet};

/// The seed of attempt `a` (0 first) of a build that retries with new seeds (the static filters):
/// `first + a·G mod 2^64`, G the contract's step between seeds (`SEED_STEP`).
pub fn attempt_seed(first: u64, a: u32) -> u64 {
    first.wrapping_add(u64::from(a).wrapping_mul(SEED_STEP))
}

/// Which family of hash functions a filter uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HashFamily {
    /// k independently seeded xxh3 hashes, seeds s_i = i · G.
    Xxh3,
    /// Kirsch–Mitzenmacher double hashing from the first two xxh3 hashes.
    Double,
    /// Dillinger–Manolios enhanced double hashing: h1 + i·h2 + (i³ − i)/6.
    Enhanced,
    /// xxh3 with the old seeds 0, 1, 2 …, kept for the lesson on hash quality.
    Naive,
    /// The lecture's integer hashes: odd-numbered and even-numbered bits.
    Ullman,
}

/// Why an item cannot be hashed by a family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HashError {
    /// The `ullman` family hashes decimal integers 0 ..= 2^64-1 only.
    NotAnInteger(String),
}

impl std::fmt::Display for HashError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HashError::NotAnInteger(s) => write!(
                f,
                "\u{201c}{}\u{201d} is not a whole number from 0 to 18446744073709551615, which the ullman hashes need",
                crate::text::shorten(s, 40)
            ),
        }
    }
}

/// One hash function's work on one item: its raw value and the position it picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HashValue {
    pub raw: u64,
    pub position: u64,
}

impl HashFamily {
    pub const ALL: [HashFamily; 5] =
        [HashFamily::Xxh3, HashFamily::Double, HashFamily::Enhanced, HashFamily::Naive, HashFamily::Ullman];
    /// The families that hash any text (all but the lecture's integer hashes).
    pub const TEXT: [HashFamily; 4] = [HashFamily::Xxh3, HashFamily::Double, HashFamily::Enhanced, HashFamily::Naive];
    /// The names of `ALL`, in the same order (what a link's `hash` may say).
    pub const ALL_NAMES: [&'static str; 5] = [
        HashFamily::Xxh3.name(),
        HashFamily::Double.name(),
        HashFamily::Enhanced.name(),
        HashFamily::Naive.name(),
        HashFamily::Ullman.name(),
    ];
    /// The names of `TEXT`, in the same order.
    pub const TEXT_NAMES: [&'static str; 4] =
        [HashFamily::Xxh3.name(), HashFamily::Double.name(), HashFamily::Enhanced.name(), HashFamily::Naive.name()];

    /// The family as the hot loops (`bloomlab-kernels`) know it; `None` for the integer hashes.
    pub fn text_family(self) -> Option<Family> {
        match self {
            HashFamily::Xxh3 => Some(Family::Xxh3),
            HashFamily::Naive => Some(Family::Naive),
            HashFamily::Double => Some(Family::Double),
            HashFamily::Enhanced => Some(Family::Enhanced),
            HashFamily::Ullman => None,
        }
    }

    /// The contract's name of the family.
    pub const fn name(self) -> &'static str {
        match self {
            HashFamily::Xxh3 => "xxh3",
            HashFamily::Double => "double",
            HashFamily::Enhanced => "enhanced",
            HashFamily::Naive => "naive",
            HashFamily::Ullman => "ullman",
        }
    }

    pub fn parse(s: &str) -> Option<HashFamily> {
        HashFamily::ALL.into_iter().find(|f| f.name() == s)
    }

    /// An example of what this family hashes, for an empty item field.
    pub fn example_item(self) -> &'static str {
        if self == HashFamily::Ullman {
            "a whole number, e.g. 25"
        } else {
            "an item, e.g. apple"
        }
    }

    /// A short description for people.
    pub fn describe(self) -> &'static str {
        match self {
            HashFamily::Xxh3 => "k seeded xxh3 hashes",
            HashFamily::Double => "double hashing, h1 + i·h2",
            HashFamily::Enhanced => "enhanced double hashing, h1 + i·h2 + (i³−i)/6",
            HashFamily::Naive => "xxh3 seeded 0, 1, 2 … (the old, flawed seeds)",
            HashFamily::Ullman => "odd and even bits of an integer, as in the lecture",
        }
    }

    /// Why this family may do worse than the formulas at m bits, if it may: double hashing at a
    /// power of two cycles through only m / gcd(h2, m) positions, so the rare items whose h2 mod m
    /// is a multiple of a large power of two set fewer than k bits; the naive seeds make
    /// 1–3-byte items share positions across hash indices.
    pub fn caveat(self, m: u64) -> Option<&'static str> {
        match self {
            HashFamily::Double if m.is_power_of_two() && m > 1 => Some(
                "m is a power of two: h1 + i·h2 mod m cycles through only m / gcd(h2, m) positions, so the rare items whose h2 mod m is a multiple of a large power of two (h2 ≡ 0 or m/2: about 2 in m items) set only one or two bits, and at small fills those items pass far more often than the formulas allow. Enhanced double hashing is much better but can still exceed the formulas at tiny fills; independent seeded hashes (xxh3) meet them.",
            ),
            HashFamily::Naive => Some(
                "the naive seeds 0, 1, 2 … make short items (1–3 bytes) share positions across hash indices: three-letter words pass several times more often than the formulas say.",
            ),
            _ => None,
        }
    }

    /// The name of hash number `index` (0-based) as the page shows it: the lecture's h1 and h2
    /// for `ullman`, h0 .. h(k-1) for the seeded families (their seeds).
    pub fn label(self, index: u32) -> String {
        match self {
            HashFamily::Ullman => format!("h{}", index + 1),
            _ => format!("h{index}"),
        }
    }

    /// The largest number of hash functions the family has, if it is limited.
    pub fn max_k(self) -> Option<u32> {
        match self {
            HashFamily::Ullman => Some(2),
            _ => None,
        }
    }

    /// Checks that the family can hash `item`.
    pub fn check(self, item: &str) -> Result<(), HashError> {
        match self {
            HashFamily::Ullman => parse_ullman(item).map(|_| ()),
            _ => Ok(()),
        }
    }

    /// The raw values and positions of `item` for hashes i = 0..k-1 in a filter of `m` bits.
    pub fn hash(self, item: &str, k: u32, m: u64) -> Result<Vec<HashValue>, HashError> {
        let m = m.max(1);
        let raws: Vec<u64> = match self {
            HashFamily::Xxh3 => (0..k).map(|i| xxh3_64_with_seed(item.as_bytes(), seed(i))).collect(),
            HashFamily::Naive => (0..k).map(|i| xxh3_64_with_seed(item.as_bytes(), i as u64)).collect(),
            HashFamily::Double => {
                let (h1, h2) = double_base(item.as_bytes());
                (0..k).map(|i| h1.wrapping_add((i as u64).wrapping_mul(h2))).collect()
            }
            HashFamily::Enhanced => {
                let (h1, h2) = double_base(item.as_bytes());
                (0..k).map(|i| enhanced(h1, h2, i)).collect()
            }
            HashFamily::Ullman => {
                let x = parse_ullman(item)?;
                let (odd, even) = ullman_split(x);
                [odd, even].into_iter().take(k.min(2) as usize).collect()
            }
        };
        Ok(raws.into_iter().map(|raw| HashValue { raw, position: raw % m }).collect())
    }

    /// Calls `f` with each position of `item` (i = 0..k-1) without allocating.
    /// Items the family cannot hash are skipped and `false` is returned.
    #[inline]
    pub fn for_each_position(self, item: &[u8], k: u32, m: u64, mut f: impl FnMut(u64)) -> bool {
        self.visit_positions(item, k, m, |p| {
            f(p);
            true
        })
        .is_some()
    }

    /// Calls `f` with each position in hash order until it returns false (lookups stop at the
    /// first 0). `None` when the family cannot hash the item, else whether every call said true.
    #[inline]
    pub fn visit_positions(self, item: &[u8], k: u32, m: u64, mut f: impl FnMut(u64) -> bool) -> Option<bool> {
        let m = m.max(1);
        match self.text_family() {
            Some(family) => Some(visit_dyn(family, item, k, m, &mut f)),
            None => {
                let x = std::str::from_utf8(item).ok().and_then(|s| parse_ullman(s).ok())?;
                let (odd, even) = ullman_split(x);
                Some([odd, even].into_iter().take(k.min(2) as usize).all(|raw| f(raw % m)))
            }
        }
    }
}
