//! The grades exports read back as Moodle's and Canvas's importers read them, and Moodle's SCORM
//! interactions report read into the tally's mistake counts.

use super::tests::{id, session};
use super::*;
use crate::labs::practice::Exercise;
use csv_core::{ReadFieldResult, Reader};

/// Every record of the CSV `text`, read with csv-core as a whole file (not line by line).
fn records(text: &str) -> Vec<Vec<String>> {
    let mut reader = Reader::new();
    let (mut input, mut out) = (text.as_bytes(), vec![0u8; text.len() + 1]);
    let (mut all, mut record, mut field) = (Vec::new(), Vec::new(), Vec::new());
    loop {
        let (result, read, written) = reader.read_field(input, &mut out);
        input = &input[read..];
        field.extend_from_slice(&out[..written]);
        match result {
            ReadFieldResult::Field { record_end } => {
                record.push(String::from_utf8(std::mem::take(&mut field)).expect("UTF-8"));
                if record_end {
                    all.push(std::mem::take(&mut record));
                }
            }
            ReadFieldResult::End => return all,
            _ => {}
        }
    }
}

/// A class of three students with ids (two exercises; ann's fm twice, the better kept), one
/// without an id and one whose ids conflict, and a learn-mode run.
fn class() -> (Class, [usize; 3]) {
    let ann_fm = session(Exercise::Fm, 2, true, true);
    let ann_fm2 = session(Exercise::Fm, 5, true, false);
    let ann_b = session(Exercise::BloomInsert, 2, true, true);
    let bob = session(Exercise::Fm, 3, true, true);
    let text = format!(
        "ann@x.org,{}\nann@x.org,{}\n{}\n\"bob@x.org\",\"{}\"\n{}\ncat@x.org,{}\ndan@x.org,{}\n",
        ann_fm.code(),
        ann_b.code(),
        ann_fm2.code_with(&id("ann@x.org")),
        bob.code(),
        bob.code(),
        bob.code_with(&id("eve@x.org")),
        session(Exercise::Fm, 7, false, false).code(),
    );
    (Class::read(&text), [ann_fm.max(), ann_b.max(), bob.max()])
}

fn percent(score: usize, max: usize) -> f64 {
    (100.0 * score as f64 / max as f64 * 100.0).round() / 100.0
}

#[test]
fn moodles_grade_import_reads_one_row_per_student_with_numbers() {
    let (class, [fm_max, b_max, bob_max]) = class();
    let csv = export::moodle_csv(&class, Modes::Exam);
    assert!(csv.ends_with("\r\n"));
    let r = records(&csv);
    // The teacher maps the id column (the first) to the email address and each grade column to a grade item.
    assert_eq!(r[0], ["Email address", "Bloom Lab: bloom-insert", "Bloom Lab: fm"]);
    assert_eq!(r.len(), 3, "ann and bob: the row without an id and the conflict left out, the learn run too");
    assert!(r.iter().all(|row| row.len() == 3));
    assert_eq!((r[1][0].as_str(), r[2][0].as_str()), ("ann@x.org", "bob@x.org"));
    let grade = |s: &str| s.parse::<f64>().expect("a number Moodle reads");
    assert_eq!(grade(&r[1][2]), 100.0, "ann's better fm code");
    assert_eq!(grade(&r[1][1]), percent(b_max - 1, b_max));
    assert_eq!(grade(&r[2][2]), percent(bob_max - 1, bob_max));
    assert_eq!(r[2][1], export::MOODLE_NONE, "bob did no bloom-insert: no grade, `-` in every release");
    assert!(fm_max > 0);
    let out = export::left_out(&class, Modes::Exam);
    assert_eq!(out, [(5, "it has no student id"), (6, "its line's id and its code's id differ")]);
    // Ids that are not all email addresses are headed as ID numbers.
    let plain = Class::read(&format!("s1234,{}\n", session(Exercise::Fm, 2, true, false).code()));
    assert_eq!(records(&export::moodle_csv(&plain, Modes::All))[0][0], "ID number");
}

#[test]
fn canvas_gradebook_import_reads_its_columns_and_points() {
    let (class, _) = class();
    let r = records(&export::canvas_csv(&class, Modes::All));
    assert_eq!(r[0][..5], export::CANVAS_HEAD);
    assert_eq!(r[0][5..], ["Bloom Lab: bloom-insert", "Bloom Lab: fm"]);
    assert_eq!(r[1][0], "Points Possible");
    assert_eq!(r[1][5..], ["100", "100"]);
    let students: Vec<&str> = r[2..].iter().map(|row| row[3].as_str()).collect();
    assert_eq!(students, ["ann@x.org", "bob@x.org", "dan@x.org"], "one row per student, the id as SIS Login ID");
    for row in &r[2..] {
        assert_eq!((row.len(), row[0].as_str()), (7, row[3].as_str()));
        for g in row[5..].iter().filter(|g| !g.is_empty()) {
            let g: f64 = g.parse().expect("a numeric grade");
            assert!((0.0..=100.0).contains(&g));
        }
    }
    assert_eq!(r[4][5..], ["", "100"], "dan's learn run, in every mode");
    assert_eq!(records(&export::canvas_csv(&class, Modes::Exam)).len(), 4);
}

/// Moodle's interactions report for `sessions` ((name, email, session)), as its text download
/// writes it (tabs), with the interaction ids the SCORM package sends.
fn report(sessions: &[(&str, &str, crate::labs::practice::Practice)]) -> String {
    let n = sessions.iter().map(|(_, _, p)| p.done.len()).max().unwrap_or(0);
    let mut head = vec!["Name", "Email address", "Attempt", "Started on", "Last accessed on", "Score", "Bloom Lab"]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>();
    for i in 0..n {
        head.extend([format!("Question {i}"), format!("Response {i}"), format!("Result {i}")]);
    }
    let mut rows = vec![head];
    for (name, email, p) in sessions {
        let mut row: Vec<String> = [*name, *email, "1", "1 June 2026, 10:00", "1 June 2026, 10:20", "80", "80/100"]
            .into_iter()
            .map(String::from)
            .collect();
        for (s, d) in p.done.iter().enumerate() {
            let suffix = d.verdict.mistake.map_or(String::new(), |m| format!(".{}", m.id));
            row.push(format!("{}.s{}{suffix}", p.exercise.name(), s + 1));
            row.push("x".into());
            row.push(if d.scored { "correct" } else { "wrong" }.into());
        }
        rows.push(row);
    }
    fields::write(&rows, b'\t')
}

#[test]
fn the_scorm_report_gives_the_tallys_mistake_counts() {
    let sessions = [
        ("Ann Lee", "ann@x.org", session(Exercise::Fm, 2, true, true)),
        ("Bob Ray", "bob@x.org", session(Exercise::Fm, 3, true, true)),
        ("Cat Ng", "cat@x.org", session(Exercise::BloomInsert, 2, true, true)),
        ("Dan Ek", "dan@x.org", session(Exercise::BloomLookup, 4, false, true)),
        ("Eve Ek", "eve@x.org", session(Exercise::Fm, 4, true, false)),
    ];
    let codes: String = sessions.iter().map(|(_, e, p)| format!("{e},{}\n", p.code())).collect();
    let tallied: Vec<(Exercise, Vec<MistakeCount>)> =
        tally(&codes).exercises.into_iter().map(|e| (e.exercise, e.mistakes)).collect();
    assert!(tallied.iter().any(|(_, m)| !m.is_empty()), "the sessions made mistakes");
    let read = scorm::mistakes(&report(&sessions)).expect("a report");
    assert_eq!(read.exercises, tallied.into_iter().filter(|(_, m)| !m.is_empty()).collect::<Vec<_>>());
    assert_eq!((read.attempts, read.unread.len()), (5, 0));
}

#[test]
fn a_hand_written_interactions_report_reads() {
    // As Moodle writes it (PHP's fputcsv with a tab: every field with a space quoted, lines ended
    // by a line feed): a student who never attempted it (dashes, empty cells), a right step whose
    // id names a mistake (not counted), an id the page cannot read.
    let text = "Name\t\"Email address\"\tAttempt\t\"Started on\"\t\"Last accessed on\"\tScore\t\"Bloom Lab\"\t\"Question 0\"\t\"Response 0\"\t\"Result 0\"\t\"Question 1\"\t\"Response 1\"\t\"Result 1\"\n\
        \"Ann Lee\"\tann@x.org\t1\t\"Monday, 1 June 2026, 10:00 AM\"\t\"Monday, 1 June 2026, 10:20 AM\"\t50\t1/2\tbloom-insert.s1.no-mod\t00100\twrong\tbloom-insert.s2\t01100\tcorrect\n\
        \"Ann Lee\"\tann@x.org\t2\t\"Tuesday, 2 June 2026, 9:00 AM\"\t\"Tuesday, 2 June 2026, 9:30 AM\"\t50\t1/2\tbloom-insert.s1.no-mod\t00100\twrong\tbloom-insert.s1.backwards\t1\twrong\n\
        \"Bob Ray\"\tbob@x.org\t-\t-\t-\t-\t\"Not attempted\"\t\t\t\t\t\t\n\
        \"Cat Ng\"\tcat@x.org\t1\t\"Monday, 1 June 2026, 10:00 AM\"\t\"Monday, 1 June 2026, 10:20 AM\"\t100\t2/2\tfm.s1.no-mod\t3\tcorrect\tfm.s9.no-such\t1\twrong\n";
    let read = scorm::mistakes(text).expect("a report");
    assert_eq!(read.attempts, 3);
    let bloom = &read.exercises[0];
    assert_eq!(bloom.0, Exercise::BloomInsert);
    assert_eq!(bloom.1.len(), 1, "the second try at step 1 in attempt 2 is not counted: {:?}", bloom.1);
    assert_eq!((bloom.1[0].step, bloom.1[0].id, bloom.1[0].count), (0, "no-mod", 2));
    assert_eq!(bloom.1[0].name, "Forgot mod m");
    assert_eq!(read.exercises.len(), 1, "fm's mistake was marked correct");
    assert_eq!(
        read.unread,
        [(5, "fm.s9.no-such".to_string(), "it names a mistake this page does not catalogue".to_string())]
    );
    // The tally's page reads it in place of codes, and says what is wrong with a report it cannot.
    use crate::lectures::model::Model;
    let page = super::TallyPage { text: text.into(), ..super::TallyPage::default() };
    let (read_here, notices) = page.edit(super::TallyEdit::Apply).unwrap();
    assert_eq!((read_here.report.as_deref(), read_here.class.is_none(), notices), (Some(&read), true, None));
    assert!(scorm::is_report(text) && !scorm::is_report("ann,P1_fm_1_1_l__abcdef"));
    let bad = super::TallyPage { text: "Name\tResponse 0\nAnn\tx\n".into(), ..super::TallyPage::default() };
    let (_, notices) = bad.edit(super::TallyEdit::Apply).unwrap();
    assert!(notices.unwrap()[0].message.contains("interactions report, but its header has no Question"));
    let no_questions = scorm::mistakes("Name\tResponse 0\nAnn\tx\n").unwrap_err();
    assert!(no_questions.contains("Summary of question"), "{no_questions}");
    assert_eq!(scorm::mistakes("").unwrap_err(), "the report is empty");
    assert!(scorm::interaction("fm.3").is_err() && scorm::interaction("nope.s1").is_err());
}

#[test]
fn every_catalogued_mistake_of_every_exercise_reads_from_an_interaction_id() {
    for e in Exercise::ALL {
        for seed in 1..4 {
            let mut p = session(e, seed, true, false);
            p.done.clear();
            while !p.finished() {
                let s = p.current();
                for w in &s.wrongs {
                    let id = format!("{}.s{}.{}", e.name(), p.done.len() + 1, w.mistake.id);
                    assert_eq!(scorm::interaction(&id).map(|r| r.2), Ok(Some(w.mistake)), "{id}");
                }
                p.submit(super::tests::respond(&s.answer));
            }
        }
    }
}
