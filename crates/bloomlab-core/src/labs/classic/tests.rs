//! Tests of the classic view model.

use super::*;
use crate::data::dataset::{Dataset, Reader, Split};
use crate::engine::filter::BloomFilter;
use crate::engine::sliced::Sliced;
use crate::lectures::model::{Carry, Model};
use crate::link::notice::{Notice, NoticeKind};
use crate::link::params::MAX_ITEM_CHARS;
use crate::link::query::{self, Query};
use crate::link::state::LinkState;

/// A page's model, its filter and its notices, as a link gives them, the filter filled.
struct Page {
    model: Classic,
    lab: ClassicLab,
    /// The notices the page keeps (a model returns them and keeps none).
    on_screen: Vec<Notice>,
}

impl Page {
    fn open(search: &str) -> Page {
        let (model, notices) = Classic::read(&Query::parse(search));
        let mut lab = model.run();
        lab.finish();
        Page { model, lab, on_screen: notices }
    }

    /// The edit as the page applies it: the model edited, its notices taken, the filter carried
    /// (not filled: `finish` does that).
    fn edit(&mut self, edit: ClassicEdit) -> &mut Page {
        let (next, notices) = self.model.edit(edit).expect("every edit gives a model");
        if next.carry_run(&self.model, &mut self.lab) == Carry::Restart {
            self.lab = next.run();
        }
        self.model = next;
        self.on_screen = notices.expect("every edit gives its notices");
        self
    }

    fn finish(&mut self) -> &mut Page {
        self.lab.finish();
        self
    }

    fn params(&self) -> Vec<&str> {
        self.on_screen.iter().filter_map(|n| n.param.as_deref()).collect()
    }
}

fn file(items: &[String]) -> Rc<Dataset> {
    let text = items.join("\n").into_bytes();
    Rc::new(Reader::new(Some("items.txt"), text).unwrap().split(Split::Lines).finish().unwrap())
}

#[test]
fn ullman_link_reproduces_the_lecture() {
    let p = Page::open("?view=classic&m=11&k=2&hash=ullman&items=25,159,585&query=118");
    assert_eq!(p.lab.filter().bits().to_bit_string(), "10100101010");
    assert!(p.on_screen.is_empty(), "{:?}", p.on_screen);
    match p.lab.shown().unwrap() {
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
    let p = Page::open("?m=-5&k=0&hash=md5&items=a,%zz,b&query=%");
    assert_eq!((p.model.m(), p.model.k(), p.model.family()), (DEFAULT_M, DEFAULT_K, HashFamily::Xxh3));
    for name in ["m", "k", "hash", "items", "query"] {
        assert!(p.params().contains(&name), "{name} in {:?}", p.params());
    }
    assert_eq!(p.model.items(), ["a", "b"]);
    assert_eq!(p.lab.items(), ["a", "b"]);
    let p = Page::open("?m=1000000000000&k=99999");
    assert_eq!((p.lab.m(), p.lab.k()), (MAX_M, MAX_K));
    let p = Page::open("?hash=ullman&k=3&items=25,apple,7");
    assert_eq!(p.lab.k(), 2);
    assert_eq!(p.model.items(), ["25", "7"]);
    assert!(p.params().contains(&"items"));
    let p = Page::open("?bulk=words:5,urls:0,pics:3,urls:x");
    assert_eq!(p.lab.generated_total(), 5);
    assert_eq!(p.params().iter().filter(|n| **n == "bulk").count(), 3);
}

#[test]
fn typed_input_is_checked() {
    let mut p = Page::open("");
    assert_eq!(p.edit(ClassicEdit::Insert(String::new())).on_screen.len(), 1);
    assert_eq!(p.edit(ClassicEdit::Insert("x".repeat(MAX_ITEM_CHARS + 1))).on_screen.len(), 1);
    assert!(p.model.items().is_empty() && p.lab.shown().is_none(), "nothing was inserted");
    assert!(p.edit(ClassicEdit::Insert("🙂 emoji, with comma".into())).on_screen.is_empty());
    assert_eq!(p.lab.n(), 1);
    let again = &p.edit(ClassicEdit::Insert("🙂 emoji, with comma".into())).on_screen;
    assert!(again[0].message.contains("already inserted"), "{again:?}");
    assert_eq!((p.model.items().len(), p.lab.items().len()), (1, 1));
    assert!(p.lab.shown().unwrap().trace().all_set(), "inserted again: every bit was already set");
    assert_eq!(p.edit(ClassicEdit::Lookup(String::new())).on_screen.len(), 1);
    p.edit(ClassicEdit::Lookup("🙂 emoji, with comma".into()));
    assert!(matches!(p.lab.shown(), Some(LastItem::LookedUp { verdict: Verdict::Maybe, truth: Truth::Member, .. })));
    let mut u = Page::open("?hash=ullman&m=11&k=2");
    for edit in [
        ClassicEdit::Insert("apple".into()),
        ClassicEdit::Lookup("apple".into()),
        ClassicEdit::Bulk(ItemKind::Words, 1000),
    ] {
        assert_eq!(u.edit(edit).on_screen.len(), 1);
    }
    assert!(u.model.items().is_empty() && u.model.batches().is_empty() && u.model.shown().is_none());
}

#[test]
fn link_round_trips() {
    let mut p = Page::open("?m=100&k=4&hash=double&items=a%2Cb,c%20d&bulk=urls:1000");
    p.edit(ClassicEdit::Lookup("zzz".into())).finish();
    let again = Page::open(&query::build(&p.model.query_pairs()));
    assert_eq!(again.model.items(), p.model.items());
    assert_eq!(again.lab.filter().bits(), p.lab.filter().bits());
    assert_eq!(again.model.batches(), p.model.batches());
    assert_eq!(again.lab.shown(), p.lab.shown());
}

#[test]
fn work_fills_in_slices_and_rebuilds_keep_items() {
    let mut p = Page::open("?hash=double&m=10000&k=5");
    p.edit(ClassicEdit::Insert("typed".into())).edit(ClassicEdit::Bulk(ItemKind::Words, 1000));
    assert_eq!(p.lab.pending(), 1000);
    assert_eq!(p.lab.work(300), 300);
    assert_eq!(p.lab.n(), 301);
    p.finish();
    assert_eq!(p.lab.n(), 1001);
    let bits = p.lab.filter().bits().clone();
    p.edit(ClassicEdit::M("5000".into()));
    assert_eq!(p.lab.pending(), 1000);
    p.finish().edit(ClassicEdit::M("10000".into())).finish();
    assert_eq!(p.lab.filter().bits(), &bits);
    let w = crate::data::generate::item(ItemKind::Words, 0, 10);
    assert!(p.lab.is_member(&w));
    p.edit(ClassicEdit::Lookup(w));
    assert!(matches!(p.lab.shown(), Some(LastItem::LookedUp { verdict: Verdict::Maybe, truth: Truth::Member, .. })));
    let (_, generated) = p.lab.who_set(p.lab.shown().unwrap().trace().steps[0].position, 10_000);
    assert!(generated.unwrap() >= 1);
    p.edit(ClassicEdit::Clear);
    assert_eq!(
        (p.lab.n(), p.lab.filter().bits().count_ones(), p.model.query_pairs()),
        (0, 0, Page::open("?hash=double&m=10000&k=5").model.query_pairs())
    );
}

#[test]
fn no_false_negatives_for_members() {
    let mut p = Page::open("?m=64&k=3");
    for i in 0..200 {
        p.edit(ClassicEdit::Insert(format!("member {i}")));
    }
    for i in 0..200 {
        p.edit(ClassicEdit::Lookup(format!("member {i}")));
        assert!(matches!(p.lab.shown(), Some(LastItem::LookedUp { verdict: Verdict::Maybe, .. })));
    }
}

#[test]
fn a_change_carries_the_filter_as_the_change_needs() {
    let mut p = Page::open("?m=256&items=cat");
    let carry = |p: &Page, edit: ClassicEdit| {
        let (next, _) = p.model.edit(edit).unwrap();
        next.carry_run(&p.model, &mut p.lab.clone())
    };
    assert_eq!(carry(&p, ClassicEdit::Insert("dog".into())), Carry::Renew, "an item goes into the filter as it is");
    assert_eq!(carry(&p, ClassicEdit::Lookup("dog".into())), Carry::Renew);
    assert_eq!(carry(&p, ClassicEdit::Bulk(ItemKind::Urls, 10)), Carry::Renew);
    assert_eq!(carry(&p, ClassicEdit::Insert("cat".into())), Carry::Renew, "inserted again: traced again");
    assert_eq!(carry(&p, ClassicEdit::Insert(String::new())), Carry::Keep, "refused");
    for edit in [ClassicEdit::M("128".into()), ClassicEdit::K("5".into()), ClassicEdit::Family(HashFamily::Double)] {
        assert_eq!(carry(&p, edit), Carry::Restart);
    }
    assert_eq!(carry(&p, ClassicEdit::File(file(&["a".into()]))), Carry::Restart);
    assert_eq!(carry(&p, ClassicEdit::Clear), Carry::Restart);
    // Carried or built again, the filter is the one the model describes.
    p.edit(ClassicEdit::Insert("dog".into())).edit(ClassicEdit::Bulk(ItemKind::Urls, 500)).finish();
    let mut fresh = p.model.run();
    fresh.finish();
    assert_eq!((fresh.filter(), fresh.n(), fresh.shown()), (p.lab.filter(), p.lab.n(), p.lab.shown()));
}

#[test]
fn ullman_with_generated_items_counts_them_as_skipped_and_ends_the_progress() {
    let mut p = Page::open("?view=classic&hash=ullman&bulk=words:1000,urls:20&items=25");
    assert_eq!(p.lab.pending(), 0, "nothing is left to hash");
    assert_eq!(p.lab.generated_total(), 1020);
    assert_eq!(p.lab.generated_skipped(), 1020);
    assert_eq!(p.lab.generated_processed(), p.lab.generated_total(), "the progress bar ends");
    assert_eq!(p.lab.n(), 1, "only 25 is hashed");
    let unhashable: Vec<_> = p.on_screen.iter().filter(|n| n.kind == NoticeKind::Unhashable).collect();
    assert_eq!(unhashable.len(), 1, "one notice of its kind: {:?}", p.on_screen);
    let msg = &unhashable[0].message;
    assert!(msg.contains("1,020 generated"), "{msg}");
    assert!(!msg.contains(" 0 "), "{msg}");
    p.edit(ClassicEdit::Family(HashFamily::Xxh3));
    assert_eq!(p.lab.generated_skipped(), 0);
    assert_eq!(p.lab.pending(), 1020, "xxh3 hashes them");
    p.finish();
    assert_eq!(p.lab.generated_processed(), 1020);
    assert!(p.on_screen.iter().all(|n| n.kind != NoticeKind::Unhashable), "dropped by its kind");

    let mut typed = Page::open("?items=25,apple,7&bulk=words:10");
    typed.edit(ClassicEdit::Family(HashFamily::Ullman)).finish();
    let msg = &typed.on_screen.iter().find(|n| n.message.contains("cannot hash")).expect("a notice").message;
    assert!(msg.contains("1 typed item ") && msg.contains("10 generated"), "{msg}");
    assert_eq!(typed.lab.n(), 2);
    assert_eq!(typed.model.items(), ["25", "apple", "7"], "apple stays in the list");
    typed.edit(ClassicEdit::M("128".into()));
    assert_eq!(typed.model.items(), ["25", "apple", "7"], "and through a new m");
}

fn own_items(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("site{}.org/page/{i}", i % 37)).collect()
}

#[test]
fn own_items_are_hashed_in_slices_like_a_fresh_filter() {
    let mut p = Page::open("?m=4096&k=4&items=typed");
    let items = file(&own_items(900));
    assert_eq!(items.items.len(), 900);
    p.edit(ClassicEdit::File(items));
    assert_eq!(p.lab.pending(), 900);
    let mut slices = 0;
    while p.lab.pending() > 0 {
        p.lab.work(128);
        slices += 1;
    }
    assert_eq!(slices, 8, "900 items in slices of 128");
    assert_eq!(p.lab.n(), 901);
    let mut fresh = BloomFilter::new(HashFamily::Xxh3, 4096, 4);
    fresh.insert("typed").unwrap();
    for s in &own_items(900) {
        fresh.insert(s).unwrap();
    }
    assert_eq!(p.lab.filter().bits(), fresh.bits(), "the same bits as inserting every item at once");
    // Every file item is a member and found: no false negatives.
    for s in own_items(900).into_iter().step_by(50) {
        p.edit(ClassicEdit::Lookup(s));
        assert!(matches!(
            p.lab.shown(),
            Some(LastItem::LookedUp { verdict: Verdict::Maybe, truth: Truth::Member, .. })
        ));
    }
    // A new m rehashes the file in slices; clearing the file leaves the typed item only.
    p.edit(ClassicEdit::M("8192".into()));
    assert_eq!(p.lab.pending(), 900);
    p.finish().edit(ClassicEdit::NoFile);
    assert_eq!((p.lab.n(), p.lab.pending()), (1, 0));
    assert!((1..=4).contains(&p.lab.filter().bits().count_ones()), "only the typed item's bits are left");
    assert!(!p.lab.is_member("site0.org/page/0"));
}

#[test]
fn a_data_file_link_explains_the_missing_file_and_round_trips() {
    let mut p = Page::open("?m=64&data=file");
    assert!(p
        .on_screen
        .iter()
        .any(|n| n.param.as_deref() == Some("data") && n.message.contains("not part of the link")));
    assert!(!p.model.query_pairs().iter().any(|(k, v)| *k == "data" && !v.is_empty()), "no file loaded: no data=file");
    p.edit(ClassicEdit::File(file(&own_items(10))));
    assert!(p.params().is_empty(), "the file clears the notice");
    assert!(p.model.query_pairs().contains(&("data", "file".to_string())));
    let (kept, _) = p.model.with_fields(&[("m", "128")]);
    assert!(kept.file().is_some(), "read again, the model keeps the file");
    assert!(Page::open("?data=generated").on_screen.is_empty());
    assert!(Page::open("?data=ftp").params().contains(&"data"));
}

#[test]
fn ullman_hashes_the_whole_numbers_of_a_file_and_names_the_rest() {
    let mut p = Page::open("?m=11&k=2&hash=ullman");
    p.edit(ClassicEdit::File(file(&["25", "159", "585", "apple"].map(String::from)))).finish();
    assert_eq!(p.lab.filter().bits().to_bit_string(), "10100101010", "the lecture's three numbers");
    assert_eq!(p.lab.n(), 3);
    assert!(p.on_screen.iter().any(|n| n.message.contains("1 of your items")));
}

#[test]
fn the_forms_m_and_k_read_as_the_link() {
    let mut p = Page::open("?items=cat&m=99999999999");
    assert!(p.params().contains(&"m"));
    p.edit(ClassicEdit::M("128".into()));
    assert_eq!(p.lab.m(), 128);
    assert!(p.on_screen.is_empty(), "a good m ends the link's notice about m: {:?}", p.on_screen);
    p.edit(ClassicEdit::M("99999999999".into()));
    assert_eq!(p.lab.m(), MAX_M);
    let about_m: Vec<&str> = p.on_screen.iter().map(|n| n.message.as_str()).collect();
    let mut from_link = Vec::new();
    M.read(&Query::parse("?m=99999999999"), &mut from_link);
    assert_eq!(about_m, [from_link[0].message.as_str()], "the same notice as the link's");
    p.edit(ClassicEdit::M("0".into()));
    assert_eq!(p.lab.m(), DEFAULT_M);
    p.edit(ClassicEdit::K("7".into()));
    assert_eq!((p.lab.k(), p.on_screen.len()), (7, 0));
    p.edit(ClassicEdit::Family(HashFamily::Ullman));
    assert_eq!(p.lab.k(), 2, "the ullman family has two functions");
    p.edit(ClassicEdit::K("7".into()));
    assert_eq!(p.lab.k(), 2);
    assert!(p.on_screen.iter().any(|n| n.param.as_deref() == Some("k") && n.message.contains("only 2")));
    assert_eq!(p.model.items(), ["cat"]);
}
