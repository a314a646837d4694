//! Every chart of every view, built at the view's default link through the models the views use,
//! exports CSV that means what it says: a header naming the axes, every series named, finite
//! numbers, whole numbers written whole, and the values the chart was given, in data units (not
//! their logarithms, not the corners of bars).

use std::collections::BTreeSet;

use bloomlab_core::engine::sliced::finish;
use bloomlab_core::link::query::Query;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::plot::Plot;

/// A CSV line's fields (quoted fields may hold commas and doubled quotes).
fn fields(line: &str) -> Vec<String> {
    let (mut out, mut cur, mut quoted, mut chars) = (Vec::new(), String::new(), false, line.chars().peekable());
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out
}

/// One data row: series, x, y.
type Row = (String, f64, f64);

/// Parses `plot`'s CSV, checks what every chart's CSV must hold, and returns its rows.
fn check(name: &str, plot: &Plot) -> Vec<Row> {
    let csv = plot.csv();
    let mut lines = csv.lines();
    let header = fields(lines.next().unwrap_or_default());
    assert_eq!(header[..3], ["series".to_string(), plot.x_label.clone(), plot.y_label.clone()], "{name}: header");
    let mut rows = Vec::new();
    for line in lines {
        let f = fields(line);
        assert_eq!(f.len(), header.len(), "{name}: {line}");
        assert!(!f[0].trim().is_empty(), "{name}: a series without a name: {line}");
        for (i, v) in f.iter().enumerate().skip(1) {
            if v.is_empty() {
                assert!(i >= 3, "{name}: x and y are never empty: {line}");
                continue;
            }
            let n: f64 = v.parse().unwrap_or_else(|_| panic!("{name}: not a number: {v} in {line}"));
            assert!(n.is_finite(), "{name}: {line}");
            let near_whole = n.round() != 0.0 && (n - n.round()).abs() <= 1e-9 * n.abs();
            assert!(!near_whole || n.abs() >= 1e15 || !v.contains(['.', 'e']), "{name}: {v} is whole: {line}");
        }
        rows.push((f[0].clone(), f[1].parse().unwrap(), f[2].parse().unwrap()));
    }
    let names: BTreeSet<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    for s in &plot.series {
        assert!(!s.label.is_empty(), "{name}: every series is named");
        assert!(s.points.is_empty() || names.contains(s.label.as_str()), "{name}: {} has no rows", s.label);
    }
    assert!(!rows.is_empty(), "{name}: no data at its default link");
    rows
}

/// The rows of one series.
fn of(rows: &[Row], series: &str) -> Vec<(f64, f64)> {
    rows.iter().filter(|r| r.0 == series).map(|r| (r.1, r.2)).collect()
}

/// `got` equals `want` to 12 significant digits.
fn same(name: &str, got: &[(f64, f64)], want: &[(f64, f64)]) {
    assert_eq!(got.len(), want.len(), "{name}: {got:?} against {want:?}");
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-11 * a.abs().max(b.abs()).max(1e-300);
    for (g, w) in got.iter().zip(want) {
        assert!(close(g.0, w.0) && close(g.1, w.1), "{name}: {g:?} against {w:?}");
    }
}

fn q(link: &str) -> Query {
    Query::parse(link)
}

#[test]
fn fp_and_skiena() {
    use bloomlab_core::labs::fp::FpSettings;
    use bloomlab_core::labs::skiena::SkienaLab;
    use bloomlab_core::lectures::model::Model;
    use bloomlab_core::lectures::skiena::{chart, union_bound, KS};
    let mut lab = FpSettings::read(&q("?view=fp")).0.run();
    lab.finish();
    let p = lab.plot();
    let rows = check("fp", &p);
    let measured: Vec<(f64, f64)> = p.measured.iter().map(|m| (m.x, m.rate)).collect();
    same("fp measured", &of(&rows, &p.measured_label), &measured);
    let load = SkienaLab::read(&q("?view=skiena")).0.load;
    let rows = check("skiena", &chart(load));
    for k in KS {
        same("skiena dot", &of(&rows, &format!("k = {k}, union bound at the load")), &[(load, union_bound(k, load))]);
    }
}

#[test]
fn counting_experiment_in_counters_and_over_estimates() {
    use bloomlab_core::labs::counting::experiment::chart;
    use bloomlab_core::labs::counting::CountingLab;
    let mut experiment = CountingLab::read(&q("?view=counting&exp=1")).0.experiment().expect("exp=1 asks for it");
    experiment.finish();
    let points = experiment.points().to_vec();
    let rows = check("counting", &chart(&points));
    let mode = points[0].mode;
    let mine: Vec<_> = points.iter().filter(|p| p.mode == mode).collect();
    let mean: Vec<(f64, f64)> = mine.iter().map(|p| (p.m as f64, p.mean_over)).collect();
    let max: Vec<(f64, f64)> = mine.iter().map(|p| (p.m as f64, p.max_over as f64)).collect();
    same("counting mean", &of(&rows, &format!("{} (mean)", mode.name())), &mean);
    same("counting largest", &of(&rows, &format!("{} (largest)", mode.name())), &max);
}

#[test]
fn mlbf_comparison_keeps_a_measured_zero() {
    use bloomlab_core::labs::mlbf::compare::{chart, Comparison, Setup};
    use bloomlab_core::labs::mlbf::MlbfLab;
    let lab = MlbfLab::read(&q("?view=mlbf")).0;
    // The view's comparison, at the view's 50,000 URLs (`views::mlbf::state::COMPARE_URLS`).
    let mut c = Comparison::new(Setup::paper_scaled(lab.family(), lab.k(), lab.layers(), 50_000));
    c.finish();
    let rows = check("mlbf", &chart(c.setup(), c.points()));
    let want: Vec<(f64, f64)> = c.points().iter().map(|p| (p.n as f64, p.mlbf_fp)).collect();
    same("mlbf measured", &of(&rows, "multi-layer filter, measured"), &want);
}

#[test]
fn hashes_toolbox_sampling_crawler() {
    use bloomlab_core::labs::crawler::{CrawlerRun, CrawlerSpec};
    use bloomlab_core::labs::hashes::HashLab;
    use bloomlab_core::labs::sampling::SamplingLab;
    use bloomlab_core::labs::toolbox::run::{WrongN, WRONG_MEASURED};
    use bloomlab_core::labs::toolbox::ToolboxLab;
    let mut hashes = HashLab::read(&q("?view=hashes")).0;
    hashes.finish();
    check("hashes", &hashes.bucket_chart());
    let tb = ToolboxLab::read(&q("?view=toolbox")).0;
    let mut w = WrongN::new(tb.n, tb.p, tb.seed);
    finish(&mut w, 1);
    let p = w.chart();
    let rows = check("toolbox", &p);
    let xs: Vec<f64> = of(&rows, &p.measured_label).iter().map(|r| r.0).collect();
    assert_eq!(xs, WRONG_MEASURED.map(|e| (e * 100.0).round()), "percentages written whole");
    check("sampling", &SamplingLab::read(&q("?view=sampling")).0.bounded.chart());
    let mut crawl = CrawlerRun::new(&CrawlerSpec::read(&q("?view=crawler")).0);
    finish(&mut crawl, 1_000_000);
    let rows = check("crawler", &crawl.chart("new pages lost so far", |s| s.lost as f64));
    let first = &crawl.crawls[0];
    let want: Vec<(f64, f64)> = first.samples.iter().map(|s| (s.fetched as f64, s.lost as f64)).collect();
    same("crawler", &of(&rows, first.policy.name()), &want);
}

#[test]
fn chunks_and_search_on_log_axes_give_the_values() {
    use bloomlab_core::labs::chunks::ChunksLab;
    use bloomlab_core::labs::search::{chart, SearchSpec};
    let sweep = ChunksLab::read(&q("?view=chunks")).0.sweep();
    let rows = check("chunks", &ChunksLab::sweep_chart(&sweep));
    same("chunks", &of(&rows, "measured"), &sweep.iter().map(|s| (s.0 as f64, s.1)).collect::<Vec<_>>());
    // The default link's sizes take minutes in a debug build: the same run to 3,000 items.
    let spec = SearchSpec::read(&q("?view=search&n=3000")).0;
    let mut run = spec.run(None);
    finish(&mut run, 1_000_000);
    let ns: BTreeSet<u64> = run.results.iter().map(|r| r.n).collect();
    assert!(ns.contains(&3000), "{ns:?}");
    let memory = chart(&run.results, "memory (bytes)", |r| r.bytes as f64, |b| format!("{b}"));
    // Timings need the page's clock (natively every round takes 0 ns, which a log axis cannot
    // show): the timing charts share `log_log` with these two.
    let fp = chart(&run.results, "false-positive rate", |r| r.fp_rate(), |r| format!("{r}"));
    for (name, p) in [("search memory", memory), ("search fp", fp)] {
        let rows = check(name, &p);
        for r in &rows {
            assert!(ns.contains(&(r.1 as u64)) && r.1.fract() == 0.0, "{name}: n = {} is not a size run", r.1);
        }
        if name == "search memory" {
            for r in &rows {
                let want = run.results.iter().find(|m| m.method.title() == r.0 && m.n == r.1 as u64).unwrap();
                assert_eq!(r.2, want.bytes as f64, "{name}: {r:?}");
            }
        }
    }
}

#[test]
fn moments_and_distinct() {
    use bloomlab_core::labs::distinct::streams::Streams;
    use bloomlab_core::labs::distinct::DistinctLab;
    use bloomlab_core::labs::moments::scale::ScaleRun;
    use bloomlab_core::labs::moments::MomentsLab;
    let m = MomentsLab::read(&q("?view=moments")).0;
    check("reservoir", &bloomlab_core::labs::moments::inclusion_chart(&m.walkthrough.inclusion));
    let mut scale = ScaleRun::new(m.scale.clone(), None);
    finish(&mut scale, 1_000_000);
    check("scale histogram", &scale.error_histogram());
    let rows = check("scale ladder", &scale.error_chart());
    for r in rows.iter().filter(|r| r.0.starts_with("measured")) {
        assert!(scale.result.ladder.iter().any(|&(s, _)| s as f64 == r.1), "variables as counts: {r:?}");
    }
    let d = DistinctLab::read(&q("?view=distinct")).0;
    check("distinct theory", &d.theory_chart());
    let mut streams = Streams::new(d.combine.clone());
    finish(&mut streams, 1_000_000);
    let Streams { combine, sketches, .. } = streams;
    let rows = check("distinct histogram", &combine.histogram_chart());
    for name in rows.iter().map(|r| r.0.clone()).collect::<BTreeSet<_>>() {
        let total: f64 = of(&rows, &name).iter().map(|r| r.1).sum();
        assert!((total - 1.0).abs() < 1e-9, "{name}: one row per bin, shares adding up to 1: {total}");
    }
    let counts = combine.r_counts();
    let rows = check("distinct R", &combine.r_chart());
    let all: u64 = counts.iter().sum();
    for r in &rows {
        assert_eq!(r.2, counts[r.1 as usize] as f64 / all as f64, "a bar's value, not its corners: {r:?}");
    }
    let rows = check("distinct bias", &combine.bias_chart());
    let groups: Vec<(f64, f64)> = combine.bias_by_group().iter().map(|b| (b.group as f64, b.median)).collect();
    same("distinct bias", &of(&rows, "median of estimate/true"), &groups);
    let rows = check("sketches", &sketches.error_chart(Some((32, 0.25))));
    assert_eq!(of(&rows, "slides' recipe (median of means)"), [(32.0, 0.25)]);
    for r in &rows {
        assert!(r.1 >= 16.0 && (r.1 as u64).is_power_of_two(), "registers as counts: {r:?}");
    }
}
