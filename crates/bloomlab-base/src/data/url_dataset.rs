//! A generated URL data set with the structure of a crawl, reproducible from a seed.
//!
//! URL `i` of stream `s` is a pure function of (seed, s, i), so nothing is stored or shipped:
//! stream 0 is what the experiment inserts, stream 1 the URLs it looks up. The structure, chosen
//! to look like real crawls rather than random strings:
//!
//! * **Hosts.** 1,000 sites whose popularity follows Zipf's law (site r is picked with
//!   probability proportional to 1/(r+1)), so a few hosts hold many URLs and most hold few.
//!   Names such as `www.kotavi.com`, `blog.lusame.org`, `remoka.co.uk`.
//! * **Depth.** Path depth 0 to 6 with weights 3, 12, 28, 27, 17, 9, 4 (%) — most pages sit two
//!   to four directories deep.
//! * **Segments.** The first directory is one of the site's 4–19 sections, drawn from a shared
//!   vocabulary (`news`, `blog`, `docs`, `2024`, ...) so that different sites reuse names; the
//!   second is one of ~30 subsections of that section (vocabulary words, years, made-up
//!   words); deeper segments are page slugs (`kota-lusa`), numeric ids or `.html` pages, nearly
//!   unique. Popular sections are picked more often (Zipf again).
//!
//! Every generated URL is already in normal form (`url_layers::normalize` leaves it unchanged).
//! Duplicates happen (as in a real crawl) and are skipped by whoever inserts them.

/// Sites in the data set.
pub const HOSTS: u64 = 1000;
/// Depth weights (percent) for path depths 0..=6.
pub const DEPTH_WEIGHTS: [u32; 7] = [3, 12, 28, 27, 17, 9, 4];

const VOCAB: [&str; 48] = [
    "news", "blog", "docs", "products", "about", "help", "support", "en", "de", "fr", "category", "tag", "articles",
    "search", "user", "forum", "wiki", "shop", "sport", "world", "tech", "video", "images", "events", "jobs", "2019",
    "2020", "2021", "2022", "2023", "2024", "2025", "archive", "index", "download", "api", "static", "press", "media",
    "health", "travel", "music", "games", "books", "science", "local", "opinion", "contact",
];
const TLDS: [&str; 6] = ["com", "org", "net", "edu", "co.uk", "de"];
const PREFIXES: [&str; 4] = ["www.", "", "blog.", "shop."];
const SYL_C: &[u8] = b"bdfgklmnprstvz";
const SYL_V: &[u8] = b"aeiou";

/// SplitMix64: a good 64-bit mix for keyed, stateless randomness.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A little random stream for one URL.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 = mix(self.0);
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        (((self.next() >> 11) as u128 * n as u128) >> 53) as u64
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// Zipf(1) over 0..n by inverting the continuous approximation of its CDF.
    fn zipf(&mut self, n: u64) -> u64 {
        let u = self.unit();
        let r = ((n as f64 + 1.0).ln() * u).exp() - 1.0;
        (r as u64).min(n - 1)
    }
}

fn push_word(out: &mut String, mut h: u64, syllables: usize) {
    for _ in 0..syllables {
        out.push(SYL_C[(h % SYL_C.len() as u64) as usize] as char);
        h /= SYL_C.len() as u64;
        out.push(SYL_V[(h % SYL_V.len() as u64) as usize] as char);
        h /= SYL_V.len() as u64;
    }
}

/// The host name of site `r` (fixed for the seed).
pub fn host(seed: u64, r: u64) -> String {
    let h = mix(seed ^ mix(r ^ 0x4057));
    let mut s = String::with_capacity(24);
    s.push_str(PREFIXES[(h % 4) as usize]);
    push_word(&mut s, h >> 8, 2 + (h >> 40) as usize % 2);
    s.push('.');
    s.push_str(TLDS[((h >> 50) % TLDS.len() as u64) as usize]);
    s
}

/// Writes URL `index` of `stream` as segments (host first) into `out`.
pub fn url_segments(seed: u64, stream: u64, index: u64, out: &mut Vec<String>) {
    out.clear();
    let mut d = Draw(mix(seed ^ mix(stream.wrapping_mul(0x1_0000_0001) ^ mix(index))));
    let site = d.zipf(HOSTS);
    out.push(host(seed, site));
    let site_h = mix(seed ^ site.wrapping_mul(0x51_7CC1));
    // Depth.
    let mut roll = d.below(100) as u32;
    let mut depth = 0;
    for (i, &w) in DEPTH_WEIGHTS.iter().enumerate() {
        if roll < w {
            depth = i;
            break;
        }
        roll -= w;
    }
    if depth == 0 {
        return;
    }
    // Section: one of the site's 4..19 sections, each a vocabulary word.
    let sections = 4 + site_h % 16;
    let sec = d.zipf(sections);
    let sec_h = mix(site_h ^ sec);
    out.push(VOCAB[(sec_h % VOCAB.len() as u64) as usize].to_string());
    if depth == 1 {
        return;
    }
    // Subsection: one of ~30 names of that section.
    let sub = d.zipf(30);
    let sub_h = mix(sec_h ^ (sub + 1));
    let mut s = String::new();
    match sub_h % 4 {
        0 => s.push_str(VOCAB[((sub_h >> 8) % VOCAB.len() as u64) as usize]),
        1 => s.push_str(&(2000 + (sub_h >> 8) % 26).to_string()),
        _ => push_word(&mut s, sub_h >> 8, 2 + (sub_h >> 40) as usize % 2),
    }
    out.push(s);
    let html = site_h.is_multiple_of(3);
    for level in 2..depth {
        let h = d.next();
        let mut s = String::new();
        let last = level + 1 == depth;
        if !last && h.is_multiple_of(3) {
            // A shared sub-directory name, reused within the site.
            push_word(&mut s, mix(sub_h ^ ((h >> 40) % 12)), 2);
        } else if h.is_multiple_of(5) {
            s.push_str(&(1 + (h >> 8) % 999_983).to_string());
        } else {
            push_word(&mut s, h >> 8, 2);
            s.push('-');
            push_word(&mut s, h >> 30, 2 + (h >> 60) as usize % 2);
        }
        if last && html {
            s.push_str(".html");
        }
        out.push(s);
    }
}

/// URL `index` of `stream` in normal form (segments joined with `/`).
pub fn url(seed: u64, stream: u64, index: u64) -> String {
    let mut v = Vec::new();
    url_segments(seed, stream, index, &mut v);
    v.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::url_layers::normalize;
    use std::collections::{HashMap, HashSet};

    #[test]
    fn reproducible_and_already_normal() {
        assert_eq!(url(1, 0, 12345), url(1, 0, 12345));
        assert_ne!(url(1, 0, 12345), url(2, 0, 12345));
        for i in 0..2000 {
            let u = url(3, i % 2, i);
            assert_eq!(normalize(&u).unwrap().normalized(), u, "{u}");
        }
    }

    #[test]
    fn structure_looks_like_a_crawl() {
        let n = 20_000u64;
        let mut hosts: HashMap<String, u64> = HashMap::new();
        let mut depths = [0u64; 8];
        let mut distinct = HashSet::new();
        let mut v = Vec::new();
        for i in 0..n {
            url_segments(1, 0, i, &mut v);
            *hosts.entry(v[0].clone()).or_default() += 1;
            depths[(v.len() - 1).min(7)] += 1;
            distinct.insert(v.join("/"));
        }
        let mut counts: Vec<u64> = hosts.values().copied().collect();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        // Zipf: the top site has about n / H(1000) ≈ 13% of the URLs; many sites are rare.
        assert!(counts[0] > n / 12 && counts[0] < n / 5, "{}", counts[0]);
        assert!(hosts.len() > 500, "{}", hosts.len());
        // Depths follow the weights within a few percent.
        for (d, &w) in DEPTH_WEIGHTS.iter().enumerate() {
            let got = depths[d] as f64 / n as f64 * 100.0;
            assert!((got - w as f64).abs() < 1.5, "depth {d}: {got}% vs {w}%");
        }
        // Few duplicates, but some (shallow pages repeat).
        assert!(distinct.len() as u64 > n * 85 / 100, "{}", distinct.len());
    }
}
