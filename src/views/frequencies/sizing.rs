//! The sizing calculator the other way round: a guarantee (ε, δ) typed in gives the shape
//! (w, d), read by the core (`labs::frequencies::calculator`); the shape's own guarantee is the
//! bound panel's. Beside it, the counting filter of the same memory.

use yew::prelude::*;

use crate::widgets::inputs::example_form::{ExampleForm, Field};
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::frequencies::calculator::{describe, shape_for, Answer};
use bloomlab_core::labs::frequencies::rows::RowsCompared;
use bloomlab_core::labs::frequencies::{Errors, Lookup};
use bloomlab_core::link::notice::Notice;

/// What the calculator says: ε and δ as typed, and the shape or the notices.
type Sized = Option<((String, String), Result<Answer, Vec<Notice>>)>;

#[derive(Properties, PartialEq)]
pub struct CalculatorProps {
    /// "Use this shape": (w, d).
    pub on_use: Callback<(u64, u64)>,
}

/// The calculator: ε and δ in, w and d out, with a button to use the shape when it fits. Its
/// fields and answer are its own: they outlast every change of the page's model.
#[function_component(Calculator)]
pub fn calculator(props: &CalculatorProps) -> Html {
    let sized = use_state(|| -> Sized { None });
    let (eps, delta) = sized.as_ref().map_or(("0.01".to_string(), "0.01".to_string()), |(t, _)| t.clone());
    let fields = vec![
        Field::text("epsilon", "calc-epsilon", "ε (error as a share of N)", eps),
        Field::text("delta", "calc-delta", "δ (chance of a larger error)", delta),
    ];
    let on_submit = {
        let sized = sized.clone();
        Callback::from(move |v: Vec<(&'static str, String)>| {
            let get = |name: &str| v.iter().find(|(n, _)| *n == name).map(|(_, t)| t.clone()).unwrap_or_default();
            let (e, d) = (get("epsilon"), get("delta"));
            let answer = shape_for(&e, &d);
            sized.set(Some(((e, d), answer)));
        })
    };
    let answer = match sized.as_ref().map(|(_, a)| a) {
        None => html! {},
        Some(Err(notices)) => notice_list(notices, None),
        Some(Ok(a)) => {
            let (w, rows) = (a.sizing.w, a.sizing.d);
            let on_use = props.on_use.reform(move |_: MouseEvent| (w, rows));
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
