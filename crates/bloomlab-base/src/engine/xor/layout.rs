//! The sizes of a filter for n keys, as the reference computes them, and the slots a hash picks.

/// Which filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The xor filter: three blocks of equal length, one slot in each.
    Xor,
    /// The binary fuse filter of arity 3: three slots in consecutive segments.
    Fuse3,
    /// The binary fuse filter of arity 4.
    Fuse4,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Xor, Kind::Fuse3, Kind::Fuse4];

    /// Their names in a link (`kind=`), in `ALL`'s order.
    pub const NAMES: [&'static str; 3] = ["xor", "fuse3", "fuse4"];

    /// Its name in a link (`kind=`).
    pub const fn name(self) -> &'static str {
        Kind::NAMES[self as usize]
    }

    /// The kind named `name`.
    pub fn named(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// How many slots a key has.
    pub const fn arity(self) -> usize {
        match self {
            Kind::Xor | Kind::Fuse3 => 3,
            Kind::Fuse4 => 4,
        }
    }

    /// The load above which peeling fails for large n (slots per key below its inverse): about
    /// 0.818 for three independent slots (Molloy 2005; the threshold c₃* ≈ 1.222), about 0.918
    /// for three fused slots and about 0.977 for four (Dietzfelbinger & Walzer 2019).
    pub const fn threshold_load(self) -> f64 {
        match self {
            Kind::Xor => 0.818_469,
            Kind::Fuse3 => 0.917_935,
            Kind::Fuse4 => 0.976_770,
        }
    }
}

/// How the binary fuse filter picks its segment length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SegmentRule {
    /// The reference at c482686: the length from the formula alone.
    Formula,
    /// The later rule (as issue 52 describes the reference's fix for its issue #77): the length
    /// halved while fewer than 34 segments would result.
    Halving,
}

/// The most keys a layout is made for (the reference's sizes are 32-bit).
pub const LAYOUT_MAX_KEYS: usize = 50_000_000;

/// The sizes of one filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub kind: Kind,
    /// The number of keys it was sized for.
    pub n: u32,
    /// The number of slots.
    pub array_length: u32,
    /// Slots per segment (per block for the xor filter).
    pub segment_length: u32,
    /// Segments a key's first slot may fall in (3 blocks for the xor filter).
    pub segment_count: u32,
}

impl Layout {
    /// The reference's sizes for `n` keys.
    pub fn new(kind: Kind, n: u32, rule: SegmentRule) -> Layout {
        match kind {
            Kind::Xor => {
                let capacity = (32.0 + 1.23 * n as f64) as u32 / 3 * 3;
                let block = capacity / 3;
                Layout { kind, n, array_length: capacity, segment_length: block, segment_count: 3 }
            }
            Kind::Fuse3 | Kind::Fuse4 => fuse(kind, n, rule),
        }
    }

    /// Sizes with about `ratio · n` slots (the sweep's): the xor filter's blocks, or the fuse
    /// filter's segment count, made to fit; the segment length as the reference picks it.
    pub fn with_ratio(kind: Kind, n: u32, ratio: f64, rule: SegmentRule) -> Layout {
        let want = (ratio.max(0.0) * n as f64).round().min(u32::MAX as f64 / 2.0) as u32;
        match kind {
            Kind::Xor => {
                let block = want.div_ceil(3).max(1);
                Layout { kind, n, array_length: block * 3, segment_length: block, segment_count: 3 }
            }
            Kind::Fuse3 | Kind::Fuse4 => {
                let base = fuse(kind, n, rule);
                let extra = kind.arity() as u32 - 1;
                let count = want.div_ceil(base.segment_length).saturating_sub(extra).max(1);
                Layout { segment_count: count, array_length: (count + extra) * base.segment_length, ..base }
            }
        }
    }

    /// Bits a key takes with `fp`-bit fingerprints.
    pub fn bits_per_key(&self, fp: u32) -> f64 {
        if self.n == 0 {
            return 0.0;
        }
        self.array_length as f64 * fp as f64 / self.n as f64
    }

    /// The slots of a key with this hash: the first `kind.arity()` entries.
    pub fn slots(&self, hash: u64) -> [u32; 4] {
        match self.kind {
            Kind::Xor => {
                let block = self.segment_length;
                let reduce = |r: u64| ((r as u32 as u64 * block as u64) >> 32) as u32;
                [reduce(hash), reduce(hash.rotate_left(21)) + block, reduce(hash.rotate_left(42)) + 2 * block, 0]
            }
            Kind::Fuse3 => {
                let (h0, len, mask) = self.fuse_start(hash);
                let h1 = (h0 + len) ^ ((hash >> 18) as u32 & mask);
                let h2 = (h0 + 2 * len) ^ (hash as u32 & mask);
                [h0, h1, h2, 0]
            }
            Kind::Fuse4 => {
                let (h0, len, mask) = self.fuse_start(hash);
                let at = |i: u32| (h0 + i * len) ^ ((hash >> ((i - 1) * 16)) as u32 & mask);
                [h0, at(1), at(2), at(3)]
            }
        }
    }

    fn fuse_start(&self, hash: u64) -> (u32, u32, u32) {
        let span = self.segment_count as u64 * self.segment_length as u64;
        let h0 = ((hash as u128 * span as u128) >> 64) as u32;
        (h0, self.segment_length, self.segment_length.wrapping_sub(1))
    }
}

/// The segment length the reference's formula gives, capped at 2^18.
fn segment_length(kind: Kind, n: u32) -> u32 {
    if n == 0 {
        return 4;
    }
    let ln = (n as f64).ln();
    let exponent = match kind {
        Kind::Fuse4 => ln / 2.91f64.ln() - 0.5,
        _ => ln / 3.33f64.ln() + 2.25,
    };
    1u32 << (exponent.floor().clamp(0.0, 18.0) as u32)
}

fn size_factor(kind: Kind, n: u32) -> f64 {
    let ln = (n as f64).ln();
    match kind {
        Kind::Fuse4 => f64::max(1.075, 0.77 + 0.305 * 600_000f64.ln() / ln),
        _ => f64::max(1.125, 0.875 + 0.25 * 1_000_000f64.ln() / ln),
    }
}

/// The binary fuse filter's sizes: the capacity rounded, the segment count rounded down as the
/// reference's allocation does (at least one), the array `count + arity − 1` segments long.
fn fuse(kind: Kind, n: u32, rule: SegmentRule) -> Layout {
    let extra = kind.arity() as u32 - 1;
    let capacity = if n <= 1 { 0 } else { (n as f64 * size_factor(kind, n)).round() as u32 };
    let count_for = |length: u32| capacity.div_ceil(length).saturating_sub(extra).max(1);
    let mut length = segment_length(kind, n);
    if rule == SegmentRule::Halving {
        while length > 1 && count_for(length) < 34 {
            length /= 2;
        }
    }
    let count = count_for(length);
    Layout { kind, n, array_length: (count + extra) * length, segment_length: length, segment_count: count }
}
