//! Every question every walkthrough and lab asks, at several settings and every step: each gives
//! its right choice away, each wrong choice says what it actually is without naming the answer,
//! and the prose is joined correctly. (The questions are the walkthroughs' and the labs', so this
//! test reads them all from outside the crate.)

use bloomlab_core::labs::counting::CountingLab;
use bloomlab_core::labs::distinct::DistinctLab;
use bloomlab_core::labs::mlbf::MlbfLab;
use bloomlab_core::labs::moments::MomentsLab;
use bloomlab_core::labs::sampling::SamplingLab;
use bloomlab_core::lectures::questions::{masked_spans, Question, Quizzed};
use bloomlab_core::lectures::stepper::Stepped;
use bloomlab_core::lectures::ullman::UllmanLecture;
use bloomlab_core::link::query::Query;
use bloomlab_core::link::state::LinkState;

/// Every question every walkthrough asks at every step of `links`' settings.
fn walkthrough_questions() -> Vec<(String, Question)> {
    let mut out = Vec::new();
    let mut add = |link: &str, qs: Vec<Option<Question>>| {
        out.extend(qs.into_iter().flatten().map(|q| (link.to_string(), q)));
    };
    for link in [
        "",
        "stream=25,159,585&lookups=118,259,30",
        "m=31&stream=3,7,9,11&lookups=4,5",
        "m=5&stream=1,2,3,4,5,6,7,8,9,10&lookups=11,12,13",
        "m=64&stream=1,2,3,4,5,6,7,8&lookups=1,100",
        "stream=5&lookups=5",
    ] {
        let (l, _) = UllmanLecture::read(&Query::parse(link));
        add(&format!("ullman {link}"), (0..=l.last_step()).map(|s| l.question(s)).collect());
    }
    for link in ["", "k=3", "k=1", "stream=a,b,a,c,a,b,d&positions=1,4,6", "k=4&positions=2,3,9,12"] {
        let (l, _) = MomentsLab::read(&Query::parse(link));
        add(&format!("moments {link}"), (0..=l.last_step()).map(|s| l.question(s)).collect());
    }
    for link in ["", "s=100&d=900&rate=0.5", "s=5000&d=10&rate=0.01", "rate=1"] {
        let (l, _) = SamplingLab::read(&Query::parse(link));
        add(&format!("sampling {link}"), (0..=l.last_step()).map(|s| l.question(s)).collect());
    }
    for link in ["", "stream=1,2,3,1,2,3,8,16,8", "stream=7,7,7,7", "stream=1,3,5,7,9,2,4,1"] {
        let l = DistinctLab::read(&Query::parse(link)).0;
        add(&format!("distinct {link}"), (0..=l.last_step()).map(|s| l.question(s)).collect());
    }
    out
}

/// The counting filter's question after several deletes, and the multi-layer filter's.
fn variant_questions() -> Vec<(String, Question)> {
    let mut out = Vec::new();
    let mut links: Vec<String> = [
        "m=32&k=3&ops=i:apple,i:pear,i:apple,d:apple",
        "m=32&k=3&ops=i:apple,d:apple",
        "m=8&k=2&force=1&ops=i:apple,d:kiwi",
        "m=16&k=3&mode=mi&ops=i:apple,i:pear,i:fig,d:pear",
        "m=16&k=3&mode=rm&ops=i:apple,i:apple,i:pear,d:apple",
    ]
    .map(String::from)
    .to_vec();
    links.extend((0..30).map(|i| format!("m=8&k=2&force=1&ops=i:apple,i:pear,i:plum,d:x{i}")));
    for link in links {
        if let Some(q) = CountingLab::read(&Query::parse(&link)).0.delete_question() {
            out.push((format!("counting {link}"), q));
        }
    }
    for link in ["", "m=100&k=3&layers=3", "m=64&k=2&layers=2", "m=7&k=4&layers=5"] {
        let mut lab = MlbfLab::read(&Query::parse(link)).0;
        for url in ["http://www.example.com/a/b/c.html", "http://example.org/x/y", "http://www.example.com/a/x.html"] {
            lab.insert(url).unwrap();
            out.extend(lab.xor_question().map(|q| (format!("mlbf {link} {url}"), q)));
        }
    }
    out
}

/// Whether one of `hide` occurs in `text` as a whole (not inside a longer word or number), as
/// the page masks it.
fn names(text: &str, hide: &[String]) -> bool {
    masked_spans(text, hide).iter().any(|&(_, masked)| masked)
}

#[test]
fn every_wrong_choice_says_what_it_is_without_naming_the_answer() {
    let qs: Vec<(String, Question)> = walkthrough_questions().into_iter().chain(variant_questions()).collect();
    for kind in ["ullman-", "moments-", "sampling-", "distinct-", "counting-", "mlbf-"] {
        assert!(qs.iter().any(|(_, q)| q.id.starts_with(kind)), "no {kind} question asked");
    }
    assert!(qs.iter().filter(|(_, q)| q.conceptual).count() >= 4);
    for (link, q) in &qs {
        let right = &q.choices[q.answer];
        // The answer in every form the page masks, and a number without its unit.
        let mut answer = q.gives_away.clone();
        if let Some(number) = right.strip_suffix(" %") {
            answer.push(number.to_string());
        }
        let mut whys = Vec::new();
        for (i, choice) in q.choices.iter().enumerate() {
            let why = q.why_wrong(i);
            if i == q.answer {
                assert!(why.is_none(), "{link}: the right choice has no why-not: {q:?}");
                continue;
            }
            let why = why.unwrap_or_else(|| panic!("{link}: no why-not for {choice}: {q:?}"));
            assert!(!why.trim().is_empty() && why != q.reasoning, "{link}: {choice}: {why}");
            assert!(!names(why, &answer), "{link}: why-not for {choice} names the answer {answer:?}: {why}");
            whys.push(why);
        }
        // One explanation per wrong choice, each its own, and none for a choice not asked.
        assert_eq!(q.why_not.len(), q.choices.len() - 1, "{link}: {q:?}");
        assert!(q.why_not.iter().all(|(c, _)| q.choices.contains(c) && c != right), "{link}: {q:?}");
        let mut distinct = whys.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), whys.len(), "{link}: {q:?}");
    }
}

/// What no text a question shows may hold: a doubled full stop, a space before a semicolon, a
/// capital after one, or a number that is not one.
fn typo(text: &str) -> Option<&'static str> {
    let capital_after_semicolon =
        text.match_indices("; ").any(|(i, _)| text[i + 2..].chars().next().is_some_and(|c| c.is_uppercase()));
    if text.contains("..") {
        Some("..")
    } else if text.contains(" ;") {
        Some(" ;")
    } else if capital_after_semicolon {
        Some("; and a capital")
    } else if text.contains("NaN") || text.split(|c: char| !c.is_alphanumeric()).any(|w| w == "inf") {
        Some("NaN or inf")
    } else {
        None
    }
}

#[test]
fn every_question_text_is_joined_correctly() {
    let qs: Vec<(String, Question)> = walkthrough_questions().into_iter().chain(variant_questions()).collect();
    for (link, q) in &qs {
        let texts = [q.prompt.as_str(), q.reasoning.as_str()]
            .into_iter()
            .chain(q.choices.iter().map(String::as_str))
            .chain(q.why_not.iter().map(|(_, why)| why.as_str()));
        for text in texts {
            assert_eq!(typo(text), None, "{link} ({}): {text}", q.id);
        }
    }
    // The two the issue saw, in Ullman's default example.
    let (l, _) = UllmanLecture::read(&Query::parse(""));
    let insert = l.question(0).unwrap();
    assert!(insert.reasoning.ends_with("Set bits 5 and 2."), "{}", insert.reasoning);
    let lookup = (0..l.last_step()).filter_map(|s| l.question(s)).find(|q| q.prompt.starts_with("Will 118")).unwrap();
    assert!(lookup.reasoning.starts_with("118 hashes to bits 3 and 5. Look up 118 = "), "{}", lookup.reasoning);
}

#[test]
fn every_question_gives_away_at_least_its_right_choice() {
    let (u, _) = UllmanLecture::read(&Query::parse(""));
    let (m, _) = MomentsLab::read(&Query::parse(""));
    let (s, _) = SamplingLab::read(&Query::parse(""));
    let d = DistinctLab::read(&Query::parse("")).0;
    let qs = (0..u.last_step())
        .filter_map(|i| u.question(i))
        .chain((0..m.last_step()).filter_map(|i| m.question(i)))
        .chain((0..s.last_step()).filter_map(|i| s.question(i)))
        .chain(d.question(0));
    for q in qs {
        assert_eq!(q.gives_away.first(), Some(&q.choices[q.answer]), "{q:?}");
    }
}
