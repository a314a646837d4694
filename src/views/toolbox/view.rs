//! The filter toolbox (`view=toolbox`).

use yew::prelude::*;

use crate::hooks::page::use_page;
use crate::hooks::plot::{use_plot, PlotKey};
use crate::views::toolbox::sets_panel::sets_panel;
use crate::views::toolbox::variants_panel::{variants_panel, wrong_n_panel, CuckooPanel};
use crate::views::ViewProps;
use crate::widgets::inputs::number_field::number_field;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::toolbox::run::WrongN;
use bloomlab_core::labs::toolbox::{self, Toolbox};

/// What the wrong-n chart is drawn from: the filter (n and p) and its words (the seed), and the
/// points measured so far. The chart is drawn again when a point arrives or those change, not
/// when the items, the shape or the variants do, nor with each slice of the variants.
fn wrong_key(w: &WrongN) -> PlotKey {
    PlotKey::default().count(w.n).count(w.p.to_bits()).count(w.seed).count(w.measured.len() as u64)
}

#[function_component(ToolboxView)]
pub fn toolbox_view(props: &ViewProps) -> Html {
    // The page measures the wrong-n points first, then the variants (`toolbox::run::ToolboxRun`).
    let page = use_page::<Toolbox>(&props.query, &props.page);
    let state = &page.state;
    let lab = &state.model.lab;
    let item_ref = use_node_ref();
    let run = state.run.borrow();
    let wrong_chart = use_plot(Some(wrong_key(&run.wrong)), &|| run.wrong.chart());
    html! {
        <section class="toolbox">
            <header class="view-head">
                <h1>{"The filter toolbox"}</h1>
                <p>{"How many items are in this filter? Can two filters be combined? What if n was guessed wrong? Which variant, at the same memory? Every answer here is computed or measured."}</p>
            </header>
            { notice_list(&state.notices, Some(&page.dismiss())) }
            <div class="panel control-row">
                <label>{"bits m "}{ number_field(&toolbox::M, lab.m.to_string(), page.field(toolbox::M.name), "toolbox-m") }</label>
                <label>{"hashes k "}{ number_field(&toolbox::K, lab.k.to_string(), page.field(toolbox::K.name), "toolbox-k") }</label>
                <label>{"items n (wrong n, variants) "}{ number_field(&toolbox::N, lab.n.to_string(), page.field(toolbox::N.name), "toolbox-n") }</label>
                <label>{"target rate p "}<input type="text" class="num-input" name={toolbox::P.name} value={lab.p.to_string()} onchange={page.field(toolbox::P.name)} data-testid="toolbox-p" /></label>
                <label>{"cuckoo fingerprint bits f "}{ number_field(&toolbox::F, lab.f.to_string(), page.field(toolbox::F.name), "toolbox-f") }</label>
                <label>{"seed "}{ number_field(&toolbox::SEED, lab.seed.to_string(), page.field(toolbox::SEED.name), "toolbox-seed") }</label>
            </div>
            { sets_panel(lab, &state.model.pair, &page, &item_ref) }
            { wrong_n_panel(&run.wrong, wrong_chart) }
            { variants_panel(&run.variants, lab.f) }
            <section class="panel"><CuckooPanel seed={lab.seed} /></section>
        </section>
    }
}
