//! People's own files, read in the page (nothing is sent anywhere).

use super::yield_to_page;

/// Bytes copied into the page's memory at a time when a file is read: a few milliseconds of
/// copying, so a 40 MB file does not hold up a frame.
const FILE_PIECE: usize = 2 << 20;

/// The first file chosen in a file input, as its name and bytes (read in the page; nothing is
/// sent anywhere). The file is read in 2 MiB pieces, yielding to the page between them, into one
/// buffer reserved up front. `None` when no file is chosen or it cannot be read.
pub async fn read_chosen_file(input: &web_sys::HtmlInputElement) -> Option<(String, Vec<u8>)> {
    let file = input.files()?.get(0)?;
    let name = file.name();
    let size = file.size() as usize;
    let mut bytes = Vec::with_capacity(size);
    while bytes.len() < size {
        let (start, end) = (bytes.len(), (bytes.len() + FILE_PIECE).min(size));
        let piece = file.slice_with_f64_and_f64(start as f64, end as f64).ok()?;
        let buffer = wasm_bindgen_futures::JsFuture::from(piece.array_buffer()).await.ok()?;
        let array = js_sys::Uint8Array::new(&buffer);
        let got = array.length() as usize;
        if got == 0 {
            break; // the file shrank while it was read: keep what arrived
        }
        bytes.resize(start + got, 0);
        array.copy_to(&mut bytes[start..]);
        yield_to_page().await;
    }
    Some((name, bytes))
}

/// The size of the first chosen file in bytes, before reading it.
pub fn chosen_file_size(input: &web_sys::HtmlInputElement) -> Option<f64> {
    Some(input.files()?.get(0)?.size())
}
