use super::*;

/// The plain way: one item at a time, one bit at a time.
fn one_by_one(m: u64, family: Family, k: u32, kind: ItemKind, seed: u64, n: u64) -> (Vec<u64>, u64) {
    let mut words = vec![0u64; m.div_ceil(64) as usize];
    let mut ones = 0;
    let mut buf = Vec::new();
    for i in 0..n {
        write_item_bytes(kind, seed, i, &mut buf);
        visit(family, &buf, k, m, |p| {
            let w = &mut words[(p / 64) as usize];
            ones += (*w >> (p % 64) & 1 == 0) as u64;
            *w |= 1 << (p % 64);
            true
        });
    }
    (words, ones)
}

#[test]
fn grouped_inserts_set_the_same_bits_for_every_family_and_k() {
    for family in [Family::Xxh3, Family::Naive, Family::Double, Family::Enhanced] {
        for k in [1, 3, 7, 32, 255, 256, 257, 300] {
            for (m, n) in [(1u64, 5u64), (97, 300), (9_585_059, 2_000)] {
                let (want, ones) = one_by_one(m, family, k, ItemKind::Urls, 4, n);
                let mut words = vec![0u64; m.div_ceil(64) as usize];
                let new = insert_generated(Bits { words: &mut words, m }, family, k, ItemKind::Urls, 4, 0..n);
                assert_eq!((&words, new), (&want, ones), "{family:?} k={k} m={m}");
            }
        }
    }
}

#[test]
fn ranges_and_items_add_up() {
    let m = 10_007;
    let (want, ones) = one_by_one(m, Family::Xxh3, 5, ItemKind::Words, 9, 3000);
    let mut words = vec![0u64; m.div_ceil(64) as usize];
    let a = insert_generated(Bits { words: &mut words, m }, Family::Xxh3, 5, ItemKind::Words, 9, 0..1234);
    let b = insert_generated(Bits { words: &mut words, m }, Family::Xxh3, 5, ItemKind::Words, 9, 1234..3000);
    assert_eq!((&words, a + b), (&want, ones));
    let texts: Vec<String> = (0..3000)
        .map(|i| {
            let mut s = String::new();
            crate::generate::write_item(ItemKind::Words, 9, i, &mut s);
            s
        })
        .collect();
    let mut again = vec![0u64; words.len()];
    assert_eq!(insert_items(Bits { words: &mut again, m }, Family::Xxh3, 5, &texts), ones);
    assert_eq!(again, words);
}

#[test]
fn probes_find_every_member_and_count_hits() {
    for family in [Family::Xxh3, Family::Double, Family::Enhanced, Family::Naive] {
        let m = 20_000;
        let (words, _) = one_by_one(m, family, 4, ItemKind::Words, 2, 2000);
        assert_eq!(probe_generated(&words, m, family, 4, ItemKind::Words, 2, 0..2000), 2000);
        let mut buf = Vec::new();
        let mut want = 0;
        for i in 2000..12_000 {
            write_item_bytes(ItemKind::Words, 2, i, &mut buf);
            let mut all = true;
            visit(family, &buf, 4, m, |p| {
                all &= words[(p / 64) as usize] >> (p % 64) & 1 == 1;
                true
            });
            want += all as u64;
        }
        assert_eq!(probe_generated(&words, m, family, 4, ItemKind::Words, 2, 2000..12_000), want, "{family:?}");
        assert!(want > 0 && want < 2000, "{family:?}: {want}");
    }
}

#[test]
fn generated_bytes_adds_up_the_lengths() {
    let mut buf = Vec::new();
    let want: u64 = (10..1000)
        .map(|i| {
            write_item_bytes(ItemKind::Urls, 0, i, &mut buf);
            buf.len() as u64
        })
        .sum();
    assert_eq!(generated_bytes(ItemKind::Urls, 0, 10..1000), want);
    assert_eq!(generated_bytes(ItemKind::Words, 0, 5..5), 0);
}
