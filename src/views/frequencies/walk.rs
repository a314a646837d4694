//! The walkthrough (`lectures::count_min`): the typed stream stepped one arrival at a time, with
//! the stream drawn and the current arrival marked, the three grids after it (the arriving item's
//! counters highlighted), Misra–Gries's and SpaceSaving's counters, and the shown item's estimates
//! — each with a `walk-…` hook in the whole page's hooks' formats (`walk-cm-grid`,
//! `walk-cs-grid`, `walk-hh-counters`, `walk-estimate`, `walk-stream`).

use yew::prelude::*;

use crate::views::frequencies::grid::Grid;
use crate::widgets::inputs::stepper_controls::stepper_bar;
use crate::widgets::question::Hide;
use bloomlab_core::engine::streams::count_min::Update;
use bloomlab_core::labs::frequencies::FrequenciesLab;
use bloomlab_core::labs::practice::given;
use bloomlab_core::lectures::count_min::{CmWalk, Sketch, Snapshot};
use bloomlab_core::lectures::stepper::{StepAction, Stepper};
use bloomlab_core::link::page::ThemeName;
use bloomlab_core::link::page::STEP_PANEL;
use bloomlab_core::text::trim_float;

/// Steps listed by title at most (a longer stream is stepped with the buttons).
const LISTED: usize = 64;
/// Arrivals drawn in the strip at most: those around the current one.
const DRAWN: usize = 40;

/// The panel: its heading is `cm-walk-title`, its stage the page's `step` focus panel; `snap` is
/// the walk's summaries at the stepper's step.
/// Its question (`question`, asked at the lookup) sits above the stage; while it is open (`hide`),
/// the narration's give-away numbers are masked and the readouts wait.
pub fn walk_panel(
    (walk, snap): (&CmWalk, &Snapshot),
    lab: &FrequenciesLab,
    stepper: Stepper,
    on_step: &Callback<StepAction>,
    aside: Html,
    (question, hide): (Html, &Hide),
) -> Html {
    let step = stepper.step().min(walk.last_step());
    let (title, narration) = lab.walk_text(walk, step, snap);
    let titles: Vec<String> = if walk.last_step() < LISTED {
        (0..=walk.last_step()).map(|i| bloomlab_core::lectures::count_min::title(walk, i)).collect()
    } else {
        Vec::new()
    };
    html! {
        <section class="panel" aria-labelledby="cm-walk-title">
            <h2 id="cm-walk-title">{"The sketches, one arrival at a time"}</h2>
            <p class="muted">{ format!("The typed stream's {} arrivals, one per step, on the same {} rows × {} counters and k = {} counters: \
                what each arrival adds, and at the end one item looked up. Step with ← → and the space bar; every step has its own link.",
                walk.len(), walk.d, walk.w, walk.k) }</p>
            { stepper_bar(stepper, titles, on_step) }
            { question }
            <div class="lecture-grid">
                <section class="stage" aria-labelledby={STEP_PANEL.title_id}>
                    <h3 class="step-title" id={STEP_PANEL.title_id}>{ title }</h3>
                    // A line per sketch (on a projector with several, the arrival's line alone).
                    // (The line breaks stay in the text, as white space between the blocks.)
                    <p class="narration" data-testid="narration">
                        { for narration.lines().enumerate().map(|(i, l)| html! {
                            <>{ if i > 0 { "\n" } else { "" } }<span class="line">{ hide.text(l) }</span></>
                        }) }</p>
                    { stream_strip(walk, step) }
                    { grids(walk, step, snap) }
                    { readouts(walk, step, snap) }
                </section>
                <aside class="controls">{ aside }</aside>
            </div>
        </section>
    }
}

/// The "Try it yourself" links: `cm-update` on the walkthrough's first arrivals and shape,
/// `misra-gries` on its arrivals as numbers and its k (each left out when too large by hand).
pub fn try_links(lab: &FrequenciesLab, theme: Option<ThemeName>) -> Html {
    let cm = given::try_count_min(lab, theme);
    let mg = given::try_misra_gries(lab, theme);
    html! {
        <>
            if let Some(href) = cm {
                <p><a class="button" data-testid="try-it" data-exercise="cm-update" {href}>
                    { format!("Try it yourself: the first {} arrivals into count-min by hand", lab.typed.len().min(given::MAX_CM_ARRIVALS)) }</a></p>
            }
            if let Some((href, names)) = mg {
                <p><a class="button" data-testid="try-it" data-exercise="misra-gries" {href}>{ format!("Try it yourself: Misra–Gries on the first {} arrivals by hand", lab.typed.len().min(given::MAX_MG_ARRIVALS)) }</a></p>
                <p class="muted small">{ format!("The exercise numbers the items: {}.",
                    names.iter().enumerate().map(|(i, n)| format!("{i} = {n}")).collect::<Vec<_>>().join(", ")) }</p>
            }
        </>
    }
}

/// The stream as cells, the current arrival marked (the lookup marks none).
fn stream_strip(walk: &CmWalk, step: usize) -> Html {
    let t = step.min(walk.len());
    let current = if walk.is_lookup(step) { 0 } else { t };
    let hi = walk.len().min((t + 6).max(DRAWN));
    let lo = hi.saturating_sub(DRAWN);
    html! {
        <div class="stream-strip" role="list" aria-label="the typed stream" data-testid="walk-stream" data-t={t.to_string()}
            data-current={current.to_string()}>
            { for walk.items.iter().enumerate().skip(lo).take(hi - lo).map(|(i, x)| {
                let p = i + 1;
                html! {
                    <span role="listitem" class={classes!("cell", (p <= t).then_some("arrived"), (p == current).then_some("current"))}
                        title={format!("arrival {p}")} aria-current={(p == current).then_some("step")}>
                        <span class="cell-value">{ x.clone() }</span>
                        <span class="cell-pos">{ p.to_string() }</span>
                    </span>
                }
            }) }
        </div>
    }
}

/// The three grids after the step, the shown item's counters highlighted.
fn grids(walk: &CmWalk, step: usize, s: &Snapshot) -> Html {
    let item = walk.shown_item(step);
    let b = item.as_bytes();
    let cm = |update: Update| {
        let sketch = if update == Update::Standard { &s.cm } else { &s.cu };
        let name = if update == Update::Standard { "Count-min" } else { "Conservative update" };
        Grid::count_min("walk-cm-grid", name, sketch, b, update == Update::Standard).render()
    };
    let has = |x: Sketch| walk.sketches.has(x);
    let cs = has(Sketch::CountSketch).then(|| Grid::count_sketch("walk-cs-grid", &s.cs, b).render());
    let cu = has(Sketch::Conservative).then(|| cm(Update::Conservative));
    html! {
        <>
            if has(Sketch::CountMin) { { cm(Update::Standard) } }
            if cu.is_some() || cs.is_some() {
                <div class="small-grids">{ cu.unwrap_or_default() }{ cs.unwrap_or_default() }</div>
            }
        </>
    }
}

/// The shown item's estimates at the step, and both heavy-hitter summaries' counters.
fn readouts(walk: &CmWalk, step: usize, s: &Snapshot) -> Html {
    let l = walk.look_up(s, walk.shown_item(step));
    let has = |x: Sketch| walk.sketches.has(x);
    let estimate = |sketch: &'static str, label: &str, value: f64| {
        html! {
            <div><dt>{ label.to_string() }</dt>
                <dd class="num" data-testid="walk-estimate" data-item={l.item.clone()} data-sketch={sketch}
                    data-value={value.to_string()} data-true={l.truth.to_string()}>
                    { format!("{} (true count {})", trim_float(value, 1), l.truth) }</dd></div>
        }
    };
    let hh = |algorithm: &'static str, label: String, counters: String, shown: String| {
        html! {
            <div><dt>{ label }</dt>
                <dd class="num" data-testid="walk-hh-counters" data-algorithm={algorithm} data-counters={counters}>{ shown }</dd></div>
        }
    };
    html! {
        <div class="readouts answers">
            <dl>
                if has(Sketch::CountMin) {
                    { estimate("cm", &format!("count-min's estimate of \u{201c}{}\u{201d}", l.item), l.cm_estimate as f64) }
                }
                if has(Sketch::Conservative) {
                    { estimate("cm-cu", &format!("the conservative update's estimate of \u{201c}{}\u{201d}", l.item), l.cu_estimate as f64) }
                }
                if has(Sketch::CountSketch) { { estimate("cs", "the count sketch's", l.cs_estimate) } }
                if has(Sketch::MisraGries) {
                    { hh("mg", format!("Misra–Gries, k = {} (item and count)", walk.k), walk.mg_text(&s.mg), walk.mg_shown(&s.mg)) }
                }
                if has(Sketch::SpaceSaving) {
                    { hh("ss", format!("SpaceSaving, k = {} (item, count and error)", walk.k), walk.ss_text(&s.ss), walk.ss_shown(&s.ss)) }
                }
            </dl>
        </div>
    }
}
