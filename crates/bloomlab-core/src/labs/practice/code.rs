//! Result codes: a short text a student copies at the end, holding the exercise, seed, level,
//! mode and the first answer to every step, with a check. The score is recomputed from the
//! answers by replaying them (`decode`), never read from the code; a code that was altered or
//! cut fails its check and is refused with a notice. Cells typed into (counters, registers) are
//! written as their whole numbers separated by `.`, a cell that is not one as `x`.

use super::step::{read_int, Bare, Form, Response};
use super::{Exercise, Practice};
use bloomlab_kernels::xxh3::xxh3_64_with_seed;

const VERSION: &str = "P1";

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

/// The code of `p`'s answers so far.
pub fn encode(p: &Practice) -> String {
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
    let body = format!("{VERSION}_{}_{seed}_{}_{mode}_{}", p.exercise.name(), p.level, answers.join("~"));
    format!("{body}_{}", check(&body))
}

/// The session a code replays, or why it cannot be read.
pub fn decode(code: &str) -> Result<Practice, String> {
    let code = code.trim();
    let (body, sum) = code.rsplit_once('_').ok_or("it is not a result code")?;
    if check(body) != sum {
        return Err("its check does not match: it was changed or cut".into());
    }
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
    let answers: Vec<&str> = if answers.is_empty() { Vec::new() } else { answers.split('~').collect() };
    if answers.len() > p.max() {
        return Err("it has more answers than the problem has steps".into());
    }
    for a in answers {
        // Replayed with bare steps: the same grading as the page's, without the steps' words.
        let r = match p.graded().form {
            Form::Bits { len } => Response::Bits(unhex(a, len).ok_or("a filter's bits in it do not read")?),
            Form::Counters { .. } => Response::Cells(a.split('.').map(String::from).collect()),
            _ => Response::Text(a.to_string()),
        };
        p.submit_as(r, Bare);
        if p.pending.is_some() {
            p.fix_as(Bare);
        }
    }
    Ok(p)
}
