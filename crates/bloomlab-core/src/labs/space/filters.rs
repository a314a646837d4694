//! The filters the view compares: their names, the formula each one's false-positive rate
//! follows, the information-theoretic bound and the overhead over it, and what each gives up.

use crate::engine::formulas::{approx, optimal_k};
use crate::engine::quotient::expected_fpr;
use crate::engine::split_block::sizing::Formula;

/// One of the filters compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Filter {
    Bloom,
    SplitBlock,
    Cuckoo,
    Xor,
    Fuse3,
    Fuse4,
    Ribbon,
    Quotient,
}

impl Filter {
    /// Every filter, in the order the page lists them.
    pub const ALL: [Filter; 8] = [
        Filter::Bloom,
        Filter::SplitBlock,
        Filter::Cuckoo,
        Filter::Xor,
        Filter::Fuse3,
        Filter::Fuse4,
        Filter::Ribbon,
        Filter::Quotient,
    ];

    /// Its name in the `space-point` hook's `data-filter`.
    pub const fn name(self) -> &'static str {
        match self {
            Filter::Bloom => "bloom",
            Filter::SplitBlock => "split-block",
            Filter::Cuckoo => "cuckoo",
            Filter::Xor => "xor",
            Filter::Fuse3 => "fuse3",
            Filter::Fuse4 => "fuse4",
            Filter::Ribbon => "ribbon",
            Filter::Quotient => "quotient",
        }
    }

    /// Its name for people.
    pub const fn title(self) -> &'static str {
        match self {
            Filter::Bloom => "Bloom",
            Filter::SplitBlock => "split-block Bloom",
            Filter::Cuckoo => "cuckoo",
            Filter::Xor => "xor",
            Filter::Fuse3 => "binary fuse (3-wise)",
            Filter::Fuse4 => "binary fuse (4-wise)",
            Filter::Ribbon => "standard ribbon",
            Filter::Quotient => "quotient",
        }
    }

    /// Its place in `ALL` (the chart's colour).
    pub fn index(self) -> usize {
        Filter::ALL.iter().position(|f| *f == self).unwrap_or(0)
    }
}

/// The least bits per key any filter with false-positive rate ε can have: log₂(1/ε) (Carter et
/// al. 1978: a structure that answers "no" for all but a share ε of the universe must tell apart
/// about 1/ε^n sets). Infinite at ε = 0, 0 at ε ≥ 1.
pub fn bound(eps: f64) -> f64 {
    if eps.is_nan() || eps >= 1.0 {
        return 0.0;
    }
    -eps.log2()
}

/// How many percent more than the bound a filter spends: bits per key ÷ log₂(1/ε) − 1, times
/// 100 (`None` unless 0 < ε < 1 and the bits per key are finite).
pub fn overhead_pct(bits_per_key: f64, eps: f64) -> Option<f64> {
    if !(eps > 0.0 && eps < 1.0 && bits_per_key.is_finite()) {
        return None;
    }
    Some((bits_per_key / bound(eps) - 1.0) * 100.0)
}

/// The classic filter's rate (`approx`) with m bits, n keys and the best whole k (at most 64).
pub fn bloom_fpr(m: u64, n: u64) -> (f64, u32) {
    let k = optimal_k(m, n, 64);
    (approx(m, n, k), k)
}

/// The split-block filter's rate at `bits_per_key`, by the blocked formula (the one a built
/// filter follows) or the spec's.
pub fn split_block_fpr(formula: Formula, bits_per_key: f64) -> f64 {
    formula.fpr_at_bits_per_value(bits_per_key)
}

/// The cuckoo filter's rate with f-bit fingerprints at load α (stored / slots): a probe's
/// fingerprint meets those stored in its two buckets of 4 slots, 8α of them on average, each
/// equal with chance 2^−f: 1 − (1 − 2^−f)^(8α), as the toolbox's cuckoo filter computes it.
pub fn cuckoo_fpr(f: u32, load: f64) -> f64 {
    let one = (-(f.min(1023) as f64)).exp2();
    1.0 - (1.0 - one).powf(2.0 * crate::labs::toolbox::variants::SLOTS as f64 * load.clamp(0.0, 1.0))
}

/// The rate of a filter that compares a b-bit fingerprint (xor, binary fuse) or a b-bit result
/// (ribbon): an absent key's value is uniform and independent of what it is compared with, so
/// it matches with chance 2^−b.
pub fn fingerprint_fpr(bits: u32) -> f64 {
    (-(bits.min(1023) as f64)).exp2()
}

/// The quotient filter's rate with r-bit remainders at load α (`quotient::expected_fpr`).
pub fn quotient_fpr(load: f64, r: u32) -> f64 {
    expected_fpr(load, r)
}

/// What a filter gives up for its space, as its core in this project has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GivesUp {
    pub filter: Filter,
    /// Built once from the whole set: no key can be added afterwards.
    pub static_set: bool,
    /// A key can be removed.
    pub deletes: bool,
    /// Building (or an insert) can fail, and must be retried with another seed or a larger table.
    pub may_fail: bool,
    /// Cache lines a lookup may touch, in words.
    pub cache_misses: &'static str,
    /// One sentence on the catch.
    pub note: &'static str,
}

/// The table "what each gives up", one row per filter in `Filter::ALL`'s order.
pub const GIVES_UP: [GivesUp; 8] = [
    GivesUp {
        filter: Filter::Bloom,
        static_set: false,
        deletes: false,
        may_fail: false,
        cache_misses: "up to k (a lookup stops at the first 0 bit)",
        note: "no deletion; past the n it was sized for, the rate climbs",
    },
    GivesUp {
        filter: Filter::SplitBlock,
        static_set: false,
        deletes: false,
        may_fail: false,
        cache_misses: "1 (one 32-byte block)",
        note: "crowded blocks cost a higher rate than a classic filter of the same bits",
    },
    GivesUp {
        filter: Filter::Cuckoo,
        static_set: false,
        deletes: true,
        may_fail: true,
        cache_misses: "2 (two buckets of four fingerprints)",
        note: "an insert fails once the kicks run out, near 95% load; deleting a key never added removes another's fingerprint",
    },
    GivesUp {
        filter: Filter::Xor,
        static_set: true,
        deletes: false,
        may_fail: true,
        cache_misses: "3 (one slot in each of three blocks)",
        note: "built once from the whole set; peeling can fail and is retried with a new seed",
    },
    GivesUp {
        filter: Filter::Fuse3,
        static_set: true,
        deletes: false,
        may_fail: true,
        cache_misses: "3 (three nearby segments; fewer when segments are short)",
        note: "built once from the whole set; peeling fails more often for small n",
    },
    GivesUp {
        filter: Filter::Fuse4,
        static_set: true,
        deletes: false,
        may_fail: true,
        cache_misses: "4 (four nearby segments)",
        note: "built once from the whole set; the least space of the peeled filters, one more memory access",
    },
    GivesUp {
        filter: Filter::Ribbon,
        static_set: true,
        deletes: false,
        may_fail: true,
        cache_misses: "w consecutive rows: here a row is a 64-bit word, so w/8 lines (8 at w = 64)",
        note: "built once from the whole set; elimination fails for some seeds, more often the less room it has",
    },
    GivesUp {
        filter: Filter::Quotient,
        static_set: false,
        deletes: true,
        may_fail: false,
        cache_misses: "1 or 2 (a run's slots lie side by side; more in a long cluster)",
        note: "2^q slots of r + 3 bits: space doubles at each power of two, and lookups slow as the load nears 1; an insert fails only when every slot is used",
    },
];

/// The row of `filter`.
pub fn gives_up(filter: Filter) -> &'static GivesUp {
    &GIVES_UP[filter.index()]
}
