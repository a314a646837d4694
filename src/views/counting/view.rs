//! The counting (spectral) Bloom filter (`view=counting`): counters instead of bits, insert,
//! delete and look up, three estimators, saturating w-bit counters, failure modes and an
//! experiment.

use yew::prelude::*;

use crate::core::draw::text::{group_digits, shorten};
use crate::core::engine::counting::{Counters, Mode, MAX_W, MIN_W};
use crate::core::engine::hashing::HashFamily;
use crate::core::labs::counting::{CountingLab, MAX_K, MAX_M, MIN_M};
use crate::core::link::page::PageParams;
use crate::core::link::query::Query;
use crate::hooks::input::{
    dispatch_change, dispatch_input, dispatch_number, dispatch_pick, dispatch_submit, dispatch_with_text, parsed,
};
use crate::hooks::{use_address_sync, use_next_slice};
use crate::views::counting::counter_canvas::CounterArrayCanvas;
use crate::views::counting::experiment_panel::CountingExperimentPanel;
use crate::views::counting::multiset_table::MultisetTable;
use crate::views::counting::presets_list::CountingPresetsList;
use crate::views::counting::readouts::CountingReadouts;
use crate::views::counting::state::{CountingAction, CountingState};
use crate::views::counting::trace_table::CountingTraceTable;
use crate::views::counting::verdict::CountingVerdict;
use crate::widgets::notice_list::NoticeList;

#[derive(Properties, PartialEq)]
pub struct CountingViewProps {
    pub page: PageParams,
    pub query: Query,
}

const SLIDER_STEPS_PER_DOUBLING: f64 = 8.0;

fn slider_to_m(v: f64) -> u64 {
    (2f64.powf(v / SLIDER_STEPS_PER_DOUBLING).round() as u64).clamp(MIN_M, MAX_M)
}

fn m_to_slider(m: u64) -> f64 {
    ((m as f64).log2() * SLIDER_STEPS_PER_DOUBLING).round()
}

/// The positions among `positions` whose counter holds `min`.
fn minimum_positions(counters: &Counters, positions: &[u64], min: Option<u32>) -> Vec<u64> {
    match min {
        Some(min) => positions.iter().copied().filter(|&p| counters.get(p) == min).collect(),
        None => Vec::new(),
    }
}

fn describe(lab: &CountingLab, start: u64, end: u64, secondary: bool) -> String {
    let c = if secondary { lab.filter().secondary() } else { Some(lab.filter().counters()) };
    let Some(c) = c else { return String::new() };
    let name = if secondary { "secondary counter" } else { "counter" };
    if end - start > 1 {
        let slice = &c.values()[start as usize..(end as usize).min(c.len())];
        let nonzero = slice.iter().filter(|&&v| v > 0).count();
        let largest = slice.iter().copied().max().unwrap_or(0);
        return format!(
            "{name}s {}–{}: {nonzero} of {} above 0, the largest {largest} (each pixel here shows {} counters)",
            group_digits(start),
            group_digits(end - 1),
            end - start,
            end - start
        );
    }
    let v = c.get(start);
    let sat = if c.is_saturated(start) && v > 0 { " (saturated: it no longer moves)" } else { "" };
    let (names, all) = lab.who_touches(start, secondary, 8);
    if names.is_empty() {
        return format!("{name} {start} = {v}{sat}; no item of the multiset hashes here");
    }
    let mut list: Vec<String> = names.iter().map(|s| format!("\u{201c}{}\u{201d}", shorten(s, 24))).collect();
    if all > names.len() {
        list.push(format!("{} more", all - names.len()));
    }
    format!("{name} {start} = {v}{sat}; items of the multiset hashing here: {}", list.join(", "))
}

#[function_component(CountingView)]
pub fn counting_view(props: &CountingViewProps) -> Html {
    let state = use_reducer(|| CountingState::from_query(&props.query));
    let lab = state.lab.clone();
    let input = use_node_ref();

    use_address_sync(&props.page, lab.to_query_pairs());
    let next = (lab.pending() > 0).then(|| {
        let dispatcher = state.dispatcher();
        Callback::from(move |_| dispatcher.dispatch(CountingAction::Work))
    });
    use_next_slice((lab.version(), lab.pending()), next);

    let on_submit = dispatch_submit(state.dispatcher(), input.clone(), CountingAction::Insert);
    let on_delete = dispatch_with_text(state.dispatcher(), input.clone(), CountingAction::Delete);
    let on_lookup = dispatch_with_text(state.dispatcher(), input.clone(), CountingAction::Lookup);
    let on_pick = dispatch_pick(state.dispatcher(), input.clone(), CountingAction::Lookup);
    let on_force = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let el: web_sys::HtmlInputElement = e.target_unchecked_into();
            state.dispatch(CountingAction::SetForce(el.checked()));
        })
    };
    let on_m_slider = dispatch_input(state.dispatcher(), |v| parsed::<f64>(v).map(slider_to_m), CountingAction::SetM);
    let on_m_input = dispatch_number(state.dispatcher(), lab.m().to_string(), CountingAction::SetM);
    let on_k = dispatch_input(state.dispatcher(), parsed::<u32>, CountingAction::SetK);
    let on_w = dispatch_input(state.dispatcher(), parsed::<u32>, CountingAction::SetW);
    let on_mode = dispatch_change(state.dispatcher(), Mode::parse, CountingAction::SetMode);
    let on_family = dispatch_change(state.dispatcher(), HashFamily::parse, CountingAction::SetFamily);
    let on_run = {
        let state = state.clone();
        Callback::from(move |seed: u64| state.dispatch(CountingAction::RunExperiment(seed)))
    };
    let on_clear = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(CountingAction::Clear))
    };
    let on_dismiss = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(CountingAction::DismissNotices))
    };
    let describe_primary = {
        let lab = lab.clone();
        Callback::from(move |(s, e): (u64, u64)| describe(&lab, s, e, false))
    };
    let describe_secondary = {
        let lab = lab.clone();
        Callback::from(move |(s, e): (u64, u64)| describe(&lab, s, e, true))
    };

    let shown = lab.shown().cloned();
    let filter = lab.filter();
    let positions: Vec<u64> = shown.as_ref().map(|s| s.trace.positions()).unwrap_or_default();
    let minimum =
        minimum_positions(filter.counters(), &positions, shown.as_ref().map(|s| s.trace.estimate.primary_min));
    let sec_positions: Vec<u64> = shown.as_ref().map(|s| s.trace.secondary_positions()).unwrap_or_default();
    let sec_minimum = match (filter.secondary(), shown.as_ref()) {
        (Some(sec), Some(s)) => minimum_positions(sec, &sec_positions, s.trace.estimate.secondary_min),
        _ => Vec::new(),
    };
    let family = lab.family();
    let max_k = family.max_k().unwrap_or(MAX_K).min(MAX_K);
    let exp = lab.experiment();
    let mode = lab.mode();

    html! {
        <section class="counting">
            <header class="view-head">
                <h1>{"Counting (spectral) Bloom filter"}</h1>
                <p>{ format!(
                    "Each position holds a {}-bit counter instead of a bit. Inserting adds to an item's k counters, deleting takes away, and the smallest of its counters estimates how often it was inserted. This page also keeps the true multiset, so it can tell you when the filter is wrong.",
                    lab.w()) }</p>
            </header>
            <NoticeList notices={lab.notices().to_vec()} on_dismiss={Some(on_dismiss)} />
            <div class="classic-grid">
                <div class="stage">
                    <form class="item-form" onsubmit={on_submit}>
                        <label for="item-input" class="visually-hidden">{"Item"}</label>
                        <input id="item-input" ref={input} data-testid="item-input" type="text" autocomplete="off"
                            spellcheck="false" maxlength="100000"
                            placeholder={if family == HashFamily::Ullman { "a whole number, e.g. 25" } else { "an item, e.g. apple" }} />
                        <button type="submit" class="button primary" data-testid="insert-button">{"Insert"}</button>
                        <button type="button" class="button" data-testid="delete-button" onclick={on_delete}>{"Delete"}</button>
                        <button type="button" class="button" data-testid="lookup-button" onclick={on_lookup}>{"Look up"}</button>
                    </form>
                    <label class="force-toggle">
                        <input type="checkbox" data-testid="force-toggle" checked={lab.force()} onchange={on_force} />
                        {" show me what goes wrong: allow deleting items the filter says are absent"}
                    </label>
                    if let Some(s) = shown.clone() {
                        <CountingVerdict shown={s} />
                    }
                    <CounterArrayCanvas counters={filter.shared_counters()} positions={positions.clone()} minimum={minimum}
                        layer="primary" describe={describe_primary} label="Counting filter of" />
                    <p class="legend">
                        <span class="legend-item"><span class="swatch zero"></span>{" 0"}</span>
                        <span class="legend-item"><span class="swatch counter-scale"></span>{" 1 \u{2192} largest"}</span>
                        <span class="legend-item"><span class="swatch saturated"></span>{ format!(" saturated ({})", lab.saturation()) }</span>
                        <span class="legend-item"><span class="swatch hit"></span>{" the current item's counters"}</span>
                        <span class="legend-item"><span class="swatch minimum"></span>{" ringed: its minimum, the estimate"}</span>
                    </p>
                    if let Some(sec) = filter.shared_secondary() {
                        <h3 class="secondary-head">{ format!("Secondary filter (Recurring Minimum): {} counters", group_digits(sec.len() as u64)) }</h3>
                        <CounterArrayCanvas counters={sec} positions={sec_positions} minimum={sec_minimum}
                            layer="secondary" describe={describe_secondary} label="Secondary filter of" />
                    }
                    if let Some(s) = &shown {
                        <CountingTraceTable trace={s.trace.clone()} m={lab.m()}
                            m2={filter.secondary().map(|c| c.len() as u64)} saturation={lab.saturation()} family={lab.family()} />
                    }
                    <div class="mode-note">
                        <h3>{ mode.title() }</h3>
                        <p>{ match mode {
                            Mode::Min => "Insert adds 1 to all k counters; delete takes 1 from all k; the estimate is the smallest. Other items can only add, so while you delete only what you inserted the estimate is never below the truth, and a lookup errs exactly like a Bloom filter's: the counters above 0 are the Bloom filter's bits.",
                            Mode::Mi => "Insert adds 1 only to the counters that hold the item's current minimum, so shared counters grow less and estimates are tighter. Without deletes it never undercounts. But a delete cannot undo what an insert never did: taking 1 from all k counters undercounts other items.",
                            Mode::Rm => "If the smallest counter value appears at least twice among the item's counters (a recurring minimum), it is trusted. If it appears once, the item is likely inflated by a collision, so it is also kept in a smaller secondary filter, which answers for it when it holds the item.",
                        } }</p>
                    </div>
                </div>
                <aside class="controls">
                    <div class="control">
                        <label for="m-slider">{"counters m"}</label>
                        <div class="control-row">
                            <input id="m-slider" data-testid="m-slider" type="range"
                                min={m_to_slider(8).to_string()} max={m_to_slider(MAX_M).to_string()} step="1"
                                value={m_to_slider(lab.m()).to_string()} oninput={on_m_slider} aria-label="counters m (log scale)" />
                            <input data-testid="m-input" type="number" min={MIN_M.to_string()} max={MAX_M.to_string()}
                                value={lab.m().to_string()} onchange={on_m_input} aria-label="counters m" class="num-input" />
                        </div>
                    </div>
                    <div class="control">
                        <label for="k-slider">{ format!("hash functions k = {}", lab.k()) }</label>
                        <input id="k-slider" data-testid="k-slider" type="range" min="1" max={max_k.to_string()}
                            value={lab.k().to_string()} oninput={on_k} />
                    </div>
                    <div class="control">
                        <label for="w-slider">{ format!("counter width w = {} bits (saturates at {})", lab.w(), group_digits(lab.saturation() as u64)) }</label>
                        <input id="w-slider" data-testid="w-slider" type="range" min={MIN_W.to_string()} max={MAX_W.to_string()}
                            value={lab.w().to_string()} oninput={on_w} />
                    </div>
                    <div class="control">
                        <label for="mode-select">{"estimator"}</label>
                        <select id="mode-select" data-testid="mode-select" onchange={on_mode}>
                            { for Mode::ALL.iter().map(|m| html! {
                                <option value={m.name()} selected={*m == mode}>{ format!("{} — {}", m.name(), m.title()) }</option>
                            }) }
                        </select>
                    </div>
                    <div class="control">
                        <label for="hash-select">{"hash family"}</label>
                        <select id="hash-select" data-testid="hash-select" onchange={on_family}>
                            { for HashFamily::ALL.iter().map(|f| html! {
                                <option value={f.name()} selected={*f == family}>{ format!("{} — {}", f.name(), f.describe()) }</option>
                            }) }
                        </select>
                    </div>
                    <CountingReadouts lab={lab.clone()} />
                    <MultisetTable rows={lab.rows()} named={lab.distinct_named()} damage={lab.damage().to_vec()} on_pick={on_pick} />
                    <p class="trace-note" data-testid="op-count" data-value={lab.ops().len().to_string()}>
                        { format!("{} operation{} in the history (the link replays them).", lab.ops().len(), if lab.ops().len() == 1 { "" } else { "s" }) }</p>
                    <button type="button" class="button subtle" data-testid="clear-button" onclick={on_clear}>{"Clear the filter"}</button>
                </aside>
            </div>
            <CountingPresetsList page={props.page.clone()} />
            <CountingExperimentPanel
                points={exp.map(|e| e.points().to_vec()).unwrap_or_default()}
                done={exp.map(|e| e.done()).unwrap_or(0)} total={exp.map(|e| e.total()).unwrap_or(0)}
                seed={exp.map(|e| e.seed)} distinct={exp.map(|e| e.distinct()).unwrap_or(0)}
                top_count={exp.map(|e| e.top_count()).unwrap_or(0)}
                k={exp.map(|e| e.k()).unwrap_or(lab.k())} family={AttrValue::from(exp.map(|e| e.family()).unwrap_or(family).name())}
                on_run={on_run} />
        </section>
    }
}
