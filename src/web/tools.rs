//! The lecturer's tools as a bundle of their own (`src/app/tools.rs`): the page asks the loader in
//! `index.html` for them, and the tools bundle finds its place in the page. The page and the tools
//! share three names on `window`: `bloomlabLoadTools(action)` (the loader's), `bloomlabToolsAction`
//! (what the click asked for) and `bloomlabToolsHost` (the element the tools are drawn in).

use wasm_bindgen::JsCast;

fn window_value(name: &str) -> Option<wasm_bindgen::JsValue> {
    let window = web_sys::window().filter(|_| super::in_browser())?;
    js_sys::Reflect::get(&window, &name.into()).ok().filter(|v| !v.is_undefined() && !v.is_null())
}

/// Asks the loader for the tools bundle, to do `action` once it has mounted (a second call while
/// it loads changes the action; once mounted, the tools' own buttons take the clicks).
pub fn load_tools(action: &str) {
    if let Some(load) = window_value("bloomlabLoadTools").and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
        let _ = load.call1(&wasm_bindgen::JsValue::NULL, &action.into());
    }
}

/// Moves the tools, if they are running, into the slot with id `slot`; whether they are.
pub fn attach_tools(slot: &str) -> bool {
    let Some(host) = window_value("bloomlabToolsHost").and_then(|h| h.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    if let Some(slot) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(slot)) {
        if host.parent_element().as_ref() != Some(&slot) {
            let _ = slot.append_child(&host);
        }
    }
    true
}

/// The tools bundle's host: a new element in the slot with id `slot` (or kept aside until the
/// page draws one), remembered on `window` for the page.
pub fn tools_host(slot: &str) -> Option<web_sys::Element> {
    let window = web_sys::window().filter(|_| super::in_browser())?;
    let document = window.document()?;
    let host = document.create_element("div").ok()?;
    host.set_class_name("tools-host");
    let _ = js_sys::Reflect::set(&window, &"bloomlabToolsHost".into(), &host);
    attach_tools(slot);
    Some(host)
}

/// What the click that fetched the tools asked for ("" when they were fetched for a tour being
/// built).
pub fn tools_action() -> String {
    window_value("bloomlabToolsAction").and_then(|v| v.as_string()).unwrap_or_default()
}

/// The event the tools dispatch on `window` once drawn: the page then drops its stand-ins.
const READY: &str = "bloomlab-tools";

/// Tells the page the tools are drawn, and gives the keyboard's focus to `focus` (a selector
/// inside the tools: the control the click that fetched them was on, whose stand-in is gone).
pub fn tools_ready(focus: Option<&str>) {
    if let Some(el) = focus.and_then(|f| super::query(&format!(".tools-host {f}"))) {
        if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
            let _ = el.focus();
        }
    }
    if let Some(w) = web_sys::window().filter(|_| super::in_browser()) {
        if let Ok(e) = web_sys::Event::new(READY) {
            let _ = w.dispatch_event(&e);
        }
    }
}

/// Calls `f` once the tools are drawn (`tools_ready`), until dropped.
pub struct ToolsReady {
    closure: Option<wasm_bindgen::closure::Closure<dyn FnMut()>>,
}

impl ToolsReady {
    pub fn new(f: impl FnMut() + 'static) -> ToolsReady {
        let Some(w) = web_sys::window().filter(|_| super::in_browser()) else {
            return ToolsReady { closure: None };
        };
        let closure = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(f);
        let _ = w.add_event_listener_with_callback(READY, closure.as_ref().unchecked_ref());
        ToolsReady { closure: Some(closure) }
    }
}

impl Drop for ToolsReady {
    fn drop(&mut self) {
        if let (Some(c), Some(w)) = (&self.closure, web_sys::window()) {
            let _ = w.remove_event_listener_with_callback(READY, c.as_ref().unchecked_ref());
        }
    }
}
