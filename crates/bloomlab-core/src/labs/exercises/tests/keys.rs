//! The new topics against independent computations (lookups from recomputed positions, the
//! reservoir by a naive simulation of the draws the question shows), the Bloom key's lines, the
//! AMS key's formula, and every link opening its walkthrough at the step that shows the answer.

use super::sheet;
use crate::engine::hashing::ullman_split;
use crate::labs::distinct::DistinctLab;
use crate::labs::exercises::{SheetQuestion, Topic};
use crate::labs::moments::MomentsLab;
use crate::labs::quotient::QuotientLab;
use crate::labs::sampling::SamplingLab;
use crate::labs::window::WindowLab;
use crate::labs::xor::{Step as XorStep, XorLab};
use crate::lectures::distinct::StepKind as FmStep;
use crate::lectures::moments::StepKind as AmsStep;
use crate::lectures::sampling::STEPS;
use crate::lectures::stepper::Stepped;
use crate::lectures::ullman::{StepKind, UllmanLecture};
use crate::link::page::PageParams;
use crate::link::query::{decode_list, Query};
use crate::link::state::LinkState;

fn get(e: &SheetQuestion, k: &str) -> String {
    e.data.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone()).unwrap_or_else(|| panic!("no {k} in {e:?}"))
}

fn nums(s: &str) -> Vec<u64> {
    s.split(',').filter(|x| !x.is_empty()).map(|x| x.parse().unwrap()).collect()
}

fn line_value(line: &crate::labs::exercises::KeyLine, k: &str) -> String {
    line.data.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone()).unwrap()
}

/// Sheets of one topic over seeds and difficulties.
fn sheets_of(topic: &str, seeds: u64) -> Vec<SheetQuestion> {
    (0..seeds)
        .flat_map(|seed| sheet(&format!("?topics={topic}&count=2&seed={seed}&difficulty={}", seed % 3 + 1)).exercises)
        .collect()
}

#[test]
fn the_bloom_key_gives_each_items_hashes_and_bits() {
    for e in sheets_of("bloom", 30) {
        let m: u64 = get(&e, "m").parse().unwrap();
        let items = nums(&get(&e, "items"));
        assert_eq!(e.lines.len(), items.len());
        let mut bits = vec![b'0'; m as usize];
        for (line, &x) in e.lines.iter().zip(&items) {
            let (h1, h2) = ullman_split(x);
            assert_eq!(line_value(line, "item"), x.to_string());
            assert_eq!(line_value(line, "hashes"), format!("{h1},{h2}"));
            assert_eq!(line_value(line, "positions"), format!("{},{}", h1 % m, h2 % m));
            for (name, h) in [("h1", h1), ("h2", h2)] {
                let reduced = if h >= m { format!("{h} → {h} mod {m} = {}", h % m) } else { h.to_string() };
                assert!(line.text.contains(name) && line.text.contains(&format!("₂ = {reduced}")), "{}", line.text);
            }
            assert!(line.text.contains(&format!("{:b}₂", x)), "{}", line.text);
            bits[(h1 % m) as usize] = b'1';
            bits[(h2 % m) as usize] = b'1';
        }
        assert_eq!(e.answer, String::from_utf8(bits).unwrap(), "the lines add up to the answer");
    }
}

#[test]
fn lookup_verdicts_from_recomputed_positions_with_a_false_positive() {
    for e in sheets_of("lookup", 60) {
        let m: u64 = get(&e, "m").parse().unwrap();
        let (items, lookups) = (nums(&get(&e, "items")), nums(&get(&e, "lookups")));
        let mut bits = vec![false; m as usize];
        for &x in &items {
            let (h1, h2) = ullman_split(x);
            bits[(h1 % m) as usize] = true;
            bits[(h2 % m) as usize] = true;
        }
        let shown: String = bits.iter().map(|&b| if b { '1' } else { '0' }).collect();
        assert!(e.question.contains(&shown), "the question shows the filter: {}", e.question);
        let verdicts: Vec<&str> = lookups
            .iter()
            .map(|&y| {
                let (h1, h2) = ullman_split(y);
                match (bits[(h1 % m) as usize] && bits[(h2 % m) as usize], items.contains(&y)) {
                    (false, _) => "absent",
                    (true, true) => "member",
                    (true, false) => "false positive",
                }
            })
            .collect();
        assert_eq!(e.answer, verdicts.join(","));
        assert_eq!(e.lines.iter().map(|l| line_value(l, "verdict")).collect::<Vec<_>>(), verdicts);
        // Every kind, the false positive included, wherever the seed allows: in all of these.
        for kind in ["member", "false positive", "absent"] {
            assert!(verdicts.contains(&kind), "{kind} in {e:?}");
        }
        let mut distinct = lookups.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), lookups.len(), "no item looked up twice");
    }
}

#[test]
fn the_reservoir_by_a_naive_simulation_of_the_shown_draws() {
    for e in sheets_of("reservoir", 60) {
        let s: usize = get(&e, "s").parse().unwrap();
        let tokens: Vec<String> = decode_list(&get(&e, "stream")).into_iter().map(Result::unwrap).collect();
        let draws: Vec<f64> = get(&e, "draws").split(',').map(|d| d.parse().unwrap()).collect();
        let picks = nums(&get(&e, "picks"));
        assert_eq!(draws.len(), tokens.len() - s, "one draw per position after the first s");
        let mut slots: Vec<usize> = (1..=s).collect();
        let mut next = picks.iter();
        let mut chosen = 0;
        for (i, &d) in draws.iter().enumerate() {
            let position = s + 1 + i;
            let chance = s as f64 / position as f64;
            assert!((d - chance).abs() > 0.001, "draw {d} too close to {chance} to decide from 3 decimals");
            if d < chance {
                slots[*next.next().expect("a pick for every chosen element") as usize - 1] = position;
                chosen += 1;
            }
            assert_eq!(line_value(&e.lines[i], "positions"), super::super::list(&slots));
        }
        assert_eq!(next.next(), None, "one pick per chosen element");
        assert!(chosen > 0 && chosen < draws.len(), "an element chosen and one passed over");
        assert_eq!(e.answer, super::super::list(&slots));
        let elements: Vec<&str> = slots.iter().map(|&p| tokens[p - 1].as_str()).collect();
        assert!(e.working.contains(&elements.join(", ")), "{}", e.working);
    }
}

#[test]
fn the_ams_key_says_its_formula_is_the_walkthroughs() {
    for e in sheets_of("ams", 3) {
        assert!(e.working.contains("X = n(v² − (v − 1)²)") && e.working.contains("2v − 1"), "{}", e.working);
        assert!(e.working.contains("n(2·count − 1)"));
    }
}

/// The step a walkthrough link opens: `(step, last step)` for its view's model, checked.
fn check_step(e: &SheetQuestion, q: &Query) {
    match e.topic {
        Topic::Bloom | Topic::Lookup => {
            let (lecture, stepper, notices) = UllmanLecture::read_stepped(q);
            assert!(notices.is_empty(), "{notices:?}");
            let kinds: Vec<&StepKind> = lecture.steps.iter().map(|s| &s.kind).collect();
            let i = stepper.step();
            if e.topic == Topic::Bloom {
                assert!(matches!(kinds[i], StepKind::Insert { .. }), "{}", e.link);
                assert!(!kinds[i + 1..].iter().any(|k| matches!(k, StepKind::Insert { .. })), "the last insert");
                assert_eq!(lecture.steps[i].bits.to_bit_string(), e.answer, "the step shows the answer");
            } else {
                assert!(matches!(kinds[i], StepKind::Lookup { .. }), "{}", e.link);
                assert!(!kinds[..i].iter().any(|k| matches!(k, StepKind::Lookup { .. })), "the first lookup");
            }
        }
        Topic::Fm => {
            let (lab, stepper, notices) = DistinctLab::read_stepped(q);
            assert!(notices.is_empty(), "{notices:?}");
            assert_eq!(lab.steps[stepper.step()].kind, FmStep::Summary, "{}", e.link);
        }
        Topic::Ams | Topic::Reservoir => {
            let (lab, stepper, notices) = MomentsLab::read_stepped(q);
            assert!(notices.is_empty(), "{notices:?}");
            let w = &lab.walkthrough;
            let kind = &w.steps[stepper.step()].kind;
            if e.topic == Topic::Ams {
                assert_eq!(*kind, AmsStep::Estimate, "{}", e.link);
            } else {
                assert_eq!(*kind, AmsStep::ReservoirArrival(w.arrivals.len() - 1), "{}", e.link);
                assert_eq!(super::super::list(&w.arrivals[w.arrivals.len() - 1].slots), e.answer);
            }
        }
        Topic::Sampling => {
            let (lab, stepper, notices) = SamplingLab::read_stepped(q);
            assert!(notices.is_empty(), "{notices:?}");
            assert!(STEPS[stepper.step()].starts_with("What the sample reports"));
            assert_eq!(lab.rate.to_string(), get(e, "rate"));
        }
        Topic::Dgim => {
            // No `t`: the walkthrough shows every bit, the buckets and estimate the answer asks for.
            let (lab, stepper, notices) = WindowLab::read_stepped(q);
            assert!(notices.is_empty(), "{notices:?}");
            assert!(stepper.at_end(), "{}", e.link);
            assert_eq!(lab.dgim().estimate().to_string(), e.answer);
            assert!(e.working.contains(&WindowLab::buckets_text(&lab.dgim()).replace(',', ", ")), "{}", e.working);
        }
        Topic::CountMin | Topic::HeavyHitters => check_frequencies(e, q),
        Topic::XorPeel => {
            // A problem of given slots: the link shows the method, the view's first peel.
            let (lab, stepper, notices) = XorLab::read_stepped(q);
            assert!(notices.is_empty(), "{notices:?}");
            assert_eq!(lab.walk.steps[stepper.step()], XorStep::Peel(0), "{}", e.link);
        }
        Topic::QuotientInsert => {
            // The same fingerprints as words: the view's last step shows the table the key ends with.
            let (lab, stepper, notices) = QuotientLab::read_stepped(q);
            assert!(notices.is_empty(), "{notices:?}");
            assert!(stepper.at_end(), "{}", e.link);
            assert_eq!(
                lab.walk.filters.last().map(|f| f.slots_hook()).unwrap_or_default(),
                get(e, "table"),
                "{}",
                e.link
            );
        }
        Topic::Fp | Topic::Counting | Topic::Mlbf => assert_eq!(q.raw("step"), None),
    }
}

/// The frequencies walkthrough the link opens: at the lookup of the asked item (count-min), or
/// after the last arrival (Misra–Gries), showing the answer.
fn check_frequencies(e: &SheetQuestion, q: &Query) {
    use crate::labs::frequencies::FrequenciesLab;
    let (lab, stepper, notices) = FrequenciesLab::read_stepped(q);
    assert!(notices.is_empty(), "{notices:?}");
    let walk = lab.walk();
    let s = walk.at(stepper.step());
    if e.topic == Topic::CountMin {
        assert!(walk.is_lookup(stepper.step()) && walk.lookup == get(e, "query"), "{}", e.link);
        assert_eq!(s.cm.estimate(walk.lookup.as_bytes()).to_string(), e.answer);
    } else {
        assert_eq!(stepper.step(), walk.len(), "{}", e.link);
        let mut held: Vec<String> = s.mg.counters().iter().map(|&(i, c)| format!("{}:{c}", walk.name(i))).collect();
        held.sort();
        assert_eq!(held.join(","), e.answer);
    }
}

/// Count-min from the question's own columns and Misra–Gries in a few lines: the answers agree.
#[test]
fn the_frequency_answers_agree_with_a_direct_computation() {
    let mut ruled_out = 0;
    for seed in 0..12 {
        let link = format!("?topics=count-min,heavy-hitters&count=4&seed={seed}&difficulty={}", seed % 3 + 1);
        for e in sheet(&link).exercises {
            let items: Vec<String> = decode_list(&get(&e, "items")).into_iter().map(|r| r.unwrap()).collect();
            if e.topic == Topic::CountMin {
                let (w, d) = (nums(&get(&e, "w"))[0], nums(&get(&e, "d"))[0] as u32);
                let column = |x: &str, j: u32| {
                    let at = e.question.find(&format!("{x} → ")).expect("its columns") + x.len() + 5;
                    let cut = e.question[at..].split([';', '.']).next().unwrap();
                    let cols: Vec<u64> = cut.split(", ").map(|c| c.trim().parse().expect("a column")).collect();
                    cols[j as usize]
                };
                let mut grid = vec![0u64; (w * d as u64) as usize];
                for x in &items {
                    for j in 0..d {
                        grid[(j as u64 * w + column(x, j)) as usize] += 1;
                    }
                }
                let q = get(&e, "query");
                let est = (0..d).map(|j| grid[(j as u64 * w + column(&q, j)) as usize]).min().unwrap();
                assert_eq!(est.to_string(), e.answer, "{}", e.question);
                let truth = items.iter().filter(|x| **x == q).count() as u64;
                assert!(est >= truth);
            } else {
                let k: usize = get(&e, "k").parse().unwrap();
                let mut c: Vec<(String, u64)> = Vec::new();
                let mut decrements = 0;
                for x in &items {
                    if let Some(h) = c.iter_mut().find(|h| h.0 == *x) {
                        h.1 += 1;
                    } else if c.len() < k {
                        c.push((x.clone(), 1));
                    } else {
                        c.iter_mut().for_each(|h| h.1 -= 1);
                        c.retain(|h| h.1 > 0);
                        decrements += 1;
                    }
                }
                c.sort();
                let want: Vec<String> = c.iter().map(|(x, n)| format!("{x}:{n}")).collect();
                assert_eq!(want.join(","), e.answer, "{}", e.question);
                assert_eq!(e.lines.len(), items.len(), "one key line per arrival");
                // The candidates: count + D above N/(k+1); every item occurring more often is one.
                let (n, k1) = (items.len() as u64, k as u64 + 1);
                let picked: Vec<&str> =
                    c.iter().filter(|(_, v)| k1 * (v + decrements) > n).map(|(x, _)| x.as_str()).collect();
                for x in &items {
                    let truth = items.iter().filter(|y| *y == x).count() as u64;
                    assert!(k1 * truth <= n || picked.contains(&x.as_str()), "{x} in {}", e.working);
                }
                let said = if picked.is_empty() { "none".to_string() } else { picked.join(", ") };
                assert!(e.working.ends_with(&format!(" times: {said}.")), "{said}: {}", e.working);
                assert!(e.working.contains(&format!(" = {decrements} decrements")), "{}", e.working);
                ruled_out += c.len() - picked.len();
            }
        }
    }
    assert!(ruled_out > 0, "some sheet rules out an item that holds a counter");
}

/// The count-min question asks about an over-estimated item: its estimate (from the question's
/// own columns, in `the_frequency_answers_agree_with_a_direct_computation`) above its true count.
#[test]
fn the_count_min_question_asks_about_an_over_estimated_item() {
    for level in 1..=3 {
        for seed in 1..=20 {
            let link = format!("?topics=count-min&count=1&seed={seed}&difficulty={level}");
            let e = sheet(&link).exercises.remove(0);
            let items: Vec<String> = decode_list(&get(&e, "items")).into_iter().map(|r| r.unwrap()).collect();
            let q = get(&e, "query");
            let truth = items.iter().filter(|x| **x == q).count() as u64;
            let est: u64 = e.answer.parse().unwrap();
            assert!(est > truth, "{link}: {q} arrived {truth} times, estimated {est}");
            assert!(e.working.contains(&format!("arrived {truth} times")), "{}", e.working);
        }
    }
}

#[test]
fn links_open_the_step_that_shows_the_answer_and_point_at_its_panel() {
    let all = Topic::ALL.iter().map(|t| t.name()).collect::<Vec<_>>().join(",");
    for seed in 0..8 {
        for e in sheet(&format!("?topics={all}&count=18&seed={seed}&difficulty={}", seed % 3 + 1)).exercises {
            let q = Query::parse(&e.link);
            let page = PageParams::from_query(&q);
            assert!(page.notices.is_empty(), "{:?}", page.notices);
            let focus = match e.topic {
                Topic::Counting => None,
                Topic::Fp => Some("rates"),
                Topic::Mlbf => Some("xor-layer"),
                _ => Some("step"),
            };
            assert_eq!(page.focus, focus, "{}", e.link);
            check_step(&e, &q);
        }
    }
}

#[test]
fn new_topics_come_last_and_a_link_without_topics_gives_the_first_twelve() {
    assert_eq!(Topic::ALL[7..12], [Topic::Reservoir, Topic::Lookup, Topic::Dgim, Topic::CountMin, Topic::HeavyHitters]);
    assert_eq!(Topic::ALL[12..], [Topic::XorPeel, Topic::QuotientInsert]);
    assert_eq!(Topic::ALL[..7], Topic::FIRST_SEVEN);
    assert_eq!(&Topic::ALL[..12], Topic::DEFAULT);
    let bare = sheet("");
    assert_eq!(bare.topics, Topic::DEFAULT);
    assert_eq!(bare.count, Topic::DEFAULT.len() as u64, "one question per topic");
    let asked: Vec<Topic> = bare.exercises.iter().map(|e| e.topic).collect();
    assert_eq!(asked, Topic::DEFAULT, "the frequencies and window topics included, chapter 5's not");
    assert_eq!(sheet("?topics=lookup,reservoir").topics, [Topic::Lookup, Topic::Reservoir]);
    let twelve = Topic::DEFAULT.iter().map(|t| t.name()).collect::<Vec<_>>().join(",");
    assert_eq!(sheet(&format!("?topics={twelve}")), bare);
    assert!(!bare.query_pairs().iter().any(|(k, _)| *k == "topics"));
    // Chapter 5's topics come when the link names them, and stay in its address.
    let (more, _) = bare.with_topic_toggled(Topic::XorPeel);
    assert_eq!(more.topics.last(), Some(&Topic::XorPeel));
    assert!(more.query_pairs().iter().any(|(k, v)| *k == "topics" && v.ends_with(",xor-peel")));
    // The seven a bare link gave before, named in the link: toggling keeps the count.
    let seven = Topic::FIRST_SEVEN.iter().map(|t| t.name()).collect::<Vec<_>>().join(",");
    let (nine, _) =
        sheet(&format!("?topics={seven}")).with_topic_toggled(Topic::Reservoir).0.with_topic_toggled(Topic::Lookup);
    assert_eq!(nine.topics, Topic::ALL[..9]);
    assert_eq!(nine.count, 7, "toggling keeps the count");
    assert!(nine.query_pairs().contains(&("topics", format!("{seven},reservoir,lookup"))));
}
