//! Two filters A and B, their OR and AND drawn one above the other; how many items each holds,
//! estimated from its fill; the AND against a filter built from A ∩ B.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::cells::{col_heads, num_cell, para, row_head};

use crate::hooks::page::{PageAction, PageHandle};
use crate::widgets::arrays::bit_array_canvas::BitArrayCanvas;
use bloomlab_core::engine::bitvec::BitVec;
use bloomlab_core::labs::toolbox::sets::{Rate, SetPair};
use bloomlab_core::labs::toolbox::{Side, Toolbox, ToolboxEdit, ToolboxLab};
use bloomlab_core::text::{format_probability, group_digits};

fn array(label: &str, layer: &'static str, bits: &BitVec) -> Html {
    let b = Rc::new(bits.clone());
    let describe = {
        let b = b.clone();
        Callback::from(move |(start, _): (u64, u64)| format!("bit {start} is {}", u8::from(b.get(start as usize))))
    };
    html! {
        <div class="set-array">
            <h3>{ label.to_string() }<span class="muted small">{ format!(" · {} bits set", group_digits(bits.count_ones() as u64)) }</span></h3>
            <BitArrayCanvas bits={b} layer={Some(AttrValue::from(layer))} describe={describe} label={format!("Filter {label} of")} />
        </div>
    }
}

fn rate_row(filter: &'static str, title: &str, r: &Rate, lab: &ToolboxLab, n: u64) -> Html {
    let (lo, hi) = r.interval();
    html! {
        <tr data-testid="fp-empirical" data-filter={filter} data-m={lab.m.to_string()} data-n={n.to_string()} data-k={lab.k.to_string()}
            data-trials={r.trials.to_string()} data-value={r.value().to_string()}>
            { row_head(title.to_string()) }{ num_cell(format_probability(r.value())) }
            { num_cell(format!("{} – {}", format_probability(lo), format_probability(hi))) }
        </tr>
    }
}

/// The panel: the item controls, the four arrays, the size estimates and the AND's false positives.
pub fn sets_panel(lab: &ToolboxLab, pair: &SetPair, page: &PageHandle<Toolbox>, item_ref: &NodeRef) -> Html {
    html! {
        <section class="panel" aria-labelledby="sets-title">
            <h2 id="sets-title">{"Two filters, their union and their intersection"}</h2>
            { para(format!("A and B have the same m = {}, k = {} and hash family ({}). Their OR is the filter of A ∪ B; their AND contains the filter of A ∩ B, and usually more.", group_digits(lab.m), lab.k, lab.family.name())) }
            { item_controls(page, item_ref) }
            <p class="muted small">{ format!("A: {} typed, {} generated words · B: {} typed, {} generated (B's generated words start halfway through A's, so they share some).",
                lab.a.len(), group_digits(lab.bulk_a), lab.b.len(), group_digits(lab.bulk_b)) }</p>
            <div class="set-arrays">
                { array("A", "a", &pair.a) }
                { array("B", "b", &pair.b) }
                { array("A OR B", "union", &pair.union) }
                { array("A AND B", "intersection", &pair.intersection) }
            </div>
            { estimate_table(pair) }
            { union_and_intersection(pair) }
            <div class="table-scroll" tabindex="0">
                <table class="data-table">
                    <caption>{ format!("False positives on {} words in neither A nor B", group_digits(pair.and_rate.trials)) }</caption>
                    <thead><tr>{ col_heads(&["filter", "measured", "95 % interval"]) }</tr></thead>
                    <tbody>
                        { rate_row("intersection", "A AND B", &pair.and_rate, lab, pair.truth[3]) }
                        { rate_row("fresh", "built from A ∩ B", &pair.fresh_rate, lab, pair.truth[3]) }
                    </tbody>
                </table>
            </div>
        </section>
    }
}

/// The item field with its buttons: add it to A or B, add generated words, empty both.
fn item_controls(page: &PageHandle<Toolbox>, item_ref: &NodeRef) -> Html {
    let add = |side: Side| {
        let (send, r) = (page.send(move |text| PageAction::Edit(ToolboxEdit::AddItem(side, text))), item_ref.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(el) = r.cast::<web_sys::HtmlInputElement>() else { return };
            let text = el.value();
            if text.trim().is_empty() {
                return;
            }
            el.set_value("");
            send.emit(text);
        })
    };
    let bulk =
        |side: Side, more: u64| page.send(move |_: MouseEvent| PageAction::Edit(ToolboxEdit::AddWords(side, more)));
    let clear = page.send(|_: MouseEvent| PageAction::Edit(ToolboxEdit::Empty));
    html! {
        <div class="control-row">
            <label>{"item "}<input ref={item_ref.clone()} type="text" data-testid="toolbox-item" /></label>
            <button type="button" class="button" onclick={add(Side::A)} data-testid="toolbox-add-a">{"add to A"}</button>
            <button type="button" class="button" onclick={add(Side::B)} data-testid="toolbox-add-b">{"add to B"}</button>
            <button type="button" class="button small" onclick={bulk(Side::A, 100)} data-testid="toolbox-bulk-a">{"+100 words to A"}</button>
            <button type="button" class="button small" onclick={bulk(Side::B, 100)} data-testid="toolbox-bulk-b">{"+100 words to B"}</button>
            <button type="button" class="button small subtle" onclick={clear} data-testid="toolbox-clear">{"empty both"}</button>
        </div>
    }
}

/// Each set's size estimated from its filter's fill, beside the true size.
fn estimate_table(pair: &SetPair) -> Html {
    let est = pair.estimates();
    let names = [("a", "A"), ("b", "B"), ("union", "A ∪ B"), ("intersection", "A ∩ B")];
    html! {
        <div class="table-scroll" tabindex="0">
            <table class="data-table">
                <caption>{"How many items: n̂ = −(m/k)·ln(1 − X/m) from the bits set X; the intersection by n̂(A) + n̂(B) − n̂(A ∪ B)"}</caption>
                <thead><tr>{ col_heads(&["set", "estimated", "true"]) }</tr></thead>
                <tbody>{ for names.iter().enumerate().map(|(i, (key, title))| html! {
                    <tr data-testid="set-estimate" data-set={*key} data-value={est[i].map(|v| v.to_string()).unwrap_or_else(|| "full".into())} data-true={pair.truth[i].to_string()}>
                        { row_head(*title) }
                        { num_cell(est[i].map(|v| format!("{v:.1}")).unwrap_or_else(|| "every bit set: no estimate".into())) }
                        { num_cell(group_digits(pair.truth[i])) }
                    </tr>
                }) }</tbody>
            </table>
        </div>
    }
}

/// Whether A OR B is exactly the filter of A ∪ B, and what A AND B holds beyond the filter of
/// A ∩ B.
fn union_and_intersection(pair: &SetPair) -> Html {
    html! {
        <>
            <p class="set-fact" data-testid="union-exact" data-value={pair.union_exact.to_string()}>
                { if pair.union_exact { "A OR B has exactly the bits of a filter built from A ∪ B: the union loses nothing." } else { "A OR B differs from the filter of A ∪ B." } }
            </p>
            <p class="set-fact" data-testid="intersection-extra" data-value={pair.extra_bits.to_string()}>
                { if pair.extra_bits == 0 {
                    format!("Here A AND B is exactly the filter built from A ∩ B ({} items): no bit is set in A by one item and in B by another — yet.", group_digits(pair.truth[3]))
                } else {
                    format!("A AND B keeps {} bit(s) that a filter built from A ∩ B ({} items) does not have: bits set in A by one item and in B by another.",
                        group_digits(pair.extra_bits), group_digits(pair.truth[3]))
                } }
            </p>
        </>
    }
}
