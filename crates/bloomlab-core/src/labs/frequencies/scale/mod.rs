//! The measured experiment at scale (`focus=scale`): two generated streams of the link's length
//! N — a skewed one (Zipf with the link's exponent `s`) and a flat one (every word equally likely,
//! Zipf with exponent 0), both seeded by the link's `seed` — each fed to count-min with both
//! updates, the count sketch and the heavy-hitter summaries of the link's w, d and k; then every
//! item that arrived is looked up, most frequent first, and its signed error (estimate − true
//! count) kept. Per sketch: the share of items whose error is larger than εN in size, against
//! δ; per summary: the φ-heavy hitters (φ = 1/k) found against the true ones, and the largest
//! error against its guarantee. Runs in slices (`Sliced`): arrivals fed, then items looked up.

mod chart;
mod page;
#[cfg(test)]
mod tests;

use std::rc::Rc;

pub use chart::looseness;
pub use page::{ScaleAsk, ScaleEdit};

use super::errors::Sketch;
use super::feed::{Feed, Summaries};
use super::hitters::{default_phi, heavy_hitters};
use super::params::UNIVERSE;
use super::stream::Stream;
use super::{FrequenciesLab, Source};
use crate::data::generate::ZipfDraws;
use crate::engine::sliced::Sliced;
use crate::engine::streams::sizing;

/// The two streams measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Zipf with the link's exponent.
    Skewed,
    /// Every word equally likely.
    Flat,
}

impl Kind {
    pub const ALL: [Kind; 2] = [Kind::Skewed, Kind::Flat];

    /// The hooks' name (`data-stream`).
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Skewed => "zipf",
            Kind::Flat => "uniform",
        }
    }
}

/// The sketches measured at scale, in the order shown.
pub const SKETCHES: [Sketch; 3] = [Sketch::CountMin, Sketch::Conservative, Sketch::CountSketch];

/// One sketch's errors over every item of one stream.
#[derive(Clone, Debug, PartialEq)]
pub struct SketchScale {
    pub sketch: Sketch,
    /// Items measured (those that arrived).
    pub items: u64,
    /// Items whose error is larger than εN in size, and their share.
    pub beyond: u64,
    pub share: f64,
    pub mean: f64,
    /// The largest error above the truth, and the largest below it as a positive number.
    pub most_over: f64,
    pub most_under: f64,
    /// The signed errors, item by item from the most frequent (rank 1) down (ties by id).
    pub by_rank: Vec<f64>,
}

/// One heavy-hitter summary against the true φ-heavy hitters of one stream.
#[derive(Clone, Debug, PartialEq)]
pub struct HitterScale {
    /// `mg` or `ss`.
    pub algorithm: &'static str,
    /// The true heavy hitters, those of them reported, and the reported items that are not.
    pub truth: u64,
    pub found: u64,
    pub extra: u64,
    /// found / truth (1 when there are none to find).
    pub recall: f64,
    /// Misra–Gries: the largest undercount over every item (an item without a counter counts 0);
    /// SpaceSaving: the largest overcount over the items it keeps.
    pub worst: u64,
    /// What the guarantee allows: N/(k+1) for Misra–Gries, N/k for SpaceSaving.
    pub allowed: f64,
    /// SpaceSaving: every kept item's overcount is at most its recorded error (always true for
    /// Misra–Gries).
    pub within_recorded: bool,
}

/// Everything measured on one stream.
#[derive(Clone, Debug, PartialEq)]
pub struct StreamScale {
    pub kind: Kind,
    /// Arrivals N, and the bound εN = e·N/w with its probability δ = e^−d.
    pub n: u64,
    pub bound: f64,
    pub delta: f64,
    pub phi: f64,
    pub sketches: Vec<SketchScale>,
    pub hitters: Vec<HitterScale>,
}

/// Looking up one stream's items after it was fed.
#[derive(Clone, Debug, PartialEq)]
struct Lookups {
    /// Item ids that arrived, most frequent first (ties by id).
    order: Vec<u32>,
    at: usize,
    errors: [Vec<f64>; 3],
}

/// The run over both streams: each is drawn (unless it is the page's own), fed, then looked up.
#[derive(Clone, Debug, PartialEq)]
pub struct ScaleRun {
    /// The streams drawn so far (skewed, then flat).
    streams: Vec<Rc<Stream>>,
    /// The stream being drawn, with its draws.
    drawing: Option<(Stream, ZipfDraws)>,
    /// The page's own Zipf stream, used as the skewed one instead of drawing it again.
    page: Option<Rc<Stream>>,
    /// The streams' seed, length and exponents (skewed, flat).
    seed: u64,
    length: u64,
    exponents: [f64; 2],
    /// The stream being worked on (0 or 1; 2 when done).
    current: usize,
    feed: Option<Feed>,
    lookups: Option<Lookups>,
    shape: (u64, u32, usize),
    results: Vec<StreamScale>,
    /// Units done (draws, arrivals fed, ids looked up) and in all.
    units: u64,
    total: u64,
}

impl FrequenciesLab {
    /// The measured run at scale for this link: its `s`, `length`, `seed`, w, d and k. The skewed
    /// stream is the page's own when the page shows that Zipf stream.
    pub fn scale_run(&self) -> ScaleRun {
        let page = (self.source == Source::Zipf).then(|| self.stream().clone());
        ScaleRun::new(page, (self.seed, self.length, self.s), (self.w, self.d, self.k))
    }
}

impl ScaleRun {
    /// A run over two streams of `length` Zipf draws with `seed`, exponent `s` and 0, with
    /// sketches of `d` × `w` and summaries of `k` counters; `page` is the skewed stream when the
    /// page has drawn it already.
    pub fn new(page: Option<Rc<Stream>>, (seed, length, s): (u64, u64, f64), shape: (u64, u32, usize)) -> ScaleRun {
        let per_stream = 2 * length + UNIVERSE;
        let total = 2 * per_stream - page.as_ref().map_or(0, |_| length);
        let mut run = ScaleRun {
            streams: Vec::new(),
            drawing: None,
            page,
            seed,
            length,
            exponents: [s, 0.0],
            current: 0,
            feed: None,
            lookups: None,
            shape,
            results: Vec::new(),
            units: 0,
            total,
        };
        run.begin_stream();
        run
    }

    /// Starts work on stream `current`: the page's stream, or a new one to draw.
    fn begin_stream(&mut self) {
        if self.current == 0 {
            if let Some(page) = self.page.clone() {
                return self.begin_feed(page);
            }
        }
        if let Some(&s) = self.exponents.get(self.current) {
            self.drawing = Some((Stream::zipf_words(self.seed), ZipfDraws::new(self.seed, UNIVERSE, s)));
        }
    }

    fn begin_feed(&mut self, stream: Rc<Stream>) {
        let (w, d, k) = self.shape;
        self.feed = Some(Feed::new(stream.clone(), w, d, k));
        self.streams.push(stream);
    }

    /// What has been measured: the streams finished so far (skewed first).
    pub fn results(&self) -> &[StreamScale] {
        &self.results
    }

    /// The stream of `kind`, once drawn.
    pub fn stream(&self, kind: Kind) -> Option<&Rc<Stream>> {
        self.streams.get(kind as usize)
    }

    /// Up to `units` draws of the stream being drawn; the units done.
    fn draw(&mut self, units: u64) -> u64 {
        let Some((stream, draws)) = self.drawing.as_mut() else { return 0 };
        let n = units.min(self.length - stream.len() as u64);
        for _ in 0..n {
            stream.push_rank(draws.next_rank());
        }
        if stream.len() as u64 >= self.length {
            if let Some((stream, _)) = self.drawing.take() {
                self.begin_feed(Rc::new(stream));
            }
        }
        n
    }

    /// Up to `units` units of the stream at work: draws, arrivals fed, or items looked up.
    fn next(&mut self, units: u64) -> u64 {
        if self.current >= 2 {
            return 0;
        }
        if self.drawing.is_some() {
            return self.draw(units);
        }
        let Some(feed) = self.feed.as_mut() else { return 0 };
        if !feed.is_done() {
            return feed.work(units);
        }
        let stream = feed.stream_rc();
        let s = feed.summaries();
        let look = self.lookups.get_or_insert_with(|| Lookups::of(&stream));
        let mut done = 0;
        while done < units.max(1) && look.at < look.order.len() {
            let item = stream.name(look.order[look.at]).as_bytes();
            let truth = stream.count(look.order[look.at]) as f64;
            for (i, sketch) in SKETCHES.iter().enumerate() {
                look.errors[i].push(sketch.estimate(s, item) - truth);
            }
            look.at += 1;
            done += 1;
        }
        if look.at >= look.order.len() {
            // The ids that never arrived count as looked up too (the progress line's total).
            done += (stream.names().len() - look.order.len()) as u64;
            let look = self.lookups.take().unwrap_or_else(|| Lookups::of(&stream));
            let kind = Kind::ALL[self.current];
            self.results.push(summarise(kind, &stream, s, look.errors));
            self.current += 1;
            self.feed = None;
            self.begin_stream();
        }
        done
    }
}

impl Lookups {
    fn of(stream: &Stream) -> Lookups {
        Lookups { order: stream.ids_by_count(), at: 0, errors: Default::default() }
    }
}

/// One sketch's summary of its signed errors against εN.
fn sketch_scale(sketch: Sketch, by_rank: Vec<f64>, bound: f64) -> SketchScale {
    let items = by_rank.len() as u64;
    let beyond = by_rank.iter().filter(|e| e.abs() > bound).count() as u64;
    let sum: f64 = by_rank.iter().sum();
    let most_over = by_rank.iter().copied().fold(0.0, f64::max);
    let most_under = by_rank.iter().map(|e| -e).fold(0.0, f64::max);
    let per = |x: f64| if items > 0 { x / items as f64 } else { 0.0 };
    SketchScale { sketch, items, beyond, share: per(beyond as f64), mean: per(sum), most_over, most_under, by_rank }
}

/// Everything measured on one fed stream.
fn summarise(kind: Kind, stream: &Stream, s: &Summaries, errors: [Vec<f64>; 3]) -> StreamScale {
    let n = s.cm.total();
    let bound = sizing::bound(s.cm.w(), n);
    let sketches = SKETCHES.iter().zip(errors).map(|(&sk, e)| sketch_scale(sk, e, bound)).collect();
    let k = s.mg.k();
    let phi = default_phi(k);
    let h = heavy_hitters(stream, s, phi);
    let truth = h.truth.len() as u64;
    let recall = |missed: usize| if truth == 0 { 1.0 } else { (truth - missed as u64) as f64 / truth as f64 };
    let mg_worst =
        (0..stream.names().len() as u32).map(|i| stream.count(i).saturating_sub(s.mg.count(i))).max().unwrap_or(0);
    let ss = s.ss.counters();
    let ss_worst = ss.iter().map(|c| c.count.saturating_sub(stream.count(c.item))).max().unwrap_or(0);
    let within = ss.iter().all(|c| c.count.saturating_sub(stream.count(c.item)) <= c.error);
    let hitters = vec![
        HitterScale {
            algorithm: "mg",
            truth,
            found: truth - h.mg.missed.len() as u64,
            extra: h.mg.extra.len() as u64,
            recall: recall(h.mg.missed.len()),
            worst: mg_worst,
            allowed: n as f64 / (k as f64 + 1.0),
            within_recorded: true,
        },
        HitterScale {
            algorithm: "ss",
            truth,
            found: truth - h.ss.missed.len() as u64,
            extra: h.ss.extra.len() as u64,
            recall: recall(h.ss.missed.len()),
            worst: ss_worst,
            allowed: n as f64 / k.max(1) as f64,
            within_recorded: within,
        },
    ];
    StreamScale { kind, n, bound, delta: sizing::delta(s.cm.d() as u64), phi, sketches, hitters }
}

impl Sliced for ScaleRun {
    fn work(&mut self, units: u64) -> u64 {
        let mut done = 0;
        while done < units.max(1) && self.current < 2 {
            done += self.next(units.max(1) - done);
        }
        self.units += done;
        done
    }
    fn is_done(&self) -> bool {
        self.current >= 2
    }
    /// Draws, arrivals fed and ids looked up, over both streams.
    fn ops_done(&self) -> u64 {
        self.units
    }
    fn ops_total(&self) -> u64 {
        self.total
    }
}
