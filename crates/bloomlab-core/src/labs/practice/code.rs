//! Result codes: a short text a student copies at the end, holding the exercise, seed, level,
//! mode and the first answer to every step, with a check. The score is recomputed from the
//! answers by replaying them (`decode`), never read from the code; a code that was altered or
//! cut fails its check and is refused with a notice. Cells typed into (counters, registers) are
//! written as their whole numbers separated by `.`, a cell that is not one as `x`.
//!
//! Two forms, told apart by their first part:
//! - `P1_<exercise>_<seed>_<level>_<e|l>_<answers>_<check>`: no student id (every code written
//!   before ids, and every code of a student who types none, which is the same text as before);
//! - `P2_<id>_<exercise>_<seed>_<level>_<e|l>_<answers>_<check>`: the student id typed before the
//!   code was made. The check is taken over everything before it, the id included, so an id
//!   cannot be swapped for another without the check failing. An id (`StudentId`) is 1 to
//!   `MAX_ID` ASCII letters, digits and `.`, `-`, `@`, `+` (enough for an email address, a
//!   username or an ID number; never `_`, which separates the parts); spaces around it are
//!   dropped, anything else is refused with the character named, never silently changed, so
//!   the id in the code is the id the student meant.

use super::step::{read_int, Bare, Form, Response, Words};
use super::{Exercise, Practice};
use bloomlab_kernels::xxh3::xxh3_64_with_seed;

const VERSION: &str = "P1";
/// The form that carries a student id.
const VERSION_ID: &str = "P2";
/// The longest student id a code carries.
pub const MAX_ID: usize = 64;

/// A student id as a code carries it: empty (no id: the `P1` form) or 1 to `MAX_ID` characters of
/// the safe set (module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StudentId(String);

impl StudentId {
    /// The id typed as `text` (spaces around it dropped), or why it cannot be one.
    pub fn read(text: &str) -> Result<StudentId, String> {
        let t = text.trim();
        if let Some(c) = t.chars().find(|c| !Self::allowed(*c)) {
            return Err(format!(
                "the student id holds \u{201c}{c}\u{201d}, which a result code cannot carry (use letters, digits, '.', '-', '@' or '+')"
            ));
        }
        if t.len() > MAX_ID {
            return Err(format!("the student id is {} characters long, more than {MAX_ID}", t.len()));
        }
        Ok(StudentId(t.to_string()))
    }

    /// A character an id may hold.
    pub fn allowed(c: char) -> bool {
        c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '@' | '+')
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A code read back: the session it replays and the student id it carries (empty for `P1`).
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    pub id: StudentId,
    pub practice: Practice,
}

/// Characters a typed answer keeps in a code (others are dropped: they never make an answer).
fn clean(t: &str) -> String {
    t.trim().chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '%' | '-')).take(24).collect()
}

fn hex(bits: &[bool]) -> String {
    bits.chunks(4)
        .map(|c| {
            let v = c.iter().enumerate().fold(0u32, |v, (i, &b)| v | (b as u32) << i);
            char::from_digit(v, 16).unwrap_or('0')
        })
        .collect()
}

fn unhex(text: &str, len: usize) -> Option<Vec<bool>> {
    let mut bits = Vec::with_capacity(len);
    for c in text.chars() {
        let v = c.to_digit(16)?;
        bits.extend((0..4).map(|i| v >> i & 1 == 1));
    }
    (bits.len() >= len && bits.len() < len + 4 && bits[len..].iter().all(|b| !b)).then(|| {
        bits.truncate(len);
        bits
    })
}

/// Typed cells: each whole number as written by `read_int`'s reading, others as `x` (which reads
/// as no number again), separated by `.`.
fn cells(c: &[String]) -> String {
    c.iter().map(|t| read_int(t).map_or("x".to_string(), |v| v.to_string())).collect::<Vec<_>>().join(".")
}

/// Six base-36 characters of the body's hash.
fn check(body: &str) -> String {
    let mut v = xxh3_64_with_seed(body.as_bytes(), 0x6C0D);
    (0..6)
        .map(|_| {
            let c = char::from_digit((v % 36) as u32, 36).unwrap_or('0');
            v /= 36;
            c
        })
        .collect()
}

/// The code of `p`'s answers so far, carrying `id` (`P2`), or none when it is empty (`P1`, the
/// same text as a code made before ids).
pub fn encode(p: &Practice, id: &StudentId) -> String {
    let answers: Vec<String> = p
        .done
        .iter()
        .map(|d| match &d.first {
            Response::Bits(b) => hex(b),
            Response::Text(t) => clean(t),
            Response::Cells(c) => cells(c),
        })
        .collect();
    let mode = if p.exam { "e" } else { "l" };
    let seed = if p.given { super::given::encode(&p.problem) } else { p.seed.to_string() };
    let fields = format!("{}_{seed}_{}_{mode}_{}", p.exercise.name(), p.level, answers.join("~"));
    let body = match id.is_empty() {
        true => format!("{VERSION}_{fields}"),
        false => format!("{VERSION_ID}_{}_{fields}", id.as_str()),
    };
    format!("{body}_{}", check(&body))
}

/// The session a code replays, or why it cannot be read.
pub fn decode(code: &str) -> Result<Practice, String> {
    read(code).map(|d| d.practice)
}

/// The session a code replays with the student id it carries, or why it cannot be read.
pub fn read(code: &str) -> Result<Decoded, String> {
    let code = code.trim();
    let (body, sum) = code.rsplit_once('_').ok_or("it is not a result code")?;
    if check(body) != sum {
        return Err("its check does not match: it was changed or cut".into());
    }
    let (id, body) = match body.strip_prefix(VERSION_ID).and_then(|rest| rest.strip_prefix('_')) {
        Some(rest) => {
            let (id, rest) = rest.split_once('_').ok_or("it has the wrong number of parts")?;
            let id = StudentId::read(id)?;
            if id.is_empty() {
                return Err("its student id is empty".into());
            }
            (id, format!("{VERSION}_{rest}"))
        }
        None => (StudentId::default(), body.to_string()),
    };
    Ok(Decoded { id, practice: replay(&body)? })
}

/// The session of a checked `P1` body (a `P2` body without its id reads as one).
fn replay(body: &str) -> Result<Practice, String> {
    let parts: Vec<&str> = body.splitn(6, '_').collect();
    let [version, exercise, seed, level, mode, answers] = parts[..] else {
        return Err("it has the wrong number of parts".into());
    };
    if version != VERSION {
        return Err(format!("it is of format {version}, which this page does not read"));
    }
    let exercise = Exercise::parse(exercise).ok_or("it names no exercise of this page")?;
    let given = match seed.starts_with('g') {
        true => Some(super::given::decode(exercise, seed).ok_or("its problem does not read")?),
        false => None,
    };
    let seed: u64 = if given.is_some() { 0 } else { seed.parse().map_err(|_| "its seed is not a number")? };
    let level = level.parse::<u64>().ok().filter(|l| (1..=3).contains(l)).ok_or("its level is not 1 to 3")?;
    let exam = match mode {
        "e" => true,
        "l" => false,
        _ => return Err("its mode is neither learn nor exam".into()),
    };
    let mut p = Practice::new(exercise, seed, level, exam);
    if let Some(problem) = given {
        (p.problem, p.given) = (problem, true);
    }
    replay_answers(p, answers, Bare)
}

/// A code's answers (its last field) replayed onto `p`, each graded with the steps `w` builds: the
/// same verdicts either way (`Bare` keeps the prose out of a page that only replays codes).
fn replay_answers<W: Words>(mut p: Practice, answers: &str, w: W) -> Result<Practice, String> {
    let answers: Vec<&str> = if answers.is_empty() { Vec::new() } else { answers.split('~').collect() };
    if answers.len() > p.max() {
        return Err("it has more answers than the problem has steps".into());
    }
    for a in answers {
        let r = match p.current_as(w).form {
            Form::Bits { len } => Response::Bits(unhex(a, len).ok_or("a filter's bits in it do not read")?),
            Form::Counters { .. } => Response::Cells(a.split('.').map(String::from).collect()),
            _ => Response::Text(a.to_string()),
        };
        p.submit_as(r, w);
        if p.pending.is_some() {
            p.fix_as(w);
        }
    }
    Ok(p)
}

/// The session a `P1` code of a seeded problem holds (not one given in the link), replayed with
/// the steps `w` builds: what an assignment's page loads when its runner orders a session. The
/// code comes from the runner, which wrote it: its check is not read again.
pub fn resume<W: Words>(code: &str, w: W) -> Result<Practice, String> {
    let parts: Vec<&str> = code.trim().splitn(6, '_').collect();
    let [_, exercise, seed, level, mode, rest] = parts[..] else {
        return Err("it has the wrong number of parts".into());
    };
    let exercise = Exercise::parse(exercise).ok_or("it names no exercise of this page")?;
    let seed = seed.parse::<u64>().map_err(|_| "its seed is not a number")?;
    let level = level.parse::<u64>().ok().filter(|l| (1..=3).contains(l)).ok_or("its level is not 1 to 3")?;
    // The answers are the last field but the check.
    let answers = rest.rsplit_once('_').map_or("", |(a, _)| a);
    replay_answers(Practice::new(exercise, seed, level, mode == "e"), answers, w)
}

/// A `P1` code of `fresh`'s own problem (the same exercise, seed, level and mode; not a problem
/// given in the link) replayed onto it, with the steps `w` builds: what a saved attempt needs,
/// without reading a code of any other problem (the practice page, which shows worded steps,
/// then builds no second, bare copy of them).
pub fn replay_onto<W: Words>(code: &str, fresh: Practice, w: W) -> Result<Practice, String> {
    let (body, sum) = code.trim().rsplit_once('_').ok_or("it is not a result code")?;
    if check(body) != sum {
        return Err("its check does not match: it was changed or cut".into());
    }
    let parts: Vec<&str> = body.splitn(6, '_').collect();
    let [version, exercise, seed, level, mode, answers] = parts[..] else {
        return Err("it has the wrong number of parts".into());
    };
    let own = [
        VERSION,
        fresh.exercise.name(),
        &fresh.seed.to_string(),
        &fresh.level.to_string(),
        if fresh.exam { "e" } else { "l" },
    ];
    if [version, exercise, seed, level, mode] != own || fresh.given {
        return Err("it is of another problem".into());
    }
    replay_answers(fresh, answers, w)
}
