//! The table of views' own checks: teaching order, and a card for every listed view.

use super::*;

#[test]
fn the_course_is_in_teaching_order() {
    let mut last = 0;
    for v in View::listed().skip(1) {
        let row = v.row();
        let chapter = row.chapter.expect("every listed view but home has a chapter");
        assert!(chapter.number() >= last, "{} breaks the chapters' order", row.name);
        last = chapter.number();
        let card = v.card().expect("every listed view but home has a card");
        assert!(card.watch_for.ends_with('.') && card.blurb.ends_with('.'), "{}", row.name);
    }
    let per_chapter: Vec<usize> = Chapter::ALL.iter().map(|c| c.views().count()).collect();
    assert!(per_chapter.iter().all(|&n| n > 0), "every chapter has a view: {per_chapter:?}");
    assert_eq!(CARDS.len(), View::listed().count() - 1, "a card for every listed view but home, and no other");
}
