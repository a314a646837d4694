//! "Use your own URLs or words": a file picker and a paste box, shared by the views that can
//! run on people's data. The file is read in the page, in slices with a progress bar, and never
//! sent anywhere; what was used is summarised with the contract's `dataset` hook.

use std::rc::Rc;

use yew::prelude::*;

use crate::web;
use bloomlab_core::data::dataset::{light_item, Dataset, Normal, Reader, Source, Split, MAX_FILE_BYTES};
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::text::{group_digits, shorten};

/// Lines read per slice: 5,000 at first, then about 8 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(5_000, 500, 500_000, 8.0);

/// The id of the picker's summary (a page holds one picker), where the focus goes when the
/// picker replaces a stand-in.
pub const SUMMARY_ID: &str = "dataset-picker-summary";

#[derive(Properties, PartialEq)]
pub struct DatasetPickerProps {
    /// The data in use (`None`: generated).
    pub current: Option<Rc<Dataset>>,
    /// Items the view generates when no file is used (for the summary).
    #[prop_or_default]
    pub generated: Option<u64>,
    pub on_dataset: Callback<Rc<Dataset>>,
    /// A problem with the file or the paste, in words.
    pub on_problem: Callback<String>,
    /// Back to the generated data.
    #[prop_or_default]
    pub on_clear: Option<Callback<()>>,
    /// What the items are called here ("URLs", "URLs or words").
    #[prop_or(AttrValue::from("URLs or words"))]
    pub what: AttrValue,
    /// One item per line, or running text split into words.
    #[prop_or_default]
    pub split: Split,
    /// Show the box open even before anything is loaded.
    #[prop_or_default]
    pub open: bool,
    /// How items are put in normal form: `light_item` (plain ASCII URLs only) unless the view
    /// compares URLs by their parts and passes `normal_item`.
    #[prop_or(Normalise(light_item))]
    pub normal: Normalise,
}

/// A view's normal form for items. It never changes for a given picker, so props compare equal
/// whatever it holds (function addresses are not comparable).
#[derive(Clone, Copy)]
pub struct Normalise(pub Normal);

impl PartialEq for Normalise {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// Reads `bytes` in slices, yielding to the page between them and reporting progress.
async fn read_in_slices(
    name: Option<String>,
    bytes: Vec<u8>,
    split: Split,
    normal: Normal,
    progress: UseStateHandle<Option<(usize, usize)>>,
) -> Result<Dataset, String> {
    let mut reader = Reader::new(name.as_deref(), bytes)?.split(split).normal(normal);
    let mut budget = BUDGET;
    while !reader.is_done() {
        budget.run(web::now_ms, |lines| reader.work(lines));
        progress.set(Some((reader.bytes_done(), reader.bytes_total())));
        web::yield_to_page().await;
    }
    reader
        .finish()
        .map_err(|why| format!("{}: {why}", name.as_deref().map_or("the pasted text".to_string(), |n| shorten(n, 40))))
}

#[function_component(DatasetPicker)]
pub fn dataset_picker(props: &DatasetPickerProps) -> Html {
    let progress = use_state(|| None::<(usize, usize)>);
    let paste = use_node_ref();
    let load = {
        let progress = progress.clone();
        let (ok, bad, split, normal) =
            (props.on_dataset.clone(), props.on_problem.clone(), props.split, props.normal.0);
        Callback::from(move |(name, bytes): (Option<String>, Vec<u8>)| {
            let (progress, ok, bad) = (progress.clone(), ok.clone(), bad.clone());
            progress.set(Some((0, bytes.len())));
            wasm_bindgen_futures::spawn_local(async move {
                match read_in_slices(name, bytes, split, normal, progress.clone()).await {
                    Ok(d) => ok.emit(Rc::new(d)),
                    Err(why) => bad.emit(why),
                }
                progress.set(None);
            });
        })
    };
    let on_file = file_callback(&load, &props.on_problem);
    let on_use = {
        let (load, paste) = (load.clone(), paste.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(el) = paste.cast::<web_sys::HtmlTextAreaElement>() {
                load.emit((None, el.value().into_bytes()));
            }
        })
    };
    let (file_help, paste_help) = match props.split {
        Split::Lines => ("A file: one item per line, or a CSV (every cell that is a URL is used) ", "or paste them, one per line:"),
        Split::Words => (
            "A file of running text or a list (split into lower-case words; URLs stay whole), or a CSV (its URL cells) ",
            "or paste text:",
        ),
    };
    html! {
        <details class="paste dataset-picker" open={props.open || props.current.is_some()}>
            <summary id={SUMMARY_ID}>{ format!("Use your own {}", props.what) }</summary>
            <label class="file-label">{ file_help }
                <input type="file" accept=".txt,.csv,.tsv,.list,text/plain,text/csv" onchange={on_file} data-testid="dataset-file" />
            </label>
            <label for="dataset-paste">{ paste_help }</label>
            <textarea id="dataset-paste" ref={paste} rows="4" data-testid="dataset-paste" />
            <button type="button" class="button" onclick={on_use} data-testid="dataset-use">{"Use the pasted text"}</button>
            if let Some((done, total)) = *progress {
                <div class="progress-line" data-testid="dataset-progress">
                    <progress max={total.max(1).to_string()} value={done.to_string()} aria-label="reading the file"></progress>
                    <span>{ format!("Reading {} of {} bytes…", group_digits(done as u64), group_digits(total as u64)) }</span>
                </div>
            }
            { dataset_summary(props) }
        </details>
    }
}

/// A chosen file: refused at once when too large, else read and handed to `load`.
fn file_callback(load: &Callback<(Option<String>, Vec<u8>)>, on_problem: &Callback<String>) -> Callback<Event> {
    let (load, bad) = (load.clone(), on_problem.clone());
    Callback::from(move |e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        if web::chosen_file_size(&input).is_some_and(|s| s > MAX_FILE_BYTES as f64) {
            bad.emit(format!(
                "the chosen file is larger than {} bytes (50 MB); choose a smaller one",
                group_digits(MAX_FILE_BYTES as u64)
            ));
            return;
        }
        let load = load.clone();
        wasm_bindgen_futures::spawn_local(async move {
            if let Some((name, bytes)) = web::read_chosen_file(&input).await {
                load.emit((Some(name), bytes));
            }
        });
    })
}

/// What is in use: the file or paste with what was read from it, or the generated data.
fn dataset_summary(props: &DatasetPickerProps) -> Html {
    match &props.current {
        Some(d) => {
            let from = match &d.source {
                Source::File(Some(name)) => format!("file {}", shorten(name, 40)),
                _ => "pasted text".to_string(),
            };
            html! {
                <p class="dataset" data-testid="dataset" data-source="file" data-lines={d.lines.to_string()}
                    data-items={d.found.to_string()} data-distinct={d.items.len().to_string()} data-skipped={d.skipped.to_string()}>
                    { format!("Using {from}: {} lines, {} items, {} distinct{}{}.", group_digits(d.lines), group_digits(d.found),
                        group_digits(d.items.len() as u64), if d.csv { " (CSV: the URL cells)" } else { "" },
                        if d.notes.is_empty() { String::new() } else { format!("; {}", d.notes.join("; ")) }) }
                    if let Some(cb) = &props.on_clear {
                        { " " }<button type="button" class="button small subtle" data-testid="dataset-clear"
                            onclick={cb.reform(|_| ())}>{"use generated data"}</button>
                    }
                </p>
            }
        }
        None => html! {
            <p class="dataset muted small" data-testid="dataset" data-source="generated" data-lines="0"
                data-items={props.generated.unwrap_or(0).to_string()} data-distinct={props.generated.unwrap_or(0).to_string()} data-skipped="0">
                { "Using generated data. Your file is read in this page and never sent anywhere." }
            </p>
        },
    }
}
