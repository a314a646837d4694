//! Skiena's comparison (`view=skiena`): a bit-vector hash table against Bloom filters in the
//! same memory.

use yew::prelude::*;

use crate::widgets::cells::plain_cell;

use crate::views::ViewProps;

use crate::hooks::input::value_of;
use crate::hooks::page::{use_plain_page, PageAction};
use crate::hooks::plot::{use_plot, PlotKey};
use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::charts::theory::theory_cell;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::skiena::{SkienaLab, LOAD};
use bloomlab_core::lectures::skiena::{chart, items_for, ratios, standard, union_bound, KS, M};

#[function_component(SkienaView)]
pub fn skiena_view(props: &ViewProps) -> Html {
    let page = use_plain_page::<SkienaLab>(&props.query, &props.page);
    let state = &page.state;
    let on_load = page.send(|e: InputEvent| PageAction::Edit(value_of(&e)));
    let on_dismiss = page.dismiss();
    let (slider_min, slider_max) = SkienaLab::slider_bounds();
    let l = state.model.load;
    let n = items_for(l);
    let (bound_ratio, std_ratio) = ratios(5, l);
    // The chart changes with the load alone (not when a notice is dismissed).
    let plot = use_plot(Some(PlotKey::default().count(l.to_bits())), &|| chart(l));
    html! {
        <section class="skiena">
            <header class="view-head">
                <h1>{"Skiena's comparison: one hash or several?"}</h1>
                <p>{"A search engine wants to know whether a freshly crawled document is new. A hash table of single bits (k = 1) answers with a false \u{201c}seen it\u{201d} whenever the new document lands on an occupied bit: at load n/m that happens with probability about n/m. A Bloom filter in the same memory sets k bits per document and needs all k of a newcomer's bits to be taken. Skiena bounds that by (k · n/m)^k: the base grows with k but the power shrinks it, so for every load there is a best k."}</p>
            </header>
            { notice_list(&state.notices, Some(&on_dismiss)) }
            <div class="lecture-grid">
                <div class="stage">
                    if let Some(plot) = plot {
                        <ChartCanvas {plot} testid="skiena-chart" legend={true}
                            label="False-positive probability against load for k = 1 to 5" />
                    }
                    <p class="legend">{"solid: Skiena's bound (k · load)^k, clipped at 1 · dashed: the standard formula (1 − e^(−k · load))^k · dots: the load you chose"}</p>
                </div>
                // `live`: the slider is the lecture here, so presenter mode keeps it (static/css/classroom.css).
                <aside class="controls live">
                    <div class="control">
                        <label for="load-slider">{ format!("load n/m = {:.1}%", l * 100.0) }</label>
                        <input id="load-slider" type="range" name={LOAD.name} min={slider_min} max={slider_max} step="1"
                            value={state.model.slider_value()} oninput={on_load} data-testid="load-slider" />
                    </div>
                    <p class="ratio" data-testid="skiena-ratio" data-bound={bound_ratio.to_string()} data-standard={std_ratio.to_string()}>
                        { format!("At {:.1}% load, {}", l * 100.0, compare_words(bound_ratio, "by the bound", union_bound(5, l) >= 1.0)) }
                        { format!(" — and {}.", compare_words(std_ratio, "by the standard formula", false)) }
                    </p>
                    <table>
                        <thead><tr><th>{"k"}</th><th>{"(k·load)^k"}</th><th>{"standard"}</th></tr></thead>
                        <tbody>
                            { for KS.iter().map(|&k| {
                                let (b, s) = (union_bound(k, l), standard(k, l));
                                html! { <tr>
                                    { plain_cell(k.to_string()) }
                                    { theory_cell("skiena", (M, n, k), b, None) }
                                    { theory_cell("approx", (M, n, k), s, None) }
                                </tr> }
                            }) }
                        </tbody>
                    </table>
                    <p class="muted">{ format!("Computed with m = {} bits and n = {} items. The bound overestimates: it counts the k·n set bits as if none collided. Where it passes 1 it is clipped.", bloomlab_core::text::group_digits(M), bloomlab_core::text::group_digits(n)) }</p>
                </aside>
            </div>
        </section>
    }
}

/// "k = 1 is r times worse than k = 5 …", or better when r is below 1; a bound clipped at 1
/// says nothing.
fn compare_words(r: f64, by: &str, clipped: bool) -> String {
    if clipped {
        format!("k = 5's bound (k·load)^k is at least 1 {by}, so it says nothing")
    } else if r >= 1.0 {
        format!("k = 1 is {:.1} times worse than k = 5 {by}", r)
    } else if r > 0.0 {
        format!("k = 1 is {:.1} times better than k = 5 {by}", 1.0 / r)
    } else {
        format!("the two cannot be compared {by}")
    }
}
