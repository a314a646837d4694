//! IP address hosts, read and written as the url crate 2.5.8 does (the WHATWG URL standard's IPv4
//! and IPv6 parsers and serialisers).

use super::whatwg::{Parse, BAD_IPV4, BAD_IPV6};

/// Whether a domain is to be read as IPv4: its last label (before a final dot) is all digits or
/// an IPv4 number.
pub(super) fn ends_in_a_number(domain: &str) -> bool {
    let mut labels = domain.rsplit('.');
    let mut last = labels.next().unwrap_or("");
    if last.is_empty() {
        match labels.next() {
            Some(label) => last = label,
            None => return false,
        }
    }
    (!last.is_empty() && last.bytes().all(|b| b.is_ascii_digit())) || ipv4_number(last).is_ok()
}

/// One part of an IPv4 address: decimal, `0x` hex or leading-`0` octal; `Ok(None)` when it does not
/// fit in 32 bits.
fn ipv4_number(text: &str) -> Result<Option<u32>, ()> {
    if text.is_empty() {
        return Err(());
    }
    let (digits, radix) = if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        (hex, 16)
    } else if text.len() >= 2 && text.starts_with('0') {
        (&text[1..], 8)
    } else {
        (text, 10)
    };
    let mut n = Some(0u32);
    for b in digits.bytes() {
        let d = char::from(b).to_digit(radix).ok_or(())?;
        n = n.and_then(|n| n.checked_mul(radix)?.checked_add(d));
    }
    Ok(n)
}

/// A domain that ends in a number, as a dotted IPv4 address.
pub(super) fn ipv4_text(domain: &str) -> Parse<String> {
    let mut parts: Vec<&str> = domain.split('.').collect();
    if parts.last() == Some(&"") {
        parts.pop();
    }
    if parts.len() > 4 {
        return Err(BAD_IPV4);
    }
    let mut numbers = Vec::with_capacity(4);
    for part in parts {
        numbers.push(ipv4_number(part).ok().flatten().ok_or(BAD_IPV4)?);
    }
    let last = numbers.pop().ok_or(BAD_IPV4)?;
    if u64::from(last) > u64::from(u32::MAX) >> (8 * numbers.len()) || numbers.iter().any(|&n| n > 255) {
        return Err(BAD_IPV4);
    }
    let mut ip = last;
    for (i, n) in numbers.iter().enumerate() {
        ip |= n << (24 - 8 * i);
    }
    let [a, b, c, d] = ip.to_be_bytes();
    Ok(format!("{a}.{b}.{c}.{d}"))
}

/// The text between `[` and `]` as an IPv6 address, written back compressed in `[...]`.
pub(super) fn ipv6_text(text: &str) -> Parse<String> {
    let pieces = ipv6(text.as_bytes()).ok_or(BAD_IPV6)?;
    // The longest run of two or more zero pieces (the first of equal runs) is written `::`.
    let (mut run_start, mut run_len, mut i) = (8, 1, 0);
    while i < 8 {
        let zeros = pieces[i..].iter().take_while(|&&p| p == 0).count();
        if zeros > run_len {
            (run_start, run_len) = (i, zeros);
        }
        i += zeros.max(1);
    }
    let mut out = String::with_capacity(41);
    out.push('[');
    let mut i = 0;
    while i < 8 {
        if i == run_start {
            out.push_str(if i == 0 { "::" } else { ":" });
            i += run_len;
            continue;
        }
        let mut started = false;
        for shift in [12, 8, 4, 0] {
            let digit = u32::from(pieces[i] >> shift) & 15;
            started |= digit != 0 || shift == 0;
            if started {
                out.push(char::from_digit(digit, 16).unwrap_or('0'));
            }
        }
        if i < 7 {
            out.push(':');
        }
        i += 1;
    }
    out.push(']');
    Ok(out)
}

/// The WHATWG IPv6 parser: eight 16-bit pieces, `::` for a run of zeros, and an IPv4 tail.
fn ipv6(input: &[u8]) -> Option<[u16; 8]> {
    let len = input.len();
    let at = |i: usize| input.get(i).copied().unwrap_or(0);
    let mut pieces = [0u16; 8];
    let (mut piece, mut compress, mut i) = (0usize, None, 0usize);
    if len < 2 {
        return None;
    }
    if at(0) == b':' {
        if at(1) != b':' {
            return None;
        }
        (i, piece, compress) = (2, 1, Some(1));
    }
    let mut ipv4 = false;
    while i < len {
        if piece == 8 {
            return None;
        }
        if at(i) == b':' {
            if compress.is_some() {
                return None;
            }
            i += 1;
            piece += 1;
            compress = Some(piece);
            continue;
        }
        let start = i;
        let mut value = 0u16;
        while i < len.min(start + 4) {
            let Some(d) = char::from(at(i)).to_digit(16) else { break };
            value = value * 16 + d as u16;
            i += 1;
        }
        if i < len {
            match at(i) {
                b'.' if i != start && piece <= 6 => (i, ipv4) = (start, true),
                b':' if i + 1 < len => i += 1,
                _ => return None,
            }
        }
        if ipv4 {
            break;
        }
        *pieces.get_mut(piece)? = value;
        piece += 1;
    }
    if ipv4 {
        ipv4_tail(input, &mut i, &mut pieces, &mut piece)?;
    }
    if i < len {
        return None;
    }
    match compress {
        Some(c) => {
            // Move the pieces after the `::` to the end.
            let moved = piece.checked_sub(c)?;
            let tail: Vec<u16> = pieces.get(c..piece)?.to_vec();
            pieces.get_mut(c..)?.fill(0);
            pieces.get_mut(8 - moved..)?.copy_from_slice(&tail);
        }
        None if piece != 8 => return None,
        None => {}
    }
    Some(pieces)
}

/// The dotted IPv4 tail of an IPv6 address (`::ffff:1.2.3.4`), into two pieces.
fn ipv4_tail(input: &[u8], i: &mut usize, pieces: &mut [u16; 8], piece: &mut usize) -> Option<()> {
    let len = input.len();
    let at = |i: usize| input.get(i).copied().unwrap_or(0);
    if *piece > 6 {
        return None;
    }
    let mut seen = 0;
    while *i < len {
        if seen > 0 {
            if seen < 4 && at(*i) == b'.' {
                *i += 1;
            } else {
                return None;
            }
        }
        let mut part: Option<u16> = None;
        while *i < len && at(*i).is_ascii_digit() {
            let d = u16::from(at(*i) - b'0');
            part = match part {
                None => Some(d),
                Some(0) => return None,
                Some(v) if v * 10 + d > 255 => return None,
                Some(v) => Some(v * 10 + d),
            };
            *i += 1;
        }
        let slot = pieces.get_mut(*piece)?;
        *slot = slot.wrapping_mul(0x100).wrapping_add(part?);
        seen += 1;
        if seen == 2 || seen == 4 {
            *piece += 1;
        }
    }
    (seen == 4).then_some(())
}
