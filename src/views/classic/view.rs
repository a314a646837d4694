//! The classic Bloom filter playground (`view=classic`).

use yew::prelude::*;

use crate::core::draw::text::{group_digits, shorten};
use crate::core::engine::hashing::HashFamily;
use crate::core::labs::classic::{Shown, MAX_K, MAX_M, MIN_M};
use crate::core::link::page::PageParams;
use crate::core::link::query::Query;
use crate::hooks::input::{
    dispatch_change, dispatch_input, dispatch_number, dispatch_pick, dispatch_submit, dispatch_with_text, parsed,
};
use crate::hooks::{use_address_sync, use_next_slice};
use crate::views::classic::bulk_controls::BulkControls;
use crate::views::classic::item_list::ItemList;
use crate::views::classic::readouts::FilterReadouts;
use crate::views::classic::state::{ClassicAction, ClassicState};
use crate::widgets::bit_array_canvas::BitArrayCanvas;
use crate::widgets::hash_trace_table::HashTraceTable;
use crate::widgets::notice_list::NoticeList;
use crate::widgets::verdict_banner::VerdictBanner;

#[derive(Properties, PartialEq)]
pub struct ClassicViewProps {
    pub page: PageParams,
    pub query: Query,
}

/// The m slider works on log2(m) in steps of 1/8.
const SLIDER_STEPS_PER_DOUBLING: f64 = 8.0;
/// Generated items scanned when pointing at a bit (beyond this, an estimate is shown).
const WHO_SET_SCAN_LIMIT: u64 = 200_000;

fn slider_to_m(v: f64) -> u64 {
    (2f64.powf(v / SLIDER_STEPS_PER_DOUBLING).round() as u64).clamp(MIN_M, MAX_M)
}

fn m_to_slider(m: u64) -> f64 {
    ((m as f64).log2() * SLIDER_STEPS_PER_DOUBLING).round()
}

#[function_component(ClassicView)]
pub fn classic_view(props: &ClassicViewProps) -> Html {
    let state = use_reducer(|| ClassicState::from_query(&props.query));
    let lab = state.lab.clone();
    let input = use_node_ref();

    // Keep the address in step with the state.
    use_address_sync(&props.page, lab.to_query_pairs());
    // Hash pending generated items one slice at a time, yielding to the page in between.
    let next = (lab.pending() > 0).then(|| {
        let dispatcher = state.dispatcher();
        Callback::from(move |_| dispatcher.dispatch(ClassicAction::Work))
    });
    use_next_slice((lab.version(), lab.pending()), next);

    let on_submit = dispatch_submit(state.dispatcher(), input.clone(), ClassicAction::Insert);
    let on_lookup = dispatch_with_text(state.dispatcher(), input.clone(), ClassicAction::Lookup);
    let on_pick = dispatch_pick(state.dispatcher(), input.clone(), ClassicAction::Lookup);
    let on_m_slider = dispatch_input(state.dispatcher(), |v| parsed::<f64>(v).map(slider_to_m), ClassicAction::SetM);
    let on_m_input = dispatch_number(state.dispatcher(), lab.m().to_string(), ClassicAction::SetM);
    let on_k = dispatch_input(state.dispatcher(), parsed::<u32>, ClassicAction::SetK);
    let on_family = dispatch_change(state.dispatcher(), HashFamily::parse, ClassicAction::SetFamily);
    let on_bulk = {
        let state = state.clone();
        Callback::from(move |(kind, count)| state.dispatch(ClassicAction::Bulk(kind, count)))
    };
    let on_clear = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(ClassicAction::Clear))
    };
    let on_dismiss = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(ClassicAction::DismissNotices))
    };
    let describe = {
        let lab = lab.clone();
        Callback::from(move |(start, end): (u64, u64)| describe_bits(&lab, start, end))
    };

    let shown = lab.shown().cloned();
    let positions: Vec<u64> = shown.as_ref().map(|s| s.trace().positions().collect()).unwrap_or_default();
    let family = lab.family();
    let max_k = family.max_k().unwrap_or(MAX_K).min(MAX_K);

    html! {
        <section class="classic">
            <header class="view-head">
                <h1>{"Classic Bloom filter"}</h1>
                <p>{"Type an item and press Enter to insert it: its k hashes each set one bit. Look an item up to see whether all its bits are 1."}</p>
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
                        <button type="button" class="button" data-testid="lookup-button" onclick={on_lookup}>{"Look up"}</button>
                    </form>
                    if let Some(Shown::LookedUp { trace, verdict, truth }) = shown.clone() {
                        <VerdictBanner {trace} {verdict} {truth} />
                    }
                    <BitArrayCanvas bits={lab.filter().shared_bits()} positions={positions} describe={describe} label="Bloom filter of"
                        busy={lab.pending() > 0} />
                    <p class="legend">
                        <span class="swatch zero"></span>{"0"}
                        <span class="swatch one"></span>{"1"}
                        <span class="swatch hit"></span>{"the current item's bits"}
                        <span class="swatch miss"></span>{"a 0 that rules an item out"}
                    </p>
                    if let Some(s) = &shown {
                        <HashTraceTable trace={s.trace().clone()} m={lab.m()} family={family}
                            inserted={matches!(s, Shown::Inserted(_))} />
                    }
                </div>
                <aside class="controls">
                    <div class="control">
                        <label for="m-slider">{"bits m"}</label>
                        <div class="control-row">
                            <input id="m-slider" data-testid="m-slider" type="range"
                                min={m_to_slider(8).to_string()} max={m_to_slider(1 << 20).to_string()} step="1"
                                value={m_to_slider(lab.m()).to_string()} oninput={on_m_slider} aria-label="bits m (log scale)" />
                            <input data-testid="m-input" type="number" min={MIN_M.to_string()} max={MAX_M.to_string()}
                                value={lab.m().to_string()} onchange={on_m_input} aria-label="bits m" class="num-input" />
                        </div>
                    </div>
                    <div class="control">
                        <label for="k-slider">{ format!("hash functions k = {}", lab.k()) }</label>
                        <input id="k-slider" data-testid="k-slider" type="range" min="1" max={max_k.to_string()}
                            value={lab.k().to_string()} oninput={on_k} />
                    </div>
                    <div class="control">
                        <label for="hash-select">{"hash family"}</label>
                        <select id="hash-select" data-testid="hash-select" onchange={on_family}>
                            { for HashFamily::ALL.iter().map(|f| html! {
                                <option value={f.name()} selected={*f == family}>{ format!("{} — {}", f.name(), f.describe()) }</option>
                            }) }
                        </select>
                    </div>
                    <FilterReadouts m={lab.m()} k={lab.k()} n={lab.n()} ones={lab.filter().bits().count_ones() as u64}
                        optimal_k={lab.optimal_k()} />
                    <BulkControls done={lab.generated_processed()} total={lab.generated_total()}
                        disabled={family == HashFamily::Ullman} on_bulk={on_bulk} />
                    <ItemList items={lab.items().to_vec()} batches={lab.batches().to_vec()} on_pick={on_pick} />
                    <button type="button" class="button subtle" data-testid="clear-button" onclick={on_clear}>{"Clear the filter"}</button>
                </aside>
            </div>
        </section>
    }
}

/// Says what bits `start..end` hold and which items set them.
fn describe_bits(lab: &crate::core::labs::classic::ClassicLab, start: u64, end: u64) -> String {
    let bits = lab.filter().bits();
    if end - start > 1 {
        let ones = bits.count_range(start as usize, end as usize);
        return format!(
            "bits {}–{}: {} of {} set (each pixel here shows {} bits)",
            group_digits(start),
            group_digits(end - 1),
            ones,
            end - start,
            end - start
        );
    }
    if !bits.get(start as usize) {
        return format!("bit {start} is 0: no inserted item hashes here");
    }
    let (typed, generated) = lab.who_set(start, WHO_SET_SCAN_LIMIT);
    let mut parts: Vec<String> = typed.iter().take(8).map(|s| format!("\u{201c}{}\u{201d}", shorten(s, 24))).collect();
    if typed.len() > 8 {
        parts.push(format!("{} more typed items", typed.len() - 8));
    }
    match generated {
        Some(0) => {}
        Some(g) => parts.push(format!("{} generated item{}", group_digits(g), if g == 1 { "" } else { "s" })),
        None => {
            let expected = lab.generated_done() as f64 * lab.k() as f64 / lab.m() as f64;
            parts.push(format!("about {expected:.1} generated items (too many to scan while you point)"));
        }
    }
    format!("bit {start} is 1, set by {}", parts.join(", "))
}
