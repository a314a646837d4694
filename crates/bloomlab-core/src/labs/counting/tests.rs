//! Tests of the counting view model.

use super::*;
use crate::lectures::model::{Carry, Model};
use crate::link::query::{self, Query};
use crate::link::state::LinkState;

fn lab(search: &str) -> CountingLab {
    CountingLab::read(&Query::parse(search)).0
}

fn notices(search: &str) -> Vec<Notice> {
    CountingLab::read(&Query::parse(search)).1
}

fn params(notices: &[Notice]) -> Vec<&str> {
    notices.iter().filter_map(|n| n.param.as_deref()).collect()
}

/// The model after `edit`, and the notices the page then shows.
fn edited(lab: &CountingLab, edit: CountingEdit) -> (CountingLab, Vec<Notice>) {
    let (next, notices) = lab.edit(edit).expect("every edit gives a model");
    (next, notices.expect("every edit gives its notices"))
}

#[test]
fn ops_replay_and_round_trip() {
    let link = "?view=counting&m=32&k=3&ops=i:apple,i:apple,i:a%2Cb,d:apple&query=apple";
    assert!(notices(link).is_empty(), "{:?}", notices(link));
    let l = lab(link);
    assert_eq!(l.ops().len(), 4);
    assert_eq!(l.true_count("apple"), 1);
    assert_eq!(l.true_count("a,b"), 1);
    let s = l.shown().unwrap();
    assert_eq!(s.trace.item, "apple");
    assert!(s.trace.estimate.value >= 1);
    let again = lab(&query::build(&l.query_pairs()));
    assert_eq!(again.filter(), l.filter());
    assert_eq!(again.ops(), l.ops());
    assert_eq!(again.shown(), l.shown());
}

#[test]
fn deleting_an_absent_item_is_refused_unless_forced() {
    assert_eq!(lab("?ops=i:a,d:zzz").ops().len(), 1);
    assert!(params(&notices("?ops=i:a,d:zzz")).contains(&"ops"));
    let l = lab("?ops=i:a");
    let (same, refused) = edited(&l, CountingEdit::Delete("never".into()));
    assert_eq!((same, refused.len()), (l.clone(), 1), "refused: the model as it was, and why");
    let (forced, _) = l.with_fields(&[("force", "1")]);
    let (l, said) = edited(&forced, CountingEdit::Delete("never".into()));
    assert!(said.is_empty());
    assert!(l.shown().unwrap().forced);
    assert!(l.shown().unwrap().phantom_delete);
    let l = lab("?force=1&ops=i:a,d:zzz");
    assert_eq!(l.ops().len(), 2);
}

#[test]
fn bad_parameters_give_notices() {
    let link = "?m=0&k=x&hash=md5&w=99&mode=avg&force=2&ops=x:1,i:%zz,i:,i:ok&query=%&exp=abc";
    let said = notices(link);
    for p in ["m", "k", "hash", "w", "mode", "force", "ops", "query", "exp"] {
        assert!(params(&said).contains(&p), "{p} in {:?}", params(&said));
    }
    let l = lab(link);
    assert_eq!((l.m(), l.k(), l.w(), l.mode()), (DEFAULT_M, DEFAULT_K, MAX_W, Mode::Min));
    assert_eq!(l.ops(), [Op::Insert("ok".into())]);
    let l = lab("?hash=ullman&k=5&ops=i:25,i:apple");
    assert_eq!(l.k(), 2);
    assert_eq!(l.ops().len(), 1);
}

#[test]
fn settings_changes_replay_the_history() {
    let l = lab("?m=32&ops=i:a,i:b,i:a");
    let est = l.filter().estimate("a").unwrap().value;
    let (l, _) = l.with_fields(&[("mode", "rm"), ("w", "2"), ("m", "64"), ("k", "4")]);
    assert_eq!((l.mode(), l.w(), l.m(), l.k()), (Mode::Rm, 2, 64, 4));
    assert_eq!(l.ops().len(), 3);
    assert_eq!(l.true_count("a"), 2);
    let (l, _) = l.with_fields(&[("mode", "min"), ("w", "4"), ("m", "32"), ("k", "3")]);
    assert_eq!(l.filter().estimate("a").unwrap().value, est);
    let (l, _) = edited(&l, CountingEdit::Clear);
    assert_eq!((l.ops().len(), l.n()), (0, 0));
}

#[test]
fn the_experiments_seed_field_reads_as_the_link_does() {
    let l = lab("?m=32");
    let (l, said) = edited(&l, CountingEdit::Experiment(" 3 ".into()));
    assert_eq!((l.exp(), said.len()), (Some(3), 0));
    assert_eq!(l.run().map(|e| e.seed), Some(3));
    assert_eq!(l.query_pairs().iter().find(|(k, _)| *k == "exp").map(|(_, v)| v.as_str()), Some("3"));
    let (same, said) = edited(&l, CountingEdit::Experiment("lots".into()));
    assert_eq!(said, notices("?m=32&exp=lots"));
    assert_eq!(same.exp(), Some(3), "a bad seed starts nothing");
    assert_eq!(same.carry_run(&l, &mut l.run()), Carry::Keep);
    let (four, said) = edited(&l, CountingEdit::Experiment("4".into()));
    assert!(said.is_empty() && four.exp() == Some(4));
    assert_eq!(four.carry_run(&l, &mut l.run()), Carry::Restart);
}

#[test]
fn the_experiment_goes_on_through_operations_and_starts_again_with_its_family_or_k() {
    let l = lab("?m=32&exp=2&ops=i:a");
    let keep = |next: &CountingLab| next.carry_run(&l, &mut l.run());
    assert_eq!(keep(&edited(&l, CountingEdit::Insert("b".into())).0), Carry::Keep);
    assert_eq!(keep(&edited(&l, CountingEdit::Clear).0), Carry::Keep);
    for (field, value, carry) in [("m", "64", Carry::Keep), ("w", "8", Carry::Keep), ("k", "5", Carry::Restart)] {
        assert_eq!(keep(&l.with_fields(&[(field, value)]).0), carry, "{field}");
    }
    assert_eq!(keep(&l.with_fields(&[("hash", "double")]).0), Carry::Restart);
}

#[test]
fn the_forms_fields_read_as_the_link() {
    let l = lab("?ops=i:apple&w=99");
    assert_eq!(l.w(), 32);
    assert!(params(&notices("?ops=i:apple&w=99")).contains(&"w"));
    let (l, said) = l.with_fields(&[("w", "3")]);
    assert_eq!(l.w(), 3);
    assert!(said.is_empty(), "{said:?}");
    let (l, said) = l.with_fields(&[("w", "0")]);
    assert_eq!((l.w(), params(&said)), (DEFAULT_W, vec!["w"]));
    let (l, said) = l.with_fields(&[("m", "5000000"), ("k", "x"), ("mode", "rm")]);
    assert_eq!((l.m(), l.k(), l.mode()), (MAX_M, DEFAULT_K, Mode::Rm));
    assert_eq!(params(&said), ["m", "k"]);
    let (l, said) = l.with_fields(&[("mode", "best")]);
    assert_eq!((l.mode(), params(&said)), (Mode::Min, vec!["mode"]));
    assert_eq!(l.true_count("apple"), 1, "the history survives every setting");
    assert_eq!(Mode::NAMES.map(Mode::parse), Mode::ALL.map(Some));
}
