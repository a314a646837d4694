//! Frequencies and heavy hitters (`view=frequencies`): one stream fed at once to count-min with
//! the standard and the conservative update, the count sketch on the same rows and the counting
//! Bloom filter of the same memory; each looked-up item's estimates beside its true count, and
//! the bound εN the shape guarantees.

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::page::{use_page, Page, PageAction, PageHandle};
use crate::parts::{use_part, Ask, SCALE};
use crate::views::frequencies::estimates::{bound_panel, errors_table, estimates_table};
use crate::views::frequencies::grid::Grid;
use crate::views::frequencies::hitters::hitters_panel;
use crate::views::frequencies::scale_panel::scale_panel;
use crate::views::frequencies::sizing::{counting_compare, Calculator};
use crate::views::frequencies::walk::{try_links, walk_panel};
use crate::views::ViewProps;
use crate::web;
use crate::widgets::inputs::dataset_picker::DatasetPicker;
use crate::widgets::inputs::example_form::{ExampleForm, Field};
use crate::widgets::notice_list::notice_list;
use crate::widgets::progress_line::{progress_line, Progress};
use crate::widgets::question::use_question_box;
use bloomlab_core::engine::streams::count_min::Update;
use bloomlab_core::labs::frequencies::feed::{Feed, Summaries};
use bloomlab_core::labs::frequencies::page::{FrequenciesEdit, IMMEDIATE};
use bloomlab_core::labs::frequencies::params::{D, ITEMS, K, LENGTH, QUERY, S, SEED, STREAM, UPDATE, W};
use bloomlab_core::labs::frequencies::{FrequenciesLab, Source};
use bloomlab_core::link::page::SCALE_PANEL;
use bloomlab_core::text::group_digits;

#[function_component(FrequenciesView)]
pub fn frequencies_view(props: &ViewProps) -> Html {
    let page = use_page::<FrequenciesLab>(&props.query, &props.page);
    let state = &page.state;
    // The run at scale (its own bundle) reads the shape from the address: told once it is there.
    let lab = &state.model;
    let shape = lab.scale_shape();
    use_effect_with(shape, |_| web::announce(web::ADDRESS_CHANGED));
    let on_select = page.send(|i| PageAction::Edit(FrequenciesEdit::Select(i)));
    // The run at scale is a bundle of its own, fetched on the first press of its button; a link
    // pointing at it (`focus=scale`) asks for it at once.
    // The shape it last ran on: its button says "Run again" only while that run's results stand
    // (a new shape drops them).
    let at_once = props.page.focus == Some(SCALE_PANEL.name);
    let scale_asked = use_state(|| at_once.then_some(shape));
    let scale_part = use_part(SCALE);
    use_effect_with((), move |_| {
        if at_once {
            SCALE.load(Ask::Run);
        }
    });
    let on_run = {
        let asked = scale_asked.clone();
        Callback::from(move |_: MouseEvent| {
            asked.set(Some(shape));
            SCALE.load(Ask::Run);
        })
    };
    let fed = state.run.borrow();
    let (s, done) = (fed.summaries(), state.run.is_done());
    // At the walkthrough's lookup its own question is asked; elsewhere, one about the grids.
    let walk = lab.walk();
    let step = state.stepper.step().min(walk.last_step());
    let snap = walk.at(step);
    let walk_asked = lab.walk_question(&walk, step, &snap);
    let on_walk = walk_asked.is_some();
    // The grids' question only where the grids are shown (not with a link's focus on another panel).
    let grids_shown = props.page.focus.is_none();
    let asked = walk_asked.or_else(|| {
        lab.selected_item().filter(|_| done && grids_shown).and_then(|item| lab.estimate_question(s, item))
    });
    let (question, hide) = use_question_box(&props.page, asked);
    // The walkthrough's question is asked in its panel, beside its stage.
    let (top_question, walk_question) = if on_walk { (Html::default(), question) } else { (question, Html::default()) };
    let shown = use_results(state, &on_select);
    let on_use =
        page.send(|(w, d): (u64, u64)| PageAction::Fields(vec![(W.name, w.to_string()), (D.name, d.to_string())]));
    html! {
        <section class={classes!("frequencies", hide.class())}>
            <header class="view-head">
                <h1>{"Frequencies and heavy hitters"}</h1>
                <p>{"A counting Bloom filter keeps one array of counters; a count-min sketch gives each of its d hash functions a row of its own. \
                     Each arrival adds 1 to one counter in every row, and an item's estimate is the smallest of its d counters: \
                     other items can only add to them, so it is never below the true count. The page feeds the same stream to \
                     count-min with the standard and the conservative update, to the count sketch on the same rows, and to the \
                     counting filter of the same memory."}</p>
            </header>
            { notice_list(&state.notices, Some(&page.dismiss())) }
            { top_question }
            { feed_progress(state, &fed) }
            <div class="stage-grid">
                if done { { shown.grids.clone() } } else { { feeding(&fed) } }
                { controls(&page) }
            </div>
            { shown.before.clone() }
            <Calculator {on_use} />
            { shown.after.clone() }
            { scale_panel(lab, *scale_asked == Some(shape), scale_part, on_run) }
            { walk_panel((&walk, &snap), lab, state.stepper, &page.on_step, try_links(lab, props.page.theme), (walk_question, &hide)) }
        </section>
    }
}

/// The panels that read the fed sketches, once the whole stream is in: drawn again only when the
/// feed or the highlighted item changes (not with each slice of the run at scale, which would
/// otherwise recompute every item's error many times a second).
struct Results {
    grids: Html,
    before: Html,
    after: Html,
}

#[hook]
fn use_results(state: &UseReducerHandle<Page<FrequenciesLab>>, on_select: &Callback<usize>) -> Rc<Results> {
    let (st, on_select) = (state.clone(), on_select.clone());
    // What they draw besides the feed: the item highlighted, the grid drawn large, the lookups
    // (a change of any of these keeps the feed).
    let lab = &state.model;
    use_memo((state.run.id, state.run.slice, lab.selected, lab.update, lab.queries.clone()), move |_| {
        if !st.run.is_done() {
            return Results { grids: Html::default(), before: Html::default(), after: Html::default() };
        }
        let fed = st.run.borrow();
        let (lab, s) = (&st.model, fed.summaries());
        let lookups = lab.lookups(s);
        let errors = lab.errors(s);
        Results {
            grids: grids(&st, s),
            before: html! {<>
                <div class="answers">{ estimates_table(&lookups, lab.selected, &on_select) }</div>
                { bound_panel(lab, s.cm.total()) }
            </>},
            after: html! {<>
                { counting_compare(&lookups, &errors, s.cbf.len() as u64, lab.d) }
                <div class="answers">{ errors_table(lab, &errors, s.cm.total()) }</div>
                { hitters_panel(lab, s) }
            </>},
        }
    })
}

/// A long stream being fed in slices: how far it is. The grids, estimates and tables wait for the
/// whole stream, so their hooks only ever describe the finished state.
fn feed_progress(state: &Page<FrequenciesLab>, fed: &Feed) -> Html {
    if fed.stream().len() <= IMMEDIATE {
        return Html::default();
    }
    let (at, total, done) = (fed.position() as u64, fed.stream().len() as u64, state.run.is_done());
    let text = if done {
        format!("{} arrivals fed in {:.0} ms.", group_digits(total), state.run.elapsed_ms.unwrap_or(0.0))
    } else {
        format!("{} of {} arrivals fed…", group_digits(at), group_digits(total))
    };
    progress_line(Progress {
        elapsed_ms: state.run.elapsed_ms,
        ..Progress::new("feed-progress", at, total, done, "stream fed", text)
    })
}

/// In place of the grids while a long stream is fed.
fn feeding(fed: &Feed) -> Html {
    html! {
        <div class="stage">
            <h2>{ format!("The sketches, fed N = {} arrivals", group_digits(fed.stream().len() as u64)) }</h2>
            <p class="muted">{"A long stream goes to the sketches in slices between frames, so the page stays usable; the grids, the estimates and the tables appear once every arrival is in."}</p>
        </div>
    }
}

/// The count-min grid `update` chooses drawn large, the other two beside it.
fn grids(state: &Page<FrequenciesLab>, s: &Summaries) -> Html {
    let lab = &state.model;
    let item = lab.selected_item().unwrap_or("");
    let b = item.as_bytes();
    let n = s.cm.total();
    let cm = |update: Update| {
        let sketch = s.count_min(update);
        let name = if update == Update::Standard { "Count-min" } else { "Count-min, conservative update" };
        Grid::count_min("cm-grid", name, sketch, b, update == lab.update).render()
    };
    let cs = Grid::count_sketch("cs-grid", &s.cs, b);
    let other = if lab.update == Update::Standard { Update::Conservative } else { Update::Standard };
    html! {
        <div class="stage">
            <h2>{ format!("The sketches after N = {} arrivals", group_digits(n)) }</h2>
            <p class="muted">{ format!("Highlighted: the counters of \u{201c}{item}\u{201d}, one per row; ringed: those holding its count-min estimate, the smallest. In the count sketch, each counter's sign for the item is shown beside it.") }</p>
            { cm(lab.update) }
            <div class="small-grids">
                { cm(other) }
                { cs.render() }
            </div>
            <p class="muted">{"Conservative update raises each of the item's counters only up to its current estimate + 1, so counters shared with other items grow less. The count sketch adds the item's sign (+1 or −1) in each row and estimates with the median of sign × counter: collisions cancel out on average, so it errs both ways."}</p>
        </div>
    }
}

/// The form: the stream, the lookups and the shape.
fn controls(page: &PageHandle<FrequenciesLab>) -> Html {
    let lab = &page.state.model;
    let fields = vec![
        Field::text(ITEMS.name, "items-input", "Typed stream (comma-separated)", lab.typed.join(", ")),
        Field::declared(&S, "s-input", "Zipf exponent s", lab.s.to_string()),
        Field::declared(&LENGTH, "length-input", "Zipf length N", lab.length.to_string()),
        Field::declared(&SEED, "seed-input", "Zipf seed", lab.seed.to_string()),
        Field::text(QUERY.name, "query-input", "Look up (comma-separated)", lab.queries.join(", ")),
        Field::declared(&W, "w-input", "w: counters per row", lab.w.to_string()),
        Field::declared(&D, "d-input", "d: rows", lab.d.to_string()),
        Field::declared(&K, "k-input", "k: heavy-hitter counters", lab.k.to_string()),
    ];
    let on_submit = page.send(PageAction::Fields);
    let zipf = lab.source == Source::Zipf;
    html! {
        <aside class="controls">
            <div class="control">
                <label for="stream-select">{"stream"}</label>
                <select id="stream-select" name={STREAM.name} data-testid="stream-select" onchange={page.field(STREAM.name)}>
                    <option value="typed" selected={!zipf}>{"the typed items"}</option>
                    <option value="zipf" selected={zipf}>{"a generated Zipf stream"}</option>
                </select>
            </div>
            <div class="control">
                <label for="update-select">{"count-min grid drawn large"}</label>
                <select id="update-select" name={UPDATE.name} data-testid="update-select" onchange={page.field(UPDATE.name)}>
                    { for Update::ALL.iter().map(|u| html! {
                        <option value={u.name()} selected={*u == lab.update}>{ format!("{} update", u.name()) }</option>
                    }) }
                </select>
            </div>
            <ExampleForm title="The stream and the sketches" {fields} button="Apply" button_testid="apply" {on_submit} />
            { file_picker(page) }
        </aside>
    }
}

/// Your own file of words or URLs, read in the page (it never leaves it) and counted instead.
fn file_picker(page: &PageHandle<FrequenciesLab>) -> Html {
    let on_dataset = page.send(|ds| PageAction::Edit(FrequenciesEdit::File(ds)));
    let on_clear = page.send(|()| PageAction::Edit(FrequenciesEdit::ClearFile));
    html! {
        <DatasetPicker current={page.state.model.file.clone()} {on_dataset} on_problem={page.send(PageAction::Problem)}
            on_clear={Some(on_clear)} />
    }
}
