//! The filter toolbox (`view=toolbox`).

use yew::prelude::*;

use crate::hooks::input::dispatch_to;
use crate::hooks::plot::use_plot;
use crate::hooks::sliced::{use_slices, use_slices_when};
use crate::hooks::use_address_sync;
use crate::views::toolbox::sets_panel::sets_panel;
use crate::views::toolbox::state::{ToolboxAction, ToolboxState};
use crate::views::toolbox::variants_panel::{variants_panel, wrong_n_panel, CuckooPanel};
use crate::views::ViewProps;
use crate::widgets::inputs::number_field::number_field;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::toolbox;
use bloomlab_core::link::state::LinkState;

#[function_component(ToolboxView)]
pub fn toolbox_view(props: &ViewProps) -> Html {
    let state = use_reducer(|| ToolboxState::read(&props.query));
    let lab = state.lab.clone();
    let item_ref = use_node_ref();
    use_address_sync(&props.page, lab.query_pairs());
    // The wrong-n points first, then the variants.
    use_slices(&state.wrong, state.dispatcher(), |run, slice| ToolboxAction::WrongWork { run, slice });
    let wrong_done = state.wrong.is_done();
    // The wrong-n chart follows its points as they are shown, not every render of the view.
    let wrong_chart = use_plot(Some(state.wrong.shown().plot_key()), &|| state.wrong.borrow().chart());
    use_slices_when(&state.variants, wrong_done, state.dispatcher(), |run, slice| ToolboxAction::VariantsWork {
        run,
        slice,
    });
    let dispatcher = state.dispatcher();
    let field = |key: &'static str| {
        let d = dispatcher.clone();
        Callback::from(move |e: Event| d.dispatch(ToolboxAction::Set(key, crate::hooks::input::value_of(&e))))
    };
    html! {
        <section class="toolbox">
            <header class="view-head">
                <h1>{"The filter toolbox"}</h1>
                <p>{"How many items are in this filter? Can two filters be combined? What if n was guessed wrong? Which variant, at the same memory? Every answer here is computed or measured."}</p>
            </header>
            { notice_list(&state.notices, Some(&dispatch_to(&dispatcher, |_: ()| ToolboxAction::DismissNotices))) }
            <div class="panel control-row">
                <label>{"bits m "}{ number_field(&toolbox::M, lab.m.to_string(), field(toolbox::M.name), "toolbox-m") }</label>
                <label>{"hashes k "}{ number_field(&toolbox::K, lab.k.to_string(), field(toolbox::K.name), "toolbox-k") }</label>
                <label>{"items n (wrong n, variants) "}{ number_field(&toolbox::N, lab.n.to_string(), field(toolbox::N.name), "toolbox-n") }</label>
                <label>{"target rate p "}<input type="text" class="num-input" name={toolbox::P.name} value={lab.p.to_string()} onchange={field(toolbox::P.name)} data-testid="toolbox-p" /></label>
                <label>{"cuckoo fingerprint bits f "}{ number_field(&toolbox::F, lab.f.to_string(), field(toolbox::F.name), "toolbox-f") }</label>
                <label>{"seed "}{ number_field(&toolbox::SEED, lab.seed.to_string(), field(toolbox::SEED.name), "toolbox-seed") }</label>
            </div>
            { sets_panel(&lab, &state.pair, &dispatcher, &item_ref) }
            { wrong_n_panel(&state.wrong.borrow(), wrong_chart) }
            { variants_panel(&state.variants.borrow(), lab.f) }
            <section class="panel"><CuckooPanel seed={lab.seed} /></section>
        </section>
    }
}
