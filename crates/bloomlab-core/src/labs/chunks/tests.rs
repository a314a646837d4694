use super::*;

#[test]
fn no_chunk_holding_the_value_is_skipped() {
    let lab = ChunksLab::read(&Query::parse("?rows=2000&chunks=10&domain=300&m=256")).0;
    let t = lab.build(lab.m);
    for v in 0..300 {
        for a in t.lookup(v) {
            assert!(!a.holds || a.maybe, "a chunk holding {v} must say maybe");
        }
    }
    assert_eq!(t.distinct.len(), 10);
}

#[test]
fn expected_wasted_by_hand() {
    // Two chunks: rows 0..1 hold values (0, 1), rows 2..3 hold (2, 2).
    let mut lab = ChunksLab::read(&Query::parse("?rows=4&chunks=2&domain=3&m=16&k=2")).0;
    lab.table = vec![0, 1, 2, 2];
    let t = lab.build(16);
    assert_eq!(t.distinct, [2, 1]);
    // Looking up 2: only chunk 0 does not hold it; its chance is (bits set / 16)^2.
    let ones = t.filters[0].bits().count_ones() as f64;
    assert!((t.expected_wasted(2) - (ones / 16.0).powi(2)).abs() < 1e-15);
    assert!((t.expected_wasted(0) - (t.filters[1].bits().count_ones() as f64 / 16.0).powi(2)).abs() < 1e-15);
}

#[test]
fn measured_waste_follows_the_expected() {
    let lab = ChunksLab::read(&Query::parse("")).0;
    let sweep = lab.sweep();
    assert!(sweep.len() >= 5);
    for &(m, measured, expected) in &sweep {
        // 2,000 lookups over 20 chunks: within a few standard errors (Poisson-like counts).
        let sd = (expected / 2_000.0).sqrt();
        assert!((measured - expected).abs() < 5.0 * sd + 0.01, "m = {m}: {measured} vs {expected}");
    }
    assert!(sweep.first().unwrap().1 > sweep.last().unwrap().1, "more bits, fewer wasted reads");
}

#[test]
fn links_and_notices() {
    let params = |s: &str| ChunksLab::read(&Query::parse(s)).1.into_iter().filter_map(|n| n.param).collect::<Vec<_>>();
    assert_eq!(
        params("?rows=0&chunks=x&domain=0&skew=9&m=1&k=99&seed=-2&value=-1"),
        ["rows", "chunks", "domain", "skew", "m", "k", "seed", "value"]
    );
    let (lab, notices) =
        ChunksLab::read(&Query::parse("?rows=500&chunks=7&domain=90&skew=0.5&m=300&k=2&value=12&seed=3"));
    assert!(notices.is_empty());
    assert_eq!(ChunksLab::read(&Query::parse(&crate::link::query::build(&lab.query_pairs()))).0, lab);
}

#[test]
fn form_text_is_read_as_the_link_is() {
    use crate::link::state::LinkState;
    let lab = ChunksLab::read(&Query::parse("")).0;
    let (big, notices) = lab.with_fields(&[("m", "99999999"), ("skew", " 0.25 ")]);
    assert_eq!((big.m, big.skew), (M.max, 0.25));
    assert_eq!(notices.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["m"]);
    let (same, _) = lab.with_fields(&[("value", "3")]);
    assert_eq!(same.query_pairs(), [("value", "3".to_string())]);
}
