//! Every long-work struct gives the same result whatever the slicing: in one go, or in slices of
//! 1, 7 and 1,000 units (the views' slice budgets change from slice to slice).

use std::fmt::Debug;
use std::rc::Rc;

use bloomlab_core::data::generate::ItemKind;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::engine::sliced::{finish, Sliced};
use bloomlab_core::link::state::LinkState;

/// Runs `make()` in one go and in slices of each size in `sizes`, and checks that `result` is the
/// same each time, that the progress only grows and ends at its total, and that a slice doing
/// no unit at least finishes the run (a last bookkeeping step).
fn same_whatever_the_slicing<T: Sliced, R: PartialEq + Debug>(
    name: &str,
    sizes: &[u64],
    make: impl Fn() -> T,
    result: impl Fn(&T) -> R,
) {
    let mut whole = make();
    finish(&mut whole, u64::MAX);
    assert!(whole.is_done(), "{name}: done in one go");
    assert_eq!(whole.ops_done(), whole.ops_total(), "{name}: progress ends at its total");
    let want = result(&whole);
    assert_ne!(want, result(&make()), "{name}: the work changes the result");
    for &units in sizes {
        let mut run = make();
        let total = run.ops_total();
        let mut last = run.ops_done();
        let mut slices = 0u64;
        while !run.is_done() {
            let did = run.work(units);
            assert!(did > 0 || run.is_done(), "{name}: an empty slice of {units} with work left");
            let now = run.ops_done();
            assert!(now >= last && now <= total, "{name}: progress {last} -> {now} of {total}");
            last = now;
            slices += 1;
            assert!(slices < 50_000_000, "{name}: never ends in slices of {units}");
        }
        assert_eq!(run.ops_done(), total, "{name}: progress ends at its total in slices of {units}");
        assert_eq!(result(&run), want, "{name}: slices of {units} against one go");
        assert_eq!(run.work(units), 0, "{name}: nothing left once done");
    }
}

const SIZES: [u64; 3] = [1, 7, 1000];

#[test]
fn fp_measurements() {
    use bloomlab_core::labs::fp::experiment::{Experiment, PointSpec};
    let specs =
        vec![PointSpec { m: 200, n: 20, k: 3 }, PointSpec { m: 64, n: 30, k: 2 }, PointSpec { m: 500, n: 1, k: 7 }];
    same_whatever_the_slicing(
        "fp experiment",
        &SIZES,
        || Experiment::new(HashFamily::Double, 5, 300, specs.clone(), Some(1)),
        |e| e.results().to_vec(),
    );
}

#[test]
fn fp_lab() {
    use bloomlab_core::labs::fp::{FpLab, FpSettings};
    let make = || {
        let mut s = FpSettings::default();
        s.set_n(50);
        s.set_m(400);
        s.set_trials(1_000);
        FpLab::new(s)
    };
    same_whatever_the_slicing("fp lab", &[7, 1000], make, |l| l.experiment().results().to_vec());
}

#[test]
fn classic_bulk_and_file_inserts() {
    use bloomlab_core::labs::classic::ClassicLab;
    let make = || {
        let mut lab = ClassicLab::new(HashFamily::Xxh3, 4096, 3);
        lab.insert("typed");
        lab.add_batch(ItemKind::Words, 1000);
        lab.add_batch(ItemKind::Urls, 300);
        lab.lookup("own-7");
        lab.set_file(Rc::new((0..500).map(|i| format!("own-{i}")).collect()));
        lab
    };
    same_whatever_the_slicing("classic lab", &SIZES, make, |l| (l.filter().bits().clone(), l.n(), l.shown().cloned()));
    // The ullman hashes skip what is not a whole number, in every slicing alike.
    let ullman = || {
        let mut lab = ClassicLab::new(HashFamily::Ullman, 1000, 2);
        lab.set_file(Rc::new(["12", "x", "40", "y", "7"].map(String::from).to_vec()));
        lab
    };
    same_whatever_the_slicing("classic lab, ullman", &SIZES, ullman, |l| (l.filter().bits().clone(), l.n()));
}

#[test]
fn counting_experiment() {
    use bloomlab_core::labs::counting::experiment::Experiment;
    same_whatever_the_slicing(
        "counting experiment",
        &[7, 1000],
        || Experiment::new(3, HashFamily::Xxh3, 3),
        |e| e.points().to_vec(),
    );
}

#[test]
fn counting_lab() {
    use bloomlab_core::labs::counting::CountingLab;
    use bloomlab_core::lectures::model::Model;
    // The experiment the model asks for, as the page runs it.
    let make = || CountingLab::default().with_experiment("2").0.run();
    same_whatever_the_slicing("counting lab", &[1000], make, |e| e.as_ref().map(|e| e.points().to_vec()));
}

#[test]
fn hash_lab_measurement() {
    use bloomlab_core::labs::hashes::items::Items;
    use bloomlab_core::labs::hashes::{HashLab, Settings};
    let make = || {
        HashLab::new(Settings {
            m: 512,
            k: 3,
            n: 60,
            items: Items::Len(4),
            trials: 500,
            seed: 9,
            ..Settings::default()
        })
    };
    same_whatever_the_slicing("hash lab", &SIZES, make, |l| l.results().to_vec());
}

#[test]
fn mlbf_comparison() {
    use bloomlab_core::labs::mlbf::compare::{Comparison, Setup};
    let make = || Comparison::new(Setup { queries: 300, ..Setup::paper_scaled(HashFamily::Xxh3, 3, 3, 1_500) });
    same_whatever_the_slicing("mlbf comparison", &SIZES, make, |c| c.points().to_vec());
    let items: Rc<Vec<String>> = Rc::new((0..400).map(|i| format!("h{}.org/d{}/p{i}", i % 9, i % 4)).collect());
    let own = || Comparison::on_items(HashFamily::Xxh3, 3, 4, items.clone());
    same_whatever_the_slicing("mlbf comparison, own items", &SIZES, own, |c| c.points().to_vec());
    // No comparison asked for yet: done, nothing to do.
    let mut none: Option<Comparison> = None;
    assert!(none.is_done() && none.work(10) == 0 && none.ops_total() == 0);
}

#[test]
fn toolbox_variants_and_wrong_n() {
    use bloomlab_core::labs::toolbox::run::{VariantRun, WrongN};
    use bloomlab_core::labs::toolbox::variants::Variant;
    use bloomlab_core::labs::toolbox::Toolbox;
    use bloomlab_core::lectures::model::Model;
    use bloomlab_core::link::query::Query;
    let variants = || VariantRun::new(&Variant::ALL, 300, 0.01, 8, 4);
    same_whatever_the_slicing("toolbox variants", &[7, 1000], variants, |r| {
        r.results.iter().map(|v| (v.variant, v.inserted, v.failed, v.rate.hits, v.rate.trials)).collect::<Vec<_>>()
    });
    same_whatever_the_slicing(
        "toolbox wrong n",
        &SIZES,
        || WrongN::new(200, 0.05, 4),
        |w| w.measured.iter().map(|(e, r)| (e.to_bits(), r.hits, r.trials)).collect::<Vec<_>>(),
    );
    // Both as the page runs them, the wrong-n points first.
    let both = || Toolbox::read(&Query::parse("?n=200&p=0.05&variants=classic,cuckoo&seed=4")).0.run();
    same_whatever_the_slicing("toolbox run", &[7, 1000], both, |r| {
        let wrong: Vec<_> = r.wrong.measured.iter().map(|(e, r)| (e.to_bits(), r.hits, r.trials)).collect();
        let variants: Vec<_> = r.variants.results.iter().map(|v| (v.variant, v.failed, v.rate.hits)).collect();
        (wrong, variants)
    });
}

#[test]
fn search_comparison() {
    use bloomlab_core::labs::search::run::{Items, SearchRun};
    same_whatever_the_slicing(
        "search run",
        &[7, 1000],
        || SearchRun::new(Items::Crawl { seed: 3 }, 400, 100, 0.01),
        |r| r.results.iter().map(|m| format!("{m:?}")).collect::<Vec<_>>(),
    );
}

#[test]
fn crawler_policies() {
    use bloomlab_core::labs::crawler::{CrawlerRun, CrawlerSpec};
    use bloomlab_core::link::query::Query;
    let spec = CrawlerSpec { pages: 300, ..CrawlerSpec::read(&Query::parse("")).0 };
    same_whatever_the_slicing(
        "crawler run",
        &SIZES,
        || CrawlerRun::new(&spec),
        |r| r.crawls.iter().map(|c| format!("{:?}", c.samples)).collect::<Vec<_>>(),
    );
}

#[test]
fn moments_at_scale() {
    use bloomlab_core::labs::moments::scale::{ScaleRun, ScaleSpec, Source};
    let spec = ScaleSpec { source: Source::Zipf, zipf: 1.1, length: 2_000, s: 40, groups: 4, k: 2, seed: 6 };
    same_whatever_the_slicing("scale run", &SIZES, || ScaleRun::new(spec.clone(), None), |r| r.result.clone());
}

#[test]
fn distinct_combining_and_graph() {
    use bloomlab_core::labs::distinct::combine::CombineSpec;
    use bloomlab_core::labs::distinct::graph::GraphRun;
    use bloomlab_core::labs::distinct::streams::Streams;
    let spec = CombineSpec { length: 500, hashes: 8, runs: 3, group: 2, seed: 8 };
    let results = |s: &Streams| (s.combine.results.clone(), s.sketches.results.clone());
    same_whatever_the_slicing("combining runs and sketches", &SIZES, || Streams::new(spec.clone()), results);
    // The combining runs started again alone, after the walk went a run and a half.
    let again = || {
        let mut s = Streams::new(spec.clone());
        while s.sketches.ops_done() < 750 {
            s.work(100);
        }
        s.restart_combine(CombineSpec { hashes: 3, ..spec.clone() });
        s
    };
    same_whatever_the_slicing("combining runs started again", &SIZES, again, results);
    same_whatever_the_slicing(
        "graph run",
        &SIZES,
        || GraphRun::new(200, 3, "5", 4, 16, 2),
        |r| r.rows.iter().map(|&(d, n, e)| (d, n, e.to_bits())).collect::<Vec<_>>(),
    );
}

#[test]
fn frequencies_feed_and_window_errors() {
    use bloomlab_core::labs::frequencies::FrequenciesLab;
    use bloomlab_core::labs::window::WindowLab;
    use bloomlab_core::link::query::Query;
    let (lab, _) = FrequenciesLab::read(&Query::parse("?stream=zipf&length=3000&w=20&d=4&k=5"));
    same_whatever_the_slicing("frequencies feed", &SIZES, || lab.feed(), |f| f.summaries().clone());
    let (window, _) = WindowLab::read(&Query::parse("?p=0.4&length=3000&N=50&r=3"));
    same_whatever_the_slicing("window errors", &SIZES, || window.error_run(), |r| r.errors());
}

#[test]
fn window_errors() {
    use bloomlab_core::labs::window::WindowLab;
    use bloomlab_core::link::query::Query;
    let (lab, _) = WindowLab::read(&Query::parse("?p=0.4&length=3000&N=64&r=3&seed=9"));
    same_whatever_the_slicing("window errors", &SIZES, || lab.scale_run(), |r| (r.errors(), r.profile()));
}

#[test]
fn frequencies_scale_run() {
    use bloomlab_core::labs::frequencies::FrequenciesLab;
    use bloomlab_core::link::query::Query;
    let (lab, _) = FrequenciesLab::read(&Query::parse("?s=1.2&length=2500&w=30&d=3&k=4&seed=7"));
    same_whatever_the_slicing("frequencies scale", &SIZES, || lab.scale_run(), |r| r.results().to_vec());
}
