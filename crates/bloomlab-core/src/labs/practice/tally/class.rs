//! One row per student and code: the lines read (`lines`), each code replayed, the same code
//! pasted again counted once, and what a lecturer must look at flagged: an id on the line that
//! differs from the id inside the code, a student with two different codes for one exercise in
//! one mode. The class's aggregates (`Tally`) are made from these rows, in the mode chosen.

use std::collections::BTreeMap;

use super::super::{Exercise, Mistake};
use super::lines::{self, Header};
use super::{ExerciseTally, MistakeCount, Tally, MAX_CODES};
use crate::text::shorten;

/// Which sessions a tally counts: every one, only exams, only learn-mode runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Modes {
    #[default]
    All,
    Exam,
    Learn,
}

impl Modes {
    /// In the order the page lists them.
    pub const ALL: [Modes; 3] = [Modes::All, Modes::Exam, Modes::Learn];

    pub fn name(self) -> &'static str {
        match self {
            Modes::All => "all",
            Modes::Exam => "exam",
            Modes::Learn => "learn",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Modes::All => "every code",
            Modes::Exam => "exams only",
            Modes::Learn => "learn mode only",
        }
    }

    /// Whether a session in exam mode (`exam`) or not is counted.
    pub fn keeps(self, exam: bool) -> bool {
        match self {
            Modes::All => true,
            Modes::Exam => exam,
            Modes::Learn => !exam,
        }
    }
}

/// Where a row's id comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdFrom {
    /// Given on the pasted line (before the code, or in the id column).
    Line,
    /// Carried inside the code (`P2`).
    Code,
    /// Neither: the row is named by its line ("line 7").
    LineNumber,
}

/// What a row's reader should look at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flag {
    /// The id on the line differs from the id the code carries (the code's id here).
    IdConflict(String),
    /// The same code, for the same student, pasted again on these lines: counted once.
    Repeated(Vec<usize>),
    /// The same student has other codes for this exercise, in this mode, on these lines.
    OtherCodes(Vec<usize>),
}

impl Flag {
    /// A short name (the page's `data-flags`).
    pub fn key(&self) -> &'static str {
        match self {
            Flag::IdConflict(_) => "id-conflict",
            Flag::Repeated(_) => "duplicate",
            Flag::OtherCodes(_) => "two-codes",
        }
    }

    /// The flag in words.
    pub fn words(&self) -> String {
        let lines = |l: &[usize]| l.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
        match self {
            Flag::IdConflict(id) => format!("the code was made for the id {id}, not the one on its line"),
            Flag::Repeated(l) => format!("pasted again on line {} (counted once)", lines(l)),
            Flag::OtherCodes(l) => format!("another code for this exercise on line {} (both kept)", lines(l)),
        }
    }
}

/// One student's code, replayed.
#[derive(Clone, Debug, PartialEq)]
pub struct StudentRow {
    /// The line it was read from (from 1).
    pub line: usize,
    /// The id shown and exported: the line's, else the code's, else "line N".
    pub id: String,
    pub id_from: IdFrom,
    /// The id inside the code (empty for a `P1` code).
    pub code_id: String,
    pub exercise: Exercise,
    pub exam: bool,
    pub level: u64,
    pub score: usize,
    pub max: usize,
    pub proficient: bool,
    /// The steps (from 0) whose first answer made a catalogued mistake, with the mistake.
    pub mistakes: Vec<(usize, Mistake)>,
    pub flags: Vec<Flag>,
}

impl StudentRow {
    /// The share of steps right at the first try, 0 to 100.
    pub fn percent(&self) -> f64 {
        100.0 * self.score as f64 / self.max.max(1) as f64
    }

    pub fn mode(&self) -> &'static str {
        if self.exam {
            "exam"
        } else {
            "learn"
        }
    }

    /// The id a student is known by across rows (lines' and codes' ids compared in any case);
    /// `None` for a row named only by its line.
    fn who(&self) -> Option<String> {
        (self.id_from != IdFrom::LineNumber).then(|| self.id.to_ascii_lowercase())
    }
}

/// Every line of a paste or file, read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Class {
    /// Non-empty lines read, a header aside.
    pub codes: usize,
    /// (line number from 1, the line shortened, why it was refused).
    pub refused: Vec<(usize, String, String)>,
    /// Lines past `MAX_CODES`, not read.
    pub skipped: usize,
    /// The columns the first line named, when it was a header.
    pub header: Option<Header>,
    /// One row per student and code, in the order of the lines.
    pub rows: Vec<StudentRow>,
    /// (line of a repeat, line of the row it repeats), not counted.
    pub duplicates: Vec<(usize, usize)>,
}

impl Class {
    /// The class of `text` (module doc; spaces around a line and empty lines ignored).
    pub fn read(text: &str) -> Class {
        let mut c = Class::default();
        let mut lines =
            text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty()).peekable();
        c.header = lines.peek().and_then(|(_, l)| lines::header(l));
        if c.header.is_some() {
            lines.next();
        }
        let mut seen: BTreeMap<(String, String), usize> = BTreeMap::new();
        for (i, line) in lines {
            c.codes += 1;
            if c.codes > MAX_CODES {
                c.skipped += 1;
                continue;
            }
            let (entry, decoded) = lines::entry(line, c.header);
            let d = match decoded {
                Ok(d) => d,
                Err(why) => {
                    c.refused.push((i, shorten(line, 40), why));
                    continue;
                }
            };
            // The same student is the id given (the line's, else the code's); the same code is
            // the same text (spaces around it aside).
            let given = if entry.id.is_empty() { d.id.as_str() } else { entry.id.as_str() };
            let key = (given.to_ascii_lowercase(), entry.code.trim().to_string());
            match seen.get(&key) {
                Some(&first) => c.duplicates.push((i, first)),
                None => {
                    seen.insert(key, i);
                    c.rows.push(row(i, &entry.id, d));
                }
            }
        }
        c.flag();
        c
    }

    /// Flags the repeats and the students with several codes for one exercise in one mode.
    fn flag(&mut self) {
        let mut groups: BTreeMap<(String, usize, bool), Vec<usize>> = BTreeMap::new();
        for (at, r) in self.rows.iter().enumerate() {
            if let Some(who) = r.who() {
                groups.entry((who, super::slot(r.exercise), r.exam)).or_default().push(at);
            }
        }
        for ats in groups.values().filter(|a| a.len() > 1) {
            for &at in ats {
                let others = ats.iter().filter(|&&o| o != at).map(|&o| self.rows[o].line).collect();
                self.rows[at].flags.push(Flag::OtherCodes(others));
            }
        }
        for r in &mut self.rows {
            let repeats: Vec<usize> = self.duplicates.iter().filter(|d| d.1 == r.line).map(|d| d.0).collect();
            if !repeats.is_empty() {
                r.flags.push(Flag::Repeated(repeats));
            }
        }
    }

    /// The rows a tally in `mode` counts.
    pub fn rows_in(&self, mode: Modes) -> impl Iterator<Item = &StudentRow> {
        self.rows.iter().filter(move |r| mode.keeps(r.exam))
    }

    /// The class's aggregates over the rows in `mode`.
    pub fn tally(&self, mode: Modes) -> Tally {
        let mut by: BTreeMap<usize, ExerciseTally> = BTreeMap::new();
        let mut counts: BTreeMap<(usize, usize, &'static str), (&'static str, usize)> = BTreeMap::new();
        for r in self.rows_in(mode) {
            let slot = super::slot(r.exercise);
            let e = by.entry(slot).or_insert_with(|| ExerciseTally {
                exercise: r.exercise,
                scores: Vec::new(),
                proficient: 0,
                mistakes: Vec::new(),
            });
            e.scores.push((r.score, r.max));
            e.proficient += r.proficient as usize;
            for &(step, m) in &r.mistakes {
                counts.entry((slot, step, m.id)).or_insert((m.name, 0)).1 += 1;
            }
        }
        for ((slot, step, id), (name, count)) in counts {
            if let Some(e) = by.get_mut(&slot) {
                e.mistakes.push(MistakeCount { step, id, name, count });
            }
        }
        for e in by.values_mut() {
            super::most_frequent_first(&mut e.mistakes);
        }
        Tally {
            codes: self.codes,
            valid: self.rows_in(mode).count(),
            refused: self.refused.clone(),
            exercises: by.into_values().collect(),
            skipped: self.skipped,
            duplicates: self.duplicates.len(),
            other_mode: self.rows.len() - self.rows_in(mode).count(),
        }
    }
}

/// The row of the code `d` read on line `line`, with the id the line gave (`line_id`, maybe empty).
fn row(line: usize, line_id: &str, d: super::super::code::Decoded) -> StudentRow {
    let p = &d.practice;
    let code_id = d.id.as_str().to_string();
    let (id, id_from) = match (line_id.is_empty(), code_id.is_empty()) {
        (false, _) => (line_id.to_string(), IdFrom::Line),
        (true, false) => (code_id.clone(), IdFrom::Code),
        (true, true) => (format!("line {line}"), IdFrom::LineNumber),
    };
    let mut flags = Vec::new();
    if !line_id.is_empty() && !code_id.is_empty() && !line_id.eq_ignore_ascii_case(&code_id) {
        flags.push(Flag::IdConflict(code_id.clone()));
    }
    let mistakes = p.done.iter().enumerate().filter_map(|(s, d)| d.verdict.mistake.map(|m| (s, m))).collect();
    StudentRow {
        line,
        id,
        id_from,
        code_id,
        exercise: p.exercise,
        exam: p.exam,
        level: p.level,
        score: p.score(),
        max: p.max(),
        proficient: p.proficient(),
        mistakes,
        flags,
    }
}
