//! The items the hash lab hashes: words of one fixed length, generated words or URLs, or whole
//! numbers. Item i of each kind is a pure function of (kind, seed, i), and distinct indices give
//! distinct items, so indices 0 .. n-1 are the members and indices from n on are non-members.

use crate::data::generate::{item, ItemKind};

/// Where the items come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Items {
    /// Words of exactly this many lowercase letters (1 ..= 64).
    Len(u32),
    Words,
    Urls,
    /// The whole numbers 0 ..= N.
    Ints(u64),
}

pub const MAX_LEN: u32 = 64;

impl Items {
    /// The link form: `len:3`, `words`, `urls`, `ints:1000`.
    pub fn name(self) -> String {
        match self {
            Items::Len(l) => format!("len:{l}"),
            Items::Words => "words".into(),
            Items::Urls => "urls".into(),
            Items::Ints(n) => format!("ints:{n}"),
        }
    }

    pub fn parse(s: &str) -> Option<Items> {
        match s.split_once(':') {
            Some(("len", l)) => l.trim().parse().ok().filter(|l| (1..=MAX_LEN).contains(l)).map(Items::Len),
            Some(("ints", n)) => n.trim().parse().ok().filter(|n| *n >= 1).map(Items::Ints),
            None if s == "words" => Some(Items::Words),
            None if s == "urls" => Some(Items::Urls),
            _ => None,
        }
    }

    /// In words, for the page.
    pub fn describe(self) -> String {
        match self {
            Items::Len(l) => format!("words of {l} letter{}", if l == 1 { "" } else { "s" }),
            Items::Words => "generated words".into(),
            Items::Urls => "generated URLs".into(),
            Items::Ints(n) => format!("whole numbers 0 to {n}"),
        }
    }

    /// How many distinct items there are (`None`: more than anyone will use).
    pub fn universe(self) -> Option<u64> {
        match self {
            Items::Len(l) if l <= 13 => Some(26u64.pow(l)),
            Items::Ints(n) => Some(n.saturating_add(1)),
            _ => None,
        }
    }

    /// Item `i` (distinct for distinct `i` below the universe).
    pub fn get(self, seed: u64, i: u64) -> String {
        match self {
            Items::Len(l) => fixed_word(l, seed, i),
            Items::Words => item(ItemKind::Words, seed, i),
            Items::Urls => item(ItemKind::Urls, seed, i),
            Items::Ints(n) => permute(i, n.saturating_add(1), seed).to_string(),
        }
    }
}

/// A bijection of 0 .. size-1 (an affine map with a multiplier coprime to `size`), so a seed
/// reorders the items without ever repeating one.
fn permute(i: u64, size: u64, seed: u64) -> u64 {
    if size <= 1 {
        return 0;
    }
    let size128 = size as u128;
    let mut a = (0x9E37_79B9_7F4A_7C15u64 ^ seed.wrapping_mul(0xBF58_476D_1CE4_E5B9)) as u128 % size128;
    while gcd(a, size128) != 1 {
        a = (a + 1) % size128;
    }
    let c = (seed as u128).wrapping_mul(0x94D0_49BB_1331_11EB) % size128;
    ((a * (i as u128 % size128) + c) % size128) as u64
}

pub(super) fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Word `i` of length `l`: for l <= 13 the base-26 digits of a permuted index (all 26^l words,
/// each once); longer words take their letters from a seeded mix of `i` (two coincide with
/// probability below 26^-14).
fn fixed_word(l: u32, seed: u64, i: u64) -> String {
    let mut out = String::with_capacity(l as usize);
    if l <= 13 {
        let mut v = permute(i, 26u64.pow(l), seed);
        for _ in 0..l {
            out.push((b'a' + (v % 26) as u8) as char);
            v /= 26;
        }
    } else {
        let mut state = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ seed.rotate_left(17) ^ 0xD1B5_4A32_D192_ED03;
        for _ in 0..l {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            out.push((b'a' + (z % 26) as u8) as char);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn items_are_distinct_and_parse() {
        for items in [Items::Len(1), Items::Len(2), Items::Len(3), Items::Ints(999)] {
            let u = items.universe().unwrap();
            let all: HashSet<String> = (0..u).map(|i| items.get(7, i)).collect();
            assert_eq!(all.len() as u64, u, "{items:?}");
        }
        assert!(Items::Len(3).get(1, 5).len() == 3 && Items::Len(40).get(1, 5).len() == 40);
        assert_ne!(Items::Len(3).get(1, 5), Items::Len(3).get(2, 5), "the seed reorders");
        for s in ["len:3", "words", "urls", "ints:1000"] {
            assert_eq!(Items::parse(s).map(|i| i.name()), Some(s.to_string()));
        }
        for bad in ["len:0", "len:65", "ints:0", "pics", "len:x", ""] {
            assert_eq!(Items::parse(bad), None, "{bad}");
        }
    }
}
