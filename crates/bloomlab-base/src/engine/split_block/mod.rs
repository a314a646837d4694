//! The split-block Bloom filter (SBBF) of the Apache Parquet format (`BloomFilter.md` in
//! parquet-format), the one Impala, Arrow, DuckDB and Parquet's writers store next to a column.
//!
//! The filter is an array of blocks of 256 bits, each kept as eight 32-bit words. A value is hashed
//! once, to 64 bits `h` (Parquet hashes a string column's UTF-8 bytes with XXH64, seed 0):
//! - the top 32 bits pick the block: `((h >> 32) * blocks) >> 32`, a multiply-shift that maps
//!   `0..2^32` onto `0..blocks` without a division;
//! - the low 32 bits `x` pick one bit in each of the block's eight words: bit `(x * SALT[i]) >> 27`
//!   (wrapping 32-bit multiply, the top five bits of the product) of word `i`.
//!
//! So every value sets exactly eight bits, one per word, all in one block. Bit `b` of a word is
//! `1 << b` (bit 0 the least significant), and Parquet stores each word little-endian, block after
//! block: `to_le_bytes` gives the bytes a Parquet file holds.
//!
//! `sizing` has the spec's formula for the filter's size and the one that fits a blocked filter.

pub mod sizing;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_parquet;
#[cfg(test)]
mod tests_sizing;

/// The eight salts of the spec, one per word: word `i`'s bit is the top five bits of `x * SALT[i]`.
pub const SALT: [u32; 8] =
    [0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b, 0x9efc4947, 0x5c6bfb31];
/// Words in a block.
pub const WORDS_PER_BLOCK: usize = 8;
/// Bits in a block (eight words of 32 bits).
pub const BLOCK_BITS: usize = 256;
/// Bytes in a block.
pub const BLOCK_BYTES: usize = 32;
/// The most blocks a filter may have: 2^22 blocks, 128 MiB, the largest bitset Parquet's Rust
/// writer makes.
pub const MAX_BLOCKS: usize = 1 << 22;
/// `words_hook` spells out the words of filters up to this many blocks.
pub const HOOK_MAX_BLOCKS: usize = 64;

/// Why a filter cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SplitBlockError {
    /// A filter needs at least one block.
    NoBlocks,
    /// More blocks than `MAX_BLOCKS`.
    TooManyBlocks(usize),
}

impl std::fmt::Display for SplitBlockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SplitBlockError::NoBlocks => write!(f, "a split-block filter needs at least 1 block"),
            SplitBlockError::TooManyBlocks(b) => {
                write!(f, "{b} blocks is more than the {MAX_BLOCKS} a split-block filter may have here")
            }
        }
    }
}

/// Parquet's hash of a string value: XXH64 with seed 0 of its UTF-8 bytes.
pub fn hash(value: &str) -> u64 {
    xxhash_rust::xxh64::xxh64(value.as_bytes(), 0)
}

/// The block a hash picks among `blocks`: the top 32 bits times `blocks`, shifted down 32.
/// Always below `blocks` when `blocks` is at most 2^32 (and 0 for no blocks).
pub fn block_index(h: u64, blocks: usize) -> usize {
    let top = h >> 32;
    // `top` < 2^32 and `blocks` ≤ MAX_BLOCKS in a filter, so the product fits; saturate otherwise.
    (top.saturating_mul(blocks as u64) >> 32) as usize
}

/// The bit number (0..32) that the low 32 bits `x` of a hash pick in each of the eight words.
pub fn word_bits(x: u32) -> [u8; 8] {
    SALT.map(|salt| (x.wrapping_mul(salt) >> 27) as u8)
}

/// Where a value lands: its block and the bit number in each of the block's eight words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Probe {
    /// The block, `0..blocks`.
    pub block: usize,
    /// The bit number (0..32) in word `i` of the block, for i in 0..8.
    pub bits: [u8; 8],
}

impl Probe {
    /// The eight bits as positions in the whole filter: `block * 256 + word * 32 + bit`.
    pub fn positions(&self) -> [usize; 8] {
        let mut out = [0; 8];
        for (i, (o, b)) in out.iter_mut().zip(self.bits).enumerate() {
            *o = self.block * BLOCK_BITS + i * 32 + usize::from(b);
        }
        out
    }
}

/// A split-block Bloom filter: `blocks` blocks of eight 32-bit words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitBlock {
    words: Vec<u32>,
}

impl SplitBlock {
    /// An empty filter of `blocks` blocks (1 ..= `MAX_BLOCKS`).
    pub fn new(blocks: usize) -> Result<SplitBlock, SplitBlockError> {
        match blocks {
            0 => Err(SplitBlockError::NoBlocks),
            b if b > MAX_BLOCKS => Err(SplitBlockError::TooManyBlocks(b)),
            b => Ok(SplitBlock { words: vec![0; b * WORDS_PER_BLOCK] }),
        }
    }

    /// A filter from a bitset as Parquet stores it (little-endian words): a whole number of
    /// 32-byte blocks, 1 ..= `MAX_BLOCKS` of them; None otherwise.
    pub fn from_le_bytes(bytes: &[u8]) -> Option<SplitBlock> {
        let blocks = bytes.len() / BLOCK_BYTES;
        if !bytes.len().is_multiple_of(BLOCK_BYTES) || blocks == 0 || blocks > MAX_BLOCKS {
            return None;
        }
        let words = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        Some(SplitBlock { words })
    }

    /// The number of blocks.
    pub fn blocks(&self) -> usize {
        self.words.len() / WORDS_PER_BLOCK
    }

    /// The size of the bitset in bytes (32 per block).
    pub fn bytes(&self) -> usize {
        self.blocks() * BLOCK_BYTES
    }

    /// The filter's words, `8 * blocks` of them: block 0's eight words, then block 1's, and so on.
    pub fn words(&self) -> &[u32] {
        &self.words
    }

    /// The bitset as Parquet stores it: every word little-endian, in order.
    pub fn to_le_bytes(&self) -> Vec<u8> {
        self.words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    /// The number of bits set.
    pub fn ones(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// Where a hash lands in this filter.
    pub fn probe_hash(&self, h: u64) -> Probe {
        Probe { block: block_index(h, self.blocks()), bits: word_bits(h as u32) }
    }

    /// Where a string value lands in this filter (hashed as Parquet hashes it).
    pub fn probe(&self, value: &str) -> Probe {
        self.probe_hash(hash(value))
    }

    /// Sets a hash's eight bits.
    pub fn insert_hash(&mut self, h: u64) {
        let p = self.probe_hash(h);
        let start = p.block * WORDS_PER_BLOCK;
        if let Some(block) = self.words.get_mut(start..start + WORDS_PER_BLOCK) {
            for (w, b) in block.iter_mut().zip(p.bits) {
                *w |= 1u32 << b;
            }
        }
    }

    /// Inserts a string value.
    pub fn insert(&mut self, value: &str) {
        self.insert_hash(hash(value));
    }

    /// Whether all eight bits of a hash are set (a value inserted always is; an absent one may be:
    /// a false positive).
    pub fn contains_hash(&self, h: u64) -> bool {
        let p = self.probe_hash(h);
        let start = p.block * WORDS_PER_BLOCK;
        match self.words.get(start..start + WORDS_PER_BLOCK) {
            Some(block) => block.iter().zip(p.bits).all(|(w, b)| w & (1u32 << b) != 0),
            None => false,
        }
    }

    /// Whether a string value may be in the filter.
    pub fn contains(&self, value: &str) -> bool {
        self.contains_hash(hash(value))
    }

    /// The words for a test hook. Up to `HOOK_MAX_BLOCKS` blocks: each block as its eight words in
    /// eight lowercase hex digits (word 0 first, each word's most significant digit first), joined
    /// by spaces; blocks joined by `;`. One empty block and then one holding bit 0 of word 0 and
    /// bit 31 of word 7: `00000000 00000000 … 00000000;00000001 00000000 … 80000000`. A larger
    /// filter gives its size and bits set instead: `blocks=1024 ones=5873`.
    pub fn words_hook(&self) -> String {
        if self.blocks() > HOOK_MAX_BLOCKS {
            return format!("blocks={} ones={}", self.blocks(), self.ones());
        }
        let block = |ws: &[u32]| ws.iter().map(|w| format!("{w:08x}")).collect::<Vec<_>>().join(" ");
        self.words.chunks(WORDS_PER_BLOCK).map(block).collect::<Vec<_>>().join(";")
    }
}
