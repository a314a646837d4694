//! The multi-layer Bloom filter for duplicate URLs (`view=mlbf`).

use std::rc::Rc;

use yew::prelude::*;

use crate::views::ViewProps;

use crate::hooks::input::value_of;
use crate::hooks::page::{use_plain_page, PageAction, PageHandle};
use crate::parts::{use_part, Ask, News, PartState, COMPARE};
use crate::views::mlbf::compare_panel::compare_panel;
use crate::views::mlbf::layer_trace_table::layer_trace_table;
use crate::views::mlbf::layer_verdict_list::layer_verdict_list;
use crate::views::mlbf::url_layer_split::url_layer_split;
use crate::views::mlbf::url_tree::url_tree;
use crate::views::mlbf::verdict::mlbf_verdict;
use crate::views::mlbf::xor_trace_table::xor_trace_table;
use crate::widgets::arrays::bit_array_canvas::BitArrayCanvas;
use crate::widgets::charts::theory::theory_row;
use crate::widgets::inputs::filter_controls::{family_select, k_control, m_control};
use crate::widgets::inputs::item_form::{item_form, FormButton};
use crate::widgets::inputs::number_field::range_field;
use crate::widgets::inputs::preset_links::preset_links;
use crate::widgets::notice_list::notice_list;
use crate::widgets::question::use_question_box;
use bloomlab_core::data::url_layers::EMPTY_MARKER_SHOWN;
use bloomlab_core::engine::filter::Verdict;
use bloomlab_core::engine::formulas;
use bloomlab_core::labs::mlbf::{presets, MlbfEdit, MlbfLab, LAYERS, MAX_M, SHAPE};
use bloomlab_core::text::{group_digits, shorten};

#[function_component(MlbfView)]
pub fn mlbf_view(props: &ViewProps) -> Html {
    let page = use_plain_page::<MlbfLab>(&props.query, &props.page);
    let lab = page.state.model.clone();
    let input = use_node_ref();

    let part = use_compare_part(&page, lab.compare_requested());
    let (on_insert, on_lookup) = (page.edit(MlbfEdit::Insert), page.edit(MlbfEdit::Lookup));
    let on_clear = page.send(|_: MouseEvent| PageAction::Edit(MlbfEdit::Clear));
    let on_run = page.send(|_: MouseEvent| {
        COMPARE.load(Ask::Run);
        PageAction::Edit(MlbfEdit::Compare)
    });
    let on_picker = Callback::from(|_: MouseEvent| COMPARE.load(Ask::Read));
    let (question, hide) = use_question_box(&props.page, lab.xor_question());

    html! {
        <section class={classes!("mlbf", hide.class())}>
            <header class="view-head">
                <h1>{"Multi-layer Bloom filter for duplicate URLs"}</h1>
                <p>{"A crawler asks of every link: have I seen this URL before? The multi-layer filter (Cen, Xu and Sun, 2010) splits a URL at its slashes — host, then path segments — and gives each depth its own Bloom filter. Because segments of different URLs could then be mixed, an extra XOR layer records, for each hash, the XOR of the layers' positions."}</p>
            </header>
            { notice_list(&page.state.notices, Some(&page.dismiss())) }
            { question }
            <div class="stage-grid mlbf-grid">
                { stage(&lab, &input, &on_insert, on_lookup) }
                { controls(&page, &lab, on_clear) }
            </div>
            <section class="presets mlbf-presets">
                <h2>{"Examples to open"}</h2>
                { preset_links("mlbf-preset", &presets(), &props.page, "preset-list") }
            </section>
            { compare_panel(&lab, part, on_run, on_picker) }
        </section>
    }
}

/// The comparison's bundle: fetched at once on a `compare=1` link, moved into the panel's slot if
/// the panel was drawn anew, and heard when a run starts (the link says what it runs on). Whether
/// it stands.
#[hook]
fn use_compare_part(page: &PageHandle<MlbfLab>, at_once: bool) -> PartState {
    let d = page.state.dispatcher();
    use_effect_with((), move |_| {
        if !COMPARE.attach() && at_once {
            COMPARE.load(Ask::Nothing);
        }
        let (file, crawl) = (d.clone(), d);
        let heard = [
            COMPARE.hear(News::OnFile, move || file.dispatch(PageAction::Edit(MlbfEdit::Compared(true)))),
            COMPARE.hear(News::OnCrawl, move || crawl.dispatch(PageAction::Edit(MlbfEdit::Compared(false)))),
        ];
        move || drop(heard)
    });
    use_part(COMPARE)
}

/// The stage: the form, the last URL's split and verdict, the URL tree, the layers' arrays and the
/// last URL's hashes.
fn stage(lab: &Rc<MlbfLab>, input: &NodeRef, on_insert: &Callback<String>, on_lookup: Callback<String>) -> Html {
    let shown = lab.shown();
    let (layers, m, n) = (lab.layers(), lab.m(), lab.n());
    html! {
        <div class="stage">
            { item_form(input, "URL", "a URL, e.g. example.com/docs/intro", on_insert,
                vec![FormButton { testid: "lookup-button", label: "Look up", on_text: on_lookup }]) }
            if let Some(s) = shown {
                { url_layer_split(&s.typed, &s.url, &s.keys) }
                if let Some(truth) = s.truth {
                    { mlbf_verdict(&s.url.normalized(), &s.trace, truth) }
                    { layer_verdict_list(&s.trace) }
                }
            }
            { preset_explanation(lab) }
            <h2 class="tree-head">{ format!("The URL tree ({} URL{})", group_digits(n), if n == 1 { "" } else { "s" }) }</h2>
            { url_tree(lab.segments(), shown.map(|s| s.url.segments.as_slice()), layers) }
            <h2>{ format!("{} layers and the XOR layer, {} bits each", layers, group_digits(m)) }</h2>
            <p class="legend">
                <span class="swatch zero"></span>{"0"}
                <span class="swatch one"></span>{"1"}
                <span class="swatch hit"></span>{"the current URL's bits"}
                <span class="swatch miss"></span>{"a 0 that rules the URL out"}
            </p>
            <div class="layer-arrays">{ for (0..=layers).map(|i| layer_panel(lab, i)) }</div>
            if let Some(s) = shown {
                { xor_trace_table(&s.url.normalized(), &s.trace, m, !s.is_lookup()) }
                <h3>{ if s.is_lookup() { "Each layer's hashes (looking up)" } else { "Each layer's hashes (inserting)" } }</h3>
                { layer_trace_table(&s.trace, m, !s.is_lookup()) }
            }
        </div>
    }
}

/// Layer `i`'s array (`i == layers`: the XOR layer) with its title, the last URL's key for it,
/// the lookup's verdict there and the last URL's positions.
fn layer_panel(lab: &Rc<MlbfLab>, i: usize) -> Html {
    let shown = lab.shown();
    let is_xor = i == lab.layers();
    let bits = if is_xor { lab.filter().xor_bits() } else { lab.filter().layer_bits(i) };
    let positions: Vec<u64> = match shown {
        Some(s) if is_xor => s.trace.xor_positions(),
        Some(s) => s.trace.layers[i].steps.iter().map(|st| st.position).collect(),
        None => Vec::new(),
    };
    let describe = {
        let lab = lab.clone();
        Callback::from(move |(start, end): (u64, u64)| {
            describe_bits(&lab, if is_xor { None } else { Some(i) }, start, end)
        })
    };
    let (title, key) = if is_xor {
        ("XOR layer".to_string(), "no hashes of its own: bit (p₁ ⊕ … ⊕ p_L) mod m for each hash".to_string())
    } else {
        let key = shown.map(|s| {
            let k = &s.trace.layers[i].key;
            if k.is_empty() {
                EMPTY_MARKER_SHOWN.to_string()
            } else {
                format!("\u{201c}{}\u{201d}", shorten(k, 40))
            }
        });
        (format!("Layer {}", i + 1), key.unwrap_or_default())
    };
    let verdict = shown.filter(|s| s.is_lookup()).and_then(|s| {
        if is_xor {
            s.trace.xor_asked.then_some(s.trace.xor_verdict)
        } else {
            (i < s.trace.layers_asked).then(|| s.trace.layers[i].verdict)
        }
    });
    html! {
        <div class={classes!("layer-panel", is_xor.then_some("xor-layer"))}>
            <h3 class="layer-title">{ title }<span class="layer-key mono">{ key }</span>
                { match verdict {
                    Some(Verdict::Maybe) => html! { <span class="lv-chip maybe">{"maybe"}</span> },
                    Some(Verdict::Absent) => html! { <span class="lv-chip absent">{"absent"}</span> },
                    None => html! {},
                } }
            </h3>
            <BitArrayCanvas bits={bits} positions={positions} describe={describe}
                layer={Some(AttrValue::from(if is_xor { "xor".to_string() } else { (i + 1).to_string() }))}
                label={if is_xor { "XOR layer of".to_string() } else { format!("layer {} of", i + 1) }} />
        </div>
    }
}

/// The side column: the filter's shape, the readouts, how URLs are split, the clear button.
fn controls(page: &PageHandle<MlbfLab>, lab: &MlbfLab, on_clear: Callback<MouseEvent>) -> Html {
    let (layers, m, k) = (lab.layers(), lab.m(), lab.k());
    let (on_m, on_k) = (page.edit(MlbfEdit::M), page.edit(MlbfEdit::K));
    let on_layers = page.send(|e: InputEvent| PageAction::Edit(MlbfEdit::Layers(value_of(&e))));
    let on_family = page.edit(MlbfEdit::Family);
    html! {
        <aside class="controls">
            { m_control("bits per layer", &SHAPE, m, MAX_M, &on_m) }
            { k_control(&SHAPE, lab.family(), k, &on_k) }
            <div class="control">
                <label for="mlbf-layers">{ format!("layers L = {layers}") }</label>
                { range_field(&LAYERS, "mlbf-layers", layers.to_string(), on_layers, "layers-slider") }
            </div>
            { family_select(lab.family(), &SHAPE.hash, m, &on_family) }
            { readouts(lab) }
            <div class="rules">
                <h3>{"How URLs are split"}</h3>
                <ul>
                    <li>{"Scheme dropped; host lower-cased (IDNA for non-ASCII); ports 80 and 443, #fragments, user:password@ and empty segments dropped; a ?query stays on the last segment."}</li>
                    <li>{ format!("More than {layers} segments: the rest is joined into layer {layers}.") }</li>
                    <li>{"Fewer: missing layers hash an empty marker, so every URL passes every layer."}</li>
                    <li>{"Only http and https addresses, as in the paper."}</li>
                </ul>
            </div>
            <button type="button" class="button subtle" data-testid="clear-button" onclick={on_clear}>{"Clear the filter"}</button>
        </aside>
    }
}

fn readouts(lab: &MlbfLab) -> Html {
    let (m, n, k, l) = (lab.m(), lab.n(), lab.k(), lab.layers());
    let eq4 = formulas::mlbf(m, n, k, l as u32);
    let approx = formulas::approx(m, n, k);
    let ones: Vec<String> = (0..l)
        .map(|i| lab.filter().layer_bits(i).count_ones().to_string())
        .chain(std::iter::once(format!("{} (XOR)", lab.filter().xor_bits().count_ones())))
        .collect();
    html! {
        <div class="readouts" data-testid="stats" data-n={n.to_string()} data-m={m.to_string()} data-k={k.to_string()}
             data-layers={l.to_string()}>
            <dl>
                <div><dt>{"URLs n"}</dt><dd class="num">{ group_digits(n) }</dd></div>
                <div><dt>{"bits in all"}<small class="formula">{"(L + 1)·m"}</small></dt><dd class="num">{ group_digits(lab.filter().total_bits()) }</dd></div>
                <div><dt>{"bits set per layer"}</dt><dd class="num">{ ones.join(" · ") }</dd></div>
                { theory_row("mlbf", (m, n, k), eq4, html! { "FP, the paper's eq. 4" }, "approx^L") }
                { theory_row("approx", (m, n, k), approx, html! { "FP of one classic layer" }, "(1 − e^(−kn/m))^k") }
            </dl>
            <p class="trace-note">{"Eq. 4 assumes every layer holds n different keys. URLs sharing a host or a section put fewer keys in the upper layers — see the measurement below."}</p>
        </div>
    }
}

/// A sentence on what the two special presets show, when the state is theirs.
fn preset_explanation(lab: &MlbfLab) -> Html {
    let Some(s) = lab.shown().filter(|s| s.is_lookup()) else { return html! {} };
    let t = &s.trace;
    let segs = &s.url.segments;
    let repeated = segs.windows(2).any(|w| w[0] == w[1]) || (1..segs.len()).any(|i| segs[..i].contains(&segs[i]));
    if t.xor_asked && t.xor_verdict == Verdict::Absent {
        html! { <p class="explain" data-testid="mlbf-explain" data-case="mixing">
            {"Every layer knows its segment — each was inserted at this depth by some URL — so without the XOR layer this would be a false positive. The XOR of the layers' positions mixes all segments of one URL into one number; segments taken from different URLs give a number that was (very probably) never set. That is why the XOR layer exists."}
        </p> }
    } else if repeated {
        html! { <p class="explain" data-testid="mlbf-explain" data-case="cancel">
            {"This URL repeats a segment. Equal segments hash to equal positions in every layer (the layers share their hash functions), and x ⊕ x = 0: the pair cancels in the XOR. The XOR layer then sees only the other segments, so it cannot tell host/S/S from host/T/T for any S and T (example.com/docs/docs from example.com/blog/blog) — if the layers know T at both depths, the XOR layer says maybe, whatever m is. This comes from the layers sharing their k hash functions, as they do here (the paper leaves it open); seeding each layer differently would break the cancellation."}
        </p> }
    } else {
        html! {}
    }
}

/// Says what bits `start..end` of a layer hold and which URLs set them.
fn describe_bits(lab: &MlbfLab, layer: Option<usize>, start: u64, end: u64) -> String {
    let bits = match layer {
        Some(i) => lab.filter().layer_bits(i),
        None => lab.filter().xor_bits(),
    };
    if end - start > 1 {
        let ones = bits.count_range(start as usize, end as usize);
        return format!("bits {}–{}: {} of {} set", group_digits(start), group_digits(end - 1), ones, end - start);
    }
    if !bits.get(start as usize) {
        return format!("bit {start} is 0: no inserted URL puts a bit here");
    }
    let who = lab.who_set(layer, start);
    let mut parts: Vec<String> = who.iter().take(6).map(|s| format!("\u{201c}{}\u{201d}", shorten(s, 40))).collect();
    if who.len() > 6 {
        parts.push(format!("{}{} more", who.len() - 6, if who.len() > 50 { "+" } else { "" }));
    }
    format!("bit {start} is 1, set by {}", parts.join(", "))
}
