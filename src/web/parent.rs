//! Messages to the page around a framed page (a course platform embedding a view).

/// Posts `fields` as one object to the parent window, when this page is in a frame; nothing
/// otherwise (and nothing outside a browser).
pub fn post_to_parent(fields: &[(&str, wasm_bindgen::JsValue)]) {
    if !super::in_browser() {
        return;
    }
    let Some(w) = web_sys::window() else { return };
    let Ok(Some(parent)) = w.parent() else { return };
    if parent == w {
        return;
    }
    let msg = js_sys::Object::new();
    for (k, v) in fields {
        let _ = js_sys::Reflect::set(&msg, &(*k).into(), v);
    }
    let _ = parent.post_message(&msg, "*");
}
