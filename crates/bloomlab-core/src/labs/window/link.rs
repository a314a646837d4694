//! The window view's link, both ways: every parameter read with its notice, and written back
//! with defaults left out.

use std::rc::Rc;

use super::bits;
use super::params::{BITS, DEFAULT_BITS, LENGTH, MAX_TYPED, N, N_LOWER, P, R, SEED, T};
use super::WindowLab;
use crate::link::notice::Notice;
use crate::link::query::{decode, encode, Query};
use crate::link::state::LinkState;
use crate::text::{group_digits, shorten};

fn default_bits() -> Vec<bool> {
    bits::parse(DEFAULT_BITS).0
}

/// The typed stream from `raw`, with a notice for characters that are not bits.
fn read_typed(raw: &str, notices: &mut Vec<Notice>) -> Vec<bool> {
    let Ok(text) = decode(raw) else {
        notices.push(Notice::param(BITS.name, "bits has a broken %-escape; using the example stream"));
        return default_bits();
    };
    let (mut bits, other) = bits::parse(&text);
    if !other.is_empty() {
        let shown: String = other.iter().take(5).map(|c| format!("\u{201c}{c}\u{201d}")).collect::<Vec<_>>().join(", ");
        notices.push(Notice::param(BITS.name, format!("bits: {shown} not a bit (0 or 1); left out")));
    }
    if bits.len() > MAX_TYPED {
        notices.push(Notice::param(
            BITS.name,
            format!(
                "bits has {} bits; this view steps through at most {}, so the rest are left out",
                group_digits(bits.len() as u64),
                group_digits(MAX_TYPED as u64)
            ),
        ));
        bits.truncate(MAX_TYPED);
    }
    if bits.is_empty() {
        notices.push(Notice::param(BITS.name, format!("bits has no bits; using the example stream {DEFAULT_BITS}")));
        return default_bits();
    }
    bits
}

/// `N`, or a lower-case `n` read as N with a notice.
fn read_window(q: &Query, notices: &mut Vec<Notice>) -> u64 {
    if q.raw(N.name).is_some() {
        return N.read(q, notices);
    }
    let Some(raw) = q.raw(N_LOWER) else { return N.default };
    let lower = Query::from_raw_pairs(vec![(N.name.to_string(), raw.to_string())]);
    let window = N.read(&lower, notices);
    notices.push(Notice::param(
        N_LOWER,
        format!("the window is N, in upper case (link parameters are case-sensitive); read n = {window} as N"),
    ));
    window
}

fn read_r(q: &Query, notices: &mut Vec<Notice>) -> u32 {
    if q.raw(R.name).map(str::trim) == Some("1") {
        notices.push(Notice::param(
            R.name,
            "r = 1: when two buckets share a size they would merge and leave none of that size, so the buckets \
             older than the newest could be any size and the oldest's half could be almost the whole estimate: \
             no error bound holds. DGIM needs r ≥ 2; using r = 2",
        ));
        return R.default as u32;
    }
    R.read_u32(q, notices)
}

fn read_t(q: &Query, len: u64, notices: &mut Vec<Notice>) -> u64 {
    let Some(raw) = q.raw(T.name) else { return len };
    let text = decode(raw).unwrap_or_else(|_| raw.to_string());
    match text.trim().parse::<u64>() {
        Ok(t) if t <= len => t,
        Ok(_) => {
            notices.push(Notice::param(
                T.name,
                format!("t = {} is past the stream's end; showing all {len} bits", shorten(text.trim(), 20)),
            ));
            len
        }
        Err(_) => {
            notices.push(Notice::bad(
                T.name,
                &shorten(text.trim(), 20),
                &format!("is not a number of bits from 0 to {len}; showing all of them"),
            ));
            len
        }
    }
}

impl LinkState for WindowLab {
    fn read(q: &Query) -> (WindowLab, Vec<Notice>) {
        let mut notices = Vec::new();
        let typed = q.raw(BITS.name).map(|raw| read_typed(raw, &mut notices));
        let generated = typed.is_none() && (q.raw(P.name).is_some() || q.raw(LENGTH.name).is_some());
        let (p, length, seed) = (P.read(q, &mut notices), LENGTH.read(q, &mut notices), SEED.read(q, &mut notices));
        let window = read_window(q, &mut notices);
        let r = read_r(q, &mut notices);
        let bits = match typed {
            Some(bits) => bits,
            None if generated => bits::generate(p, length, seed),
            None => default_bits(),
        };
        let t = read_t(q, bits.len() as u64, &mut notices);
        let lab = WindowLab { bits: Rc::new(bits), generated, p, length, seed, window, r, t };
        (lab, notices)
    }

    /// A generated stream always writes its length, so that the link says it is generated; a
    /// typed one writes its bits whenever it writes `p` or `length`, for the same reason.
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let generator = P.pair(self.p).is_some() || LENGTH.pair(self.length).is_some();
        let typed_out = !self.generated && (generator || self.bits_text() != DEFAULT_BITS);
        let bits = typed_out.then(|| (BITS.name, encode(&self.bits_text())));
        let length = (self.generated || generator).then(|| (LENGTH.name, self.length.to_string()));
        let t = (self.t != self.len()).then(|| (T.name, self.t.to_string()));
        [bits, P.pair(self.p), length, SEED.pair(self.seed), N.pair(self.window), R.pair(self.r as u64), t]
            .into_iter()
            .flatten()
            .collect()
    }
}
