//! Generated items (words and URLs): item `i` of a batch with seed `s` is a pure function of
//! (kind, s, i). Every index maps through a bijection of 32-bit numbers, so items within a batch
//! are distinct. The core's `data::generate` re-exports these and reads items back.

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

pub const CONSONANTS: &[u8; 20] = b"bcdfghjklmnprstvwxyz";
pub const VOWELS: &[u8; 5] = b"aeiou";
/// Syllable d (0..100) is `SYLLABLES[2d..2d+2]`: consonant d / 5, vowel d % 5.
pub const SYLLABLES: &str = "babebibobucacecicocudadedidodufafefifofugagegigogu\
hahehihohujajejijojukakekikokulalelilolumamemimomu\
nanenino\
nupapepipopurarerirorusasesisosutatetitotu\
vavevivovuwawewiwowuxaxexixoxuyayeyiyoyuzazezizozu";
/// Host names of generated URLs.
pub const HOSTS: u64 = 251;
const TLDS: [&str; 4] = ["com", "org", "net", "edu"];

const MUL1: u32 = 0x7feb_352d;
const MUL2: u32 = 0x846c_a68b;

fn seed_mask(seed: u64) -> u32 {
    let x = (seed ^ 0x5851_F42D_4C95_7F2D).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((x >> 32) as u32) ^ (x as u32)
}

/// A bijection of 32-bit numbers, different for each seed.
#[inline]
pub fn scramble(i: u32, seed: u64) -> u32 {
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

/// The inverse of `scramble`.
pub fn unscramble(v: u32, seed: u64) -> u32 {
    let mut x = v;
    x ^= x >> 16;
    x = x.wrapping_mul(inverse_odd(MUL2));
    x ^= x >> 16;
    x = x.wrapping_mul(inverse_odd(MUL1));
    x ^= x >> 16;
    x ^ seed_mask(seed)
}

/// Writes `v` as syllables (base 100, at least `min` ≤ 5 syllables, most significant first). In
/// 32 bits: WebAssembly divides a 64-bit number by a constant with a real division (it has no
/// wide multiply), a 32-bit one with a multiplication. The letters are written from the last
/// syllable back into a small buffer and copied out at once (one capacity check per item
/// instead of one per syllable).
#[inline(always)]
fn push_syllables(out: &mut Vec<u8>, mut v: u32, min: usize) {
    // A u32 has at most 5 base-100 digits.
    const MOST: usize = 5;
    let (table, min) = (SYLLABLES.as_bytes(), min.min(MOST));
    let mut letters = [0u8; 2 * MOST];
    let mut len = 0;
    while (v > 0 || len < min) && len < MOST {
        let d = (v % 100) as usize * 2;
        v /= 100;
        len += 1;
        let at = 2 * (MOST - len);
        letters[at] = table[d];
        letters[at + 1] = table[d + 1];
    }
    out.extend_from_slice(&letters[2 * (MOST - len)..]);
}

/// Reads syllables back; `None` unless the text is made of syllables only.
pub fn read_syllables(s: &str) -> Option<u64> {
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

/// Replaces `out` with the bytes of item `index` of the batch (`kind`, `seed`): ASCII only.
/// One copy for every caller (a call per item costs little beside hashing it).
#[inline(never)]
pub fn write_item_bytes(kind: ItemKind, seed: u64, index: u64, out: &mut Vec<u8>) {
    out.clear();
    let v = scramble(index as u32, seed);
    match kind {
        ItemKind::Words => push_syllables(out, v, 3),
        ItemKind::Urls => {
            let host = v % HOSTS as u32;
            let mut rest = v / HOSTS as u32;
            out.extend_from_slice(b"https://www.");
            push_syllables(out, host + 100, 2);
            out.push(b'.');
            out.extend_from_slice(TLDS[(host % 4) as usize].as_bytes());
            // Path segments of one or two syllables, like /tefa/lisu/ko.
            loop {
                out.push(b'/');
                push_syllables(out, rest % 10_000, 2);
                rest /= 10_000;
                if rest == 0 {
                    break;
                }
            }
        }
    }
}

/// Replaces `out` with item `index` of the batch (`kind`, `seed`), reusing its allocation.
pub fn write_item(kind: ItemKind, seed: u64, index: u64, out: &mut String) {
    let mut bytes = std::mem::take(out).into_bytes();
    write_item_bytes(kind, seed, index, &mut bytes);
    // The items are ASCII (syllables, fixed parts), so this never fails; an empty item otherwise.
    *out = String::from_utf8(bytes).unwrap_or_default();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syllable_table_matches_its_letters() {
        assert_eq!(SYLLABLES.len(), 200);
        for d in 0..100 {
            let want = [CONSONANTS[d / 5], VOWELS[d % 5]];
            assert_eq!(&SYLLABLES.as_bytes()[2 * d..2 * d + 2], &want);
        }
    }

    /// The syllables as the generator wrote them before it used a buffer: one digit at a time.
    fn syllables_one_by_one(mut v: u32, min: usize) -> Vec<u8> {
        let mut digits = Vec::new();
        while v > 0 || digits.len() < min {
            digits.push((v % 100) as usize);
            v /= 100;
        }
        digits.iter().rev().flat_map(|&d| SYLLABLES.as_bytes()[2 * d..2 * d + 2].to_vec()).collect()
    }

    #[test]
    fn syllables_are_the_digits_most_significant_first() {
        let mut out = Vec::new();
        let mut x = 1u32;
        let values = (0..100_000u32).map(|_| {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            x
        });
        let edges = [0, 1, 99, 100, 9_999, 10_000, 999_999, 1_000_000, 99_999_999, 100_000_000, u32::MAX];
        for v in values.chain(edges) {
            for min in [2, 3] {
                out.clear();
                push_syllables(&mut out, v, min);
                assert_eq!(out, syllables_one_by_one(v, min), "{v} (at least {min})");
            }
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
    fn items_are_ascii_and_reuse_the_buffer() {
        let mut s = String::with_capacity(64);
        write_item(ItemKind::Urls, 0, 5, &mut s);
        assert!(s.starts_with("https://www.") && s.is_ascii(), "{s}");
        let cap = s.capacity();
        for i in 0..1000 {
            write_item(ItemKind::Urls, 3, i, &mut s);
            assert_eq!(s.capacity(), cap, "no new allocation per item");
        }
        write_item(ItemKind::Words, 1, 42, &mut s);
        assert!(s.len() >= 6 && s.bytes().all(|b| b.is_ascii_lowercase()), "{s}");
    }
}
