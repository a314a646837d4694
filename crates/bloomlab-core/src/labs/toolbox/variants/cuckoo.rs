//! The cuckoo filter (fingerprints in buckets of 4, moved between their two buckets), and a small
//! one to watch insert by insert.

use xxhash_rust::xxh3::xxh3_64_with_seed;

use super::{h, MAX_KICKS, SLOTS};

/// A cuckoo filter: b = m / (4f) buckets of 4 fingerprints of f bits; an item may sit in bucket
/// i1 = h mod b or i2 = (hash(fingerprint) − i1) mod b, and each bucket index is the other's
/// partner, so a fingerprint can be moved without knowing its item.
pub struct Cuckoo {
    pub f: u32,
    pub buckets: Vec<[u32; SLOTS]>,
    pub stored: u64,
    pub failed: u64,
    /// The load when the first insert failed.
    pub first_failure_load: Option<f64>,
    /// A fingerprint that found no place after the kicks, kept aside so nothing is forgotten.
    victim: Option<(usize, u32)>,
    rng: fastrand::Rng,
    /// The last insert's kicks: (bucket, slot, fingerprint evicted).
    pub last_kicks: Vec<(usize, usize, u32)>,
}

impl Cuckoo {
    pub fn new(m: u64, f: u32) -> Cuckoo {
        let f = f.clamp(4, 32);
        let b = (m / (SLOTS as u64 * f as u64)).max(1);
        Cuckoo {
            f,
            buckets: vec![[0; SLOTS]; b as usize],
            stored: 0,
            failed: 0,
            first_failure_load: None,
            victim: None,
            rng: fastrand::Rng::with_seed(7),
            last_kicks: Vec::new(),
        }
    }

    /// The item's fingerprint and first bucket.
    pub fn fingerprint(&self, item: &[u8]) -> (u32, usize) {
        let v = h(item, 0);
        let mask = if self.f == 32 { u32::MAX } else { (1u32 << self.f) - 1 };
        let fp = ((v >> 32) as u32 & mask).max(1);
        (fp, (v % self.buckets.len() as u64) as usize)
    }

    /// The partner of bucket i for a fingerprint.
    pub fn alt(&self, i: usize, fp: u32) -> usize {
        let b = self.buckets.len() as u64;
        let hf = xxh3_64_with_seed(&fp.to_le_bytes(), 0xC0C0) % b;
        ((hf + b - i as u64 % b) % b) as usize
    }

    fn put(&mut self, i: usize, fp: u32) -> bool {
        if let Some(slot) = self.buckets[i].iter_mut().find(|s| **s == 0) {
            *slot = fp;
            return true;
        }
        false
    }

    pub fn load(&self) -> f64 {
        self.stored as f64 / (self.buckets.len() * SLOTS) as f64
    }

    pub fn insert(&mut self, item: &[u8]) -> bool {
        self.last_kicks.clear();
        let (fp, i1) = self.fingerprint(item);
        let i2 = self.alt(i1, fp);
        if self.put(i1, fp) || self.put(i2, fp) {
            self.stored += 1;
            return true;
        }
        if self.victim.is_some() {
            self.fail();
            return false;
        }
        let (mut i, mut fp) = (if self.rng.bool() { i1 } else { i2 }, fp);
        for _ in 0..MAX_KICKS {
            let slot = self.rng.usize(0..SLOTS);
            let out = self.buckets[i][slot];
            self.buckets[i][slot] = fp;
            self.last_kicks.push((i, slot, out));
            fp = out;
            i = self.alt(i, fp);
            if self.put(i, fp) {
                self.stored += 1;
                return true;
            }
        }
        // No place after the kicks: keep the homeless fingerprint aside (the item is stored; the
        // table is now full).
        self.victim = Some((i, fp));
        self.stored += 1;
        if self.first_failure_load.is_none() {
            self.first_failure_load = Some(self.load());
        }
        true
    }

    fn fail(&mut self) {
        self.failed += 1;
        if self.first_failure_load.is_none() {
            self.first_failure_load = Some(self.load());
        }
    }

    pub fn contains(&self, item: &[u8]) -> bool {
        let (fp, i1) = self.fingerprint(item);
        let i2 = self.alt(i1, fp);
        self.buckets[i1].contains(&fp)
            || self.buckets[i2].contains(&fp)
            || self.victim.is_some_and(|(i, v)| v == fp && (i == i1 || i == i2))
    }

    /// Removes one copy of the item's fingerprint; false when it is not there.
    pub fn delete(&mut self, item: &[u8]) -> bool {
        let (fp, i1) = self.fingerprint(item);
        let i2 = self.alt(i1, fp);
        if self.victim.is_some_and(|(i, v)| v == fp && (i == i1 || i == i2)) {
            self.victim = None;
            self.stored -= 1;
            return true;
        }
        for i in [i1, i2] {
            if let Some(slot) = self.buckets[i].iter_mut().find(|s| **s == fp) {
                *slot = 0;
                self.stored -= 1;
                return true;
            }
        }
        false
    }

    /// The chance a non-member matches one of the ≤ 8 fingerprints in its two buckets:
    /// 1 − (1 − 2^−f)^(8·load).
    pub fn theory(&self) -> f64 {
        1.0 - (1.0 - 0.5f64.powi(self.f as i32)).powf(2.0 * SLOTS as f64 * self.load())
    }
}

/// A small cuckoo filter to watch: 8 buckets of 4 fingerprints of 8 bits, filled one generated
/// word at a time; each insert keeps its kicks so they can be stepped through.
pub struct CuckooDemo {
    pub filter: Cuckoo,
    pub words: Vec<String>,
    /// For the last insert: its word, fingerprint, two buckets, and whether it found a place.
    pub last: Option<(String, u32, usize, usize, bool)>,
}

impl CuckooDemo {
    pub const BUCKETS: u64 = 8;

    pub fn new() -> CuckooDemo {
        CuckooDemo { filter: Cuckoo::new(Self::BUCKETS * SLOTS as u64 * 8, 8), words: Vec::new(), last: None }
    }

    /// Inserts the next generated word.
    pub fn insert_next(&mut self, seed: u64) {
        let w =
            crate::data::generate::item(crate::data::generate::ItemKind::Words, seed ^ 0xC0C0, self.words.len() as u64);
        let (fp, i1) = self.filter.fingerprint(w.as_bytes());
        let i2 = self.filter.alt(i1, fp);
        let failed_before = self.filter.failed;
        self.filter.insert(w.as_bytes());
        let ok = self.filter.failed == failed_before;
        self.last = Some((w.clone(), fp, i1, i2, ok));
        self.words.push(w);
    }
}

impl Default for CuckooDemo {
    fn default() -> Self {
        CuckooDemo::new()
    }
}
