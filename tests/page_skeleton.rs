//! The page skeleton (`hooks::page::Page<M>`) on the window view's model: what starts its run
//! again (only what the model says), where its notices live (the page's, replaced by a change),
//! a stale playback tick or slice dropped, and the question's state back at the start whenever
//! the step changes; the moments view's file problems; the toolbox's two measurements in order.

use bloomlab::hooks::page::{Page, PageAction};
use bloomlab_core::labs::window::WindowLab;
use bloomlab_core::lectures::model::Model;
use bloomlab_core::lectures::stepper::StepAction;
use bloomlab_core::link::Query;

fn open(link: &str) -> Page<WindowLab> {
    Page::open(&Query::parse(link))
}

fn fields<E>(pairs: &[(&'static str, &str)]) -> PageAction<E> {
    PageAction::Fields(pairs.iter().map(|&(k, v)| (k, v.to_string())).collect())
}

#[test]
fn the_link_gives_the_model_its_step_and_its_notices() {
    let page = open("?view=window&t=4&N=x");
    assert_eq!((page.step(), page.stepper.steps()), (4, 25));
    assert_eq!(page.notices.iter().filter(|n| n.param.as_deref() == Some("N")).count(), 1);
    assert_eq!(page.generation, 0);
}

#[test]
fn the_run_starts_again_only_when_the_model_says() {
    let page = open("?view=window&t=4");
    let id = page.run.id;
    // A step changes nothing the run depends on.
    let stepped = page.after(PageAction::Step(StepAction::Next, u64::MAX)).expect("a step");
    assert_eq!((stepped.step(), stepped.run.id), (5, id));
    // A typed stream with the same N and r: the generated stream's errors go on.
    let typed = stepped.after(fields(&[("bits", "1101"), ("t", "")])).expect("a new stream");
    assert_eq!(typed.run.id, id, "{:?}", typed.notices);
    assert_eq!((typed.step(), typed.stepper.steps()), (4, 4), "a new stream is shown whole");
    // Another N: the run starts again, and the notices are the change's own.
    let wider = typed.after(fields(&[("N", "99999999999")])).expect("another N");
    assert_eq!(wider.run.id, id + 1);
    assert!(wider.notices.iter().any(|n| n.param.as_deref() == Some("N")), "{:?}", wider.notices);
    let fixed = wider.after(fields(&[("N", "8")])).expect("N = 8");
    assert!(fixed.notices.is_empty(), "{:?}", fixed.notices);
    assert!(fixed.after(PageAction::DismissNotices).is_some_and(|p| p.notices.is_empty()));
}

#[test]
fn stale_ticks_and_slices_are_dropped() {
    let page = open("?view=window&t=2");
    let playing = page.after(PageAction::Step(StepAction::TogglePlay, u64::MAX)).expect("play");
    // A tick scheduled at an older generation, and a slice of another run or out of turn.
    assert!(playing.after(PageAction::Step(StepAction::Tick, page.generation)).is_none());
    assert!(playing.after(PageAction::Step(StepAction::Tick, playing.generation)).is_some());
    let id = playing.run.id;
    assert!(playing.after(PageAction::Work { run: id + 1, slice: 0 }).is_none());
    assert!(playing.after(PageAction::Work { run: id, slice: 5 }).is_none());
    // A slice keeps the generation: a tick scheduled before it is still current.
    let sliced = playing.after(PageAction::Work { run: id, slice: 0 }).expect("the first slice");
    assert_eq!((sliced.run.slice, sliced.generation), (1, playing.generation));
}

#[test]
fn a_question_starts_again_when_the_step_changes() {
    // The window view asks at a step whose next bit makes a merge.
    let page = open("?view=window");
    let at = (0..=page.stepper.steps()).find(|&s| page.model.asked(s).is_some()).expect("a step with a question");
    let page = open(&format!("?view=window&t={at}"));
    let revealed = page.after(PageAction::Reveal).expect("reveal");
    assert_ne!(revealed.quiz, page.quiz);
    let moved = revealed.after(PageAction::Step(StepAction::Next, u64::MAX)).expect("next");
    assert_eq!(moved.quiz, page.quiz, "the next step's question starts unanswered");
}

#[test]
fn two_runs_each_kept_renewed_or_started_again_as_the_model_says() {
    use bloomlab_core::labs::distinct::DistinctLab;
    let page: Page<DistinctLab> =
        Page::open(&Query::parse("?view=distinct&graph=1000&graph-node=900&length=2000&runs=10"));
    let (run, aside) = (page.run.id, page.aside.id);
    let edit = |p: &Page<DistinctLab>, name: &'static str, text: &str| {
        p.after(PageAction::Edit((name, text.to_string()))).expect("an edit")
    };
    // The random graph's size: only the second run starts again.
    let graph = edit(&page, "graph", "2000");
    assert_eq!((graph.run.id, graph.aside.id), (run, aside + 1));
    // The group size: the walk goes over the same streams again (renewed, the run kept).
    let groups = edit(&graph, "groups", "4");
    assert_eq!((groups.run.id, groups.aside.id), (run + 1, aside + 1));
    // The seed: both start again; a bad value's notice is the page's.
    let seeded = edit(&groups, "seed", "x");
    assert_eq!((seeded.run.id, seeded.aside.id), (run + 1, aside + 1), "a bad seed changes nothing that runs");
    assert!(seeded.notices.iter().any(|n| n.param.as_deref() == Some("seed")), "{:?}", seeded.notices);
    let reseeded = edit(&seeded, "seed", "7");
    assert_eq!((reseeded.run.id, reseeded.aside.id), (run + 2, aside + 2));
    assert!(reseeded.notices.is_empty());
}

#[test]
fn a_page_without_a_walkthrough_or_a_run() {
    use bloomlab_core::labs::skiena::SkienaLab;
    let page: Page<SkienaLab> = Page::open(&Query::parse("?view=skiena&load=x"));
    assert_eq!(page.stepper.steps(), 0, "no steps");
    assert!(page.model.pairs(&page.stepper).iter().all(|(k, _)| *k != "step"));
    assert!(page.run.is_done() && page.aside.is_done(), "nothing to run");
    assert_eq!(page.notices.len(), 1, "the bad load's notice");
    // The slider: a new load, and the link's notice no longer stands; text that is no number
    // changes nothing.
    let slid = page.after(PageAction::Edit("100".into())).expect("a load");
    assert_eq!((slid.model.load, slid.notices.len()), (0.1, 0));
    assert!(slid.after(PageAction::Edit("many".into())).is_none());
}

#[test]
fn a_problem_with_a_file_is_one_notice_beside_the_links() {
    use bloomlab_core::labs::moments::page::MomentsEdit;
    use bloomlab_core::labs::moments::MomentsLab;
    let page: Page<MomentsLab> = Page::open(&Query::parse("?view=moments&source=text&zipf=x"));
    let params = |p: &Page<MomentsLab>| p.notices.iter().map(|n| n.param.clone()).collect::<Vec<_>>();
    assert_eq!(params(&page), [Some("zipf".to_string()), Some("source".to_string())]);
    let refused = page.after(PageAction::Problem("a.bin looks binary".into())).expect("a problem");
    let again = refused.after(PageAction::Problem("b.bin looks binary".into())).expect("another");
    assert_eq!(params(&again), [Some("zipf".to_string()), Some("source".to_string()), None], "the last problem only");
    assert_eq!(again.run.id, page.run.id, "a refused file changes nothing that runs");
    // A preset leaves the link's other parameters as they were, and the page's notices with them;
    // a setting of the estimator gives its new link's notices (zipf is the default again).
    let counted = again.after(PageAction::Edit(MomentsEdit::Preset(1))).expect("a preset");
    assert_eq!((counted.notices.len(), counted.run.id), (3, page.run.id));
    let set = counted.after(PageAction::Edit(MomentsEdit::Scale("s", "20".into()))).expect("a setting");
    assert_eq!((params(&set), set.run.id), (vec![Some("source".to_string())], page.run.id + 1));
}

#[test]
fn a_page_with_no_link_keeps_what_is_typed_and_says_why_a_file_was_refused() {
    use bloomlab_core::labs::practice::tally::codes::{CodesEdit, TallyCodes};
    use bloomlab_core::labs::practice::tally::{TallyEdit, TallyPage};
    // The tally's page: the codes as typed or read from a file.
    let page: Page<TallyCodes> = Page::open(&Query::parse("?view=tally"));
    assert!(page.model.pairs(&page.stepper).is_empty(), "the codes are never in the link");
    let typed = page.after(PageAction::Edit(CodesEdit::Type("not a code".into()))).expect("typed");
    let refused = typed.after(PageAction::Edit(CodesEdit::Loaded(vec![0, 159, 146, 150]))).expect("a binary file");
    assert_eq!((refused.notices.len(), refused.model.text.as_str()), (1, "not a code"), "nothing typed is lost");
    let asked = refused.after(PageAction::Edit(CodesEdit::Apply)).expect("asked");
    assert_eq!((asked.model.asked, asked.notices.len()), (1, 1));
    // The results' bundle reads those codes and tallies them.
    let results: Page<TallyPage> = Page::open(&Query::parse(""));
    let read = results.after(PageAction::Edit(TallyEdit::Type(asked.model.text.clone()))).expect("read");
    let tallied = read.after(PageAction::Edit(TallyEdit::Apply)).expect("tallied");
    assert_eq!((tallied.model.tally.as_ref().map(|t| t.valid), tallied.notices.len()), (Some(0), 0));
}

#[test]
fn the_toolbox_measures_its_wrong_n_first_and_again_only_what_a_change_feeds() {
    use bloomlab_core::labs::toolbox::{Side, Toolbox, ToolboxEdit};
    use std::rc::Rc;
    let page: Page<Toolbox> = Page::open(&Query::parse("?view=toolbox&n=200&variants=classic"));
    let id = page.run.id;
    // One wrong-n point a slice, before any variant.
    let mut sliced = page.clone();
    for slice in 0..8 {
        sliced = sliced.after(PageAction::Work { run: id, slice }).expect("a slice");
        assert_eq!(sliced.run.borrow().wrong.measured.len(), slice as usize + 1);
        assert_eq!(sliced.run.borrow().variants.ops_done(), 0);
    }
    // An item: the filters built again, the measurements going on.
    let item = sliced.after(PageAction::Edit(ToolboxEdit::AddItem(Side::A, "emu".into()))).expect("an item");
    assert_eq!((item.run.id, item.model.pair.truth[0]), (id, 5));
    // Another f: the variants from their start, the wrong-n points and the filters kept.
    let f = item.after(fields(&[("f", "12")])).expect("another f");
    assert_eq!((f.run.id, f.run.borrow().wrong.measured.len()), (id + 1, 8));
    assert!(Rc::ptr_eq(&f.model.pair, &item.model.pair));
    // A bad n: both measured again, and the link's notice on the page, not in the model.
    let n = f.after(fields(&[("n", "x")])).expect("a bad n");
    assert_eq!((n.run.id, n.run.borrow().wrong.measured.len()), (id + 2, 0));
    assert_eq!(n.notices.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["n"]);
    assert!(n.after(PageAction::Work { run: id + 1, slice: 0 }).is_none(), "the old run's slice is dropped");
}

#[test]
fn a_paced_page_is_the_same_page_until_its_run_shows_something_new() {
    use bloomlab::hooks::sliced::NEXT_SLICE;
    use bloomlab_core::labs::fp::{FpEdit, FpSettings};
    // The clock stands still here, so no slice is shown before the run's last one.
    let page = Page::<FpSettings>::open(&Query::parse("?view=fp&m=1000&n=100&k=4&trials=1000"));
    let run = page.run.id;
    let sliced = page.after(PageAction::Work { run, slice: NEXT_SLICE }).expect("a slice");
    assert!(sliced.run.borrow().experiment().ops_done() > 0, "the slice measured");
    assert!(sliced == page, "a slice the page does not show yet changes nothing on it");
    assert!(sliced.after(PageAction::Work { run: run + 1, slice: NEXT_SLICE }).is_none(), "another run's slice");
    let mut last = sliced;
    while let Some(next) = last.after(PageAction::Work { run, slice: NEXT_SLICE }) {
        last = next;
    }
    assert!(last.run.is_done() && last != page, "its end is shown");
    // Only what the measurements depend on starts them again.
    let logged = last.after(PageAction::Edit(FpEdit::Log(true))).expect("the log scale");
    assert!(logged != last && logged.run.id == run && logged.run.is_done());
    let wider = logged.after(PageAction::Edit(FpEdit::Field("k", "5".into()))).expect("another k");
    assert!(wider.run.id != run && !wider.run.is_done());
}
