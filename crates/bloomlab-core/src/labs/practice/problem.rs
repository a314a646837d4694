//! The problem of any exercise: the table of drills, one row per exercise naming its problem's
//! type (a `Drill`, written in the exercise's own module under `exercises/`) and the build that
//! has it. The enum of problems and its methods come from the table (`drill::drills!`); each
//! problem's steps are computed by the same core code as the views, and its data is JSON for the
//! `practice-problem` hook.

use super::drill::{drills, Drill};
pub use super::exercise::Exercise;
use super::exercises::ams::AmsProblem;
use super::exercises::bloom::{BloomInsertProblem, BloomLookupProblem};
use super::exercises::cm_update::CmProblem;
use super::exercises::counting::CountingProblem;
use super::exercises::dgim::DgimProblem;
use super::exercises::fm::FmProblem;
use super::exercises::formula::FormulaProblem;
use super::exercises::hll::HllProblem;
use super::exercises::misra_gries::MgProblem;
use super::exercises::quotient_insert::QuotientInsertProblem;
use super::exercises::reservoir::ReservoirProblem;
use super::exercises::sampling::SamplingProblem;
use super::exercises::xor::XorProblem;
use super::exercises::xor_peel::XorPeelProblem;
use super::step::{Answer, Bare, DrillStep, Mistake, Worded, Words};

// The table of drills: `Exercise => Problem's variant(the drill's type)`, in `Exercise`'s order,
// each row compiled only in the builds with its feature (the filter chapters' drills on
// `bloomlab-practice`, the streams chapters' on `bloomlab-practice-streams`: `exercise.rs`).
drills! {
    #[cfg(feature = "filter-drills")] BloomInsert => Insert(BloomInsertProblem),
    #[cfg(feature = "filter-drills")] BloomLookup => Lookup(BloomLookupProblem),
    #[cfg(feature = "stream-drills")] Fm => Fm(FmProblem),
    #[cfg(feature = "filter-drills")] FpFormula => Formula(FormulaProblem),
    #[cfg(feature = "filter-drills")] Counting => Counting(CountingProblem),
    #[cfg(feature = "filter-drills")] MlbfXor => Xor(XorProblem),
    #[cfg(feature = "stream-drills")] Hll => Hll(HllProblem),
    #[cfg(feature = "stream-drills")] Ams => Ams(AmsProblem),
    #[cfg(feature = "stream-drills")] Reservoir => Reservoir(ReservoirProblem),
    #[cfg(feature = "stream-drills")] Sampling => Sampling(SamplingProblem),
    #[cfg(feature = "stream-drills")] CmUpdate => CountMin(CmProblem),
    #[cfg(feature = "stream-drills")] MisraGries => MisraGries(MgProblem),
    #[cfg(feature = "stream-drills")] Dgim => Dgim(DgimProblem),
    #[cfg(feature = "filter-drills")] XorPeel => XorPeel(XorPeelProblem),
    #[cfg(feature = "filter-drills")] QuotientInsert => QuotientInsert(QuotientInsertProblem),
}

/// `s` as a JSON string.
pub fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The numbers `v`, separated by commas.
pub fn list(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

impl Problem {
    /// Step `i`, given the answers accepted for the steps before it (a filter's bits carry over
    /// from the last accepted array; R and the estimate follow the student's own earlier answers),
    /// with its words: what the practice view shows.
    pub fn step(&self, i: usize, prior: &[Answer]) -> DrillStep {
        self.step_as(i, prior, Worded)
    }

    /// Step `i` as `step` builds it, without its words: what grading needs, and all it needs.
    pub fn bare_step(&self, i: usize, prior: &[Answer]) -> DrillStep {
        self.step_as(i, prior, Bare)
    }
}

#[cfg(test)]
#[test]
fn each_drill_is_built_with_its_exercises_chapters() {
    for e in Exercise::ALL {
        let chapters = if Exercise::STREAMS.contains(&e) { "stream-drills" } else { "filter-drills" };
        assert_eq!(feature_of(e), chapters, "{e:?}: the table of drills and the table of exercises");
    }
}
