//! A grid of cells (bits or counters) on a canvas: where it was drawn, the cell under the
//! pointer or the keyboard cursor, and redrawing from a pixel buffer when what it shows changes.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::context::{use_theme, ThemeContext};
use crate::hooks::use_element_width;
use crate::web;
use bloomlab_core::draw::bitmap::GridLayout;

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

/// Paints `content` on the canvas, using and keeping the pixel buffer, with the focused cell
/// and the theme, across the given CSS width; returns where the grid went.
pub type GridPaint<D> =
    fn(&web_sys::HtmlCanvasElement, &mut Vec<u8>, &D, Option<u64>, &ThemeContext, f64) -> GridGeometry;

/// A grid canvas in use: the element to measure, the canvas, and the pointer over it.
pub struct GridCanvas {
    /// Goes on the element whose width the grid fills.
    pub wrapper: NodeRef,
    pub canvas: NodeRef,
    pub pointer: GridPointer,
}

/// While busy, redraw at most this often.
const BUSY_REDRAW_MS: f64 = 120.0;

struct Drawing {
    drawn_at: f64,
    buffer: Vec<u8>,
}

/// A canvas that shows `content` through `paint`, redrawn whenever the content, the focused
/// cell, the theme or the width change: at most every 120 ms while `busy` (the content is being
/// filled in slices).
#[hook]
pub fn use_grid_canvas<D>(content: D, busy: bool, paint: GridPaint<D>) -> GridCanvas
where
    D: PartialEq + 'static,
{
    let theme = use_theme();
    let wrapper = use_node_ref();
    let canvas = use_node_ref();
    let width = use_element_width(&wrapper);
    let geometry = use_mut_ref(GridGeometry::default);
    let pointer = use_grid_pointer(geometry.clone());
    let drawing = use_mut_ref(|| Drawing { drawn_at: f64::NEG_INFINITY, buffer: Vec::new() });
    {
        let canvas = canvas.clone();
        let deps = (content, pointer.focus.map(|f| f.0), theme, width, busy);
        use_effect_with(deps, move |(content, focus, theme, width, busy)| {
            let now = web::now_ms();
            let mut d = drawing.borrow_mut();
            if *busy && now - d.drawn_at < BUSY_REDRAW_MS {
                return;
            }
            if let Some(el) = canvas.cast::<web_sys::HtmlCanvasElement>() {
                *geometry.borrow_mut() = paint(&el, &mut d.buffer, content, *focus, theme, *width);
                d.drawn_at = now;
            }
        });
    }
    GridCanvas { wrapper, canvas, pointer }
}

impl GridCanvas {
    /// The focused cells described by `describe`, or `None` when nothing among `cells` is focused.
    pub fn focus_text(&self, cells: u64, describe: &Callback<(u64, u64), String>) -> Option<String> {
        match self.pointer.focus {
            Some((start, end)) if end <= cells => Some(describe.emit((start, end))),
            _ => None,
        }
    }
}
