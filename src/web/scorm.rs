//! The SCORM 1.2 run-time `API` object an LMS puts in a window above the content, found and
//! called as conforming content does (ADL's `FindAPI`: up the parent frames, at most seven steps,
//! then the same from the opener). Every call's answer is read: `LMSSetValue` and the others answer
//! the string `"true"` or `"false"`; after a `"false"`, `LMSGetLastError` and `LMSGetErrorString`
//! say why. A window of another origin cannot be read: the search stops there, quietly.

use js_sys::{Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};

/// Frames above the content searched for the `API` (ADL's reference searches seven).
const MAX_STEPS: usize = 7;

/// The LMS's `API` object.
#[derive(Clone, Debug, PartialEq)]
pub struct ScormApi {
    api: JsValue,
}

/// A call the LMS refused: the call, and the LMS's error number and words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub call: String,
    pub code: String,
    pub text: String,
}

/// `win`'s property `name`, or `None` when it is absent or cannot be read (another origin).
fn get(win: &JsValue, name: &str) -> Option<JsValue> {
    Reflect::get(win, &JsValue::from_str(name)).ok().filter(|v| !v.is_undefined() && !v.is_null())
}

/// The `API` in `win` or in one of the frames above it.
fn find_from(mut win: JsValue) -> Option<JsValue> {
    for _ in 0..=MAX_STEPS {
        if let Some(api) = get(&win, "API").filter(|a| a.is_object()) {
            return Some(api);
        }
        let parent = get(&win, "parent")?;
        if parent == win {
            return None;
        }
        win = parent;
    }
    None
}

impl ScormApi {
    /// The LMS's `API`, if this page runs inside one (never outside a browser).
    pub fn find() -> Option<ScormApi> {
        if !super::in_browser() {
            return None;
        }
        let win: JsValue = web_sys::window()?.into();
        let api = find_from(win.clone()).or_else(|| get(&win, "opener").and_then(find_from))?;
        Some(ScormApi { api })
    }

    /// Calls `name` with `args`; its answer as text (`None` when the API has no such function or
    /// it threw).
    fn call(&self, name: &str, args: &[&str]) -> Option<String> {
        let f: Function = get(&self.api, name)?.dyn_into().ok()?;
        let args: js_sys::Array = args.iter().map(|a| JsValue::from_str(a)).collect();
        let answer = f.apply(&self.api, &args).ok()?;
        Some(answer.as_string().unwrap_or_else(|| answer.as_bool().map_or(String::new(), |b| b.to_string())))
    }

    /// The refusal of `call`, with the LMS's last error.
    fn refused(&self, call: String) -> Refusal {
        let code = self.call("LMSGetLastError", &[]).unwrap_or_default();
        let text = self.call("LMSGetErrorString", &[&code]).unwrap_or_default();
        Refusal { call, code, text }
    }

    /// A call that answers `"true"` when it worked.
    fn act(&self, name: &str, args: &[&str]) -> Result<(), Refusal> {
        match self.call(name, args).as_deref() {
            Some("true") => Ok(()),
            _ => Err(self.refused(match args {
                [element, ..] if !element.is_empty() => format!("{name}({element})"),
                _ => name.to_string(),
            })),
        }
    }

    pub fn initialize(&self) -> Result<(), Refusal> {
        self.act("LMSInitialize", &[""])
    }

    /// `element`'s value; an empty value with error 0 is a value.
    pub fn get_value(&self, element: &str) -> Result<String, Refusal> {
        let value = self.call("LMSGetValue", &[element]);
        let code = self.call("LMSGetLastError", &[]).unwrap_or_default();
        match value {
            Some(v) if code.is_empty() || code == "0" => Ok(v),
            _ => Err(self.refused(format!("LMSGetValue({element})"))),
        }
    }

    pub fn set_value(&self, element: &str, value: &str) -> Result<(), Refusal> {
        self.act("LMSSetValue", &[element, value])
    }

    pub fn commit(&self) -> Result<(), Refusal> {
        self.act("LMSCommit", &[""])
    }

    pub fn finish(&self) -> Result<(), Refusal> {
        self.act("LMSFinish", &[""])
    }
}

/// The time of day on the student's clock, in ms after local midnight, for the rows an LMS is
/// sent (`cmi.interactions.n.time`; 0 outside a browser).
pub fn local_day_ms() -> u64 {
    if !super::in_browser() {
        return 0;
    }
    let d = js_sys::Date::new_0();
    let minutes = d.get_hours() * 60 + d.get_minutes();
    (u64::from(minutes) * 60 + u64::from(d.get_seconds())) * 1000 + u64::from(d.get_milliseconds())
}
