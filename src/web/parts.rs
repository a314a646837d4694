//! Bundles a page fetches on first use (`src/app/tools.rs`: the lecturer's tools; a view's
//! experiment that runs only when asked, such as the frequencies view's run at scale): the page
//! asks the loader in `index.html` for one (`bloomlabLoad(bundle, action)`), and the bundle, once
//! started, finds its slot in the page and reads what was asked (`bloomlabAsked[bundle]`). Asked
//! again once running, it hears a window event named after it. Each bundle's host element is kept
//! on `window` (`bloomlabHosts[slot]`), so it can move into a slot the page drew anew. The page
//! hears that a bundle is drawn, or could not be fetched, by two events named after it.

use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;

fn window() -> Option<web_sys::Window> {
    web_sys::window().filter(|_| super::in_browser())
}

/// `window[name]`, when set.
fn window_value(name: &str) -> Option<JsValue> {
    js_sys::Reflect::get(&JsValue::from(window()?), &name.into()).ok().filter(|v| !v.is_undefined() && !v.is_null())
}

/// `window[table][key]`, when set.
fn table_value(table: &str, key: &str) -> Option<JsValue> {
    js_sys::Reflect::get(&window_value(table)?, &key.into()).ok().filter(|v| !v.is_undefined() && !v.is_null())
}

/// Asks the loader for `bundle`, to do `action` once it has started (asked again while it loads,
/// the last action counts; once running, it hears the event named after it).
pub fn load_part(bundle: &str, action: &str) {
    if let Some(load) = window_value("bloomlabLoad").and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
        let _ = load.call2(&JsValue::NULL, &bundle.into(), &action.into());
    }
}

/// What the page last asked `bundle` to do ("" when nothing).
pub fn part_action(bundle: &str) -> String {
    table_value("bloomlabAsked", bundle).and_then(|v| v.as_string()).unwrap_or_default()
}

/// Moves the bundle drawn for `slot`, if one is running, into the element with that id; whether
/// one is.
pub fn attach_part(slot: &str) -> bool {
    let Some(host) = table_value("bloomlabHosts", slot).and_then(|h| h.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    if let Some(slot) = super::element_by_id(slot) {
        if host.parent_element().as_ref() != Some(&slot) {
            let _ = slot.append_child(&host);
        }
    }
    true
}

/// A new host element of class `class` for the bundle drawn in `slot`: put in the element with
/// that id (or kept aside until the page draws one) and remembered on `window`.
pub fn part_host(slot: &str, class: &str) -> Option<web_sys::Element> {
    let window = window()?;
    let host = window.document()?.create_element("div").ok()?;
    host.set_class_name(class);
    let hosts = window_value("bloomlabHosts").unwrap_or_else(|| {
        let t: JsValue = js_sys::Object::new().into();
        let _ = js_sys::Reflect::set(&window, &"bloomlabHosts".into(), &t);
        t
    });
    let _ = js_sys::Reflect::set(&hosts, &slot.into(), &host);
    attach_part(slot);
    Some(host)
}

/// Tells the page that `bundle`'s app is drawn (the event `drawn_event`), first giving the
/// keyboard's focus to the element with id `focus`, if any (the control that replaced the
/// stand-in a click fetched it from).
pub fn drawn(drawn_event: &str, focus: Option<&str>) {
    if let Some(el) = focus.and_then(super::element_by_id).and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = el.focus();
    }
    announce(drawn_event);
}

/// Dispatches the event `name` on `window`.
pub fn announce(name: &str) {
    if let (Some(w), Ok(e)) = (window(), web_sys::Event::new(name)) {
        let _ = w.dispatch_event(&e);
    }
}

/// Calls `f` each time the event `name` is dispatched on `window`, until dropped (the page's
/// keys, `web::KeyListener`, are heard through one too).
pub struct WindowEvent {
    name: String,
    closure: Option<wasm_bindgen::closure::Closure<dyn FnMut(web_sys::Event)>>,
}

impl WindowEvent {
    pub fn new(name: impl Into<String>, mut f: impl FnMut() + 'static) -> WindowEvent {
        WindowEvent::with_event(name, move |_| f())
    }

    /// As `new`, with the event handed to `f`.
    pub fn with_event(name: impl Into<String>, f: impl FnMut(web_sys::Event) + 'static) -> WindowEvent {
        let name = name.into();
        let Some(w) = window() else {
            return WindowEvent { name, closure: None };
        };
        let closure = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::Event)>::new(f);
        let _ = w.add_event_listener_with_callback(&name, closure.as_ref().unchecked_ref());
        WindowEvent { name, closure: Some(closure) }
    }
}

impl Drop for WindowEvent {
    fn drop(&mut self) {
        if let (Some(c), Some(w)) = (&self.closure, web_sys::window()) {
            let _ = w.remove_event_listener_with_callback(&self.name, c.as_ref().unchecked_ref());
        }
    }
}
