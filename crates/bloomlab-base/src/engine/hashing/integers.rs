//! The integer hashes of the lectures: the streams chapter's `linear` hash with its tail lengths,
//! and the `ullman` family's split of an integer into its odd- and even-numbered bits.

use super::HashError;

/// The streams chapter's `linear` hash: h(x) = (a · x + b) mod 2^w, read as a w-bit number
/// (w = 1 ..= 64; other widths are clamped).
pub fn linear(x: u64, a: u64, b: u64, w: u32) -> u64 {
    let w = w.clamp(1, 64);
    let v = a.wrapping_mul(x).wrapping_add(b);
    if w == 64 {
        v
    } else {
        v & ((1u64 << w) - 1)
    }
}

/// The tail length of a w-bit value: its trailing 0 bits; the tail length of 0 is w.
pub fn tail_length(v: u64, w: u32) -> u32 {
    let w = w.clamp(1, 64);
    v.trailing_zeros().min(w)
}

/// Parses a `ullman` item: a decimal integer 0 ..= u64::MAX, surrounding spaces allowed.
pub fn parse_ullman(item: &str) -> Result<u64, HashError> {
    let t = item.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(HashError::NotAnInteger(item.to_string()));
    }
    t.parse::<u64>().map_err(|_| HashError::NotAnInteger(item.to_string()))
}

/// Splits `x` into the number read from its odd-numbered bits (1st, 3rd, ... from the right)
/// and the number read from its even-numbered bits, each kept in order.
pub fn ullman_split(x: u64) -> (u64, u64) {
    (compress_alternate(x), compress_alternate(x >> 1))
}

/// Packs bits 0, 2, 4, ... of `x` into consecutive low bits.
fn compress_alternate(x: u64) -> u64 {
    let mut out = 0u64;
    for j in 0..32 {
        out |= ((x >> (2 * j)) & 1) << j;
    }
    out
}
