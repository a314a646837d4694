use super::*;

#[test]
fn every_character_is_lowered_as_std_lowers_it() {
    for u in 0..=0x10_ffffu32 {
        let Some(c) = char::from_u32(u) else { continue };
        let want: String = c.to_lowercase().collect();
        assert_eq!(lowercase(c.encode_utf8(&mut [0; 4])), want, "U+{u:04X}");
        if want.chars().count() == 1 {
            assert_eq!(lower_char(c).to_string(), want, "U+{u:04X}");
        }
    }
}

/// What std's final-sigma rule sees in `c`: before a sigma, a cased character makes it final, a
/// case-ignorable one is skipped (so the `A` before it decides).
fn std_context(c: char) -> Context {
    if format!("{c}Σ").to_lowercase().ends_with('ς') {
        Context::Cased
    } else if format!("A{c}Σ").to_lowercase().ends_with('ς') {
        Context::Ignorable
    } else {
        Context::Neither
    }
}

#[test]
fn every_character_is_seen_as_std_sees_it_beside_a_sigma() {
    for u in 0..=0x10_ffffu32 {
        if let Some(c) = char::from_u32(u) {
            assert_eq!(context(c), std_context(c), "U+{u:04X}");
        }
    }
    for text in ["AΣ", "AΣB", "A'Σ", "AΣ'", "AΣ'B", "'Σ", "A\u{301}Σ\u{301}B", "1Σ", "AΣ1", "ΣΣ"] {
        assert_eq!(lowercase(text), text.to_lowercase(), "{text:?}");
    }
}

#[test]
fn words_and_sentences_are_lowered_as_std_lowers_them() {
    for text in [
        "",
        "ΟΔΥΣΣΕΥΣ",
        "ὈΔΥΣΣΕΎΣ ΚΑΙ ΣΙΣΥΦΟΣ.",
        "Σ",
        "ΑΣ'",
        "ΑΣ'Β",
        "A\u{301}Σ\u{301}",
        "ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHΣ",
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ ABCDEFGHIJKLMNOPQRSTUVWXYZ ÄΣ",
        "İSTANBUL",
        "Bücher Straße ÄÖÜ ǅ ǈ Ꙁ 𐐀 𞤀",
        "MIXED ascii and ÜNICODE",
        "ΣΣΣ ΣΑΣ Σ.Σ",
    ] {
        assert_eq!(lowercase(text), text.to_lowercase(), "{text:?}");
    }
}

#[test]
fn random_texts_are_lowered_as_std_lowers_them() {
    let mut rng = fastrand::Rng::with_seed(35);
    let alphabet: Vec<char> = "aAΣσςΑΒ'. \u{301}\u{345}İIßẞǅ-ÄÖÜ1Ωὀ".chars().collect();
    for round in 0..20_000 {
        // Short texts of anything, and long ones (the block path) mostly of ASCII letters.
        let (len, other) = if round % 2 == 0 { (rng.usize(0..10), 100) } else { (rng.usize(30..80), 5) };
        let text: String = (0..len)
            .map(|_| match rng.u8(0..100) {
                n if n < other / 2 => rng.char(..),
                n if n < other => alphabet[rng.usize(..alphabet.len())],
                _ => char::from(rng.u8(b' '..=b'~')),
            })
            .collect();
        assert_eq!(lowercase(&text), text.to_lowercase(), "{text:?}");
    }
}
