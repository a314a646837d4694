//! Which estimators the page compares (`estimators`) and with how many registers (`registers`):
//! the slides' three ways to combine 2^R and the three register sketches.

use super::combine::Combine;
use super::params::{ESTIMATORS, REGISTERS};
use crate::engine::sketches::{register_bits, Sketch};
use crate::link::notice::Notice;
use crate::link::params::tokens;
use crate::link::query::Query;
use crate::text::shorten;

/// The default register count: as many registers as the slides' recipe has hash functions.
pub const DEFAULT_REGISTERS: u32 = REGISTERS.default as u32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Estimator {
    Slides(Combine),
    Sketch(Sketch),
}

impl Estimator {
    pub const ALL: [Estimator; 6] = [
        Estimator::Slides(Combine::Mean),
        Estimator::Slides(Combine::Median),
        Estimator::Slides(Combine::MedianOfMeans),
        Estimator::Sketch(Sketch::Pcsa),
        Estimator::Sketch(Sketch::LogLog),
        Estimator::Sketch(Sketch::HyperLogLog),
    ];

    pub fn name(self) -> &'static str {
        match self {
            Estimator::Slides(c) => c.name(),
            Estimator::Sketch(s) => s.name(),
        }
    }

    pub fn from_name(name: &str) -> Option<Estimator> {
        Estimator::ALL.into_iter().find(|e| e.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// `estimators`: a list of names (commas or spaces); unknown names are left out with a notice,
/// an empty list means all six.
pub fn read_estimators(q: &Query, notices: &mut Vec<Notice>) -> Vec<Estimator> {
    let Some(raw) = q.raw(ESTIMATORS.name) else { return Estimator::ALL.to_vec() };
    let mut chosen = Vec::new();
    let mut bad = Vec::new();
    for t in tokens(raw).into_iter().map(|t| t.unwrap_or_else(|b| b.raw)) {
        match Estimator::from_name(&t) {
            Some(e) if !chosen.contains(&e) => chosen.push(e),
            Some(_) => {}
            None => bad.push(shorten(&t, 16)),
        }
    }
    if !bad.is_empty() {
        notices.push(Notice::param(
            ESTIMATORS.name,
            format!(
                "estimators: {} is not one of mean, median, median-of-means, pcsa, loglog, hll; left out",
                bad.join(", ")
            ),
        ));
    }
    if chosen.is_empty() {
        notices.push(Notice::param(ESTIMATORS.name, "estimators names none of the six; showing all of them"));
        return Estimator::ALL.to_vec();
    }
    // Shown in the page's order, whatever the link's.
    Estimator::ALL.into_iter().filter(|e| chosen.contains(e)).collect()
}

/// The link's text for `estimators` (empty for all six).
pub fn write_estimators(chosen: &[Estimator]) -> String {
    if chosen == Estimator::ALL {
        return String::new();
    }
    chosen.iter().map(|e| e.name()).collect::<Vec<_>>().join(",")
}

/// The `estimators` field's text once `e` is switched on or off in `chosen` (switching the last
/// one off names none: the reader shows all six, with its notice).
pub fn toggled_text(chosen: &[Estimator], e: Estimator) -> String {
    let list: Vec<&str> =
        Estimator::ALL.iter().filter(|&&x| (x == e) != chosen.contains(&x)).map(|x| x.name()).collect();
    list.join(",")
}

/// `registers`: m, a power of two from 16 to 65,536; anything else becomes the nearest power of
/// two in range, with a notice.
pub fn read_registers(q: &Query, notices: &mut Vec<Notice>) -> u32 {
    let (lo, hi) = (REGISTERS.min, REGISTERS.max);
    let m = REGISTERS.read(q, notices);
    if register_bits(m).is_some() {
        return m as u32;
    }
    let below = 1u64 << m.ilog2();
    let nearest = if m - below <= below * 2 - m { below } else { below * 2 }.clamp(lo, hi);
    notices.push(Notice::param(
        REGISTERS.name,
        format!("registers = {m} is not a power of two (the low bits of a hash pick a register); using {nearest}"),
    ));
    nearest as u32
}
