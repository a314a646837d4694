//! Given problems of the sampling and AMS exercises: read from a link, written back, carried by a
//! result code, and the walkthroughs' "Try it yourself" links.

use super::super::given;
use super::super::step::{Answer, Response};
use super::super::*;
use crate::link::query::Query;

/// `link` gives its problem with no notice; the link written back and a finished session's result
/// code give the same problem, and a new problem leaves the given numbers.
pub fn round_trip(link: &str, respond: fn(&Answer) -> Response) {
    let (p, n) = Practice::read(&Query::parse(link));
    assert!(n.is_empty() && p.given, "{link}: {n:?}");
    let back = Practice::read(&Query::parse(&crate::link::query::build(&p.query_pairs()))).0;
    assert_eq!(back.problem, p.problem, "{link}: the link written back");
    let mut done = p.clone();
    while !done.finished() {
        let s = done.current();
        done.submit(respond(&s.answer));
    }
    let code = code::decode(&done.code()).unwrap_or_else(|e| panic!("{link}: {e}"));
    assert_eq!((code.problem.clone(), code.score()), (p.problem.clone(), done.max()), "{link}: the result code");
    let (next, _) = p.with_next_seed();
    assert!(!next.given && next.query_pairs().iter().all(|(k, _)| !given::NAMES.contains(k)));
}

#[test]
fn given_sampling_and_ams_problems_are_checked() {
    let (p, _) = Practice::read(&Query::parse("?exercise=sampling&queries=a,b,a&hashes=3,7,3&draws=5,1,8&cut=4"));
    let Problem::Sampling(s) = &p.problem else { panic!("{:?}", p.problem) };
    assert_eq!((s.buckets, s.cut(), s.queries.len()), (10, 4, 3));
    let notices = |link: &str| {
        let (p, n) = Practice::read(&Query::parse(link));
        (p.given, n.iter().filter_map(|n| n.param.clone()).collect::<Vec<_>>())
    };
    let in_two = notices("?exercise=sampling&queries=a,b,a&hashes=3,7,4&draws=5,1,8");
    assert_eq!(in_two, (false, vec!["hashes".to_string()]), "a query in two buckets");
    let short = notices("?exercise=sampling&queries=a,b&hashes=3,7&draws=5");
    assert_eq!(short, (false, vec!["draws".to_string()]));
    assert_eq!(notices("?exercise=sampling&queries=a&hashes=3&draws=1&buckets=4&cut=9").1, ["cut"]);
    let (p, n) = Practice::read(&Query::parse("?exercise=ams&tokens=a,b,a,c,b,a,c,a,b,c&positions=9,0,2,2"));
    assert_eq!(n.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["positions"]);
    let Problem::Ams(a) = &p.problem else { panic!("{:?}", p.problem) };
    assert_eq!(a.positions, [2, 9], "in order, each once, 0 left out");
    let (p, n) = Practice::read(&Query::parse("?exercise=ams&tokens=a,b,a,c,b,a,c,a,b,c"));
    assert!(n.is_empty() && p.given);
    assert!(matches!(&p.problem, Problem::Ams(a) if a.positions == [3, 8]), "the lecture's positions that fit");
}

#[test]
fn the_sampling_walkthrough_links_to_its_own_numbers() {
    use crate::labs::sampling::stream::{bucket, query_text};
    use crate::labs::sampling::SamplingLab;
    use crate::link::state::LinkState;
    let lab = SamplingLab::read(&Query::parse("?view=sampling")).0;
    let link = given::try_sampling(&lab, None).expect("a link");
    let (p, n) = Practice::read(&Query::parse(&link));
    assert!(n.is_empty() && p.given && p.exercise == Exercise::Sampling, "{link}: {n:?}");
    let Problem::Sampling(s) = &p.problem else { panic!("{link}") };
    let head = &lab.head[..given::MAX_GIVEN];
    assert_eq!((s.buckets, s.cut()), (lab.buckets, lab.cut()));
    assert_eq!(s.queries, head.iter().map(|h| query_text(h.0, lab.seed)).collect::<Vec<_>>());
    assert_eq!(s.hashes, head.iter().map(|h| bucket(h.0, lab.buckets, lab.seed)).collect::<Vec<_>>());
    // The walkthrough's sample by position keeps a position exactly when its draw is below the cut
    // (its rate is the cut's share of the buckets), and its sample by key when its bucket is.
    for (i, h) in head.iter().enumerate() {
        assert_eq!((s.draws[i] < s.cut(), s.hashes[i] < s.cut()), (h.1, h.2), "{link}: position {}", i + 1);
    }
    let big = SamplingLab::read(&Query::parse("?view=sampling&buckets=1000")).0;
    assert_eq!(given::try_sampling(&big, None), None, "more buckets than by hand");
}

#[test]
fn the_moments_walkthrough_links_to_its_own_stream_and_positions() {
    use crate::labs::moments::MomentsLab;
    use crate::link::state::LinkState;
    let lab = MomentsLab::read(&Query::parse("?view=moments")).0;
    let link = given::try_moments(&lab, None).expect("a link");
    assert_eq!(link, "?view=practice&exercise=ams&tokens=a,b,c,b,d,a,c,d,a,b,d,c,a,a,b&positions=3,8,13");
    let (p, n) = Practice::read(&Query::parse(&link));
    assert!(n.is_empty() && p.given && p.exercise == Exercise::Ams, "{link}: {n:?}");
    assert_eq!(p.max(), 13 + 3 + 1, "13 arrivals from position 3 on, 3 X's and the mean");
    let long = MomentsLab::read(&Query::parse("?view=moments&stream=a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u")).0;
    assert_eq!(given::try_moments(&long, None), None, "a stream longer than by hand");
}
