//! The frequency sketches and heavy-hitter summaries (`engine::streams`) against direct
//! implementations written here from the rules (issue 36), on random and Zipf streams: the
//! count-min sketch with both updates and the count sketch cell for cell, the εN bound's failure
//! rate against δ over seeded runs, and Misra–Gries and SpaceSaving against their guarantees.

use std::collections::HashMap;

use bloomlab_core::data::generate::{item, zipf_stream, ItemKind};
use bloomlab_core::engine::streams::count_min::{CountMin, Update};
use bloomlab_core::engine::streams::count_sketch::CountSketch;
use bloomlab_core::engine::streams::misra_gries::MisraGries;
use bloomlab_core::engine::streams::sizing;
use bloomlab_core::engine::streams::space_saving::SpaceSaving;
use proptest::prelude::*;
use xxhash_rust::xxh3::xxh3_64_with_seed;

const G: u64 = 0x9E37_79B9_7F4A_7C15;

/// The contract's seed s_j = j·G mod 2^64.
fn s(j: usize) -> u64 {
    (j as u64).wrapping_mul(G)
}

/// A direct count-min sketch: a d × w table, both updates.
fn direct_count_min(stream: &[String], w: usize, d: usize, conservative: bool) -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; w]; d];
    for x in stream {
        let cols: Vec<usize> = (0..d).map(|j| (xxh3_64_with_seed(x.as_bytes(), s(j)) % w as u64) as usize).collect();
        let est = (0..d).map(|j| t[j][cols[j]]).min().unwrap();
        for j in 0..d {
            if conservative {
                t[j][cols[j]] = t[j][cols[j]].max(est + 1);
            } else {
                t[j][cols[j]] += 1;
            }
        }
    }
    t
}

fn direct_min(t: &[Vec<u64>], x: &str) -> u64 {
    let w = t[0].len() as u64;
    t.iter().enumerate().map(|(j, row)| row[(xxh3_64_with_seed(x.as_bytes(), s(j)) % w) as usize]).min().unwrap()
}

/// A direct count sketch: signs from the seed s_j + 1, the median read off a sorted list.
struct DirectCountSketch {
    w: usize,
    table: Vec<Vec<i64>>,
}

impl DirectCountSketch {
    fn sign(x: &str, j: usize) -> i64 {
        if xxh3_64_with_seed(x.as_bytes(), s(j).wrapping_add(1)) & 1 == 0 {
            1
        } else {
            -1
        }
    }

    fn col(&self, x: &str, j: usize) -> usize {
        (xxh3_64_with_seed(x.as_bytes(), s(j)) % self.w as u64) as usize
    }

    fn new(stream: &[String], w: usize, d: usize) -> DirectCountSketch {
        let mut cs = DirectCountSketch { w, table: vec![vec![0i64; w]; d] };
        for x in stream {
            for j in 0..d {
                let c = cs.col(x, j);
                cs.table[j][c] += Self::sign(x, j);
            }
        }
        cs
    }

    fn estimate(&self, x: &str) -> f64 {
        let mut v: Vec<i64> = (0..self.table.len()).map(|j| Self::sign(x, j) * self.table[j][self.col(x, j)]).collect();
        v.sort();
        let m = v.len() / 2;
        if v.len() % 2 == 1 {
            v[m] as f64
        } else {
            (v[m - 1] + v[m]) as f64 / 2.0
        }
    }
}

fn counts(stream: &[u32]) -> HashMap<u32, u64> {
    let mut c = HashMap::new();
    for &x in stream {
        *c.entry(x).or_insert(0) += 1;
    }
    c
}

/// A stream of `len` items: Zipf ranks with exponent `s` (0: uniform) over `universe`.
fn zipf(seed: u64, len: u64, universe: u64, s: f64) -> Vec<u32> {
    zipf_stream(seed, len, universe, s)
}

fn stream_strategy() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(prop_oneof![4 => (0u32..40).prop_map(|i| format!("i{i}")), 1 => ".{0,6}"], 0..300)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn count_min_matches_a_direct_table(stream in stream_strategy(), w in 1u64..40, d in 1u32..7, conservative: bool) {
        let update = if conservative { Update::Conservative } else { Update::Standard };
        let mut cm = CountMin::new(w, d, update);
        for x in &stream {
            cm.insert(x.as_bytes());
        }
        let t = direct_count_min(&stream, w as usize, d as usize, conservative);
        prop_assert_eq!(cm.cells().to_vec(), t.concat());
        prop_assert_eq!(cm.total(), stream.len() as u64);
        let mut truth: HashMap<&str, u64> = HashMap::new();
        for x in &stream {
            *truth.entry(x).or_insert(0) += 1;
        }
        for x in stream.iter().map(String::as_str).chain(["absent", "i99"]) {
            let est = cm.estimate(x.as_bytes());
            prop_assert_eq!(est, direct_min(&t, x));
            prop_assert!(est >= truth.get(x).copied().unwrap_or(0), "never under the true count");
        }
    }

    #[test]
    fn conservative_update_is_never_above_the_standard(stream in stream_strategy(), w in 1u64..40, d in 1u32..7) {
        let (mut cm, mut cu) = (CountMin::new(w, d, Update::Standard), CountMin::new(w, d, Update::Conservative));
        for x in &stream {
            cm.insert(x.as_bytes());
            cu.insert(x.as_bytes());
            prop_assert!(cu.cells().iter().zip(cm.cells()).all(|(a, b)| a <= b));
        }
    }

    #[test]
    fn count_sketch_matches_a_direct_table(stream in stream_strategy(), w in 1u64..40, d in 1u32..8) {
        let mut cs = CountSketch::new(w, d);
        for x in &stream {
            cs.insert(x.as_bytes());
        }
        let direct = DirectCountSketch::new(&stream, w as usize, d as usize);
        prop_assert_eq!(cs.cells().to_vec(), direct.table.concat());
        for x in stream.iter().map(String::as_str).chain(["absent"]) {
            prop_assert_eq!(cs.estimate(x.as_bytes()), direct.estimate(x));
        }
    }

    #[test]
    fn misra_gries_keeps_its_guarantees(seed in 0u64..1000, len in 0u64..3000, universe in 1u64..200, s in 0.0f64..2.0, k in 1usize..30) {
        let stream = zipf(seed, len, universe, s);
        let mut mg = MisraGries::new(k);
        for &x in &stream {
            mg.push(x);
        }
        let truth = counts(&stream);
        let n = stream.len() as u64;
        let kept: u64 = mg.counters().iter().map(|c| c.1).sum();
        prop_assert!(mg.counters().len() <= k);
        prop_assert!(mg.decrements() * (k as u64 + 1) <= n - kept, "each decrement step takes k + 1 away");
        for (&x, &f) in &truth {
            let c = mg.count(x);
            prop_assert!(c <= f && f - c <= mg.decrements(), "{x}: count {c}, true {f}");
            prop_assert!((f - c) as f64 <= mg.slack());
            if f as f64 > mg.slack() {
                prop_assert!(c > 0, "{x} occurs {f} > N/(k+1) times and must be kept");
            }
        }
    }

    #[test]
    fn space_saving_keeps_its_guarantees_and_its_order(seed in 0u64..1000, len in 0u64..3000, universe in 1u64..200, s in 0.0f64..2.0, k in 1usize..30) {
        let stream = zipf(seed, len, universe, s);
        let mut ss = SpaceSaving::new(k);
        let mut direct: Vec<(u32, u64, u64)> = Vec::new();
        for &x in &stream {
            ss.push(x);
            direct_space_saving(&mut direct, x, k);
        }
        let got: Vec<(u32, u64, u64)> = ss.counters().iter().map(|c| (c.item, c.count, c.error)).collect();
        prop_assert_eq!(&got, &direct);
        let truth = counts(&stream);
        let n = stream.len() as u64;
        prop_assert_eq!(got.iter().map(|c| c.1).sum::<u64>(), n, "the counts add up to N");
        prop_assert!(got.windows(2).all(|p| p[0].1 >= p[1].1), "largest count first");
        prop_assert!(ss.min_count() as f64 <= n as f64 / k as f64);
        for &(x, c, e) in &got {
            let f = truth.get(&x).copied().unwrap_or(0);
            prop_assert!(c - e <= f && f <= c, "{x}: count {c}, error {e}, true {f}");
        }
        for (&x, &f) in &truth {
            if f > ss.min_count() {
                prop_assert!(ss.counter(x).is_some(), "{x} occurs {f} times, more than the smallest count");
            }
        }
    }
}

/// SpaceSaving straight from its rules on a list: a counted item moves to just after the last
/// counter with a count at least its new one; a new item takes a free counter at the end or
/// the last counter's place.
fn direct_space_saving(list: &mut Vec<(u32, u64, u64)>, x: u32, k: usize) {
    let (count, error) = if let Some(i) = list.iter().position(|c| c.0 == x) {
        let c = list.remove(i);
        (c.1 + 1, c.2)
    } else if list.len() < k {
        (1, 0)
    } else {
        let last = list.pop().unwrap();
        (last.1 + 1, last.1)
    };
    let at = list.iter().take_while(|c| c.1 >= count).count();
    list.insert(at, (x, count, error));
}

/// The share of items whose count-min estimate exceeds the true count by more than εN, over
/// `runs` seeded Zipf streams (the items' names change with the seed, and so do their columns).
fn excess_share(w: u64, d: u32, s: f64, runs: u64) -> (f64, u64) {
    let (len, universe) = (3_000u64, 400u64);
    let (mut failures, mut trials, mut over) = (0u64, 0u64, 0u64);
    for seed in 0..runs {
        let names: Vec<String> = (0..universe).map(|i| item(ItemKind::Words, seed, i)).collect();
        let stream = zipf(seed, len, universe, s);
        let mut cm = CountMin::new(w, d, Update::Standard);
        for &r in &stream {
            cm.insert(names[r as usize - 1].as_bytes());
        }
        let truth = counts(&stream);
        let bound = sizing::bound(w, len);
        for (i, name) in names.iter().enumerate() {
            let f = truth.get(&(i as u32 + 1)).copied().unwrap_or(0);
            let excess = cm.estimate(name.as_bytes()) - f;
            trials += 1;
            failures += (excess as f64 > bound) as u64;
            over += (excess > 0) as u64;
        }
    }
    (failures as f64 / trials as f64, over)
}

#[test]
fn the_bound_eps_n_fails_at_most_delta_of_the_time() {
    for (w, d) in [(10u64, 1u32), (20, 2), (8, 3)] {
        let delta = sizing::delta(d as u64);
        for s in [0.0, 1.0] {
            let (share, over) = excess_share(w, d, s, 25);
            assert!(over > 0, "w = {w}, d = {d}, s = {s}: no estimate was ever too high, so nothing was tested");
            assert!(share <= delta, "w = {w}, d = {d}, s = {s}: εN exceeded in {share} of the cases, δ = {delta}");
        }
    }
}

/// Where Markov's inequality is nearly tight: one item has 95 % of a stream of 3,000 and the
/// bound e·N/w at w = 3 is just below its count, so an item's estimate passes the bound exactly
/// when all d of its columns meet the heavy item's, with probability (1/3)^d ≤ e^−d = δ. Rows
/// hashed alike would fail at d ≥ 2 (1/3 > δ).
#[test]
fn the_bound_is_nearly_reached_with_one_heavy_item() {
    let (w, runs, universe) = (3u64, 25u64, 400u64);
    for d in [1u32, 2, 3] {
        let (mut failures, mut trials) = (0u64, 0u64);
        for seed in 0..runs {
            let names: Vec<String> = (0..universe).map(|i| item(ItemKind::Words, seed, i)).collect();
            let mut stream: Vec<usize> = vec![0; 2_850];
            stream.extend(1..151);
            let mut cm = CountMin::new(w, d, Update::Standard);
            for &i in &stream {
                cm.insert(names[i].as_bytes());
            }
            let bound = sizing::bound(w, stream.len() as u64);
            for (i, name) in names.iter().enumerate().skip(1) {
                let f = (i <= 150) as u64;
                trials += 1;
                failures += ((cm.estimate(name.as_bytes()) - f) as f64 > bound) as u64;
            }
        }
        let share = failures as f64 / trials as f64;
        let (delta, expected) = (sizing::delta(d as u64), (1.0f64 / 3.0).powi(d as i32));
        assert!(share <= delta, "d = {d}: the bound failed in {share} of the cases, δ = {delta}");
        assert!(share >= 0.8 * expected, "d = {d}: {share}, expected about {expected}");
    }
}
