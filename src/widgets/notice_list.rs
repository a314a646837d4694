//! Notices about bad input, each with the contract's `notice` hook.

use yew::prelude::*;

use crate::core::link::notice::Notice;

#[derive(Properties, PartialEq)]
pub struct NoticeListProps {
    pub notices: Vec<Notice>,
    /// Shown as a close button when given.
    #[prop_or_default]
    pub on_dismiss: Option<Callback<()>>,
}

#[function_component(NoticeList)]
pub fn notice_list(props: &NoticeListProps) -> Html {
    if props.notices.is_empty() {
        return html! {};
    }
    let dismiss = props.on_dismiss.as_ref().map(|cb| {
        let cb = cb.clone();
        html! {
            <button type="button" class="notice-close" aria-label="Dismiss these notices"
                onclick={Callback::from(move |_| cb.emit(()))}>{"×"}</button>
        }
    });
    html! {
        <div class="notices" role="status" aria-live="polite">
            <ul>
                { for props.notices.iter().map(|n| html! {
                    <li class="notice" data-testid="notice" data-param={n.param.clone()}>
                        <span>{ n.message.clone() }</span>
                    </li>
                }) }
            </ul>
            { dismiss }
        </div>
    }
}
