//! The hash families of the page contract (section 2). Each maps an item to k positions in 0..m.

use xxhash_rust::xxh3::xxh3_64_with_seed;

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

/// The 64-bit golden-ratio constant G of the contract: hash i of `xxh3` is seeded with i · G.
pub const SEED_STEP: u64 = 0x9E37_79B9_7F4A_7C15;

/// The seed of hash `i` of the `xxh3` family: s_i = i · G mod 2^64 (s_0 = 0).
#[inline]
pub fn seed(i: u32) -> u64 {
    (i as u64).wrapping_mul(SEED_STEP)
}

impl HashFamily {
    pub const ALL: [HashFamily; 5] =
        [HashFamily::Xxh3, HashFamily::Double, HashFamily::Enhanced, HashFamily::Naive, HashFamily::Ullman];
    /// The families that hash any text (all but the lecture's integer hashes).
    pub const TEXT: [HashFamily; 4] = [HashFamily::Xxh3, HashFamily::Double, HashFamily::Enhanced, HashFamily::Naive];

    /// The contract's name of the family.
    pub fn name(self) -> &'static str {
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

    /// A short description for people.
    /// An example of what this family hashes, for an empty item field.
    pub fn example_item(self) -> &'static str {
        if self == HashFamily::Ullman {
            "a whole number, e.g. 25"
        } else {
            "an item, e.g. apple"
        }
    }

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
    /// power of two repeats positions whenever h2 mod m is even (half of all items); the naive
    /// seeds make 1–3-byte items share positions across hash indices.
    pub fn caveat(self, m: u64) -> Option<&'static str> {
        match self {
            HashFamily::Double if m.is_power_of_two() && m > 1 => Some(
                "m is a power of two: when h2 is even (half of all items) double hashing repeats positions, so those items set fewer than k bits and false positives rise above the formulas. Enhanced double hashing or xxh3 do not have this flaw.",
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
        match self {
            HashFamily::Xxh3 => {
                for i in 0..k {
                    if !f(xxh3_64_with_seed(item, seed(i)) % m) {
                        return Some(false);
                    }
                }
            }
            HashFamily::Naive => {
                for i in 0..k {
                    if !f(xxh3_64_with_seed(item, i as u64) % m) {
                        return Some(false);
                    }
                }
            }
            HashFamily::Enhanced => {
                let (h1, h2) = double_base(item);
                for i in 0..k {
                    if !f(enhanced(h1, h2, i) % m) {
                        return Some(false);
                    }
                }
            }
            HashFamily::Double => {
                // pos_i = ((h1 + i·h2) mod 2^64) mod m, kept incrementally: adding h2 adds
                // h2 mod m, and each wrap past 2^64 takes away 2^64 mod m. Three divisions
                // instead of k.
                let (h1, h2) = double_base(item);
                let step = h2 % m;
                let wrap = (u64::MAX % m + 1) % m;
                let (mut h, mut r) = (h1, h1 % m);
                for i in 0..k {
                    if !f(r) {
                        return Some(false);
                    }
                    if i + 1 == k {
                        break;
                    }
                    let (next, carried) = h.overflowing_add(h2);
                    h = next;
                    let (sum, over) = r.overflowing_add(step);
                    r = if over || sum >= m { sum.wrapping_sub(m) } else { sum };
                    if carried {
                        r = if r >= wrap { r - wrap } else { r + (m - wrap) };
                    }
                }
            }
            HashFamily::Ullman => {
                let x = std::str::from_utf8(item).ok().and_then(|s| parse_ullman(s).ok())?;
                let (odd, even) = ullman_split(x);
                for raw in [odd, even].into_iter().take(k.min(2) as usize) {
                    if !f(raw % m) {
                        return Some(false);
                    }
                }
            }
        }
        Some(true)
    }
}

/// h1 and h2 of the double-hashing families: the first two `xxh3` hashes (seeds s_0, s_1).
#[inline]
pub fn double_base(item: &[u8]) -> (u64, u64) {
    (xxh3_64_with_seed(item, seed(0)), xxh3_64_with_seed(item, seed(1)))
}

/// Hash `i` of enhanced double hashing: (h1 + i·h2 + (i³ − i)/6) mod 2^64.
#[inline]
fn enhanced(h1: u64, h2: u64, i: u32) -> u64 {
    let i = i as u64;
    let cubic = i.wrapping_mul(i).wrapping_mul(i).wrapping_sub(i) / 6;
    h1.wrapping_add(i.wrapping_mul(h2)).wrapping_add(cubic)
}

/// The streams chapter's `linear` hash: h(x) = (a · x + b) mod 2^w, read as a w-bit number
/// (w = 1 ..= 64; other widths are clamped).
pub fn linear(x: u64, a: u64, b: u64, w: u32) -> u64 {
    let w = w.clamp(1, 64);
    let v = a.wrapping_mul(x).wrapping_add(b);
    if w == 64 {
        v
    } else {
        v & ((1u64 << w) - 1)
    }
}

/// The tail length of a w-bit value: its trailing 0 bits; the tail length of 0 is w.
pub fn tail_length(v: u64, w: u32) -> u32 {
    let w = w.clamp(1, 64);
    v.trailing_zeros().min(w)
}

/// Parses a `ullman` item: a decimal integer 0 ..= u64::MAX, surrounding spaces allowed.
pub fn parse_ullman(item: &str) -> Result<u64, HashError> {
    let t = item.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(HashError::NotAnInteger(item.to_string()));
    }
    t.parse::<u64>().map_err(|_| HashError::NotAnInteger(item.to_string()))
}

/// Splits `x` into the number read from its odd-numbered bits (1st, 3rd, ... from the right)
/// and the number read from its even-numbered bits, each kept in order.
pub fn ullman_split(x: u64) -> (u64, u64) {
    (compress_alternate(x), compress_alternate(x >> 1))
}

/// Packs bits 0, 2, 4, ... of `x` into consecutive low bits.
fn compress_alternate(x: u64) -> u64 {
    let mut out = 0u64;
    for j in 0..32 {
        out |= ((x >> (2 * j)) & 1) << j;
    }
    out
}

/// A hasher for keys that are already xxh3 hashes: the table uses them as they are instead of
/// hashing them again (SipHash cost a seventh of reading a million-line file).
#[derive(Clone, Copy, Default)]
pub struct Prehashed(u64);

impl std::hash::Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used for these keys; anything else is folded in byte by byte.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// A map keyed by xxh3 values.
pub type PrehashedMap<V> = std::collections::HashMap<u64, V, std::hash::BuildHasherDefault<Prehashed>>;
/// A set of xxh3 values.
pub type PrehashedSet = std::collections::HashSet<u64, std::hash::BuildHasherDefault<Prehashed>>;

#[cfg(test)]
mod tests {
    use super::*;

    fn positions(f: HashFamily, item: &str, k: u32, m: u64) -> Vec<u64> {
        f.hash(item, k, m).unwrap().into_iter().map(|h| h.position).collect()
    }

    #[test]
    fn ullman_table_of_the_lecture() {
        // x, h1 raw, h2 raw, positions mod 11 (reference-numbers.md)
        let table = [(25, 5, 2, [5, 2]), (159, 7, 11, [7, 0]), (585, 9, 18, [9, 7]), (118, 14, 5, [3, 5])];
        for (x, r1, r2, pos) in table {
            let h = HashFamily::Ullman.hash(&x.to_string(), 2, 11).unwrap();
            assert_eq!((h[0].raw, h[1].raw), (r1, r2), "raw values of {x}");
            assert_eq!([h[0].position, h[1].position], pos, "positions of {x}");
        }
    }

    #[test]
    fn ullman_rejects_non_integers_and_limits_k() {
        for bad in ["", "abc", "-5", "1.5", "18446744073709551616", "１２"] {
            assert!(HashFamily::Ullman.hash(bad, 2, 11).is_err(), "{bad:?}");
        }
        assert_eq!(positions(HashFamily::Ullman, " 25 ", 2, 11), vec![5, 2]);
        assert_eq!(positions(HashFamily::Ullman, "25", 7, 11), vec![5, 2]);
        assert_eq!(positions(HashFamily::Ullman, "25", 1, 11), vec![5]);
        let (o, e) = ullman_split(u64::MAX);
        assert_eq!((o, e), (u32::MAX as u64, u32::MAX as u64));
    }

    /// xxh3 values checked against an independent implementation (Python's `xxhash` package,
    /// `xxh3_64_intdigest(b, seed=i)`).
    #[test]
    fn xxh3_matches_independent_values() {
        assert_eq!(xxh3_64_with_seed(b"", 0), 0x2D06800538D394C2);
        assert_eq!(xxh3_64_with_seed(b"a", 0), 0xE6C632B61E964E1F);
        assert_eq!(xxh3_64_with_seed(b"abc", 0), 0x78AF5F94892F3950);
        assert_eq!(xxh3_64_with_seed(b"apple", 3), 0x2FC4E44705F079BF);
        assert_eq!(positions(HashFamily::Naive, "apple", 4, u64::MAX)[3], 0x2FC4E44705F079BF);
        // The flaw that revised the contract: neighbouring small seeds collide on short items.
        assert_eq!(xxh3_64_with_seed(b"aaa", 1), xxh3_64_with_seed(b"aaf", 0));
        assert_eq!(xxh3_64_with_seed(b"cat", 1), xxh3_64_with_seed(b"cas", 0));
    }

    /// Positions at m = 1,000, k = 4, for 1-, 3-, 8-, 40- and 11-byte (non-ASCII) items, computed
    /// independently with Python's `xxhash` package from the contract's definitions.
    #[test]
    fn every_family_matches_independent_positions() {
        type Row = (&'static str, [u64; 4], [u64; 4], [u64; 4], [u64; 4]);
        let table: [Row; 5] = [
            ("a", [719, 409, 187, 966], [719, 512, 921, 714], [719, 512, 922, 718], [719, 872, 327, 444]),
            ("cat", [238, 693, 259, 419], [238, 931, 8, 85], [238, 931, 9, 89], [238, 789, 228, 583]),
            ("abcdefgh", [107, 993, 657, 300], [107, 100, 93, 86], [107, 100, 94, 90], [107, 692, 498, 359]),
            (
                "0123456789abcdefghijklmnopqrstuvwxyzABCD",
                [723, 13, 30, 137],
                [723, 120, 133, 146],
                [723, 120, 134, 150],
                [723, 567, 267, 427],
            ),
            ("émoji 🙂", [566, 795, 675, 562], [566, 361, 156, 335], [566, 361, 157, 339], [566, 535, 690, 551]),
        ];
        for (item, xxh3, double, enhanced, naive) in table {
            assert_eq!(positions(HashFamily::Xxh3, item, 4, 1000), xxh3, "xxh3 {item}");
            assert_eq!(positions(HashFamily::Double, item, 4, 1000), double, "double {item}");
            assert_eq!(positions(HashFamily::Enhanced, item, 4, 1000), enhanced, "enhanced {item}");
            assert_eq!(positions(HashFamily::Naive, item, 4, 1000), naive, "naive {item}");
        }
        assert_eq!(seed(1), 0x9E3779B97F4A7C15);
        assert_eq!(seed(2), 0x3C6EF372FE94F82A);
    }

    #[test]
    fn families_agree_between_slow_and_fast_paths() {
        for f in HashFamily::ALL {
            for item in ["25", "apple", "", "https://example.com/a/b", "🙂 émoji"] {
                for m in [1u64, 11, 1000, 1 << 20] {
                    let slow: Option<Vec<u64>> =
                        f.hash(item, 5, m).ok().map(|v| v.into_iter().map(|h| h.position).collect());
                    let mut fast = vec![];
                    let ok = f.for_each_position(item.as_bytes(), 5, m, |p| fast.push(p));
                    assert_eq!(slow.is_some(), ok);
                    if let Some(slow) = slow {
                        assert_eq!(slow, fast, "{f:?} {item} {m}");
                        assert!(fast.iter().all(|&p| p < m));
                    }
                }
            }
        }
    }

    #[test]
    fn double_hashing_follows_the_contract() {
        let item = "apple";
        let h1 = xxh3_64_with_seed(item.as_bytes(), 0);
        let h2 = xxh3_64_with_seed(item.as_bytes(), SEED_STEP);
        let want: Vec<u64> = (0..4u64).map(|i| h1.wrapping_add(i.wrapping_mul(h2)) % 1000).collect();
        assert_eq!(positions(HashFamily::Double, item, 4, 1000), want);
        let seeded: Vec<u64> =
            (0..4u64).map(|i| xxh3_64_with_seed(item.as_bytes(), i.wrapping_mul(SEED_STEP)) % 1000).collect();
        assert_eq!(positions(HashFamily::Xxh3, item, 4, 1000), seeded);
    }

    #[test]
    fn linear_hash_and_tail_lengths() {
        // h(x) = (3x + 1) mod 32 on the stream 4, 2, 5: 13, 7, 16 -> tails 0, 0, 4.
        let h: Vec<u64> = [4u64, 2, 5].iter().map(|&x| linear(x, 3, 1, 5)).collect();
        assert_eq!(h, [13, 7, 16]);
        assert_eq!(h.iter().map(|&v| tail_length(v, 5)).collect::<Vec<_>>(), [0, 0, 4]);
        assert_eq!(tail_length(0, 5), 5);
        assert_eq!(tail_length(0, 64), 64);
        assert_eq!(linear(u64::MAX, 2, 3, 64), 1, "wraps mod 2^64");
        assert_eq!(linear(7, 1, 0, 0), 1, "w clamped to 1");
    }

    #[test]
    fn hashes_are_named_as_the_lecture_names_them() {
        assert_eq!(HashFamily::Ullman.label(0), "h1");
        assert_eq!(HashFamily::Ullman.label(1), "h2");
        assert_eq!(HashFamily::Xxh3.label(0), "h0");
        assert_eq!(HashFamily::Double.label(6), "h6");
    }

    #[test]
    fn names_round_trip() {
        for f in HashFamily::ALL {
            assert_eq!(HashFamily::parse(f.name()), Some(f));
        }
        assert_eq!(HashFamily::parse("md5"), None);
    }
}
