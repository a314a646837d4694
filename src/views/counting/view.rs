//! The counting (spectral) Bloom filter (`view=counting`): counters instead of bits, insert,
//! delete and look up, three estimators, saturating w-bit counters, failure modes and an
//! experiment.

use yew::prelude::*;

use crate::views::ViewProps;

use crate::hooks::page::{use_page, PageAction, PageHandle};
use crate::views::counting::counter_canvas::CounterArrayCanvas;
use crate::views::counting::experiment_panel::CountingExperimentPanel;
use crate::views::counting::multiset_table::multiset_table;
use crate::views::counting::readouts::counting_readouts;
use crate::views::counting::trace_table::counting_trace_table;
use crate::views::counting::verdict::counting_verdict;
use crate::widgets::inputs::filter_controls::{family_select, k_control, m_control};
use crate::widgets::inputs::item_form::{item_form, FormButton};
use crate::widgets::inputs::number_field::range_field;
use crate::widgets::inputs::preset_links::preset_links;
use crate::widgets::notice_list::notice_list;
use crate::widgets::question::use_question_box;
use bloomlab_core::engine::counting::{Counters, Mode};
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::labs::counting::experiment::Experiment;
use bloomlab_core::labs::counting::presets::presets;
use bloomlab_core::labs::counting::{CountingEdit, CountingLab, FORCE, MAX_M, MODE, SHAPE, W};
use bloomlab_core::text::{group_digits, shorten};

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
pub fn counting_view(props: &ViewProps) -> Html {
    let page = use_page::<CountingLab>(&props.query, &props.page);
    let lab = &*page.state.model;
    let input = use_node_ref();
    let on_pick = page.pick(&input, CountingEdit::Lookup);
    let on_run = page.edit(CountingEdit::Experiment);
    let on_clear = page.send(|_: MouseEvent| PageAction::Edit(CountingEdit::Clear));
    let (question, hide) = use_question_box(&props.page, lab.delete_question());

    html! {
        <section class={classes!("counting", hide.class())}>
            <header class="view-head">
                <h1>{"Counting (spectral) Bloom filter"}</h1>
                <p>{ format!(
                    "Each position holds a {}-bit counter instead of a bit. Inserting adds to an item's k counters, deleting takes away, and the smallest of its counters estimates how often it was inserted. This page also keeps the true multiset, so it can tell you when the filter is wrong.",
                    lab.w()) }</p>
            </header>
            { notice_list(&page.state.notices, Some(&page.dismiss())) }
            { question }
            <div class="stage-grid">
                { stage(&page, lab, &input) }
                { controls(&page, lab, &on_pick, on_clear) }
            </div>
            <section class="presets" data-testid="presets">
                <h2>{"What goes right, and what goes wrong"}</h2>
                { preset_links("preset-link", &presets(), &props.page, "preset-list") }
            </section>
            { experiment_panel(lab, page.state.run.borrow().as_ref(), on_run) }
        </section>
    }
}

/// The stage: the form, the last item's answer, the counter arrays (the secondary filter's too,
/// in Recurring Minimum mode), its trace and what the mode does.
fn stage(page: &PageHandle<CountingLab>, lab: &CountingLab, input: &NodeRef) -> Html {
    let (on_insert, on_delete, on_lookup) =
        (page.edit(CountingEdit::Insert), page.edit(CountingEdit::Delete), page.edit(CountingEdit::Lookup));
    let on_force = page.send(|e: Event| {
        let el: web_sys::HtmlInputElement = e.target_unchecked_into();
        PageAction::Fields(vec![(FORCE.name, if el.checked() { "1" } else { "0" }.to_string())])
    });
    let describe_primary = {
        let model = page.state.model.clone();
        Callback::from(move |(s, e): (u64, u64)| describe(&model, s, e, false))
    };
    let shown = lab.shown();
    let filter = lab.filter();
    let positions: Vec<u64> = shown.map(|s| s.trace.positions()).unwrap_or_default();
    let minimum = minimum_positions(filter.counters(), &positions, shown.map(|s| s.trace.estimate.primary_min));
    let family = lab.family();
    html! {
        <div class="stage">
            <h2 class="visually-hidden">{"The filter"}</h2>
            { item_form(input, "Item", family.example_item(), &on_insert, vec![
                FormButton { testid: "delete-button", label: "Delete", on_text: on_delete },
                FormButton { testid: "lookup-button", label: "Look up", on_text: on_lookup },
            ]) }
            <label class="force-toggle">
                <input type="checkbox" data-testid="force-toggle" checked={lab.force()} onchange={on_force} />
                {" show me what goes wrong: allow deleting items the filter says are absent"}
            </label>
            if let Some(s) = shown {
                { counting_verdict(s) }
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
            { secondary_array(page, lab) }
            if let Some(s) = shown {
                // Its counters after a delete answer the delete's question: held back while it is open.
                <div class="answers">{ counting_trace_table(&s.trace, lab.m(), filter.secondary().map(|c| c.len() as u64), lab.saturation(), family) }</div>
            }
            { mode_note(lab.mode(), lab.saturation()) }
        </div>
    }
}

/// The secondary filter's counters (Recurring Minimum mode only), the last item's ringed.
fn secondary_array(page: &PageHandle<CountingLab>, lab: &CountingLab) -> Html {
    let filter = lab.filter();
    let Some(sec) = filter.shared_secondary() else { return html! {} };
    let shown = lab.shown();
    let sec_positions: Vec<u64> = shown.map(|s| s.trace.secondary_positions()).unwrap_or_default();
    let sec_minimum = match (filter.secondary(), shown) {
        (Some(sec), Some(s)) => minimum_positions(sec, &sec_positions, s.trace.estimate.secondary_min),
        _ => Vec::new(),
    };
    let describe_secondary = {
        let model = page.state.model.clone();
        Callback::from(move |(s, e): (u64, u64)| describe(&model, s, e, true))
    };
    html! {
        <>
            <h3 class="secondary-head">{ format!("Secondary filter (Recurring Minimum): {} counters", group_digits(sec.len() as u64)) }</h3>
            <CounterArrayCanvas counters={sec} positions={sec_positions} minimum={sec_minimum}
                layer="secondary" describe={describe_secondary} label="Secondary filter of" />
        </>
    }
}

/// What the estimator `mode` does on insert, delete and lookup.
fn mode_note(mode: Mode, saturation: u32) -> Html {
    html! {
        <div class="mode-note">
            <h3>{ mode.title() }</h3>
            <p>{ match mode {
                Mode::Min => format!("Insert adds 1 to all k counters; delete takes 1 from all k; the estimate is the smallest. Other items can only add, so while you delete only what you inserted the estimate is never below the truth (unless a true count passes 2^w − 1 = {}, where counters stop), and a lookup errs exactly like a Bloom filter's: until a saturated counter is deleted from, the counters above 0 are the Bloom filter's bits.", saturation),
                Mode::Mi => format!("Insert adds 1 only to the counters that hold the item's current minimum, so shared counters grow less and estimates are tighter. Without deletes it never undercounts (unless a true count passes 2^w − 1 = {}). But a delete cannot undo what an insert never did: taking 1 from all k counters undercounts other items.", saturation),
                Mode::Rm => "If the smallest counter value appears at least twice among the item's counters (a recurring minimum), it is trusted. If it appears once, the item is likely inflated by a collision, so it is also kept in a smaller secondary filter, which answers for it when it holds the item.".to_string(),
            } }</p>
        </div>
    }
}

/// The side column: the filter's shape, the estimator, the readouts, the multiset and the
/// history's length.
fn controls(
    page: &PageHandle<CountingLab>,
    lab: &CountingLab,
    on_pick: &Callback<String>,
    on_clear: Callback<MouseEvent>,
) -> Html {
    let (on_m, on_k, on_w) = (page.field_text(SHAPE.m.name), page.field_text(SHAPE.k.name), page.slider(W.name));
    let on_mode = page.field(MODE.name);
    let on_family = page.send(|f: HashFamily| PageAction::Fields(vec![(SHAPE.hash.name, f.name().to_string())]));
    let family = lab.family();
    let mode = lab.mode();
    html! {
        <aside class="controls">
            { m_control("counters", &SHAPE, lab.m(), MAX_M, &on_m) }
            { k_control(&SHAPE, family, lab.k(), &on_k) }
            <div class="control">
                <label for="w-slider">{ format!("counter width w = {} bits (saturates at {})", lab.w(), group_digits(lab.saturation() as u64)) }</label>
                { range_field(&W, "w-slider", lab.w().to_string(), on_w, "w-slider") }
            </div>
            <div class="control">
                <label for="mode-select">{"estimator"}</label>
                <select id="mode-select" data-testid="mode-select" name={MODE.name} onchange={on_mode}>
                    { for Mode::ALL.iter().map(|m| html! {
                        <option value={m.name()} selected={*m == mode}>{ format!("{} — {}", m.name(), m.title()) }</option>
                    }) }
                </select>
            </div>
            { family_select(family, &SHAPE.hash, lab.m(), &on_family) }
            { counting_readouts(lab) }
            { multiset_table(&lab.rows(), lab.distinct_named(), lab.damage(), on_pick) }
            <p class="trace-note" data-testid="op-count" data-value={lab.ops().len().to_string()}>
                { format!("{} operation{} in the history (the link replays them).", lab.ops().len(), if lab.ops().len() == 1 { "" } else { "s" }) }</p>
            <button type="button" class="button subtle" data-testid="clear-button" onclick={on_clear}>{"Clear the filter"}</button>
        </aside>
    }
}

/// The experiment's panel: its points so far, or the current shape when none has run.
fn experiment_panel(lab: &CountingLab, exp: Option<&Experiment>, on_run: Callback<String>) -> Html {
    html! {
        <CountingExperimentPanel
            points={exp.map(|e| e.points().to_vec()).unwrap_or_default()}
            done={exp.map(|e| e.done()).unwrap_or(0)} total={exp.map(|e| e.total()).unwrap_or(0)}
            seed={exp.map(|e| e.seed)} distinct={exp.map(|e| e.distinct()).unwrap_or(0)}
            top_count={exp.map(|e| e.top_count()).unwrap_or(0)}
            k={exp.map(|e| e.k()).unwrap_or(lab.k())} family={AttrValue::from(exp.map(|e| e.family()).unwrap_or(lab.family()).name())}
            on_run={on_run} />
    }
}
