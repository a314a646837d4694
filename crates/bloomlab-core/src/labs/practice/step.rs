//! One gradeable step of a practice exercise: what the student is asked, the form the answer
//! takes, the model answer (computed by the same core code as the views), the worked step, and
//! the catalogue of common wrong answers, each computed by running the mistaken method — so a
//! student's answer is recognised as a mistake by equality, and a right answer never is.

use crate::text::{parse_f64, trim_float};

/// A common mistake: an id for hooks and tallies, and a short name. What goes wrong is kept
/// apart, beside each exercise's mistakes (`exercises::explain`), so that a page which only
/// counts mistakes (the tally) does not carry the explanations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mistake {
    pub id: &'static str,
    pub name: &'static str,
}

/// How the student answers a step.
#[derive(Clone, Debug, PartialEq)]
pub enum Form {
    /// Click the cells of an array of `len` bits (the step's array starts as the last step left it).
    Bits { len: usize },
    /// Type a whole number into the field named `field` (`tail`, `R`, `estimate`, …).
    Whole { field: &'static str },
    /// Type a decimal into `field`; answers within `tolerance` of the model answer are right.
    Decimal { field: &'static str, tolerance: f64 },
    /// Pick one of the choices (value, label).
    Choice { options: Vec<(&'static str, &'static str)> },
    /// Type a whole number (it may be negative) into each of `len` cells: counters, registers or
    /// variables, cell i labelled `name` and `from + i`.
    Counters { len: usize, name: &'static str, from: usize },
}

/// An answer in the step's own form.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    Bits(Vec<bool>),
    Whole(u64),
    Decimal(f64),
    Choice(&'static str),
    Counters(Vec<i64>),
}

impl Answer {
    /// The answer as the page shows it (`data-expected`): bits as 0s and 1s, position 0 first.
    pub fn shown(&self) -> String {
        match self {
            Answer::Bits(b) => b.iter().map(|&x| if x { '1' } else { '0' }).collect(),
            Answer::Whole(v) => v.to_string(),
            Answer::Decimal(v) => trim_float(*v, 6),
            Answer::Choice(c) => c.to_string(),
            Answer::Counters(v) => v.iter().map(i64::to_string).collect::<Vec<_>>().join(","),
        }
    }
}

/// What the student gave: cells as bits, or the text typed or the choice picked (read here, in
/// the core, against the step's form).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Response {
    Bits(Vec<bool>),
    Text(String),
    /// The text typed into each cell of a `Form::Counters` step.
    Cells(Vec<String>),
}

impl Response {
    /// The response as written in a result code and shown back.
    pub fn shown(&self) -> String {
        match self {
            Response::Bits(b) => b.iter().map(|&x| if x { '1' } else { '0' }).collect(),
            Response::Text(t) => t.clone(),
            Response::Cells(c) => c.join(","),
        }
    }
}

/// A wrong answer the catalogue knows: what the mistaken method gives.
#[derive(Clone, Debug, PartialEq)]
pub struct Wrong {
    pub answer: Answer,
    pub mistake: Mistake,
}

/// How a step is built: with its words (`Worded`: the prompt and the worked solution, which the
/// practice view shows) or `Bare` (only what grading needs: the form, the model answer and the
/// catalogue of wrong answers; the words are left empty). Replaying a result code needs only the
/// grading, so the session grades with bare steps; being two types rather than a flag, a page that
/// only replays codes (the tally) never builds `Worded` steps and carries none of their prose.
pub trait Words: Copy {
    /// The text `write` gives, or an empty string without running it when the step is bare.
    fn say(self, write: impl FnOnce() -> String) -> String;
}

/// Steps with their prompt and worked solution (the practice view's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Worded;

/// Steps with the grading only: empty prompt and worked solution (for replaying and grading).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bare;

impl Words for Worded {
    fn say(self, write: impl FnOnce() -> String) -> String {
        write()
    }
}

impl Words for Bare {
    fn say(self, _write: impl FnOnce() -> String) -> String {
        String::new()
    }
}

/// One gradeable step.
#[derive(Clone, Debug, PartialEq)]
pub struct DrillStep {
    /// What the student is asked (empty in a `Bare` step).
    pub prompt: String,
    pub form: Form,
    pub answer: Answer,
    /// How the model answer is reached, shown with the feedback (empty in a `Bare` step).
    pub worked: String,
    pub wrongs: Vec<Wrong>,
}

/// How a submitted step was graded.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub right: bool,
    /// The catalogued mistake the answer shows, if it is one the catalogue knows: the first in the
    /// catalogue's order when several give this answer (the one tallies and hooks name).
    pub mistake: Option<Mistake>,
    /// The other catalogued mistakes that give the same answer, in the catalogue's order (empty
    /// when only one does): the feedback names them all, since any of them may be the cause.
    pub also: Vec<Mistake>,
    /// The model answer in the step's own form.
    pub expected: String,
    /// What the feedback says: the mistakes' names, "X, or Y" (`text` adds why each is wrong),
    /// or what was expected.
    pub message: String,
}

impl Verdict {
    /// A verdict that names no catalogued mistake.
    pub fn plain(right: bool, expected: String, message: String) -> Verdict {
        Verdict { right, mistake: None, also: Vec::new(), expected, message }
    }

    /// Every catalogued mistake the answer shows: `mistake`, then `also`.
    pub fn mistakes(&self) -> impl Iterator<Item = Mistake> + '_ {
        self.mistake.into_iter().chain(self.also.iter().copied())
    }

    /// The feedback in full: the message, and what goes wrong in each catalogued mistake it names
    /// ("name: why" for one; "X, or Y. X: why. Y: why." for several).
    pub fn text(&self) -> String {
        let why = |m: Mistake| super::exercises::explain(m);
        match (self.mistake, self.also.is_empty()) {
            (None, _) => self.message.clone(),
            (Some(m), true) => format!("{}: {}", self.message, why(m)),
            (Some(_), false) => {
                let each: Vec<String> = self.mistakes().map(|m| format!("{}: {}", m.name, why(m))).collect();
                format!("{}. {}", self.message, each.join(" "))
            }
        }
    }
}

/// The names of `mistakes` as one phrase, "X, or Y, or Z" (each name after the first starting in
/// lower case when it starts with a capitalised word or "A ", not with a symbol such as "R" or
/// "N/k").
fn either(mistakes: &[Mistake]) -> String {
    let mut out = String::new();
    for (i, m) in mistakes.iter().enumerate() {
        if i == 0 {
            out.push_str(m.name);
            continue;
        }
        out.push_str(", or ");
        let mut chars = m.name.chars();
        match (chars.next(), chars.next()) {
            (Some(a), Some(b)) if a.is_uppercase() && (b.is_lowercase() || (a == 'A' && b == ' ')) => {
                out.extend(a.to_lowercase());
                out.push_str(&m.name[a.len_utf8()..]);
            }
            _ => out.push_str(m.name),
        }
    }
    out
}

impl DrillStep {
    /// A step whose catalogue keeps only the wrong answers that differ from the right one, each
    /// mistake's answer once (two mistakes giving one answer are both kept: a student giving it is
    /// told of both).
    pub fn new(prompt: String, form: Form, answer: Answer, worked: String, wrongs: Vec<Wrong>) -> DrillStep {
        let mut kept: Vec<Wrong> = Vec::new();
        for w in wrongs {
            let same_as_right = matches(&form, &answer, &w.answer);
            let again = kept.iter().any(|k| k.mistake == w.mistake && matches(&form, &k.answer, &w.answer));
            if !same_as_right && !again {
                kept.push(w);
            }
        }
        DrillStep { prompt, form, answer, worked, wrongs: kept }
    }

    /// The student's response read against the form: `None` when it is not an answer of this
    /// form at all (empty, not a number, a choice not offered).
    pub fn read(&self, r: &Response) -> Option<Answer> {
        match (&self.form, r) {
            (Form::Bits { len }, Response::Bits(b)) if b.len() == *len => Some(Answer::Bits(b.clone())),
            (Form::Whole { .. }, Response::Text(t)) => {
                let t = t.trim();
                (!t.is_empty() && t.bytes().all(|c| c.is_ascii_digit()) && t.len() <= 19)
                    .then(|| Answer::Whole(t.bytes().fold(0u64, |v, c| v * 10 + (c - b'0') as u64)))
            }
            (Form::Decimal { .. }, Response::Text(t)) => {
                let t = t.trim();
                let v = match t.strip_suffix('%') {
                    Some(p) => parse_f64(p.trim())? / 100.0,
                    None => parse_f64(t)?,
                };
                v.is_finite().then_some(Answer::Decimal(v))
            }
            (Form::Choice { options }, Response::Text(t)) => {
                options.iter().find(|(v, _)| *v == t.trim()).map(|(v, _)| Answer::Choice(v))
            }
            (Form::Counters { len, .. }, Response::Cells(c)) if c.len() == *len => {
                c.iter().map(|t| read_int(t)).collect::<Option<Vec<i64>>>().map(Answer::Counters)
            }
            _ => None,
        }
    }

    /// Grades `r`: right, a catalogued mistake, or wrong with what was expected.
    pub fn grade(&self, r: &Response) -> Verdict {
        let expected = self.answer.shown();
        let Some(given) = self.read(r) else {
            let message = match &self.form {
                Form::Whole { .. } => "That is not a whole number.".to_string(),
                Form::Decimal { .. } => "That is not a number.".to_string(),
                Form::Counters { .. } => "Every cell needs a whole number.".to_string(),
                _ => "That is not one of the answers offered.".to_string(),
            };
            return Verdict::plain(false, expected, message);
        };
        if matches(&self.form, &self.answer, &given) {
            return Verdict::plain(true, expected, "Right.".into());
        }
        // Every mistake giving this answer, each once, in the catalogue's order.
        let mut named: Vec<Mistake> = Vec::new();
        for w in self.wrongs.iter().filter(|w| matches(&self.form, &w.answer, &given)) {
            if !named.contains(&w.mistake) {
                named.push(w.mistake);
            }
        }
        if let Some((&first, rest)) = named.split_first() {
            let message = either(&named);
            return Verdict { right: false, mistake: Some(first), also: rest.to_vec(), expected, message };
        }
        let message = format!("Not this one: the answer is {expected}.");
        Verdict::plain(false, expected, message)
    }
}

/// Whether `given` counts as `want` in `form` (decimals within the tolerance).
fn matches(form: &Form, want: &Answer, given: &Answer) -> bool {
    match (form, want, given) {
        (Form::Decimal { tolerance, .. }, Answer::Decimal(a), Answer::Decimal(b)) => (a - b).abs() <= *tolerance,
        _ => want == given,
    }
}

/// A cell's whole number: digits with an optional minus sign in front (at most 9 digits).
pub fn read_int(t: &str) -> Option<i64> {
    let t = t.trim();
    let (negative, digits) = match t.strip_prefix('-').or_else(|| t.strip_prefix('\u{2212}')) {
        Some(d) => (true, d.trim_start()),
        None => (false, t),
    };
    if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let v = digits.bytes().fold(0i64, |v, c| v * 10 + (c - b'0') as i64);
    Some(if negative { -v } else { v })
}
