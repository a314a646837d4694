//! Bringing a part of the page into sight: the panel a link points to, and the current item of a
//! row that scrolls sideways (a phone's step strip and chapter list).

use super::{in_browser, query};

/// Marks the panel a link points to (`focus`: the section labelled by `{name}-title`) with
/// `data-focus`, and scrolls it into view when `scroll`; whether the panel is on the page.
pub fn mark_focus(name: &str, scroll: bool) -> bool {
    if !in_browser() {
        return false;
    }
    let selector = format!("section[aria-labelledby=\"{name}-title\"]");
    let Some(el) = query(&selector) else {
        return false;
    };
    if !el.has_attribute("data-focus") {
        let _ = el.set_attribute("data-focus", "");
    }
    if scroll {
        el.scroll_into_view();
    }
    true
}

/// Scrolls the row matching `row` sideways so that its child matching `item` is in sight (centred
/// when it has to move); the page itself does not move.
pub fn scroll_row_to(row: &str, item: &str) {
    if !in_browser() {
        return;
    }
    let Some(row) = query(row) else { return };
    let Some(item) = row.query_selector(item).ok().flatten() else { return };
    let (r, i) = (row.get_bounding_client_rect(), item.get_bounding_client_rect());
    if row.scroll_width() <= row.client_width() || (i.left() >= r.left() && i.right() <= r.right()) {
        return;
    }
    let offset = i.left() - r.left() + f64::from(row.scroll_left());
    let centred = offset - (r.width() - i.width()) / 2.0;
    row.set_scroll_left(centred.max(0.0).round() as i32);
}
