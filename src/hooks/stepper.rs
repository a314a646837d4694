//! What every walkthrough's stepper needs from the page: ← → and the space bar, and a playback
//! timer that asks for the next step while playing.

use gloo_timers::future::TimeoutFuture;
use yew::prelude::*;

use crate::context::use_presenting;
use crate::context::Presenting;
use crate::hooks::question::reveal_open_question;
use crate::web;
use bloomlab_core::lectures::stepper::{StepAction, Stepper};

/// Sends ← → (and a clicker's PageUp PageDown) and space to `on` as Prev, Next and TogglePlay
/// (in presenter mode space is Next; on a tour only space) for as long as the view is shown,
/// and while `stepper` plays, a Tick every interval. With a question open, a key that would step
/// forward (→, PageDown, space) reveals it instead. `generation` changes with every action, so
/// a tick scheduled before the last action is sent with the generation it was scheduled at, and
/// the state can drop it (see `tick_is_current`).
#[hook]
pub fn use_stepper_input(stepper: Stepper, generation: u64, on: Callback<(StepAction, u64)>) {
    let Presenting { present: presenting, touring } = use_presenting();
    // A page without a walkthrough (no steps) leaves the keys alone.
    let walk = stepper.steps() > 0;
    {
        let on = on.clone();
        use_effect_with((presenting, touring, walk), move |&(presenting, touring, walk)| {
            let listener = web::KeyListener::new(move |e| {
                let action = match e.key().as_str() {
                    _ if !walk => return false,
                    // On a tour these keys move between stops (`app::tour`).
                    "ArrowRight" | "PageDown" | "ArrowLeft" | "PageUp" if touring => return false,
                    // Presentation clickers send PageDown and PageUp (some the space bar).
                    "ArrowRight" | "PageDown" => StepAction::Next,
                    "ArrowLeft" | "PageUp" => StepAction::Prev,
                    " " | "Spacebar" if presenting => StepAction::Next,
                    " " | "Spacebar" => StepAction::TogglePlay,
                    _ => return false,
                };
                // An open question is revealed before anything steps past it (playback too).
                if matches!(action, StepAction::Next | StepAction::TogglePlay) && reveal_open_question() {
                    return true;
                }
                on.emit((action, u64::MAX));
                true
            });
            move || drop(listener)
        });
    }
    // A phone's step strip scrolls sideways: the current step stays in sight.
    use_effect_with(stepper.step(), |_| web::scroll_row_to(".step-list", "li.current"));
    use_effect_with((stepper.playing, generation, stepper.interval_ms()), move |&(playing, generation, ms)| {
        if playing {
            wasm_bindgen_futures::spawn_local(async move {
                TimeoutFuture::new(ms).await;
                on.emit((StepAction::Tick, generation));
            });
        }
    });
}

/// Whether an action sent by `use_stepper_input` should be applied: everything but a stale tick.
pub fn tick_is_current(action: StepAction, sent_at: u64, generation: u64, stepper: &Stepper) -> bool {
    action != StepAction::Tick || (sent_at == generation && stepper.playing)
}
