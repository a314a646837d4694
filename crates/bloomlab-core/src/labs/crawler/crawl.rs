//! One crawl with a Bloom filter as its seen-set, under a restart policy: pages are fetched from
//! a queue; each link the filter calls new is queued and inserted; a link it calls seen is
//! dropped — lost for good when it was a false positive. Restarting the filter forgets pages, so
//! some are fetched again.

use std::collections::VecDeque;

use super::web::{Web, LINKS};
use crate::engine::bitvec::BitVec;
use crate::engine::filter::BloomFilter;
use crate::engine::formulas::approx;
use crate::engine::hashing::HashFamily;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Policy {
    Never,
    /// Clear the filter after this many insertions.
    Every(u64),
    /// Clear it when this share of its bits is set.
    Fill(f64),
    /// Two filters of half the bits: the newer takes inserts, both answer; when the newer is
    /// half full the older is dropped.
    Rotate,
}

impl Policy {
    pub fn name(self) -> &'static str {
        match self {
            Policy::Never => "never",
            Policy::Every(_) => "every",
            Policy::Fill(_) => "fill",
            Policy::Rotate => "rotate",
        }
    }
}

/// A sample of the crawl's state over time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub fetched: u64,
    pub fill: f64,
    /// The false-positive rate the formula predicts for the filter(s) as they are.
    pub predicted: f64,
    pub lost: u64,
    pub refetched: u64,
}

pub struct Crawl {
    pub policy: Policy,
    m: u64,
    k: u32,
    filters: Vec<(BloomFilter, u64)>,
    queue: VecDeque<u32>,
    fetched: BitVec,
    /// Pages the crawler has queued at least once (it knows they exist).
    discovered: BitVec,
    turned_away: BitVec,
    pub crawled: u64,
    pub refetched: u64,
    pub lost: u64,
    pub restarts: u64,
    pub fetches: u64,
    budget: u64,
    every: u64,
    pub samples: Vec<Sample>,
    /// For each page, the restart count when it was last queued; and, for each page queued
    /// again because a restart forgot it, (then, now).
    discovered_epoch: Vec<u32>,
    pub rediscoveries: Vec<(u32, u32)>,
}

impl Crawl {
    pub fn new(policy: Policy, m: u64, k: u32, pages: u32) -> Crawl {
        let bits = if policy == Policy::Rotate { (m / 2).max(1) } else { m.max(1) };
        let filters = vec![(BloomFilter::new(HashFamily::Xxh3, bits, k), 0)];
        let mut c = Crawl {
            policy,
            m: bits,
            k,
            filters,
            queue: VecDeque::from([0]),
            fetched: BitVec::new(pages as usize),
            discovered: BitVec::new(pages as usize),
            turned_away: BitVec::new(pages as usize),
            crawled: 0,
            refetched: 0,
            lost: 0,
            restarts: 0,
            fetches: 0,
            budget: pages as u64 * 2,
            every: (pages as u64 / 200).max(1),
            samples: Vec::new(),
            discovered_epoch: vec![0; pages as usize],
            rediscoveries: Vec::new(),
        };
        c.discovered.set(0);
        c.insert(0);
        c
    }

    pub fn is_done(&self) -> bool {
        self.queue.is_empty() || self.fetches >= self.budget
    }

    fn key(p: u32) -> [u8; 4] {
        p.to_le_bytes()
    }

    fn seen(&self, p: u32) -> bool {
        self.filters.iter().any(|(f, _)| f.contains_bytes(&Crawl::key(p)))
    }

    fn insert(&mut self, p: u32) {
        let last = self.filters.len() - 1;
        let (f, n) = &mut self.filters[last];
        f.insert_bytes(&Crawl::key(p));
        *n += 1;
        match self.policy {
            Policy::Every(period) if *n >= period => self.restart(),
            Policy::Fill(t) if f.fill_ratio() >= t => self.restart(),
            Policy::Rotate if f.fill_ratio() >= 0.5 => {
                if self.filters.len() == 2 {
                    self.filters.remove(0);
                }
                self.filters.push((BloomFilter::new(HashFamily::Xxh3, self.m, self.k), 0));
                self.restarts += 1;
            }
            _ => {}
        }
    }

    fn restart(&mut self) {
        self.filters = vec![(BloomFilter::new(HashFamily::Xxh3, self.m, self.k), 0)];
        self.restarts += 1;
    }

    /// The share of bits set (the newer filter's, when rotating).
    pub fn fill(&self) -> f64 {
        self.filters.last().map_or(0.0, |(f, _)| f.fill_ratio())
    }

    pub fn predicted(&self) -> f64 {
        1.0 - self.filters.iter().map(|(_, n)| 1.0 - approx(self.m, *n, self.k)).product::<f64>()
    }

    /// Fetches up to `budget` pages; returns how many.
    pub fn work(&mut self, web: &Web, budget: u64) -> u64 {
        let mut done = 0;
        while done < budget && !self.is_done() {
            let Some(p) = self.queue.pop_front() else { break };
            self.fetches += 1;
            done += 1;
            if self.fetched.get(p as usize) {
                self.refetched += 1;
            } else {
                self.fetched.set(p as usize);
                self.crawled += 1;
            }
            for j in 0..LINKS {
                let q = web.link(p, j);
                if self.seen(q) {
                    // Seen by the filter but never queued: a false positive, and the page is
                    // lost unless some later link gets through.
                    if !self.discovered.get(q as usize) && !self.turned_away.get(q as usize) {
                        self.turned_away.set(q as usize);
                        self.lost += 1;
                    }
                } else {
                    if self.discovered.get(q as usize) {
                        // A restart forgot it: it will be fetched again.
                        self.rediscoveries.push((self.discovered_epoch[q as usize], self.restarts as u32));
                    } else {
                        self.discovered.set(q as usize);
                        if self.turned_away.get(q as usize) {
                            self.lost -= 1;
                        }
                    }
                    self.discovered_epoch[q as usize] = self.restarts as u32;
                    self.queue.push_back(q);
                    self.insert(q);
                }
            }
            if self.fetches.is_multiple_of(self.every) {
                self.samples.push(Sample {
                    fetched: self.fetches,
                    fill: self.fill(),
                    predicted: self.predicted(),
                    lost: self.lost,
                    refetched: self.refetched,
                });
            }
        }
        done
    }
}
