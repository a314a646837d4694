//! While a question is open, the page holds back the texts that would answer it: a narration is
//! cut into pieces, and the pieces that match one of the question's give-away texts are masked.

/// Whether `c` continues a word or a number (so a match next to it is part of something longer).
fn joins(c: Option<char>, beyond: Option<char>) -> bool {
    match c {
        None => false,
        Some(c) if c.is_alphanumeric() => true,
        // "4.6" inside "14.62" or "1,234": a point or comma between digits is inside a number.
        Some('.' | ',') => beyond.is_some_and(|b| b.is_ascii_digit()),
        Some(_) => false,
    }
}

/// `text` cut into pieces, each with whether it gives an answer away: every whole occurrence of
/// one of `hide` (not inside a longer word or number; the longest first where two start at the
/// same place). The pieces put together are `text` again.
pub fn masked_spans<'a>(text: &'a str, hide: &[String]) -> Vec<(&'a str, bool)> {
    let mut out = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < text.len() {
        let found = hide
            .iter()
            .filter(|h| !h.is_empty() && text[i..].starts_with(h.as_str()))
            .filter(|h| {
                let end = i + h.len();
                let mut before = text[..i].chars().rev();
                let mut after = text[end..].chars();
                !joins(before.next(), before.next()) && !joins(after.next(), after.next())
            })
            .map(|h| h.len())
            .max();
        match found {
            Some(len) => {
                if start < i {
                    out.push((&text[start..i], false));
                }
                out.push((&text[i..i + len], true));
                i += len;
                start = i;
            }
            None => i += text[i..].chars().next().map_or(1, char::len_utf8),
        }
    }
    if start < text.len() {
        out.push((&text[start..], false));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::masked_spans;

    fn shown(text: &str, hide: &[&str]) -> String {
        let hide: Vec<String> = hide.iter().map(|s| s.to_string()).collect();
        let spans = masked_spans(text, &hide);
        assert_eq!(spans.iter().map(|s| s.0).collect::<String>(), text);
        spans.iter().map(|&(s, masked)| if masked { "?" } else { s }).collect()
    }

    #[test]
    fn whole_numbers_and_words_only() {
        assert_eq!(shown("about 4.6 on average (4 here).", &["4.6"]), "about ? on average (4 here).");
        assert_eq!(shown("14.6, 4.62 and 4.6.", &["4.6"]), "14.6, 4.62 and ?.");
        assert_eq!(shown("1,4.6 or 4.6,1", &["4.6"]), "1,4.6 or 4.6,1");
        assert_eq!(shown("165 / 3 = 55; 555 and 55 %", &["55", "55 %"]), "165 / 3 = ?; 555 and ?");
        assert_eq!(shown("Set bits 2 and 5.", &["bits 2 and 5"]), "Set ?.");
        assert_eq!(shown("nothing — here", &["—"]), "nothing ? here");
        assert_eq!(shown("", &["x"]), "");
        assert_eq!(shown("abc", &[]), "abc");
        assert_eq!(shown("é 16 é", &["16", ""]), "é ? é");
    }
}
