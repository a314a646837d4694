//! The current URL as typed, its normalised form, and which key each layer hashes.

use yew::prelude::*;

use bloomlab_core::data::url_layers::{UrlSegments, EMPTY_MARKER_SHOWN};
use bloomlab_core::text::shorten;

/// What was typed, its normal form and the key of each layer (one key per layer).
pub fn url_layer_split(typed: &str, url: &UrlSegments, keys: &[String]) -> Html {
    let norm = url.normalized();
    let layers = keys.len();
    let segs = url.segments.len();
    let note = if segs > layers {
        format!(
            "{segs} segments, {layers} layers: segments {layers} to {segs} are joined with / into layer {layers}, so no part of the address is lost."
        )
    } else if segs < layers {
        format!(
            "{segs} segment{}, {layers} layers: layer{} {}–{layers} hash{} the empty marker, so every URL goes through every layer and the XOR.",
            if segs == 1 { "" } else { "s" },
            if layers - segs == 1 { "" } else { "s" },
            segs + 1,
            if layers - segs == 1 { "es" } else { "" }
        )
    } else {
        format!("{segs} segments for {layers} layers: one each.")
    };
    html! {
        <div class="url-split" data-testid="url-normalized" data-value={norm.clone()}>
            <p class="url-forms">
                <span class="muted">{"typed "}</span><span class="mono">{ shorten(typed.trim(), 90) }</span>
                <span class="muted">{" → normalised "}</span><strong class="mono">{ shorten(&norm, 90) }</strong>
            </p>
            if !url.changes.is_empty() {
                <p class="trace-note">{ format!("Normalisation: {}.", url.changes.join("; ")) }</p>
            }
            <ol class="layer-keys">
                { for keys.iter().enumerate().map(|(i, key)| html! {
                    <li data-testid="layer-key" data-layer={(i + 1).to_string()} data-key={key.clone()}
                        class={classes!(key.is_empty().then_some("marker"))}>
                        <span class="layer-tag">{ format!("layer {}", i + 1) }</span>
                        <span class="mono">{ if key.is_empty() { EMPTY_MARKER_SHOWN.to_string() } else { shorten(key, 60) } }</span>
                    </li>
                }) }
            </ol>
            <p class="trace-note">{ note }</p>
        </div>
    }
}
