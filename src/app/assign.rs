//! "Assignment": a lecturer picks exercises, their levels, the mode, the pass mark, whose
//! problems and a title, and downloads a SCORM 1.2 package for Moodle, Canvas or Blackboard. The
//! package is built in the page from the files this site serves (or the offline copy has): the
//! practice bundle and the assignment's runner, the first screen, the loader page, plus the
//! manifest and a launch page that opens the assignment's link (`core::labs::practice::lms::package`). Nothing is uploaded
//! anywhere. Part of the lecturer's tools bundle, fetched on first use.

use yew::prelude::*;

use crate::hooks::input::{checked_of, chosen_index, value_of};
use crate::parts::PARTS;
use crate::web;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::practice::lms::assignment::{Assignment, Per, Task, ABOUT, ASEED, PASS, PER, TITLE};
use bloomlab_core::labs::practice::lms::package::{
    activity_package, file_name, launch_link, package, xml_escape, Completion, ACTIVITY_SCRIPT,
};
use bloomlab_core::labs::practice::Exercise;
use bloomlab_core::labs::practice::MODE;
use bloomlab_core::link::query::Query;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::views::View;

/// The id of the builder's summary, where the focus goes when a click fetched the tools for it.
pub const SUMMARY_ID: &str = "assign-open";

/// Where a download stands.
#[derive(Clone, Debug, PartialEq)]
enum Made {
    Nothing,
    Building,
    Done { file: String, bytes: usize },
    Failed(String),
}

/// Fetches `names` from this site (the page of `view`), makes the package of them with `make`,
/// and downloads it as `file`.
async fn deliver(
    names: Vec<String>,
    view: View,
    file: String,
    make: impl FnOnce(Vec<(String, Vec<u8>)>) -> Result<Vec<u8>, String>,
) -> Made {
    let mut got = Vec::new();
    for name in names {
        match web::fetch_bytes(&name).await {
            Ok(bytes) if name == "index.html" => got.push((name, packaged_loader(bytes, view))),
            Ok(bytes) => got.push((name, bytes)),
            Err(why) => return Made::Failed(format!("{why}: the package needs it (is this page offline without it?)")),
        }
    }
    match make(got).and_then(|zip| web::download_bytes(&zip, "application/zip", &file).map(|_| zip.len())) {
        Ok(bytes) => Made::Done { file, bytes },
        Err(why) => Made::Failed(why),
    }
}

/// The script a package's loader page runs (`static/package.js`): a link to a view the package
/// does not hold opens on this site instead.
const PACKAGE_SCRIPT: &str = "package.js";

/// The package's copy of the loader page (`view`'s): the link out of the frame hidden (it would
/// open this same copy in a tab of its own, outside the LMS, where an assignment's mark is not
/// recorded), and `PACKAGE_SCRIPT` told this site's address and the views the package holds.
fn packaged_loader(html: Vec<u8>, view: View) -> Vec<u8> {
    let Some(at) = html.windows(7).position(|w| w == b"</head>") else { return html };
    let held: Vec<&str> = View::ALL.iter().filter(|v| v.bundle() == view.bundle()).map(|v| v.name()).collect();
    let head = format!(
        "<style>.{}{{display:none}}</style><script src=\"{PACKAGE_SCRIPT}\" data-site=\"{}\" data-views=\"{}\"></script>",
        crate::app::embed::OPEN_FULL,
        xml_escape(&web::page_base()),
        held.join(" "),
    );
    [&html[..at], head.as_bytes(), &html[at..]].concat()
}

/// The assignment's package: the practice page's files (with the assignment's runner, the bundle
/// its page fetches), packaged with `asg`.
async fn build(asg: Assignment) -> Made {
    let mut names = page_files(View::Practice, false);
    // A streams chapter's assignment runs on the practice page's second build.
    if asg.tasks.first().is_some_and(|t| Exercise::STREAMS.contains(&t.exercise)) {
        on_streams_build(&mut names);
    }
    let file = file_name(&asg.title);
    deliver(names, View::Practice, file, move |files| package(&asg, files)).await
}

/// `asg` with exercise `e` in or out, in the catalogue's order.
fn toggled(asg: &Assignment, e: Exercise, on: bool, level: u64) -> Assignment {
    let mut next = asg.clone();
    next.tasks.retain(|t| t.exercise != e);
    if on {
        // An assignment keeps to one practice page: the new exercise's (`one_page`).
        let streams = Exercise::STREAMS.contains(&e);
        next.tasks.retain(|t| Exercise::STREAMS.contains(&t.exercise) == streams);
        next.tasks.push(Task { exercise: e, level });
        next.tasks.sort_by_key(|t| Exercise::ALL.iter().position(|x| *x == t.exercise));
    }
    next
}

#[derive(Properties, PartialEq)]
pub struct AssignProps {
    /// Open at once (the click that fetched the tools was on Assignment).
    #[prop_or_default]
    pub open: bool,
}

#[function_component(AssignmentBuilder)]
pub fn assignment_builder(props: &AssignProps) -> Html {
    let asg = use_state(Assignment::default);
    let notices = use_state(Vec::new);
    let made = use_state(|| Made::Nothing);
    // A setting's text read as the assignment's link reads it, with its notices.
    let set = |name: &'static str| {
        let (asg, notices) = (asg.clone(), notices.clone());
        Callback::from(move |text: String| {
            let (next, said) = asg.with_fields(&[(name, &text)]);
            asg.set(next);
            notices.set(said);
        })
    };
    let download = {
        let (asg, made) = (asg.clone(), made.clone());
        Callback::from(move |_: MouseEvent| {
            let (asg, made) = ((*asg).clone(), made.clone());
            made.set(Made::Building);
            wasm_bindgen_futures::spawn_local(async move { made.set(build(asg).await) });
        })
    };
    // The assignment as the package's launch page opens it (embedded, as in an LMS's frame).
    let link = launch_link(&asg);
    html! {
        <div class="tour-editor-box">
        <details class="tour-editor" data-testid="assign-builder" open={props.open}>
            <summary id={SUMMARY_ID}>{"Assignment"}</summary>
            <div class="embed-panel">
                <p class="muted small">{"A graded assignment for Moodle, Canvas or Blackboard: a SCORM 1.2 package. Upload it as a SCORM activity; each student's mark and mistakes arrive in the gradebook. No server is involved."}</p>
                { tasks(&asg) }
                { settings(&asg, &set) }
                { notice_list(&notices, None) }
                <p class="control-row">
                    <button type="button" class="button primary" data-testid="assign-download" onclick={download}
                        disabled={*made == Made::Building || asg.tasks.is_empty()}>{"Download the SCORM package"}</button>
                    <a href={link.clone()} target="_blank" rel="noopener" data-testid="assign-try">{"Try it as a student"}</a>
                </p>
                { status(&made) }
            </div>
        </details>
        </div>
    }
}

/// A checkbox and a level for every exercise, in a table of two groups: the filter chapters'
/// exercises and the streams chapters' (an assignment runs on one page, so takes one group's),
/// each in the catalogue's order.
fn tasks(asg: &UseStateHandle<Assignment>) -> Html {
    let row = |e: Exercise| {
        let task = asg.tasks.iter().find(|t| t.exercise == e).copied();
        let level = task.map_or(1, |t| t.level);
        let flip = {
            let asg = asg.clone();
            Callback::from(move |ev: Event| asg.set(toggled(&asg, e, checked_of(&ev), level)))
        };
        let relevel = {
            let asg = asg.clone();
            Callback::from(move |ev: Event| {
                let level = chosen_index(&ev).map_or(1, |i| i as u64 + 1);
                asg.set(toggled(&asg, e, true, level))
            })
        };
        html! {
            <tr>
                <td class="wrap"><label><input type="checkbox" checked={task.is_some()} onchange={flip}
                    data-testid="assign-task" data-exercise={e.name()} />{ format!(" {}", e.title()) }</label></td>
                <td><select aria-label={format!("level of {}", e.title())} onchange={relevel} data-testid="assign-level" data-exercise={e.name()}>
                    { for (1..=3u64).map(|l| html! { <option value={l.to_string()} selected={l == level}>{ l.to_string() }</option> }) }
                </select></td>
            </tr>
        }
    };
    let group = |title: &str, streams: bool| {
        html! {
            <tbody>
                <tr><th class="wrap" scope="colgroup">{ title.to_string() }</th><th scope="col">{"level"}</th></tr>
                { for Exercise::ALL.into_iter().filter(|e| Exercise::STREAMS.contains(e) == streams).map(row) }
            </tbody>
        }
    };
    html! {
        <fieldset><legend>{"Exercises"}</legend>
            <p class="muted small">{"One page runs an assignment, so its exercises all come from one group. Ticking one from the other group starts the list again."}</p>
            <table>
                { group("Filters: Bloom filters, their variants, filters built once", false) }
                { group("Streams: mining data streams", true) }
            </table>
        </fieldset>
    }
}

/// Title, instructions, mode, pass mark, whose problems and the assignment's seed, each read as
/// its link parameter (`set`) once changed (a title read at every key would lose its spaces).
fn settings(asg: &Assignment, set: &impl Fn(&'static str) -> Callback<String>) -> Html {
    let chosen = |p: &'static str| set(p).reform(|e: Event| value_of(&e));
    html! {
        // One setting a line; the instructions in the page's own type (the dialog's code box is
        // in a fixed-width one).
        <div>
            <p><label>{"Title "}<input type="text" value={asg.title.clone()} data-testid="assign-title" onchange={chosen(TITLE.name)} /></label></p>
            <p><label>{"Instructions "}<textarea rows="3" style="font:inherit" value={asg.about.clone()} data-testid="assign-about" onchange={chosen(ABOUT.name)} /></label></p>
            <p><label>{"Mode "}<select data-testid="assign-mode" onchange={chosen(MODE.name)}>
                <option value="exam" selected={asg.exam}>{"exam: checked at the end"}</option>
                <option value="learn" selected={!asg.exam}>{"learn: each step checked"}</option>
            </select></label></p>
            <p><label>{"Pass mark (%) "}<input type="number" min="0" max="100" value={asg.pass.to_string()} data-testid="assign-pass"
                onchange={chosen(PASS.name)} /></label></p>
            <p><label>{"Problems "}<select data-testid="assign-per" onchange={chosen(PER.name)}>
                <option value="student" selected={asg.per == Per::Student}>{"each student their own"}</option>
                <option value="class" selected={asg.per == Per::Class}>{"one for the whole class"}</option>
            </select></label></p>
            <p><label>{"Seed "}<input type="number" min="0" value={asg.seed.to_string()} data-testid="assign-seed" onchange={chosen(ASEED.name)} /></label>
                <span class="muted small">{" Any number: another seed draws other problems, for another class or year."}</span></p>
        </div>
    }
}

fn status(made: &Made) -> Html {
    status_as(made, "assign-status")
}

fn status_as(made: &Made, testid: &'static str) -> Html {
    let (state, words) = match made {
        Made::Nothing => ("ready", String::new()),
        Made::Building => ("building", "Building the package…".to_string()),
        Made::Done { file, bytes } => (
            "done",
            format!("Downloaded {file} ({} KB). Upload it to your LMS as a SCORM package.", bytes.div_ceil(1024)),
        ),
        Made::Failed(why) => ("failed", format!("The package could not be made: {why}")),
    };
    let (file, bytes) = match made {
        Made::Done { file, bytes } => (Some(file.clone()), Some(bytes.to_string())),
        _ => (None, None),
    };
    html! {
        <p class="small" role="status" data-testid={testid} data-state={state} data-file={file} data-bytes={bytes}>{ words }</p>
    }
}

/// The files a package of `view`'s page needs, as this site serves them: the loader, the offline
/// script the loader imports (it does nothing in a frame of an LMS: an embedded page registers no
/// service worker), the package's own script (`PACKAGE_SCRIPT`), the view's first screen, its
/// bundle and the bundles its page fetches on first use (their names extend its bundle's: an
/// assignment's runner for practice), and the built-in tours on a tour's stop (`tour`).
fn page_files(view: View, tour: bool) -> Vec<String> {
    let bundle = view.bundle().file();
    let mut names = vec![
        "index.html".to_string(),
        "offline.js".into(),
        PACKAGE_SCRIPT.into(),
        format!("prerender/{}.html", view.name()),
    ];
    let prefix = format!("{bundle}-");
    let parts = PARTS.iter().map(|p| p.bundle).filter(|b| b.starts_with(&prefix));
    for b in std::iter::once(bundle).chain(parts) {
        names.push(format!("{b}.js"));
        names.push(format!("{b}_bg.wasm"));
    }
    if tour {
        names.push("tours.txt".into());
    }
    names
}

/// `names` with the practice page's files swapped for its streams build's, which the loader opens
/// for a streams chapter's exercise.
fn on_streams_build(names: &mut [String]) {
    let own = View::Practice.bundle().file();
    for name in names.iter_mut() {
        if let Some(rest) = name.strip_prefix(own).filter(|r| r.starts_with(['.', '_'])) {
            *name = format!("{}{rest}", Exercise::STREAMS_FILE);
        }
    }
}

/// The page as it is, as an ungraded activity completed as `completion` says.
async fn build_activity(completion: Completion) -> Made {
    let page = crate::parts::page_params();
    let title = format!("Bloom Lab: {}", page.view.title());
    let mut names = page_files(page.view, page.tour.is_some());
    if completion == Completion::Seen {
        names.push(ACTIVITY_SCRIPT.into());
    }
    // A streams chapter's exercise: its page is the practice page's streams build.
    if page.view == View::Practice && Exercise::on_streams_build(&Query::parse(&web::location_search())) {
        on_streams_build(&mut names);
    }
    // The file named by the view alone (its title in the LMS says "Bloom Lab" already).
    let file = file_name(page.view.title());
    deliver(names, page.view, file, |files| activity_package(&title, &web::location_search(), completion, files)).await
}

/// In Embed's dialog: the page as it is, as an ungraded SCORM 1.2 activity an LMS marks completed
/// once a student opens it, or once they have seen every step of its walkthrough.
#[function_component(ActivityPackage)]
pub fn activity_package_button() -> Html {
    let made = use_state(|| Made::Nothing);
    let completion = use_state(|| Completion::Opened);
    let onclick = {
        let (made, completion) = (made.clone(), completion.clone());
        Callback::from(move |_: MouseEvent| {
            let (made, completion) = (made.clone(), *completion);
            made.set(Made::Building);
            wasm_bindgen_futures::spawn_local(async move { made.set(build_activity(completion).await) });
        })
    };
    let chosen = {
        let completion = completion.clone();
        Callback::from(move |e: Event| {
            completion.set(if chosen_index(&e) == Some(1) { Completion::Seen } else { Completion::Opened })
        })
    };
    html! {
        <div>
            <p class="control-row">
                <label>{"Ungraded SCORM activity, completed "}<select data-testid="embed-scorm-completion" onchange={chosen}>
                    <option value="opened" selected={*completion == Completion::Opened}>{"once opened"}</option>
                    <option value="seen" selected={*completion == Completion::Seen}>{"once every step was seen"}</option>
                </select></label>
                <button type="button" class="button small" data-testid="embed-scorm" {onclick} disabled={*made == Made::Building}>
                    {"Download as a SCORM activity"}</button>
            </p>
            <p class="muted small">{"\u{201c}Every step\u{201d}: each step of the page\u{2019}s walkthrough, from 0 to the last, shown once; a page without steps counts as seen once opened. A bar above the page tells the student how many they have seen."}</p>
            { status_as(&made, "embed-scorm-status") }
        </div>
    }
}
