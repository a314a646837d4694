//! The split-block panel: Parquet's filter built from the typed keys (its words, a lookup), the
//! sizing table for n keys at a target rate by the spec's formula, by the blocked one and for a
//! classic filter, and the spec's claim of 11.54 bits a value at 0.5% held against both.

use crate::engine::filter::{Truth, Verdict};
use crate::engine::formulas::size_for;
use crate::engine::split_block::sizing::Formula;
use crate::engine::split_block::{hash, Probe, SplitBlock, BLOCK_BITS};

/// The rate the spec says its filters are "most space efficient" at (0.5%), quoted from it.
pub const SPEC_CLAIM_RATE: f64 = 0.005;

/// The filter of the typed keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitPanel {
    pub filter: SplitBlock,
    /// Sized by the blocked formula for the keys at the target rate (`blocks` was 0).
    pub sized: bool,
}

impl SplitPanel {
    /// The filter of `keys` with `blocks` blocks, or (0) as many as the blocked formula asks for
    /// `keys.len()` keys at `rate`; at least 1 and at most the engine's limit.
    pub fn new(keys: &[String], blocks: u64, rate: f64) -> SplitPanel {
        let sized = blocks == 0;
        let blocks = if sized {
            Formula::Blocked.blocks(keys.len() as u64, rate).unwrap_or(1)
        } else {
            usize::try_from(blocks).unwrap_or(usize::MAX)
        };
        // `new` takes 1 ..= MAX_BLOCKS blocks: clamped, it cannot refuse.
        let blocks = blocks.clamp(1, crate::engine::split_block::MAX_BLOCKS);
        let mut filter = SplitBlock::new(blocks).expect("1 ..= MAX_BLOCKS blocks");
        for k in keys {
            filter.insert(k);
        }
        SplitPanel { filter, sized }
    }

    /// The `sbbf` hook's `data-blocks`.
    pub fn blocks(&self) -> usize {
        self.filter.blocks()
    }

    /// The `sbbf` hook's `data-words`: each block's eight words in hex while there are at most
    /// 64 blocks (`SplitBlock::words_hook`).
    pub fn words_hook(&self) -> String {
        self.filter.words_hook()
    }

    /// Bits per key of the filter for `keys` keys.
    pub fn bits_per_key(&self, keys: usize) -> f64 {
        (self.filter.blocks() * BLOCK_BITS) as f64 / keys.max(1) as f64
    }

    /// Looks `key` up; `member` says whether it is one of the typed keys.
    pub fn lookup(&self, key: &str, member: bool) -> SplitLookup {
        let h = hash(key);
        SplitLookup {
            key: key.to_string(),
            hash: h,
            probe: self.filter.probe_hash(h),
            passes: self.filter.contains_hash(h),
            member,
        }
    }
}

/// A lookup in the panel's filter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitLookup {
    pub key: String,
    /// XXH64 (seed 0) of the key's UTF-8 bytes.
    pub hash: u64,
    /// Its block and the bit in each word.
    pub probe: Probe,
    pub passes: bool,
    pub member: bool,
}

impl SplitLookup {
    /// The contract's `data-verdict`: `absent` or `maybe`.
    pub fn verdict(&self) -> &'static str {
        Verdict::of(self.passes).name()
    }

    /// The contract's `data-truth`: `member` or `non-member`.
    pub fn truth(&self) -> &'static str {
        Truth::of(self.member).name()
    }

    /// It passes without being a key.
    pub fn false_positive(&self) -> bool {
        self.passes && !self.member
    }
}

/// One formula's row of the sizing table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SizingRow {
    pub formula: Formula,
    /// Bits per key the formula asks for, before rounding to whole blocks.
    pub bits_per_key: Option<f64>,
    /// Whole blocks (at least 1).
    pub blocks: Option<usize>,
    /// The rate a filter of that many blocks has by the blocked formula (what it will measure).
    pub blocked_rate: Option<f64>,
}

impl SizingRow {
    /// The filter's bits: 256 a block.
    pub fn bits(&self) -> Option<u64> {
        self.blocks.map(|b| b as u64 * BLOCK_BITS as u64)
    }
}

/// The sizing table for n keys at a target rate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sizing {
    pub n: u64,
    pub rate: f64,
    /// The Parquet spec's `c = −8 / ln(1 − ε^(1/8))`.
    pub spec: SizingRow,
    /// The Poisson average over blocks.
    pub blocked: SizingRow,
    /// A classic Bloom filter for the same rate: bits m and hashes k (`formulas::size_for`).
    pub bloom: Option<(u64, u32)>,
}

impl Sizing {
    /// The table for `n` keys at `rate`.
    pub fn new(n: u64, rate: f64) -> Sizing {
        let row = |formula: Formula| {
            let blocks = formula.blocks(n, rate);
            let bytes = |b: usize| b as u64 * crate::engine::split_block::BLOCK_BYTES as u64;
            SizingRow {
                formula,
                bits_per_key: formula.bits_per_value(rate),
                blocks,
                blocked_rate: blocks.map(|b| Formula::Blocked.fpr(n, bytes(b))),
            }
        };
        Sizing { n, rate, spec: row(Formula::Spec), blocked: row(Formula::Blocked), bloom: size_for(n, rate) }
    }

    /// The classic filter's bits per key.
    pub fn bloom_bits_per_key(&self) -> Option<f64> {
        self.bloom.map(|(m, _)| m as f64 / self.n.max(1) as f64)
    }
}

/// The spec's claim, "about 11.54 bits for every distinct value" at "about 0.5%", worked out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpecClaim {
    /// 8 / ln 2: where k = 8 is a classic filter's best number of hashes (11.54).
    pub bits_per_key: f64,
    /// The spec's formula at those bits (2^−8).
    pub spec_rate: f64,
    /// The blocked formula at those bits.
    pub blocked_rate: f64,
    /// Bits per key for 0.5% by the spec's formula.
    pub spec_bits: Option<f64>,
    /// Bits per key for 0.5% by the blocked formula.
    pub blocked_bits: Option<f64>,
}

impl SpecClaim {
    pub fn new() -> SpecClaim {
        let bits = 8.0 / std::f64::consts::LN_2;
        SpecClaim {
            bits_per_key: bits,
            spec_rate: Formula::Spec.fpr_at_bits_per_value(bits),
            blocked_rate: Formula::Blocked.fpr_at_bits_per_value(bits),
            spec_bits: Formula::Spec.bits_per_value(SPEC_CLAIM_RATE),
            blocked_bits: Formula::Blocked.bits_per_value(SPEC_CLAIM_RATE),
        }
    }
}

impl Default for SpecClaim {
    fn default() -> Self {
        SpecClaim::new()
    }
}
