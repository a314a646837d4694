//! An assignment's page inside an LMS (a SCORM 1.2 package's launch): the LMS's `API` found,
//! `LMSInitialize`, the learner and the saved attempt read, then after every graded step the new
//! rows of `cmi.interactions`, the answers, the score and the status, each batch committed. A value
//! the LMS refuses waits in the outbox (`core::labs::practice::outbox`) and is sent again every
//! few seconds and on the next step, with a notice. When the page goes away, the session's time,
//! a last commit and `LMSFinish`. Without an LMS the assignment runs as ordinary practice.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::page::PageHandle;
use crate::web::{self, Refusal, ScormApi, WindowEvent};
use bloomlab_core::labs::practice::course::{Course, Opened};
use bloomlab_core::labs::practice::lms::cmi;
use bloomlab_core::labs::practice::outbox::{self, Outbox};
use bloomlab_core::labs::practice::page::{PracticeEdit, PracticePage};

/// How often values the LMS refused are offered again.
const RETRY_MS: u32 = 3_000;

/// Where the LMS stands, as the page shows it.
#[derive(Clone, Debug, PartialEq)]
pub enum LmsState {
    /// Not looked for yet (the first render).
    Looking,
    /// No LMS around the page: ordinary practice, no mark recorded.
    Absent,
    /// An LMS whose `LMSInitialize` failed: nothing can be recorded.
    Broken(String),
    /// Connected: the learner's name as the LMS gave it, and whether the finished attempt's
    /// mark was committed.
    Open { name: String, recorded: bool },
    /// The LMS refused a value: what and why, and how many wait.
    Refused { name: String, why: String, waiting: usize },
}

/// The page's side of the connection: the API, what waits for it, and the attempt as sent.
struct Connection {
    api: ScormApi,
    outbox: Outbox,
    course: Course,
    name: String,
    started: f64,
}

/// The API as the outbox calls it; a refusal in the LMS's own words.
struct Calls<'a>(&'a ScormApi);

fn words(r: &Refusal) -> String {
    match (r.code.as_str(), r.text.is_empty()) {
        ("", _) => "no answer".to_string(),
        (code, true) => format!("error {code}"),
        (code, false) => format!("error {code}, {}", r.text),
    }
}

impl outbox::Lms for Calls<'_> {
    fn set(&mut self, element: &str, value: &str) -> Result<(), String> {
        self.0.set_value(element, value).map_err(|r| words(&r))
    }
    fn commit(&mut self) -> Result<(), String> {
        self.0.commit().map_err(|r| words(&r))
    }
}

impl Connection {
    fn elapsed(&self) -> u64 {
        (web::now_ms() - self.started).max(0.0) as u64
    }

    /// Sends what waits; where the LMS stands after it.
    fn flush(&mut self) -> LmsState {
        let name = self.name.clone();
        match self.outbox.flush(&mut Calls(&self.api)) {
            Ok(()) => LmsState::Open { name, recorded: self.course.attempt.finished() && self.outbox.settled() },
            Err(r) => LmsState::Refused { name, why: format!("{}: {}", r.call, r.why), waiting: self.outbox.waiting() },
        }
    }
}

/// What the LMS says on launch.
fn opened(api: &ScormApi) -> Opened {
    let get = |e: &str| api.get_value(e).unwrap_or_default();
    Opened {
        learner: get("cmi.core.student_id"),
        name: get("cmi.core.student_name"),
        entry: get("cmi.core.entry"),
        status: get("cmi.core.lesson_status"),
        data: get("cmi.suspend_data"),
        mastery: get("cmi.student_data.mastery_score"),
        rows: get("cmi.interactions._count").trim().parse().unwrap_or(0),
    }
}

/// Connects to the LMS, if there is one, and opens the attempt for its learner.
fn connect(course: &Course, open: &Callback<Opened>) -> (Option<Connection>, LmsState) {
    let Some(api) = ScormApi::find() else { return (None, LmsState::Absent) };
    if let Err(r) = api.initialize() {
        return (None, LmsState::Broken(words(&r)));
    }
    let o = opened(&api);
    let (mine, _) = course.opened(o.clone());
    let mut c =
        Connection { api, outbox: Outbox::default(), course: mine, name: o.name.clone(), started: web::now_ms() };
    if cmi::begin(&o.entry, &o.status) == cmi::Begin::Fresh {
        c.outbox.push([("cmi.core.lesson_status".to_string(), "incomplete".to_string())]);
    }
    open.emit(o);
    let state = c.flush();
    (Some(c), state)
}

/// Runs the connection for an assignment's page (nothing for plain practice).
#[hook]
pub fn use_lms(page: &PageHandle<PracticePage>) -> LmsState {
    let state = use_state(|| LmsState::Looking);
    let link = use_mut_ref(|| None::<Connection>);
    let course = page.state.model.course.clone();
    {
        let (state, link, open, course) =
            (state.clone(), link.clone(), page.edit(PracticeEdit::Opened), course.clone());
        use_effect_with((), move |_| {
            let (c, s) = course.map_or((None, LmsState::Absent), |course| connect(&course, &open));
            *link.borrow_mut() = c;
            state.set(s);
        });
    }
    let key = course.as_ref().map(|c| (c.attempt.current, c.attempt.done(), c.attempt.sessions.clone()));
    {
        let (state, link) = (state.clone(), link.clone());
        use_effect_with(key, move |_| {
            let mut held = link.borrow_mut();
            // (Until the model has the attempt the LMS opened, it has the empty learner's.)
            if let (Some(l), Some(model)) = (held.as_mut(), course.filter(|c| c.opened.is_some())) {
                l.course.follow(&model);
                let news = l.course.news(l.elapsed());
                l.outbox.push(news);
                state.set(l.flush());
            }
        });
    }
    use_retry(&state, &link);
    use_goodbye(&link);
    (*state).clone()
}

/// While values wait, they are offered again every `RETRY_MS`.
#[hook]
fn use_retry(state: &UseStateHandle<LmsState>, link: &Rc<RefCell<Option<Connection>>>) {
    let refused = matches!(**state, LmsState::Refused { .. });
    let (state, link) = (state.clone(), link.clone());
    use_effect_with(refused, move |&refused| {
        let timer = refused.then(|| {
            gloo_timers::callback::Interval::new(RETRY_MS, move || {
                if let Some(l) = link.borrow_mut().as_mut() {
                    state.set(l.flush());
                }
            })
        });
        move || drop(timer)
    });
}

/// When the page goes away: the session's time and exit, a last commit, `LMSFinish`.
#[hook]
fn use_goodbye(link: &Rc<RefCell<Option<Connection>>>) {
    let link = link.clone();
    use_effect_with((), move |_| {
        let heard = WindowEvent::new("pagehide", move || {
            if let Some(l) = link.borrow_mut().as_mut() {
                let ms = l.elapsed();
                l.outbox.push([
                    ("cmi.core.session_time".to_string(), cmi::timespan(ms)),
                    ("cmi.core.exit".to_string(), cmi::exit(&l.course.attempt).to_string()),
                ]);
                let _ = l.flush();
                let _ = l.api.finish();
            }
        });
        move || drop(heard)
    });
}
