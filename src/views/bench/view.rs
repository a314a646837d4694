//! The in-browser benchmark (`view=bench`), run by the end-to-end harness: how long a full
//! redraw of a 1,048,576-bit array takes, and a bulk insert of 1,000,000 generated URLs.
//! Figures are reported, not judged.

use gloo_timers::future::TimeoutFuture;
use yew::prelude::*;

use crate::hooks::GridGeometry;
use crate::views::classic::state as classic_state;
use crate::web;
use crate::widgets::arrays::grid_paint::{fit_grid, put_pixels};
use bloomlab_core::data::generate::ItemKind;
use bloomlab_core::draw::bitmap::{render_bits, Marks, Palette};
use bloomlab_core::engine::bitvec::BitVec;
use bloomlab_core::engine::formulas::size_for;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::labs::classic::ClassicLab;

const REDRAW_BITS: usize = 1 << 20;
const REDRAWS: usize = 31;
const BULK_URLS: u64 = 1_000_000;
const BULK_RUNS: usize = 3;

#[derive(Clone, Debug, Default, PartialEq)]
struct BenchResult {
    redraw_median_ms: f64,
    redraw_width: u32,
    redraw_height: u32,
    bulk_insert_ms: f64,
    bulk_insert_double_ms: f64,
    bulk_sliced_ms: f64,
    slices: u32,
    /// What the timed work did, for the harness to check: items in the filter and bits set after
    /// the one-go xxh3 insert, and the same after the sliced one (they must agree).
    bulk_items: u64,
    bulk_ones: u64,
    sliced_items: u64,
    sliced_ones: u64,
    /// The bits set in the redrawn array.
    redraw_ones: u64,
    /// The filter's shape.
    bulk_m: u64,
    bulk_k: u32,
}

fn median(mut v: Vec<f64>) -> f64 {
    bloomlab_core::engine::stats::sort_floats(&mut v);
    v[v.len() / 2]
}

#[function_component(BenchView)]
pub fn bench_view() -> Html {
    let canvas = use_node_ref();
    let result = use_state(|| None::<BenchResult>);
    let phase = use_state(|| "waiting".to_string());
    {
        let canvas = canvas.clone();
        let result = result.clone();
        let phase = phase.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                TimeoutFuture::new(50).await;
                phase.set("redraw".into());
                TimeoutFuture::new(0).await;
                let mut r = BenchResult::default();
                if let Some(el) = canvas.cast::<web_sys::HtmlCanvasElement>() {
                    let (ms, w, h, ones) = time_redraws(&el);
                    r.redraw_median_ms = ms;
                    r.redraw_ones = ones;
                    r.redraw_width = w;
                    r.redraw_height = h;
                }
                phase.set("bulk insert".into());
                TimeoutFuture::new(0).await;
                let (m, k) = size_for(BULK_URLS, 0.01).unwrap_or((9_585_059, 7));
                (r.bulk_m, r.bulk_k) = (m, k);
                // Warm up first: the browser compiles WebAssembly quickly at first and optimises
                // hot code a moment later; the figures are for optimised code.
                for family in [HashFamily::Xxh3, HashFamily::Double] {
                    let _ = time_bulk(family, m, k, BULK_URLS / 5);
                    web::yield_to_page().await;
                }
                let mut xxh3 = Vec::new();
                let mut double = Vec::new();
                for _ in 0..BULK_RUNS {
                    let (ms, lab) = time_bulk(HashFamily::Xxh3, m, k, BULK_URLS);
                    (r.bulk_items, r.bulk_ones) = (lab.n(), lab.filter().bits().count_ones() as u64);
                    xxh3.push(ms);
                    drop(lab);
                    web::yield_to_page().await;
                    double.push(time_bulk(HashFamily::Double, m, k, BULK_URLS).0);
                    web::yield_to_page().await;
                }
                r.bulk_insert_ms = median(xxh3);
                r.bulk_insert_double_ms = median(double);

                phase.set("sliced bulk insert".into());
                TimeoutFuture::new(0).await;
                let mut lab = ClassicLab::new(HashFamily::Xxh3, m, k);
                let _ = lab.add_batch(ItemKind::Urls, BULK_URLS);
                let start = web::now_ms();
                // The classic view's slices.
                let mut budget = classic_state::BUDGET;
                while lab.pending() > 0 {
                    budget.run(web::now_ms, |units| lab.work(units));
                    r.slices += 1;
                    web::yield_to_page().await;
                }
                r.bulk_sliced_ms = web::now_ms() - start;
                (r.sliced_items, r.sliced_ones) = (lab.n(), lab.filter().bits().count_ones() as u64);
                phase.set("done".into());
                result.set(Some(r));
            });
        });
    }
    let status = if result.is_some() { "done" } else { "running" };
    let r = (*result).clone().unwrap_or_default();
    html! {
        <section class="bench">
            <h1>{"Benchmark"}</h1>
            <p>{ format!("Measures this browser: {} redraws of a {}-bit array from a pixel buffer, and a bulk insert of {} generated URLs into a filter sized for 1% false positives (m = 9,585,059, k = 7), with xxh3 and with double hashing.", REDRAWS, REDRAW_BITS, BULK_URLS) }</p>
            <div data-testid="bench-result" data-status={status}
                data-redraw-median-ms={r.redraw_median_ms.to_string()}
                data-bulk-insert-ms={r.bulk_insert_ms.to_string()}
                data-bulk-insert-double-ms={r.bulk_insert_double_ms.to_string()}
                data-bulk-ui-ms={r.bulk_sliced_ms.to_string()}
                data-redraw-bits={REDRAW_BITS.to_string()} data-redraw-ones={r.redraw_ones.to_string()}
                data-bulk-m={r.bulk_m.to_string()} data-bulk-k={r.bulk_k.to_string()}
                data-bulk-items={r.bulk_items.to_string()} data-bulk-ones={r.bulk_ones.to_string()}
                data-sliced-items={r.sliced_items.to_string()} data-sliced-ones={r.sliced_ones.to_string()}>
                <p>{ format!("phase: {}", *phase) }</p>
                if result.is_some() {
                    <table>
                        <tr><th class="wrap">{"full redraw, 1,048,576 bits (median)"}</th><td class="num">{ format!("{:.2} ms at {}×{} px", r.redraw_median_ms, r.redraw_width, r.redraw_height) }</td></tr>
                        <tr><th class="wrap">{"bulk insert, 1,000,000 URLs, xxh3 (median of 3)"}</th><td class="num">{ format!("{:.1} ms", r.bulk_insert_ms) }</td></tr>
                        <tr><th class="wrap">{"bulk insert, 1,000,000 URLs, double hashing (median of 3)"}</th><td class="num">{ format!("{:.1} ms", r.bulk_insert_double_ms) }</td></tr>
                        <tr><th class="wrap">{"bulk insert, 1,000,000 URLs, in slices with the page answering"}</th><td class="num">{ format!("{:.1} ms in {} slices", r.bulk_sliced_ms, r.slices) }</td></tr>
                    </table>
                }
            </div>
            <canvas ref={canvas} class="bench-canvas"></canvas>
        </section>
    }
}

/// Milliseconds to generate and insert `count` URLs in one run, and the filter they made.
fn time_bulk(family: HashFamily, m: u64, k: u32, count: u64) -> (f64, ClassicLab) {
    let mut lab = ClassicLab::new(family, m, k);
    let _ = lab.add_batch(ItemKind::Urls, count);
    let start = web::now_ms();
    lab.finish();
    (web::now_ms() - start, lab)
}

fn time_redraws(canvas: &web_sys::HtmlCanvasElement) -> (f64, u32, u32, u64) {
    let mut bits = BitVec::new(REDRAW_BITS);
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..REDRAW_BITS / 2 {
        bits.set(rng.usize(..REDRAW_BITS));
    }
    // The classic view's drawing path at a 1200-pixel-wide stage.
    let Some(GridGeometry { layout: Some(layout), dpr }) = fit_grid(REDRAW_BITS as u64, 1200.0, 48.0) else {
        return (f64::NAN, 0, 0, 0);
    };
    let mut buf = Vec::new();
    let mut times = Vec::with_capacity(REDRAWS);
    for i in 0..REDRAWS {
        let start = web::now_ms();
        let positions = [i as u64 * 4099 % REDRAW_BITS as u64];
        render_bits(&bits, &layout, &Palette::LIGHT, &Marks { positions: &positions, focus: None }, &mut buf);
        put_pixels(canvas, &buf, &layout, dpr);
        times.push(web::now_ms() - start);
    }
    (median(times), layout.width, layout.height, bits.count_ones() as u64)
}
