use crate::labs::practice::lms::assignment::{MAX_TASKS, PARAMS};
use crate::labs::practice::lms::{Assignment, Per, Task};
use crate::labs::practice::{Exercise, PARAMS as PRACTICE};
use crate::link::query::Query;
use crate::link::state::LinkState;

fn read(link: &str) -> (Assignment, Vec<String>) {
    let (a, notices) = Assignment::read(&Query::parse(link));
    (a, notices.into_iter().map(|n| format!("{}: {}", n.param.unwrap_or_default(), n.message)).collect())
}

#[test]
fn a_full_link_reads_and_round_trips() {
    let link = "?tasks=bloom-insert:1,xor-peel:2,dgim&mode=exam&pass=60&per=class&aseed=77&title=Week%203%3A%20filters%20%F0%9F%8C%B8&about=Due%20Friday.";
    let (a, notices) = read(link);
    // dgim runs on the practice page's other build: an attempt keeps to its first exercise's.
    assert_eq!(
        notices,
        ["tasks: tasks: dgim left out: an assignment keeps to one practice page, and its first exercise is one of the filter chapters', not the streams chapters'"]
    );
    let tasks =
        vec![Task { exercise: Exercise::BloomInsert, level: 1 }, Task { exercise: Exercise::XorPeel, level: 2 }];
    assert_eq!(a.tasks, tasks);
    assert_eq!((a.exam, a.pass, a.per, a.seed), (true, 60, Per::Class, 77));
    assert_eq!((a.title.as_str(), a.about.as_str()), ("Week 3: filters \u{1F338}", "Due Friday."));
    let again = Assignment::read(&Query::parse(&crate::link::query::build(&a.query_pairs()))).0;
    assert_eq!(again, a);
    assert!(a.practice_link().starts_with("?view=practice&tasks=bloom-insert:1,xor-peel:2&mode=exam"));
}

#[test]
fn an_empty_link_is_the_default_assignment() {
    let (a, notices) = read("");
    assert!(notices.is_empty());
    assert_eq!(a, Assignment::default());
    assert_eq!(a.pass, 80);
    assert_eq!(a.query_pairs(), vec![("tasks", "bloom-insert:1".to_string())]);
}

#[test]
fn bad_values_get_notices_naming_their_parameter() {
    for (link, param) in [
        ("?tasks=bloom-insert:9,fm", "tasks"),
        ("?tasks=nothing", "tasks"),
        ("?tasks=%zz,fm", "tasks"),
        ("?pass=101", "pass"),
        ("?pass=x", "pass"),
        ("?per=group", "per"),
        ("?aseed=-1", "aseed"),
        ("?title=%zz", "title"),
        ("?about=%zz", "about"),
        ("?mode=test", "mode"),
    ] {
        let (a, notices) = read(link);
        assert!(notices.iter().any(|n| n.starts_with(&format!("{param}:"))), "{link}: {notices:?}");
        assert!(!a.tasks.is_empty() && a.pass <= 100);
    }
    assert_eq!(read("?tasks=bloom-insert:9,fm").0.tasks, vec![Task { exercise: Exercise::Fm, level: 1 }]);
    assert_eq!(read("?pass=101").0.pass, 100);
}

#[test]
fn long_titles_and_lists_are_cut_with_a_notice() {
    let many = vec!["fm:1"; MAX_TASKS + 5].join(",");
    let (a, notices) = read(&format!("?tasks={many}"));
    assert_eq!(a.tasks.len(), MAX_TASKS);
    assert_eq!(notices.len(), 1, "{notices:?}");
    let (a, notices) = read(&format!("?title={}%0Aend", "%F0%9F%8C%B8".repeat(300)));
    assert_eq!(a.title.chars().count(), 120);
    assert!(!a.title.contains('\n'));
    assert_eq!(notices.len(), 1);
}

/// A name the practice view also reads is the same declaration there (`mode`, or the
/// assignment's own once the practice view declares them), never another parameter's.
#[test]
fn its_names_leave_the_practice_views_own_alone() {
    for p in PARAMS {
        for q in PRACTICE.iter().filter(|q| q.name() == p.name()) {
            assert_eq!(q.row(), p.row(), "{} means something else in the practice view", p.name());
        }
    }
    let mode = PARAMS.iter().find(|p| p.name() == "mode").unwrap();
    assert!(PRACTICE.iter().any(|q| q.row() == mode.row()), "mode is the practice view's own");
}

#[test]
fn per_student_seeds_are_steady_and_differ_between_learners() {
    let a = Assignment { tasks: vec![Task { exercise: Exercise::Fm, level: 1 }; 3], ..Assignment::default() };
    assert_eq!(a.problem_seed(0, "s-1"), a.problem_seed(0, "s-1"));
    assert_ne!(a.problem_seed(0, "s-1"), a.problem_seed(0, "s-2"));
    assert_ne!(a.problem_seed(0, "s-1"), a.problem_seed(1, "s-1"));
    assert_ne!(a.problem_seed(0, "s-1"), Assignment { seed: 2, ..a.clone() }.problem_seed(0, "s-1"));
    let mut seeds: Vec<u64> = (0..1000).map(|n| a.problem_seed(0, &format!("student{n}"))).collect();
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), 1000, "collisions among 1,000 learners: {}", 1000 - seeds.len());
    // The problems themselves differ too (a problem is drawn from its seed).
    assert_ne!(a.session(0, "s-1").unwrap().problem, a.session(0, "s-2").unwrap().problem);
}

#[test]
fn per_class_seeds_ignore_the_learner() {
    let a = Assignment {
        per: Per::Class,
        tasks: vec![Task { exercise: Exercise::Fm, level: 1 }; 2],
        ..Assignment::default()
    };
    assert_eq!(a.problem_seed(0, "s-1"), a.problem_seed(0, "s-2"));
    assert_ne!(a.problem_seed(0, "s-1"), a.problem_seed(1, "s-1"));
    assert_eq!(a.start("x").sessions, a.start("y").sessions);
    assert!(a.session(2, "x").is_none());
}
