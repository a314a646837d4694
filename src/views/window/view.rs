//! Counting ones in a window (`view=window`): the DGIM walkthrough and the errors at scale.

use yew::prelude::*;

use crate::hooks::input::value_of;
use crate::hooks::page::{use_page, PageAction};
use crate::hooks::plot::use_plot;
use crate::views::window::scale_panel::{scale_panel, ScaleProps};
use crate::views::window::stream_panel::{bound_note, readouts, stream_stage};
use crate::views::ViewProps;
use crate::widgets::inputs::example_form::{ExampleForm, Field};
use crate::widgets::inputs::stepper_controls::stepper_bar;
use crate::widgets::notice_list::notice_list;
use crate::widgets::question::use_page_question;
use bloomlab_core::labs::window::params::{BITS, LENGTH, N, P, R, SEED, T};
use bloomlab_core::labs::window::WindowLab;
use bloomlab_core::lectures::stepper::StepAction;
use bloomlab_core::link::page::STEP_PANEL;

/// Steps listed by title at most (a longer stream is stepped with the buttons and the slider).
const LISTED: usize = 64;

/// A form's fields with `t` emptied (a new stream is shown whole) and, for the generated stream's
/// form, `bits` emptied too (so the link generates).
fn rebuild(mut fields: Vec<(&'static str, String)>, generate: bool) -> PageAction<()> {
    fields.push((T.name, String::new()));
    if generate {
        fields.push((BITS.name, String::new()));
    }
    PageAction::Fields(fields)
}

#[function_component(WindowView)]
pub fn window_view(props: &ViewProps) -> Html {
    let page = use_page::<WindowLab>(&props.query, &props.page);
    let state = &page.state;
    let (lab, stepper, on_step) = (state.model.clone(), state.stepper, page.on_step.clone());
    let shown = state.run.shown();
    let chart = use_plot(state.run.is_done().then(|| shown.plot_key()), &|| state.run.borrow().error_chart());

    let on_dismiss = page.dismiss();
    let on_typed = page.send(|f| rebuild(f, false));
    let on_generated = page.send(|f| rebuild(f, true));
    let t = state.step() as u64;
    let d = lab.dgim_at(t);
    let titles: Vec<String> =
        if lab.bits.len() < LISTED { (0..=lab.len()).map(|i| lab.step_title(i)).collect() } else { Vec::new() };
    let on_slider = {
        let (lab, now) = (lab.clone(), t as usize);
        on_step.reform(move |e: Event| StepAction::GoTo(lab.step_from(&value_of(&e), now)))
    };
    let (question, hide) = use_page_question(&props.page, &page);
    let run = state.run.borrow();

    html! {
        <section class={classes!("lecture", "window-view", hide.class())}>
            <header class="view-head">
                <h1>{"Counting ones in a window"}</h1>
                <p>{"How many 1s are among the last N bits of a stream? Keeping the window takes N bits; the \
                    Datar–Gionis–Indyk–Motwani buckets answer within a bounded error from O(log² N) bits (MMDS 4.6). \
                    Step with ← → and the space bar; every t has its own link."}</p>
            </header>
            { notice_list(&state.notices, Some(&on_dismiss)) }
            <section class="panel" aria-labelledby="dgim-title">
                <h2 id="dgim-title">{"The buckets, one bit at a time"}</h2>
                { stepper_bar(stepper, titles, &on_step) }
                <label class="dgim-slider">{ format!("t = {t} of {} bits ", lab.len()) }
                    <input type="range" min="0" max={lab.len().to_string()} value={t.to_string()}
                        onchange={on_slider} data-testid="dgim-t" aria-label="bits arrived t" /></label>
                { question }
                <div class="lecture-grid">
                    <section class="stage" aria-labelledby={STEP_PANEL.title_id}>
                        <h3 class="step-title" id={STEP_PANEL.title_id}>{ lab.step_title(t) }</h3>
                        <p class="narration" data-testid="narration">{ hide.text(&lab.narration(t)) }</p>
                        { stream_stage(&lab, t, &d) }
                        { readouts(&lab, t, &d) }
                    </section>
                    <aside class="controls">
                        if let Some(href) = bloomlab_core::labs::practice::given::try_dgim(&lab, props.page.theme) {
                            <p><a class="button" data-testid="try-it" data-exercise="dgim" {href}>{"Try it yourself: these buckets by hand"}</a></p>
                        }
                        <ExampleForm title="Your own stream" button="Step through it" button_testid="lecture-apply" on_submit={on_typed}
                            fields={vec![
                                Field::declared(&BITS, "bits-input", "bits (oldest first)", if lab.generated { String::new() } else { lab.bits_text() }),
                                Field::declared(&N, "n-input", &format!("window N (1 to {})", N.max), lab.window.to_string()),
                                Field::declared(&R, "r-input", &format!("buckets of a size r ({} to {})", R.min, R.max), lab.r.to_string()),
                            ]} />
                        <ExampleForm title="A generated stream" button="Generate" button_testid="generate-apply" on_submit={on_generated}
                            fields={vec![
                                Field::declared(&P, "p-input", "density of 1s p", lab.p.to_string()),
                                Field::declared(&LENGTH, "length-input", &format!("length (1 to {})", LENGTH.max), lab.length.to_string()),
                                Field::declared(&SEED, "seed-input", "seed", lab.seed.to_string()),
                            ]} />
                    </aside>
                </div>
                // Said once below the steps, not on every step's stage.
                { bound_note(&lab) }
            </section>
            { scale_panel(ScaleProps { lab: &lab, run: &run, elapsed_ms: state.run.elapsed_ms, chart }) }
        </section>
    }
}
