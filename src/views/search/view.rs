//! The MLBF paper's search-method comparison, measured in the browser (`view=search`).

use yew::prelude::*;

use crate::hooks::page::{use_page, PageAction};
use crate::views::search::results::Measurements;
use crate::views::ViewProps;
use crate::widgets::inputs::dataset_picker::{DatasetPicker, Normalise};
use crate::widgets::inputs::number_field::number_field;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::data::dataset::normal_item;
use bloomlab_core::engine::mlbf::{PAPER_K, PAPER_LAYERS};
use bloomlab_core::labs::search::{DataChoice, SearchEdit, SearchLab, N, P, QUERIES, SEED};
use bloomlab_core::text::group_digits;

const N_CHOICES: [u64; 5] = [10_000, 30_000, 100_000, 300_000, 1_000_000];
const Q_CHOICES: [u64; 4] = [1_000, 10_000, 30_000, 100_000];

#[function_component(SearchView)]
pub fn search_view(props: &ViewProps) -> Html {
    let page = use_page::<SearchLab>(&props.query, &props.page);
    let state = &page.state;
    let spec = state.model.spec.clone();
    // A field hands its text to the core, which reads it as the link's parameter.
    let (on_n, on_q, on_p, on_seed) =
        (page.field(N.name), page.field(QUERIES.name), page.field(P.name), page.field(SEED.name));
    let on_dismiss = page.dismiss();
    let run = state.run.borrow();

    html! {
        <section class="search">
            <header class="view-head">
                <h1>{"Search methods compared"}</h1>
                <p>{ format!("The multi-layer filter paper's comparison, measured in this browser: linear search over an array, binary search \
                    over a sorted array, a hash set, a Bloom filter sized for a target rate, and the multi-layer filter with the paper's settings \
                    ({PAPER_LAYERS} layers and an XOR layer, k = {PAPER_K}, {:.2} bits per URL per layer), all on the same URLs, for n growing up to \
                    the chosen size.", bloomlab_core::engine::mlbf::paper_bits_per_url()) }</p>
            </header>
            { notice_list(&state.notices, Some(&on_dismiss)) }
            <div class="panel">
                <div class="control-row">
                    <label>{"largest n "}
                        <select onchange={on_n} data-testid="search-n">
                            { for N_CHOICES.iter().map(|&n| html! { <option value={n.to_string()} selected={n == spec.n}>{ group_digits(n) }</option> }) }
                            if !N_CHOICES.contains(&spec.n) { <option value={spec.n.to_string()} selected=true>{ group_digits(spec.n) }</option> }
                        </select></label>
                    <label>{"queries "}
                        <select onchange={on_q} data-testid="search-queries">
                            { for Q_CHOICES.iter().map(|&q| html! { <option value={q.to_string()} selected={q == spec.queries}>{ group_digits(q) }</option> }) }
                            if !Q_CHOICES.contains(&spec.queries) { <option value={spec.queries.to_string()} selected=true>{ group_digits(spec.queries) }</option> }
                        </select></label>
                    <label>{"Bloom filter's target rate p "}<input type="text" class="num-input" name={P.name} value={spec.p.to_string()} onchange={on_p} data-testid="search-p" /></label>
                    <label>{"seed "}{ number_field(&SEED, spec.seed.to_string(), on_seed, "search-seed") }</label>
                </div>
                <DatasetPicker current={state.model.file.clone().filter(|_| spec.data == DataChoice::File)} generated={Some(run.n_max())}
                    what="URLs" normal={Normalise(normal_item)} on_dataset={page.send(|d| PageAction::Edit(SearchEdit::File(d)))}
                    on_problem={page.send(PageAction::Problem)}
                    on_clear={Some(page.send(|_: ()| PageAction::Edit(SearchEdit::ClearFile)))} />
                if spec.data == DataChoice::File && state.model.file.is_some() {
                    <p class="muted small">{ format!("The file's distinct items are split in two, in file order: the first half is inserted (at most {}), the second half probed as non-members.", group_digits(spec.n)) }</p>
                }
                <Measurements run={state.run.shown()} />
            </div>
        </section>
    }
}
