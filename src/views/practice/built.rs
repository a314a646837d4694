//! The pictures of the filters built once's drills, under their problem: the xor filter's keys
//! (each key's slot in every block and its fingerprint, and when it was peeled once it has been),
//! and the quotient filter's table as it stands before the current insert.

use yew::prelude::*;

use bloomlab_core::labs::practice::exercises::quotient_insert::QuotientInsertProblem;
use bloomlab_core::labs::practice::exercises::xor_peel::{label, XorPeelProblem};
use bloomlab_core::labs::practice::{Practice, Problem};

/// The drill's picture at the current step, or nothing for the other exercises.
pub fn picture(p: &Practice) -> Html {
    let step = p.done.len();
    match &p.problem {
        Problem::XorPeel(x) => xor_keys(x, step),
        Problem::QuotientInsert(q) => qf_table(q, step),
        _ => Html::default(),
    }
}

/// The keys as a table (`practice-xor-keys`): a row per key (`data-key`, `data-slots`,
/// `data-fingerprint`, and `data-peeled`, its place in the peel order, once peeled by step `step`).
fn xor_keys(x: &XorPeelProblem, step: usize) -> Html {
    let order = x.peel();
    let done = step.min(order.len());
    let peeled = |k: usize| order[..done].iter().position(|p| p.0 == k).map(|i| i + 1);
    html! {
        <div class="table-scroll">
            <table class="practice-keys" data-testid="practice-xor-keys">
                <caption class="muted small">{ format!("{} keys; blocks of {} slots", x.keys.len(), x.c) }</caption>
                <thead><tr><th scope="col">{"key"}</th><th scope="col">{"block 0"}</th><th scope="col">{"block 1"}</th>
                    <th scope="col">{"block 2"}</th><th scope="col">{"fingerprint"}</th><th scope="col">{"peeled"}</th></tr></thead>
                <tbody>
                    { for x.keys.iter().enumerate().map(|(k, key)| {
                        let n = peeled(k);
                        let slots = key.slots.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
                        html! {
                            <tr data-key={label(k).to_string()} data-slots={slots} data-fingerprint={key.fingerprint.to_string()}
                                data-peeled={n.map(|n| n.to_string())} class={classes!(n.is_some().then_some("muted"))}>
                                <th scope="row">{ label(k) }</th>
                                { for key.slots.iter().map(|s| html! { <td>{ s }</td> }) }
                                <td>{ key.fingerprint }</td>
                                <td>{ n.map_or(String::new(), |n| format!("{n}{}", ordinal(n))) }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
        </div>
    }
}

/// "st", "nd", "rd" or "th" after `n`.
fn ordinal(n: usize) -> &'static str {
    match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}

/// The table before insert `step / 2` (`practice-qf-table`, `data-slots` as `qf-slots` writes
/// them): a column per slot with its three bits and remainder.
fn qf_table(q: &QuotientInsertProblem, step: usize) -> Html {
    let before = (step / 2).min(q.inserts.len());
    let f = q.table_before(before);
    let bit = |b: bool| if b { "1" } else { "0" };
    let row = |name: &str, cell: &dyn Fn(usize) -> String| {
        html! {
            <tr><th scope="row">{ name.to_string() }</th>{ for (0..f.slots().len()).map(|i| html! { <td>{ cell(i) }</td> }) }</tr>
        }
    };
    let slot = |i: usize| f.slot(i);
    let shown = |i: usize, b: bool| if slot(i).is_empty() { String::new() } else { bit(b).to_string() };
    html! {
        <div class="table-scroll">
            <table class="practice-keys" data-testid="practice-qf-table" data-slots={f.slots_hook()}>
                <caption class="muted small">{ format!("The table before insert {} of {}", before + 1, q.inserts.len()) }</caption>
                { row("slot", &|i| i.to_string()) }
                { row("is_occupied", &|i| bit(slot(i).occupied).to_string()) }
                { row("is_continuation", &|i| shown(i, slot(i).continuation)) }
                { row("is_shifted", &|i| shown(i, slot(i).shifted)) }
                { row("remainder", &|i| if slot(i).is_empty() { "–".to_string() } else { slot(i).remainder.to_string() }) }
            </table>
        </div>
    }
}
