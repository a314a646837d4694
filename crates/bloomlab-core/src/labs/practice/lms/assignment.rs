//! What a lecturer builds: a titled list of exercises with their levels, a mode, a pass mark, and
//! whether each student gets problems of their own or the class shares them, kept in the link as
//! every view's state is (`LinkState`). Its names leave the practice view's own parameters alone,
//! but for `mode`, which means the same in both: the launch link opens the practice view with it.

use super::{one_line, Attempt};
use crate::labs::practice::{Exercise, Practice, LEVEL, MODE};
use crate::link::notice::Notice;
use crate::link::params::{tokens, Choice, Declared, Text, Whole};
use crate::link::query::{encode, Query};
use crate::link::state::LinkState;
use crate::text::shorten;
use bloomlab_kernels::xxh3::xxh3_64_with_seed;

/// The most exercises an assignment holds: as many as there are exercises (every one at level 3,
/// answered in full, fits `cmi.suspend_data` with room: `Attempt::suspend_data`).
pub const MAX_TASKS: usize = 13;
/// The longest title kept, in characters.
pub const MAX_TITLE: usize = 120;
/// The longest instructions kept, in characters.
pub const MAX_ABOUT: usize = 2000;
/// The title of an assignment whose link names none.
pub const DEFAULT_TITLE: &str = "Bloom Lab practice";

pub const TASKS: Text = Text {
    name: "tasks",
    about: "an assignment's exercises, each `exercise:level` (level 1 when left out)",
    values: "comma-separated `exercise:level` pairs, at most 13",
    default: "`bloom-insert:1`",
    bad: "a piece that names no exercise or level 1 to 3 is left out; none left: `bloom-insert:1`",
    example: "bloom-insert:1,counting:2",
    bad_example: Some("bloom-insert:9"),
};
pub const PASS: Whole = Whole {
    name: "pass",
    about: "an assignment's pass mark, in percent",
    min: 0,
    max: 100,
    default: 80,
    example: "60",
};
pub const PER: Choice = Choice {
    name: "per",
    about: "`student`: each learner's own problems; `class`: one problem of each exercise for all",
    what: "a way to share problems",
    names: &["student", "class"],
    default: "student",
    example: "class",
};
pub const ASEED: Whole = Whole {
    name: "aseed",
    about: "the seed an assignment's problems are drawn from",
    min: 0,
    max: u64::MAX,
    default: 1,
    example: "2026",
};
pub const TITLE: Text = Text {
    name: "title",
    about: "an assignment's title",
    values: "any text, at most 120 characters (one line)",
    default: DEFAULT_TITLE,
    bad: "cut at 120 characters; an undecodable one: the default",
    example: "Week 3: filters",
    bad_example: Some("%zz"),
};
pub const ABOUT: Text = Text {
    name: "about",
    about: "an assignment's instructions to the students",
    values: "any text, at most 2,000 characters",
    default: "none",
    bad: "cut at 2,000 characters; an undecodable one: none",
    example: "Answer every step before Friday.",
    bad_example: Some("%zz"),
};

/// The parameters an assignment reads from its link.
pub const PARAMS: &[&dyn Declared] = &[&TASKS, &MODE, &PASS, &PER, &ASEED, &TITLE, &ABOUT];

/// One exercise of an assignment, at its level (1 to 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Task {
    pub exercise: Exercise,
    pub level: u64,
}

/// Whose problems: each learner's own, or one for the whole class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Per {
    Student,
    Class,
}

/// An assignment, as its link gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    pub title: String,
    /// The instructions (may be empty).
    pub about: String,
    pub tasks: Vec<Task>,
    pub exam: bool,
    /// The pass mark in percent, 0 to 100.
    pub pass: u8,
    pub per: Per,
    pub seed: u64,
}

impl Default for Assignment {
    fn default() -> Assignment {
        Assignment {
            title: DEFAULT_TITLE.into(),
            about: String::new(),
            tasks: vec![Task { exercise: Exercise::BloomInsert, level: 1 }],
            exam: false,
            pass: PASS.default as u8,
            per: Per::Student,
            seed: ASEED.default,
        }
    }
}

impl Assignment {
    /// The seed of exercise `i`'s problem for the learner `learner` (the LMS's
    /// `cmi.core.student_id`). Per student: xxh3 of `i` and the learner id, seeded with the
    /// assignment's seed, so a learner gets the same problems at every launch and two learners
    /// different ones (but for a 64-bit collision). For the class: of `i` alone, so every learner
    /// gets the same.
    pub fn problem_seed(&self, i: usize, learner: &str) -> u64 {
        let mut bytes = (i as u64).to_le_bytes().to_vec();
        match self.per {
            Per::Student => {
                bytes.extend_from_slice(learner.as_bytes());
                xxh3_64_with_seed(&bytes, self.seed)
            }
            Per::Class => xxh3_64_with_seed(&bytes, self.seed ^ 0xC1A5_5000_0000_0000),
        }
    }

    /// Exercise `i`'s practice session for `learner`, with no answers yet (`None` past the end).
    pub fn session(&self, i: usize, learner: &str) -> Option<Practice> {
        let t = self.tasks.get(i)?;
        Some(Practice::new(t.exercise, self.problem_seed(i, learner), t.level, self.exam))
    }

    /// A fresh attempt of `learner`: every exercise's session, none answered, the first current.
    pub fn start(&self, learner: &str) -> Attempt {
        let sessions = (0..self.tasks.len()).filter_map(|i| self.session(i, learner)).collect();
        Attempt { sessions, current: 0, sent: 0 }
    }

    /// The pairs of the practice view's link that runs this assignment (`view` first).
    pub fn practice_link(&self) -> String {
        crate::link::views::View::Practice.link(self.query_pairs())
    }
}

/// `tasks`: the readable pieces, each bad piece with a notice; none at all gives the default.
fn read_tasks(q: &Query, notices: &mut Vec<Notice>) -> Vec<Task> {
    let Some(raw) = q.raw(TASKS.name) else { return Assignment::default().tasks };
    let mut tasks = Vec::new();
    for piece in tokens(raw) {
        let Ok(piece) = piece else {
            notices.push(Notice::param(TASKS.name, "tasks has a piece that does not decode; it is left out"));
            continue;
        };
        let (name, level) = piece.split_once(':').unwrap_or((&piece, "1"));
        let level = level.parse::<u64>().ok().filter(|l| (LEVEL.min..=LEVEL.max).contains(l));
        match (Exercise::parse(name), level) {
            (Some(exercise), Some(level)) if tasks.len() < MAX_TASKS => tasks.push(Task { exercise, level }),
            (Some(_), Some(_)) => {
                let text = format!("tasks holds at most {MAX_TASKS} exercises; the rest are left out");
                if !notices.iter().any(|n| n.message == text) {
                    notices.push(Notice::param(TASKS.name, text));
                }
            }
            _ => notices.push(Notice::param(
                TASKS.name,
                format!(
                    "tasks: \u{201c}{}\u{201d} is not an exercise with a level 1 to 3; left out",
                    shorten(&piece, 30)
                ),
            )),
        }
    }
    if tasks.is_empty() {
        notices.push(Notice::param(TASKS.name, "tasks names no exercise; using bloom-insert:1"));
        return Assignment::default().tasks;
    }
    one_page(tasks, notices)
}

/// The tasks that run on the first task's practice page: the filter chapters' exercises and the
/// streams chapters' run on two builds of the page (`Exercise::STREAMS`), and an attempt stays on
/// one. The others are left out, with a notice.
pub fn one_page(mut tasks: Vec<Task>, notices: &mut Vec<Notice>) -> Vec<Task> {
    let streams = |t: &Task| Exercise::STREAMS.contains(&t.exercise);
    let first = tasks.first().is_some_and(streams);
    let left: Vec<&str> = tasks.iter().filter(|t| streams(t) != first).map(|t| t.exercise.name()).collect();
    if !left.is_empty() {
        let (these, those) = if first { ("streams", "filter") } else { ("filter", "streams") };
        notices.push(Notice::param(
            TASKS.name,
            format!(
                "tasks: {} left out: an assignment keeps to one practice page, and its first exercise is one of the {these} chapters', not the {those} chapters'",
                left.join(", ")
            ),
        ));
        tasks.retain(|t| streams(t) == first);
    }
    tasks
}

/// A text parameter: decoded, as one line or not, cut at `max` characters with a notice.
fn read_text(q: &Query, p: &Text, max: usize, line: bool, notices: &mut Vec<Notice>) -> Option<String> {
    match q.get(p.name)? {
        Ok(text) => {
            let text = text.trim();
            let kept = if line { one_line(text, usize::MAX) } else { text.to_string() };
            if kept.chars().count() > max {
                notices.push(Notice::param(p.name, format!("{} is cut at {max} characters", p.name)));
            }
            Some(kept.chars().take(max).collect::<String>().trim_end().to_string())
        }
        Err(e) => {
            notices.push(Notice::param(p.name, format!("{} {e}; it is left out", p.name)));
            None
        }
    }
}

impl LinkState for Assignment {
    fn read(q: &Query) -> (Assignment, Vec<Notice>) {
        let mut notices = Vec::new();
        let tasks = read_tasks(q, &mut notices);
        let exam = MODE.read(q, &mut notices) == "exam";
        let pass = PASS.read(q, &mut notices).min(100) as u8;
        let per = if PER.read(q, &mut notices) == "class" { Per::Class } else { Per::Student };
        let seed = ASEED.read(q, &mut notices);
        let title = read_text(q, &TITLE, MAX_TITLE, true, &mut notices).filter(|t| !t.is_empty());
        let about = read_text(q, &ABOUT, MAX_ABOUT, false, &mut notices).unwrap_or_default();
        let title = title.unwrap_or_else(|| DEFAULT_TITLE.into());
        (Assignment { title, about, tasks, exam, pass, per, seed }, notices)
    }

    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let tasks: Vec<String> = self.tasks.iter().map(|t| format!("{}:{}", t.exercise.name(), t.level)).collect();
        let title = (self.title != DEFAULT_TITLE).then(|| (TITLE.name, encode(&self.title)));
        let about = (!self.about.is_empty()).then(|| (ABOUT.name, encode(&self.about)));
        [
            Some((TASKS.name, tasks.join(","))),
            MODE.pair(if self.exam { "exam" } else { "learn" }),
            PASS.pair(self.pass as u64),
            PER.pair(if self.per == Per::Class { "class" } else { "student" }),
            ASEED.pair(self.seed),
            title,
            about,
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}
