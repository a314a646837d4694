//! The φ-heavy hitters — items occurring more than φN times — against what Misra–Gries and
//! SpaceSaving report.
//!
//! - Misra–Gries with k counters reports the items it keeps whose count is above
//!   φN − N/(k+1): a count is at most N/(k+1) below the truth, so no φ-heavy hitter is missed
//!   when φ ≥ 1/(k+1) (a heavier item always has a counter); items a little lighter may be
//!   reported too.
//! - SpaceSaving with k counters reports the items whose count is above φN: a count is never
//!   below the truth, and an item heavier than N/k always has a counter, so none is missed when
//!   φ ≥ 1/k. Those whose count minus error is above φN are certainly heavy.
//!
//! The view uses φ = 1/k (`default_phi`), where both reports are complete.

use super::feed::Summaries;
use super::stream::{most_frequent_first, Stream};

/// The φ the view checks with k counters: 1/k.
pub fn default_phi(k: usize) -> f64 {
    1.0 / k.max(1) as f64
}

/// One report against the truth.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Reported item ids, largest count first.
    pub found: Vec<u32>,
    /// Heavy hitters not reported.
    pub missed: Vec<u32>,
    /// Reported items that are not heavy hitters.
    pub extra: Vec<u32>,
}

impl Report {
    fn against(found: Vec<u32>, truth: &[u32]) -> Report {
        let missed = truth.iter().copied().filter(|t| !found.contains(t)).collect();
        let extra = found.iter().copied().filter(|f| !truth.contains(f)).collect();
        Report { found, missed, extra }
    }
}

/// The φ-heavy hitters and both summaries' reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Hitters {
    pub phi: f64,
    /// φN.
    pub threshold: f64,
    /// The true heavy hitters, most frequent first (ties by id).
    pub truth: Vec<u32>,
    pub mg: Report,
    pub ss: Report,
    /// SpaceSaving's items certainly heavy (count − error above φN).
    pub ss_certain: Vec<u32>,
}

/// The φ-heavy hitters of the first N arrivals of `stream` (N = the summaries' arrivals) and the
/// summaries' reports. A φ that is not a number above 0 is read as 1/k.
pub fn heavy_hitters(stream: &Stream, summaries: &Summaries, phi: f64) -> Hitters {
    let k = summaries.mg.k();
    let phi = if phi.is_finite() && phi > 0.0 { phi } else { default_phi(k) };
    let n = summaries.mg.n();
    let threshold = phi * n as f64;
    // The true counts of the arrivals fed so far.
    let mut counts = vec![0u64; stream.names().len()];
    for &id in stream.ids().iter().take(n as usize) {
        if let Some(c) = counts.get_mut(id as usize) {
            *c += 1;
        }
    }
    let truth = most_frequent_first(
        counts.iter().enumerate().filter(|&(_, &c)| c as f64 > threshold).map(|(i, &c)| (c, i as u32)).collect(),
    );
    let slack = summaries.mg.slack();
    let mg = most_frequent_first(
        summaries.mg.counters().iter().filter(|&&(_, c)| c as f64 > threshold - slack).map(|&(i, c)| (c, i)).collect(),
    );
    let ss = summaries.ss.counters();
    let ss_found = ss.iter().filter(|c| c.count as f64 > threshold).map(|c| c.item).collect();
    let ss_certain = ss.iter().filter(|c| c.count.saturating_sub(c.error) as f64 > threshold).map(|c| c.item).collect();
    Hitters {
        phi,
        threshold,
        mg: Report::against(mg, &truth),
        ss: Report::against(ss_found, &truth),
        ss_certain,
        truth,
    }
}
