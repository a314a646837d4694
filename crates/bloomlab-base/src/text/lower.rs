//! Lower case as `str::to_lowercase` writes it, for people's words and hosts (`data::words`,
//! `data::url_layers`): the same string for every text, with the final-sigma rule.
//!
//! Why not std's: its tables (a sorted list of the 1,400-odd characters that change, eight bytes
//! each, and the `Cased` and `Case_Ignorable` sets the final sigma needs) cost the pages that read
//! words or hosts about 7 KB each after compression. Here the characters that change are 185 runs
//! (a range, or every other character of a range, moved by one offset) and the final sigma's sets
//! 615 ranges of four bytes. The tests compare every character, and the sigma's context, with std.

mod table;
#[cfg(test)]
mod tests;

use table::{CONTEXT, RUNS};

/// `text` in lower case: the same string as `str::to_lowercase`.
pub fn lowercase(text: &str) -> String {
    // ASCII a byte at a time (a long text's start in blocks of 16 bytes, copied and lowered in
    // place) up to the first other byte; from there on character by character (its speed against
    // std's: docs/figures.md, "Fourth pass on bytes").
    let mut out = String::with_capacity(text.len());
    if text.len() >= 32 {
        if text.is_ascii() {
            out.push_str(text);
            out.make_ascii_lowercase();
            return out;
        }
        let blocks = text.as_bytes().chunks_exact(16).take_while(|block| block.is_ascii()).count() * 16;
        out.push_str(&text[..blocks]);
        out.make_ascii_lowercase();
        lower_rest(text, blocks, &mut out);
        return out;
    }
    for (i, &b) in text.as_bytes().iter().enumerate() {
        if !b.is_ascii() {
            lower_rest(text, i, &mut out);
            break;
        }
        out.push(char::from(b.to_ascii_lowercase()));
    }
    out
}

/// Adds `text` from byte `from` on (a character's start) in lower case to `out`.
fn lower_rest(text: &str, from: usize, out: &mut String) {
    for (i, c) in text[from..].char_indices() {
        match c {
            '\0'..='\x7f' => out.push(c.to_ascii_lowercase()),
            // Capital sigma is `ς` at the end of a word, `σ` elsewhere (Unicode's Final_Sigma).
            'Σ' => out.push(if final_sigma(text, from + i) { 'ς' } else { 'σ' }),
            // The one character whose lower case is two.
            '\u{130}' => out.push_str("i\u{307}"),
            _ => out.push(lower_char(c)),
        }
    }
}

/// `c` in lower case, for every character but U+0130 (whose lower case is two characters).
fn lower_char(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    let u = c as u32;
    // The last run that starts at or before `c`.
    let Some(&run) = RUNS.partition_point(|&r| (r >> 29) as u32 <= u).checked_sub(1).and_then(|i| RUNS.get(i)) else {
        return c;
    };
    let (start, count) = ((run >> 29) as u32, ((run >> 22) & 0x7f) as u32);
    let step = ((run >> 21) & 1) as u32 + 1;
    let offset = (run & 0x1f_ffff) as i64 - (1 << 20);
    let at = u - start;
    if at.is_multiple_of(step) && at / step < count {
        char::from_u32((i64::from(u) + offset) as u32).unwrap_or(c)
    } else {
        c
    }
}

/// Whether the sigma at byte `at` of `text` ends a word: a cased character before it and none
/// after it, skipping case-ignorable ones (apostrophes, combining marks and the like) both ways.
fn final_sigma(text: &str, at: usize) -> bool {
    let after = at + 'Σ'.len_utf8();
    cased_first(text[..at].chars().rev()) && !cased_first(text[after..].chars())
}

/// Whether the first character of `chars` that is not case-ignorable is cased.
fn cased_first(chars: impl Iterator<Item = char>) -> bool {
    chars.map(context).find(|&k| k != Context::Ignorable) == Some(Context::Cased)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Context {
    Cased,
    Ignorable,
    Neither,
}

/// What the final-sigma rule sees in `c`.
fn context(c: char) -> Context {
    let u = c as u32;
    let Some(&run) = CONTEXT.partition_point(|&r| r >> 11 <= u).checked_sub(1).and_then(|i| CONTEXT.get(i)) else {
        return Context::Neither;
    };
    if u > (run >> 11) + ((run >> 1) & 0x3ff) {
        Context::Neither
    } else if run & 1 == 1 {
        Context::Ignorable
    } else {
        Context::Cased
    }
}
