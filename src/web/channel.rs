//! The speaker's notes and the page they were opened from (`window.opener`, same origin, no
//! server): the notes read where that page stands and drive it with its own keys; the page only
//! says, in a script-side value no one sees, which choice of its open question is right.
//! Outside a browser, or where the opener is gone or of another origin, nothing is read or sent.

use wasm_bindgen::{JsCast, JsValue};

/// The page's value that names the right choice of its open question (absent without one).
const ANSWER: &str = "bloomlabAnswer";

/// Keeps `answer` (the right choice of the question on the page) where the notes can read it.
pub fn keep_answer(answer: Option<usize>) {
    let Some(w) = web_sys::window().filter(|_| super::in_browser()) else { return };
    let value = answer.map_or(JsValue::UNDEFINED, |a| JsValue::from_f64(a as f64));
    let _ = js_sys::Reflect::set(&w, &JsValue::from_str(ANSWER), &value);
}

/// Opens `url` in a window named `name` (the same one again on a second call); `false` when the
/// browser refused (a pop-up blocker, an embed).
pub fn open_window(url: &str, name: &str) -> bool {
    if !super::in_browser() {
        return false;
    }
    web_sys::window().and_then(|w| w.open_with_url_and_target(url, name).ok().flatten()).is_some()
}

/// Milliseconds since 1970 by the browser's clock (0 outside a browser).
pub fn now_epoch_ms() -> u64 {
    if !super::in_browser() {
        return 0;
    }
    js_sys::Date::now() as u64
}

/// The window that opened this one, while it is open and of this origin.
pub fn opener() -> Option<web_sys::Window> {
    if !super::in_browser() {
        return None;
    }
    let opener = web_sys::window()?.opener().ok()?;
    if opener.is_null() || opener.is_undefined() {
        return None;
    }
    // Another window's objects fail this realm's `instanceof`: taken as they are.
    let w: web_sys::Window = opener.unchecked_into();
    // Reading another origin's location throws: such an opener is not ours.
    address(&w)?;
    Some(w)
}

/// The opener's question as the notes show it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeenQuestion {
    pub prompt: String,
    pub choices: Vec<String>,
    /// Whether the room sees the answer.
    pub revealed: bool,
    /// The right choice, as the page keeps it (`keep_answer`).
    pub answer: Option<usize>,
    /// Why, once revealed (the projector leaves it to the speaker).
    pub reasoning: String,
}

/// The opener's address's query.
pub fn address(w: &web_sys::Window) -> Option<String> {
    w.location().search().ok()
}

/// The opener's question, if it shows one.
pub fn seen_question(w: &web_sys::Window) -> Option<SeenQuestion> {
    let q = w.document()?.query_selector("[data-testid=question]").ok().flatten()?;
    let text = |el: Option<web_sys::Element>| el.and_then(|e| e.text_content()).unwrap_or_default().trim().to_string();
    let list = q.query_selector_all("[data-testid=choice]").ok();
    let choices = (0..list.as_ref().map_or(0, |l| l.length()))
        .map(|i| text(list.as_ref().and_then(|l| l.item(i)).map(|n| n.unchecked_into::<web_sys::Element>())))
        .collect();
    Some(SeenQuestion {
        prompt: text(q.query_selector(".question-prompt").ok().flatten()),
        choices,
        revealed: q.has_attribute("data-answer"),
        answer: js_sys::Reflect::get(w, &JsValue::from_str(ANSWER)).ok().and_then(|v| v.as_f64()).map(|a| a as usize),
        reasoning: text(q.query_selector(".reasoning").ok().flatten()),
    })
}

/// Sends `key` to the opener as if pressed there (its own keys then do what they do). The event is
/// made by the opener's own `KeyboardEvent`, so that its listeners know it for one.
pub fn press_in(w: &web_sys::Window, key: &str) {
    let Ok(ctor) = js_sys::Reflect::get(w, &JsValue::from_str("KeyboardEvent")) else { return };
    let init = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&init, &JsValue::from_str("key"), &JsValue::from_str(key));
    let args = js_sys::Array::of2(&JsValue::from_str("keydown"), &init);
    if let Ok(e) = js_sys::Reflect::construct(ctor.unchecked_ref::<js_sys::Function>(), &args) {
        let _ = w.dispatch_event(e.unchecked_ref());
    }
}

/// Sends the opener to `href` (a stop of its tour).
pub fn send_to(w: &web_sys::Window, href: &str) {
    let _ = w.location().assign(href);
}
