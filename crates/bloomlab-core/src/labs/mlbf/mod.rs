//! The multi-layer view's state as pure data: settings, the inserted URLs (normalised), the
//! filter and the last URL shown with its trace (its page: `page.rs`). The Yew view only renders it.

#[cfg(test)]
mod tests;

pub mod compare;
mod link;
mod page;
mod question;

pub use link::{CompareAsk, COMPARE, DATA, HASH, ITEMS, K, LAYERS, M, PARAMS, QUERY, SHAPE};
pub use page::MlbfEdit;

use std::collections::HashSet;

use crate::data::url_layers::{normalize, UrlSegments};
use crate::engine::filter::Truth;
use crate::engine::filter::Verdict;
use crate::engine::hashing::HashFamily;
use crate::engine::mlbf::{MlbfTrace, MultiLayerFilter, MAX_K};
use crate::link::notice::Notice;
use crate::link::preset::Preset;
use crate::text::{group_digits, shorten};

pub const DEFAULT_M: u64 = 64;
pub const DEFAULT_K: u32 = 3;
pub const DEFAULT_LAYERS: usize = 4;
pub const MAX_M: u64 = 1 << 20;
pub const MAX_LAYERS: usize = 8;
/// Most URLs typed or given in the link.
pub const MAX_ITEMS: usize = 1000;

/// The last URL shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastUrl {
    /// What was typed.
    pub typed: String,
    pub url: UrlSegments,
    pub keys: Vec<String>,
    pub trace: MlbfTrace,
    /// `None` for an insert, the truth for a lookup.
    pub truth: Option<Truth>,
}

impl LastUrl {
    pub fn is_lookup(&self) -> bool {
        self.truth.is_some()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MlbfLab {
    filter: MultiLayerFilter,
    items: Vec<String>,
    segments: Vec<Vec<String>>,
    item_set: HashSet<String>,
    shown: Option<LastUrl>,
    version: u64,
    /// The comparison was asked for: by the link (`compare=1`) or since.
    compare: bool,
    /// The comparison runs on people's own URLs (a file or a paste, never in the link).
    own_data: bool,
}

impl Default for MlbfLab {
    fn default() -> Self {
        MlbfLab::new(HashFamily::Xxh3, DEFAULT_M, DEFAULT_K, DEFAULT_LAYERS)
    }
}

impl MlbfLab {
    pub fn new(family: HashFamily, m: u64, k: u32, layers: usize) -> Self {
        MlbfLab {
            filter: MultiLayerFilter::new(family, m.clamp(1, MAX_M), k.clamp(1, MAX_K), layers.clamp(1, MAX_LAYERS)),
            items: Vec::new(),
            segments: Vec::new(),
            item_set: HashSet::new(),
            shown: None,
            version: 0,
            compare: false,
            own_data: false,
        }
    }

    pub fn filter(&self) -> &MultiLayerFilter {
        &self.filter
    }
    pub fn items(&self) -> &[String] {
        &self.items
    }
    /// Each inserted URL's segments (host first), in insertion order.
    pub fn segments(&self) -> &[Vec<String>] {
        &self.segments
    }
    pub fn shown(&self) -> Option<&LastUrl> {
        self.shown.as_ref()
    }
    pub fn version(&self) -> u64 {
        self.version
    }
    pub fn m(&self) -> u64 {
        self.filter.m()
    }
    pub fn k(&self) -> u32 {
        self.filter.k()
    }
    pub fn layers(&self) -> usize {
        self.filter.layer_count()
    }
    pub fn family(&self) -> HashFamily {
        self.filter.family()
    }
    pub fn n(&self) -> u64 {
        self.items.len() as u64
    }
    pub fn is_member(&self, normalized: &str) -> bool {
        self.item_set.contains(normalized)
    }

    // ----- actions -----

    /// The comparison runs on people's own URLs (`own`) or on the generated crawl.
    pub fn set_own_data(&mut self, own: bool) {
        self.own_data = own;
    }

    /// The comparison was asked for (it stays in the link from now on).
    pub fn ask_compare(&mut self) {
        self.compare = true;
    }

    /// Inserts a typed URL and shows its trace; Err with a message for people.
    pub fn insert(&mut self, text: &str) -> Result<(), Notice> {
        let url = normalize(text).map_err(|e| Notice::input(e.to_string()))?;
        let norm = url.normalized();
        if self.item_set.contains(&norm) {
            return Err(Notice::input(format!(
                "\u{201c}{}\u{201d} is already in (as {}); inserting it again changes no bit",
                shorten(text.trim(), 40),
                shorten(&norm, 40)
            )));
        }
        if self.items.len() >= MAX_ITEMS {
            return Err(Notice::input(format!("this view keeps at most {} URLs", group_digits(MAX_ITEMS as u64))));
        }
        let keys = url.layer_keys(self.layers());
        let trace = self.filter.insert(&keys);
        self.item_set.insert(norm.clone());
        self.items.push(norm);
        self.segments.push(url.segments.clone());
        self.shown = Some(LastUrl { typed: text.to_string(), url, keys, trace, truth: None });
        self.version += 1;
        Ok(())
    }

    /// Looks a URL up and shows each layer's verdict, the XOR layer's and the truth.
    pub fn lookup(&mut self, text: &str) -> Result<(), Notice> {
        let url = normalize(text).map_err(|e| Notice::input(e.to_string()))?;
        let keys = url.layer_keys(self.layers());
        let trace = self.filter.lookup(&keys);
        let truth = if self.is_member(&url.normalized()) { Truth::Member } else { Truth::NonMember };
        self.shown = Some(LastUrl { typed: text.to_string(), url, keys, trace, truth: Some(truth) });
        Ok(())
    }

    /// Rebuilds the filter with new settings from the same URLs; the last URL is shown again.
    fn rebuild(&mut self, family: HashFamily, m: u64, k: u32, layers: usize) {
        let shown = self.shown.take();
        self.filter = MultiLayerFilter::new(family, m.clamp(1, MAX_M), k.clamp(1, MAX_K), layers.clamp(1, MAX_LAYERS));
        for segs in &self.segments {
            let keys = crate::data::url_layers::layer_keys_of(segs, self.filter.layer_count());
            self.filter.insert_fast(&keys);
        }
        if let Some(s) = shown {
            let keys = s.url.layer_keys(self.layers());
            let trace = if s.is_lookup() {
                self.filter.lookup(&keys)
            } else {
                let mut t = self.filter.lookup(&keys);
                t.layers_asked = t.layers.len();
                t.xor_asked = true;
                t
            };
            self.shown = Some(LastUrl { keys, trace, ..s });
        }
        self.version += 1;
    }

    pub fn set_m(&mut self, m: u64) {
        if m.clamp(1, MAX_M) != self.m() {
            self.rebuild(self.family(), m, self.k(), self.layers());
        }
    }
    pub fn set_k(&mut self, k: u32) {
        if k.clamp(1, MAX_K) != self.k() {
            self.rebuild(self.family(), self.m(), k, self.layers());
        }
    }
    pub fn set_layers(&mut self, layers: usize) {
        if layers.clamp(1, MAX_LAYERS) != self.layers() {
            self.rebuild(self.family(), self.m(), self.k(), layers);
        }
    }
    pub fn set_family(&mut self, family: HashFamily) {
        if family != HashFamily::Ullman && family != self.family() {
            self.rebuild(family, self.m(), self.k(), self.layers());
        }
    }

    /// Empties the filter.
    pub fn clear(&mut self) {
        self.items.clear();
        self.segments.clear();
        self.item_set.clear();
        self.shown = None;
        self.rebuild(self.family(), self.m(), self.k(), self.layers());
    }

    /// The inserted URLs whose key for layer `layer` (0-based; `None` = the XOR layer) sets
    /// bit `position`.
    pub fn who_set(&self, layer: Option<usize>, position: u64) -> Vec<&str> {
        let mut out = Vec::new();
        for (item, segs) in self.items.iter().zip(&self.segments) {
            let keys = crate::data::url_layers::layer_keys_of(segs, self.layers());
            let t = self.filter.lookup(&keys);
            let hit = match layer {
                Some(i) => t.layers.get(i).is_some_and(|l| l.steps.iter().any(|s| s.position == position)),
                None => t.xor.iter().any(|x| x.position == position),
            };
            if hit {
                out.push(item.as_str());
            }
            if out.len() > 50 {
                break;
            }
        }
        out
    }

    /// The last lookup's final verdict and truth.
    pub fn verdict(&self) -> Option<(Verdict, Truth)> {
        let s = self.shown.as_ref()?;
        Some((s.trace.verdict, s.truth?))
    }
}

/// The view's presets (their `data-preset` is their place in the list, as it always was).
pub fn presets() -> Vec<Preset> {
    vec![
        Preset {
            id: "0",
            title: "Mixing segments",
            caption: "Every segment of example.com/a1/b2/a3 is in its layer, so all four layers say maybe — but the two were never one URL, and the XOR layer says no.".into(),
            params: "m=64&k=3&layers=4&items=example.com/a1/a2/a3,example.com/b1/b2/b3&query=example.com/a1/b2/a3".into(),
        },
        Preset {
            id: "1",
            title: "Repeated segments cancel",
            caption: "docs XOR docs is 0, so example.com/docs/docs leaves the XOR layer exactly the bits of example.com/S/S for every S: example.com/blog/blog passes every layer and the XOR layer — a false positive that no choice of m avoids while the layers share their hash functions (as here; the paper does not say, and seeding each layer differently would remove it).".into(),
            params: "m=64&k=3&layers=4&items=example.com/docs/docs,example.com/blog/intro,example.com/news/blog&query=example.com/blog/blog"
                .into(),
        },
        Preset {
            id: "2",
            title: "A small crawl",
            caption: "Six URLs of two sites drawn as a tree; the looked-up URL mixes branches of the tree.".into(),
            params: "m=128&k=3&layers=4&items=news.example.org/world/2024/elections,news.example.org/world/2024/summit,news.example.org/sport/football,blog.example.net/posts/hello-world,blog.example.net/posts/second,blog.example.net/about&query=news.example.org/sport/2024/summit"
                .into(),
        },
    ]
}
