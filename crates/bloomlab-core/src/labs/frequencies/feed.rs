//! Feeding one stream to every summary the view shows at once: count-min with the standard and
//! the conservative update, the count sketch on the same rows, the counting Bloom filter of the
//! same memory, Misra–Gries and SpaceSaving. One arrival at a time with a record of what it
//! changed (the stepper), or in slices without (`Sliced`, for long streams).
//!
//! The counting Bloom filter is the counting view's (`engine::counting`, Minimum Selection):
//! one array of w·d counters, and an item's d positions `xxh3_64_with_seed(x, s_j) mod w·d`,
//! j = 0 .. d − 1, the same hash values as the sketch's rows but all in one array. Its counters
//! are 32 bits wide; a stream here is far too short to fill one.

use std::rc::Rc;

use super::stream::Stream;
use crate::engine::counting::{Counters, MAX_W};
use crate::engine::sliced::Sliced;
use crate::engine::streams::count_min::{fit_shape, CellChange, CountMin, Update};
use crate::engine::streams::count_sketch::CountSketch;
use crate::engine::streams::misra_gries::{MgEvent, MisraGries};
use crate::engine::streams::rows::{row_hash, sign};
use crate::engine::streams::space_saving::{SpaceSaving, SsEvent};

/// Every summary, fed the same arrivals.
#[derive(Clone, Debug, PartialEq)]
pub struct Summaries {
    pub cm: CountMin,
    pub cu: CountMin,
    pub cs: CountSketch,
    /// The counting Bloom filter: w·d counters, d hashes.
    pub cbf: Counters,
    pub mg: MisraGries,
    pub ss: SpaceSaving,
}

/// Most rows a feed gives its sketches (the view allows 16).
pub const MAX_ROWS: u32 = 32;

impl Summaries {
    fn new(w: u64, d: u32, k: usize) -> Summaries {
        let (w, d) = fit_shape(w, d.min(MAX_ROWS));
        Summaries {
            cm: CountMin::new(w, d, Update::Standard),
            cu: CountMin::new(w, d, Update::Conservative),
            cs: CountSketch::new(w, d),
            cbf: Counters::new(w * d as u64, MAX_W),
            mg: MisraGries::new(k),
            ss: SpaceSaving::new(k),
        }
    }

    /// The count-min sketch with `update`.
    pub fn count_min(&self, update: Update) -> &CountMin {
        match update {
            Update::Standard => &self.cm,
            Update::Conservative => &self.cu,
        }
    }

    /// The counting Bloom filter's estimate of `item`: the smallest of its d counters.
    pub fn cbf_estimate(&self, item: &[u8]) -> u64 {
        let m = self.cbf.len() as u64;
        (0..self.cm.d()).map(|j| self.cbf.get(row_hash(item, j) % m) as u64).min().unwrap_or(0)
    }
}

/// What one arrival changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrival {
    /// Its place in the stream (0-based).
    pub index: usize,
    pub item: u32,
    pub cm: Vec<CellChange<u64>>,
    pub cu: Vec<CellChange<u64>>,
    pub cs: Vec<CellChange<i64>>,
    pub mg: MgEvent,
    pub ss: SsEvent,
}

/// The items' places, worked out at each item's first arrival: for item i, its column and sign
/// in each row and its counting-filter positions, at `i·d .. (i+1)·d` (the sketches have at most
/// `count_min::MAX_CELLS` counters, so a column or a position fits in 32 bits).
#[derive(Clone, Debug, PartialEq)]
struct Places {
    d: usize,
    known: Vec<bool>,
    columns: Vec<u32>,
    signs: Vec<i8>,
    cbf: Vec<u32>,
}

/// One item's place, as the sketches take it.
#[derive(Clone, Debug, Default, PartialEq)]
struct Place {
    columns: Vec<u64>,
    signs: Vec<i64>,
    cbf: Vec<u64>,
}

/// The stream being fed to the summaries.
#[derive(Clone, Debug, PartialEq)]
pub struct Feed {
    stream: Rc<Stream>,
    at: usize,
    places: Places,
    /// The current item's place (kept to spare an allocation per arrival).
    scratch: Place,
    summaries: Summaries,
}

impl Feed {
    /// Nothing fed yet, to sketches of `d` rows × `w` counters and summaries of `k` counters.
    pub fn new(stream: Rc<Stream>, w: u64, d: u32, k: usize) -> Feed {
        let summaries = Summaries::new(w, d, k);
        let (n, d) = (stream.names().len(), summaries.cm.d() as usize);
        let places =
            Places { d, known: vec![false; n], columns: vec![0; n * d], signs: vec![0; n * d], cbf: vec![0; n * d] };
        Feed { stream, at: 0, places, scratch: Place::default(), summaries }
    }

    pub fn stream(&self) -> &Stream {
        &self.stream
    }
    /// The stream, shared.
    pub fn stream_rc(&self) -> Rc<Stream> {
        self.stream.clone()
    }
    /// Arrivals fed so far.
    pub fn position(&self) -> usize {
        self.at
    }
    pub fn summaries(&self) -> &Summaries {
        &self.summaries
    }

    /// Puts item `id`'s place in `scratch`; false for an id the stream does not name.
    fn load(&mut self, id: u32) -> bool {
        let (i, d) = (id as usize, self.places.d);
        let Some(&known) = self.places.known.get(i) else { return false };
        let range = i * d..(i + 1) * d;
        if !known {
            let item = self.stream.name(id).as_bytes();
            let (w, m) = (self.summaries.cm.w(), self.summaries.cbf.len() as u64);
            for (j, at) in range.clone().enumerate() {
                let h = row_hash(item, j as u32);
                self.places.columns[at] = (h % w) as u32;
                self.places.cbf[at] = (h % m) as u32;
                self.places.signs[at] = sign(item, j as u32) as i8;
            }
            self.places.known[i] = true;
        }
        let p = &mut self.scratch;
        p.columns.clear();
        p.columns.extend(self.places.columns[range.clone()].iter().map(|&c| c as u64));
        p.signs.clear();
        p.signs.extend(self.places.signs[range.clone()].iter().map(|&s| s as i64));
        p.cbf.clear();
        p.cbf.extend(self.places.cbf[range].iter().map(|&c| c as u64));
        true
    }

    /// Feeds the next arrival with its record; `None` at the end of the stream.
    pub fn step(&mut self) -> Option<Arrival> {
        let id = *self.stream.ids().get(self.at)?;
        self.at += 1;
        if !self.load(id) {
            return None;
        }
        let (s, p) = (&mut self.summaries, &self.scratch);
        for &pos in &p.cbf {
            s.cbf.add(pos, 1);
        }
        Some(Arrival {
            index: self.at - 1,
            item: id,
            cm: s.cm.insert_at(&p.columns),
            cu: s.cu.insert_at(&p.columns),
            cs: s.cs.insert_at(&p.columns, &p.signs),
            mg: s.mg.push(id),
            ss: s.ss.push(id),
        })
    }

    /// Feeds the next arrival without a record; false at the end of the stream.
    fn feed_one(&mut self) -> bool {
        let Some(&id) = self.stream.ids().get(self.at) else { return false };
        self.at += 1;
        if !self.load(id) {
            return true;
        }
        let (s, p) = (&mut self.summaries, &self.scratch);
        s.cm.add_at(&p.columns);
        s.cu.add_at(&p.columns);
        s.cs.add_at(&p.columns, &p.signs);
        for &pos in &p.cbf {
            s.cbf.add(pos, 1);
        }
        s.mg.push(id);
        s.ss.push(id);
        true
    }

    /// Feeds up to position `to` (the first `to` arrivals), without records.
    pub fn feed_to(&mut self, to: usize) {
        while self.at < to && self.feed_one() {}
    }
}

impl Sliced for Feed {
    fn work(&mut self, units: u64) -> u64 {
        let mut done = 0;
        while done < units.max(1) && self.feed_one() {
            done += 1;
        }
        done
    }
    fn is_done(&self) -> bool {
        self.at >= self.stream.len()
    }
    fn ops_done(&self) -> u64 {
        self.at as u64
    }
    fn ops_total(&self) -> u64 {
        self.stream.len() as u64
    }
}
