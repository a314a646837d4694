//! Bytes in and out of the page: a file of this site fetched as bytes (a package is built from the
//! files the host serves), and bytes made in the page downloaded as a file (a `blob:` URL; nothing
//! is sent anywhere).

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The bytes of `url` (relative to the page), or why they could not be had.
pub async fn fetch_bytes(url: &str) -> Result<Vec<u8>, String> {
    let window = web_sys::window().ok_or("no window")?;
    let answer = JsFuture::from(window.fetch_with_str(url)).await.map_err(|_| format!("{url} could not be fetched"))?;
    let response: web_sys::Response = answer.dyn_into().map_err(|_| format!("{url}: no response"))?;
    if !response.ok() {
        return Err(format!("{url}: the site answered {}", response.status()));
    }
    let buffer = response.array_buffer().map_err(|_| format!("{url}: its body could not be read"))?;
    let buffer = JsFuture::from(buffer).await.map_err(|_| format!("{url}: its body could not be read"))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// Downloads `bytes` as the file `name` of type `mime`.
pub fn download_bytes(bytes: &[u8], mime: &str, name: &str) -> Result<(), String> {
    let array = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&array, &options)
        .map_err(|_| "the browser could not make the file".to_string())?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)
        .map_err(|_| "the browser could not make the file".to_string())?;
    download(&url, name);
    // The click has read the URL; later revoked, so a slow browser still has it.
    let later = url.clone();
    wasm_bindgen_futures::spawn_local(async move {
        gloo_timers::future::TimeoutFuture::new(60_000).await;
        let _ = web_sys::Url::revoke_object_url(&later);
    });
    Ok(())
}

/// Starts a download of `href` as `name`.
pub fn download(href: &str, name: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(a) = doc.create_element("a") else { return };
    let _ = a.set_attribute("href", href);
    let _ = a.set_attribute("download", name);
    let _ = a.set_attribute("hidden", "");
    let body = doc.body();
    if let Some(b) = &body {
        let _ = b.append_child(&a);
    }
    if let Ok(el) = a.clone().dyn_into::<web_sys::HtmlElement>() {
        el.click();
    }
    if let Some(b) = &body {
        let _ = b.remove_child(&a);
    }
}
