//! A `BroadcastChannel`: text messages between windows of the same origin (the projected page
//! and the speaker's notes), with no server. Where the browser has none (or outside a browser)
//! nothing is sent or heard.

use wasm_bindgen::JsCast;

/// An open channel that calls its handler with each message's text, until dropped.
pub struct Channel {
    port: Option<web_sys::BroadcastChannel>,
    _heard: Option<wasm_bindgen::closure::Closure<dyn FnMut(web_sys::MessageEvent)>>,
}

impl Channel {
    pub fn open(name: &str, mut on_text: impl FnMut(String) + 'static) -> Channel {
        if !super::in_browser() {
            return Channel { port: None, _heard: None };
        }
        let Ok(port) = web_sys::BroadcastChannel::new(name) else { return Channel { port: None, _heard: None } };
        let heard =
            wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                if let Some(text) = e.data().as_string() {
                    on_text(text);
                }
            });
        port.set_onmessage(Some(heard.as_ref().unchecked_ref()));
        Channel { port: Some(port), _heard: Some(heard) }
    }

    /// Sends `text` to every other window listening on the channel.
    pub fn post(&self, text: &str) {
        if let Some(p) = &self.port {
            let _ = p.post_message(&wasm_bindgen::JsValue::from_str(text));
        }
    }
}

impl Drop for Channel {
    fn drop(&mut self) {
        if let Some(p) = &self.port {
            p.set_onmessage(None);
            p.close();
        }
    }
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
