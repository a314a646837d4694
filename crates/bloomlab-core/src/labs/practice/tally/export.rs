//! The grades as an LMS imports them: one row per student, one column per exercise.
//!
//! The grade is the percent of steps right at the first try, 0 to 100, with up to two decimals:
//! exercises and levels have different numbers of steps, so a score out of its own maximum would
//! need a grade item of that maximum in the LMS for each exercise and level, while a percent
//! means the same everywhere and fits the maximum both LMSs give a new grade column (100). A
//! student with several codes for one exercise (flagged on the page) gets the best of them.
//! Only rows with an id are exported: rows named by their line number and rows whose line id
//! differs from the id in their code are left out (`left_out` says which and why), because an LMS
//! must find every row's student (Moodle stops the whole import at the first row it cannot).
//!
//! **Moodle** ("Import grades: CSV file", <https://docs.moodle.org/405/en/Grade_import>, and the
//! importer, `grade/import/csv/classes/load_data.php`, and its form, `grade/import/grade_import_form.php`,
//! in github.com/moodle/moodle): any header row, read as field names only. Nothing is mapped by
//! a header's name: on the preview page the teacher sets "Map from" (it starts at the first
//! column, our ids) and "Map to" (it starts at Moodle's internal "User ID": the teacher picks
//! email address, ID number or username; current releases compare email addresses and usernames
//! without regard to case, and stop when two users share one), and maps each other column
//! (each starts at "Ignore") to an existing grade item or to "New grade item", whose maximum is
//! 100. Some releases refuse two columns mapped to "New grade item" ("Mapping collision
//! detected", MDL-78768): the teacher creates the items first, or imports a column at a time. A
//! second import updates an item only when its column is mapped to that item; "New grade item"
//! again makes another. A grade must read as a number (else the import stops with "bad grade").
//! `-` means no grade in every release (an empty cell under a new grade item was stored as an
//! empty grade in older ones), so a student with no code for an exercise gets `-`; mapped to an
//! existing item, `-` clears that student's grade there. The id column is headed `Email address`
//! when every id is one, else `ID number`.
//!
//! **Canvas** ("How do I import grades in the Gradebook?",
//! <https://community.canvaslms.com/t5/Instructor-Guide/How-do-I-import-grades-in-the-Gradebook/ta-p/807>,
//! and the importer, `app/models/gradebook_importer.rb` in github.com/instructure/canvas-lms):
//! the header starts `Student,ID,SIS User ID,SIS Login ID,Section` (the last student column must
//! be headed "Section"), then one column per assignment; a column whose name matches no
//! published assignment's title exactly (ours: `Bloom Lab: <exercise>`) becomes a new
//! assignment, and an optional row starting `Points Possible` gives each new assignment's points
//! (100 here). Canvas finds a row's student by its ID, then SIS User ID, then SIS Login ID (the
//! student's login, exactly as Canvas has it), then the Student name; a row it cannot match is
//! listed for the teacher to match by hand. The id is written as the SIS Login ID (what students
//! type is usually their login or email) and as the Student name, so the import preview names
//! them. An empty cell is no grade; on a re-import, Canvas's upload sends it as a change to no
//! grade for a student who already has one (the server side that applies it was not read).

use super::class::{Class, Flag, IdFrom, Modes, StudentRow};
use super::fields;
use crate::labs::practice::Exercise;
use crate::text::trim_float;

/// A student's id and best percent per exercise (`None`: no code for it).
pub type Grades = (String, Vec<Option<f64>>);

/// The grades of `class` in `mode`: the exercises (in the page's order) and each student's
/// grades, in the order students first appear.
pub fn grades(class: &Class, mode: Modes) -> (Vec<Exercise>, Vec<Grades>) {
    let rows: Vec<&StudentRow> = class.rows_in(mode).filter(|r| exported(r)).collect();
    let mut exercises: Vec<Exercise> = Vec::new();
    for e in Exercise::ALL {
        if rows.iter().any(|r| r.exercise == e) {
            exercises.push(e);
        }
    }
    let mut students: Vec<Grades> = Vec::new();
    for r in rows {
        let at = match students.iter().position(|(id, _)| id.eq_ignore_ascii_case(&r.id)) {
            Some(at) => at,
            None => {
                students.push((r.id.clone(), vec![None; exercises.len()]));
                students.len() - 1
            }
        };
        let col = exercises.iter().position(|e| *e == r.exercise).unwrap_or(0);
        let cell = &mut students[at].1[col];
        *cell = Some(cell.map_or(r.percent(), |g| g.max(r.percent())));
    }
    (exercises, students)
}

/// Whether a row goes into an export (it has an id, and no conflict between its two ids).
fn exported(r: &StudentRow) -> bool {
    r.id_from != IdFrom::LineNumber && !r.flags.iter().any(|f| matches!(f, Flag::IdConflict(_)))
}

/// The rows of `class` in `mode` an export leaves out: (line, why).
pub fn left_out(class: &Class, mode: Modes) -> Vec<(usize, &'static str)> {
    class
        .rows_in(mode)
        .filter(|r| !exported(r))
        .map(|r| match r.id_from {
            IdFrom::LineNumber => (r.line, "it has no student id"),
            _ => (r.line, "its line's id and its code's id differ"),
        })
        .collect()
}

/// A grade column's name: the same in every export, so a second import can update the same item
/// (Canvas finds it by this title; in Moodle the teacher maps the column to it).
pub fn column(e: Exercise) -> String {
    format!("Bloom Lab: {}", e.name())
}

/// A grade as written, `none` for a student with no code for the exercise.
fn cell(g: Option<f64>, none: &str) -> String {
    g.map_or(none.to_string(), |g| trim_float(g, 2))
}

/// No grade in Moodle's import (module doc).
pub const MOODLE_NONE: &str = "-";

/// The grades for Moodle's CSV grade import (module doc).
pub fn moodle_csv(class: &Class, mode: Modes) -> String {
    let (exercises, students) = grades(class, mode);
    let emails = !students.is_empty() && students.iter().all(|(id, _)| id.contains('@'));
    let mut head = vec![if emails { "Email address" } else { "ID number" }.to_string()];
    head.extend(exercises.iter().map(|e| column(*e)));
    let mut records = vec![head];
    for (id, g) in students {
        records.push(std::iter::once(id).chain(g.into_iter().map(|g| cell(g, MOODLE_NONE))).collect());
    }
    fields::write(&records, b',')
}

/// The columns Canvas's gradebook import starts with, in its order.
pub const CANVAS_HEAD: [&str; 5] = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"];

/// The grades for Canvas's gradebook import (module doc).
pub fn canvas_csv(class: &Class, mode: Modes) -> String {
    let (exercises, students) = grades(class, mode);
    let mut head: Vec<String> = CANVAS_HEAD.iter().map(|s| s.to_string()).collect();
    head.extend(exercises.iter().map(|e| column(*e)));
    let mut points = vec!["Points Possible".to_string(), String::new(), String::new(), String::new(), String::new()];
    points.extend(exercises.iter().map(|_| "100".to_string()));
    let mut records = vec![head, points];
    for (id, g) in students {
        let mut r = vec![id.clone(), String::new(), String::new(), id, String::new()];
        r.extend(g.into_iter().map(|g| cell(g, "")));
        records.push(r);
    }
    fields::write(&records, b',')
}
