//! Each answer against an independent computation, seeds, links, and the sheets earlier links
//! gave; the new topics, the key's lines and the walkthrough links in `keys`.

mod keys;

use super::*;
use crate::engine::hashing::{linear, tail_length, ullman_split};

fn sheet(s: &str) -> Sheet {
    Sheet::read(&Query::parse(s)).0
}

/// `link` with the seven topics a link without `topics` gave before every topic was the default
/// (a link that names its topics is left as it is).
fn as_written_then(link: &str) -> String {
    if link.contains("topics=") {
        return link.to_string();
    }
    let seven = Topic::FIRST_SEVEN.iter().map(|t| t.name()).collect::<Vec<_>>().join(",");
    match link.strip_prefix('?') {
        Some(rest) => format!("?topics={seven}&{rest}"),
        None => format!("?topics={seven}"),
    }
}

#[test]
fn every_answer_against_an_independent_computation() {
    for seed in 0..20 {
        for e in sheet(&as_written_then(&format!("?seed={seed}&count=14&difficulty={}", seed % 3 + 1))).exercises {
            // The first seven topics: the others have their own tests (`keys`).
            let get = |k: &str| e.data.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone()).unwrap();
            let nums = |k: &str| get(k).split(',').map(|x| x.parse::<u64>().unwrap()).collect::<Vec<_>>();
            match e.topic {
                Topic::Bloom => {
                    let m: u64 = get("m").parse().unwrap();
                    let mut bits = vec![b'0'; m as usize];
                    for x in nums("items") {
                        let (h1, h2) = ullman_split(x);
                        bits[(h1 % m) as usize] = b'1';
                        bits[(h2 % m) as usize] = b'1';
                    }
                    assert_eq!(e.answer, String::from_utf8(bits).unwrap());
                }
                Topic::Counting => {
                    let m: u64 = get("m").parse().unwrap();
                    let mut c = vec![0i64; m as usize];
                    for x in nums("items") {
                        let (h1, h2) = ullman_split(x);
                        c[(h1 % m) as usize] += 1;
                        c[(h2 % m) as usize] += 1;
                    }
                    let (h1, h2) = ullman_split(get("b").parse().unwrap());
                    c[(h1 % m) as usize] -= 1;
                    c[(h2 % m) as usize] -= 1;
                    assert_eq!(e.answer, c.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(","));
                }
                Topic::Fp => {
                    let (m, n): (f64, f64) = (get("m").parse().unwrap(), get("n").parse().unwrap());
                    let best =
                        (1..40).map(|k| (1.0 - (-(k as f64) * n / m).exp()).powi(k)).fold(f64::INFINITY, f64::min);
                    assert!((e.answer.parse::<f64>().unwrap() - best).abs() < 1e-12);
                }
                Topic::Mlbf => {
                    let m: u64 = get("m").parse().unwrap();
                    let layers: Vec<Vec<u64>> = get("positions")
                        .split(';')
                        .map(|l| l.split(',').map(|x| x.parse().unwrap()).collect())
                        .collect();
                    let xor: Vec<String> = (0..layers[0].len())
                        .map(|j| (layers.iter().fold(0, |a, l| a ^ l[j]) % m).to_string())
                        .collect();
                    assert_eq!(e.answer, xor.join(","));
                }
                Topic::Fm => {
                    let (a, b, w) = (get("a").parse().unwrap(), get("b").parse().unwrap(), get("w").parse().unwrap());
                    let r = nums("stream").iter().map(|&x| tail_length(linear(x, a, b, w), w)).max().unwrap();
                    assert_eq!(e.answer, (1u64 << r).to_string());
                }
                Topic::Ams => {
                    let tokens: Vec<String> = get("stream").split(',').map(String::from).collect();
                    let n = tokens.len() as f64;
                    let xs: Vec<f64> = nums("positions")
                        .iter()
                        .map(|&p| {
                            let c = tokens[p as usize - 1..].iter().filter(|t| **t == tokens[p as usize - 1]).count()
                                as f64;
                            n * (2.0 * c - 1.0)
                        })
                        .collect();
                    assert_eq!(e.answer, (xs.iter().sum::<f64>() / xs.len() as f64).to_string());
                }
                Topic::Sampling => {
                    let (s, d): (f64, f64) = (get("a").parse().unwrap(), get("b").parse().unwrap());
                    let r = [0.1, 0.2, 0.25][(seed % 3) as usize];
                    let v: f64 = e.answer.parse().unwrap();
                    assert!((v - d * r * r / (s * r + 2.0 * d * r * (1.0 - r) + d * r * r)).abs() < 1e-12);
                }
                other => unreachable!("{other:?} is not one of the first seven"),
            }
        }
    }
}

#[test]
fn sheets_are_seeded_and_links_round_trip() {
    assert_eq!(sheet("?seed=5"), sheet("?seed=5"));
    assert_ne!(sheet("?seed=5").exercises, sheet("?seed=6").exercises);
    let s = sheet("?topics=fm,ams&count=5&seed=3&answers=1&difficulty=2");
    assert_eq!(
        s.exercises.iter().map(|e| e.topic).collect::<Vec<_>>(),
        [Topic::Fm, Topic::Ams, Topic::Fm, Topic::Ams, Topic::Fm]
    );
    assert_eq!(sheet(&crate::link::query::build(&s.query_pairs())), s);
    let params: Vec<_> = Sheet::read(&Query::parse("?topics=nope&count=0&answers=2&difficulty=9&seed=x"))
        .1
        .into_iter()
        .filter_map(|n| n.param)
        .collect();
    assert_eq!(params, ["topics", "count", "seed", "answers", "difficulty"]);
}

/// The links a pinned sheet is read from: the default sheet, seeds, counts, difficulties and
/// topic lists as people wrote them before the reservoir and lookup topics. (A link without
/// `topics` is read with the seven topics it then meant, `as_written_then`: since every topic
/// became the default, such a link gives a sheet of every topic.)
fn pinned_links() -> Vec<String> {
    let mut links = vec![String::new(), "?answers=1".to_string()];
    for seed in 0..12 {
        links.push(format!("?seed={seed}"));
        links.push(format!("?seed={seed}&count=14&difficulty={}", seed % 3 + 1));
    }
    for t in ["bloom", "fp", "counting", "mlbf", "fm", "ams", "sampling"] {
        for d in 1..=3 {
            links.push(format!("?topics={t}&count=3&seed={d}&difficulty={d}"));
        }
    }
    links.push("?topics=fm,ams&count=5&seed=3&answers=1&difficulty=2".into());
    links.push("?topics=bloom,fm,ams&count=6&seed=4&answers=1&difficulty=2".into());
    links.push("?topics=sampling,bloom&count=50&seed=99&difficulty=3".into());
    links
}

/// A sheet's topics, questions, data and answers (not its working or links, which may say more
/// over time), digested with 64-bit FNV-1a.
fn digest(s: &Sheet) -> String {
    let mut text = s.topics.iter().map(|t| t.name()).collect::<Vec<_>>().join(",");
    for e in &s.exercises {
        text.push_str(&format!("\n{} {}\n{}\n", e.topic.name(), e.index, e.question));
        for (k, v) in &e.data {
            text.push_str(&format!("{k}={v};"));
        }
        text.push_str(&format!("\n{}", e.answer));
    }
    let h = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3));
    format!("{h:016x} {}", s.exercises.len())
}

/// A link that gave a sheet gives the same sheet (a link without `topics` once its seven topics
/// are named): `sheets.golden` holds each pinned link's digest as the code gave it before the new
/// topics (`UPDATE_SHEETS=1` writes it anew, for a deliberate change only).
#[test]
fn earlier_links_give_the_same_sheets() {
    let now: String =
        pinned_links().iter().map(|l| format!("{l}\t{}\n", digest(&sheet(&as_written_then(l))))).collect();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/labs/exercises/tests/sheets.golden");
    if std::env::var_os("UPDATE_SHEETS").is_some() {
        std::fs::write(path, &now).unwrap();
    }
    let pinned = std::fs::read_to_string(path).unwrap();
    for (was, is) in pinned.lines().zip(now.lines()) {
        assert_eq!(was, is, "the sheet of this link changed");
    }
    assert_eq!(pinned.lines().count(), now.lines().count());
}

#[test]
fn long_decimal_answers_are_shown_rounded_and_the_rest_as_written() {
    let mut e = sheet("?seed=1").exercises.remove(0);
    for (answer, shown) in
        [("0.0313133614", "0.031313"), ("0.5", "0.5"), ("01101", "01101"), ("12345678901", "12345678901")]
    {
        e.answer = answer.to_string();
        assert_eq!(e.shown_answer(), shown, "{answer}");
    }
}

#[test]
fn the_form_and_the_link_read_alike() {
    let s = sheet("?topics=bloom,fm");
    assert_eq!(s.count, 2, "one question per topic by default");
    let (edited, notices) = s.with_fields(&[("count", "99")]);
    assert_eq!((edited.count, notices.len()), (50, 1));
    let (edited, notices) = s.with_fields(&[("seed", "x")]);
    assert_eq!((edited.seed, notices[0].param.as_deref()), (1, Some("seed")));
    assert_eq!(sheet("?answers=1").query_pairs(), [("answers", "1".to_string())]);
}
