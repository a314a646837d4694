//! A seeded synthetic web: pages with Zipf popularity, each with a few links — to popular pages
//! (mostly seen already) and to pages nearby (mostly new), so a crawl keeps finding both.

use xxhash_rust::xxh3::xxh3_64_with_seed;

/// Links on every page.
pub const LINKS: u32 = 8;

pub struct Web {
    pub pages: u32,
    seed: u64,
    /// Cumulative Zipf weights over page ranks (rank r is page r).
    cumulative: Vec<f64>,
}

impl Web {
    pub fn new(pages: u32, seed: u64) -> Web {
        let pages = pages.max(2);
        let mut total = 0.0;
        let cumulative = (1..=pages)
            .map(|r| {
                total += 1.0 / r as f64;
                total
            })
            .collect();
        Web { pages, seed, cumulative }
    }

    /// Link `j` of page `p`: half go to a popular page (Zipf by rank), half to a page nearby.
    pub fn link(&self, p: u32, j: u32) -> u32 {
        let h = xxh3_64_with_seed(&((p as u64) << 8 | j as u64).to_le_bytes(), self.seed);
        if h & 1 == 0 {
            let total = *self.cumulative.last().unwrap_or(&1.0);
            let x = (h >> 11) as f64 / (1u64 << 53) as f64 * total;
            (self.cumulative.partition_point(|&c| c <= x) as u32).min(self.pages - 1)
        } else {
            let step = 1 + (h >> 40) as u32 % 50;
            (p + step) % self.pages
        }
    }
}
