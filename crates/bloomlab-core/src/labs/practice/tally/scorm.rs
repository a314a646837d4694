//! The mistakes per step from Moodle's SCORM "Interactions report", downloaded as text.
//!
//! The report (`mod/scorm/report/interactions/classes/report.php` in github.com/moodle/moodle,
//! its strings in `lang/en/scormreport_interactions.php`) has one row per student and attempt:
//! `Name`, the site's identity fields (such as `Email address`), `Attempt`, `Started on`,
//! `Last accessed on`, `Score`, one column per SCO (its score or status), then for each
//! interaction n from 0, as the report's options ask: `Question n` (the interaction's
//! `cmi.interactions.n.id`, shown when "Summary of question" is ticked), `Response n`
//! (`student_response`, ticked by default), `Right answer n` (the `correct_responses` patterns,
//! joined by commas) and `Result n` (`result`). Its text download is written by Moodle's
//! `csv_export_writer` with tabs between the fields; a copy saved again with commas reads too.
//!
//! Of those, only the interaction id is free text that the package chooses and the report shows
//! as it is (`result` is one of SCORM's words; the response and the pattern are the student's and
//! the model answer). So a step's mistake rides in its id: `<exercise>.s<step from 1>` for a step
//! right at the first try or wrong with no catalogued mistake, `<exercise>.s<step>.<mistake id>`
//! for a catalogued one (`bloom-insert.s3.no-mod`). Each attempt counts a step once, from the
//! first interaction naming it (the first answer, as a result code's tally counts it), and a
//! mistake only when its `Result n`, where shown, is not `correct`.

use std::collections::BTreeMap;

use super::super::{Exercise, Mistake, Problem};
use super::{fields, most_frequent_first, slot, MistakeCount};

/// What a report gives.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScormMistakes {
    /// Attempts read (rows under the header with at least one interaction of ours).
    pub attempts: usize,
    /// Per exercise, in the page's order: its mistakes, most frequent first.
    pub exercises: Vec<(Exercise, Vec<MistakeCount>)>,
    /// (line, interaction id, why it was not counted): ids not of the form above, or naming an
    /// exercise or mistake this page does not have.
    pub unread: Vec<(usize, String, String)>,
}

/// The mistake of `exercise`'s catalogue whose id is `id` (ids are unique within an exercise's
/// catalogue only: `no-mod` is one mistake in `bloom-insert` and another in `fm`).
fn catalogued(exercise: Exercise, id: &str) -> Option<Mistake> {
    Problem::mistakes(exercise).iter().copied().find(|m| m.id == id)
}

/// An interaction id read: the exercise, the step from 0, the mistake if one is named.
pub fn interaction(id: &str) -> Result<(Exercise, usize, Option<Mistake>), String> {
    let mut parts = id.trim().splitn(3, '.');
    let (exercise, step) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let exercise = Exercise::parse(exercise).ok_or("it names no exercise of this page")?;
    let step = step
        .strip_prefix('s')
        .and_then(|s| s.parse::<usize>().ok())
        .filter(|s| *s >= 1)
        .ok_or("its step is not s and a number from 1")?;
    let mistake = match parts.next() {
        Some(m) => Some(catalogued(exercise, m).ok_or("it names a mistake this page does not catalogue")?),
        None => None,
    };
    Ok((exercise, step - 1, mistake))
}

/// Whether `text` is an interactions report rather than codes: its first line names a
/// `Question n` or `Response n` column.
pub fn is_report(text: &str) -> bool {
    let Some(head) = text.lines().find(|l| !l.trim().is_empty()) else { return false };
    fields::split(head, fields::delimiter_of(head)).iter().any(|name| {
        let name = name.trim();
        ["Question ", "Response "].iter().any(|p| name.strip_prefix(p).is_some_and(|n| n.parse::<usize>().is_ok()))
    })
}

/// The columns of a header: for each interaction n, its `Question n` and `Result n` columns.
fn columns(head: &[String]) -> BTreeMap<usize, (Option<usize>, Option<usize>)> {
    let mut cols: BTreeMap<usize, (Option<usize>, Option<usize>)> = BTreeMap::new();
    for (at, name) in head.iter().enumerate() {
        let name = name.trim();
        if let Some(n) = name.strip_prefix("Question ").and_then(|n| n.parse::<usize>().ok()) {
            cols.entry(n).or_default().0 = Some(at);
        }
        if let Some(n) = name.strip_prefix("Result ").and_then(|n| n.parse::<usize>().ok()) {
            cols.entry(n).or_default().1 = Some(at);
        }
    }
    cols
}

/// The mistakes per step in the report `text` (module doc), or why it is not one.
pub fn mistakes(text: &str) -> Result<ScormMistakes, String> {
    let mut lines =
        text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end_matches('\r'))).filter(|(_, l)| !l.trim().is_empty());
    let (_, head) = lines.next().ok_or("the report is empty")?;
    let delimiter = fields::delimiter_of(head);
    let cols = columns(&fields::split(head, delimiter));
    if !cols.values().any(|(q, _)| q.is_some()) {
        return Err("its header has no Question columns: tick \"Summary of question\" (and \"Summary of result\", where your Moodle has it, so right steps are not counted) in the report's options, then download it again".into());
    }
    let mut out = ScormMistakes::default();
    let mut counts: BTreeMap<(usize, usize, &'static str), (Exercise, &'static str, usize)> = BTreeMap::new();
    for (line, text) in lines {
        let cells = fields::split(text, delimiter);
        let cell = |at: Option<usize>| at.and_then(|a| cells.get(a)).map_or("", |c| c.trim());
        let mut steps_seen: Vec<(Exercise, usize)> = Vec::new();
        for &(q, r) in cols.values() {
            let id = cell(q);
            if id.is_empty() || id == "-" {
                continue;
            }
            let (exercise, step, mistake) = match interaction(id) {
                Ok(read) => read,
                Err(why) => {
                    out.unread.push((line, id.to_string(), why));
                    continue;
                }
            };
            if steps_seen.contains(&(exercise, step)) {
                continue;
            }
            steps_seen.push((exercise, step));
            if let Some(m) = mistake.filter(|_| cell(r) != "correct") {
                counts.entry((slot(exercise), step, m.id)).or_insert((exercise, m.name, 0)).2 += 1;
            }
        }
        out.attempts += usize::from(!steps_seen.is_empty());
    }
    let mut by: BTreeMap<usize, (Exercise, Vec<MistakeCount>)> = BTreeMap::new();
    for ((at, step, id), (exercise, name, count)) in counts {
        by.entry(at).or_insert((exercise, Vec::new())).1.push(MistakeCount { step, id, name, count });
    }
    out.exercises = by.into_values().collect();
    for (_, m) in &mut out.exercises {
        most_frequent_first(m);
    }
    Ok(out)
}
