//! The sizing calculator the other way round: a guarantee (ε, δ) typed in gives the shape
//! (w, d), read by the core (`labs::frequencies::calculator`); the shape's own guarantee is the
//! bound panel's. Beside it, the counting filter of the same memory.

use yew::prelude::*;

use crate::views::frequencies::state::{FrequenciesAction, FrequenciesState};
use crate::widgets::inputs::example_form::{ExampleForm, Field};
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::frequencies::calculator::describe;
use bloomlab_core::labs::frequencies::rows::RowsCompared;
use bloomlab_core::labs::frequencies::{Errors, Lookup};

/// The calculator: ε and δ in, w and d out, with a button to use the shape when it fits.
pub fn calculator(state: &FrequenciesState, d: &UseReducerDispatcher<FrequenciesState>) -> Html {
    let (eps, delta) = state.calc_text.clone();
    let fields = vec![
        Field::text("epsilon", "calc-epsilon", "ε (error as a share of N)", eps),
        Field::text("delta", "calc-delta", "δ (chance of a larger error)", delta),
    ];
    let on_submit = {
        let d = d.clone();
        Callback::from(move |v: Vec<(&'static str, String)>| d.dispatch(FrequenciesAction::Calculate(v)))
    };
    let answer = match &state.calc {
        None => html! {},
        Some(Err(notices)) => notice_list(notices, None),
        Some(Ok(a)) => {
            let (w, rows) = (a.sizing.w, a.sizing.d);
            let on_use = {
                let d = d.clone();
                Callback::from(move |_: MouseEvent| {
                    d.dispatch(FrequenciesAction::Fields(vec![("w", w.to_string()), ("d", rows.to_string())]))
                })
            };
            html! {
                <p data-testid="calc-shape" data-w={w.to_string()} data-d={rows.to_string()} data-fits={a.fits.to_string()}>
                    { describe(a) }
                    if a.fits {
                        {" "}<button type="button" class="button subtle" data-testid="calc-use" onclick={on_use}>{"Use this shape"}</button>
                    }
                </p>
            }
        }
    };
    html! {
        <div class="calculator">
            <ExampleForm title="Size a sketch for a guarantee" {fields} button="Size it" button_testid="calc-apply" {on_submit} />
            { answer }
        </div>
    }
}

/// What the separate rows buy, from the looked-up items and every item's errors
/// (`labs::frequencies::rows`).
pub fn counting_compare(lookups: &[Lookup], errors: &[Errors], counters: u64, d: u32) -> Html {
    let c = RowsCompared::of(lookups, errors);
    html! {
        <p data-testid="cbf-compare" data-cm-excess={c.cm_excess.to_string()} data-cbf-excess={c.cbf_excess.to_string()}
            data-cm-mean={c.cm_mean.to_string()} data-cbf-mean={c.cbf_mean.to_string()}>
            { c.describe(counters, d) }
        </p>
    }
}
