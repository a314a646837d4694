//! The oracle: the split-block filter of Parquet's Rust writer (`parquet::bloom_filter::Sbbf`),
//! whose bitset is what it stores in a file. Both filters get the same values and must hold the
//! same bits, word for word.

use parquet::bloom_filter::Sbbf;

use super::*;

/// Parquet's bitset, as the little-endian bytes it writes.
fn parquet_bytes(sbbf: &Sbbf) -> Vec<u8> {
    let mut out = Vec::new();
    sbbf.write_bitset(&mut out).unwrap();
    out
}

/// Our filter and Parquet's, `blocks` blocks each, with `values` inserted.
fn both(blocks: usize, values: &[String]) -> (SplitBlock, Sbbf) {
    let mut ours = SplitBlock::new(blocks).unwrap();
    // `Sbbf::new` takes a bitset of any whole number of blocks (the writer's own sizing rounds to
    // a power of two; this reaches the multiply-shift for any count).
    let mut theirs = Sbbf::new(&vec![0u8; blocks * BLOCK_BYTES]);
    assert_eq!(theirs.num_blocks(), blocks);
    for v in values {
        ours.insert(v);
        theirs.insert(v.as_str());
    }
    (ours, theirs)
}

#[test]
fn same_bits_as_parquet() {
    for (blocks, n) in [(1, 5), (1, 40), (2, 20), (3, 50), (8, 100), (64, 700), (100, 1000), (1024, 5000)] {
        let values: Vec<String> = (0..n).map(|i| format!("value {i} é")).collect();
        let (ours, theirs) = both(blocks, &values);
        let bytes = parquet_bytes(&theirs);
        assert_eq!(ours.to_le_bytes(), bytes, "{blocks} blocks, {n} values");
        let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        assert_eq!(ours.words(), &words[..]);
        for i in 0..200 {
            let probe = format!("probe {i}");
            assert_eq!(ours.contains(&probe), theirs.check(probe.as_str()), "{probe}");
        }
    }
}

#[test]
fn parquet_sized_filter_and_read_back() {
    // The writer's own sizing (here 1,000 values at 1%: 1,024 bytes, a power of two), and its
    // bytes read back by Parquet from ours.
    let mut theirs = Sbbf::new_with_ndv_fpp(1000, 0.01).unwrap();
    let mut ours = SplitBlock::new(theirs.num_blocks()).unwrap();
    for i in 0..1000 {
        let v = format!("row-{i}");
        theirs.insert(v.as_str());
        ours.insert(&v);
    }
    assert_eq!(ours.to_le_bytes(), parquet_bytes(&theirs));
    let back = Sbbf::new(&ours.to_le_bytes());
    assert_eq!(parquet_bytes(&back), ours.to_le_bytes());
    // And Parquet's bytes read back here.
    assert_eq!(SplitBlock::from_le_bytes(&parquet_bytes(&theirs)), Some(ours));
    assert_eq!(SplitBlock::from_le_bytes(&[0; 31]), None);
    assert_eq!(SplitBlock::from_le_bytes(&[]), None);
}
