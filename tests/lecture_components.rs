//! Server-rendered checks of the lecture views: Ullman's walkthrough at every step, custom
//! examples, bad input, and Skiena's comparison.

mod common;

use common::{attr, render};

#[tokio::test]
async fn every_step_of_the_default_walkthrough() {
    // step -> (filter, hash-trace positions, verdict)
    let expected: [(&str, Option<&str>, Option<&str>); 5] = [
        ("00000000000", None, None),
        ("00100100000", Some("5,2"), None),
        ("10100101000", Some("7,0"), None),
        ("10100101010", Some("9,7"), None),
        ("10100101010", Some("3,5"), Some("absent")),
    ];
    for (step, (bits, positions, verdict)) in expected.iter().enumerate() {
        let html = render(&format!("?view=ullman&step={step}")).await;
        assert_eq!(attr(&html, "bit-array", "data-bits"), [*bits], "step {step}");
        assert_eq!(attr(&html, "step", "data-step"), [step.to_string()]);
        assert_eq!(attr(&html, "step", "data-steps"), ["8"]);
        let traced = attr(&html, "hash-trace", "data-positions");
        assert_eq!(traced.first().copied(), *positions, "step {step}");
        assert_eq!(attr(&html, "verdict", "data-verdict").first().copied(), *verdict, "step {step}");
    }
    let html = render("?view=ullman&step=3").await;
    assert!(html.contains("bit 7 was already 1"));
    let html = render("?view=ullman&step=4").await;
    assert_eq!(attr(&html, "verdict", "data-truth"), ["non-member"]);
    assert!(html.contains("bit 3 is 0"));
}

#[tokio::test]
async fn the_reasoning_steps_carry_the_reference_numbers() {
    let html = render("?view=ullman&step=5").await;
    let formulas = attr(&html, "fp-theory", "data-formula");
    let values: Vec<f64> = attr(&html, "fp-theory", "data-value").iter().map(|v| v.parse().unwrap()).collect();
    assert_eq!(formulas, ["approx", "finite", "exact"]);
    assert!((values[0] - 0.176754).abs() < 1e-6);
    assert!((values[1] - 0.189683).abs() < 1e-6);
    assert!((values[2] - 0.195081).abs() < 1e-6);
    let this: f64 = attr(&html, "fp-filter", "data-value")[0].parse().unwrap();
    assert!((this - 0.2066).abs() < 1e-4);
    let html = render("?view=ullman&step=7").await;
    let fp: f64 = attr(&html, "slide-darts", "data-fp")[0].parse().unwrap();
    let rounded: f64 = attr(&html, "slide-darts", "data-fp-rounded")[0].parse().unwrap();
    assert!((fp - 0.0094309).abs() < 1e-7 && (rounded - 0.009375).abs() < 1e-6);
    assert!(html.contains("0.00937"));
    let html = render("?view=ullman&step=8").await;
    let book: Vec<f64> = attr(&html, "book-darts", "data-value").iter().map(|v| v.parse().unwrap()).collect();
    assert!((book[0] - 0.117503).abs() < 1e-6 && (book[1] - 0.048929).abs() < 1e-6);
}

#[tokio::test]
async fn custom_examples_and_bad_input() {
    let html = render("?view=ullman&stream=1,2,3&lookups=2,7&m=5&step=3").await;
    assert_eq!(attr(&html, "step", "data-steps"), ["9"]);
    assert_eq!(attr(&html, "hash-trace", "data-item"), ["3"]);
    let html = render("?view=ullman&stream=1,2,3&lookups=2,7&m=5&step=4").await;
    assert_eq!(attr(&html, "verdict", "data-truth"), ["member"]);
    let html = render("?view=ullman&stream=25,abc,-4,123456789012345678901234&m=-1&step=zz").await;
    let params = attr(&html, "notice", "data-param");
    assert_eq!(params.iter().filter(|p| **p == "stream").count(), 3, "{params:?}");
    assert!(params.contains(&"m") && params.contains(&"step"));
    assert_eq!(attr(&html, "step", "data-step"), ["0"]);
    let html = render("?view=ullman&step=999").await;
    assert_eq!(attr(&html, "step", "data-step"), ["8"]);
    assert!(attr(&html, "notice", "data-param").contains(&"step"));
}

#[tokio::test]
async fn skiena_comparison() {
    let html = render("?view=skiena").await;
    let ratio: f64 = attr(&html, "skiena-ratio", "data-bound")[0].parse().unwrap();
    let standard: f64 = attr(&html, "skiena-ratio", "data-standard")[0].parse().unwrap();
    assert!((ratio - 51.2).abs() < 1e-9);
    assert!((standard - 92.1).abs() < 0.05);
    assert!(html.contains("51.2 times"));
    let skiena: Vec<f64> =
        attr(&html, "fp-theory", "data-value").iter().step_by(2).map(|v| v.parse().unwrap()).collect();
    assert_eq!(skiena.len(), 5);
    assert!((skiena[4] - 0.0009765625).abs() < 1e-12);
    let html = render("?view=skiena&load=abc").await;
    assert_eq!(attr(&html, "notice", "data-param"), ["load"]);
    let html = render("?view=skiena&load=20%25").await;
    let values = attr(&html, "fp-theory", "data-value");
    assert_eq!(values[8], "1", "k = 5 at load 0.2 is clipped at 1");
}

#[tokio::test]
async fn questions_ask_before_the_step_that_answers_them() {
    // Off by default: the page is as it was.
    assert!(attr(&render("?view=ullman&step=0").await, "question", "data-id").is_empty());
    // Class mode: the choices, a reveal button, no answer in the page yet.
    let html = render("?view=ullman&step=0&quiz=class").await;
    assert_eq!(attr(&html, "question", "data-id"), ["ullman-0"]);
    assert!(attr(&html, "question", "data-answer").is_empty());
    assert!(attr(&html, "choice", "data-index").len() >= 2);
    assert!(html.contains("data-testid=\"reveal\""));
    assert!(html.contains("bits 2 and 5"), "the first insert's bits are a choice");
    // Study mode: choices are buttons and the answer can be asked for; nothing is tried yet.
    let html = render("?view=distinct&step=0&quiz=study").await;
    assert_eq!(attr(&html, "question", "data-id"), ["distinct-0"]);
    assert!(html.contains("<button") && html.contains("data-testid=\"choice\""), "{html}");
    assert!(html.contains("data-testid=\"quiz-show-answer\"") && !html.contains("data-testid=\"reveal\""));
    assert!(!html.contains("data-testid=\"quiz-why\"") && !html.contains("data-testid=\"verdict\""));
    for link in ["?view=sampling&step=3&quiz=class", "?view=moments&step=15&quiz=class"] {
        assert_eq!(attr(&render(link).await, "question", "data-id").len(), 1, "{link}");
    }
    // A bad mode: a notice, no question.
    let html = render("?view=ullman&quiz=loud").await;
    assert_eq!(attr(&html, "notice", "data-param"), ["quiz"]);
}

#[tokio::test]
async fn an_open_question_holds_back_what_answers_it() {
    // Before the darts, the step's text says how many bits are 1 on average: masked.
    let open = render("?view=ullman&step=5&quiz=class").await;
    let off = render("?view=ullman&step=5").await;
    assert!(off.contains("= 4.6 on average") && !open.contains("4.6 on average"), "{open}");
    assert!(open.contains("class=\"lecture question-open\"") && open.contains("class=\"masked\""));
    assert!(!off.contains("question-open") && !off.contains("class=\"masked\""));
    // The readouts and running means that answer a question are marked to wait for it.
    for (link, testid) in [
        ("?view=sampling&step=3&quiz=class", "sample-theory"),
        ("?view=moments&step=15&quiz=class", "ams-estimate"),
        ("?view=counting&m=32&k=3&ops=i:apple,i:pear,d:apple&quiz=class", "estimate"),
    ] {
        let html = render(link).await;
        assert!(html.contains("question-open"), "{link}");
        let tag = html.split('<').find(|t| t.contains(&format!("data-testid=\"{testid}\""))).unwrap_or_default();
        let class = tag.split("class=\"").nth(1).and_then(|c| c.split('"').next()).unwrap_or_default();
        assert!(class.split(' ').any(|c| c == "answers"), "{link}: {tag}");
    }
    // At the estimate the running mean is the step's point: its conceptual question leaves it.
    let html = render("?view=moments&step=16&quiz=class").await;
    assert_eq!(attr(&html, "question", "data-id"), ["moments-16"]);
    assert!(!html.contains("question-open") && html.contains("data-testid=\"ams-estimate\""));
}

/// A question box in study mode at a given state, server-rendered.
#[derive(yew::Properties, PartialEq)]
struct StudyProps {
    q: bloomlab_core::lectures::questions::Question,
    state: bloomlab_core::lectures::questions::QuizState,
}

#[yew::function_component]
fn StudyBox(p: &StudyProps) -> yew::Html {
    use bloomlab_core::lectures::questions::QuizMode;
    bloomlab::widgets::question::question_box(&p.q, QuizMode::Study, p.state, &yew::Callback::noop())
}

#[tokio::test]
async fn study_mode_explains_a_wrong_pick_and_waits_for_another() {
    use bloomlab::hooks::page::{Page, PageAction};
    use bloomlab::widgets::question::Hide;
    use bloomlab_core::lectures::model::Model;
    use bloomlab_core::lectures::ullman::UllmanLecture;
    use bloomlab_core::link::Query;
    // Before the darts: four choices, through the page skeleton's reducer.
    let start = Page::<UllmanLecture>::open(&Query::parse("step=5"));
    let q = start.model.asked(start.step()).expect("the darts question");
    let wrong = (0..q.choices.len()).find(|&i| i != q.answer).unwrap();
    let draw = |state| {
        let q = q.clone();
        yew::ServerRenderer::<StudyBox>::with_props(move || StudyProps { q: q.clone(), state }).render()
    };
    let tried = start.after(PageAction::Pick(wrong)).unwrap();
    let html = draw(tried.quiz).await;
    // Why that choice is wrong, the answer still hidden, the tried choice disabled, another try open.
    assert_eq!(attr(&html, "quiz-why", "data-index"), [wrong.to_string()]);
    assert!(html.contains(&format!("Not quite: </strong>{}", q.why_wrong(wrong).unwrap())), "{html}");
    assert!(attr(&html, "question", "data-answer").is_empty() && !html.contains("data-testid=\"verdict\""));
    assert!(html.contains("data-testid=\"quiz-show-answer\""));
    let disabled: Vec<bool> =
        html.split("<button").skip(1).filter(|b| b.contains("\"choice\"")).map(|b| b.contains("disabled")).collect();
    assert_eq!(disabled, (0..q.choices.len()).map(|i| i == wrong).collect::<Vec<_>>());
    assert_eq!(Hide::of(&q, !tried.quiz.shows_answer(&q)).class(), Some("question-open"));
    // The right pick shows the answer, its reasoning and how many tries it took.
    let right = tried.after(PageAction::Pick(q.answer)).unwrap();
    let html = draw(right.quiz).await;
    assert_eq!(attr(&html, "question", "data-answer"), [q.answer.to_string()]);
    assert_eq!((attr(&html, "verdict", "data-right"), attr(&html, "verdict", "data-tries")), (vec!["true"], vec!["2"]));
    assert!(!html.contains("quiz-why") && !html.contains("quiz-show-answer"));
    assert_eq!(Hide::of(&q, !right.quiz.shows_answer(&q)).class(), None);
    // Or "Show the answer" after the wrong pick: the why stays, the answer shows.
    let html = draw(tried.after(PageAction::Reveal).unwrap().quiz).await;
    assert_eq!(attr(&html, "verdict", "data-right"), ["false"]);
    assert!(html.contains("data-testid=\"quiz-why\"") && !html.contains("Try another choice"));
    // A step on starts the next question afresh.
    let on = tried.after(PageAction::Step(bloomlab_core::lectures::stepper::StepAction::Next, u64::MAX)).unwrap();
    assert_eq!(on.quiz, Default::default());
}
