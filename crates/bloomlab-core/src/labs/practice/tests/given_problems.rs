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

#[test]
fn given_count_min_misra_gries_and_dgim_problems_round_trip() {
    for link in [
        "?exercise=cm-update&arrivals=apple,fig,apple&cols=8&rows=3&update=conservative&estimate=kiwi",
        "?exercise=cm-update&arrivals=ant,bee",
        "?exercise=misra-gries&ids=0,1,0,2,3,0&k=2",
        "?exercise=dgim&bits=1011011000101110110010110&N=16",
    ] {
        round_trip(link, super::respond);
    }
    let (p, _) = Practice::read(&Query::parse("?exercise=cm-update&arrivals=ant,bee"));
    let Problem::CountMin(c) = &p.problem else { panic!("{:?}", p.problem) };
    assert_eq!(
        (c.w, c.d, c.query.as_str(), p.max()),
        (5, 3, "ant", 2 * 3 + 1),
        "the defaults; the first arrival looked up"
    );
    let (p, _) = Practice::read(&Query::parse("?exercise=misra-gries&ids=0,1,0,2,3,0&k=2"));
    assert!(matches!(&p.problem, Problem::MisraGries(m) if m.u == 4 && m.k == 2 && m.stream.len() == 6));
    let params = |link: &str| {
        let (p, n) = Practice::read(&Query::parse(link));
        (p.given, n.iter().filter_map(|n| n.param.clone()).collect::<Vec<_>>())
    };
    assert_eq!(params("?exercise=misra-gries&ids=0,12"), (false, vec!["ids".to_string()]), "an item above 9");
    assert_eq!(params("?exercise=dgim&bits=10x1"), (false, vec!["bits".to_string()]));
    assert_eq!(params("?exercise=cm-update&arrivals=a-b,c"), (true, vec!["arrivals".to_string()]));
    let long = format!("?exercise=dgim&bits={}", "10".repeat(20));
    assert_eq!(params(&long), (true, vec!["bits".to_string()]), "cut at 32 bits");
}

#[test]
fn the_frequencies_and_window_walkthroughs_link_to_their_own_numbers() {
    use crate::labs::frequencies::FrequenciesLab;
    use crate::labs::window::WindowLab;
    use crate::link::state::LinkState;
    let lab = FrequenciesLab::read(&Query::parse("?view=frequencies")).0;
    let link = given::try_count_min(&lab, None).expect("a count-min link");
    let (p, n) = Practice::read(&Query::parse(&link));
    assert!(n.is_empty() && p.given && p.exercise == Exercise::CmUpdate, "{link}: {n:?}");
    let Problem::CountMin(c) = &p.problem else { panic!("{link}") };
    assert_eq!((c.w, c.d, c.update), (lab.w, lab.d, lab.update));
    assert_eq!(c.arrivals, lab.typed[..given::MAX_CM_ARRIVALS]);
    assert_eq!(c.query, lab.walk_lookup());
    let (link, names) = given::try_misra_gries(&lab, None).expect("a Misra–Gries link");
    let (p, n) = Practice::read(&Query::parse(&link));
    assert!(n.is_empty() && p.given && p.exercise == Exercise::MisraGries, "{link}: {n:?}");
    let Problem::MisraGries(m) = &p.problem else { panic!("{link}") };
    assert_eq!(m.k, lab.k);
    let named: Vec<&str> = m.stream.iter().map(|&i| names[i as usize].as_str()).collect();
    assert_eq!(named, lab.typed[..given::MAX_MG_ARRIVALS], "item i is the i-th distinct arrival");
    let wide = FrequenciesLab::read(&Query::parse("?view=frequencies&w=272&k=10")).0;
    assert_eq!(given::try_count_min(&wide, None), None, "272 columns by hand");
    assert_eq!(given::try_misra_gries(&wide, None), None, "10 counters by hand");
    let window = WindowLab::read(&Query::parse("?view=window")).0;
    let link = given::try_dgim(&window, None).expect("a DGIM link");
    assert_eq!(link, "?view=practice&exercise=dgim&bits=1011011000101110110010110&N=16");
    let (p, n) = Practice::read(&Query::parse(&link));
    assert!(
        n.is_empty() && p.given && matches!(&p.problem, Problem::Dgim(g) if g.bits == *window.bits && g.window == 16)
    );
    for other in ["?view=window&r=3", "?view=window&N=100", "?view=window&p=0.5&length=40"] {
        assert_eq!(given::try_dgim(&WindowLab::read(&Query::parse(other)).0, None), None, "{other}");
    }
}

#[test]
fn counted_notices_are_the_written_ones() {
    // A result code's given problem is read with its notices only counted (`Unwritten`): the same
    // problem and as many notices as the page's reading writes, for good and bad values alike.
    use crate::link::notice::Unwritten;
    let links = [
        "?items=25,159,585&m=11",
        "?items=25,x,9999999999999999999999&m=99&lookups=1,2,3,4,5,6,7,8,9,10,11",
        "?stream=3,1,4&a=70000&b=x&w=0",
        "?queries=a,b,a&hashes=3,7,3&draws=5,1,8&cut=40&buckets=10",
        "?queries=a,b%zz,a-b&hashes=3,7&draws=5,1,8",
        "?tokens=a,b,a,c&positions=0,2,9",
        "?arrivals=apple,fig&cols=0&rows=9&update=sideways&estimate=a-b",
        "?ids=0,1,12&k=7",
        "?bits=10x1&N=40",
        "?bits=101101100010110110001011011000101&N=8",
    ];
    let mut total = 0;
    for exercise in Exercise::ALL {
        for link in links {
            let q = Query::parse(link);
            let (mut written, mut counted) = (Vec::new(), Unwritten::default());
            let (a, b) = (given::read(exercise, &q, &mut written), given::read(exercise, &q, &mut counted));
            assert_eq!((a, written.len()), (b, counted.count), "{exercise:?} {link}");
            total += counted.count;
        }
    }
    assert!(total >= 20 * Exercise::ALL.len(), "the bad values give notices: {total}");
}
