//! The hash lab (`view=hashes`): the same filter with several hash families side by side.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::cells::{col_head, col_heads, num_cell, row_head};

use crate::hooks::page::{use_page, PageAction, PageHandle};
use crate::hooks::plot::use_plot;
use crate::views::ViewProps;
use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::inputs::filter_controls::{k_control, m_control, probes_and_seed};
use crate::widgets::inputs::number_field::number_field;
use crate::widgets::inputs::preset_links::preset_links;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::labs::hashes::measure::{ideal_repeat_chance, FamilyResult};
use bloomlab_core::labs::hashes::{item_choices, presets, HashLab, Settings, ITEMS, K, M, N, SEED, SHAPE, TRIALS};
use bloomlab_core::plot::Plot;
use bloomlab_core::text::{format_probability, group_digits};

const TRIAL_CHOICES: [u64; 4] = [1_000, 20_000, 100_000, 200_000];

#[function_component(HashesView)]
pub fn hashes_view(props: &ViewProps) -> Html {
    let page = use_page::<Settings>(&props.query, &props.page);
    let state = &page.state;
    let lab = state.run.borrow();
    let on_dismiss = page.dismiss();
    let s = &*state.model;
    // The positions' chart, once a family is measured, as the families are shown.
    let has_results = !lab.results().is_empty();
    let chart = use_plot(has_results.then(|| state.run.shown().plot_key()), &|| lab.bucket_chart());

    html! {
        <section class="hashes">
            <header class="view-head">
                <h1>{"Hash quality lab"}</h1>
                <p>{ format!(
                    "The formulas assume k independent, uniform hash functions. Here the same filter (m = {} bits, k = {}, n = {} {}) is built with each family, and {} non-members are probed. The formulas give the average over every filter n items could fill; this one filter's fill differs from that average, by more in small filters. So each row is also compared with (ones/m)^k, the rate ideal hashes would pass given the bits this filter set: a row is marked when that lies outside the measured rate's 95% interval, which happens to an ideal family about 1 run in 20, however many probes there are.",
                    group_digits(s.m), s.k, group_digits(s.n), s.items.describe(), group_digits(s.trials)) }</p>
            </header>
            { notice_list(&state.notices, Some(&on_dismiss)) }
            <div class="stage-grid">
                { stage(&lab, chart) }
                { controls(s, &page) }
            </div>
            <section class="presets">
                <h2>{"Both failures, and the fix"}</h2>
                { preset_links("hash-preset", &presets(), &props.page, "preset-list") }
            </section>
        </section>
    }
}

/// The stage: the progress, one row per family, the positions' chart (`chart`, once a family is
/// measured) and the examples of the families' failures.
fn stage(lab: &HashLab, chart: Option<Rc<Plot>>) -> Html {
    let s = lab.settings();
    let (done, total) = lab.progress();
    let ideal = ideal_repeat_chance(s.m, s.k);
    let items_name = s.items.name();
    html! {
        <div class="stage">
            <div class={classes!("progress-line", (!lab.pending()).then_some("idle"))}>
                <progress data-testid="hash-progress" data-done={done.to_string()} data-total={total.to_string()}
                    max={total.max(1).to_string()} value={done.to_string()}></progress>
                <span class="num">{ format!("{done} / {total} families measured") }</span>
            </div>
            <div class="table-scroll" tabindex="0">
            <table class="hash-table">
                <thead><tr>
                    { col_heads(&["family", "measured FP (95%)", "finite", "exact", "given this fill, (ones/m)^k", "measured / finite", "uniformity χ² (p)"]) }{ col_head(format!("repeated positions (ideal {})", format_probability(ideal))) }
                </tr></thead>
                <tbody>
                    { for lab.results().iter().map(|r| result_row(r, s, &items_name)) }
                </tbody>
            </table>
            </div>
            <p class="trace-note">{"A row is marked when (ones/m)^k, what ideal hashes would pass given this filter's fill, lies outside the measured rate's 95% interval. χ² compares how many hash positions fall in each of up to 64 equal parts of the filter with an even spread; p is the chance of a χ² this large if the spread were even."}</p>
            if let Some(plot) = chart {
                <ChartCanvas {plot} testid="hash-histogram" legend={true}
                    label="Hash positions per part of the filter, against an even spread, per family" />
            }
            { for lab.examples().iter().map(|e| html! {
                <p class="explain" data-testid="hash-example" data-family={e.family.name()} data-a={e.a.clone()} data-b={e.b.clone()}>
                    <strong>{ format!("{}: ", e.family.name()) }</strong>{ e.text.clone() }</p>
            }) }
        </div>
    }
}

/// One family's row: the measured rate and its interval, the formulas, the uniformity and the
/// repeated positions; marked when the rate given this fill lies outside the interval.
fn result_row(r: &FamilyResult, s: &Settings, items_name: &str) -> Html {
    let (lo, hi) = r.interval();
    html! {
        <tr class={classes!(r.off().then_some("off"))} data-testid="hash-fp" data-family={r.family.name()}
            data-m={s.m.to_string()} data-k={s.k.to_string()} data-n={s.n.to_string()}
            data-items={items_name.to_string()} data-trials={r.trials.to_string()}
            data-value={r.rate().to_string()} data-finite={r.finite.to_string()}
            data-given-fill={r.given_fill.to_string()} data-off={r.off().to_string()}>
            { row_head(r.family.name()) }
            <td class="num">{ format_probability(r.rate()) }
                <small>{ format!(" ({} of {}; {} – {})", group_digits(r.hits), group_digits(r.trials), format_probability(lo), format_probability(hi)) }</small></td>
            { num_cell(format_probability(r.finite)) }
            { num_cell(format_probability(r.exact)) }
            { num_cell(format_probability(r.given_fill)) }
            { num_cell(if r.finite > 0.0 { format!("{:.2}×", r.rate() / r.finite) } else { "—".into() }) }
            <td class="num" data-testid="hash-uniformity" data-family={r.family.name()}
                data-chi2={r.chi2.to_string()} data-p={r.p.to_string()}>
                { format!("{:.1} ({:.3})", r.chi2, r.p) }</td>
            { num_cell(format!("{} of {}", group_digits(r.repeats), group_digits(r.hashed))) }
        </tr>
    }
}

/// The side column: the families, the filter's shape, the items and the probes.
fn controls(s: &Settings, page: &PageHandle<Settings>) -> Html {
    let on_m = page.field_text(M.name);
    let on_k = page.field_text(K.name);
    html! {
        <aside class="controls">
            <fieldset class="control">
                <legend>{"families"}</legend>
                { for HashFamily::TEXT.iter().map(|&f| {
                    html! {
                        <label class="fp-radio">
                            <input type="checkbox" data-testid="family-toggle" data-family={f.name()}
                                checked={s.families.contains(&f)} onchange={page.send(move |_: Event| PageAction::Edit(f))} />
                            { format!(" {} — {}", f.name(), f.describe()) }
                        </label>
                    }
                }) }
            </fieldset>
            { m_control("bits", &SHAPE, s.m, 1 << 20, &on_m) }
            { k_control(&SHAPE, HashFamily::Xxh3, s.k, &on_k) }
            <div class="control">
                <label>{"items inserted n "}{ number_field(&N, s.n.to_string(), page.field(N.name), "n-input") }</label>
            </div>
            <div class="control">
                <label for="hash-items">{"items"}</label>
                <select id="hash-items" data-testid="items-select" onchange={page.field(ITEMS.name)}>
                    { for item_choices(s.items).into_iter().map(|(name, describe, chosen)| html! {
                        <option value={name} selected={chosen}>{ describe }</option>
                    }) }
                </select>
            </div>
            { probes_and_seed("probes", (s.trials, &TRIAL_CHOICES), s.seed, page.field(TRIALS.name), page.field(SEED.name)) }
            <p class="muted small">{ format!("At most {} probes and {} items.", group_digits(TRIALS.max), group_digits(N.max)) }</p>
        </aside>
    }
}
