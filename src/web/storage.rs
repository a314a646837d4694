//! The browser's storage: the tab's session storage (a tour being built) and local storage (a
//! student's practice progress). Nothing kept here is ever sent anywhere; where storage is
//! unavailable (a sandboxed frame, a private window that refuses it) reads give nothing and
//! writes do nothing.

/// The value kept in the tab's session storage under `key` (never sent anywhere).
pub fn session_get(key: &str) -> Option<String> {
    if !super::in_browser() {
        return None;
    }
    web_sys::window()?.session_storage().ok()??.get_item(key).ok()?
}

/// Keeps `value` in the tab's session storage under `key`.
pub fn session_set(key: &str, value: &str) {
    if let Some(s) = web_sys::window().filter(|_| super::in_browser()).and_then(|w| w.session_storage().ok().flatten())
    {
        let _ = s.set_item(key, value);
    }
}

/// The value kept in the browser's local storage under `key` (never sent anywhere).
pub fn local_get(key: &str) -> Option<String> {
    if !super::in_browser() {
        return None;
    }
    web_sys::window()?.local_storage().ok()??.get_item(key).ok()?
}

/// Keeps `value` in the browser's local storage under `key`.
pub fn local_set(key: &str, value: &str) {
    if let Some(s) = web_sys::window().filter(|_| super::in_browser()).and_then(|w| w.local_storage().ok().flatten()) {
        let _ = s.set_item(key, value);
    }
}
