//! Items typed or linked for a filter: how long they may be and which a hash family takes.

/// Longest typed item, in characters.
pub const MAX_ITEM_CHARS: usize = 2000;

/// Checks an item typed or linked for a filter hashed by `family`: not empty, not longer than
/// `MAX_ITEM_CHARS`, and hashable by the family. The error says why it was left out.
pub fn check_item(text: &str, family: crate::engine::hashing::HashFamily) -> Result<(), String> {
    if text.is_empty() {
        return Err("an empty item was left out: type at least one character".into());
    }
    let chars = text.chars().count();
    if chars > MAX_ITEM_CHARS {
        return Err(format!(
            "an item of {} characters was left out: items are at most {} characters",
            crate::text::group_digits(chars as u64),
            crate::text::group_digits(MAX_ITEM_CHARS as u64)
        ));
    }
    family.check(text).map_err(|e| format!("{e}; it was left out"))
}
