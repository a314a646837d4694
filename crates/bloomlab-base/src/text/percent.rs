//! Percent-encoding: a byte written as `%` and two upper-case hexadecimal digits, for the page's
//! own links and for URLs, and decoding it again. Done as the percent-encoding crate does it
//! (the tests check both against it), without that crate's table of 256 escapes in every page.

/// The ASCII bytes a text is escaped at (bit b for byte b), besides every non-ASCII byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Escaped(u128);

impl Escaped {
    /// The C0 controls, 0x00 to 0x1F, and DEL.
    pub const CONTROLS: Escaped = Escaped(0xFFFF_FFFF | 1 << 0x7F);

    /// This set and `bytes` (ASCII).
    pub const fn with(self, bytes: &[u8]) -> Escaped {
        let (mut mask, mut i) = (self.0, 0);
        while i < bytes.len() {
            mask |= 1 << (bytes[i] & 0x7F);
            i += 1;
        }
        Escaped(mask)
    }

    /// This set without `bytes` (ASCII).
    pub const fn without(self, bytes: &[u8]) -> Escaped {
        let (mut mask, mut i) = (self.0, 0);
        while i < bytes.len() {
            mask &= !(1 << (bytes[i] & 0x7F));
            i += 1;
        }
        Escaped(mask)
    }

    /// Whether `b` is written as an escape.
    pub fn contains(self, b: u8) -> bool {
        b >= 0x80 || (self.0 >> b) & 1 == 1
    }
}

/// `text` appended to `out`, each byte of `set` (and every non-ASCII byte) as `%XX`.
pub fn push_encoded(out: &mut String, text: &str, set: Escaped) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for b in text.bytes() {
        if set.contains(b) {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        } else {
            out.push(char::from(b));
        }
    }
}

/// `text` with each byte of `set` (and every non-ASCII byte) as `%XX`.
pub fn encode(text: &str, set: Escaped) -> String {
    let mut out = String::with_capacity(text.len());
    push_encoded(&mut out, text, set);
    out
}

/// The bytes `text` stands for: each `%` and two hexadecimal digits as that byte; any other `%`
/// kept as it is.
pub fn decode(text: &[u8]) -> Vec<u8> {
    let hex = |b: Option<&u8>| b.and_then(|&b| char::from(b).to_digit(16));
    let mut out = Vec::with_capacity(text.len());
    let mut rest = text.iter();
    while let Some(&b) = rest.next() {
        let s = rest.as_slice();
        if let (b'%', Some(hi), Some(lo)) = (b, hex(s.first()), hex(s.get(1))) {
            out.push((hi * 16 + lo) as u8);
            rest.nth(1);
        } else {
            out.push(b);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn text() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            "a",
            "Z",
            "0",
            " ",
            "%",
            "%4",
            "%41",
            "%zz",
            "%e2%82%ac",
            "%E2",
            "+",
            "&",
            "=",
            ",",
            "#",
            "?",
            "\"",
            "'",
            "<",
            ">",
            "`",
            "{",
            "}",
            "|",
            "\\",
            "^",
            "[",
            "]",
            "~",
            "\u{0}",
            "\u{1f}",
            "\u{7f}",
            "é",
            "€",
            "😀",
            "\t",
        ]);
        prop::collection::vec(pieces, 0..16).prop_map(|p| p.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn as_the_percent_encoding_crate(t in text(), extra in prop::collection::vec(0u8..128, 0..12)) {
            let mut ours = Escaped::CONTROLS;
            let mut theirs = percent_encoding::CONTROLS.add(0);
            for &b in &extra {
                ours = ours.with(&[b]);
                theirs = theirs.add(b);
            }
            prop_assert_eq!(encode(&t, ours), percent_encoding::utf8_percent_encode(&t, Box::leak(Box::new(theirs.add(0)))).to_string());
            let half = &extra[..extra.len() / 2];
            let fewer = half.iter().fold(theirs.add(0), |s, &b| s.remove(b));
            prop_assert_eq!(encode(&t, ours.without(half)), percent_encoding::utf8_percent_encode(&t, Box::leak(Box::new(fewer))).to_string());
            prop_assert_eq!(decode(t.as_bytes()), percent_encoding::percent_decode(t.as_bytes()).collect::<Vec<u8>>());
        }
    }

    #[test]
    fn escapes() {
        assert_eq!(encode("a b/€", Escaped::CONTROLS.with(b" ")), "a%20b/%E2%82%AC");
        assert_eq!(encode("\u{7f}x\u{1}", Escaped::CONTROLS), "%7Fx%01");
        assert_eq!(decode(b"%41%2x%"), b"A%2x%");
        assert!(!Escaped::CONTROLS.with(b",").without(b",").contains(b','));
    }
}
