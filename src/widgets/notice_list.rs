//! Notices about bad input, each with the contract's `notice` hook.

use yew::prelude::*;

use bloomlab_core::link::notice::Notice;

/// The notices, with a close button when `on_dismiss` is given.
pub fn notice_list(notices: &[Notice], on_dismiss: Option<&Callback<()>>) -> Html {
    if notices.is_empty() {
        return html! {};
    }
    let dismiss = on_dismiss.map(|cb| {
        let cb = cb.clone();
        html! {
            <button type="button" class="notice-close" aria-label="Dismiss these notices"
                onclick={Callback::from(move |_| cb.emit(()))}>{"×"}</button>
        }
    });
    html! {
        <div class="notices" role="status" aria-live="polite">
            <ul>
                { for notices.iter().map(|n| html! {
                    <li class="notice" data-testid="notice" data-param={n.param.clone()}>
                        <span>{ n.message.clone() }</span>
                    </li>
                }) }
            </ul>
            { dismiss }
        </div>
    }
}
