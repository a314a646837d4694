//! Handing a result on from a phone: the browser's share sheet, and bringing what a press
//! produced into view. Inert outside a browser.

use wasm_bindgen::JsCast;

use super::in_browser;

/// Whether the browser offers its share sheet (`navigator.share`: phones, mostly).
pub fn can_share() -> bool {
    in_browser()
        && web_sys::window().is_some_and(|w| {
            js_sys::Reflect::get(&w.navigator(), &wasm_bindgen::JsValue::from_str("share"))
                .is_ok_and(|f| f.is_function())
        })
}

/// Hands `text` to the browser's share sheet; `false` when there is none or the person cancelled.
pub async fn share_text(text: &str) -> bool {
    let Some(nav) = web_sys::window().filter(|_| in_browser()).map(|w| w.navigator()) else { return false };
    let Ok(share) = js_sys::Reflect::get(&nav, &wasm_bindgen::JsValue::from_str("share")) else { return false };
    let Some(share) = share.dyn_ref::<js_sys::Function>() else { return false };
    let data = js_sys::Object::new();
    let _ =
        js_sys::Reflect::set(&data, &wasm_bindgen::JsValue::from_str("text"), &wasm_bindgen::JsValue::from_str(text));
    match share.call1(&nav, &data).map(js_sys::Promise::from) {
        Ok(p) => wasm_bindgen_futures::JsFuture::from(p).await.is_ok(),
        Err(_) => false,
    }
}

/// Scrolls the last element matching `selector` into view (nearest edge), if there is one.
pub fn scroll_last_into_view(selector: &str) {
    let Some(doc) = web_sys::window().filter(|_| in_browser()).and_then(|w| w.document()) else { return };
    let Ok(all) = doc.query_selector_all(selector) else { return };
    if let Some(el) = all.item(all.length().saturating_sub(1)).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) {
        let opts = web_sys::ScrollIntoViewOptions::new();
        opts.set_block(web_sys::ScrollLogicalPosition::Nearest);
        el.scroll_into_view_with_scroll_into_view_options(&opts);
    }
}
