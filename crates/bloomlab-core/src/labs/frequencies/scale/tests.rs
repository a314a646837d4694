//! The run at scale against a direct computation here: count-min (both updates) and the count
//! sketch written out from the contract's hashes, true counts counted from the arrivals, and the
//! heavy-hitter summaries checked against their guarantees.

use std::rc::Rc;

use super::*;
use crate::engine::sliced::finish;
use crate::link::query::Query;
use crate::link::state::LinkState;
use bloomlab_kernels::xxh3::xxh3_64_with_seed;

const G: u64 = 0x9E37_79B9_7F4A_7C15;

/// Every item's (count-min, conservative, count sketch) estimate, computed directly.
fn direct(stream: &Stream, w: u64, d: u32) -> Vec<(f64, f64, f64)> {
    let (w_, d_) = (w as usize, d as usize);
    let place = |x: &str, j: usize| -> (usize, i64) {
        let s = (j as u64).wrapping_mul(G);
        let col = (xxh3_64_with_seed(x.as_bytes(), s) % w) as usize;
        let sign = if xxh3_64_with_seed(x.as_bytes(), s.wrapping_add(1)).is_multiple_of(2) { 1 } else { -1 };
        (j * w_ + col, sign)
    };
    let (mut cm, mut cu, mut cs) = (vec![0u64; w_ * d_], vec![0u64; w_ * d_], vec![0i64; w_ * d_]);
    for &id in stream.ids() {
        let cells: Vec<(usize, i64)> = (0..d_).map(|j| place(stream.name(id), j)).collect();
        let least = cells.iter().map(|c| cu[c.0]).min().unwrap();
        for &(c, sign) in &cells {
            cm[c] += 1;
            cu[c] = cu[c].max(least + 1);
            cs[c] += sign;
        }
    }
    (0..stream.names().len() as u32)
        .map(|id| {
            let cells: Vec<(usize, i64)> = (0..d_).map(|j| place(stream.name(id), j)).collect();
            let min = |g: &[u64]| cells.iter().map(|c| g[c.0]).min().unwrap() as f64;
            let mut v: Vec<i64> = cells.iter().map(|&(c, s)| s * cs[c]).collect();
            v.sort();
            let median = if d_ % 2 == 1 { v[d_ / 2] as f64 } else { (v[d_ / 2 - 1] + v[d_ / 2]) as f64 / 2.0 };
            (min(&cm), min(&cu), median)
        })
        .collect()
}

fn run(link: &str) -> (FrequenciesLab, ScaleRun) {
    let (lab, _) = FrequenciesLab::read(&Query::parse(link));
    let mut r = lab.scale_run();
    finish(&mut r, 997);
    (lab, r)
}

#[test]
fn every_error_matches_a_direct_count_min_and_count_sketch() {
    let (lab, r) = run("?s=1.1&length=4000&seed=3&w=40&d=4&k=6");
    assert_eq!(r.results().len(), 2);
    for (res, kind) in r.results().iter().zip(Kind::ALL) {
        let stream = r.stream(kind).expect("drawn");
        assert_eq!(res.kind, kind);
        assert_eq!(res.n, 4000);
        let mut counts = vec![0u64; stream.names().len()];
        stream.ids().iter().for_each(|&i| counts[i as usize] += 1);
        let mut order: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] > 0).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(counts[i]), i));
        let want = direct(stream, lab.w, lab.d);
        let bound = std::f64::consts::E * 4000.0 / 40.0;
        assert!((res.bound - bound).abs() < 1e-9 && (res.delta - (-4f64).exp()).abs() < 1e-15);
        for (j, s) in res.sketches.iter().enumerate() {
            assert_eq!(s.by_rank.len(), order.len(), "{kind:?}");
            let mut beyond = 0;
            for (rank, &id) in order.iter().enumerate() {
                let est = [want[id].0, want[id].1, want[id].2][j];
                assert_eq!(s.by_rank[rank], est - counts[id] as f64, "{kind:?} {:?} rank {rank}", s.sketch);
                beyond += ((est - counts[id] as f64).abs() > bound) as u64;
            }
            assert_eq!(s.beyond, beyond);
            assert!((s.share - beyond as f64 / order.len() as f64).abs() < 1e-15);
        }
        assert!(res.sketches[0].most_under == 0.0 && res.sketches[1].most_under == 0.0, "count-min never errs low");
        assert!(res.sketches[1].most_over <= res.sketches[0].most_over, "conservative update never errs more");
    }
    // The flat stream spreads 4,000 draws over 10,000 words; the skewed one is concentrated.
    assert!(r.stream(Kind::Flat).unwrap().distinct() > 2 * r.stream(Kind::Skewed).unwrap().distinct());
}

/// Misra–Gries by hand: the counters after the stream.
fn misra_gries(ids: &[u32], k: usize) -> Vec<(u32, u64)> {
    let mut c: Vec<(u32, u64)> = Vec::new();
    for &x in ids {
        if let Some(e) = c.iter_mut().find(|e| e.0 == x) {
            e.1 += 1;
        } else if c.len() < k {
            c.push((x, 1));
        } else {
            c.iter_mut().for_each(|e| e.1 -= 1);
            c.retain(|e| e.1 > 0);
        }
    }
    c
}

#[test]
fn heavy_hitters_at_scale_keep_their_guarantees() {
    let (_, r) = run("?s=1.3&length=20000&seed=5&k=8&w=16&d=2");
    for res in r.results() {
        let stream = r.stream(res.kind).expect("drawn");
        let n = stream.len() as f64;
        let heavy: Vec<u32> = (0..stream.names().len() as u32).filter(|&i| stream.count(i) as f64 > n / 8.0).collect();
        let mg = misra_gries(stream.ids(), 8);
        let under = (0..stream.names().len() as u32)
            .map(|i| stream.count(i) - mg.iter().find(|c| c.0 == i).map_or(0, |c| c.1))
            .max()
            .unwrap();
        let (m, s) = (&res.hitters[0], &res.hitters[1]);
        assert_eq!((m.algorithm, s.algorithm), ("mg", "ss"));
        assert_eq!((m.truth, s.truth), (heavy.len() as u64, heavy.len() as u64), "{:?}", res.kind);
        assert_eq!((m.recall, s.recall), (1.0, 1.0), "φ = 1/k: nothing missed");
        assert_eq!(m.worst, under);
        assert!(m.worst as f64 <= n / 9.0 && s.worst as f64 <= n / 8.0 && s.within_recorded);
        assert_eq!(m.allowed, n / 9.0);
    }
    assert!(r.results()[0].hitters[0].truth >= 1, "s = 1.3 has heavy hitters");
    assert_eq!(r.results()[1].hitters[0].truth, 0, "a flat stream has none");
}

#[test]
fn same_link_same_numbers_and_the_page_reuses_its_zipf_stream() {
    let (_, a) = run("?s=0.9&length=3000&seed=9&w=30&d=3");
    let (_, b) = run("?s=0.9&length=3000&seed=9&w=30&d=3");
    assert_eq!(a.results(), b.results());
    let (lab, c) = run("?stream=zipf&s=0.9&length=3000&seed=9&w=30&d=3");
    assert!(Rc::ptr_eq(c.stream(Kind::Skewed).unwrap(), lab.stream()));
    assert_eq!(a.results(), c.results());
    // Drawn in slices, the streams are those the page would draw at once.
    assert_eq!(**a.stream(Kind::Skewed).unwrap(), Stream::zipf(9, 3000, 0.9));
    assert_eq!(**a.stream(Kind::Flat).unwrap(), Stream::zipf(9, 3000, 0.0));
    assert_eq!(**c.stream(Kind::Flat).unwrap(), Stream::zipf(9, 3000, 0.0));
    let (_, other) = run("?s=0.9&length=3000&seed=10&w=30&d=3");
    assert_ne!(a.results(), other.results());
}

#[test]
fn the_page_calls_the_bound_loose_only_when_the_share_is_far_below_delta() {
    let (lab, r) = run("?s=1&length=20000&seed=2&w=272&d=5");
    let cm = &r.results()[0].sketches[0];
    let delta = (-5f64).exp();
    let text = looseness(cm.share, r.results()[0].bound, 20_000, lab.w, lab.d);
    assert_eq!(text.is_some(), cm.share < delta / 10.0, "{}", cm.share);
    assert!(looseness(0.0, 10.0, 1000, 272, 5).is_some_and(|t| t.starts_with("No item") && t.contains("Markov")));
    assert!(looseness(0.5, 10.0, 1000, 8, 1).is_none(), "a share above δ/10 is not called loose");
    let chart = r.results()[0].error_chart();
    assert_eq!(chart.series.len(), 5);
    let ticks = chart.y_ticks_at.clone().expect("round ticks");
    let (lo, hi) = chart.y_fixed.expect("a range around ±εN");
    assert!(lo < -r.results()[0].bound && hi > r.results()[0].bound);
    assert!(ticks.iter().any(|t| t.0 == 0.0 && t.1 == "0"), "{ticks:?}");
    let colors = crate::plot::PlotColors::for_theme(true, false);
    assert!(crate::plot::to_svg(&chart, 600.0, 300.0, &colors).contains("<svg"));
    assert!(ticks.len() >= 3 && ticks.iter().all(|t| t.0 >= lo && t.0 <= hi), "{ticks:?}");
    let profile = chart::profile(cm);
    let top = profile.iter().map(|p| p.3).fold(f64::MIN, f64::max);
    assert_eq!(top, cm.most_over, "the stretches cover every rank");
}
