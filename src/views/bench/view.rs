//! The in-browser benchmark (`view=bench`), run by the end-to-end harness: how long a full
//! redraw of a 1,048,576-bit array takes, and a bulk insert of 1,000,000 generated URLs, also
//! split into its two halves: generating the URLs alone, and inserting them already generated
//! (the harness times bloomfilter.js on the very same URLs in the same page).
//! Figures are reported, not judged. Every figure goes through the core's timing method
//! (`engine::timing`): the clock's resolution measured, a warm-up pass, `ROUNDS` timed rounds (the
//! two hash families in an order rotated each round), each block at least 100× the resolution,
//! the median shown with the fastest and slowest round.

use gloo_timers::future::TimeoutFuture;
use yew::prelude::*;

use crate::widgets::cells::para;

use crate::widgets::cells::num_cell;

use crate::hooks::GridGeometry;
use crate::web;
use crate::widgets::arrays::grid_paint::{fit_grid, put_pixels};
use bloomlab_core::data::generate::{generated_bytes, item, ItemKind};
use bloomlab_core::draw::bitmap::{render_bits, Marks, Palette};
use bloomlab_core::engine::bitvec::BitVec;
use bloomlab_core::engine::filter::BloomFilter;
use bloomlab_core::engine::formulas::size_for;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::engine::sliced::Sliced;
use bloomlab_core::engine::timing::{
    clock_resolution, format_resolution, min_block_ms, rotation, time_block, Summary, RESOLUTION_FACTOR, ROUNDS,
    WIDE_SPREAD,
};
use bloomlab_core::labs::classic::{Classic, ClassicLab};
use bloomlab_core::lectures::model::Model;

const REDRAW_BITS: usize = 1 << 20;
const BULK_URLS: u64 = 1_000_000;

#[derive(Clone, Debug, Default, PartialEq)]
struct BenchResult {
    /// The clock's resolution (ms; None: it never advanced) and the shortest block (ms).
    resolution: Option<f64>,
    block_ms: f64,
    /// Milliseconds per redraw, per bulk insert (xxh3, double) and per sliced bulk insert.
    redraw: Summary,
    redraw_width: u32,
    redraw_height: u32,
    bulk_xxh3: Summary,
    bulk_double: Summary,
    bulk_sliced: Summary,
    slices: u32,
    /// The one-go xxh3 insert's two halves: generating the 1,000,000 URLs into a reused buffer
    /// (no hashing), and inserting them when they are already generated (no generating).
    bulk_generate: Summary,
    bulk_insert_only: Summary,
    /// Checks that the halves did the same work: the URLs' total length, the first and the last
    /// URL (for the harness's copy of the generator), and the bits the insert alone set.
    url_bytes: u64,
    first_url: String,
    last_url: String,
    insert_only_ones: u64,
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

/// A table cell: the median and the range over the rounds, in milliseconds.
fn ms_cell(s: &Summary, digits: usize) -> String {
    let wide = if s.wide() { format!(", spread over {WIDE_SPREAD}×") } else { String::new() };
    format!("{:.*} ms ({:.*}–{:.*}{wide})", digits, s.median, digits, s.min, digits, s.max)
}

/// The bulk inserts, one-go: xxh3 and double hashing, a warm-up each, then `ROUNDS` rounds with
/// the families taking turns first.
async fn time_bulk_inserts(r: &mut BenchResult) {
    let (m, k) = size_for(BULK_URLS, 0.01).unwrap_or((9_585_059, 7));
    (r.bulk_m, r.bulk_k) = (m, k);
    // Warm up first: the browser compiles WebAssembly quickly at first and optimises hot code a
    // moment later; the figures are for optimised code.
    let families = [HashFamily::Xxh3, HashFamily::Double];
    for family in families {
        let _ = bulk(family, m, k, BULK_URLS / 5);
        web::yield_to_page().await;
    }
    let mut times = [Vec::new(), Vec::new()];
    for round in 1..=ROUNDS {
        for i in rotation(families.len(), round) {
            let mut last = None;
            let block = time_block(&web::now_ms, r.block_ms, |count| {
                for _ in 0..count {
                    last = Some(bulk(families[i], m, k, BULK_URLS));
                }
            });
            times[i].push(block.ms / block.ops.max(1) as f64);
            if let (Some(lab), HashFamily::Xxh3) = (last, families[i]) {
                (r.bulk_items, r.bulk_ones) = (lab.n(), lab.filter().bits().count_ones() as u64);
            }
            web::yield_to_page().await;
        }
    }
    r.bulk_xxh3 = Summary::of(&times[0]);
    r.bulk_double = Summary::of(&times[1]);
}

/// The bulk insert's halves, each with a warm-up and `ROUNDS` timed rounds: the generator alone
/// (the URLs' total length is the result, so nothing is left out), and the insert of the same
/// 1,000,000 URLs generated beforehand (the filter allocated outside the clock and cleared
/// in it, about 0.1 ms).
async fn time_halves(r: &mut BenchResult) {
    let (m, k, n) = (r.bulk_m, r.bulk_k, BULK_URLS);
    let urls: Vec<String> = (0..n).map(|i| item(ItemKind::Urls, 0, i)).collect();
    (r.first_url, r.last_url) = (item(ItemKind::Urls, 0, 0), item(ItemKind::Urls, 0, n - 1));
    let mut filter = BloomFilter::new(HashFamily::Xxh3, m, k);
    r.url_bytes = generated_bytes(ItemKind::Urls, 0, 0..n / 5);
    filter.insert_all(&urls[..(n / 5) as usize]);
    web::yield_to_page().await;
    let (mut generate, mut insert) = (Vec::new(), Vec::new());
    for round in 1..=ROUNDS {
        for i in rotation(2, round) {
            if i == 0 {
                let block = time_block(&web::now_ms, r.block_ms, |count| {
                    for _ in 0..count {
                        r.url_bytes = generated_bytes(ItemKind::Urls, 0, 0..n);
                    }
                });
                generate.push(block.ms / block.ops.max(1) as f64);
            } else {
                let block = time_block(&web::now_ms, r.block_ms, |count| {
                    for _ in 0..count {
                        filter.clear();
                        filter.insert_all(&urls);
                    }
                });
                insert.push(block.ms / block.ops.max(1) as f64);
            }
            web::yield_to_page().await;
        }
    }
    r.insert_only_ones = filter.bits().count_ones() as u64;
    r.bulk_generate = Summary::of(&generate);
    r.bulk_insert_only = Summary::of(&insert);
}

/// The classic view's slices, yielding to the page between them: each round is hundreds of
/// slices long, far above the clock's resolution. Round 0 is the warm-up.
async fn time_sliced_inserts(r: &mut BenchResult) -> Vec<f64> {
    let (m, k) = (r.bulk_m, r.bulk_k);
    let mut sliced = Vec::new();
    for round in 0..=ROUNDS {
        let mut lab = ClassicLab::new(HashFamily::Xxh3, m, k);
        lab.add_batch(ItemKind::Urls, BULK_URLS);
        let start = web::now_ms();
        let mut budget = Classic::BUDGET;
        let mut slices = 0;
        while lab.pending() > 0 {
            budget.run(web::now_ms, |units| lab.work(units));
            slices += 1;
            web::yield_to_page().await;
        }
        if round > 0 {
            sliced.push(web::now_ms() - start);
            r.slices = slices;
            (r.sliced_items, r.sliced_ones) = (lab.n(), lab.filter().bits().count_ones() as u64);
        }
    }
    sliced
}

/// Every measurement in turn, naming the phase as it goes.
async fn measure(canvas: &NodeRef, phase: &UseStateHandle<String>) -> BenchResult {
    TimeoutFuture::new(50).await;
    let mut r = BenchResult::default();
    r.resolution = clock_resolution(&web::now_ms);
    r.block_ms = min_block_ms(r.resolution);
    phase.set("redraw".into());
    TimeoutFuture::new(0).await;
    if let Some(el) = canvas.cast::<web_sys::HtmlCanvasElement>() {
        if let Some((redraw, w, h, ones)) = time_redraws(&el, r.block_ms).await {
            (r.redraw, r.redraw_ones, r.redraw_width, r.redraw_height) = (redraw, ones, w, h);
        }
    }
    phase.set("bulk insert".into());
    TimeoutFuture::new(0).await;
    time_bulk_inserts(&mut r).await;
    phase.set("generation and insertion apart".into());
    TimeoutFuture::new(0).await;
    time_halves(&mut r).await;
    phase.set("sliced bulk insert".into());
    TimeoutFuture::new(0).await;
    let sliced = time_sliced_inserts(&mut r).await;
    r.bulk_sliced = Summary::of(&sliced);
    r
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
                let r = measure(&canvas, &phase).await;
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
            <p>{ format!("Measures this browser: redraws of a {}-bit array from a pixel buffer, and a bulk insert of {} generated URLs into a filter sized for 1% false positives ({}), with xxh3 and with double hashing; the xxh3 insert is also timed in halves, generating the URLs alone and inserting them already generated. Each figure is the median of {} timed rounds after a warm-up, with the fastest and slowest round; the two hash families take turns going first; every timed block lasts at least {}× the clock's resolution.", REDRAW_BITS, BULK_URLS,
                size_for(BULK_URLS, 0.01).map(|(m, k)| format!("m = {}, k = {k}", bloomlab_core::text::group_digits(m))).unwrap_or_default(), ROUNDS, RESOLUTION_FACTOR) }</p>
            <div data-testid="bench-result" data-status={status}
                data-redraw-median-ms={r.redraw.median.to_string()}
                data-bulk-insert-ms={r.bulk_xxh3.median.to_string()}
                data-bulk-insert-double-ms={r.bulk_double.median.to_string()}
                data-bulk-ui-ms={r.bulk_sliced.median.to_string()}
                data-redraw-min-ms={r.redraw.min.to_string()} data-redraw-max-ms={r.redraw.max.to_string()}
                data-bulk-insert-min-ms={r.bulk_xxh3.min.to_string()} data-bulk-insert-max-ms={r.bulk_xxh3.max.to_string()}
                data-bulk-insert-double-min-ms={r.bulk_double.min.to_string()} data-bulk-insert-double-max-ms={r.bulk_double.max.to_string()}
                data-bulk-ui-min-ms={r.bulk_sliced.min.to_string()} data-bulk-ui-max-ms={r.bulk_sliced.max.to_string()}
                data-bulk-generate-ms={r.bulk_generate.median.to_string()}
                data-bulk-generate-min-ms={r.bulk_generate.min.to_string()} data-bulk-generate-max-ms={r.bulk_generate.max.to_string()}
                data-bulk-insert-only-ms={r.bulk_insert_only.median.to_string()}
                data-bulk-insert-only-min-ms={r.bulk_insert_only.min.to_string()} data-bulk-insert-only-max-ms={r.bulk_insert_only.max.to_string()}
                data-bulk-url-bytes={r.url_bytes.to_string()} data-bulk-first-url={r.first_url.clone()} data-bulk-last-url={r.last_url.clone()}
                data-insert-only-ones={r.insert_only_ones.to_string()}
                data-rounds={r.redraw.rounds.to_string()}
                data-resolution-ms={r.resolution.map(|x| x.to_string()).unwrap_or_default()}
                data-block-ms={r.block_ms.to_string()}
                data-redraw-bits={REDRAW_BITS.to_string()} data-redraw-ones={r.redraw_ones.to_string()}
                data-bulk-m={r.bulk_m.to_string()} data-bulk-k={r.bulk_k.to_string()}
                data-bulk-items={r.bulk_items.to_string()} data-bulk-ones={r.bulk_ones.to_string()}
                data-sliced-items={r.sliced_items.to_string()} data-sliced-ones={r.sliced_ones.to_string()}>
                { para(format!("phase: {}", *phase)) }
                if result.is_some() {
                    <p class="muted small">{ format!("The clock advances in steps of {} (measured here); timed blocks last at least {:.1} ms. Median of {} rounds, then the fastest and slowest round.", format_resolution(r.resolution), r.block_ms, ROUNDS) }</p>
                    <table>
                        <tr><th class="wrap">{ format!("full redraw, {} bits", bloomlab_core::text::group_digits(REDRAW_BITS as u64)) }</th>{ num_cell(format!("{} at {}×{} px", ms_cell(&r.redraw, 2), r.redraw_width, r.redraw_height)) }</tr>
                        <tr><th class="wrap">{"bulk insert, 1,000,000 URLs, xxh3"}</th>{ num_cell(ms_cell(&r.bulk_xxh3, 1)) }</tr>
                        <tr><th class="wrap">{"the same, generating the URLs only"}</th>{ num_cell(ms_cell(&r.bulk_generate, 1)) }</tr>
                        <tr><th class="wrap">{"the same, inserting the URLs only (generated beforehand)"}</th>{ num_cell(ms_cell(&r.bulk_insert_only, 1)) }</tr>
                        <tr><th class="wrap">{"bulk insert, 1,000,000 URLs, double hashing"}</th>{ num_cell(ms_cell(&r.bulk_double, 1)) }</tr>
                        <tr><th class="wrap">{"bulk insert, 1,000,000 URLs, in slices with the page answering"}</th>{ num_cell(format!("{} in {} slices", ms_cell(&r.bulk_sliced, 1), r.slices)) }</tr>
                    </table>
                }
            </div>
            <canvas ref={canvas} class="bench-canvas"></canvas>
        </section>
    }
}

/// Generates and inserts `count` URLs in one go; the filter they made.
fn bulk(family: HashFamily, m: u64, k: u32, count: u64) -> ClassicLab {
    let mut lab = ClassicLab::new(family, m, k);
    lab.add_batch(ItemKind::Urls, count);
    lab.finish();
    lab
}

/// Milliseconds per full redraw over the rounds (after one untimed redraw), each round's block
/// redrawing until it lasts `block_ms`; the picture's size and the bits set.
async fn time_redraws(canvas: &web_sys::HtmlCanvasElement, block_ms: f64) -> Option<(Summary, u32, u32, u64)> {
    let mut bits = BitVec::new(REDRAW_BITS);
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..REDRAW_BITS / 2 {
        bits.set(rng.usize(..REDRAW_BITS));
    }
    // The classic view's drawing path at a 1200-pixel-wide stage.
    let Some(GridGeometry { layout: Some(layout), dpr }) = fit_grid(REDRAW_BITS as u64, 1200.0, 48.0) else {
        return None;
    };
    let mut buf = Vec::new();
    let mut i = 0u64;
    let mut redraw = |count: u64| {
        for _ in 0..count {
            let positions = [i * 4099 % REDRAW_BITS as u64];
            render_bits(&bits, &layout, &Palette::LIGHT, &Marks { positions: &positions, focus: None }, &mut buf);
            put_pixels(canvas, &buf, &layout, dpr);
            i += 1;
        }
    };
    redraw(1);
    let mut times = Vec::with_capacity(ROUNDS);
    for _ in 0..ROUNDS {
        let block = time_block(&web::now_ms, block_ms, &mut redraw);
        times.push(block.ms / block.ops.max(1) as f64);
        web::yield_to_page().await;
    }
    Some((Summary::of(&times), layout.width, layout.height, bits.count_ones() as u64))
}
