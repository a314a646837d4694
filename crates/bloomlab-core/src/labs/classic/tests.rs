//! Tests of the classic view model.

use super::*;
use crate::engine::filter::BloomFilter;
use crate::engine::sliced::Sliced;
use crate::link::query::{self, Query};
use crate::link::state::LinkState;

fn lab(search: &str) -> ClassicLab {
    let mut l = ClassicLab::read(&Query::parse(search)).0;
    l.finish();
    l
}

#[test]
fn ullman_link_reproduces_the_lecture() {
    let l = lab("?view=classic&m=11&k=2&hash=ullman&items=25,159,585&query=118");
    assert_eq!(l.filter().bits().to_bit_string(), "10100101010");
    assert!(l.notices().is_empty(), "{:?}", l.notices());
    match l.shown().unwrap() {
        LastItem::LookedUp { trace, verdict, truth } => {
            assert_eq!(trace.positions_csv(), "3,5");
            assert_eq!(*verdict, Verdict::Absent);
            assert_eq!(*truth, Truth::NonMember);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_parameters_give_notices_and_sensible_values() {
    let l = lab("?m=-5&k=0&hash=md5&items=a,%zz,b&query=%");
    assert_eq!((l.m(), l.k(), l.family()), (DEFAULT_M, DEFAULT_K, HashFamily::Xxh3));
    let params: Vec<&str> = l.notices().iter().filter_map(|n| n.param.as_deref()).collect();
    for p in ["m", "k", "hash", "items", "query"] {
        assert!(params.contains(&p), "{p} in {params:?}");
    }
    assert_eq!(l.items(), ["a", "b"]);
    let l = lab("?m=1000000000000&k=99999");
    assert_eq!((l.m(), l.k()), (MAX_M, MAX_K));
    let l = lab("?hash=ullman&k=3&items=25,apple,7");
    assert_eq!(l.k(), 2);
    assert_eq!(l.items(), ["25", "7"]);
    assert!(l.notices().iter().any(|n| n.param.as_deref() == Some("items")));
    let l = lab("?bulk=words:5,urls:0,pics:3,urls:x");
    assert_eq!(l.generated_total(), 5);
    assert_eq!(l.notices().iter().filter(|n| n.param.as_deref() == Some("bulk")).count(), 3);
}

#[test]
fn typed_input_is_checked() {
    let mut l = ClassicLab::default();
    assert!(l.insert("").is_err());
    assert!(l.insert(&"x".repeat(MAX_ITEM_CHARS + 1)).is_err());
    assert!(l.insert("🙂 emoji, with comma").is_ok());
    assert_eq!(l.n(), 1);
    assert!(l.insert("🙂 emoji, with comma").is_ok());
    assert_eq!(l.items().len(), 1);
    assert!(l.lookup("").is_err());
    l.lookup("🙂 emoji, with comma").unwrap();
    assert!(matches!(l.shown(), Some(LastItem::LookedUp { verdict: Verdict::Maybe, truth: Truth::Member, .. })));
    let mut u = ClassicLab::new(HashFamily::Ullman, 11, 2);
    assert!(u.insert("apple").is_err());
    assert!(u.lookup("apple").is_err());
    assert!(u.add_batch(ItemKind::Words, 1000).is_err());
}

#[test]
fn link_round_trips() {
    let mut l = lab("?m=100&k=4&hash=double&items=a%2Cb,c%20d&bulk=urls:1000");
    l.lookup("zzz").unwrap();
    let search = query::build(&l.query_pairs());
    let again = lab(&search);
    assert_eq!(again.items(), l.items());
    assert_eq!(again.filter().bits(), l.filter().bits());
    assert_eq!(again.batches(), l.batches());
    assert_eq!(again.shown(), l.shown());
}

#[test]
fn work_fills_in_slices_and_rebuilds_keep_items() {
    let mut l = ClassicLab::new(HashFamily::Double, 10_000, 5);
    l.insert("typed").unwrap();
    l.add_batch(ItemKind::Words, 1000).unwrap();
    assert_eq!(l.pending(), 1000);
    assert_eq!(l.work(300), 300);
    assert_eq!(l.n(), 301);
    l.finish();
    assert_eq!(l.n(), 1001);
    let bits = l.filter().bits().clone();
    l.set_m(5000);
    assert_eq!(l.pending(), 1000);
    l.finish();
    l.set_m(10_000);
    l.finish();
    assert_eq!(l.filter().bits(), &bits);
    let w = crate::data::generate::item(ItemKind::Words, 0, 10);
    assert!(l.is_member(&w));
    l.lookup(&w).unwrap();
    assert!(matches!(l.shown(), Some(LastItem::LookedUp { verdict: Verdict::Maybe, truth: Truth::Member, .. })));
    let (_, generated) = l.who_set(l.shown().unwrap().trace().steps[0].position, 10_000);
    assert!(generated.unwrap() >= 1);
    l.clear();
    assert_eq!((l.n(), l.filter().bits().count_ones()), (0, 0));
}

#[test]
fn no_false_negatives_for_members() {
    let mut l = ClassicLab::new(HashFamily::Xxh3, 64, 3);
    for i in 0..200 {
        l.insert(&format!("member {i}")).unwrap();
    }
    for i in 0..200 {
        l.lookup(&format!("member {i}")).unwrap();
        assert!(matches!(l.shown(), Some(LastItem::LookedUp { verdict: Verdict::Maybe, .. })));
    }
}

#[test]
fn ullman_with_generated_items_counts_them_as_skipped_and_ends_the_progress() {
    let mut l = lab("?view=classic&hash=ullman&bulk=words:1000,urls:20&items=25");
    assert_eq!(l.pending(), 0, "nothing is left to hash");
    assert_eq!(l.generated_total(), 1020);
    assert_eq!(l.generated_skipped(), 1020);
    assert_eq!(l.generated_processed(), l.generated_total(), "the progress bar ends");
    assert_eq!(l.n(), 1, "only 25 is hashed");
    let unhashable: Vec<_> =
        l.notices().iter().filter(|n| n.kind == crate::link::notice::NoticeKind::Unhashable).collect();
    assert_eq!(unhashable.len(), 1, "one notice of its kind: {:?}", l.notices());
    let msg = &unhashable[0].message;
    assert!(msg.contains("1,020 generated"), "{msg}");
    assert!(!msg.contains(" 0 "), "{msg}");
    l.set_family(HashFamily::Xxh3);
    assert_eq!(l.generated_skipped(), 0);
    assert_eq!(l.pending(), 1020, "xxh3 hashes them");
    l.finish();
    assert_eq!(l.generated_processed(), 1020);
    assert!(l.notices().iter().all(|n| n.kind != crate::link::notice::NoticeKind::Unhashable), "dropped by its kind");

    let mut typed = lab("?items=25,apple,7&bulk=words:10");
    typed.finish();
    typed.set_family(HashFamily::Ullman);
    let msg = &typed.notices().iter().find(|n| n.message.contains("cannot hash")).expect("a notice").message;
    assert!(msg.contains("1 typed item ") && msg.contains("10 generated"), "{msg}");
    assert_eq!(typed.n(), 2);
}

fn own_items(n: usize) -> Rc<Vec<String>> {
    Rc::new((0..n).map(|i| format!("site{}.org/page/{i}", i % 37)).collect())
}

#[test]
fn own_items_are_hashed_in_slices_like_a_fresh_filter() {
    let mut l = lab("?m=4096&k=4&items=typed");
    l.set_file(own_items(900));
    assert_eq!(l.pending(), 900);
    let mut slices = 0;
    while l.pending() > 0 {
        l.work(128);
        slices += 1;
    }
    assert_eq!(slices, 8, "900 items in slices of 128");
    assert_eq!(l.n(), 901);
    let mut fresh = BloomFilter::new(HashFamily::Xxh3, 4096, 4);
    fresh.insert("typed").unwrap();
    for s in own_items(900).iter() {
        fresh.insert(s).unwrap();
    }
    assert_eq!(l.filter().bits(), fresh.bits(), "the same bits as inserting every item at once");
    // Every file item is a member and found: no false negatives.
    for s in own_items(900).iter().step_by(50) {
        l.lookup(s).unwrap();
        assert!(matches!(l.shown(), Some(LastItem::LookedUp { verdict: Verdict::Maybe, truth: Truth::Member, .. })));
    }
    // A new m rehashes the file in slices; clearing the file leaves the typed item only.
    l.set_m(8192);
    assert_eq!(l.pending(), 900);
    l.finish();
    l.clear_file();
    assert_eq!((l.n(), l.pending()), (1, 0));
    assert!((1..=4).contains(&l.filter().bits().count_ones()), "only the typed item's bits are left");
    assert!(!l.is_member("site0.org/page/0"));
}

#[test]
fn a_data_file_link_explains_the_missing_file_and_round_trips() {
    let l = lab("?m=64&data=file");
    assert!(l
        .notices()
        .iter()
        .any(|n| n.param.as_deref() == Some("data") && n.message.contains("not part of the link")));
    assert!(!l.query_pairs().iter().any(|(k, v)| *k == "data" && !v.is_empty()), "no file loaded: no data=file");
    let mut l = l;
    l.set_file(own_items(10));
    assert!(l.notices().iter().all(|n| n.param.as_deref() != Some("data")), "the file clears the notice");
    assert!(l.query_pairs().contains(&("data", "file".to_string())));
    assert!(lab("?data=generated").notices().is_empty());
    assert!(lab("?data=ftp").notices().iter().any(|n| n.param.as_deref() == Some("data")));
}

#[test]
fn ullman_hashes_the_whole_numbers_of_a_file_and_names_the_rest() {
    let mut l = lab("?m=11&k=2&hash=ullman");
    l.set_file(Rc::new(["25", "159", "585", "apple"].map(String::from).to_vec()));
    l.finish();
    assert_eq!(l.filter().bits().to_bit_string(), "10100101010", "the lecture's three numbers");
    assert_eq!(l.n(), 3);
    assert!(l.notices().iter().any(|n| n.message.contains("1 of your items")));
}

#[test]
fn the_link_revision_changes_whenever_the_link_does_and_not_on_a_slice() {
    use crate::data::generate::ItemKind;
    let mut l = lab("?items=cat,dog&m=256&k=3");
    let mut seen = (l.query_pairs(), l.link_revision());
    let mut check = |l: &ClassicLab, what: &str| {
        let now = (l.query_pairs(), l.link_revision());
        if now.0 != seen.0 {
            assert_ne!(now.1, seen.1, "{what} changed the link but not its revision");
        }
        seen = now;
    };
    type Act = fn(&mut ClassicLab);
    let actions: [(&str, Act); 12] = [
        ("insert", |l| drop(l.insert("emu"))),
        ("insert again", |l| drop(l.insert("emu"))),
        ("lookup", |l| drop(l.lookup("yak"))),
        ("a bad lookup", |l| drop(l.lookup(""))),
        ("batch", |l| drop(l.add_batch(ItemKind::Words, 5_000))),
        ("set m", |l| l.set_m(512)),
        ("set k", |l| l.set_k(5)),
        ("family", |l| l.set_family(HashFamily::Double)),
        ("file", |l| l.set_file(std::rc::Rc::new(vec!["a".into(), "b".into()]))),
        ("no file", |l| l.clear_file()),
        ("lookup again", |l| drop(l.lookup("cat"))),
        ("clear", |l| l.clear()),
    ];
    for (what, act) in actions {
        act(&mut l);
        check(&l, what);
        // Hashing in slices never changes the link, nor so its revision.
        let before = l.link_revision();
        while l.work(1_000) > 0 {}
        assert_eq!(l.link_revision(), before, "after {what}: a slice moved the revision");
        check(&l, "a slice");
    }
}

#[test]
fn the_forms_m_and_k_read_as_the_link() {
    let mut l = lab("?items=cat&m=99999999999");
    assert!(l.notices().iter().any(|n| n.param.as_deref() == Some("m")));
    l.set_m_text("128");
    assert_eq!(l.m(), 128);
    assert!(l.notices().is_empty(), "a good m ends the link's notice about m: {:?}", l.notices());
    l.set_m_text("99999999999");
    assert_eq!(l.m(), MAX_M);
    let about_m: Vec<&str> =
        l.notices().iter().filter(|n| n.param.as_deref() == Some("m")).map(|n| n.message.as_str()).collect();
    let mut from_link = Vec::new();
    M.read(&Query::parse("?m=99999999999"), &mut from_link);
    assert_eq!(about_m, [from_link[0].message.as_str()], "the same notice as the link's");
    l.set_m_text("0");
    assert_eq!(l.m(), DEFAULT_M);
    l.set_k_text("7");
    assert_eq!((l.k(), l.notices().len()), (7, 1));
    l.set_family(HashFamily::Ullman);
    l.set_k_text("7");
    assert_eq!(l.k(), 2);
    assert!(l.notices().iter().any(|n| n.param.as_deref() == Some("k") && n.message.contains("only 2")));
    assert_eq!(l.items(), ["cat"]);
}
