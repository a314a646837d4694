//! Punycode (RFC 3492), the `xn--` form of a host label: decoding and encoding exactly as the
//! idna crate's `punycode::decode` and `punycode::encode_str` do (tested against them), without
//! the sorting and the small-vector code they bring into a page. Labels here are at most a URL
//! long (2,000 characters), so a decoded character is simply inserted where it belongs.

const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 0x80;

/// The bias after a delta (RFC 3492, section 6.1).
fn adapt(mut delta: u32, points: u32, first: bool) -> u32 {
    delta /= if first { DAMP } else { 2 };
    delta += delta / points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

/// The threshold of the digit at `k` with `bias`.
fn threshold(k: u32, bias: u32) -> u32 {
    if k <= bias {
        T_MIN
    } else if k >= bias + T_MAX {
        T_MAX
    } else {
        k - bias
    }
}

/// The characters a Punycode label (without `xn--`) stands for, or `None` when it is not valid:
/// a non-ASCII character before the last `-`, a byte that is no digit, a number that overflows
/// 32 bits, or a code point that is no character.
pub(super) fn decode(input: &str) -> Option<Vec<char>> {
    let bytes = input.as_bytes();
    let (base, digits) = match bytes.iter().rposition(|&b| b == b'-') {
        // A `-` in front is read as a digit, which it is not.
        Some(0) => (&bytes[..0], bytes),
        Some(at) => (&bytes[..at], &bytes[at + 1..]),
        None => (&bytes[..0], bytes),
    };
    if !base.is_ascii() {
        return None;
    }
    let mut out: Vec<char> = base.iter().map(|&b| char::from(b)).collect();
    let (mut code_point, mut bias, mut i) = (INITIAL_N, INITIAL_BIAS, 0u32);
    let mut rest = digits.iter();
    while let Some(&first) = rest.next() {
        let previous = i;
        let (mut weight, mut k, mut byte) = (1u32, BASE, first);
        loop {
            let digit = match byte {
                b'0'..=b'9' => byte - b'0' + 26,
                b'A'..=b'Z' => byte - b'A',
                b'a'..=b'z' => byte - b'a',
                _ => return None,
            } as u32;
            i = i.checked_add(digit.checked_mul(weight)?)?;
            let t = threshold(k, bias);
            if digit < t {
                break;
            }
            weight = weight.checked_mul(BASE - t)?;
            k += BASE;
            byte = *rest.next()?;
        }
        let length = out.len() as u32 + 1;
        bias = adapt(i - previous, length, previous == 0);
        code_point = code_point.checked_add(i / length)?;
        i %= length;
        out.insert(i as usize, char::from_u32(code_point)?);
        i += 1;
    }
    Some(out)
}

/// `input` written in Punycode (without `xn--`): its ASCII characters, a `-` if there were any,
/// then the others as deltas; `None` when a delta overflows 32 bits.
pub(super) fn encode(input: &str) -> Option<String> {
    let chars: Vec<u32> = input.chars().map(u32::from).collect();
    let mut out: String = input.chars().filter(char::is_ascii).collect();
    let basic = out.len() as u32;
    if basic > 0 {
        out.push('-');
    }
    let (mut code_point, mut delta, mut bias, mut done) = (INITIAL_N, 0u32, INITIAL_BIAS, basic);
    while (done as usize) < chars.len() {
        let next = chars.iter().copied().filter(|&c| c >= code_point).min()?;
        delta = delta.checked_add((next - code_point).checked_mul(done + 1)?)?;
        code_point = next;
        for &c in &chars {
            if c < code_point {
                delta = delta.checked_add(1)?;
            }
            if c == code_point {
                let (mut q, mut k) = (delta, BASE);
                loop {
                    let t = threshold(k, bias);
                    if q < t {
                        break;
                    }
                    out.push(digit_char(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit_char(q));
                bias = adapt(delta, done + 1, done == basic);
                delta = 0;
                done += 1;
            }
        }
        delta = delta.wrapping_add(1);
        code_point += 1;
    }
    Some(out)
}

/// A Punycode digit: 0 to 25 as `a` to `z`, 26 to 35 as `0` to `9`.
fn digit_char(value: u32) -> char {
    let v = value as u8;
    char::from(if v < 26 { b'a' + v } else { b'0' + v.wrapping_sub(26) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_labels() {
        assert_eq!(encode("bücher").as_deref(), Some("bcher-kva"));
        assert_eq!(encode("例え").as_deref(), Some("r8jz45g"));
        assert_eq!(decode("bcher-kva").map(|c| c.into_iter().collect::<String>()).as_deref(), Some("bücher"));
        assert_eq!(decode("-abc"), None);
        assert_eq!(decode("ab!"), None);
        for text in ["", "abc", "ab-", "-", "--", "a-b-c", "zz", "99999999999", "ü-a", "ABC-DEF", "a-9", "xn--"] {
            assert_eq!(decode(text), idna::punycode::decode(text), "{text:?}");
        }
    }

    fn label() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            "a",
            "B",
            "z",
            "0",
            "9",
            "-",
            "ü",
            "ß",
            "é",
            "例",
            "ё",
            "\u{200d}",
            "\u{10ffff}",
            "😀",
            "!",
            ".",
            "ä",
            "Ω",
        ]);
        prop::collection::vec(pieces, 0..12).prop_map(|p| p.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn decoding_and_encoding_agree_with_idna(text in label(), code in "[a-zA-Z0-9\\-ü!]{0,14}") {
            prop_assert_eq!(encode(&text), idna::punycode::encode_str(&text));
            prop_assert_eq!(decode(&text), idna::punycode::decode(&text));
            prop_assert_eq!(decode(&code), idna::punycode::decode(&code));
            if let Some(encoded) = encode(&text) {
                prop_assert_eq!(decode(&encoded), idna::punycode::decode(&encoded));
            }
        }
    }
}
