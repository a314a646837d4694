use super::super::code::{self, StudentId};
use super::super::{Exercise, Practice};
use super::*;

pub(super) use crate::labs::practice::tests::respond;

/// A finished session of `exercise` (seed, exam or not) whose first answer is the first
/// catalogued wrong one when `wrong`, the model answers after.
pub(super) fn session(exercise: Exercise, seed: u64, exam: bool, wrong: bool) -> Practice {
    let mut p = Practice::new(exercise, seed, 1, exam);
    if wrong {
        let s = p.current();
        p.submit(respond(&s.wrongs.first().map_or(s.answer.clone(), |w| w.answer.clone())));
        if p.pending.is_some() {
            p.fix();
        }
    }
    while !p.finished() {
        let s = p.current();
        p.submit(respond(&s.answer));
    }
    p
}

pub(super) fn id(text: &str) -> StudentId {
    StudentId::read(text).expect("a valid id")
}

#[test]
fn a_code_carries_a_student_id_inside_its_check() {
    let p = session(Exercise::Fm, 2, true, true);
    assert!(p.code().starts_with("P1_fm_2_1_e_") && p.code_with(&StudentId::default()) == p.code());
    // A P1 code as codes were written before ids (a learn-mode run, a first answer wrong): it
    // reads as it did.
    let old =
        code::decode("P1_bloom-insert_1_1_l_002~083~2c3_m3hwh0").map(|p| (p.exercise, p.seed, p.score(), p.max()));
    assert_eq!(old, Ok((Exercise::BloomInsert, 1, 2, 3)));
    let coded = p.code_with(&id(" ann.lee+bl@uni-x.edu "));
    assert!(coded.starts_with("P2_ann.lee+bl@uni-x.edu_fm_2_1_e_"), "{coded}");
    let back = code::read(&coded).expect("a P2 code reads");
    assert_eq!(
        (back.id.as_str(), back.practice.score(), back.practice.max()),
        ("ann.lee+bl@uni-x.edu", p.score(), p.max())
    );
    assert_eq!(code::read(&p.code()).map(|d| d.id), Ok(StudentId::default()));
    // Another id in place of the student's breaks the check.
    let swapped = coded.replacen("ann.lee", "bob.lee", 1);
    assert_eq!(code::decode(&swapped).err().as_deref(), Some("its check does not match: it was changed or cut"));
    let underscore = StudentId::read("ann_lee").unwrap_err();
    assert!(underscore.contains("\u{201c}_\u{201d}"), "{underscore}");
    assert!(StudentId::read(&"a".repeat(65)).unwrap_err().contains("more than 64"));
    assert!(StudentId::read("zoë").is_err());
}

#[test]
fn lines_give_their_ids_in_every_form() {
    let (a, b, c) = (
        session(Exercise::Fm, 2, true, false),
        session(Exercise::Fm, 3, true, true),
        session(Exercise::Fm, 4, true, false),
    );
    let text = format!("{}\nalice\t{}\nbob,{}\n\"car\"\"ol\",\"{}\"\n", a.code(), b.code(), c.code(), a.code());
    let class = Class::read(&text);
    assert!(class.refused.is_empty(), "{:?}", class.refused);
    let ids: Vec<(&str, IdFrom)> = class.rows.iter().map(|r| (r.id.as_str(), r.id_from)).collect();
    assert_eq!(
        ids,
        [("line 1", IdFrom::LineNumber), ("alice", IdFrom::Line), ("bob", IdFrom::Line), ("car\"ol", IdFrom::Line)]
    );
    assert_eq!((class.rows[1].score + 1, class.rows[1].max), (b.max(), b.max()));
    // A CSV with a header: the columns picked by their names, in any order; a code's own id when
    // the id cell is empty.
    let text = format!("Name,Result code,Email\nAnn,{},ann@x.org\nBob,{},\n", a.code(), c.code_with(&id("bob@x.org")));
    let class = Class::read(&text);
    assert_eq!(class.header, Some(lines::Header { code: 1, id: Some(2) }));
    assert_eq!(class.codes, 2, "the header is not a code");
    let ids: Vec<&str> = class.rows.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["ann@x.org", "bob@x.org"]);
    assert_eq!(class.rows[1].id_from, IdFrom::Code);
    // A header's refusal names the problem; a first line that is a code is no header.
    assert_eq!(Class::read("id,code\nann,\n").refused[0].2, "it has no code in its code column");
    assert_eq!(Class::read(&format!("{}\nid,code\n", a.code())).header, None);
}

#[test]
fn a_code_pasted_again_counts_once_and_conflicts_are_flagged() {
    let (a, b) = (session(Exercise::Fm, 2, true, true), session(Exercise::Fm, 3, true, false));
    let text = format!(
        "{0}\n{0}\n  {0}  \nbob,{1}\nbob,{2}\ncat,{3}\n",
        a.code(),
        b.code(),
        a.code(),
        b.code_with(&id("dan"))
    );
    let class = Class::read(&text);
    assert_eq!(class.duplicates, [(2, 1), (3, 1)]);
    assert_eq!(class.rows.len(), 4);
    assert_eq!(class.rows[0].flags, [Flag::Repeated(vec![2, 3])]);
    assert_eq!(class.rows[1].flags, [Flag::OtherCodes(vec![5])], "bob has two codes for fm in exam mode");
    assert_eq!(class.rows[2].flags, [Flag::OtherCodes(vec![4])]);
    assert_eq!(class.rows[3].flags, [Flag::IdConflict("dan".into())]);
    assert!(class.rows[3].flags[0].words().contains("dan"));
    let t = class.tally(Modes::All);
    assert_eq!((t.codes, t.valid, t.duplicates), (6, 4, 2));
    assert_eq!(t.exercises[0].mistakes[0].count, 2, "the repeated code's mistake is counted once");
}

#[test]
fn learn_mode_codes_are_never_counted_as_exams() {
    let (exam, learn) = (session(Exercise::Fm, 2, true, true), session(Exercise::BloomInsert, 2, false, true));
    let class = Class::read(&format!("ann,{}\nann,{}\nbob,{}\n", exam.code(), learn.code(), learn.code()));
    let only = |m: Modes| class.tally(m);
    assert_eq!((only(Modes::All).valid, only(Modes::Exam).valid, only(Modes::Learn).valid), (3, 1, 2));
    assert_eq!(only(Modes::Exam).other_mode, 2);
    let exercises = |m: Modes| only(m).exercises.iter().map(|e| e.exercise).collect::<Vec<_>>();
    assert_eq!(exercises(Modes::Exam), [Exercise::Fm]);
    assert_eq!(exercises(Modes::Learn), [Exercise::BloomInsert]);
    assert!(class.rows.iter().all(|r| r.flags.is_empty()), "a learn run beside an exam is no second code");
    assert_eq!(class.rows_in(Modes::Exam).map(|r| r.mode()).collect::<Vec<_>>(), ["exam"]);
    // Past MAX_CODES lines are not read, as before.
    let many = format!("{}\n", exam.code()).repeat(MAX_CODES + 3);
    let c = Class::read(&many);
    assert_eq!((c.codes, c.skipped, c.rows.len(), c.duplicates.len()), (MAX_CODES + 3, 3, 1, MAX_CODES - 1));
}

#[test]
fn the_page_counts_the_mode_chosen_without_reading_the_codes_again() {
    use crate::lectures::model::Model;
    let (exam, learn) = (session(Exercise::Fm, 2, true, false), session(Exercise::Fm, 3, false, false));
    let page =
        TallyPage::default().edit(TallyEdit::Type(format!("{}\n{}\n", exam.code(), learn.code()))).expect("typed").0;
    let applied = page.edit(TallyEdit::Apply).expect("tallied").0;
    let learn_only = applied.edit(TallyEdit::Mode(Modes::Learn)).expect("a mode").0;
    assert_eq!(applied.tally.as_ref().map(|t| t.valid), Some(2));
    assert_eq!(
        (learn_only.mode, learn_only.tally.as_ref().map(|t| (t.valid, t.other_mode))),
        (Modes::Learn, Some((1, 1)))
    );
    assert!(std::rc::Rc::ptr_eq(applied.class.as_ref().expect("read"), learn_only.class.as_ref().expect("kept")));
    // A mode chosen before the codes are tallied holds for them.
    let first = TallyPage::default().edit(TallyEdit::Mode(Modes::Exam)).expect("a mode").0;
    assert_eq!(first.tally, None);
    let typed = first.edit(TallyEdit::Type(format!("id,code\nann,{}\n", learn.code()))).expect("typed").0;
    let loaded = typed.edit(TallyEdit::Apply).expect("tallied").0;
    assert_eq!(loaded.tally.as_ref().map(|t| (t.valid, t.other_mode)), Some((0, 1)));
}
