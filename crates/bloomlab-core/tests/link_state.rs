//! Form edits through `LinkState::with_fields`: the values a form hands the core give the same
//! model, and the same notices, as the link with those values; and no text typed into any field
//! panics any model.

use bloomlab_core::labs::chunks::ChunksLab;
use bloomlab_core::labs::crawler::CrawlerSpec;
use bloomlab_core::labs::distinct::DistinctLab;
use bloomlab_core::labs::exercises::{Sheet, Topic};
use bloomlab_core::labs::moments::MomentsLab;
use bloomlab_core::labs::sampling::SamplingLab;
use bloomlab_core::labs::search::SearchSpec;
use bloomlab_core::labs::toolbox::{Side, ToolboxLab};
use bloomlab_core::lectures::stepper::Stepped;
use bloomlab_core::lectures::ullman::UllmanLecture;
use bloomlab_core::link::notice::Notice;
use bloomlab_core::link::query::{build, encode, Query};
use bloomlab_core::link::state::{FieldText, LinkState};
use proptest::prelude::*;

fn params(notices: &[Notice]) -> Vec<String> {
    notices.iter().filter_map(|n| n.param.clone()).collect()
}

/// `with_fields` against the link made of the model's pairs and the fields, each written as the
/// model says (`FieldText::raw`).
fn same_as_link<L: LinkState + PartialEq + std::fmt::Debug>(base: &L, fields: &[(&str, &str)]) -> Vec<String> {
    let (edited, notices) = base.with_fields(fields);
    let pairs: Vec<(&str, String)> =
        base.query_pairs().into_iter().filter(|(k, _)| !fields.iter().any(|(f, _)| f == k)).collect();
    let mut link = build(&pairs);
    for (k, v) in fields {
        if let Some(raw) = L::field(k).raw(v) {
            link.push(if link.is_empty() { '?' } else { '&' });
            link.push_str(&format!("{k}={raw}"));
        }
    }
    let (linked, link_notices) = L::read(&Query::parse(&link));
    assert_eq!(edited, linked, "{fields:?} against {link}");
    assert_eq!(notices, link_notices, "{fields:?}");
    params(&notices)
}

#[test]
fn sampling_chunks_and_crawler_forms_are_their_links() {
    let s = SamplingLab::read(&Query::parse("?seed=3")).0;
    assert!(same_as_link(&s, &[("s", " 200 "), ("d", "50"), ("rate", "1/5"), ("limit", "40")]).is_empty());
    assert_eq!(same_as_link(&s, &[("s", "0"), ("d", "0")]), ["s"]);
    assert_eq!(same_as_link(&s, &[("rate", "lots"), ("buckets", "1")]), ["rate", "buckets"]);
    // An emptied number is the default, as a link without it.
    let (lab, notices) = SamplingLab::read(&Query::parse("?s=300")).0.with_fields(&[("s", "  ")]);
    assert!(notices.is_empty());
    assert_eq!(lab, SamplingLab::read(&Query::parse("")).0);
    let (_, stepper, _) = SamplingLab::read_stepped(&Query::parse("?step=2"));
    assert_eq!(lab.stepped_pairs(&stepper), [("step", "2".to_string())]);

    let c = ChunksLab::read(&Query::parse("")).0;
    assert!(same_as_link(&c, &[("rows", "5000"), ("chunks", "20"), ("skew", "1.5"), ("value", "7")]).is_empty());
    assert_eq!(same_as_link(&c, &[("m", "4"), ("k", "x")]), ["m", "k"]);

    let w = CrawlerSpec::read(&Query::parse("?seed=2")).0;
    assert!(same_as_link(&w, &[("m", "4096")]).is_empty());
    assert!(same_as_link(&w, &[("policy", "rotate")]).is_empty());
    assert_eq!(same_as_link(&w, &[("threshold", "2")]), ["threshold"]);
    // The restart period follows m and k while it is the default.
    let (spec, _) = w.with_fields(&[("m", "65536")]);
    assert_eq!(spec.period, bloomlab_core::labs::crawler::default_period(65536, spec.k));
}

#[test]
fn walkthrough_forms_are_their_links() {
    let u = UllmanLecture::read(&Query::parse("")).0;
    assert!(same_as_link(&u, &[("stream", "4 5 6"), ("lookups", "7,8"), ("m", "13")]).is_empty());
    assert_eq!(same_as_link(&u, &[("stream", "4 x"), ("lookups", ""), ("m", "0")]), ["m", "stream"]);
    let d = DistinctLab::read(&Query::parse("")).0;
    assert!(same_as_link(&d, &[("stream", "3 1 4 1"), ("hashes", "1:1 3:2"), ("w", "8")]).is_empty());
    assert_eq!(same_as_link(&d, &[("d", "50"), ("graph-node", "x")]), ["d", "graph-node"]);
    let m = MomentsLab::read(&Query::parse("")).0;
    assert!(same_as_link(&m, &[("stream", "a b, c, a b"), ("positions", "1 2"), ("k", "3")]).is_empty());
    assert_eq!(same_as_link(&m, &[("k", "0")]), ["k"]);
    // The distinct form takes `3 1 4` and so does its link now.
    let (spaced, notices) = DistinctLab::read(&Query::parse("?stream=3+1+4"));
    assert!(notices.is_empty());
    assert_eq!(spaced.stream, [3, 1, 4]);
}

#[test]
fn toolbox_and_exercise_edits() {
    let t = ToolboxLab::read(&Query::parse("")).0;
    assert!(same_as_link(&t, &[("m", "1024"), ("p", "1%"), ("seed", "5")]).is_empty());
    assert_eq!(same_as_link(&t, &[("f", "99")]), ["f"]);
    let (lab, _) = t.with_item(Side::B, "x, y");
    assert_eq!(lab.b.last().map(String::as_str), Some("x, y"));
    assert_eq!(lab, ToolboxLab::read(&Query::parse(&format!("?b=dog,fox,elk,yak,{}", encode("x, y")))).0);

    // The count of questions stays (a link without topics has every topic) through every edit but its own.
    let s = Sheet::read(&Query::parse("")).0;
    let all = Topic::DEFAULT.len() as u64;
    assert_eq!(s.count, all);
    let (s2, notices) = s.with_fields(&[("seed", "7")]);
    assert_eq!((s2.seed, s2.count, notices.len()), (7, all, 0));
    let (s3, _) = s2.with_topic_toggled(Topic::ALL[0]);
    assert_eq!((s3.topics.len() as u64, s3.count), (all - 1, all));
    assert!(!s3.topics.contains(&Topic::ALL[0]));
    let (s4, _) = s3.with_topic_toggled(Topic::ALL[0]);
    assert_eq!(s4.topics, Topic::DEFAULT);
    let (s5, _) = s3.with_fields(&[("count", "")]);
    assert_eq!(s5.count, all - 1, "an emptied count follows the topics");
    let (s6, notices) = s.with_fields(&[("count", "99")]);
    assert_eq!((s6.count, params(&notices)), (50, vec!["count".to_string()]));
    // The last topic stays.
    let mut one = s.clone();
    for t in &Topic::DEFAULT[1..] {
        one = one.with_topic_toggled(*t).0;
    }
    assert_eq!(one.topics, [Topic::ALL[0]]);
    assert_eq!(one.with_topic_toggled(Topic::ALL[0]).0.topics, [Topic::ALL[0]]);
}

#[test]
fn fields_say_how_a_form_is_written() {
    assert_eq!(DistinctLab::field("stream"), FieldText::Tokens);
    assert_eq!(UllmanLecture::field("lookups"), FieldText::Tokens);
    assert_eq!(MomentsLab::field("stream"), FieldText::Items);
    assert_eq!(MomentsLab::field("positions"), FieldText::Tokens);
    assert_eq!(ToolboxLab::field("a"), FieldText::Items);
    assert_eq!(SearchSpec::field("n"), FieldText::Value);
}

/// What people type into fields, tamperers included.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|v| v.to_string()),
        "[0-9 ,.:%+-]{0,16}",
        "(%[0-9A-Fa-fz]{0,2}|[a-z ,:/&=?#]|🙂){0,12}",
        Just("9".repeat(40)),
        Just(String::new()),
    ]
}

const FIELDS: [&str; 22] = [
    "m",
    "k",
    "n",
    "p",
    "f",
    "seed",
    "stream",
    "hashes",
    "lookups",
    "positions",
    "w",
    "d",
    "graph",
    "graph-node",
    "node",
    "groups",
    "length",
    "runs",
    "functions",
    "count",
    "topics",
    "rate",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn no_typed_text_panics_a_model(edits in prop::collection::vec((prop::sample::select(FIELDS.to_vec()), text()), 1..4)) {
        let fields: Vec<(&str, &str)> = edits.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let q = Query::parse("");
        let _ = DistinctLab::read(&q).0.with_fields(&fields);
        let _ = MomentsLab::read(&q).0.with_fields(&fields);
        let _ = UllmanLecture::read(&q).0.with_fields(&fields);
        let _ = SamplingLab::read(&q).0.with_fields(&fields);
        let _ = ToolboxLab::read(&q).0.with_fields(&fields);
        let _ = Sheet::read(&q).0.with_fields(&fields);
        let _ = CrawlerSpec::read(&q).0.with_fields(&fields);
        let _ = ChunksLab::read(&Query::parse("?rows=2000")).0.with_fields(&fields);
        let _ = ToolboxLab::read(&q).0.with_item(Side::A, fields[0].1);
    }
}

#[test]
fn the_search_form_is_its_link() {
    let s = SearchSpec::read(&Query::parse("?seed=3")).0;
    assert!(same_as_link(&s, &[("n", "30000"), ("queries", "1000"), ("p", "0.01"), ("seed", " 9 ")]).is_empty());
    assert_eq!(same_as_link(&s, &[("n", "5"), ("queries", "lots")]), ["n", "queries"]);
    assert_eq!(same_as_link(&s, &[("p", "2"), ("seed", "-1")]), ["p", "seed"]);
    let (edited, _) = s.with_fields(&[("n", "99999999")]);
    assert_eq!(edited.n, bloomlab_core::labs::search::MAX_N, "too large: the largest");
}
