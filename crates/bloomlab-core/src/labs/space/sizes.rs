//! The filters the measured chart builds, and each one's shape for n keys: the keys it takes,
//! its bits, and the rate its formula gives — all known before it is built.

use super::filters::{bloom_fpr, cuckoo_fpr, fingerprint_fpr, quotient_fpr, Filter};
use crate::engine::quotient::MAX_Q;
use crate::engine::ribbon::RibbonParams;
use crate::engine::split_block::sizing::Formula;
use crate::engine::split_block::{BLOCK_BITS, BLOCK_BYTES, MAX_BLOCKS};
use crate::engine::xor::{Kind, Layout, SegmentRule};

/// Bits per key of the classic and split-block filters built.
pub const BLOOM_BITS: [u32; 5] = [4, 8, 12, 16, 20];
/// Fingerprint bits of the cuckoo filters built.
pub const CUCKOO_F: [u32; 3] = [8, 12, 16];
/// Slots in use of all the cuckoo filter's slots: the load the Fan et al. paper builds at.
pub const CUCKOO_LOAD: f64 = 0.95;
/// Fingerprint bits of the xor and binary fuse filters built (the core's fingerprints are
/// at most 16 bits).
pub const FINGERPRINTS: [u32; 2] = [8, 16];
/// Result bits of the ribbon filters built.
pub const RIBBON_R: [u32; 4] = [4, 8, 12, 16];
/// The band width at scale.
pub const RIBBON_WIDTH: u32 = 64;
/// The ribbon filters' room: m = ⌈1.1·n⌉. At w = 64 this core's sweep found every one of 10
/// seeds working at 100,000 keys and 3 of 4 at 1,000,000: standard ribbon needs more room
/// the more keys it has.
pub const RIBBON_OVERHEAD: f64 = 0.1;
/// Seeds a ribbon build tries before it gives up.
pub const RIBBON_ATTEMPTS: u32 = 10;
/// Remainder bits of the quotient filters built.
pub const QUOTIENT_R: [u32; 2] = [8, 16];
/// The quotient filters' load: 2^q slots, of which ⌊0.75·2^q⌋ are filled with the first keys
/// (q the largest with that many at most n).
pub const QUOTIENT_LOAD: f64 = 0.75;

/// One filter at one size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Size {
    /// A classic filter of `bits` bits a key and the best k.
    Bloom { bits: u32 },
    /// A split-block filter of about `bits` bits a key, in whole blocks.
    SplitBlock { bits: u32 },
    /// A cuckoo filter of f-bit fingerprints at `CUCKOO_LOAD`.
    Cuckoo { f: u32 },
    /// An xor or binary fuse filter of `fp`-bit fingerprints, the reference's size.
    Peeled { kind: Kind, fp: u32 },
    /// A standard ribbon filter of r-bit results, w = 64, at `RIBBON_OVERHEAD`.
    Ribbon { r: u32 },
    /// A quotient filter of r-bit remainders at `QUOTIENT_LOAD`.
    Quotient { r: u32 },
}

/// A size's shape for n keys.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    /// Keys it takes (fewer than n only for the quotient filter).
    pub keys: u64,
    /// Its bits in all.
    pub bits: u64,
    /// Its false-positive rate by its formula.
    pub theory: f64,
    /// Hashes k (Bloom), blocks (split-block), buckets (cuckoo), slots (xor, fuse, ribbon),
    /// quotient bits q (quotient).
    pub detail: u64,
}

impl Size {
    /// Every size the chart builds, in order.
    pub fn plan() -> Vec<Size> {
        let mut out: Vec<Size> = BLOOM_BITS.iter().map(|&bits| Size::Bloom { bits }).collect();
        out.extend(BLOOM_BITS.iter().map(|&bits| Size::SplitBlock { bits }));
        out.extend(CUCKOO_F.iter().map(|&f| Size::Cuckoo { f }));
        for kind in Kind::ALL {
            out.extend(FINGERPRINTS.iter().map(|&fp| Size::Peeled { kind, fp }));
        }
        out.extend(RIBBON_R.iter().map(|&r| Size::Ribbon { r }));
        out.extend(QUOTIENT_R.iter().map(|&r| Size::Quotient { r }));
        out
    }

    pub fn filter(self) -> Filter {
        match self {
            Size::Bloom { .. } => Filter::Bloom,
            Size::SplitBlock { .. } => Filter::SplitBlock,
            Size::Cuckoo { .. } => Filter::Cuckoo,
            Size::Peeled { kind: Kind::Xor, .. } => Filter::Xor,
            Size::Peeled { kind: Kind::Fuse3, .. } => Filter::Fuse3,
            Size::Peeled { kind: Kind::Fuse4, .. } => Filter::Fuse4,
            Size::Ribbon { .. } => Filter::Ribbon,
            Size::Quotient { .. } => Filter::Quotient,
        }
    }

    /// The size in words: `8 bits/key`, `f = 8`, `fp = 16`, `r = 8`.
    pub fn label(self) -> String {
        match self {
            Size::Bloom { bits } | Size::SplitBlock { bits } => format!("{bits} bits/key"),
            Size::Cuckoo { f } => format!("f = {f}"),
            Size::Peeled { fp, .. } => format!("fp = {fp}"),
            Size::Ribbon { r } | Size::Quotient { r } => format!("r = {r}"),
        }
    }

    /// The shape for `n` keys (n ≥ 1).
    pub fn shape(self, n: u64) -> Shape {
        let n = n.max(1);
        match self {
            Size::Bloom { bits } => {
                let m = u64::from(bits) * n;
                let (theory, k) = bloom_fpr(m, n);
                Shape { keys: n, bits: m, theory, detail: u64::from(k) }
            }
            Size::SplitBlock { bits } => {
                let blocks = split_blocks(bits, n);
                let theory = Formula::Blocked.fpr(n, blocks * BLOCK_BYTES as u64);
                Shape { keys: n, bits: blocks * BLOCK_BITS as u64, theory, detail: blocks }
            }
            Size::Cuckoo { f } => {
                let buckets = cuckoo_buckets(n);
                let load = n as f64 / (4 * buckets) as f64;
                Shape { keys: n, bits: buckets * 4 * u64::from(f), theory: cuckoo_fpr(f, load), detail: buckets }
            }
            Size::Peeled { kind, fp } => {
                let layout = xor_layout(kind, n);
                let slots = u64::from(layout.array_length);
                Shape { keys: n, bits: slots * u64::from(fp), theory: fingerprint_fpr(fp), detail: slots }
            }
            Size::Ribbon { r } => {
                let slots = ribbon_params(n, r).map_or(0, |p| p.slots() as u64);
                Shape { keys: n, bits: slots * u64::from(r), theory: fingerprint_fpr(r), detail: slots }
            }
            Size::Quotient { r } => {
                let (q, keys) = quotient_shape(n);
                let slots = 1u64 << q;
                let theory = quotient_fpr(keys as f64 / slots as f64, r);
                Shape { keys, bits: slots * u64::from(r + 3), theory, detail: u64::from(q) }
            }
        }
    }
}

/// Whole blocks for about `bits` bits a key: ⌊bits·n / 256⌉, at least 1.
pub fn split_blocks(bits: u32, n: u64) -> u64 {
    let blocks = (u64::from(bits) * n + BLOCK_BITS as u64 / 2) / BLOCK_BITS as u64;
    blocks.clamp(1, MAX_BLOCKS as u64)
}

/// Buckets of four for n keys at `CUCKOO_LOAD`: ⌈n / (4 · 0.95)⌉.
pub fn cuckoo_buckets(n: u64) -> u64 {
    ((n as f64 / (4.0 * CUCKOO_LOAD)).ceil() as u64).max(1)
}

/// The reference's layout for n keys (the segment length from its formula).
pub fn xor_layout(kind: Kind, n: u64) -> Layout {
    Layout::new(kind, n.min(u64::from(u32::MAX)) as u32, SegmentRule::Formula)
}

/// The ribbon filter's shape for n keys with r-bit results.
pub fn ribbon_params(n: u64, r: u32) -> Option<RibbonParams> {
    RibbonParams::for_keys(usize::try_from(n).ok()?, RIBBON_OVERHEAD, RIBBON_WIDTH, r).ok()
}

/// The quotient filter's q and keys for n keys: q the largest (1 ..= MAX_Q) with
/// ⌊0.75·2^q⌋ ≤ n, and that many keys (all n when even q = 1 holds more).
pub fn quotient_shape(n: u64) -> (u32, u64) {
    let fill = |q: u32| (QUOTIENT_LOAD * (1u64 << q) as f64).floor() as u64;
    let q = (1..=MAX_Q).rev().find(|&q| fill(q) <= n).unwrap_or(1);
    (q, fill(q).min(n).max(1))
}
