//! Tests of the FP lab's model.

use super::*;
use crate::engine::sliced::Sliced;
use crate::lectures::model::Model;
use crate::link::notice::Notice;
use crate::link::query::{self, Query};
use crate::link::state::LinkState;

fn lab(q: &str) -> FpLab {
    FpSettings::read(&Query::parse(q)).0.run()
}

fn notices(q: &str) -> Vec<Notice> {
    FpSettings::read(&Query::parse(q)).1
}

fn params(notices: &[Notice]) -> Vec<String> {
    notices.iter().filter_map(|n| n.param.clone()).collect()
}

/// The lab after a change of its settings, as its page gives it them (`Model::carry_run`),
/// and what the change returned.
fn with<R>(l: &mut FpLab, change: impl FnOnce(&mut FpSettings) -> R) -> R {
    let before = l.settings().clone();
    let mut s = before.clone();
    let out = change(&mut s);
    s.carry_run(&before, l);
    out
}

#[test]
fn defaults_and_round_trip() {
    let l = lab("");
    assert!(notices("").is_empty());
    assert_eq!((l.settings().m, l.settings().n, l.settings().k, l.settings().axis), (1000, 100, 4, Axis::K));
    let q = "?m=64KiB&n=40M&k=7&x=bpi&log=1&formulas=finite,mlbf&layers=3&hash=double&seed=9&trials=500&p=1%25";
    let l = lab(q);
    assert!(notices(q).is_empty(), "{:?}", notices(q));
    let s = l.settings();
    assert_eq!(
        (s.m, s.n, s.k, s.axis, s.log_y, s.layers, s.family, s.seed, s.trials),
        (524_288, 40_000_000, 7, Axis::Bpi, true, 3, HashFamily::Double, 9, 500)
    );
    assert_eq!(s.formulas, [Formula::Finite, Formula::Mlbf]);
    assert_eq!(s.p.as_ref().map(|p| p.1), Some(0.01));
    let again = lab(&query::build(&l.settings().query_pairs()));
    assert_eq!(again.settings(), l.settings());
    // An empty formula list survives the link.
    let mut none = lab("?formulas=");
    assert!(none.settings().formulas.is_empty());
    with(&mut none, |s| s.toggle_formula(Formula::Exact));
    with(&mut none, |s| s.toggle_formula(Formula::Exact));
    let back = lab(&query::build(&none.settings().query_pairs()));
    assert!(back.settings().formulas.is_empty());
}

#[test]
fn bad_input_gives_notices_and_finite_numbers() {
    let p = params(&notices(
        "?m=64parsecs&n=0&k=0&x=z&log=maybe&formulas=approx,nope&layers=99&hash=ullman&trials=0&p=1.5&seed=-1",
    ));
    for want in ["m", "n", "k", "x", "log", "formulas", "layers", "hash", "trials", "p", "seed"] {
        assert!(p.contains(&want.to_string()), "{want} missing from {p:?}");
    }
    let l = lab("?m=3&k=5");
    assert_eq!(params(&notices("?m=3&k=5")), ["m"]);
    assert_eq!(l.settings().m, 5);
    for q in ["?p=0", "?p=1", "?p=-3", "?p=100%25", "?p=abc"] {
        assert_eq!(params(&notices(q)), ["p"], "{q}");
    }
    // No NaN or infinity anywhere in the plot, the table or the CSV, even at the extremes.
    for q in [
        "?m=1&n=1&k=1",
        "?m=1000000000000&n=1&k=32&x=bpi&log=1",
        "?m=32&n=1000000000000&k=32&x=n&log=1&formulas=approx,finite,exact,skiena,partitioned,mlbf",
    ] {
        let l = lab(q);
        let svg = crate::plot::to_svg(&l.plot(), 600.0, 400.0, &crate::plot::PlotColors::LIGHT);
        let csv = l.csv();
        for text in [&svg, &csv] {
            assert!(!text.contains("NaN") && !text.contains("inf"), "{q}");
        }
        for (_, v) in l.theory_at_sliders() {
            assert!(v.is_finite());
        }
    }
}

#[test]
fn axis_points_name_the_sliders() {
    for x in ["n", "k", "bpi"] {
        let l = lab(&format!("?m=1000&n=100&k=4&x={x}"));
        let (pts, at) = l.axis_points();
        assert_eq!(pts[at].1, PointSpec { m: 1000, n: 100, k: 4 }, "{x}");
        assert!(pts.len() >= 20);
    }
    let l = lab("?m=1000&n=100&k=4&x=k");
    let c = l.curve(Formula::Approx);
    assert_eq!(c.len(), 20);
    assert_eq!(c[3], (4.0, formulas::approx(1000, 100, 4)));
}

#[test]
fn measurements_fill_the_readouts_and_the_csv() {
    let mut l = lab("?m=1000&n=100&k=4&x=k&trials=2000");
    assert!(l.measured_at_sliders().is_none());
    l.work(2100);
    let first = l.measured_at_sliders().expect("the sliders' point is measured first");
    assert_eq!((first.spec, first.trials), (PointSpec { m: 1000, n: 100, k: 4 }, 2000));
    l.finish();
    let csv = l.csv();
    assert_eq!(csv.lines().count(), 21);
    assert!(csv.starts_with("m,n,k,bits_per_item,approx,finite,exact,skiena,hash,seed,trials,false_positives,measured,wilson_lo,wilson_hi\n"));
    assert!(csv.lines().nth(4).unwrap().starts_with("1000,100,4,10,"));
    assert_eq!(l.plot().measured.len(), 20);
    // Changing only what is drawn keeps the measurements; changing n starts them again.
    let run = l.run();
    with(&mut l, |s| s.set_log(true));
    with(&mut l, |s| s.toggle_formula(Formula::Partitioned));
    assert_eq!(l.run(), run);
    assert!(l.measured_at_sliders().is_some());
    with(&mut l, |s| s.set_n(120));
    assert_eq!(l.run(), run + 1);
    assert!(l.measured_at_sliders().is_none());
    // Big settings are theory only.
    let mut big = lab("?m=8000000000&n=1000000000&k=3");
    assert!(!big.sliders_measurable());
    assert!(big.experiment().is_done());
    big.finish();
    assert!(big.plot().measured.is_empty());
}

#[test]
fn calculator_answers() {
    let l = lab("?view=fp&n=40000000&p=1e-6");
    assert_eq!(l.calculator().m_and_k(), Some((1_150_207_006, 20)));
    let l = lab("?n=1000000&p=0.01");
    assert_eq!(l.calculator().m_and_k(), Some((9_585_059, 7)));
    let l = lab("?n=1000000&p=1%25");
    assert_eq!(l.calculator().m_and_k(), Some((9_585_059, 7)));
    let l = lab("?n=1000&p=1+in+1000");
    assert!(notices("?n=1000&p=1+in+1000").is_empty());
    assert_eq!(l.calculator().m_and_k(), calculator::size_for(1000, 0.001).map(|s| (s.m, s.k)));
    let mut l = lab("?m=9585059&n=1000000&k=3");
    assert_eq!(l.calculator().m_and_k(), Some((9_585_059, 7)));
    with(&mut l, |s| s.apply_calculator());
    assert_eq!(l.settings().k, 7);
    // Without m in the link, the plot shows the filter the calculator sized.
    let l = lab("?n=40000000&p=1e-6");
    assert_eq!((l.settings().m, l.settings().k), (1_150_207_006, 20));
    let mut l = lab("?n=40000000&p=1e-6&m=1000&k=3");
    assert_eq!((l.settings().m, l.settings().k), (1000, 3));
    with(&mut l, |s| s.apply_calculator());
    assert_eq!((l.settings().m, l.settings().k), (1_150_207_006, 20));
    let refused = with(&mut l, |s| s.set_p_text("2")).unwrap_err();
    assert_eq!(refused.param.as_deref(), Some("p"));
    assert!(with(&mut l, |s| s.set_p_text("1 in 100")).is_ok());
    assert!(with(&mut l, |s| s.set_m_text("1.5MB")).is_ok());
    assert_eq!(l.settings().m, 12_000_000);
    assert!(l.settings().p.is_none());
    let refused = [with(&mut l, |s| s.set_m_text("12 furlongs")), with(&mut l, |s| s.set_n_text("0"))];
    let refused: Vec<Notice> = refused.into_iter().filter_map(Result::err).collect();
    assert_eq!(params(&refused), ["m", "n"]);
    // Through the page's edits: the notice is the edit's own, the settings as they were.
    let (same, said) = l.settings().edit(FpEdit::TypeP("2".into())).unwrap();
    assert_eq!((same, params(&said.unwrap())), (l.settings().clone(), vec!["p".to_string()]));
    let huge = lab("?n=1000000000000&p=1e-300");
    assert!(matches!(huge.calculator(), CalcAnswer::TooBig { .. }));
}

#[test]
fn presets_state_the_reference_numbers() {
    let p = presets();
    assert_eq!(p.len(), 4);
    let note = |id: &str| p.iter().find(|x| x.id == id).unwrap().caption.clone();
    let mmds = note("mmds");
    for v in ["k = 1: 0.117503", "k = 2: 0.048929", "k = 3: 0.030579", "k = 4: 0.023969"] {
        assert!(mmds.contains(v), "{mmds}");
    }
    let darts = note("darts");
    for v in ["0.606531", "0.393469", "0.0094309", "0.00937", "0.393^5 = 0.009375"] {
        assert!(darts.contains(v), "{darts}");
    }
    let sk = note("skiena");
    for v in [
        "0.05, 0.01, 0.003375, 0.0016, 0.0009765625",
        "51.2×",
        "0.048771, 0.009056, 0.002703, 0.00108, 0.00053",
        "92.1×",
    ] {
        assert!(sk.contains(v), "{sk}");
    }
    let ml = note("mlbf");
    assert!(ml.contains("84,145,760"), "{ml}");
    // Every preset's link reads back without notices.
    for preset in &p {
        let said = notices(&format!("?{}", preset.params));
        assert!(said.is_empty(), "{}: {said:?}", preset.id);
    }
}

#[test]
fn log_and_hash_read_with_the_shared_readers() {
    let l = lab("?log=yes&hash=murmur");
    let n = notices("?log=yes&hash=murmur");
    assert_eq!(n.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["log", "hash"]);
    assert!(n[0].message.contains("not 0 or 1; using 0"), "{}", n[0].message);
    assert!(n[1].message.contains("xxh3, double, enhanced or naive") && n[1].message.ends_with("using xxh3"));
    assert_eq!((l.settings().log_y, l.settings().family), (false, HashFamily::Xxh3));
    let n = notices("?hash=ullman");
    assert!(n[0].message.contains("whole numbers only"));
    assert_eq!(n.len(), 1);
    let l = lab("?log=1&hash=+double+");
    assert!(notices("?log=1&hash=+double+").is_empty());
    assert_eq!((l.settings().log_y, l.settings().family), (true, HashFamily::Double));
    assert!(notices("?log=&hash=").is_empty());
    assert_eq!(notices("?log=%zz")[0].param.as_deref(), Some("log"));
}

/// The view keeps the curves, the table's theory and the readouts' while only the measurement's
/// settings change: the key must hold everything they depend on, and nothing else.
#[test]
fn the_curves_key_follows_what_the_curves_depend_on() {
    let kept = |l: &FpLab| (l.settings().curves_key(), l.theory_series(), l.theory_rows(), l.theory_at_sliders());
    let mut l = lab("?view=fp&x=n&m=1000000&n=50000&k=7");
    let before = kept(&l);
    with(&mut l, |s| s.set_seed(9));
    with(&mut l, |s| s.set_trials(1000));
    with(&mut l, |s| s.set_family(HashFamily::Double));
    with(&mut l, |s| s.set_log(true));
    let _ = with(&mut l, |s| s.set_p_text("1%"));
    l.work(51_000);
    assert_eq!(kept(&l), before);
    assert!(l.rows()[9].measured.is_some());
    assert_eq!(l.with_measured(before.2), l.rows());
    let changes: [fn(&mut FpSettings); 6] = [
        |s| s.set_m(2_000_000),
        |s| s.set_n(60_000),
        |s| s.set_k(3),
        |s| s.set_axis(Axis::Bpi),
        |s| s.set_layers(2),
        |s| s.toggle_formula(Formula::Exact),
    ];
    for change in changes {
        let mut l = lab("?view=fp&x=n&m=1000000&n=50000&k=7&formulas=approx,exact,mlbf");
        let (key, curves, rows, _) = kept(&l);
        with(&mut l, change);
        assert_ne!(l.settings().curves_key(), key);
        assert_ne!(l.theory_series(), curves);
        assert_ne!(l.theory_rows(), rows);
    }
}

#[test]
fn each_point_is_one_filter_whose_own_rate_its_interval_holds() {
    use crate::data::generate::ItemKind;
    use crate::engine::filter::BloomFilter;
    use crate::labs::fp::experiment::point_seed;
    // The lecture's default (m = 1,000, n = 100, k across the axis) and a larger filter.
    for q in ["", "?m=20000&n=2000&x=n"] {
        let mut l = lab(q);
        l.finish();
        let done: Vec<_> = l.experiment().results().iter().flatten().copied().collect();
        let s = l.scatter().expect("measured points");
        assert_eq!(s.points, done.len());
        // Each point's fill, from a filter built again here with the same generated items.
        for (j, p) in l.experiment().results().iter().enumerate() {
            let Some(p) = p else { continue };
            let mut f = BloomFilter::new(l.experiment().family(), p.spec.m, p.spec.k);
            f.insert_generated(ItemKind::Words, point_seed(l.experiment().seed(), j), 0..p.spec.n);
            assert_eq!(p.ones, f.bits().count_ones() as u64, "{q} point {j}");
        }
        let inside = |v: f64, p: &Measured| (p.interval().0..=p.interval().1).contains(&v);
        let own = done.iter().filter(|p| inside((p.ones as f64 / p.spec.m as f64).powi(p.spec.k as i32), p)).count();
        let exact = done.iter().filter(|p| inside(formulas::exact(p.spec.m, p.spec.n, p.spec.k), p)).count();
        assert_eq!((s.own_inside, s.exact_inside), (own, exact), "{q}");
        // A 95% interval holds its own filter's rate for most points, whatever the curve does.
        assert!(own * 10 >= done.len() * 8, "{q}: own rate inside {own} of {}", done.len());
        let text = s.text(l.experiment().trials());
        assert!(
            text.contains(&format!("for {own} of the {} points", done.len()))
                && text.contains(&format!("inside {exact} of the")),
            "{text}"
        );
    }
}
