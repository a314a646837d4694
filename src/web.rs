//! Thin, non-panicking glue to the browser. Outside a browser (native tests, SSR) every
//! function here quietly does nothing or returns a neutral value.

use wasm_bindgen::JsCast;

mod bytes;
mod channel;
mod dom;
mod file;
mod parent;
mod parts;
mod scorm;
mod scroll;
mod share;
mod storage;
pub use bytes::{download, download_bytes, fetch_bytes};
pub use channel::{
    address, keep_answer, now_epoch_ms, open_window, opener, press_in, seen_question, send_to, SeenQuestion,
};
pub use dom::{attribute_of, click_first, field_value};
pub use file::{chosen_file_size, read_chosen_file};
pub use parent::post_to_parent;
pub use parts::{announce, attach_part, drawn, load_part, part_action, part_host, WindowEvent};
pub use scorm::{local_day_ms, Refusal, ScormApi};
pub use scroll::{mark_focus, scroll_row_to};
pub use share::{can_share, scroll_last_into_view, share_text};
pub use storage::{local_get, local_set, session_get, session_set};

fn in_browser() -> bool {
    cfg!(target_arch = "wasm32")
}

/// The document's first element matching `selector`.
fn query(selector: &str) -> Option<web_sys::Element> {
    web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector(selector).ok().flatten())
}

/// The page address's query string, with its leading `?`.
pub fn location_search() -> String {
    if !in_browser() {
        return String::new();
    }
    web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default()
}

/// The page address's fragment, with its leading `#` (empty outside a browser).
pub fn location_hash() -> String {
    if !in_browser() {
        return String::new();
    }
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// The built-in tours' text the loader in `index.html` fetched beside the bundle
/// (`window.bloomlabTours`, the build's `tours.txt`), when the address names a tour.
pub fn loaded_tours() -> Option<String> {
    let window = web_sys::window().filter(|_| in_browser())?;
    js_sys::Reflect::get(&window, &"bloomlabTours".into()).ok()?.as_string()
}

/// Replaces the page address's query string without reloading or adding history.
pub fn replace_search(search: &str) {
    if !in_browser() {
        return;
    }
    let Some(w) = web_sys::window() else { return };
    let path = w.location().pathname().unwrap_or_else(|_| "/".into());
    let current = w.location().search().unwrap_or_default();
    if current == search {
        return;
    }
    let url = format!("{path}{search}");
    if let Ok(h) = w.history() {
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// The window event a view dispatches once its address has changed in a way a bundle it fetched on
/// first use reads (the frequencies view's shape, for its run at scale).
pub const ADDRESS_CHANGED: &str = "bloomlab-address";

/// Opens the page at `search` (a full navigation, kept in the history).
pub fn assign_search(search: &str) {
    if !in_browser() {
        return;
    }
    let Some(w) = web_sys::window() else { return };
    let path = w.location().pathname().unwrap_or_else(|_| "/".into());
    let _ = w.location().assign(&format!("{path}{search}"));
}

/// Loads `url` (relative to the page): `replace` takes the current page's place in the history.
pub fn go(url: &str, replace: bool) {
    if !in_browser() {
        return;
    }
    let Some(loc) = web_sys::window().map(|w| w.location()) else { return };
    let _ = if replace { loc.replace(url) } else { loc.assign(url) };
}

/// Opens the browser's print dialogue.
pub fn print() {
    if let Some(w) = web_sys::window().filter(|_| in_browser()) {
        let _ = w.print();
    }
}

/// Milliseconds from a monotonic clock (0 outside a browser).
pub fn now_ms() -> f64 {
    if !in_browser() {
        return 0.0;
    }
    web_sys::window().and_then(|w| w.performance()).map(|p| p.now()).unwrap_or(0.0)
}

/// Device pixels per CSS pixel.
pub fn device_pixel_ratio() -> f64 {
    if !in_browser() {
        return 1.0;
    }
    web_sys::window().map(|w| w.device_pixel_ratio()).filter(|r| r.is_finite() && *r > 0.0).unwrap_or(1.0).min(4.0)
}

/// Whether the system asks for a dark colour scheme.
pub fn prefers_dark() -> bool {
    media_matches("(prefers-color-scheme: dark)")
}

/// Whether the screen is a phone's (the style sheets' narrow layout, at most 600 px wide).
pub fn narrow_screen() -> bool {
    media_matches("(max-width: 600px)")
}

fn media_matches(query: &str) -> bool {
    if !in_browser() {
        return false;
    }
    web_sys::window().and_then(|w| w.match_media(query).ok().flatten()).map(|m| m.matches()).unwrap_or(false)
}

/// Sets (or removes, with `None`) an attribute of the document's root element.
pub fn set_root_attribute(name: &str, value: Option<&str>) {
    if !in_browser() {
        return;
    }
    let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) else {
        return;
    };
    let _ = match value {
        Some(v) => root.set_attribute(name, v),
        None => root.remove_attribute(name),
    };
}

/// The document's element with id `id`.
fn element_by_id(id: &str) -> Option<web_sys::Element> {
    web_sys::window().filter(|_| in_browser()).and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id))
}

/// Removes the element with id `id` from the document, if there is one.
pub fn remove_element(id: &str) {
    if let Some(el) = element_by_id(id) {
        el.remove();
    }
}

/// The 2D context of a canvas.
pub fn context_2d(canvas: &web_sys::HtmlCanvasElement) -> Option<web_sys::CanvasRenderingContext2d> {
    canvas.get_context("2d").ok().flatten().and_then(|c| c.dyn_into().ok())
}

/// Calls `f` whenever `element` changes size (the window resizing, a sidebar wrapping under,
/// content arriving, a theme with larger type) until the returned guard is dropped.
pub struct ResizeListener {
    observer: Option<web_sys::ResizeObserver>,
    _closure: Option<wasm_bindgen::closure::Closure<dyn FnMut()>>,
}

impl ResizeListener {
    pub fn new(element: &web_sys::Element, f: impl FnMut() + 'static) -> ResizeListener {
        if !in_browser() {
            return ResizeListener { observer: None, _closure: None };
        }
        let closure = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(f);
        let observer = web_sys::ResizeObserver::new(closure.as_ref().unchecked_ref()).ok();
        if let Some(o) = &observer {
            o.observe(element);
        }
        ResizeListener { observer, _closure: Some(closure) }
    }
}

impl Drop for ResizeListener {
    fn drop(&mut self) {
        if let Some(o) = &self.observer {
            o.disconnect();
        }
    }
}

/// Lets the page handle input and paint, then resumes: a zero-delay yield through a
/// `MessageChannel` (a timer of 0 ms is clamped to 4 ms once timers nest).
pub async fn yield_to_page() {
    if !in_browser() {
        return;
    }
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let Ok(channel) = web_sys::MessageChannel::new() else {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
            return;
        };
        let keep = channel.clone();
        let on_message = wasm_bindgen::closure::Closure::once_into_js(move || {
            keep.port1().set_onmessage(None);
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        });
        channel.port1().set_onmessage(Some(on_message.unchecked_ref()));
        let _ = channel.port2().post_message(&wasm_bindgen::JsValue::NULL);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Calls `f` with every key pressed on the page (outside text fields) until dropped.
pub struct KeyListener {
    _heard: WindowEvent,
}

impl KeyListener {
    pub fn new(mut f: impl FnMut(&web_sys::KeyboardEvent) -> bool + 'static) -> KeyListener {
        let heard = WindowEvent::with_event("keydown", move |e: web_sys::Event| {
            let Ok(e) = e.dyn_into::<web_sys::KeyboardEvent>() else { return };
            if e.alt_key() || e.ctrl_key() || e.meta_key() {
                return;
            }
            let typing = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .map(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT" | "BUTTON"))
                .unwrap_or(false);
            if !typing && f(&e) {
                e.prevent_default();
            }
        });
        KeyListener { _heard: heard }
    }
}

/// The page's origin and path (the address without its query), for links to the same page.
pub fn page_base() -> String {
    if !in_browser() {
        return String::new();
    }
    let Some(loc) = web_sys::window().map(|w| w.location()) else { return String::new() };
    format!("{}{}", loc.origin().unwrap_or_default(), loc.pathname().unwrap_or_else(|_| "/".into()))
}

/// The document's full height in CSS pixels.
pub fn document_height() -> u32 {
    if !in_browser() {
        return 0;
    }
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .map(|e| e.scroll_height().max(0) as u32)
        .unwrap_or(0)
}

/// Copies `text` to the clipboard; false when the browser refuses (no permission, no API).
pub async fn copy_text(text: &str) -> bool {
    if !in_browser() {
        return false;
    }
    let Some(w) = web_sys::window() else { return false };
    let promise = w.navigator().clipboard().write_text(text);
    wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()
}

/// Loads `src` in a hidden frame `width` CSS pixels wide and calls `on_height` with every height
/// it reports (the embedded page's height messages), then removes it: 1.5 s after its first
/// report (the view has drawn; its long work need not run on), or after `ms` at the latest.
pub fn measure_frame_height(src: &str, width: u32, ms: u32, mut on_height: impl FnMut(u32) + 'static) {
    if !in_browser() {
        return;
    }
    let Some(w) = web_sys::window() else { return };
    let Some(doc) = w.document() else { return };
    let Some(body) = doc.body() else { return };
    let Ok(frame) = doc.create_element("iframe") else { return };
    for (k, v) in [
        ("src", src.to_string()),
        ("aria-hidden", "true".into()),
        ("tabindex", "-1".into()),
        ("title", "measuring the embedded view".into()),
        (
            "style",
            format!("position:absolute;left:-10000px;top:0;width:{width}px;height:400px;border:0;visibility:hidden"),
        ),
    ] {
        let _ = frame.set_attribute(k, &v);
    }
    let first = std::rc::Rc::new(std::cell::Cell::new(None::<f64>));
    let seen = first.clone();
    let closure =
        wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let data = e.data();
            let kind = js_sys::Reflect::get(&data, &"type".into()).ok().and_then(|v| v.as_string());
            if kind.as_deref() == Some(bloomlab_core::link::embed::HEIGHT_MESSAGE) {
                if let Some(h) = js_sys::Reflect::get(&data, &"height".into()).ok().and_then(|v| v.as_f64()) {
                    if seen.get().is_none() {
                        seen.set(Some(now_ms()));
                    }
                    on_height(h.max(0.0) as u32);
                }
            }
        });
    let _ = w.add_event_listener_with_callback("message", closure.as_ref().unchecked_ref());
    let _ = body.append_child(&frame);
    let started = now_ms();
    wasm_bindgen_futures::spawn_local(async move {
        loop {
            gloo_timers::future::TimeoutFuture::new(250).await;
            let now = now_ms();
            if first.get().is_some_and(|t| now - t >= 1_500.0) || now - started >= ms as f64 {
                break;
            }
        }
        if let Some(w) = web_sys::window() {
            let _ = w.remove_event_listener_with_callback("message", closure.as_ref().unchecked_ref());
        }
        frame.remove();
    });
}

/// Opens `url` in a new tab (no access back to this page).
pub fn open_new_tab(url: &str) {
    if !in_browser() {
        return;
    }
    if let Some(w) = web_sys::window() {
        let _ = w.open_with_url_and_target_and_features(url, "_blank", "noopener");
    }
}

/// While alive, tells the parent page (when this page is in a frame) its height whenever it
/// changes: `{type: "bloomlab-height", height, view}` by `postMessage`.
pub struct HeightReporter {
    observer: Option<web_sys::ResizeObserver>,
    _closure: Option<wasm_bindgen::closure::Closure<dyn FnMut()>>,
}

impl HeightReporter {
    pub fn new(view: &'static str) -> HeightReporter {
        let none = HeightReporter { observer: None, _closure: None };
        if !in_browser() {
            return none;
        }
        let Some(w) = web_sys::window() else { return none };
        let Ok(Some(parent)) = w.parent() else { return none };
        if parent == w {
            return none;
        }
        let mut last = 0u32;
        let send = move || {
            let h = document_height();
            if h == last {
                return;
            }
            last = h;
            let msg = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&msg, &"type".into(), &bloomlab_core::link::embed::HEIGHT_MESSAGE.into());
            let _ = js_sys::Reflect::set(&msg, &"height".into(), &(h as f64).into());
            let _ = js_sys::Reflect::set(&msg, &"view".into(), &view.into());
            let _ = parent.post_message(&msg, "*");
        };
        let closure = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(send);
        let observer = web_sys::ResizeObserver::new(closure.as_ref().unchecked_ref()).ok();
        if let (Some(o), Some(body)) = (&observer, w.document().and_then(|d| d.body())) {
            o.observe(&body);
        }
        HeightReporter { observer, _closure: Some(closure) }
    }
}

impl Drop for HeightReporter {
    fn drop(&mut self) {
        if let Some(o) = &self.observer {
            o.disconnect();
        }
    }
}
