//! The walkthrough's stage: the slots with their three bits and remainders, the runs and clusters
//! under them, the item's fingerprint, and the lookup's verdict.

use yew::prelude::*;

use bloomlab_core::labs::quotient::QuotientLab;

/// The item under way: its fingerprint split into quotient and remainder.
pub fn item_line(lab: &QuotientLab, step: usize) -> Html {
    let (Some(item), Some((f, quotient, remainder))) = (lab.item_at(step), lab.fingerprint_at(step)) else {
        return html! {};
    };
    let r = lab.r as usize;
    let bits = lab.q as usize + r;
    let binary = format!("{f:0bits$b}");
    let (high, low) = binary.split_at(binary.len().saturating_sub(r));
    html! {
        <p class="qf-item" data-testid="qf-item" data-item={item.to_string()} data-fingerprint={f.to_string()}
            data-quotient={quotient.to_string()} data-remainder={remainder.to_string()}>
            { format!("“{item}”: f = {f} = ") }<span class="qf-q">{ high }</span><span class="qf-r">{ low }</span>
            { format!(" in binary: quotient {quotient} (its canonical slot), remainder {remainder}") }
        </p>
    }
}

/// The slots at a step (the `qf-slots` hook): each one's index, its three bits and remainder, the
/// marked slots outlined, and the runs and clusters as bars beneath.
pub fn slots_stage(lab: &QuotientLab, step: usize) -> Html {
    let slots = lab.slots_at(step);
    let marked = lab.marked(step);
    let n = slots.len();
    let mut run_of = vec![None; n];
    for (i, run) in lab.runs_at(step).iter().enumerate() {
        for k in 0..run.span.len.min(n) {
            if let Some(c) = run_of.get_mut((run.span.start + k) % n.max(1)) {
                *c = Some((i, run.quotient));
            }
        }
    }
    let mut cluster_of = vec![None; n];
    for (i, c) in lab.clusters_at(step).iter().enumerate() {
        for k in 0..c.len.min(n) {
            if let Some(x) = cluster_of.get_mut((c.start + k) % n.max(1)) {
                *x = Some(i);
            }
        }
    }
    let cells = slots.iter().enumerate().map(|(i, s)| {
        let bits = format!("{}{}{}", s.occupied as u8, s.continuation as u8, s.shifted as u8);
        let run = run_of.get(i).copied().flatten();
        let cluster = cluster_of.get(i).copied().flatten();
        let class = classes!(
            "qf-slot",
            s.is_empty().then_some("empty"),
            marked.contains(&i).then_some("marked"),
            run.map(|(r, _)| if r % 2 == 0 { "run-even" } else { "run-odd" }),
            cluster.map(|_| "in-cluster")
        );
        let title = format!(
            "slot {i}: is_occupied {}, is_continuation {}, is_shifted {}{}",
            s.occupied as u8,
            s.continuation as u8,
            s.shifted as u8,
            run.map_or(String::new(), |(_, q)| format!("; in the run of quotient {q}"))
        );
        html! {
            <li {class} {title}>
                <span class="slot-index">{ i }</span>
                <span class="qf-bits">{ bits }</span>
                <span class="slot-value">{ if s.is_empty() { "·".to_string() } else { s.remainder.to_string() } }</span>
            </li>
        }
    });
    let (used, load) = lab.load_at(step);
    html! {
        <div class="qf-array" data-testid="qf-slots" data-q={lab.q.to_string()} data-r={lab.r.to_string()}
            data-slots={lab.slots_hook_at(step)} data-marked={marked.iter().map(usize::to_string).collect::<Vec<_>>().join(",")}
            data-runs={lab.runs_at(step).len().to_string()} data-clusters={lab.clusters_at(step).len().to_string()}
            data-used={used.to_string()}>
            <ol class="qf-slots" aria-label="the slots: number, bits occupied continuation shifted, remainder">{ for cells }</ol>
            <p class="note">{ format!("Each cell: slot number, its bits is_occupied · is_continuation · is_shifted, and its remainder. \
                Shading marks the runs (alternating); {} of {} slots used ({:.0} % load), {} runs in {} clusters.",
                used, n, load * 100.0, lab.runs_at(step).len(), lab.clusters_at(step).len()) }</p>
        </div>
    }
}

/// The lookup of `query`'s verdict (the `verdict` hook), once its walk is over.
pub fn verdict_line(lab: &QuotientLab, step: usize) -> Html {
    let last = lab.walk.steps.len().saturating_sub(1);
    let Some(l) = lab.lookup().filter(|_| step == last) else { return html! {} };
    let said = match (l.found, l.member) {
        (false, false) => format!("“{}”: absent", l.item),
        (false, true) => format!(
            "“{}”: absent — a false negative, left by a delete of another item with the same fingerprint",
            l.item
        ),
        (true, true) => format!("“{}”: maybe (it was inserted)", l.item),
        (true, false) => {
            format!("“{}”: maybe — a false positive: another item has the same quotient and remainder", l.item)
        }
    };
    html! {
        <p class={classes!("verdict", if l.false_positive() || l.false_negative() { "false-positive" } else { "member" })}
            data-testid="verdict" data-item={l.item.clone()} data-verdict={l.verdict().name()} data-truth={l.truth().name()}>
            { said }
        </p>
    }
}
