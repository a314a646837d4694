//! The looked-up items' estimates beside their true counts (`estimate` hooks), and the bound εN
//! the shape guarantees each item with probability 1 − δ (`cm-bound`).

use yew::prelude::*;

use bloomlab_core::labs::frequencies::{Errors, FrequenciesLab, Lookup};
use bloomlab_core::text::{format_probability, group_digits};

/// An estimate with a hook; `over` marks one above the true count, `under` one below it.
fn estimate_cell(item: &str, sketch: &'static str, value: f64, truth: u64) -> Html {
    let class = if value > truth as f64 {
        Some("over")
    } else if value < truth as f64 {
        Some("under")
    } else {
        None
    };
    html! {
        <td class={classes!("num", class)} data-testid="estimate" data-item={item.to_string()} data-sketch={sketch}
            data-value={value.to_string()} data-true={truth.to_string()}>{ value.to_string() }</td>
    }
}

fn row(l: &Lookup, i: usize, selected: bool, on_select: &Callback<usize>) -> Html {
    let onclick = {
        let cb = on_select.clone();
        Callback::from(move |_: MouseEvent| cb.emit(i))
    };
    html! {
        <tr class={classes!(selected.then_some("current"))}>
            <th scope="row">
                <button type="button" class="link-button" data-testid="estimate-item" aria-pressed={selected.to_string()}
                    {onclick}>{ l.item.clone() }</button>
            </th>
            <td class="num" data-testid="true-count">{ group_digits(l.truth) }</td>
            { estimate_cell(&l.item, "cm", l.cm as f64, l.truth) }
            { estimate_cell(&l.item, "cm-cu", l.cu as f64, l.truth) }
            { estimate_cell(&l.item, "cs", l.cs, l.truth) }
            <td class="num" data-testid="cbf-estimate" data-item={l.item.clone()} data-value={l.cbf.to_string()}>
                { l.cbf.to_string() }</td>
        </tr>
    }
}

/// The estimates table; a click on an item highlights its counters in the grids.
pub fn estimates_table(lookups: &[Lookup], selected: usize, on_select: &Callback<usize>) -> Html {
    html! {
        <section class="estimates" aria-labelledby="estimates-title">
            <h2 id="estimates-title">{"Estimates against the true counts"}</h2>
            <div class="table-scroll">
                <table class="estimates-table">
                    <thead><tr>
                        <th scope="col">{"item"}</th><th scope="col">{"true count"}</th>
                        <th scope="col">{"count-min"}</th><th scope="col">{"conservative"}</th>
                        <th scope="col">{"count sketch"}</th><th scope="col">{"counting filter"}</th>
                    </tr></thead>
                    <tbody>{ for lookups.iter().enumerate().map(|(i, l)| row(l, i, i == selected, on_select)) }</tbody>
                </table>
            </div>
            <p class="legend muted">{"Click an item to highlight its counters. Count-min and the counting filter never estimate below the true count; the count sketch can land on either side."}</p>
        </section>
    }
}

/// The bound εN that the shape buys each item with probability 1 − δ.
pub fn bound_panel(lab: &FrequenciesLab, n: u64) -> Html {
    let s = lab.sizing();
    let bound = lab.bound(n);
    html! {
        <section class="bound" aria-labelledby="bound-title">
            <h2 id="bound-title">{"The guarantee"}</h2>
            <p data-testid="cm-bound" data-epsilon={s.epsilon.to_string()} data-delta={s.delta.to_string()}
                data-bound={bound.to_string()}>
                { format!(
                    "With w = {} counters per row, ε = e/w = {}; with d = {} rows, δ = e^−d = {}. After N = {} arrivals, \
                     each item's count-min estimate, taken on its own, is at most its true count plus εN = {:.2} with probability \
                     at least 1 − δ = {} over the choice of hashes. The promise is per item, not for all items at once: on one \
                     stream some items can lie beyond εN (the table of every item's error below counts them).",
                    group_digits(s.w), format_probability(s.epsilon), s.d, format_probability(s.delta), group_digits(n), bound,
                    format_probability(1.0 - s.delta)) }
            </p>
        </section>
    }
}

/// Every sketch's errors over all the stream's items (not only those looked up), against εN.
pub fn errors_table(lab: &FrequenciesLab, errors: &[Errors], n: u64) -> Html {
    let bound = lab.bound(n);
    let rows = errors.iter().map(|e| {
        html! {
            <tr data-testid="sketch-errors" data-sketch={e.sketch.name()} data-items={e.items.to_string()}
                data-mean={e.mean.to_string()} data-most-over={e.most_over.to_string()}
                data-most-under={e.most_under.to_string()} data-beyond={e.beyond_bound.to_string()}>
                <th scope="row">{ e.sketch.title() }</th>
                <td class="num">{ format!("{:+.2}", e.mean) }</td>
                <td class="num">{ format!("{}", e.most_over) }</td>
                <td class="num">{ format!("{}", e.most_under) }</td>
                <td class="num">{ format!("{:.2} %", 100.0 * e.beyond_bound) }</td>
            </tr>
        }
    });
    html! {
        <section class="errors" aria-labelledby="errors-title">
            <h2 id="errors-title">{"Every item's error"}</h2>
            <p>{ format!("Each sketch's estimate minus the true count over every item of the stream, against the bound εN = {bound:.2}. \
                For each item, the chance over the choice of hashes that count-min errs by more than εN is at most δ, so on average \
                at most a share δ of the items lie beyond it (one stream's share can be larger); the count sketch errs both ways.") }</p>
            <div class="table-scroll"><table>
                <thead><tr><th scope="col">{"sketch"}</th><th scope="col">{"mean error"}</th><th scope="col">{"most above"}</th>
                    <th scope="col">{"most below"}</th><th scope="col">{"items beyond εN"}</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table></div>
        </section>
    }
}
