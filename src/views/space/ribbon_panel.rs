//! The ribbon panel: the typed keys' rows in a band of width w, the elimination key by key and
//! the back-substitution as steps (the step is the panel's own, not in the link), a failed build,
//! and the space a chosen chance of failure asks for.

use std::rc::Rc;

use yew::prelude::*;

use crate::views::space::chart_panel::{pct, OnFields};
use crate::widgets::inputs::example_form::{ExampleForm, Field};
use bloomlab_core::engine::ribbon::{Outcome, Row};
use bloomlab_core::labs::space::params::W;
use bloomlab_core::labs::space::walk::{FailedBuild, WALK_ATTEMPTS, WALK_OVERHEAD};
use bloomlab_core::labs::space::{RibbonPanel, RibbonStep, SpaceLab};
use bloomlab_core::text::{count_of, group_digits, ordinal, shorten, trim_float};

/// The chances of failure per seed the space is asked for, and the seeds each is measured over.
const CHANCES: [f64; 3] = [0.5, 0.1, 0.01];
const SEEDS: u32 = 100;
/// The band is drawn for at most this many keys and slots.
const DRAWN_KEYS: usize = 40;
const DRAWN_SLOTS: usize = 64;

#[derive(Properties, Clone)]
pub struct RibbonWalkProps {
    pub lab: Rc<SpaceLab>,
    pub on_submit: OnFields,
}

impl PartialEq for RibbonWalkProps {
    /// The callback is new on every render of the view; only the model matters.
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.lab, &other.lab)
    }
}

fn bits(coeff: u64, w: u32) -> String {
    Row { start: 0, coeff, result: 0 }.bits(w)
}

fn result(v: u64, r: u32) -> String {
    format!("{v:0width$b}", width = r as usize)
}

fn name(keys: &[String], i: usize) -> String {
    keys.get(i).map_or_else(|| format!("key {i}"), |k| format!("“{}”", shorten(k, 40)))
}

/// What step `step` did (0: the rows as hashed).
fn narration(rib: &RibbonPanel, keys: &[String], step: usize) -> String {
    let (w, r, m) = (rib.params.width(), rib.params.result_bits(), rib.params.slots());
    let Some(s) = step.checked_sub(1).and_then(|i| rib.steps.get(i)) else {
        return format!(
            "Each key hashes to a row: a start s from 0 to {}, w = {w} coefficient bits from there (bit 0 always 1) and an \
             r = {r} bit result. The filter is a solution Z of {m} rows of {r} bits such that for every key the XOR of the rows \
             Z[s + j] its coefficients pick equals its result. Each row is put in as it comes (Gaussian elimination on the fly).",
            m.saturating_sub(w as usize)
        );
    };
    match *s {
        RibbonStep::Arrive(i) => {
            let Some(t) = rib.trace.inserts.get(i) else { return String::new() };
            let slot = if t.steps.is_empty() { "is free" } else { "already holds a row whose leading 1 is there" };
            format!(
                "{} arrives: start {}, coefficients {}, result {}. Slot {} {slot}.",
                name(keys, i),
                t.row.start,
                t.row.bits(w),
                result(t.row.result, r),
                t.row.start
            )
        }
        RibbonStep::Xor(i, j) => {
            let Some(b) = rib.trace.inserts.get(i).and_then(|t| t.steps.get(j)) else { return String::new() };
            let then = if b.xor_coeff == 0 {
                "Nothing is left of its coefficients.".to_string()
            } else {
                format!("Its first 1 is {} further on: it moves to slot {}.", b.shift, b.slot + b.shift as usize)
            };
            format!(
                "Slot {} is taken: {}'s row {} ⊕ the stored {} = {}, result {} ⊕ {} = {}. {then}",
                b.slot,
                name(keys, i),
                bits(b.coeff, w),
                bits(b.stored_coeff, w),
                bits(b.xor_coeff, w),
                result(b.result, r),
                result(b.stored_result, r),
                result(b.xor_result, r)
            )
        }
        RibbonStep::Settle(i) => settled(rib, keys, i),
        RibbonStep::Back(j) => {
            let Some(b) = rib.trace.back.get(j) else { return String::new() };
            let Some((_, stored)) = b.stored else {
                return format!(
                    "Back-substitution, row {}: no row is stored there, a free column: Z[{}] = {}.",
                    b.row,
                    b.row,
                    result(0, r)
                );
            };
            let terms: Vec<String> = b.terms.iter().map(|(k, v)| format!(" ⊕ Z[{k}] ({})", result(*v, r))).collect();
            if terms.is_empty() {
                return format!(
                    "Back-substitution, row {}: its stored row has no other 1, so Z[{}] = its result, {}.",
                    b.row,
                    b.row,
                    result(b.value, r)
                );
            }
            format!("Back-substitution, row {}: Z[{}] = its stored result {}{} = {}, XORing in the rows already solved that its \
                stored row has a 1 in.", b.row, b.row, result(stored, r), terms.concat(), result(b.value, r))
        }
    }
}

fn settled(rib: &RibbonPanel, keys: &[String], i: usize) -> String {
    let key = name(keys, i);
    match rib.outcome(i) {
        Some(Outcome::Stored(s)) => format!("{key}'s row is stored in slot {s}: its leading 1 is column {s}."),
        Some(Outcome::Redundant) => format!(
            "{key}'s row became all zero with result 0: a combination of the rows stored, \
            nothing to store (the solution satisfies it anyway)."
        ),
        Some(Outcome::Failed) => format!(
            "{key}'s row became all zero with a result that is not 0: the equations contradict each \
            other and have no solution with this seed. The build fails."
        ),
        Some(Outcome::OutOfRange) => format!("{key}'s row reaches past the last slot."),
        None => String::new(),
    }
}

/// The band: each key's row at the step, the row the step is about marked (the `ribbon-rows` hook).
fn band(lab: &SpaceLab, rib: &RibbonPanel, step: usize) -> Html {
    let (w, m) = (rib.params.width() as usize, rib.params.slots());
    let rows = rib.rows_at(step, &lab.keys);
    let current = step.checked_sub(1).and_then(|i| rib.steps.get(i)).and_then(|s| match *s {
        RibbonStep::Arrive(i) | RibbonStep::Xor(i, _) | RibbonStep::Settle(i) => Some(i),
        RibbonStep::Back(_) => None,
    });
    let settled = |i: usize| rib.steps.iter().take(step).any(|s| *s == RibbonStep::Settle(i));
    let drawn = lab.keys.len() <= DRAWN_KEYS && m <= DRAWN_SLOTS;
    let body = drawn.then(|| {
        rows.iter()
            .enumerate()
            .map(|(i, row)| {
                let line: String = (0..m)
                    .map(|j| match j.checked_sub(row.start).filter(|d| *d < w) {
                        Some(d) => {
                            if row.coeff >> d & 1 == 1 {
                                '1'
                            } else {
                                '0'
                            }
                        }
                        None => '·',
                    })
                    .collect();
                let state = match rib.outcome(i).filter(|_| settled(i)) {
                    Some(Outcome::Stored(s)) => format!("slot {s}"),
                    Some(Outcome::Redundant) => "redundant".to_string(),
                    Some(Outcome::Failed | Outcome::OutOfRange) => "failed".to_string(),
                    None => String::new(),
                };
                html! {
                    <tr class={classes!((current == Some(i)).then_some("current"))}>
                        <th scope="row">{ lab.keys.get(i).map(|k| shorten(k, 20)).unwrap_or_default() }</th>
                        <td class="num">{ row.start }</td><td class="mono">{ line }</td>
                        <td class="mono">{ result(row.result, rib.params.result_bits()) }</td><td>{ state }</td>
                    </tr>
                }
            })
            .collect::<Html>()
    });
    html! {
        <div class="table-scroll" data-testid="ribbon-rows" data-rows={lab.ribbon_rows(step)} data-step={step.to_string()} tabindex="0">
            if let Some(body) = body {
                <table class="data-table ribbon-band" aria-label="each key's row: its start, its coefficients across the slots, its result">
                    <thead><tr><th scope="col">{"key"}</th><th scope="col">{"start"}</th>
                        <th scope="col">{ format!("columns 0 to {}", m.saturating_sub(1)) }</th><th scope="col">{"result"}</th><th scope="col">{"ended in"}</th></tr></thead>
                    <tbody>{ body }</tbody>
                </table>
            } else {
                <p>{ format!("{} keys in {} slots: too many to draw (at most {DRAWN_KEYS} keys and {DRAWN_SLOTS} slots).", lab.keys.len(), m) }</p>
            }
        </div>
    }
}

/// The solution rows computed so far by the back-substitution (the `ribbon-solution` hook).
fn solution(rib: &RibbonPanel, step: usize) -> Html {
    let done = rib.steps.iter().take(step).filter(|s| matches!(s, RibbonStep::Back(_))).count();
    if done == 0 {
        return html! {};
    }
    let mut z: Vec<Option<u64>> = vec![None; rib.params.slots()];
    for b in rib.trace.back.iter().take(done) {
        if let Some(v) = z.get_mut(b.row) {
            *v = Some(b.value);
        }
    }
    let r = rib.params.result_bits();
    let text: Vec<String> = z.iter().map(|v| v.map_or("·".to_string(), |v| result(v, r))).collect();
    let hook: Vec<String> = z.iter().map(|v| v.map_or("-".to_string(), |v| v.to_string())).collect();
    html! { <p class="mono" data-testid="ribbon-solution" data-values={hook.join(",")}>{ format!("Z = {}", text.join(" ")) }</p> }
}

/// The build shown: the seed that worked, or none did (the `ribbon-built` hook).
fn built_line(rib: &RibbonPanel, keys: usize) -> Html {
    let text = if rib.built() {
        format!(
            "{} in m = {} slots (⌈{}·n⌉, at least w = {}): built with the {} seed tried (seed {}; a seed that fails \
            is retried with s + a·G).",
            count_of(keys as u64, "key", "keys"),
            rib.params.slots(),
            trim_float(1.0 + WALK_OVERHEAD, 2),
            rib.params.width(),
            ordinal(u64::from(rib.attempts)),
            rib.seed
        )
    } else {
        format!(
            "None of {WALK_ATTEMPTS} seeds worked with {} slots: the steps show the last one failing.",
            rib.params.slots()
        )
    };
    html! {
        <p class={classes!("verdict", if rib.built() { "member" } else { "false-positive" })} data-testid="ribbon-built"
            data-built={rib.built().to_string()} data-attempts={rib.attempts.to_string()} data-seed={rib.seed.to_string()}
            data-slots={rib.params.slots().to_string()}>{ text }</p>
    }
}

/// A build that failed: the key that failed and its XORs (the `ribbon-failed` hook).
fn failed(f: &FailedBuild, keys: &[String], shown: &RibbonPanel) -> Html {
    let Some(last) = f.trace.inserts.last() else { return html! {} };
    let i = f.trace.inserts.len() - 1;
    let (w, r) = (f.params.width(), f.params.result_bits());
    let room =
        if f.params.slots() == shown.params.slots() { "as many as above" } else { "no room to spare: m = max(n, w)" };
    let xors = last.steps.iter().map(|b| html! {
        <li class="mono">{ format!("slot {}: {} ⊕ {} = {}, result {}", b.slot, bits(b.coeff, w), bits(b.stored_coeff, w),
            bits(b.xor_coeff, w), result(b.xor_result, r)) }</li>
    });
    html! {
        <div data-testid="ribbon-failed" data-seed={f.seed.to_string()} data-slots={f.params.slots().to_string()} data-key={i.to_string()}>
            <p>{ format!("A build that fails: seed {}, {} slots ({room}). The first {} in; the {} key, {}, arrives at slot {} with \
                result {} and meets stored rows until nothing is left of its coefficients but its result is not 0:", f.seed,
                f.params.slots(), count_of(i as u64, "key goes", "keys go"), ordinal(i as u64 + 1), name(keys, i), last.row.start, result(last.row.result, r)) }</p>
            <ol>{ for xors }</ol>
        </div>
    }
}

/// The space a chance of failure asks for, measured (the `ribbon-space` hook).
fn space_line(space: Option<bloomlab_core::labs::space::SpaceAt>, chance: f64, rib: &RibbonPanel, keys: usize) -> Html {
    let r = rib.params.result_bits();
    let text = match space {
        Some(s) => format!(
            "For {} with w = {} and r = {r}, the least room with at most {} of seeds failing is ε = {}: {} \
            slots, {} bits a key, {} % over the r = {r} bits a key of the bound for 2^−{r} ({} of {} seeds failed).",
            count_of(keys as u64, "key", "keys"),
            rib.params.width(),
            pct(chance),
            trim_float(s.overhead, 2),
            group_digits(s.slots as u64),
            trim_float(s.bits_per_key, 2),
            trim_float((s.bits_per_key / f64::from(r) - 1.0) * 100.0, 0),
            s.failed,
            s.seeds
        ),
        None => format!(
            "No room from ε = 0 to 2 keeps the failures to {} of {SEEDS} seeds with w = {}.",
            pct(chance),
            rib.params.width()
        ),
    };
    html! {
        <p data-testid="ribbon-space" data-chance={chance.to_string()} data-overhead={space.map(|s| s.overhead.to_string())}
            data-slots={space.map(|s| s.slots.to_string())} data-bits-per-key={space.map(|s| s.bits_per_key.to_string())}
            data-failed={space.map(|s| s.failed.to_string())} data-seeds={SEEDS.to_string()}>{ text }</p>
    }
}

#[function_component(RibbonWalk)]
pub fn ribbon_walk(props: &RibbonWalkProps) -> Html {
    let lab = props.lab.clone();
    let at = use_state(|| (lab.ribbon.clone(), 0usize));
    let chance = use_state(|| 1usize);
    let space = use_memo((lab.ribbon.clone(), lab.keys.len(), *chance), |(rib, n, c)| {
        rib.as_ref().and_then(|r| r.space_at(*n, CHANCES.get(*c).copied().unwrap_or(0.1), SEEDS))
    });
    let form = html! {
        <ExampleForm title="The band" button="Eliminate" button_testid="ribbon-apply" on_submit={props.on_submit.clone()}
            fields={vec![Field::declared(&W, "w-input", &format!("band width w ({} to {})", W.min, W.max), lab.w.to_string())]} />
    };
    let Some(rib) = lab.ribbon.clone() else {
        return html! { <section class="panel"><h2>{"A ribbon filter, row by row"}</h2><p>{"The ribbon core refused this shape."}</p>{ form }</section> };
    };
    let steps = rib.steps.len();
    let step = if at.0 == lab.ribbon { at.1.min(steps) } else { 0 };
    let go = |to: usize| {
        let (at, rib) = (at.clone(), lab.ribbon.clone());
        Callback::from(move |_: MouseEvent| at.set((rib.clone(), to)))
    };
    let pick = |i: usize| {
        let chance = chance.clone();
        Callback::from(move |_: MouseEvent| chance.set(i))
    };
    html! {
        <section class="panel" aria-labelledby="ribbon-title">
            <h2 id="ribbon-title">{"A ribbon filter, row by row"}</h2>
            { built_line(&rib, lab.keys.len()) }
            <p class="ribbon-controls">
                <button type="button" class="button" data-testid="ribbon-prev" disabled={step == 0} onclick={go(step.saturating_sub(1))}>{"← Previous"}</button>
                { format!(" Step {step} of {steps} ") }
                <button type="button" class="button" data-testid="ribbon-next" disabled={step >= steps} onclick={go((step + 1).min(steps))}>{"Next →"}</button>
            </p>
            <p class="narration" data-testid="ribbon-narration">{ narration(&rib, &lab.keys, step) }</p>
            { band(&lab, &rib, step) }
            { solution(&rib, step) }
            if let Some(f) = &rib.failed { { failed(f, &lab.keys, &rib) } }
            <p class="ribbon-controls">{"Chance of failure per seed: "}
                { for CHANCES.iter().enumerate().map(|(i, c)| html! {
                    <button type="button" class={classes!("button", "small", (i == *chance).then_some("primary"))} aria-pressed={(i == *chance).to_string()} onclick={pick(i)}>{ pct(*c) }</button>
                }) }
            </p>
            { space_line(*space, CHANCES.get(*chance).copied().unwrap_or(0.1), &rib, lab.keys.len()) }
            { form }
        </section>
    }
}
