//! The walkthrough's stage: the queue and the stack, the slots with their values, the keys with
//! their slots, and the lookup.

use yew::prelude::*;

use bloomlab_core::labs::xor::{Step, XorLab, HOOK_SLOTS, ROW_KEYS};

/// Most slots drawn one cell each.
const DRAWN_SLOTS: usize = 256;

fn csv(v: impl IntoIterator<Item = impl ToString>) -> String {
    v.into_iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
}

/// The slots the step is about: the peeled key's, the written key's, the core's or the lookup's.
fn marked(lab: &XorLab, step: usize) -> (Vec<u32>, Option<u32>) {
    match lab.step_at(step) {
        Step::Peel(i) => {
            let p = &lab.walk.trace.peels[i.min(lab.walk.trace.peels.len().saturating_sub(1))];
            (lab.key_of(p.hash).map(|k| lab.slots_of(k)).unwrap_or_default(), Some(p.slot))
        }
        Step::Assign(i) => match lab.assignment(i) {
            Some((_, own, others)) => (others, Some(own)),
            None => (Vec::new(), None),
        },
        Step::Stuck => (lab.walk.built.peeled.core.clone(), None),
        Step::Lookup => (lab.lookup().map(|l| l.slots).unwrap_or_default(), None),
        _ => (Vec::new(), None),
    }
}

/// The queue and the stack (the `xor-peel` hook).
pub fn peel_line(lab: &XorLab, step: usize) -> Html {
    if matches!(lab.step_at(step), Step::Slots) {
        return html! {};
    }
    let (queue, stack) = lab.peel_hook(step);
    let names: Vec<&str> = lab.stack_at(step).into_iter().map(|k| lab.keys[k].as_str()).collect();
    html! {
        <p class="xor-peel" data-testid="xor-peel" data-queue={queue.clone()} data-stack={stack}>
            <span>{ format!("Queue (slots one key uses): {}", if queue.is_empty() { "empty".into() } else { queue.replace(',', ", ") }) }</span>
            <br />
            <span>{ format!("Stack (keys peeled, first at the bottom): {}", if names.is_empty() { "empty".into() } else { names.join(", ") }) }</span>
        </p>
    }
}

/// Cells a row holds in presenter mode: whole segments (blocks, for the xor filter) side by side,
/// as many as fit in 16 cells, so a key's slots stand one per segment's column range.
fn per_row(segment_length: u32) -> u32 {
    match segment_length {
        0 => 16,
        s if s > 16 => 16,
        s => s * (16 / s),
    }
}

/// The slots, with each one's degree before peeling and its value once written (the
/// `xor-array` hook).
pub fn array_stage(lab: &XorLab, step: usize) -> Html {
    let built = &lab.walk.built;
    let values = lab.values_at(step);
    let hook =
        (values.len() <= HOOK_SLOTS).then(|| csv(values.iter().map(|v| v.map_or("-".to_string(), |x| x.to_string()))));
    let (touched, own) = marked(lab, step);
    let degrees = lab.degrees();
    let cells = (values.len() <= DRAWN_SLOTS).then(|| {
        values
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let class = classes!(
                    "xor-slot",
                    touched.contains(&(i as u32)).then_some("touched"),
                    (own == Some(i as u32)).then_some("own")
                );
                let text = v.map_or("·".to_string(), |x| x.to_string());
                html! { <li {class} title={format!("slot {i}: {} keys", degrees[i])}>
                <span class="slot-index">{ i }</span><span class="slot-value">{ text }</span>
                <span class="slot-degree">{ format!("×{}", degrees[i]) }</span></li> }
            })
            .collect::<Html>()
    });
    html! {
        <div class="xor-array" data-testid="xor-array" style={format!("--row:{}", per_row(built.layout.segment_length))} data-values={hook} data-built={built.built.to_string()}
            data-attempts={built.attempts.to_string()} data-seed={built.seed.to_string()}
            data-length={built.layout.array_length.to_string()}>
            if let Some(cells) = cells {
                <ol class="xor-slots" aria-label="the slots: number, value, keys using it">{ cells }</ol>
            } else {
                <p>{ format!("{} slots: too many to draw one by one.", built.layout.array_length) }</p>
            }
        </div>
    }
}

/// One row per key (at most `ROW_KEYS`): its slots and fingerprint (the `xor-key` hooks).
pub fn keys_table(lab: &XorLab, step: usize) -> Html {
    if lab.keys.len() > ROW_KEYS {
        return html! { <p>{ format!("{} keys: their rows are drawn for 64 keys at most.", lab.keys.len()) }</p> };
    }
    let gone = lab.stack_at(step);
    let rows = (0..lab.keys.len()).map(|k| {
        let slots = lab.slots_of(k);
        let peeled = gone.contains(&k);
        html! {
            <tr data-testid="xor-key" data-key={lab.keys[k].clone()} data-slots={csv(slots.iter())}
                data-fingerprint={lab.fingerprint_of(k).to_string()} class={classes!(peeled.then_some("peeled"))}>
                <td>{ &lab.keys[k] }</td><td class="num">{ csv(slots.iter()).replace(',', ", ") }</td>
                <td class="num">{ lab.fingerprint_of(k) }</td><td>{ if peeled { "peeled" } else { "" } }</td>
            </tr>
        }
    });
    html! {
        <table class="xor-keys">
            <thead><tr><th>{"key"}</th><th>{"slots"}</th><th>{ format!("fingerprint ({} bits)", lab.fp) }</th><th></th></tr></thead>
            <tbody>{ for rows }</tbody>
        </table>
    }
}

/// The lookup's verdict (the `verdict` hook), at the last step.
pub fn lookup_line(lab: &XorLab, step: usize) -> Html {
    let (Step::Lookup, Some(l)) = (lab.step_at(step), lab.lookup()) else { return html! {} };
    html! {
        <p class={classes!("verdict", l.false_positive().then_some("false-positive"))} data-testid="verdict"
            data-item={l.key.clone()} data-verdict={l.verdict()} data-truth={l.truth()}>
            { match (l.passes, l.member) {
                (false, _) => format!("“{}”: absent", l.key),
                (true, true) => format!("“{}”: maybe (it is a key)", l.key),
                (true, false) => format!("“{}”: maybe — a false positive", l.key),
            } }
        </p>
    }
}
