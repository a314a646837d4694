use super::*;

#[test]
fn sizes_are_checked() {
    assert_eq!(SplitBlock::new(0), Err(SplitBlockError::NoBlocks));
    assert_eq!(SplitBlock::new(MAX_BLOCKS + 1), Err(SplitBlockError::TooManyBlocks(MAX_BLOCKS + 1)));
    let f = SplitBlock::new(3).unwrap();
    assert_eq!((f.blocks(), f.bytes(), f.words().len(), f.ones()), (3, 96, 24, 0));
    assert!(!SplitBlockError::NoBlocks.to_string().is_empty());
}

#[test]
fn block_index_is_multiply_shift_of_the_top_half() {
    assert_eq!(block_index(0, 10), 0);
    assert_eq!(block_index(u64::MAX, 10), 9);
    assert_eq!(block_index(0x8000_0000_0000_0000, 10), 5);
    assert_eq!(block_index(0x8000_0000_ffff_ffff, 1), 0);
    assert_eq!(block_index(u64::MAX, 0), 0);
    for h in [1u64 << 32, 12345 << 40, u64::MAX - 7] {
        assert!(block_index(h, MAX_BLOCKS) < MAX_BLOCKS);
    }
}

#[test]
fn word_bits_follow_the_salts() {
    assert_eq!(word_bits(0), [0; 8]);
    // x = 1: the top five bits of each salt.
    assert_eq!(word_bits(1), SALT.map(|s| (s >> 27) as u8));
    assert_eq!(word_bits(1), [8, 8, 17, 20, 14, 5, 19, 11]);
}

#[test]
fn a_value_sets_eight_bits_one_per_word_in_its_block() {
    let mut f = SplitBlock::new(5).unwrap();
    let h = hash("apple");
    let p = f.probe_hash(h);
    assert_eq!(f.probe("apple"), p);
    f.insert("apple");
    assert!(f.contains("apple") && f.contains_hash(h));
    assert_eq!(f.ones(), 8);
    for (i, w) in f.words().iter().enumerate() {
        let (block, word) = (i / 8, i % 8);
        let want = if block == p.block { 1u32 << p.bits[word] } else { 0 };
        assert_eq!(*w, want, "word {i}");
    }
    let pos = p.positions();
    for (i, q) in pos.iter().enumerate() {
        assert_eq!(*q, p.block * 256 + i * 32 + usize::from(p.bits[i]));
    }
    let bytes = f.to_le_bytes();
    assert_eq!(bytes.len(), 160);
    for q in pos {
        assert_eq!(bytes[q / 8] >> (q % 8) & 1, 1, "bit {q} in the little-endian bytes");
    }
}

#[test]
fn hash_is_xxh64_seed_0() {
    // XXH64 of the empty input with seed 0, the reference value of the xxHash project.
    assert_eq!(hash(""), 0xef46db3751d8e999);
}

#[test]
fn every_inserted_value_is_found() {
    let mut f = SplitBlock::new(7).unwrap();
    let values: Vec<String> = (0..300).map(|i| format!("v{i}")).collect();
    values.iter().for_each(|v| f.insert(v));
    assert!(values.iter().all(|v| f.contains(v)));
}

#[test]
fn words_hook_spells_out_small_filters() {
    let mut f = SplitBlock::new(2).unwrap();
    f.insert_hash(0xffff_ffff_0000_0000); // block 1, x = 0: bit 0 of every word
    let b1 = ["00000001"; 8].join(" ");
    assert_eq!(f.words_hook(), format!("{};{b1}", ["00000000"; 8].join(" ")));
    let mut big = SplitBlock::new(HOOK_MAX_BLOCKS + 1).unwrap();
    big.insert("a");
    assert_eq!(big.words_hook(), "blocks=65 ones=8");
}

/// Bits per value of `n` values in `blocks` blocks.
fn bpv(n: usize, blocks: usize) -> f64 {
    (blocks * 256) as f64 / n as f64
}

#[test]
fn measured_rate_follows_the_blocked_formula_not_the_spec() {
    // 20,000 values at 11.54 bits per value (902 blocks); 400,000 absent values queried.
    let (n, blocks, queries) = (20_000usize, 902usize, 400_000usize);
    let mut f = SplitBlock::new(blocks).unwrap();
    (0..n).for_each(|i| f.insert(&format!("in-{i}")));
    let hits = (0..queries).filter(|i| f.contains(&format!("out-{i}"))).count();
    let measured = hits as f64 / queries as f64;
    let c = bpv(n, blocks);
    let (spec, blocked) =
        (sizing::Formula::Spec.fpr_at_bits_per_value(c), sizing::Formula::Blocked.fpr_at_bits_per_value(c));
    // The count of false positives has a standard deviation of about √(queries·p) from the queries
    // and about as much again from how this one filter's blocks happen to fill: allow 5 of each.
    let sd = (blocked / queries as f64).sqrt() * 2f64.sqrt();
    assert!((measured - blocked).abs() < 5.0 * sd, "measured {measured}, blocked {blocked}, sd {sd}");
    assert!(measured - spec > 10.0 * sd, "measured {measured} is not clearly above the spec's {spec}");
}
