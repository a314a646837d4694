//! Six filters at the same memory, on the same items and probes: classic; partitioned (k slices
//! of M/k bits); blocked (each item in one 512-bit block); counting with 4-bit counters (M/4 of
//! them); a cuckoo filter (fingerprints of f bits in buckets of 4, at most 500 kicks); and a
//! scalable filter that adds filters with tightening rates as it fills.

use xxhash_rust::xxh3::xxh3_64_with_seed;

use crate::engine::bitvec::BitVec;
use crate::engine::formulas::{finite, optimal_k, partitioned, size_for};
use crate::engine::hashing::seed;

pub const BLOCK: u64 = 512;
pub const MAX_KICKS: u32 = 500;
pub const SLOTS: usize = 4;

#[inline]
fn h(item: &[u8], i: u32) -> u64 {
    xxh3_64_with_seed(item, seed(i))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Classic,
    Partitioned,
    Blocked,
    Counting,
    Cuckoo,
    Scalable,
}

impl Variant {
    pub const ALL: [Variant; 6] = [
        Variant::Classic,
        Variant::Partitioned,
        Variant::Blocked,
        Variant::Counting,
        Variant::Cuckoo,
        Variant::Scalable,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Partitioned => "partitioned",
            Variant::Blocked => "blocked",
            Variant::Counting => "counting",
            Variant::Cuckoo => "cuckoo",
            Variant::Scalable => "scalable",
        }
    }

    pub fn parse(s: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == s)
    }

    /// What it can do: (delete, count, grow, merge).
    pub fn can(self) -> (bool, bool, bool, bool) {
        match self {
            Variant::Classic | Variant::Partitioned | Variant::Blocked => (false, false, false, true),
            Variant::Counting => (true, true, false, true),
            Variant::Cuckoo => (true, false, false, false),
            Variant::Scalable => (false, false, true, false),
        }
    }

    /// Where it breaks, in one line.
    pub fn breaks(self) -> &'static str {
        match self {
            Variant::Classic => "the rate climbs fast once n passes what m was sized for",
            Variant::Partitioned => {
                "slightly more false positives than classic at the same m, in exchange for k independent slices"
            }
            Variant::Blocked => {
                "busy blocks overflow: a higher rate than classic at the same memory, for one cache miss per lookup"
            }
            Variant::Counting => {
                "4 times the memory per position; a counter stuck at 15 can no longer be decremented safely"
            }
            Variant::Cuckoo => {
                "inserts start to fail near 95 % load; deleting an item never inserted can remove another's fingerprint"
            }
            Variant::Scalable => {
                "memory and lookup time grow with every filter added; the rate bound holds only with tightening rates"
            }
        }
    }
}

/// One structure with its own state.
pub enum Structure {
    Classic { bits: BitVec, k: u32 },
    Partitioned { bits: BitVec, k: u32 },
    Blocked { bits: BitVec, k: u32 },
    Counting { counters: Vec<u8>, k: u32 },
    Cuckoo(Cuckoo),
    Scalable(Scalable),
}

impl Structure {
    /// The structure for `n` items in `m` bits (the scalable filter starts small and grows).
    pub fn new(v: Variant, m: u64, n: u64, p: f64, f: u32) -> Structure {
        let k = optimal_k(m, n.max(1), 32);
        match v {
            Variant::Classic => Structure::Classic { bits: BitVec::new(m as usize), k },
            Variant::Partitioned => {
                Structure::Partitioned { bits: BitVec::new((m / k as u64 * k as u64).max(k as u64) as usize), k }
            }
            Variant::Blocked => {
                Structure::Blocked { bits: BitVec::new((m / BLOCK).max(1) as usize * BLOCK as usize), k }
            }
            Variant::Counting => {
                let c = (m / 4).max(1);
                Structure::Counting { counters: vec![0; c as usize], k: optimal_k(c, n.max(1), 32) }
            }
            Variant::Cuckoo => Structure::Cuckoo(Cuckoo::new(m, f)),
            Variant::Scalable => Structure::Scalable(Scalable::new(n, p)),
        }
    }

    pub fn insert(&mut self, item: &[u8]) -> bool {
        match self {
            Structure::Classic { bits, k } => {
                let m = bits.len() as u64;
                (0..*k).for_each(|i| {
                    bits.set((h(item, i) % m) as usize);
                });
                true
            }
            Structure::Partitioned { bits, k } => {
                let s = bits.len() as u64 / *k as u64;
                (0..*k).for_each(|i| {
                    bits.set((i as u64 * s + h(item, i) % s) as usize);
                });
                true
            }
            Structure::Blocked { bits, k } => {
                let base = h(item, 0) % (bits.len() as u64 / BLOCK) * BLOCK;
                (1..=*k).for_each(|i| {
                    bits.set((base + h(item, i) % BLOCK) as usize);
                });
                true
            }
            Structure::Counting { counters, k } => {
                let c = counters.len() as u64;
                for i in 0..*k {
                    let slot = &mut counters[(h(item, i) % c) as usize];
                    *slot = (*slot + 1).min(15);
                }
                true
            }
            Structure::Cuckoo(c) => c.insert(item),
            Structure::Scalable(s) => {
                s.insert(item);
                true
            }
        }
    }

    pub fn contains(&self, item: &[u8]) -> bool {
        match self {
            Structure::Classic { bits, k } => (0..*k).all(|i| bits.get((h(item, i) % bits.len() as u64) as usize)),
            Structure::Partitioned { bits, k } => {
                let s = bits.len() as u64 / *k as u64;
                (0..*k).all(|i| bits.get((i as u64 * s + h(item, i) % s) as usize))
            }
            Structure::Blocked { bits, k } => {
                let base = h(item, 0) % (bits.len() as u64 / BLOCK) * BLOCK;
                (1..=*k).all(|i| bits.get((base + h(item, i) % BLOCK) as usize))
            }
            Structure::Counting { counters, k } => {
                (0..*k).all(|i| counters[(h(item, i) % counters.len() as u64) as usize] > 0)
            }
            Structure::Cuckoo(c) => c.contains(item),
            Structure::Scalable(s) => s.contains(item),
        }
    }

    /// Bits of memory it holds.
    pub fn bits(&self) -> u64 {
        match self {
            Structure::Classic { bits, .. } | Structure::Partitioned { bits, .. } | Structure::Blocked { bits, .. } => {
                bits.len() as u64
            }
            Structure::Counting { counters, .. } => counters.len() as u64 * 4,
            Structure::Cuckoo(c) => c.buckets.len() as u64 * SLOTS as u64 * c.f as u64,
            Structure::Scalable(s) => s.filters.iter().map(|f| f.bits.len() as u64).sum(),
        }
    }

    /// The formula for its false-positive rate with n items in, where one exists.
    pub fn theory(&self, n: u64) -> Option<f64> {
        match self {
            Structure::Classic { bits, k } => Some(finite(bits.len() as u64, n, *k)),
            Structure::Partitioned { bits, k } => Some(partitioned(bits.len() as u64, n, *k)),
            Structure::Blocked { bits, k } => Some(blocked(bits.len() as u64, n, *k)),
            Structure::Counting { counters, k } => Some(finite(counters.len() as u64, n, *k)),
            Structure::Cuckoo(c) => Some(c.theory()),
            Structure::Scalable(s) => Some(s.theory()),
        }
    }

    pub fn k(&self) -> Option<u32> {
        match self {
            Structure::Classic { k, .. }
            | Structure::Partitioned { k, .. }
            | Structure::Blocked { k, .. }
            | Structure::Counting { k, .. } => Some(*k),
            _ => None,
        }
    }
}

/// The blocked filter's rate: the classic formula inside one block of 512 bits, averaged over the
/// Poisson number of items a block gets (mean n·512/m).
pub fn blocked(m: u64, n: u64, k: u32) -> f64 {
    let blocks = (m / BLOCK).max(1) as f64;
    let lambda = n as f64 / blocks;
    let (mut total, mut p) = (0.0, (-lambda).exp());
    let top = (lambda + 12.0 * lambda.sqrt() + 30.0) as u64;
    for j in 0..=top {
        if j > 0 {
            p *= lambda / j as f64;
        }
        total += p * (1.0 - (1.0 - 1.0 / BLOCK as f64).powf((k as u64 * j) as f64)).powi(k as i32);
    }
    total
}

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

/// A scalable filter (Almeida et al. 2007): filters of growing capacity (×2 each) and tightening
/// rates (×½ each), the first with rate p/2, so the rates add up to at most p.
pub struct Scalable {
    pub filters: Vec<Part>,
}

pub struct Part {
    pub bits: BitVec,
    pub k: u32,
    pub capacity: u64,
    pub count: u64,
    pub p: f64,
}

impl Part {
    fn new(capacity: u64, p: f64) -> Part {
        let (m, k) = size_for(capacity.max(1), p).unwrap_or((capacity.max(1) * 10, 7));
        Part { bits: BitVec::new(m as usize), k, capacity, count: 0, p }
    }
}

impl Scalable {
    pub fn new(n: u64, p: f64) -> Scalable {
        Scalable { filters: vec![Part::new((n / 8).max(64), p / 2.0)] }
    }

    pub fn insert(&mut self, item: &[u8]) {
        if self.filters.last().is_some_and(|f| f.count >= f.capacity) {
            let last = self.filters.last().expect("one filter");
            let next = Part::new(last.capacity * 2, last.p / 2.0);
            self.filters.push(next);
        }
        let f = self.filters.last_mut().expect("one filter");
        let m = f.bits.len() as u64;
        for i in 0..f.k {
            f.bits.set((h(item, i) % m) as usize);
        }
        f.count += 1;
    }

    pub fn contains(&self, item: &[u8]) -> bool {
        self.filters.iter().any(|f| (0..f.k).all(|i| f.bits.get((h(item, i) % f.bits.len() as u64) as usize)))
    }

    /// 1 − Π(1 − rate of each filter at its count).
    pub fn theory(&self) -> f64 {
        1.0 - self.filters.iter().map(|f| 1.0 - finite(f.bits.len() as u64, f.count, f.k)).product::<f64>()
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
