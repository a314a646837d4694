//! The streams chapter's exercises: Flajolet–Martin, the AMS estimate, sampling by position,
//! reservoir sampling and DGIM's buckets.

use super::super::{list, shown, KeyLine, SheetQuestion, Topic};
use super::{first_step, last_step, panel_link, walkthrough_link};
use crate::engine::moments::ams::{fraction_value, mean, variables};
use crate::engine::moments::reservoir::{self, Arrival};
use crate::engine::moments::stream::TokenStream;
use crate::engine::stats::sort_short;
use crate::engine::streams::dgim::{Bucket, Dgim};
use crate::labs::moments::DEFAULT_SEED;
use crate::labs::sampling::theory::repeated_in_sample;
use crate::labs::window::params::{BITS, N};
use crate::labs::{distinct, moments, sampling};
use crate::lectures::dgim::{buckets_list, estimate_sentence};
use crate::lectures::distinct::{estimate, rows, steps, StepKind as FmStep};
use crate::lectures::moments::{step_kinds, StepKind as AmsStep};
use crate::lectures::sampling::STEPS;
use crate::link::page::STEP_PANEL;
use crate::link::query;
use crate::link::views::View;

/// The longest tail and the Flajolet–Martin estimate for a short stream.
pub(super) fn fm(index: usize, big: usize, rng: &mut fastrand::Rng) -> SheetQuestion {
    let w = [5u32, 6, 8][big - 1];
    let stream: Vec<u64> = (0..6 + 2 * big).map(|_| rng.u64(0..20)).collect();
    let (a, b) = (2 * rng.u64(0..8) + 1, rng.u64(0..16));
    let r = rows(&stream, &[(a, b)], w);
    let last = r[0].last().map_or(0, |x| x.r);
    let step = first_step(&steps(&stream, false), |s| s.kind == FmStep::Summary);
    SheetQuestion {
        topic: Topic::Fm,
        index,
        question: format!(
            "The stream {} is hashed by h(x) = ({a}x + {b}) mod 2^{w}. Write each h(x) in {w} binary digits and count its trailing 0s (its tail length). What is the largest tail R, and what does Flajolet–Martin estimate, 2^R?",
            shown(&stream)
        ),
        data: vec![("stream", list(&stream)), ("a", a.to_string()), ("b", b.to_string()), ("w", w.to_string())],
        answer: estimate(last).to_string(),
        working: format!("Tail lengths: {}; R = {last}.", shown(&r[0].iter().map(|x| x.tail).collect::<Vec<_>>())),
        lines: Vec::new(),
        link: walkthrough_link(
            View::Distinct.pairs(vec![(distinct::STREAM.name, list(&stream)), (distinct::HASHES.name, format!("{a}:{b}")), (distinct::W.name, w.to_string())]),
            step,
        ),
    }
}

/// The mean of a few AMS variables, the estimate of the second moment.
pub(super) fn ams(index: usize, big: usize, rng: &mut fastrand::Rng) -> SheetQuestion {
    let letters = ["a", "b", "c", "d", "e"];
    let n = 8 + 3 * big;
    let tokens: Vec<String> = (0..n).map(|_| letters[rng.usize(0..2 + big)].to_string()).collect();
    let mut positions: Vec<usize> = (0..3).map(|_| rng.usize(1..=n)).collect();
    sort_short(&mut positions);
    positions.dedup();
    let s = TokenStream::new(tokens.clone());
    let vars = variables(&s, &positions, n, 2);
    let est = mean(&vars).map(fraction_value).unwrap_or(0.0);
    // The link leaves the seed at the moments view's default; its reservoir's arrivals follow.
    let arrivals = reservoir::run(n, positions.len(), DEFAULT_SEED).1.len();
    let step = first_step(&step_kinds(n, arrivals), |k| *k == AmsStep::Estimate);
    SheetQuestion {
        topic: Topic::Ams,
        index,
        question: format!(
            "The stream {} has n = {n} elements. AMS variables start at positions {} (1-based): each remembers its element and counts it from there on. With X = n(2·count − 1), what is the mean of the variables' X, the estimate of the second moment?",
            shown(&tokens),
            shown(&positions)
        ),
        data: vec![("stream", query::encode_list(&tokens)), ("positions", list(&positions))],
        answer: est.to_string(),
        working: format!(
            "Counts {}; X = {}. The walkthrough calls the count v and writes X = n(v² − (v − 1)²): since (v − 1)² = v² − 2v + 1, that difference is 2v − 1, so it is the same X = n(2·count − 1).",
            shown(&vars.iter().map(|v| v.count).collect::<Vec<_>>()),
            shown(&vars.iter().map(|v| v.value).collect::<Vec<_>>())
        ),
        lines: Vec::new(),
        link: walkthrough_link(
            View::Moments.pairs(vec![(moments::STREAM.name, query::encode_list(&tokens)), (moments::POSITIONS.name, list(&positions))]),
            step,
        ),
    }
}

/// The share of repeated queries in a sample of positions.
pub(super) fn sampling(index: usize, big: usize, rng: &mut fastrand::Rng) -> SheetQuestion {
    let s = rng.u64(1..20) * 100;
    let d = rng.u64(1..20) * 50;
    let rate = [0.1, 0.2, 0.25][big - 1];
    let step = first_step(&STEPS, |t| t.starts_with("What the sample reports"));
    SheetQuestion {
        topic: Topic::Sampling,
        index,
        question: format!(
            "A stream holds {s} queries asked once and {d} asked twice. Each position is kept in a sample with chance {rate}. Among the distinct queries in the sample, what fraction do you expect to appear twice in it?"
        ),
        data: vec![("a", s.to_string()), ("b", d.to_string()), ("rate", rate.to_string())],
        answer: repeated_in_sample(s, d, rate).to_string(),
        working: format!("d·r / (s + d(2 − r)) = {d}·{rate} / ({s} + {d}·{})", 2.0 - rate),
        lines: Vec::new(),
        link: walkthrough_link(
            View::Sampling.pairs(vec![(sampling::S.name, s.to_string()), (sampling::D.name, d.to_string()), (sampling::RATE.name, rate.to_string())]),
            step,
        ),
    }
}

/// How far a draw must be from its chance s/i: then the draw written with 3 decimals, and the
/// chance worked out to 3, decide as the exact numbers do.
const CLEAR_DRAW: f64 = 0.002;

/// The first of 64 seeds from `start` on whose reservoir run over n positions with s slots has
/// every draw clear of its chance, an element chosen and one passed over; `start` when none has.
fn clear_seed(n: usize, s: usize, start: u64) -> u64 {
    let clear = |seed: u64| {
        let (_, arrivals) = reservoir::run(n, s, seed);
        arrivals.iter().all(|a| (a.draw - a.chance).abs() >= CLEAR_DRAW)
            && arrivals.iter().any(|a| a.replaced.is_some())
            && arrivals.iter().any(|a| a.replaced.is_none())
    };
    (0..64).map(|t| start.wrapping_add(t)).find(|&seed| clear(seed)).unwrap_or(start)
}

/// One arrival of the key: its chance, its draw, and the slot it takes.
fn arrival_line(a: &Arrival, s: usize, tokens: &[String], before: &[usize]) -> KeyLine {
    let verdict = match a.replaced {
        Some(j) => format!(
            "{:.3} is below it: chosen, it takes slot {} (position {} leaves)",
            a.draw,
            j + 1,
            before.get(j).copied().unwrap_or(0)
        ),
        None => format!("{:.3} is not below it: passed over", a.draw),
    };
    KeyLine {
        text: format!(
            "position {} ({}): chance {s}/{} = {:.3}; draw {verdict}; the slots hold {}",
            a.position,
            tokens.get(a.position - 1).map_or("", |t| t.as_str()),
            a.position,
            a.chance,
            shown(&a.slots)
        ),
        data: vec![
            ("position", a.position.to_string()),
            ("draw", format!("{:.3}", a.draw)),
            ("slot", a.replaced.map_or(String::new(), |j| (j + 1).to_string())),
            ("positions", list(&a.slots)),
        ],
    }
}

/// Which positions a reservoir of s slots holds at the end, from each arrival's draw and the
/// slot picks of the chosen ones (the moments walkthrough's reservoir, from the same seed).
pub(super) fn reservoir(index: usize, big: usize, rng: &mut fastrand::Rng) -> SheetQuestion {
    let letters = ["a", "b", "c", "d"];
    let (n, s) = ([10, 12, 14][big - 1], [2, 3, 3][big - 1]);
    let tokens: Vec<String> = (0..n).map(|_| letters[rng.usize(0..letters.len())].to_string()).collect();
    let seed = clear_seed(n, s, rng.u64(..));
    let (first, arrivals) = reservoir::run(n, s, seed);
    let draws: Vec<String> = arrivals.iter().map(|a| format!("{:.3}", a.draw)).collect();
    let picks: Vec<usize> = arrivals.iter().filter_map(|a| a.replaced.map(|j| j + 1)).collect();
    let held = arrivals.last().map_or(first.clone(), |a| a.slots.clone());
    let mut before = first.clone();
    let mut lines = Vec::new();
    for a in &arrivals {
        lines.push(arrival_line(a, s, &tokens, &before));
        before.clone_from(&a.slots);
    }
    let variables: Vec<usize> = (1..=s).collect();
    let step = last_step(&step_kinds(n, arrivals.len()), |k| matches!(k, AmsStep::ReservoirArrival(_)));
    let elements: Vec<&str> = held.iter().map(|&p| tokens[p - 1].as_str()).collect();
    SheetQuestion {
        topic: Topic::Reservoir,
        index,
        question: format!(
            "A reservoir of s = {s} slots samples the stream {} (positions 1 to {n}). Positions 1 to {s} fill slots 1 to {s}. From then on the element at position i is chosen when its draw is below s/i, and a chosen element takes the slot named by the next unused slot pick, in place of the position held there. The draws for positions {} to {n} are {}; the slot picks, in turn, are {}. Which position does each slot hold at the end, and which elements are they?",
            shown(&tokens),
            s + 1,
            draws.join(", "),
            shown(&picks)
        ),
        data: vec![
            ("stream", query::encode_list(&tokens)),
            ("s", s.to_string()),
            ("draws", draws.join(",")),
            ("picks", list(&picks)),
        ],
        answer: list(&held),
        working: format!(
            "Element i is chosen when its draw is below s/i; each chosen one takes the next slot pick. At the end the slots hold positions {} (elements {}).",
            shown(&held),
            elements.join(", ")
        ),
        lines,
        link: walkthrough_link(
            View::Moments.pairs(vec![(moments::STREAM.name, query::encode_list(&tokens)),
                (moments::POSITIONS.name, list(&variables)),
                (moments::SEED.name, seed.to_string()),
            ]),
            step,
        ),
    }
}

/// DGIM on a short stream: the buckets after the last bit and the estimate of the 1s in the
/// window (r = 2).
pub(super) fn dgim(index: usize, big: usize, rng: &mut fastrand::Rng) -> SheetQuestion {
    let len = 12 + 4 * big;
    let window = 6 + 2 * big as u64;
    let bits: Vec<bool> = (0..len).map(|_| rng.f64() < 0.6).collect();
    let text = crate::labs::window::bits::text(&bits);
    let mut d = Dgim::new(window, 2);
    bits.iter().for_each(|&b| d.push(b));
    let buckets: Vec<Bucket> = d.buckets().copied().collect();
    let truth = bits[len.saturating_sub(window as usize)..].iter().filter(|&&b| b).count();
    let link =
        panel_link(View::Window.pairs(vec![(BITS.name, text.clone()), (N.name, window.to_string())]), STEP_PANEL);
    SheetQuestion {
        topic: Topic::Dgim,
        index,
        question: format!(
            "The bits {text} arrive one at a time, oldest first, at times 1, 2, 3 …. DGIM counts the 1s among the last N = {window} bits with at most r = 2 buckets of each size (when three share a size, the two oldest merge and keep the newer timestamp; a bucket leaves once its timestamp is ≤ t − N). Which buckets are there after the last bit, and what is the estimate (all sizes but the oldest's, plus half the oldest's)?"
        ),
        data: vec![("bits", text), ("n", window.to_string()), ("r", "2".into())],
        answer: d.estimate().to_string(),
        working: format!(
            "Buckets (size@timestamp, newest first): {}. {}",
            buckets_list(&buckets),
            estimate_sentence(&d, truth as u64)
        ),
        lines: Vec::new(),
        link,
    }
}
