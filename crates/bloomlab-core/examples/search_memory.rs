//! How much memory the search comparison (`view=search`) holds at its largest n: the run is
//! driven to the end in slices, as the page drives it, while a counting global allocator keeps
//! the bytes live and the most ever live at once (the figure that matters in the page: a wasm
//! memory grows to its peak and never gives pages back).
//!
//! Beside the allocator's count, the run's own sum of what it holds (`SearchRun::held_bytes`: the
//! URLs once, the structures' item numbers, tables and bits), the most between slices, and the
//! part of it that is the URLs.
//!
//! `cargo run --release -p bloomlab-core --example search_memory [n] [still] [p=RATE]`: n defaults
//! to 1,000,000; `still` reads a clock that never advances (every block one pass, every insert a
//! whole build), so the figures are the same on every machine; `p=` sizes the Bloom filter.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use bloomlab_core::labs::search::run::{Items, SearchRun};
use bloomlab_core::labs::search::{DEFAULT_P, DEFAULT_QUERIES, DEFAULT_SEED};

/// The system allocator, counting the bytes asked for: live now and the most ever live.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = LIVE.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            grew(new_size);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn mb(bytes: usize) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n = args.iter().find_map(|a| a.parse::<u64>().ok()).unwrap_or(1_000_000);
    let still = args.iter().any(|a| a == "still");
    let p = args.iter().find_map(|a| a.strip_prefix("p=")?.parse::<f64>().ok()).unwrap_or(DEFAULT_P);
    let start = std::time::Instant::now();
    let clock = move || if still { 0.0 } else { start.elapsed().as_secs_f64() * 1e3 };
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let mut run = SearchRun::new(Items::Crawl { seed: DEFAULT_SEED }, n, DEFAULT_QUERIES, p);
    let (mut sizes, mut held, mut urls) = (0, 0, 0);
    while !run.is_done() {
        run.work(20_000, &clock);
        held = held.max(run.held_bytes());
        if run.results.is_empty() {
            // Before the first size is measured, the run holds its URLs and little else.
            urls = run.held_bytes();
        }
        // Each finished size: what is live then (its structures being let go).
        if run.results.len() / 5 > sizes {
            sizes = run.results.len() / 5;
            let r = run.results.last().map_or(0, |r| r.n);
            println!(
                "n = {r:>9}: live {:>9}, peak so far {:>9}",
                mb(LIVE.load(Ordering::Relaxed) - before),
                mb(PEAK.load(Ordering::Relaxed) - before)
            );
        }
    }
    let peak = PEAK.load(Ordering::Relaxed) - before;
    println!(
        "n = {n}, {} clock: peak {} ({peak} bytes) in {:.1} s",
        if still { "still" } else { "real" },
        mb(peak),
        start.elapsed().as_secs_f64()
    );
    println!(
        "  the run's own sum: at most {} between slices, of which the URLs {} and the structures {}",
        mb(held as usize),
        mb(urls as usize),
        mb((held - urls) as usize)
    );
    for r in run.results.iter().filter(|r| r.n == n) {
        println!(
            "  {:<30} memory shown {:>9}; insert {:>8.1} ns, member {:>10.1} ns, non-member {:>10.1} ns",
            r.method.title(),
            mb(r.bytes as usize),
            r.insert.median,
            r.member.median,
            r.nonmember.median
        );
    }
}
