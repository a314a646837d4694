use super::*;

fn positions(f: HashFamily, item: &str, k: u32, m: u64) -> Vec<u64> {
    f.hash(item, k, m).unwrap().into_iter().map(|h| h.position).collect()
}

#[test]
fn ullman_table_of_the_lecture() {
    // x, h1 raw, h2 raw, positions mod 11 (reference-numbers.md)
    let table = [(25, 5, 2, [5, 2]), (159, 7, 11, [7, 0]), (585, 9, 18, [9, 7]), (118, 14, 5, [3, 5])];
    for (x, r1, r2, pos) in table {
        let h = HashFamily::Ullman.hash(&x.to_string(), 2, 11).unwrap();
        assert_eq!((h[0].raw, h[1].raw), (r1, r2), "raw values of {x}");
        assert_eq!([h[0].position, h[1].position], pos, "positions of {x}");
    }
}

#[test]
fn ullman_rejects_non_integers_and_limits_k() {
    for bad in ["", "abc", "-5", "1.5", "18446744073709551616", "１２"] {
        assert!(HashFamily::Ullman.hash(bad, 2, 11).is_err(), "{bad:?}");
    }
    assert_eq!(positions(HashFamily::Ullman, " 25 ", 2, 11), vec![5, 2]);
    assert_eq!(positions(HashFamily::Ullman, "25", 7, 11), vec![5, 2]);
    assert_eq!(positions(HashFamily::Ullman, "25", 1, 11), vec![5]);
    let (o, e) = ullman_split(u64::MAX);
    assert_eq!((o, e), (u32::MAX as u64, u32::MAX as u64));
}

/// xxh3 values checked against an independent implementation (Python's `xxhash` package,
/// `xxh3_64_intdigest(b, seed=i)`).
#[test]
fn xxh3_matches_independent_values() {
    assert_eq!(xxh3_64_with_seed(b"", 0), 0x2D06800538D394C2);
    assert_eq!(xxh3_64_with_seed(b"a", 0), 0xE6C632B61E964E1F);
    assert_eq!(xxh3_64_with_seed(b"abc", 0), 0x78AF5F94892F3950);
    assert_eq!(xxh3_64_with_seed(b"apple", 3), 0x2FC4E44705F079BF);
    assert_eq!(positions(HashFamily::Naive, "apple", 4, u64::MAX)[3], 0x2FC4E44705F079BF);
    // The flaw that revised the contract: neighbouring small seeds collide on short items.
    assert_eq!(xxh3_64_with_seed(b"aaa", 1), xxh3_64_with_seed(b"aaf", 0));
    assert_eq!(xxh3_64_with_seed(b"cat", 1), xxh3_64_with_seed(b"cas", 0));
}

/// Positions at m = 1,000, k = 4, for 1-, 3-, 8-, 40- and 11-byte (non-ASCII) items, computed
/// independently with Python's `xxhash` package from the contract's definitions.
#[test]
fn every_family_matches_independent_positions() {
    type Row = (&'static str, [u64; 4], [u64; 4], [u64; 4], [u64; 4]);
    let table: [Row; 5] = [
        ("a", [719, 409, 187, 966], [719, 512, 921, 714], [719, 512, 922, 718], [719, 872, 327, 444]),
        ("cat", [238, 693, 259, 419], [238, 931, 8, 85], [238, 931, 9, 89], [238, 789, 228, 583]),
        ("abcdefgh", [107, 993, 657, 300], [107, 100, 93, 86], [107, 100, 94, 90], [107, 692, 498, 359]),
        (
            "0123456789abcdefghijklmnopqrstuvwxyzABCD",
            [723, 13, 30, 137],
            [723, 120, 133, 146],
            [723, 120, 134, 150],
            [723, 567, 267, 427],
        ),
        ("émoji 🙂", [566, 795, 675, 562], [566, 361, 156, 335], [566, 361, 157, 339], [566, 535, 690, 551]),
    ];
    for (item, xxh3, double, enhanced, naive) in table {
        assert_eq!(positions(HashFamily::Xxh3, item, 4, 1000), xxh3, "xxh3 {item}");
        assert_eq!(positions(HashFamily::Double, item, 4, 1000), double, "double {item}");
        assert_eq!(positions(HashFamily::Enhanced, item, 4, 1000), enhanced, "enhanced {item}");
        assert_eq!(positions(HashFamily::Naive, item, 4, 1000), naive, "naive {item}");
    }
    assert_eq!(seed(1), 0x9E3779B97F4A7C15);
    assert_eq!(seed(2), 0x3C6EF372FE94F82A);
}

#[test]
fn families_agree_between_slow_and_fast_paths() {
    for f in HashFamily::ALL {
        for item in ["25", "apple", "", "https://example.com/a/b", "🙂 émoji"] {
            for m in [1u64, 11, 1000, 1 << 20] {
                let slow: Option<Vec<u64>> =
                    f.hash(item, 5, m).ok().map(|v| v.into_iter().map(|h| h.position).collect());
                let mut fast = vec![];
                let ok = f.for_each_position(item.as_bytes(), 5, m, |p| fast.push(p));
                assert_eq!(slow.is_some(), ok);
                if let Some(slow) = slow {
                    assert_eq!(slow, fast, "{f:?} {item} {m}");
                    assert!(fast.iter().all(|&p| p < m));
                }
            }
        }
    }
}

#[test]
fn double_hashing_follows_the_contract() {
    let item = "apple";
    let h1 = xxh3_64_with_seed(item.as_bytes(), 0);
    let h2 = xxh3_64_with_seed(item.as_bytes(), SEED_STEP);
    let want: Vec<u64> = (0..4u64).map(|i| h1.wrapping_add(i.wrapping_mul(h2)) % 1000).collect();
    assert_eq!(positions(HashFamily::Double, item, 4, 1000), want);
    let seeded: Vec<u64> =
        (0..4u64).map(|i| xxh3_64_with_seed(item.as_bytes(), i.wrapping_mul(SEED_STEP)) % 1000).collect();
    assert_eq!(positions(HashFamily::Xxh3, item, 4, 1000), seeded);
}

#[test]
fn linear_hash_and_tail_lengths() {
    // h(x) = (3x + 1) mod 32 on the stream 4, 2, 5: 13, 7, 16 -> tails 0, 0, 4.
    let h: Vec<u64> = [4u64, 2, 5].iter().map(|&x| linear(x, 3, 1, 5)).collect();
    assert_eq!(h, [13, 7, 16]);
    assert_eq!(h.iter().map(|&v| tail_length(v, 5)).collect::<Vec<_>>(), [0, 0, 4]);
    assert_eq!(tail_length(0, 5), 5);
    assert_eq!(tail_length(0, 64), 64);
    assert_eq!(linear(u64::MAX, 2, 3, 64), 1, "wraps mod 2^64");
    assert_eq!(linear(7, 1, 0, 0), 1, "w clamped to 1");
}

#[test]
fn hashes_are_named_as_the_lecture_names_them() {
    assert_eq!(HashFamily::Ullman.label(0), "h1");
    assert_eq!(HashFamily::Ullman.label(1), "h2");
    assert_eq!(HashFamily::Xxh3.label(0), "h0");
    assert_eq!(HashFamily::Double.label(6), "h6");
}

#[test]
fn names_round_trip() {
    for f in HashFamily::ALL {
        assert_eq!(HashFamily::parse(f.name()), Some(f));
    }
    assert_eq!(HashFamily::parse("md5"), None);
}
