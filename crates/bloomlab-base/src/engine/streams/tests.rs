//! Worked examples of the stream summaries, checked by hand; the property tests against direct
//! implementations are in `tests/streams_properties.rs`.

use super::count_min::{CountMin, Update};
use super::count_sketch::CountSketch;
use super::dgim::{self, Bucket, Dgim};
use super::misra_gries::{MgEvent, MisraGries};
use super::rows::{self, Place};
use super::sizing::{self, Sizing};
use super::space_saving::{SpaceSaving, SsEvent};

const G: u64 = 0x9E37_79B9_7F4A_7C15;

#[test]
fn row_seeds_follow_the_contract() {
    assert_eq!(rows::column_seed(0), 0);
    assert_eq!(rows::column_seed(1), G);
    assert_eq!(rows::column_seed(3), G.wrapping_mul(3));
    assert_eq!(rows::sign_seed(0), 1);
    assert_eq!(rows::sign_seed(2), G.wrapping_mul(2).wrapping_add(1));
    for (item, row, w) in [("cat", 0u32, 7u64), ("dog", 2, 1000), ("", 5, 3)] {
        let want = xxhash_rust::xxh3::xxh3_64_with_seed(item.as_bytes(), G.wrapping_mul(row as u64)) % w;
        assert_eq!(rows::column(item.as_bytes(), row, w), want);
    }
    // s_j + 1 = s_i would need i − j ≡ G⁻¹ (mod 2^64); G⁻¹ is no row difference a u32 can make.
    let mut inv: u64 = 1;
    for _ in 0..6 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(G.wrapping_mul(inv)));
    }
    assert_eq!(G.wrapping_mul(inv), 1);
    assert!(inv > u32::MAX as u64 && inv.wrapping_neg() > u32::MAX as u64);
}

#[test]
fn signs_are_balanced_and_apart_from_columns() {
    let items: Vec<String> = (0..4000).map(|i| format!("w{i}")).collect();
    for row in 0..4 {
        let plus = items.iter().filter(|x| rows::sign(x.as_bytes(), row) == 1).count();
        assert!((1800..2200).contains(&plus), "row {row}: {plus} of 4000 signs are +1");
        // The sign's parity is not the column hash's parity.
        let same = items
            .iter()
            .filter(|x| (rows::sign(x.as_bytes(), row) == 1) == rows::row_hash(x.as_bytes(), row).is_multiple_of(2))
            .count();
        assert!((1800..2200).contains(&same), "row {row}: sign agrees with the column's parity {same} times");
    }
}

#[test]
fn count_min_by_hand() {
    let items = ["a", "b", "a", "c", "a", "b"];
    let mut cm = CountMin::new(4, 3, Update::Standard);
    let mut cu = CountMin::new(4, 3, Update::Conservative);
    for x in items {
        let rec = cm.insert(x.as_bytes());
        assert_eq!(rec.len(), 3);
        assert!(rec.iter().all(|c| c.after == c.before + 1));
        cu.insert(x.as_bytes());
    }
    assert_eq!(cm.total(), 6);
    for row in 0..3 {
        assert_eq!(cm.row(row).iter().sum::<u64>(), 6, "each row counts every arrival once");
        assert!(cu.row(row).iter().sum::<u64>() <= 6);
    }
    for (x, truth) in [("a", 3), ("b", 2), ("c", 1), ("z", 0)] {
        let (s, c) = (cm.estimate(x.as_bytes()), cu.estimate(x.as_bytes()));
        assert!(truth <= c && c <= s, "{x}: {truth} ≤ {c} ≤ {s}");
    }
    assert!(cm.row(3).is_empty());
    assert_eq!(cm.get(9, 0), 0);
}

#[test]
fn conservative_update_raises_only_to_the_estimate_plus_one() {
    let mut cu = CountMin::new(8, 2, Update::Conservative);
    let place = [3u64, 5];
    let other = [3u64, 6];
    for _ in 0..4 {
        cu.add_at(&other);
    }
    // The item's counters are 4 (shared) and 0: its estimate is 0, so only the 0 goes up, to 1.
    let rec = cu.insert_at(&place);
    assert_eq!((rec[0].before, rec[0].after), (4, 4));
    assert_eq!((rec[1].before, rec[1].after), (0, 1));
    assert_eq!(cu.estimate_at(&place), 1);
}

#[test]
fn count_sketch_medians() {
    let mut cs = CountSketch::new(4, 4);
    let columns = [0u64, 1, 2, 3];
    // Readings after these inserts: row values × signs.
    cs.add_at(&columns, &[1, 1, 1, 1]);
    cs.add_at(&columns, &[1, 1, -1, 1]);
    // Row counters: 2, 2, 0, 2; with signs +1 +1 −1 +1 the readings are 2, 2, 0, 2: median 2.
    assert_eq!(cs.readings_at(&columns, &[1, 1, -1, 1]), vec![2, 2, 0, 2]);
    assert_eq!(cs.estimate_at(&columns, &[1, 1, -1, 1]), 2.0);
    // Readings −2, 2, 0, 2 sorted −2, 0, 2, 2: the mean of the middle two is 1.
    assert_eq!(cs.estimate_at(&columns, &[-1, 1, 1, 1]), 1.0);
    let mut one = CountSketch::new(5, 3);
    for _ in 0..3 {
        one.insert(b"x");
    }
    assert_eq!(one.estimate(b"x"), 3.0, "alone in the sketch, an item is counted exactly");
    let p = Place::of(b"x", 5, 3);
    assert_eq!(p.columns, one.columns(b"x"));
    assert_eq!(p.signs, one.signs(b"x"));
}

#[test]
fn sizing_both_ways() {
    assert_eq!(sizing::width(0.01), Some(272));
    assert_eq!(sizing::depth(0.01), Some(5));
    assert_eq!(sizing::width(3.0), Some(1));
    assert_eq!(sizing::depth(1.0), Some(1));
    assert_eq!(sizing::width(0.0), None);
    assert_eq!(sizing::width(f64::NAN), None);
    assert_eq!(sizing::depth(0.0), None);
    assert_eq!(sizing::depth(1.5), None);
    assert_eq!(sizing::width(1e-300), Some(u64::MAX));
    for w in (1..=20_000).chain([65_536, 1 << 20, 1 << 40]) {
        assert_eq!(sizing::width(sizing::epsilon(w)), Some(w), "w = {w}");
    }
    for d in 1..=60 {
        assert_eq!(sizing::depth(sizing::delta(d)), Some(d), "d = {d}");
    }
    let s = Sizing::for_guarantee(0.01, 0.01).expect("a guarantee");
    assert_eq!((s.w, s.d, s.counters()), (272, 5, 1360));
    assert!((s.bound(10_000) - std::f64::consts::E * 10_000.0 / 272.0).abs() < 1e-9);
    assert_eq!(Sizing::of_shape(0, 0), Sizing::of_shape(1, 1));
}

#[test]
fn misra_gries_by_hand() {
    let mut mg = MisraGries::new(2);
    let events: Vec<MgEvent> = [1u32, 2, 1, 3, 1, 4, 2].iter().map(|&x| mg.push(x)).collect();
    assert_eq!(
        events,
        vec![
            MgEvent::Added,
            MgEvent::Added,
            MgEvent::Counted,
            MgEvent::Decremented { freed: vec![2] },
            MgEvent::Counted,
            MgEvent::Added,
            MgEvent::Decremented { freed: vec![4] },
        ]
    );
    assert_eq!(mg.counters(), &[(1, 1)]);
    assert_eq!((mg.n(), mg.decrements()), (7, 2));
    mg.push(5);
    mg.push(1);
    assert_eq!(mg.counters(), &[(1, 2), (5, 1)]);
    assert_eq!((mg.count(1), mg.count(2)), (2, 0));
}

#[test]
fn space_saving_by_hand() {
    let mut ss = SpaceSaving::new(2);
    let events: Vec<SsEvent> = [1u32, 2, 2, 3, 1].iter().map(|&x| ss.push(x)).collect();
    assert_eq!(events[3], SsEvent::Replaced { evicted: 1, min: 1 });
    assert_eq!(events[4], SsEvent::Replaced { evicted: 3, min: 2 });
    let shown: Vec<(u32, u64, u64)> = ss.counters().iter().map(|c| (c.item, c.count, c.error)).collect();
    // 2 reached count 2 before 1 reached 3, so 1 (count 3) leads and 2 follows.
    assert_eq!(shown, vec![(1, 3, 2), (2, 2, 0)]);
    assert_eq!(ss.min_count(), 2);
    assert_eq!(ss.counter(3), None);
}

fn run(bits: &str, window: u64, r: u32) -> Dgim {
    let mut d = Dgim::new(window, r);
    for c in bits.chars() {
        d.push(c == '1');
    }
    d
}

fn text(d: &Dgim) -> String {
    d.buckets().map(|b| format!("{}@{}", b.size, b.timestamp)).collect::<Vec<_>>().join(",")
}

#[test]
fn dgim_on_the_issues_stream() {
    let bits = "1011011000101110110010110";
    let d = run(bits, 16, 2);
    assert_eq!(text(&d), "1@24,1@23,2@21,2@17,4@14");
    assert_eq!(d.estimate(), 8.0);
    assert_eq!(d.range(), (7, 10));
    let whole = run(bits, 25, 2);
    assert_eq!(text(&whole), "1@24,1@23,2@21,2@17,4@14,4@6");
    assert_eq!(whole.estimate(), 12.0);
    assert_eq!(text(&run(bits, 8, 2)), "1@24,1@23,2@21");
}

#[test]
fn dgim_steps_say_what_happened() {
    let mut d = Dgim::new(3, 2);
    let a: Vec<_> = [true, true, true].iter().map(|&b| d.step(b)).collect();
    assert_eq!(a[0].created, Some(Bucket { size: 1, timestamp: 1 }));
    assert!(a[1].merges.is_empty());
    let m = a[2].merges[0];
    assert_eq!((m.older.timestamp, m.newer.timestamp, m.into), (1, 2, Bucket { size: 2, timestamp: 2 }));
    let s4 = d.step(false);
    assert_eq!((s4.t, s4.bit, s4.created), (4, false, None));
    assert!(s4.dropped.is_empty(), "2@2 is still in the window 2..4");
    let s5 = d.step(false);
    assert_eq!(s5.dropped, vec![Bucket { size: 2, timestamp: 2 }]);
    assert_eq!(text(&d), "1@3");
}

#[test]
fn dgim_memory_and_bounds() {
    assert_eq!(dgim::largest_exponent(1), 0);
    assert_eq!(dgim::largest_exponent(16), 4);
    assert_eq!(dgim::largest_exponent(17), 4);
    // N = 16: a timestamp mod 16 takes 4 bits, an exponent 0 ..= 4 takes 3.
    assert_eq!(dgim::bucket_bits(16), 7);
    assert_eq!(dgim::max_buckets(16, 2), 10);
    assert_eq!(dgim::max_memory_bits(16, 2), 70);
    assert_eq!(dgim::max_memory_bits(1 << 20, 2), 42 * (20 + 5));
    assert_eq!(dgim::worst_relative_error(2, 0), 0.5);
    assert!((dgim::worst_relative_error(2, 1) - 1.0 / 3.0).abs() < 1e-12);
    assert!((dgim::worst_relative_error(3, 1) - 0.25).abs() < 1e-12);
    assert!(dgim::worst_relative_error(2, 40) < 0.5);
    assert!((dgim::bound_past_size_one(2) - 0.5).abs() < 1e-12);
    assert!((dgim::bound_past_size_one(5) - 1.0 / 6.0).abs() < 1e-12);
    assert_eq!(dgim::book_bound(2), 0.5);
    assert_eq!(dgim::book_bound(5), 0.25);
    for r in 2..10 {
        for j in 1..50 {
            let w = dgim::worst_relative_error(r, j);
            assert!(w <= dgim::bound_past_size_one(r) + 1e-12 && w <= dgim::book_bound(r), "r = {r}, j = {j}");
        }
    }
}
