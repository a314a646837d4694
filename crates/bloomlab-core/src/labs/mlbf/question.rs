//! The multi-layer view's question, asked without a stepper about the URL the page shows: which
//! bit of the XOR layer its first hash uses. Answered by the same filter code that draws it; each
//! wrong choice comes with what it actually is.

use super::MlbfLab;
use crate::lectures::questions::{question, Question, Wrong, PROMPT_QUOTE};
use crate::text::quoted;

impl MlbfLab {
    /// The shown URL's first XOR step: which bit of the XOR layer does it use?
    pub fn xor_question(&self) -> Option<Question> {
        xor_question(self)
    }
}

/// The multi-layer filter: the shown URL's first XOR step (hash h0, as the page numbers it), the
/// layers' positions combined bit by bit, then `mod m`.
fn xor_question(lab: &MlbfLab) -> Option<Question> {
    let shown = lab.shown()?;
    let x = shown.trace.xor.first()?;
    let m = lab.m();
    let parts: Vec<String> = x.parts.iter().map(|p| p.to_string()).collect();
    let fold = |f: fn(u64, u64) -> u64| x.parts.iter().copied().reduce(f).unwrap_or(0) % m;
    let bit = |p: u64| format!("bit {p}");
    let sum: u128 = x.parts.iter().map(|&p| p as u128).sum();
    let (or, and) = (fold(|a, b| a | b), fold(|a, b| a & b));
    let first = x.parts.first().copied().unwrap_or(0);
    let wrong: Vec<Wrong> = vec![
        (
            bit((sum % m as u128) as u64),
            format!("That is their sum, {} = {sum}, mod {m}: XOR works bit by bit, without carries.", parts.join(" + ")),
        ),
        (
            bit(or),
            format!("That is their OR, mod {m}: a bit of OR is 1 where any of the positions has a 1, a bit of XOR where an odd number of them do."),
        ),
        (
            bit(and),
            format!("That is their AND, mod {m}: a bit of AND is 1 only where every position has a 1, a bit of XOR where an odd number of them do."),
        ),
        (
            bit(first % m),
            format!("That is the first layer's position, {first}, alone: the XOR layer's bit combines the positions of all {} layers.", x.parts.len()),
        ),
    ];
    let reasoning = format!(
        "{} XOR bit by bit: a bit of the result is 1 where an odd number of the layers' positions have a 1, giving {}; {} mod {m} = {}. The XOR layer's bit {} {}.",
        parts.join(" ⊕ "),
        x.xor,
        x.xor,
        x.position,
        x.position,
        match (shown.is_lookup(), x.was_set) {
            (false, true) => "was 1 already",
            (false, false) => "goes from 0 to 1",
            (true, true) => "is 1",
            (true, false) => "is 0",
        }
    );
    question(
        "mlbf-xor".into(),
        format!(
            "Hash h{} puts {} at positions {} in the {} layers. Which bit of the XOR layer does it use (their XOR, mod {m})?",
            x.index,
            quoted(&shown.typed, PROMPT_QUOTE),
            parts.join(", "),
            x.parts.len()
        ),
        bit(x.position),
        wrong,
        reasoning,
        x.parts.len() + x.position as usize,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lectures::questions::check_shape;
    use crate::link::query::Query;
    use crate::link::state::LinkState;

    #[test]
    fn the_xor_question_matches_an_xor_of_the_layers_hashes_computed_here() {
        use crate::engine::hashing::seed;
        use xxhash_rust::xxh3::xxh3_64_with_seed;
        for link in ["", "m=100&k=3&layers=3", "m=64&k=2&layers=2"] {
            let mut lab = MlbfLab::read(&Query::parse(link)).0;
            assert!(lab.xor_question().is_none(), "no URL shown, no question");
            lab.insert("http://www.example.com/a/b/c.html").unwrap();
            for _ in 0..2 {
                let q = lab.xor_question().expect("a question");
                check_shape(&q);
                assert_eq!(q.id, "mlbf-xor");
                let keys = &lab.shown().unwrap().keys;
                let m = lab.m();
                let xor = (0..lab.layers())
                    .map(|i| keys.get(i).map_or("", |s| s.as_str()))
                    .fold(0u64, |acc, key| acc ^ (xxh3_64_with_seed(key.as_bytes(), seed(0)) % m));
                assert_eq!(q.choices[q.answer], format!("bit {}", xor % m), "{link}: {q:?}");
                lab.lookup("http://www.example.com/a/x.html").unwrap();
            }
        }
    }
}
