//! One exercise builder per topic: the data drawn from the sheet's generator, the question, the
//! answer computed by the core, the working and the link to the view that shows it. The Bloom
//! filter chapter's topics are in `filters`, the streams chapter's in `streams`, the frequencies chapter's in `frequencies`, the filters built once in `built`.

mod built;
mod filters;
mod frequencies;
mod streams;

use super::{SheetQuestion, Topic};
use crate::engine::filter::Trace;
use crate::engine::hashing::HashFamily;
use crate::lectures::stepper::STEP;
use crate::lectures::ullman::BinarySplit;
use crate::link::page::declared::FOCUS;
use crate::link::page::{Panel, STEP_PANEL};
use crate::link::query;

/// Question `index` of `topic` at difficulty `level` (1 to 3), drawn from `rng`.
pub(super) fn make(topic: Topic, index: usize, level: u64, rng: &mut fastrand::Rng) -> SheetQuestion {
    let big = level as usize;
    let build = match topic {
        Topic::Bloom => filters::bloom,
        Topic::Fp => filters::fp,
        Topic::Counting => filters::counting,
        Topic::Mlbf => filters::mlbf,
        Topic::Fm => streams::fm,
        Topic::Ams => streams::ams,
        Topic::Sampling => streams::sampling,
        Topic::Reservoir => streams::reservoir,
        Topic::Lookup => filters::lookup,
        Topic::Dgim => streams::dgim,
        Topic::CountMin => frequencies::count_min,
        Topic::HeavyHitters => frequencies::heavy_hitters,
        Topic::XorPeel => built::xor_peel,
        Topic::QuotientInsert => built::quotient_insert,
    };
    build(index, big, rng)
}

/// The index of the last of a walkthrough's `steps` that `shows` the answer (0 when none does).
fn last_step<T>(steps: &[T], shows: impl Fn(&T) -> bool) -> usize {
    steps.iter().rposition(shows).unwrap_or(0)
}

/// The index of the first of a walkthrough's `steps` that `shows` the answer (0 when none does).
fn first_step<T>(steps: &[T], shows: impl Fn(&T) -> bool) -> usize {
    steps.iter().position(shows).unwrap_or(0)
}

/// A link to a walkthrough (`pairs`, the view first) at `step`, scrolled to the step's panel.
fn walkthrough_link(mut pairs: Vec<(&str, String)>, step: usize) -> String {
    pairs.push((STEP.name, step.to_string()));
    panel_link(pairs, STEP_PANEL)
}

/// A link to a view without steps (`pairs`, the view first), scrolled to its panel `focus`.
fn panel_link(mut pairs: Vec<(&str, String)>, focus: Panel) -> String {
    pairs.push((FOCUS.name, focus.name.into()));
    query::build(&pairs)
}

/// How an item's hashes give its positions, as the views' traces compute them: each hash's
/// value (for the lecture's hashes, the binary digits it reads first) and, when it is m or
/// more, the value mod m.
fn hashes_text(family: HashFamily, m: u64, t: &Trace) -> String {
    let split = match family {
        HashFamily::Ullman => t.item.parse().ok().map(BinarySplit::of),
        _ => None,
    };
    let parts: Vec<String> = t
        .steps
        .iter()
        .map(|s| {
            let digits = split.as_ref().map_or(String::new(), |b| {
                let d = if s.index == 0 { &b.odd_digits } else { &b.even_digits };
                format!("{}₂ = ", if d.is_empty() { "0" } else { d })
            });
            let reduced = if s.raw >= m { format!(" → {} mod {m} = {}", s.raw, s.position) } else { String::new() };
            format!("{} = {digits}{}{reduced}", family.label(s.index), s.raw)
        })
        .collect();
    let head = match &split {
        Some(b) => format!("{} = {}₂: ", b.x, b.binary()),
        None => format!("{}: ", t.item),
    };
    head + &parts.join(", ")
}

/// Numbers as "5", "5 and 2", "5, 2 and 7".
fn and_list(v: &[u64]) -> String {
    match v {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => {
            format!("{} and {last}", rest.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "))
        }
    }
}
