//! Reproducible generated items (words and URLs) for bulk inserts and experiments, and Zipf
//! streams of ranks.
//!
//! Item `i` of a batch with seed `s` is a pure function of (kind, s, i), so a batch of a million
//! items is stored as three numbers, regenerated on demand, and recognised again from its text:
//! every index maps through a bijection of 32-bit numbers, so items within a batch are distinct.

/// What a generated item looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Pronounceable made-up words such as `kotavime`.
    Words,
    /// Web addresses such as `https://www.banoku.org/tefa/lisu`.
    Urls,
}

impl ItemKind {
    pub const ALL: [ItemKind; 2] = [ItemKind::Words, ItemKind::Urls];

    pub fn name(self) -> &'static str {
        match self {
            ItemKind::Words => "words",
            ItemKind::Urls => "urls",
        }
    }

    pub fn parse(s: &str) -> Option<ItemKind> {
        ItemKind::ALL.into_iter().find(|k| k.name() == s)
    }
}

/// The most items one batch may hold.
pub const MAX_BATCH: u64 = 1 << 32;

const CONSONANTS: &[u8; 20] = b"bcdfghjklmnprstvwxyz";
const VOWELS: &[u8; 5] = b"aeiou";
/// Syllable d (0..100) is `SYLLABLES[2d..2d+2]`: consonant d / 5, vowel d % 5.
const SYLLABLES: &str = "babebibobucacecicocudadedidodufafefifofugagegigogu\
hahehihohujajejijojukakekikokulalelilolumamemimomu\
nanenino\
nupapepipopurarerirorusasesisosutatetitotu\
vavevivovuwawewiwowuxaxexixoxuyayeyiyoyuzazezizozu";
const HOSTS: u64 = 251;
const TLDS: [&str; 4] = ["com", "org", "net", "edu"];

const MUL1: u32 = 0x7feb_352d;
const MUL2: u32 = 0x846c_a68b;

fn seed_mask(seed: u64) -> u32 {
    let x = (seed ^ 0x5851_F42D_4C95_7F2D).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((x >> 32) as u32) ^ (x as u32)
}

/// A bijection of 32-bit numbers, different for each seed.
fn scramble(i: u32, seed: u64) -> u32 {
    let mut x = i ^ seed_mask(seed);
    x ^= x >> 16;
    x = x.wrapping_mul(MUL1);
    x ^= x >> 16;
    x = x.wrapping_mul(MUL2);
    x ^= x >> 16;
    x
}

fn inverse_odd(a: u32) -> u32 {
    // Newton's iteration for the inverse of an odd number modulo 2^32.
    let mut x = a;
    for _ in 0..5 {
        x = x.wrapping_mul(2u32.wrapping_sub(a.wrapping_mul(x)));
    }
    x
}

fn unscramble(v: u32, seed: u64) -> u32 {
    let mut x = v;
    x ^= x >> 16;
    x = x.wrapping_mul(inverse_odd(MUL2));
    x ^= x >> 16;
    x = x.wrapping_mul(inverse_odd(MUL1));
    x ^= x >> 16;
    x ^ seed_mask(seed)
}

/// Writes `v` as syllables (base 100, at least `min` syllables, most significant first).
fn push_syllables(out: &mut String, mut v: u64, min: usize) {
    let mut digits = [0u8; 12];
    let mut len = 0;
    while v > 0 || len < min {
        digits[len] = (v % 100) as u8;
        v /= 100;
        len += 1;
    }
    for &d in digits[..len].iter().rev() {
        let d = d as usize * 2;
        out.push_str(&SYLLABLES[d..d + 2]);
    }
}

/// Reads syllables back; `None` unless the text is made of syllables only.
fn read_syllables(s: &str) -> Option<u64> {
    let b = s.as_bytes();
    if b.is_empty() || !b.len().is_multiple_of(2) || b.len() > 24 {
        return None;
    }
    let mut v: u64 = 0;
    for pair in b.chunks(2) {
        let c = CONSONANTS.iter().position(|&x| x == pair[0])? as u64;
        let o = VOWELS.iter().position(|&x| x == pair[1])? as u64;
        v = v.checked_mul(100)?.checked_add(c * 5 + o)?;
    }
    Some(v)
}

/// Replaces `out` with item `index` of the batch (`kind`, `seed`).
pub fn write_item(kind: ItemKind, seed: u64, index: u64, out: &mut String) {
    out.clear();
    let v = scramble(index as u32, seed) as u64;
    match kind {
        ItemKind::Words => push_syllables(out, v, 3),
        ItemKind::Urls => {
            let host = v % HOSTS;
            let mut rest = v / HOSTS;
            out.push_str("https://www.");
            push_syllables(out, host + 100, 2);
            out.push('.');
            out.push_str(TLDS[(host % 4) as usize]);
            // Path segments of one or two syllables, like /tefa/lisu/ko.
            loop {
                out.push('/');
                push_syllables(out, rest % 10_000, 2);
                rest /= 10_000;
                if rest == 0 {
                    break;
                }
            }
        }
    }
}

/// Item `index` of the batch as a new string.
pub fn item(kind: ItemKind, seed: u64, index: u64) -> String {
    let mut s = String::new();
    write_item(kind, seed, index, &mut s);
    s
}

/// The index of `text` in the batch (`kind`, `seed`) of `count` items, if it is one of them.
pub fn index_of(kind: ItemKind, seed: u64, count: u64, text: &str) -> Option<u64> {
    let v = match kind {
        ItemKind::Words => read_syllables(text)?,
        ItemKind::Urls => {
            let rest = text.strip_prefix("https://www.")?;
            let (host_part, path) = rest.split_once('/')?;
            let (host_word, _tld) = host_part.split_once('.')?;
            let host = read_syllables(host_word)?.checked_sub(100)?;
            let mut q: u64 = 0;
            for seg in path.split('/').rev() {
                q = q.checked_mul(10_000)?.checked_add(read_syllables(seg)?)?;
            }
            q.checked_mul(HOSTS)?.checked_add(host)?
        }
    };
    let v = u32::try_from(v).ok()?;
    let index = unscramble(v, seed) as u64;
    (index < count && item(kind, seed, index) == text).then_some(index)
}

/// One bulk insert: `count` generated items of one kind. The batch's seed is its place in the
/// list of batches, so that batches differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Batch {
    pub kind: ItemKind,
    pub count: u64,
    pub seed: u64,
}

impl Batch {
    pub fn contains(&self, text: &str) -> bool {
        index_of(self.kind, self.seed, self.count, text).is_some()
    }
}

/// `len` ranks (1-based) drawn from Zipf(`universe`, `s`) with a generator seeded by `seed`.
pub fn zipf_stream(seed: u64, len: u64, universe: u64, s: f64) -> Vec<u32> {
    let universe = universe.clamp(1, u32::MAX as u64);
    let mut cumulative = Vec::with_capacity(universe as usize);
    let mut total = 0.0;
    for r in 1..=universe {
        total += 1.0 / (r as f64).powf(s);
        cumulative.push(total);
    }
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..len)
        .map(|_| {
            let x = rng.f64() * total;
            let i = cumulative.partition_point(|&c| c <= x).min(universe as usize - 1);
            (i + 1) as u32
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn zipf_stream_is_reproducible_and_skewed() {
        let a = zipf_stream(7, 5000, 100, 1.0);
        assert_eq!(a, zipf_stream(7, 5000, 100, 1.0));
        assert_ne!(a, zipf_stream(8, 5000, 100, 1.0));
        assert!(a.iter().all(|&r| (1..=100).contains(&r)));
        let ones = a.iter().filter(|&&r| r == 1).count() as f64 / 5000.0;
        // P(rank 1) = 1 / H_100 = 0.1928
        assert!((ones - 0.1928).abs() < 0.02, "{ones}");
    }

    #[test]
    fn syllable_table_matches_its_letters() {
        assert_eq!(SYLLABLES.len(), 200);
        for d in 0..100 {
            let want = [CONSONANTS[d / 5], VOWELS[d % 5]];
            assert_eq!(&SYLLABLES.as_bytes()[2 * d..2 * d + 2], &want);
        }
    }

    #[test]
    fn scramble_is_a_bijection() {
        for seed in [0u64, 1, 7, u64::MAX] {
            for i in [0u32, 1, 2, 12345, u32::MAX] {
                assert_eq!(unscramble(scramble(i, seed), seed), i);
            }
        }
    }

    #[test]
    fn items_are_distinct_readable_and_recognised() {
        for kind in ItemKind::ALL {
            let mut seen = HashSet::new();
            for i in 0..20_000 {
                let s = item(kind, 3, i);
                assert!(s.is_ascii() && !s.contains(','), "{s}");
                assert!(seen.insert(s.clone()), "duplicate {s}");
                assert_eq!(index_of(kind, 3, 20_000, &s), Some(i));
                assert_eq!(index_of(kind, 3, i, &s), None, "beyond the batch");
            }
            assert_eq!(index_of(kind, 3, 100, "hello"), None);
            assert_eq!(index_of(kind, 3, 100, ""), None);
        }
        assert!(item(ItemKind::Urls, 0, 5).starts_with("https://www."));
        assert_eq!(index_of(ItemKind::Urls, 0, 10, "https://www.x/"), None);
        assert_eq!(index_of(ItemKind::Words, 0, 10, "babababababababababababababa"), None);
    }

    #[test]
    fn items_are_reproducible_and_seeds_differ() {
        assert_eq!(item(ItemKind::Words, 1, 42), item(ItemKind::Words, 1, 42));
        assert_ne!(item(ItemKind::Words, 1, 42), item(ItemKind::Words, 2, 42));
    }
}
