//! Decimal numbers as people and links write them (`0.01`, `1e-6`, `-2.5E3`, `.5`) read into
//! `f64`: the same value as `str::parse::<f64>`, bit for bit, for the same strings.
//!
//! Why not std's reader: its fast algorithm (Eisel–Lemire) brings an 11 KB table of powers of
//! five, which costs every page about 14 KB gzipped with its code. Here short inputs (up to 15
//! significant digits with a power of ten up to 10^22: everything a person types) take Clinger's
//! exact path, one correctly rounded product or quotient of two exact `f64`s; longer or extreme
//! ones are divided exactly in big integers. The tests compare both with std on hand-picked edge
//! cases, random floats in every notation, random strings and exact halfway points.

/// `text` as an `f64`, or `None` where `str::parse::<f64>` would give an error.
pub fn parse_f64(text: &str) -> Option<f64> {
    let b = text.as_bytes();
    let (negative, rest) = match b.first() {
        Some(b'-') => (true, &b[1..]),
        Some(b'+') => (false, &b[1..]),
        _ => (false, b),
    };
    let magnitude = special(rest).or_else(|| finite(rest))?;
    Some(if negative { -magnitude } else { magnitude })
}

/// `inf`, `infinity` and `nan` in any case, as std reads them.
fn special(b: &[u8]) -> Option<f64> {
    if b.eq_ignore_ascii_case(b"inf") || b.eq_ignore_ascii_case(b"infinity") {
        Some(f64::INFINITY)
    } else if b.eq_ignore_ascii_case(b"nan") {
        Some(f64::NAN)
    } else {
        None
    }
}

/// Significant digits kept exactly. No f64 halfway point needs more than 768; any nonzero digit
/// past them is kept as a final 1, which rounds the same way as the whole tail.
const KEEP: usize = 800;

/// Powers of ten that are exact in an `f64`.
const EXACT: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

/// Digits, an optional point and an optional exponent, with at least one digit before the
/// exponent: `value = digits × 10^exp`.
fn finite(b: &[u8]) -> Option<f64> {
    let mut digits: Vec<u8> = Vec::new();
    let mut exp: i64 = 0;
    let mut seen_digit = false;
    let mut dropped_nonzero = false;
    let mut i = 0;
    let mut fraction = false;
    loop {
        match b.get(i) {
            Some(&c @ b'0'..=b'9') => {
                seen_digit = true;
                let d = c - b'0';
                if digits.is_empty() && d == 0 {
                    // A leading zero: after the point it moves the value down a place.
                    exp -= fraction as i64;
                } else if digits.len() < KEEP {
                    digits.push(d);
                    exp -= fraction as i64;
                } else {
                    dropped_nonzero |= d != 0;
                    exp += !fraction as i64;
                }
            }
            Some(b'.') if !fraction => fraction = true,
            _ => break,
        }
        i += 1;
    }
    if !seen_digit {
        return None;
    }
    if let Some(&(b'e' | b'E')) = b.get(i) {
        i += 1;
        let minus = match b.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let start = i;
        let mut e: i64 = 0;
        while let Some(&c @ b'0'..=b'9') = b.get(i) {
            // Past a million the answer is 0 or infinity whatever follows.
            e = (e * 10 + (c - b'0') as i64).min(1_000_000);
            i += 1;
        }
        if i == start {
            return None;
        }
        exp += if minus { -e } else { e };
    }
    if i != b.len() {
        return None;
    }
    if dropped_nonzero {
        digits.push(1);
        exp -= 1;
    } else {
        while digits.last() == Some(&0) {
            digits.pop();
            exp += 1;
        }
    }
    Some(value(&digits, exp))
}

/// `digits × 10^exp`, rounded to the nearest `f64` (ties to even).
fn value(digits: &[u8], exp: i64) -> f64 {
    let nd = digits.len() as i64;
    if nd == 0 || nd + exp <= -324 {
        // Below 10^-324, less than half the smallest subnormal.
        return 0.0;
    }
    if nd + exp >= 310 {
        // At least 10^309, beyond f64::MAX.
        return f64::INFINITY;
    }
    if nd <= 15 {
        // Clinger's fast path: an integer below 2^53 and an exact power of ten, so the one
        // operation rounds correctly.
        let w = digits.iter().fold(0u64, |w, &d| w * 10 + d as u64);
        if (0..=22).contains(&exp) {
            return w as f64 * EXACT[exp as usize];
        }
        if (-22..0).contains(&exp) {
            return w as f64 / EXACT[(-exp) as usize];
        }
        if exp > 22 && nd + exp - 22 <= 15 {
            return (w * 10u64.pow((exp - 22) as u32)) as f64 * EXACT[22];
        }
    }
    exact(digits, exp)
}

/// The slow path: `numerator / denominator` in big integers, scaled so that the quotient has
/// 64 or 65 bits, then rounded to 53 bits (fewer for subnormals) with the remainder as the
/// sticky bit.
fn exact(digits: &[u8], exp: i64) -> f64 {
    let mut num = Big::from_digits(digits);
    let mut den = Big::one();
    if exp >= 0 {
        num.mul_pow10(exp as u32);
    } else {
        den.mul_pow10((-exp) as u32);
    }
    let shift = 64 - (num.bits() as i64 - den.bits() as i64);
    if shift >= 0 {
        num.shl(shift as u32);
    } else {
        den.shl((-shift) as u32);
    }
    let mut q: u128 = 0;
    for i in (0..=65).rev() {
        let mut d = den.clone();
        d.shl(i);
        if num.ge(&d) {
            num.sub(&d);
            q |= 1 << i;
        }
    }
    let sticky = !num.is_zero();
    let q_bits = 128 - q.leading_zeros() as i64;
    // The value is q × 2^-shift: its leading bit is 2^p.
    let mut p = q_bits - 1 - shift;
    let keep = if p >= -1022 { 53 } else { p + 1075 };
    if keep < 0 {
        return 0.0;
    }
    let drop = (q_bits - keep) as u32;
    let mut mant = q >> drop;
    let rem = q & ((1u128 << drop) - 1);
    let half = 1u128 << (drop - 1);
    if rem > half || (rem == half && (sticky || mant & 1 == 1)) {
        mant += 1;
    }
    if p < -1022 {
        // Subnormal (or, rounded up to 2^52, the smallest normal): the bits are the mantissa.
        return f64::from_bits(mant as u64);
    }
    if mant == 1 << 53 {
        mant >>= 1;
        p += 1;
    }
    if p > 1023 {
        return f64::INFINITY;
    }
    f64::from_bits((((p + 1023) as u64) << 52) | (mant as u64 & ((1 << 52) - 1)))
}

/// An unsigned big integer, 32-bit words, least significant first, no high zero words.
#[derive(Clone)]
struct Big(Vec<u32>);

impl Big {
    fn one() -> Self {
        Big(vec![1])
    }

    fn from_digits(digits: &[u8]) -> Self {
        let mut n = Big(Vec::new());
        for chunk in digits.chunks(9) {
            let add = chunk.iter().fold(0u32, |a, &d| a * 10 + d as u32);
            n.mul_add(10u32.pow(chunk.len() as u32), add);
        }
        n
    }

    /// self = self × m + add.
    fn mul_add(&mut self, m: u32, add: u32) {
        let mut carry = add as u64;
        for w in &mut self.0 {
            let t = *w as u64 * m as u64 + carry;
            *w = t as u32;
            carry = t >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut k: u32) {
        while k > 0 {
            let step = k.min(9);
            self.mul_add(10u32.pow(step), 0);
            k -= step;
        }
    }

    fn shl(&mut self, n: u32) {
        let (words, bits) = ((n / 32) as usize, n % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for w in &mut self.0 {
                let next = *w >> (32 - bits);
                *w = (*w << bits) | carry;
                carry = next;
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, words));
    }

    fn bits(&self) -> u32 {
        match self.0.last() {
            Some(top) => 32 * self.0.len() as u32 - top.leading_zeros(),
            None => 0,
        }
    }

    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn ge(&self, other: &Big) -> bool {
        if self.0.len() != other.0.len() {
            return self.0.len() > other.0.len();
        }
        for (a, b) in self.0.iter().rev().zip(other.0.iter().rev()) {
            if a != b {
                return a > b;
            }
        }
        true
    }

    /// self -= other, for self ≥ other.
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, w) in self.0.iter_mut().enumerate() {
            let t = *w as i64 - *other.0.get(i).unwrap_or(&0) as i64 - borrow;
            borrow = (t < 0) as i64;
            *w = t.rem_euclid(1 << 32) as u32;
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
}

#[cfg(test)]
mod tests;
