//! Previous / play / next / restart controls and the step list, shared by every walkthrough.

use yew::prelude::*;

use bloomlab_core::lectures::stepper::{StepAction, Stepper, SPEEDS_MS};

/// What the stepper bar shows and where its buttons report.
pub struct StepperControlsProps {
    pub stepper: Stepper,
    /// One title per step, step 0 first.
    pub titles: Vec<String>,
    pub on_prev: Callback<()>,
    pub on_next: Callback<()>,
    pub on_toggle: Callback<()>,
    pub on_restart: Callback<()>,
    pub on_go: Callback<usize>,
    pub on_speed: Callback<usize>,
}

pub fn stepper_controls(props: StepperControlsProps) -> Html {
    let s = props.stepper;
    let emit = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let on_speed = {
        let cb = props.on_speed.clone();
        // The options are the speeds in order: the one chosen is the select's index.
        Callback::from(move |e: Event| {
            if let Some(i) = crate::hooks::input::chosen_index(&e) {
                cb.emit(i);
            }
        })
    };
    html! {
        <div class="stepper">
            <div class="stepper-bar" role="group" aria-label="Step through the example">
                <button type="button" class="button" data-testid="step-restart" onclick={emit(&props.on_restart)}
                    disabled={s.step() == 0} title="back to the start" aria-label="Restart">
                    <span class="long" aria-hidden="true">{"Restart"}</span><span class="short" aria-hidden="true">{"⟲"}</span></button>
                <button type="button" class="button" data-testid="step-prev" onclick={emit(&props.on_prev)}
                    disabled={s.step() == 0} title="previous step (←)">{"◀ Prev"}</button>
                <button type="button" class="button primary" data-testid="step-play" onclick={emit(&props.on_toggle)}
                    title="play or pause (space)" aria-pressed={s.playing.to_string()}
                    aria-label={if s.playing { "Pause" } else { "Play" }}>
                    <span aria-hidden="true">{ if s.playing { "❚❚" } else { "▶" } }</span>
                    <span class="long" aria-hidden="true">{ if s.playing { " Pause" } else { " Play" } }</span></button>
                <button type="button" class="button" data-testid="step-next" onclick={emit(&props.on_next)}
                    disabled={s.at_end()} title="next step (→)">{"Next ▶"}</button>
                <label class="speed">{"speed "}
                    <select onchange={on_speed} aria-label="playback speed">
                        { for SPEEDS_MS.iter().enumerate().map(|(i, ms)| html! {
                            <option value={i.to_string()} selected={i == s.speed}>{ format!("{:.1} s", *ms as f64 / 1000.0) }</option>
                        }) }
                    </select>
                </label>
                <span class="step-count" data-testid="step" data-step={s.step().to_string()} data-steps={s.steps().to_string()}>
                    <span class="long">{"step "}</span>{ format!("{} of {}", s.step(), s.steps()) }</span>
            </div>
            <ol class="step-list" start="0">
                { for props.titles.iter().enumerate().map(|(i, t)| {
                    let cb = props.on_go.clone();
                    html! {
                        <li class={classes!((i == s.step()).then_some("current"), (i < s.step()).then_some("done"))}>
                            <button type="button" onclick={Callback::from(move |_| cb.emit(i))}
                                aria-current={(i == s.step()).then_some("step")}>{ t.clone() }</button>
                        </li>
                    }
                }) }
            </ol>
        </div>
    }
}

/// The controls for a stepper whose every action goes to one callback.
pub fn stepper_bar(stepper: Stepper, titles: Vec<String>, on: &Callback<StepAction>) -> Html {
    let send = |a: StepAction| on.reform(move |_: ()| a);
    stepper_controls(StepperControlsProps {
        stepper,
        titles,
        on_prev: send(StepAction::Prev),
        on_next: send(StepAction::Next),
        on_toggle: send(StepAction::TogglePlay),
        on_restart: send(StepAction::Restart),
        on_go: on.reform(StepAction::GoTo),
        on_speed: on.reform(StepAction::SetSpeed),
    })
}
