//! xxh3-64 with a seed, equal to `xxhash_rust::xxh3::xxh3_64_with_seed` for every input.
//!
//! Items of 9 to 128 bytes (generated words and URLs, most typed items) take the short paths
//! written here, with the 64×64→128-bit product in 32-bit halves: WebAssembly has no wide
//! multiply, and a `u128` product compiles to a call of `__multi3` (a full 128×128 product
//! through memory). Other lengths go to the crate.
//!
//! LLVM knows the halves for what they are and turns them back into a `u128` product, so the
//! 32-bit mask reaches them through [`halves_mask`], a value the optimiser cannot see into. The
//! products are inlined in the loop over 9- to 16-byte items (the generated words) and one call
//! away ([`mul_fold_call`]) elsewhere, to keep every bundle's size.

const PRIME64_1: u64 = 0x9E37_79B1_85EB_CA87;
const PRIME_MX1: u64 = 0x1656_6791_9E37_79F9;

/// The first 128 bytes of xxh3's default secret (`kSecret`), as little-endian words.
const SECRET: [u64; 16] = [
    0xbe4b_a423_396c_feb8,
    0x1cad_21f7_2c81_017c,
    0xdb97_9083_e96d_d4de,
    0x1f67_b3b7_a4a4_4072,
    0x78e5_c0cc_4ee6_79cb,
    0x2172_ffcc_7dd0_5a82,
    0x8e24_43f7_7446_08b8,
    0x4c26_3a81_e690_35e0,
    0xcb00_c391_bb52_283c,
    0xa32e_531b_8b65_d088,
    0x4ef9_0da2_9748_6471,
    0xd8ac_dea9_46ef_1938,
    0x3f34_9ce3_3f76_faa8,
    0x1d4f_0bc7_c7bb_dcf9,
    0x3159_b4cd_4be0_518a,
    0x6473_78d9_c97e_9fc8,
];

/// The mask of a number's low 32 bits, `0xFFFF_FFFF`, hidden from the optimiser.
///
/// Written as a constant, the mask lets LLVM see that [`mul_fold_halves`] computes the high half
/// of a 128-bit product, and it compiles the four products back into a call of `__multi3` on
/// WebAssembly (found in the FP lab's profile: 14 calls in its inner loop). Through
/// `black_box` it is a number read from memory once per item, and the products stay four
/// `i64.mul`s. Only the speed depends on this: the value is always the same.
#[inline(always)]
pub fn halves_mask() -> u64 {
    core::hint::black_box(0xFFFF_FFFF)
}

/// The low and high 64 bits of `a · b`, xored (xxh3's `mul128_fold64`); `low` is
/// [`halves_mask`], read once by the caller for all its products.
#[inline(always)]
pub fn mul_fold(a: u64, b: u64, low: u64) -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        mul_fold_halves(a, b, low)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = low;
        let p = a as u128 * b as u128;
        (p as u64) ^ ((p >> 64) as u64)
    }
}

/// `mul_fold` as a call, one copy for the paths outside the words' loop (17 to 128 bytes, and one
/// hash at a time): each inlined product is about a hundred bytes of wasm in every bundle, and a
/// call of this costs less than the `__multi3` these paths called before.
#[inline(never)]
pub fn mul_fold_call(a: u64, b: u64) -> u64 {
    mul_fold(a, b, halves_mask())
}

/// `mul_fold` from 32×32→64-bit products (xxHash's portable `XXH_mult64to128`), with `low` the
/// mask of the low 32 bits ([`halves_mask`]). The low half of the product is the plain wrapping
/// product; only the high half needs the pieces.
#[inline(always)]
pub fn mul_fold_halves(a: u64, b: u64, low: u64) -> u64 {
    let lo_lo = (a & low) * (b & low);
    let hi_lo = (a >> 32) * (b & low);
    let lo_hi = (a & low) * (b >> 32);
    let hi_hi = (a >> 32) * (b >> 32);
    let cross = (lo_lo >> 32) + (hi_lo & low) + lo_hi;
    let upper = (hi_lo >> 32) + (cross >> 32) + hi_hi;
    upper ^ a.wrapping_mul(b)
}

#[inline(always)]
fn read64(b: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(w)
}

/// `u64::swap_bytes` in three steps of shifts and masks (WebAssembly has no byte swap).
#[inline(always)]
fn swap64(x: u64) -> u64 {
    const BYTES: u64 = 0x00FF_00FF_00FF_00FF;
    const PAIRS: u64 = 0x0000_FFFF_0000_FFFF;
    let x = ((x >> 8) & BYTES) | ((x & BYTES) << 8);
    let x = ((x >> 16) & PAIRS) | ((x & PAIRS) << 16);
    x.rotate_left(32)
}

#[inline(always)]
fn avalanche(mut h: u64) -> u64 {
    h ^= h >> 37;
    h = h.wrapping_mul(PRIME_MX1);
    h ^ (h >> 32)
}

/// 16 bytes of input at `at` against secret words `s`, `s + 1`.
#[inline(always)]
fn mix16(input: &[u8], at: usize, s: usize, seed: u64) -> u64 {
    let lo = read64(input, at) ^ SECRET[s].wrapping_add(seed);
    let hi = read64(input, at + 8) ^ SECRET[s + 1].wrapping_sub(seed);
    mul_fold_call(lo, hi)
}

/// xxh3-64 of `input` with `seed`.
#[inline]
pub fn xxh3_64_with_seed(input: &[u8], seed: u64) -> u64 {
    let len = input.len();
    if len > 16 && len <= 128 {
        let mut acc = (len as u64).wrapping_mul(PRIME64_1);
        if len > 32 {
            if len > 64 {
                if len > 96 {
                    acc = acc.wrapping_add(mix16(input, 48, 12, seed));
                    acc = acc.wrapping_add(mix16(input, len - 64, 14, seed));
                }
                acc = acc.wrapping_add(mix16(input, 32, 8, seed));
                acc = acc.wrapping_add(mix16(input, len - 48, 10, seed));
            }
            acc = acc.wrapping_add(mix16(input, 16, 4, seed));
            acc = acc.wrapping_add(mix16(input, len - 32, 6, seed));
        }
        acc = acc.wrapping_add(mix16(input, 0, 0, seed));
        acc = acc.wrapping_add(mix16(input, len - 16, 2, seed));
        avalanche(acc)
    } else if len > 8 && len <= 16 {
        let flip1 = (SECRET[3] ^ SECRET[4]).wrapping_add(seed);
        let flip2 = (SECRET[5] ^ SECRET[6]).wrapping_sub(seed);
        let lo = read64(input, 0) ^ flip1;
        let hi = read64(input, len - 8) ^ flip2;
        let acc = (len as u64).wrapping_add(swap64(lo)).wrapping_add(hi).wrapping_add(mul_fold_call(lo, hi));
        avalanche(acc)
    } else {
        xxhash_rust::xxh3::xxh3_64_with_seed(input, seed)
    }
}

/// The crate's own xxh3-64, one shared copy (the rest of the core calls it too), for the lengths
/// the loops do not specialise.
#[inline(never)]
pub fn xxh3_one(input: &[u8], seed: u64) -> u64 {
    xxhash_rust::xxh3::xxh3_64_with_seed(input, seed)
}

/// The 16-byte pairs of a 17..=128-byte input: input words and their secret's index.
#[inline(always)]
fn pairs<const C: usize>(input: &[u8]) -> [(u64, u64, usize); C] {
    // Offsets and secret indices in xxh3's order (0, len-16, 16, len-32, 32, len-48, 48, len-64).
    let len = input.len();
    let mut out = [(0, 0, 0); C];
    for (j, slot) in out.iter_mut().enumerate() {
        let at = if j % 2 == 0 { 16 * (j / 2) } else { len - 16 * (j / 2 + 1) };
        *slot = (read64(input, at), read64(input, at + 8), 2 * j);
    }
    out
}

/// The hashes of one input for seeds `seed_of(0..k)`, with the input read once.
#[inline(always)]
fn with_pairs<const C: usize>(
    input: &[u8],
    k: u32,
    seed_of: impl Fn(u32) -> u64,
    mut f: impl FnMut(u64) -> bool,
) -> bool {
    let words = pairs::<C>(input);
    let base = (input.len() as u64).wrapping_mul(PRIME64_1);
    (0..k).all(|i| {
        let seed = seed_of(i);
        let mut acc = base;
        for &(lo, hi, s) in &words {
            acc = acc
                .wrapping_add(mul_fold_call(lo ^ SECRET[s].wrapping_add(seed), hi ^ SECRET[s + 1].wrapping_sub(seed)));
        }
        f(avalanche(acc))
    })
}

/// Calls `f` with xxh3-64 of `input` for seeds `seed_of(0)`, …, `seed_of(k - 1)` until it returns
/// false; whether every call said true. The length is looked at once and the input read once for
/// all k seeds.
#[inline(always)]
pub fn xxh3_seeds(input: &[u8], k: u32, seed_of: impl Fn(u32) -> u64, mut f: impl FnMut(u64) -> bool) -> bool {
    match input.len() {
        len @ 9..=16 => {
            // swap(a ^ b) = swap(a) ^ swap(b): the input's half is swapped once for all seeds.
            let (lo, hi) = (read64(input, 0), read64(input, len - 8));
            let lo_swapped = swap64(lo);
            let low = halves_mask();
            (0..k).all(|i| {
                let seed = seed_of(i);
                let flip = (SECRET[3] ^ SECRET[4]).wrapping_add(seed);
                let (lo, hi) = (lo ^ flip, hi ^ (SECRET[5] ^ SECRET[6]).wrapping_sub(seed));
                let swapped = lo_swapped ^ swap64(flip);
                f(avalanche((len as u64).wrapping_add(swapped).wrapping_add(hi).wrapping_add(mul_fold(lo, hi, low))))
            })
        }
        17..=32 => with_pairs::<2>(input, k, seed_of, f),
        33..=64 => with_pairs::<4>(input, k, seed_of, f),
        _ => (0..k).all(|i| f(xxh3_one(input, seed_of(i)))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equals_the_crate_for_every_length_and_many_seeds() {
        let bytes: Vec<u8> = (0..300u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
        let seeds = [0, 1, 2, 0x9E37_79B9_7F4A_7C15, 0x3C6E_F372_FE94_F82A, u64::MAX, 1 << 63];
        for len in 0..=bytes.len() {
            for &seed in &seeds {
                let want = xxhash_rust::xxh3::xxh3_64_with_seed(&bytes[..len], seed);
                assert_eq!(xxh3_64_with_seed(&bytes[..len], seed), want, "len {len}, seed {seed:#x}");
            }
            let mut got = Vec::new();
            xxh3_seeds(
                &bytes[..len],
                seeds.len() as u32,
                |i| seeds[i as usize],
                |h| {
                    got.push(h);
                    true
                },
            );
            let want: Vec<u64> =
                seeds.iter().map(|&s| xxhash_rust::xxh3::xxh3_64_with_seed(&bytes[..len], s)).collect();
            assert_eq!(got, want, "len {len}, all seeds");
            // Seed 0 is xxh3 without a seed (the dataset reader's key of an item).
            assert_eq!(xxh3_64_with_seed(&bytes[..len], 0), xxhash_rust::xxh3::xxh3_64(&bytes[..len]), "len {len}");
        }
    }

    #[test]
    fn the_halves_product_is_the_wide_one() {
        let mut x = 0x1234_5678_9abc_def0u64;
        for _ in 0..10_000 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let y = x.rotate_left(23) ^ 0xdead_beef;
            let p = x as u128 * y as u128;
            assert_eq!(mul_fold_halves(x, y, halves_mask()), (p as u64) ^ ((p >> 64) as u64));
        }
        assert_eq!(mul_fold_halves(u64::MAX, u64::MAX, halves_mask()), mul_fold(u64::MAX, u64::MAX, halves_mask()));
        assert_eq!(swap64(x), x.swap_bytes());
        assert_eq!(swap64(0x0102_0304_0506_0708), 0x0807_0605_0403_0201);
    }
}
