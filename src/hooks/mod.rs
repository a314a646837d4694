//! Custom hooks the views and canvases share: the address kept in step with a view's state,
//! long work run one slice at a time, the width an element has, and pointing at grid cells.

pub mod input;
pub mod sliced;
pub mod stepper;

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::core::draw::bitmap::GridLayout;
use crate::core::link::page::PageParams;
use crate::core::link::query;
use crate::web;

/// Keeps the page address in step with the shared parameters and the view's own.
#[hook]
pub fn use_address_sync(page: &PageParams, view_pairs: Vec<(&'static str, String)>) {
    let mut pairs = page.query_pairs();
    pairs.extend(view_pairs);
    let search = query::build(&pairs);
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

/// The width in CSS pixels of the element behind `node`, measured after mounting and on every
/// window resize (0 until measured).
#[hook]
pub fn use_element_width(node: &NodeRef) -> f64 {
    let width = use_state(|| 0.0f64);
    {
        let node = node.clone();
        let width = width.clone();
        use_effect_with((), move |_| {
            let measure = move || {
                if let Some(el) = node.cast::<web_sys::Element>() {
                    let w = el.client_width() as f64;
                    if w > 0.0 {
                        width.set(w);
                    }
                }
            };
            measure();
            let listener = web::ResizeListener::new(measure);
            move || drop(listener)
        });
    }
    *width
}

/// Where a grid was last drawn, so pointer positions can be mapped back to cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct GridGeometry {
    pub layout: Option<GridLayout>,
    /// Device pixels per CSS pixel when it was drawn.
    pub dpr: f64,
}

/// The cells pointed at over a grid canvas: hovering shows a cell, a tap (or click) pins it,
/// tapping it again lets go.
pub struct GridPointer {
    /// The range of positions under the pointer, `start..end`.
    pub focus: Option<(u64, u64)>,
    pub on_move: Callback<MouseEvent>,
    pub on_leave: Callback<MouseEvent>,
    pub on_click: Callback<MouseEvent>,
    /// Arrow keys, Home, End, Page Up and Down move a cursor over the cells (the canvas needs
    /// `tabindex="0"`); the keys do not reach the page's own shortcuts.
    pub on_key: Callback<KeyboardEvent>,
}

#[hook]
pub fn use_grid_pointer(geometry: Rc<RefCell<GridGeometry>>) -> GridPointer {
    let focus = use_state(|| None::<(u64, u64)>);
    let pinned = use_state(|| false);
    let on_key = {
        let (focus, pinned, geometry) = (focus.clone(), pinned.clone(), geometry.clone());
        Callback::from(move |e: KeyboardEvent| {
            let Some(layout) = geometry.borrow().layout else { return };
            if e.key() == "Escape" {
                pinned.set(false);
                focus.set(None);
                return;
            }
            if let Some(next) = layout.key_move(*focus, &e.key()) {
                e.prevent_default();
                e.stop_propagation();
                pinned.set(true);
                focus.set(Some(next));
            }
        })
    };
    let locate = move |e: &MouseEvent| -> Option<(u64, u64)> {
        let g = geometry.borrow();
        let layout = g.layout?;
        let x = (e.offset_x().max(0) as f64 * g.dpr) as u32;
        let y = (e.offset_y().max(0) as f64 * g.dpr) as u32;
        layout.bits_at(x, y)
    };
    let on_move = {
        let (focus, pinned, locate) = (focus.clone(), pinned.clone(), locate.clone());
        Callback::from(move |e: MouseEvent| {
            if !*pinned {
                focus.set(locate(&e));
            }
        })
    };
    let on_leave = {
        let (focus, pinned) = (focus.clone(), pinned.clone());
        Callback::from(move |_: MouseEvent| {
            if !*pinned {
                focus.set(None);
            }
        })
    };
    let on_click = {
        let (focus, pinned) = (focus.clone(), pinned.clone());
        Callback::from(move |e: MouseEvent| {
            let spot = locate(&e);
            if *pinned && spot == *focus {
                pinned.set(false);
                focus.set(None);
            } else {
                pinned.set(spot.is_some());
                focus.set(spot);
            }
        })
    };
    GridPointer { focus: *focus, on_move, on_leave, on_click, on_key }
}
