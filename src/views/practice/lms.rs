//! An assignment's runner: a bundle of its own (`bloomlab-practice-lms`, `parts::LMS`) that the
//! practice page fetches when its link is an assignment's (a SCORM 1.2 package's launch), so a
//! page of ordinary practice carries none of it. It reads the assignment from the link, finds the
//! LMS's `API`, calls `LMSInitialize`, reads the learner and the saved attempt, and orders the
//! page to show the session on screen (`News::Load`, its code in `ORDER_ID`'s `data-code`). Each
//! time the page says its answers changed (`News::Answered`, the code in the session's
//! `data-answers`), it sends the new rows of `cmi.interactions`, the answers, the score and the
//! status, each batch committed. A value the LMS refuses waits in the outbox
//! (`core::labs::practice::outbox`) and is sent again every few seconds and on the next step, with
//! a notice. When the page goes away: the session's time, a last commit and `LMSFinish`. Without an
//! LMS the assignment runs all the same, and says no mark is recorded.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::parts::{News, LMS};
use crate::views::practice::course::course_head;
use crate::web::{self, Refusal, ScormApi, WindowEvent};
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::practice::course::{Course, Opened};
use bloomlab_core::labs::practice::lms::{cmi, Assignment};
use bloomlab_core::labs::practice::outbox::{self, Outbox};
use bloomlab_core::labs::practice::step::Bare;
use bloomlab_core::labs::practice::{code, Practice};
use bloomlab_core::link::notice::Notice;
use bloomlab_core::link::query::Query;
use bloomlab_core::link::state::LinkState;

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

/// The page's side of the connection: the API, what waits for it, the learner's name and when
/// the session began (the attempt is the runner's own `Course`).
struct Connection {
    api: ScormApi,
    outbox: Outbox,
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

    /// Sends what waits; where the LMS stands after it (the mark is recorded once `course` is
    /// finished and all of it was taken).
    fn flush(&mut self, course: &Course) -> LmsState {
        let name = self.name.clone();
        match self.outbox.flush(&mut Calls(&self.api)) {
            Ok(()) => LmsState::Open { name, recorded: course.attempt.finished() && self.outbox.settled() },
            Err(r) => LmsState::Refused { name, why: format!("{}: {}", r.call, r.why), waiting: self.outbox.waiting() },
        }
    }
}

/// What the LMS says on launch.
fn opened(api: &ScormApi) -> Opened {
    Opened::read(|e| api.get_value(e).unwrap_or_default())
}

/// Connects to the LMS, if there is one, and opens `course`'s attempt for its learner (fresh, or
/// resumed from what the LMS kept): the connection, where it stands, and why a saved attempt could
/// not be resumed.
fn connect(course: &mut Course) -> (Option<Connection>, LmsState, Option<String>) {
    let Some(api) = ScormApi::find() else { return (None, LmsState::Absent, None) };
    if let Err(r) = api.initialize() {
        return (None, LmsState::Broken(words(&r)), None);
    }
    let o = opened(&api);
    let begin = cmi::begin(&o.entry, &o.status);
    let name = o.name.clone();
    let (mine, why) = course.opened(o);
    *course = mine;
    // Each row of cmi.interactions says when its step was shown (`time`), on the student's clock.
    course.opened_at = Some(web::local_day_ms());
    let mut c = Connection { api, outbox: Outbox::default(), name, started: web::now_ms() };
    if begin == cmi::Begin::Fresh {
        c.outbox.push([("cmi.core.lesson_status".to_string(), "incomplete".to_string())]);
    }
    let state = c.flush(course);
    (Some(c), state, why)
}

/// The element whose `data-code` holds the session the runner orders the page to show.
pub const ORDER_ID: &str = "assignment-order";
/// The practice page's session, whose `data-answers` holds its answers as a result code.
pub const SESSION_ID: &str = "practice-session";

/// The assignment's runner: the course frame drawn in its slot, the page told what to show. The
/// attempt lives in a cell the LMS's callbacks share (`course`); `redraw` shows its changes.
#[function_component(AssignmentRunner)]
pub fn assignment_runner() -> Html {
    let read = use_memo((), |_| Assignment::read(&Query::parse(&web::location_search())));
    let course = {
        let a = read.0.clone();
        use_mut_ref(move || Course::new(a))
    };
    let redraw = use_force_update();
    let state = use_state(|| LmsState::Looking);
    // The session the page is told to show: set when the attempt opens and at each next exercise,
    // never from the page's own answers (a second order would reset what the student is doing).
    let order = use_state(String::new);
    // Why a saved attempt could not be resumed (it starts afresh).
    let unresumed = use_state(|| None::<String>);
    let link = use_mut_ref(|| None::<Connection>);
    use_retry(&state, &link, &course);
    use_goodbye(&link, &course);
    {
        let (course, state, link, order) = (course.clone(), state.clone(), link.clone(), order.clone());
        let unresumed = unresumed.clone();
        use_effect_with((), move |_| {
            let (c, s, why) = connect(&mut course.borrow_mut());
            *link.borrow_mut() = c;
            state.set(s);
            unresumed.set(why);
            order.set(course.borrow().session().code());
            LMS.drawn(None);
        });
    }
    {
        let (course, state, link, redraw) = (course.clone(), state.clone(), link.clone(), redraw.clone());
        use_effect_with((), move |_| {
            let heard = LMS.hear(News::Answered, move || {
                if answered(&mut course.borrow_mut(), &mut link.borrow_mut(), &state) {
                    redraw.force_update();
                }
            });
            move || drop(heard)
        });
    }
    use_effect_with((*order).clone(), |order| {
        if !order.is_empty() {
            LMS.tell(News::Load);
        }
    });
    let c = course.borrow().clone();
    let next = {
        let (course, order) = (course.clone(), order.clone());
        Callback::from(move |_: MouseEvent| {
            let next = course.borrow().next();
            if let Some(n) = next {
                order.set(n.session().code());
                *course.borrow_mut() = n;
            }
        })
    };
    let mut notices = read.1.clone();
    notices.extend(
        unresumed
            .iter()
            .map(|w| Notice::input(format!("the saved attempt could not be resumed ({w}): it starts afresh"))),
    );
    html! {
        <>
            <span id={ORDER_ID} hidden=true data-code={(*order).clone()}></span>
            { notice_list(&notices, None) }
            { course_head(&c, &state, next) }
        </>
    }
}

/// The page's answers read into the attempt, and what is new sent to the LMS; whether the
/// attempt changed (answers of another session, such as the one shown before the order, are not
/// this one's).
fn answered(course: &mut Course, link: &mut Option<Connection>, state: &UseStateHandle<LmsState>) -> bool {
    let Some(answers) = web::attribute_of(SESSION_ID, "data-answers") else { return false };
    // Replayed onto the problem afresh: the code holds every answer so far.
    let now = course.session();
    let fresh = Practice::new(now.exercise, now.seed, now.level, now.exam);
    let Ok(p) = code::replay_onto(&answers, fresh, Bare) else { return false };
    if p == course.session() {
        return false;
    }
    course.keep(&p);
    if let Some(l) = link.as_mut() {
        let news = course.news(l.elapsed());
        l.outbox.push(news);
        state.set(l.flush(course));
    }
    true
}

/// The runner's start: drawn in the practice page's slot.
pub fn mount() {
    LMS.mount::<AssignmentRunner>(());
}

/// While values wait, they are offered again every `RETRY_MS`.
#[hook]
fn use_retry(state: &UseStateHandle<LmsState>, link: &Rc<RefCell<Option<Connection>>>, course: &Rc<RefCell<Course>>) {
    let refused = matches!(**state, LmsState::Refused { .. });
    let (state, link, course) = (state.clone(), link.clone(), course.clone());
    use_effect_with(refused, move |&refused| {
        let timer = refused.then(|| {
            gloo_timers::callback::Interval::new(RETRY_MS, move || {
                if let Some(l) = link.borrow_mut().as_mut() {
                    state.set(l.flush(&course.borrow()));
                }
            })
        });
        move || drop(timer)
    });
}

/// When the page goes away: the session's time and exit, a last commit, `LMSFinish`.
#[hook]
fn use_goodbye(link: &Rc<RefCell<Option<Connection>>>, course: &Rc<RefCell<Course>>) {
    let (link, course) = (link.clone(), course.clone());
    use_effect_with((), move |_| {
        let heard = WindowEvent::new("pagehide", move || {
            if let Some(l) = link.borrow_mut().as_mut() {
                let course = course.borrow();
                let ms = l.elapsed();
                l.outbox.push([
                    ("cmi.core.session_time".to_string(), cmi::timespan(ms)),
                    ("cmi.core.exit".to_string(), cmi::exit(&course.attempt).to_string()),
                ]);
                let _ = l.flush(&course);
                let _ = l.api.finish();
            }
        });
        move || drop(heard)
    });
}
