//! The classic Bloom filter playground (`view=classic`).

use yew::prelude::*;

use crate::views::ViewProps;

use crate::hooks::page::{use_page, PageAction, PageHandle};
use crate::views::classic::bulk_controls::bulk_controls;
use crate::views::classic::item_list::item_list;
use crate::views::classic::readouts::filter_readouts;
use crate::widgets::arrays::bit_array_canvas::BitArrayCanvas;
use crate::widgets::arrays::trace_table::hash_trace_table;
use crate::widgets::arrays::verdict_banner::verdict_banner;
use crate::widgets::inputs::dataset_picker::DatasetPicker;
use crate::widgets::inputs::filter_controls::{family_select, k_control, m_control};
use crate::widgets::inputs::item_form::{item_form, FormButton};
use crate::widgets::notice_list::notice_list;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::labs::classic::{Classic, ClassicEdit, ClassicLab, LastItem, SHAPE};
use bloomlab_core::text::{group_digits, shorten};

/// Generated items scanned when pointing at a bit (beyond this, an estimate is shown).
const WHO_SET_SCAN_LIMIT: u64 = 200_000;

#[function_component(ClassicView)]
pub fn classic_view(props: &ViewProps) -> Html {
    let page = use_page::<Classic>(&props.query, &props.page);
    let state = &page.state;
    let lab = state.run.borrow();
    let input = use_node_ref();

    html! {
        <section class="classic">
            <header class="view-head">
                <h1>{"Classic Bloom filter"}</h1>
                <p>{"Type an item and press Enter to insert it: its k hashes each set one bit. Look an item up to see whether all its bits are 1."}</p>
            </header>
            { notice_list(&state.notices, Some(&page.dismiss())) }
            <div class="stage-grid">
                { stage(&page, &lab, &input) }
                { controls(&page, &lab, &input) }
            </div>
        </section>
    }
}

/// The stage: the form, the lookup's verdict, the bit array and the last item's hashes.
fn stage(page: &PageHandle<Classic>, lab: &ClassicLab, input: &NodeRef) -> Html {
    let (on_insert, on_lookup) = (page.edit(ClassicEdit::Insert), page.edit(ClassicEdit::Lookup));
    let describe = {
        let run = page.state.run.clone();
        Callback::from(move |(start, end): (u64, u64)| describe_bits(&run.borrow(), start, end))
    };
    let shown = lab.shown();
    let positions: Vec<u64> = shown.map(|s| s.trace().positions().collect()).unwrap_or_default();
    let family = lab.family();
    html! {
        <div class="stage">
            <h2 class="visually-hidden">{"The filter"}</h2>
            { item_form(input, "Item", family.example_item(), &on_insert,
                vec![FormButton { testid: "lookup-button", label: "Look up", on_text: on_lookup }]) }
            if let Some(LastItem::LookedUp { trace, verdict, truth }) = shown {
                { verdict_banner(trace, *verdict, *truth) }
            }
            <BitArrayCanvas bits={lab.filter().shared_bits()} positions={positions} describe={describe} label="Bloom filter of"
                busy={lab.pending() > 0} />
            <p class="legend">
                <span class="swatch zero"></span>{"0"}
                <span class="swatch one"></span>{"1"}
                <span class="swatch hit"></span>{"the current item's bits"}
                <span class="swatch miss"></span>{"a 0 that rules an item out"}
            </p>
            if let Some(s) = shown {
                { hash_trace_table(s.trace(), lab.m(), family, matches!(s, LastItem::Inserted(_)), true) }
            }
        </div>
    }
}

/// The side column: the filter's shape, the readouts, bulk items, a file, the items and the clear
/// button.
fn controls(page: &PageHandle<Classic>, lab: &ClassicLab, input: &NodeRef) -> Html {
    let on_pick = page.pick(input, ClassicEdit::Lookup);
    let (on_m, on_k, on_family) =
        (page.edit(ClassicEdit::M), page.edit(ClassicEdit::K), page.edit(ClassicEdit::Family));
    let on_bulk = page.send(|(kind, count)| PageAction::Edit(ClassicEdit::Bulk(kind, count)));
    let on_dataset = page.edit(ClassicEdit::File);
    let on_problem = page.send(PageAction::Problem);
    let on_clear_dataset = page.send(|()| PageAction::Edit(ClassicEdit::NoFile));
    let on_clear = page.send(|_: MouseEvent| PageAction::Edit(ClassicEdit::Clear));
    let family = lab.family();
    html! {
        <aside class="controls">
            { m_control("bits", &SHAPE, lab.m(), 1 << 20, &on_m) }
            { k_control(&SHAPE, family, lab.k(), &on_k) }
            { family_select(family, &SHAPE.hash, lab.m(), &on_family) }
            { filter_readouts(lab.m(), lab.k(), lab.n(), lab.filter().bits().count_ones() as u64, lab.optimal_k()) }
            { bulk_controls(lab.generated_processed(), lab.generated_total(),
                (family == HashFamily::Ullman).then_some("the ullman hashes take whole numbers only: switch to another family"),
                &on_bulk) }
            <DatasetPicker current={page.state.model.file().cloned()} on_dataset={on_dataset} on_problem={on_problem}
                on_clear={Some(on_clear_dataset)} what="URLs or words" />
            { item_list(lab.items(), lab.batches(), lab.file(), &on_pick) }
            <button type="button" class="button subtle" data-testid="clear-button" onclick={on_clear}>{"Clear the filter"}</button>
        </aside>
    }
}

/// Says what bits `start..end` hold and which items set them.
fn describe_bits(lab: &ClassicLab, start: u64, end: u64) -> String {
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
        Some(g) => parts.push(format!("{} generated or file item{}", group_digits(g), if g == 1 { "" } else { "s" })),
        None => {
            let expected = (lab.n() - typed.len() as u64) as f64 * lab.k() as f64 / lab.m() as f64;
            parts.push(format!("about {expected:.1} generated or file items (too many to scan while you point)"));
        }
    }
    format!("bit {start} is 1, set by {}", parts.join(", "))
}
