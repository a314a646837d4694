//! Tests of the counting view model.

use super::*;
use crate::link::query::{self, Query};
use crate::link::state::LinkState;

fn lab(search: &str) -> CountingLab {
    CountingLab::read(&Query::parse(search)).0
}

#[test]
fn ops_replay_and_round_trip() {
    let l = lab("?view=counting&m=32&k=3&ops=i:apple,i:apple,i:a%2Cb,d:apple&query=apple");
    assert!(l.notices().is_empty(), "{:?}", l.notices());
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
    let l = lab("?ops=i:a,d:zzz");
    assert_eq!(l.ops().len(), 1);
    assert!(l.notices().iter().any(|n| n.param.as_deref() == Some("ops")));
    let mut l = lab("?ops=i:a");
    assert!(l.delete("never").is_err());
    l.set_force(true);
    l.delete("never").unwrap();
    assert!(l.shown().unwrap().forced);
    assert!(l.shown().unwrap().phantom_delete);
    let l = lab("?force=1&ops=i:a,d:zzz");
    assert_eq!(l.ops().len(), 2);
}

#[test]
fn bad_parameters_give_notices() {
    let l = lab("?m=0&k=x&hash=md5&w=99&mode=avg&force=2&ops=x:1,i:%zz,i:,i:ok&query=%&exp=abc");
    let params: Vec<&str> = l.notices().iter().filter_map(|n| n.param.as_deref()).collect();
    for p in ["m", "k", "hash", "w", "mode", "force", "ops", "query", "exp"] {
        assert!(params.contains(&p), "{p} in {params:?}");
    }
    assert_eq!((l.m(), l.k(), l.w(), l.mode()), (DEFAULT_M, DEFAULT_K, MAX_W, Mode::Min));
    assert_eq!(l.ops(), [Op::Insert("ok".into())]);
    let l = lab("?hash=ullman&k=5&ops=i:25,i:apple");
    assert_eq!(l.k(), 2);
    assert_eq!(l.ops().len(), 1);
}

#[test]
fn settings_changes_replay_the_history() {
    let mut l = lab("?m=32&ops=i:a,i:b,i:a");
    let est = l.filter().estimate("a").unwrap().value;
    l.set_mode(Mode::Rm);
    l.set_w(2);
    l.set_m(64);
    l.set_k(4);
    assert_eq!(l.ops().len(), 3);
    assert_eq!(l.true_count("a"), 2);
    l.set_m(32);
    l.set_k(3);
    l.set_w(4);
    l.set_mode(Mode::Min);
    assert_eq!(l.filter().estimate("a").unwrap().value, est);
    l.clear();
    assert_eq!((l.ops().len(), l.n()), (0, 0));
}

#[test]
fn the_experiments_seed_field_reads_as_the_link_does() {
    let mut l = lab("?m=32");
    l.start_experiment_from_field(" 3 ");
    assert_eq!(l.experiment().map(|e| e.seed), Some(3));
    assert_eq!(l.query_pairs().iter().find(|(k, _)| *k == "exp").map(|(_, v)| v.as_str()), Some("3"));
    l.start_experiment_from_field("lots");
    let from_link = lab("?m=32&exp=lots");
    assert_eq!(l.notices(), from_link.notices());
    assert_eq!(l.experiment().map(|e| e.seed), Some(3), "a bad seed starts nothing");
    l.start_experiment_from_field("4");
    assert!(l.notices().is_empty() && l.experiment().map(|e| e.seed) == Some(4));
}

#[test]
fn the_forms_fields_read_as_the_link() {
    let mut l = lab("?ops=i:apple&w=99");
    assert_eq!(l.w(), 32);
    assert!(l.notices().iter().any(|n| n.param.as_deref() == Some("w")));
    l.set_w_text("3");
    assert_eq!(l.w(), 3);
    assert!(l.notices().is_empty(), "{:?}", l.notices());
    l.set_w_text("0");
    assert_eq!(l.w(), DEFAULT_W);
    assert_eq!(l.notices().iter().filter(|n| n.param.as_deref() == Some("w")).count(), 1);
    l.set_m_text("5000000");
    assert_eq!(l.m(), MAX_M);
    l.set_k_text("x");
    assert_eq!(l.k(), DEFAULT_K);
    l.set_mode_text("rm");
    assert_eq!(l.mode(), Mode::Rm);
    l.set_mode_text("best");
    assert_eq!(l.mode(), Mode::Min);
    let params: Vec<&str> = l.notices().iter().filter_map(|n| n.param.as_deref()).collect();
    assert_eq!(params, ["w", "m", "k", "mode"]);
    assert_eq!(l.true_count("apple"), 1, "the history survives every setting");
    assert_eq!(Mode::NAMES.map(Mode::parse), Mode::ALL.map(Some));
}
