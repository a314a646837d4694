//! The lecture slide's table: each stream element, its two hash values, and the filter printed
//! position 0 first, filled in up to the current step.

use yew::prelude::*;

use crate::widgets::cells::{col_heads, mono_cell};

use bloomlab_core::lectures::ullman::{LectureStep, StepKind};

/// The filter as the slide prints it, with the given positions emphasised.
fn filter_string(step: &LectureStep, marked: &[u64]) -> Html {
    html! {
        <span class="slide-filter mono">
            { for (0..step.bits.len()).map(|i| {
                let one = step.bits.get(i);
                html! { <span class={classes!(one.then_some("one"), marked.contains(&(i as u64)).then_some("marked"))}>
                    { if one { "1" } else { "0" } }</span> }
            }) }
        </span>
    }
}

/// The slide's table, filled in up to step `current`.
pub fn slide_table(steps: &[LectureStep], current: usize) -> Html {
    let Some(first) = steps.first() else { return html! {} };
    html! {
        <div class="table-scroll" tabindex="0">
        <table class="slide-table">
            <thead><tr>
                { col_heads(&["stream element", "h1", "h2", "filter contents"]) }
            </tr></thead>
            <tbody>
                <tr class={classes!((current == 0).then_some("current"))}>
                    <td></td><td></td><td></td><td>{ filter_string(first, &[]) }</td>
                </tr>
                { for steps.iter().enumerate().skip(1).filter_map(|(i, step)| {
                    let StepKind::Insert { split, trace, already_set } = &step.kind else { return None };
                    let shown = i <= current;
                    let positions: Vec<u64> = trace.positions().collect();
                    Some(html! {
                        <tr class={classes!((i == current).then_some("current"), (!shown).then_some("pending"))}>
                            { mono_cell(format!("{} = {}", split.x, split.binary())) }
                            <td class="mono num">{ if shown { trace.steps[0].position.to_string() } else { String::new() } }</td>
                            <td class="mono num">{ if shown { trace.steps[1].position.to_string() } else { String::new() } }</td>
                            <td>
                                if shown {
                                    { filter_string(step, &positions) }
                                    if !already_set.is_empty() {
                                        <span class="already">{ format!(" bit {} was already 1", already_set.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ")) }</span>
                                    }
                                }
                            </td>
                        </tr>
                    })
                }) }
            </tbody>
        </table>
        </div>
    }
}
