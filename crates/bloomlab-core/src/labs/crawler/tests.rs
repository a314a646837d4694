use super::crawl::{Crawl, Policy};
use super::web::Web;
use super::*;
use crate::engine::sliced::Sliced;

fn run(policy: Policy, m: u64, pages: u32) -> Crawl {
    let web = Web::new(pages, 3);
    let mut c = Crawl::new(policy, m, 4, pages);
    while !c.is_done() {
        c.work(&web, 997);
    }
    c
}

#[test]
fn never_restarting_fetches_nothing_twice_but_loses_pages() {
    let c = run(Policy::Never, 8_192, 5_000);
    assert_eq!(c.refetched, 0);
    assert_eq!(c.restarts, 0);
    assert!(c.lost > 0, "a small filter turns new pages away");
    assert!(c.lost + c.crawled <= 5_000);
    // With a huge filter nothing is lost.
    let big = run(Policy::Never, 1 << 22, 5_000);
    assert_eq!((big.lost, big.refetched), (0, 0));
    assert!(big.crawled > 4_000, "the crawl reaches most of the web: {}", big.crawled);
}

#[test]
fn restarts_trade_lost_pages_for_refetched_ones() {
    let never = run(Policy::Never, 8_192, 5_000);
    let every = run(Policy::Every(default_period(8_192, 4)), 8_192, 5_000);
    let fill = run(Policy::Fill(0.5), 8_192, 5_000);
    assert!(every.restarts > 0 && fill.restarts > 0);
    assert!(every.lost < never.lost && fill.lost < never.lost, "{} {} {}", every.lost, fill.lost, never.lost);
    assert!(every.refetched > 0 && fill.refetched > 0);
    for c in [&every, &fill] {
        assert!(c.lost + c.crawled <= 5_000);
    }
}

#[test]
fn the_rotating_pair_never_forgets_a_page_within_the_last_half_filter() {
    let c = run(Policy::Rotate, 8_192, 5_000);
    assert!(c.restarts >= 2, "it rotated: {}", c.restarts);
    // A page queued under filter e is remembered until filter e is dropped, two rotations later.
    assert!(
        c.rediscoveries.iter().all(|&(then, now)| now >= then + 2),
        "{:?}",
        &c.rediscoveries[..c.rediscoveries.len().min(5)]
    );
}

#[test]
fn sliced_the_same_and_links_round_trip() {
    let spec = CrawlerSpec::read(&Query::parse("?pages=3000&m=4096")).0;
    let mut a = CrawlerRun::new(&spec);
    while !a.is_done() {
        a.work(u64::MAX / 8);
    }
    let mut b = CrawlerRun::new(&spec);
    while !b.is_done() {
        b.work(333);
    }
    for (x, y) in a.crawls.iter().zip(&b.crawls) {
        assert_eq!((x.crawled, x.lost, x.refetched, x.restarts), (y.crawled, y.lost, y.refetched, y.restarts));
    }
    let params =
        |s: &str| CrawlerSpec::read(&Query::parse(s)).1.into_iter().filter_map(|n| n.param).collect::<Vec<_>>();
    assert_eq!(
        params("?m=1&k=0&policy=sometimes&period=0&threshold=2&pages=5&seed=x"),
        ["m", "k", "policy", "period", "threshold", "pages", "seed"]
    );
    let (s, notices) =
        CrawlerSpec::read(&Query::parse("?m=5000&k=3&policy=rotate&period=77&threshold=0.3&pages=900&seed=5"));
    assert!(notices.is_empty());
    assert_eq!(CrawlerSpec::read(&Query::parse(&crate::link::query::build(&s.query_pairs()))).0, s);
}

#[test]
fn form_text_is_read_as_the_link_is() {
    use crate::link::state::LinkState;
    let spec = CrawlerSpec::read(&Query::parse("?m=4096")).0;
    let (next, notices) = spec.with_fields(&[("threshold", "2"), ("period", "0"), ("k", "99")]);
    assert_eq!((next.threshold, next.period, next.k), (THRESHOLD.default, default_period(4096, 16), 16));
    let named: Vec<_> = notices.iter().filter_map(|n| n.param.as_deref()).collect();
    assert_eq!(named, ["k", "period", "threshold"]);
    let (fill, _) = spec.with_fields(&[("policy", "fill")]);
    assert_eq!(fill.query_pairs(), [("m", "4096".to_string()), ("policy", "fill".to_string())]);
}

#[test]
fn only_the_policy_shown_first_keeps_the_crawls() {
    use crate::lectures::model::{Carry, Model};
    use crate::link::state::LinkState;
    let spec = CrawlerSpec::read(&Query::parse("?pages=300")).0;
    let mut run = spec.run();
    let (rotated, _) = spec.with_fields(&[("policy", "rotate")]);
    assert_eq!(rotated.carry_run(&spec, &mut run), Carry::Keep);
    let (seeded, _) = rotated.with_fields(&[("seed", "9")]);
    assert_eq!(seeded.carry_run(&rotated, &mut run), Carry::Restart);
}
