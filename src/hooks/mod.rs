//! Custom hooks the views and canvases share: the address kept in step with a view's state,
//! long work run one slice at a time, the width an element has, pointing at grid cells, and
//! charts kept between renders.

pub mod grid;
pub mod input;
pub mod page;
pub mod plot;
pub mod question;
pub mod sliced;
pub mod stepper;

pub use grid::{use_grid_canvas, GridCanvas, GridGeometry, GridPaint};

use yew::prelude::*;

use crate::web;
use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::query;

/// Keeps the page address in step with the shared parameters and the view's own pairs.
#[hook]
pub fn use_address_sync(page: &PageParams, view_pairs: Vec<(&'static str, String)>) {
    use_address_sync_at(page, view_pairs.clone(), move || view_pairs);
}

/// Keeps the page address in step with the shared parameters and the view's own pairs, asking for
/// the pairs and writing the address only when `revision` or the page's parameters change. A view
/// whose link is costly to write (thousands of items) passes a number its model changes with the
/// link, so the link is not written out on every slice of long work; `use_address_sync` passes
/// the pairs themselves.
#[hook]
pub fn use_address_sync_at<R, F>(page: &PageParams, revision: R, view_pairs: F)
where
    R: PartialEq + 'static,
    F: FnOnce() -> Vec<(&'static str, String)>,
{
    let search = use_memo((page.query_pairs(), revision), move |(page_pairs, _)| {
        let mut pairs = page_pairs.clone();
        pairs.extend(view_pairs());
        query::build(&pairs)
    });
    // An `Rc<String>` compares by pointer first: the same memo is never compared letter by letter.
    use_effect_with(search, |s| web::replace_search(s));
}

/// Whenever `deps` change and `next` is given, yields to the page and then calls `next`: long
/// work runs one slice per call, and the page answers input in between.
#[hook]
pub fn use_next_slice<D>(deps: D, next: Option<Callback<()>>)
where
    D: PartialEq + 'static,
{
    use_effect_with(deps, move |_| {
        if let Some(next) = next {
            wasm_bindgen_futures::spawn_local(async move {
                web::yield_to_page().await;
                next.emit(());
            });
        }
    });
}

/// The width in CSS pixels of the element behind `node`, measured after mounting and whenever
/// the element changes size (0 until measured). A change of height alone redraws nothing.
#[hook]
pub fn use_element_width(node: &NodeRef) -> f64 {
    let width = use_state_eq(|| 0.0f64);
    {
        let node = node.clone();
        let width = width.clone();
        use_effect_with((), move |_| {
            let el = node.cast::<web_sys::Element>();
            let measure = {
                let el = el.clone();
                move || {
                    if let Some(el) = &el {
                        let w = el.client_width() as f64;
                        if w > 0.0 {
                            width.set(w);
                        }
                    }
                }
            };
            measure();
            let listener = el.map(|el| web::ResizeListener::new(&el, measure));
            move || drop(listener)
        });
    }
    *width
}
