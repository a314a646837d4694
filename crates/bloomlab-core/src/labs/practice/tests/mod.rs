//! Practice: model answers against independent computations, every catalogued mistake named from
//! its scripted wrong answer (and no right answer ever called a mistake), learn and exam flows,
//! and result codes.

use super::exercises::bloom;
use super::step::{Answer, Form, Response};
use super::*;

mod given_problems;
mod independent;
mod streams;
mod verdicts;
mod words;

/// The response that gives `a` (the practice tests', the tally's and the LMS core's).
pub(crate) fn respond(a: &Answer) -> Response {
    match a {
        Answer::Bits(b) => Response::Bits(b.clone()),
        Answer::Whole(v) => Response::Text(v.to_string()),
        Answer::Decimal(v) => Response::Text(format!("{v}")),
        Answer::Choice(c) => Response::Text(c.to_string()),
        Answer::Counters(v) => Response::Cells(v.iter().map(i64::to_string).collect()),
    }
}

/// Ullman's positions the slow way: the binary digits as text, numbered from the right.
fn slow_positions(x: u64, m: usize) -> [usize; 2] {
    let digits: Vec<char> = format!("{x:b}").chars().rev().collect();
    let read = |parity: usize| {
        let picked: String =
            digits.iter().enumerate().filter(|(i, _)| i % 2 == parity).map(|(_, c)| *c).rev().collect();
        (u64::from_str_radix(&picked, 2).unwrap_or(0) % m as u64) as usize
    };
    [read(0), read(1)]
}

#[test]
fn model_answers_against_independent_computations() {
    for seed in 0..40 {
        for level in 1..=3 {
            let p = Practice::new(Exercise::BloomInsert, seed, level, false);
            let Problem::Insert(bloom::BloomInsertProblem { m, items }) = &p.problem else { panic!() };
            let mut bits = vec![false; *m];
            let mut prior = Vec::new();
            for (i, &x) in items.iter().enumerate() {
                for q in slow_positions(x, *m) {
                    bits[q] = true;
                }
                let step = p.problem.step(i, &prior);
                assert_eq!(step.answer, Answer::Bits(bits.clone()), "seed {seed} insert {x}");
                prior.push(step.answer);
            }
            let p = Practice::new(Exercise::Fm, seed, level, false);
            let Problem::Fm(f) = &p.problem else { panic!() };
            let mut prior = Vec::new();
            for (i, &x) in f.stream.iter().enumerate() {
                let h = (f.a * x + f.b) % (1 << f.w);
                let text = format!("{h:0w$b}", w = f.w as usize);
                let tail = text.chars().rev().take_while(|&c| c == '0').count() as u64;
                let step = p.problem.step(i, &prior);
                assert_eq!(step.answer, Answer::Whole(tail), "seed {seed}: tail of {x}");
                prior.push(step.answer);
            }
            let r = prior.iter().map(|a| if let Answer::Whole(v) = a { *v } else { 0 }).max().unwrap();
            assert_eq!(p.problem.step(f.stream.len(), &prior).answer, Answer::Whole(r));
            prior.push(Answer::Whole(r));
            assert_eq!(p.problem.step(f.stream.len() + 1, &prior).answer, Answer::Whole(1 << r));
            let p = Practice::new(Exercise::FpFormula, seed, level, false);
            let Problem::Formula(exercises::formula::FormulaProblem { m, n, k }) = p.problem else { panic!() };
            let rate = (1.0 - (-(k as f64) * n as f64 / m as f64).exp()).powi(k as i32);
            let Answer::Decimal(got) = p.problem.step(0, &[]).answer else { panic!() };
            assert!((got - rate).abs() < 1e-12 * rate.max(1e-300), "{got} {rate}");
        }
    }
}

/// The mistakes some problem of each exercise must give: the whole catalogue (`cleared` has a
/// test of its own).
const MUST_OCCUR: &[&str] = &[
    "backwards",
    "right-end",
    "no-mod",
    "one-hash",
    "fp-as-member",
    "member-as-fp",
    "one-bit-enough",
    "leading-zeros",
    "trailing-ones",
    "zero-tail",
    "last-tail",
    "r-for-estimate",
    "twice-r",
    "no-power",
    "zeros",
    "no-k-exponent",
    "union-bound",
    "inverted",
    "no-ln2",
    "other-rounding",
    "one-counter-insert",
    "set-to-one",
    "one-counter-delete",
    "below-zero",
    "not-forced",
    "no-false-negatives",
    "touched-lost",
    "xor-no-mod",
    "or-for-xor",
    "layer-left-out",
    "sum-for-xor",
    "register-high-bits",
    "register-backwards",
    "rho-wrong-end",
    "rho-zeros",
    "rho-whole-hash",
    "register-last",
    "register-counted",
    "from-beginning",
    "counted-all",
    "n-value",
    "no-n",
    "n-from-start",
    "sum-not-mean",
    "keep-at-s",
    "keep-reversed",
    "slot-by-position",
    "slot-oldest",
    "pick-per-arrival",
    "by-position",
    "cut-off-by-one",
    "once-only",
];

#[test]
fn every_catalogued_mistake_is_named_and_no_right_answer_is_one() {
    let mut named = std::collections::BTreeSet::new();
    for exercise in Exercise::ALL {
        for seed in 0..60 {
            for level in 1..=3 {
                let p = Practice::new(exercise, seed, level, false);
                let mut prior = Vec::new();
                for i in 0..p.max() {
                    let step = p.problem.step(i, &prior);
                    let right = step.grade(&respond(&step.answer));
                    assert!(right.right && right.mistake.is_none(), "{exercise:?} {seed}: step {i}");
                    for w in &step.wrongs {
                        let v = step.grade(&respond(&w.answer));
                        assert!(!v.right, "{exercise:?} {seed} step {i}: {:?} graded right", w.mistake.id);
                        assert!(v.mistakes().any(|m| m == w.mistake), "{exercise:?} {seed} step {i}");
                        let first = step.wrongs.iter().find(|x| x.answer == w.answer).map(|x| x.mistake);
                        assert_eq!(v.mistake, first, "{exercise:?} {seed} step {i}: the first one giving it");
                        // (the name after its first letter: a later name starts in lower case)
                        let tail: String = w.mistake.name.chars().skip(1).collect();
                        assert!(v.message.contains(&tail), "{exercise:?} {seed} step {i}: {}", v.message);
                        named.insert(w.mistake.id);
                    }
                    prior.push(step.answer);
                }
            }
        }
    }
    let missing: Vec<&str> = MUST_OCCUR.iter().copied().filter(|id| !named.contains(id)).collect();
    assert!(missing.is_empty(), "no problem gives the mistakes {missing:?}");
}

#[test]
fn every_mistake_a_step_names_is_explained_beside_its_name() {
    for exercise in Exercise::ALL {
        for seed in 0..20 {
            let p = Practice::new(exercise, seed, 2, false);
            let mut prior = Vec::new();
            for i in 0..p.max() {
                let step = p.problem.step(i, &prior);
                for w in &step.wrongs {
                    let why = exercises::explain(w.mistake);
                    assert!(why.len() > 20, "{exercise:?} {seed} step {i}: {} has no explanation", w.mistake.id);
                    let v = step.grade(&respond(&w.answer));
                    if v.also.is_empty() {
                        assert_eq!(v.text(), format!("{}: {why}", w.mistake.name));
                    } else {
                        assert!(v.text().contains(&format!("{}: {why}", w.mistake.name)), "{}", v.text());
                    }
                }
                prior.push(step.answer);
            }
        }
    }
    // The two mistakes called "no-mod" (Bloom filters and Flajolet–Martin) keep their own words.
    assert_ne!(exercises::explain(bloom::NO_MOD), exercises::explain(exercises::fm::NO_MOD));
    assert_eq!(exercises::explain(Mistake { id: "no-such", name: "none" }), "");
}

#[test]
fn a_bit_already_set_and_cleared_is_named() {
    // Insert into a filter where the item's bit is already 1: clicking it clears it.
    let prev: Vec<bool> = (0..11).map(|i| i == 5).collect();
    let step = bloom::insert_step(25, &prev, Worded);
    let mut cleared = prev.clone();
    cleared[5] = false;
    cleared[2] = true;
    assert_eq!(step.grade(&Response::Bits(cleared)).mistake.map(|m| m.id), Some("cleared"));
}

#[test]
fn learn_mode_undo_and_fix_and_exam_mode() {
    let mut p = Practice::new(Exercise::Fm, 3, 1, false);
    let step = p.current();
    let wrong = Response::Text("99".into());
    p.submit(wrong.clone());
    assert!(p.pending.is_some() && p.done.is_empty());
    p.undo();
    assert!(p.pending.is_none());
    p.submit(respond(&step.answer));
    assert_eq!(p.done.len(), 1);
    assert!(!p.done[0].scored, "a step right only at the second try scores nothing");
    p.submit(wrong.clone());
    p.fix();
    assert!(p.done[1].fixed && !p.done[1].scored);
    while !p.finished() {
        let s = p.current();
        p.submit(respond(&s.answer));
    }
    assert_eq!(p.score(), p.max() - 2);
    let mut e = Practice::new(Exercise::Fm, 3, 1, true);
    e.submit(wrong);
    assert!(e.pending.is_none() && e.done.len() == 1 && !e.done[0].verdict.right);
}

#[test]
fn result_codes_round_trip_and_refuse_tampering() {
    for exercise in Exercise::ALL {
        for exam in [false, true] {
            let mut p = Practice::new(exercise, 11, 2, exam);
            let mut i = 0;
            while !p.finished() {
                let s = p.current();
                let r = if i % 2 == 0 {
                    respond(&s.answer)
                } else {
                    respond(&s.wrongs.first().map_or(s.answer.clone(), |w| w.answer.clone()))
                };
                p.submit(r);
                if p.pending.is_some() {
                    p.fix();
                }
                i += 1;
            }
            let code = p.code();
            let back = code::decode(&code).expect("a code reads back");
            assert_eq!((back.score(), back.max(), back.exam), (p.score(), p.max(), exam), "{code}");
            let mut bad = code.clone().into_bytes();
            let at = code.find('_').unwrap() + 2;
            bad[at] = if bad[at] == b'x' { b'y' } else { b'x' };
            assert!(code::decode(&String::from_utf8(bad).unwrap()).is_err());
            assert!(code::decode(&code[..code.len() - 1]).is_err());
        }
    }
    assert!(code::decode("").is_err() && code::decode("🙂_x").is_err());
}

#[test]
fn links_read_with_notices() {
    let (p, n) = Practice::read(&Query::parse("?exercise=fm&seed=4&mode=exam&level=3"));
    assert!(n.is_empty() && p.exam && p.level == 3 && p.exercise == Exercise::Fm);
    let (p, n) = Practice::read(&Query::parse("?exercise=nope&level=9"));
    assert_eq!((p.exercise, p.level, n.len()), (Exercise::BloomInsert, 3, 2));
    assert_eq!(
        Practice::read(&Query::parse("?exercise=fm&seed=4")).0.query_pairs(),
        [("exercise", "fm".to_string()), ("seed", "4".to_string())]
    );
    assert!(matches!(Practice::new(Exercise::BloomInsert, 1, 1, false).current().form, Form::Bits { len: 11 }));
}

#[test]
fn a_walkthroughs_own_numbers_in_the_link() {
    let (p, n) = Practice::read(&Query::parse("?exercise=bloom-insert&items=25,159,585&m=11"));
    assert!(n.is_empty() && p.given);
    assert_eq!(p.problem, Problem::Insert(bloom::BloomInsertProblem { m: 11, items: vec![25, 159, 585] }));
    // Ullman's example: 25 sets bits 5 and 2.
    assert_eq!(p.current().answer.shown(), "00100100000");
    let (f, _) = Practice::read(&Query::parse("?exercise=fm&stream=3,1,4,1,5&a=3&b=7&w=5"));
    assert_eq!(f.problem.json(), "{\"a\": 3, \"b\": 7, \"w\": 5, \"stream\": [3, 1, 4, 1, 5]}");
    assert_eq!(
        Practice::read(&Query::parse(&crate::link::query::build(&f.query_pairs()))).0.problem,
        f.problem,
        "the link written back gives the same problem"
    );
    // A result code carries the given problem.
    let mut done = f.clone();
    while !done.finished() {
        let s = done.current();
        done.submit(respond(&s.answer));
    }
    let back = code::decode(&done.code()).expect("a code with a given problem");
    assert_eq!((back.problem.clone(), back.score()), (f.problem.clone(), done.max()));
    // A new problem leaves the given numbers.
    let (next, _) = f.with_next_seed();
    assert!(!next.given && next.query_pairs().iter().all(|(k, _)| *k != "stream"));
    let (_, n) = Practice::read(&Query::parse("?exercise=fm&stream=x&w=99"));
    assert_eq!(n.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["stream", "w"]);
    // The sampling and AMS exercises: the link written back and a result code give the same problem.
    for link in [
        "?exercise=sampling&queries=apple,pear,apple&hashes=3,7,3&draws=5,1,8&buckets=10&cut=4",
        "?exercise=ams&tokens=a,b,c,b,d,a,c,d,a,b,d,c,a,a,b&positions=3,8,13",
    ] {
        given_problems::round_trip(link, respond);
    }
}

#[test]
fn ullmans_walkthrough_links_to_its_own_example() {
    use crate::lectures::ullman::UllmanLecture;
    let lecture = UllmanLecture::read(&Query::parse("?view=ullman")).0;
    let link = given::try_ullman(&lecture, None).expect("a link");
    assert_eq!(link, "?view=practice&exercise=bloom-insert&items=25,159,585&m=11");
    let (p, n) = Practice::read(&Query::parse(&link));
    assert!(n.is_empty() && p.given && p.max() == 3);
    assert_eq!(given::try_ullman(&UllmanLecture::read(&Query::parse("?view=ullman&m=100")).0, None), None);
}

#[test]
fn a_class_tally_recomputes_every_score() {
    // One right throughout, two with one code (told apart by their lines' ids), one code altered.
    let right = {
        let mut p = Practice::new(Exercise::Fm, 2, 1, true);
        while !p.finished() {
            let s = p.current();
            p.submit(respond(&s.answer));
        }
        p.code()
    };
    let wrong = |seed: u64| {
        let mut p = Practice::new(Exercise::Fm, seed, 1, true);
        let s = p.current();
        p.submit(respond(&s.wrongs[0].answer));
        while !p.finished() {
            let s = p.current();
            p.submit(respond(&s.answer));
        }
        (p.code(), s.wrongs[0].mistake.id)
    };
    let (w1, id1) = wrong(2);
    let (w2, _) = wrong(2);
    let altered = right.replacen("_e_", "_l_", 1);
    let t = tally::tally(&format!("{right}\n\n  ann\t{w1}\nbob,{w2}\n{altered}\nnonsense\n"));
    assert_eq!((t.codes, t.valid, t.refused.len()), (5, 3, 2));
    assert_eq!(t.refused[0].0, 5, "line numbers count from 1, blank lines included");
    let e = &t.exercises[0];
    assert_eq!(e.exercise, Exercise::Fm);
    assert_eq!(e.scores.len(), 3);
    assert_eq!(e.mistakes[0], tally::MistakeCount { step: 0, id: id1, name: e.mistakes[0].name, count: 2 });
    let max = e.scores[0].1 as f64;
    assert!((t.mean() - (max + 2.0 * (max - 1.0)) / (3.0 * max)).abs() < 1e-12);
    let chart = t.chart();
    assert_eq!(chart.series.len(), 1);
    // A histogram in tenths, 100 % in the last, on whole students (no tick between two).
    let bins: Vec<f64> = chart.series[0].values.iter().map(|p| p.1).collect();
    assert_eq!((bins.len(), bins.iter().sum::<f64>()), (10, 3.0));
    assert_eq!(bins[9] as usize, 1 + 2 * usize::from(10 * (e.scores[1].0) / e.scores[1].1 >= 9));
    let (ticks, top) = (chart.y_ticks(chart.y_range(), 5.0), chart.y_range().1);
    assert!(ticks.iter().all(|(v, label)| v.fract() == 0.0 && !label.contains('.')), "{ticks:?}");
    assert!(top >= bins.iter().cloned().fold(0.0, f64::max) && ticks.last().map(|t| t.0) == Some(top), "{ticks:?}");
}

#[test]
fn the_distinct_walkthrough_links_to_its_own_example() {
    use crate::labs::distinct::DistinctLab;
    let lab = DistinctLab::read(&Query::parse("?view=distinct")).0;
    let link = given::try_distinct(&lab, None).expect("a link");
    let (p, n) = Practice::read(&Query::parse(&link));
    assert!(n.is_empty() && p.given, "{link}");
    let Problem::Fm(f) = &p.problem else { panic!("{link}") };
    assert_eq!((f.a, f.b, f.w), (lab.hashes[0].0, lab.hashes[0].1, lab.w));
    assert_eq!(f.stream, lab.stream.iter().copied().take(given::MAX_GIVEN).collect::<Vec<_>>());
}

#[test]
fn progress_is_kept_as_plain_lines_and_survives_junk() {
    use progress::Progress;
    let mut store = Progress::parse("junk\nfm 1 2 3 7 0\nfm 1 9 9 9 1\nnope 1 1 1 1 1\nfm 9 1 1 1 1\n\u{1F642}");
    assert_eq!(store.entries.len(), 1, "the first good line of each exercise and level");
    let mut p = Practice::new(Exercise::Fm, 4, 1, false);
    store.record(&p);
    assert_eq!(store.entries[0].finished, 2, "an unfinished session is not counted");
    while !p.finished() {
        let s = p.current();
        p.submit(respond(&s.answer));
    }
    store.record(&p);
    let e = &store.entries[0];
    assert_eq!((e.finished, e.best, e.max, e.proficient), (3, p.max(), p.max(), true));
    let mut b = Practice::new(Exercise::BloomInsert, 1, 2, true);
    while !b.finished() {
        let s = b.current();
        b.submit(respond(&s.answer));
    }
    store.record(&b);
    assert_eq!(store.entries[0].exercise, Exercise::BloomInsert, "in the exercises' order");
    assert_eq!(Progress::parse(&store.text()), store);
}
