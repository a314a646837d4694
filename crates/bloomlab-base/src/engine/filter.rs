//! The classic Bloom filter: m bits, k hash functions from one family.

use std::ops::Range;
use std::rc::Rc;

use bloomlab_kernels::bulk::{self as kernels, Bits};
use bloomlab_kernels::generate::ItemKind;

use crate::engine::bitvec::BitVec;
use crate::engine::hashing::{HashError, HashFamily};

/// What one hash function did for one item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HashStep {
    /// Which hash, 0..k-1.
    pub index: u32,
    /// The hash value before `mod m`.
    pub raw: u64,
    /// `raw mod m`.
    pub position: u64,
    /// Whether the bit was already 1 before this item (for an insert) or is 1 (for a lookup).
    pub was_set: bool,
}

/// The hashes of one item, in order i = 0..k-1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub item: String,
    pub steps: Vec<HashStep>,
}

impl Trace {
    pub fn positions(&self) -> impl Iterator<Item = u64> + '_ {
        self.steps.iter().map(|s| s.position)
    }

    /// Positions as the contract's comma-separated list.
    pub fn positions_csv(&self) -> String {
        self.positions().map(|p| p.to_string()).collect::<Vec<_>>().join(",")
    }

    /// True when every one of the item's bits is (or was) already set.
    pub fn all_set(&self) -> bool {
        self.steps.iter().all(|s| s.was_set)
    }
}

/// The answer of a lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// At least one bit is 0: the item was certainly never inserted.
    Absent,
    /// All bits are 1: the item may have been inserted.
    Maybe,
}

impl Verdict {
    /// `Maybe` for a lookup that passes, `Absent` for one that does not.
    pub fn of(passes: bool) -> Verdict {
        if passes {
            Verdict::Maybe
        } else {
            Verdict::Absent
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Verdict::Absent => "absent",
            Verdict::Maybe => "maybe",
        }
    }
}

/// Whether a looked-up item really was inserted: the page knows, so it can name a false
/// positive beside the filter's `Verdict`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Truth {
    Member,
    NonMember,
}

impl Truth {
    /// `Member` for an item that was inserted.
    pub fn of(member: bool) -> Truth {
        if member {
            Truth::Member
        } else {
            Truth::NonMember
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Truth::Member => "member",
            Truth::NonMember => "non-member",
        }
    }
}

/// A classic Bloom filter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BloomFilter {
    family: HashFamily,
    k: u32,
    /// Shared copy-on-write, so views can hold the bits without copying them.
    bits: Rc<BitVec>,
}

impl BloomFilter {
    /// A filter of `m` bits (at least 1) with `k` hashes (at least 1, at most the family's limit).
    pub fn new(family: HashFamily, m: u64, k: u32) -> Self {
        let k = k.max(1).min(family.max_k().unwrap_or(u32::MAX));
        Self { family, k, bits: Rc::new(BitVec::new(m.max(1) as usize)) }
    }

    pub fn family(&self) -> HashFamily {
        self.family
    }
    pub fn k(&self) -> u32 {
        self.k
    }
    pub fn m(&self) -> u64 {
        self.bits.len() as u64
    }
    pub fn bits(&self) -> &BitVec {
        &self.bits
    }

    /// A cheap shared handle on the bits (copied on the filter's next write).
    pub fn shared_bits(&self) -> Rc<BitVec> {
        Rc::clone(&self.bits)
    }

    fn trace(&self, item: &str) -> Result<Trace, HashError> {
        let values = self.family.hash(item, self.k, self.m())?;
        let steps = values
            .into_iter()
            .enumerate()
            .map(|(i, h)| HashStep { index: i as u32, raw: h.raw, position: h.position, was_set: false })
            .collect();
        Ok(Trace { item: item.to_string(), steps })
    }

    /// Inserts `item`, returning each hash's work and whether its bit was already 1.
    pub fn insert(&mut self, item: &str) -> Result<Trace, HashError> {
        let mut trace = self.trace(item)?;
        let bits = Rc::make_mut(&mut self.bits);
        for step in &mut trace.steps {
            step.was_set = bits.set(step.position as usize);
        }
        Ok(trace)
    }

    /// Looks `item` up, returning each hash's work and the verdict.
    pub fn lookup(&self, item: &str) -> Result<(Trace, Verdict), HashError> {
        let mut trace = self.trace(item)?;
        for step in &mut trace.steps {
            step.was_set = self.bits.get(step.position as usize);
        }
        let verdict = if trace.all_set() { Verdict::Maybe } else { Verdict::Absent };
        Ok((trace, verdict))
    }

    /// The fast path for bulk work: inserts raw bytes without building a trace.
    /// Returns false (and changes nothing) when the family cannot hash the item.
    #[inline]
    pub fn insert_bytes(&mut self, item: &[u8]) -> bool {
        match self.family.text_family() {
            Some(family) => {
                let k = self.k;
                Rc::make_mut(&mut self.bits)
                    .set_in_bulk(|words, m| kernels::insert_one(Bits { words, m }, family, k, item));
                true
            }
            None => {
                let bits = Rc::make_mut(&mut self.bits);
                self.family.for_each_position(item, self.k, bits.len() as u64, |p| {
                    bits.set(p as usize);
                })
            }
        }
    }

    /// The fast path for bulk lookups: `xxh3` and `naive` stop at the first 0 (each position
    /// costs a hash); the double-hashing families read all bits, so the memory loads overlap.
    #[inline]
    pub fn contains_bytes(&self, item: &[u8]) -> bool {
        match self.family.text_family() {
            Some(family) => kernels::contains(self.bits.words(), self.m(), family, self.k, item),
            None => self.family.visit_positions(item, self.k, self.m(), |p| self.bits.get(p as usize)) == Some(true),
        }
    }

    /// Inserts items `range` of the generated batch (`kind`, `seed`) in one pass of the kernels
    /// (`bloomlab-kernels`, built at opt-level 3: no allocation per item, positions gathered in
    /// groups). Returns false (and changes nothing) when the family cannot hash text.
    pub fn insert_generated(&mut self, kind: ItemKind, seed: u64, range: Range<u64>) -> bool {
        let Some(family) = self.family.text_family() else { return false };
        let k = self.k;
        Rc::make_mut(&mut self.bits)
            .set_in_bulk(|words, m| kernels::insert_generated(Bits { words, m }, family, k, kind, seed, range));
        true
    }

    /// Inserts `items` in one pass of the kernels; false (and nothing changed) when the family
    /// cannot hash text (insert those one by one to see which fail).
    pub fn insert_all(&mut self, items: &[String]) -> bool {
        let Some(family) = self.family.text_family() else { return false };
        let k = self.k;
        Rc::make_mut(&mut self.bits).set_in_bulk(|words, m| kernels::insert_items(Bits { words, m }, family, k, items));
        true
    }

    /// How many items of `range` of the generated batch (`kind`, `seed`) pass the filter (0 when
    /// the family cannot hash text).
    pub fn count_generated_hits(&self, kind: ItemKind, seed: u64, range: Range<u64>) -> u64 {
        let Some(family) = self.family.text_family() else { return 0 };
        kernels::probe_generated(self.bits.words(), self.m(), family, self.k, kind, seed, range)
    }

    /// Whether the item's bits include `position` (for "which items set this bit").
    pub fn touches(&self, item: &[u8], position: u64) -> bool {
        let mut hit = false;
        self.family.for_each_position(item, self.k, self.m(), |p| hit |= p == position);
        hit
    }

    /// Fraction of bits set.
    pub fn fill_ratio(&self) -> f64 {
        self.bits.count_ones() as f64 / self.m() as f64
    }

    pub fn clear(&mut self) {
        Rc::make_mut(&mut self.bits).clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ullman_example_step_by_step() {
        let mut f = BloomFilter::new(HashFamily::Ullman, 11, 2);
        let expect = ["00100100000", "10100101000", "10100101010"];
        for (x, want) in ["25", "159", "585"].iter().zip(expect) {
            f.insert(x).unwrap();
            assert_eq!(f.bits().to_bit_string(), want);
        }
        // 585's second hash lands on bit 7, which 159 had set already.
        let mut g = BloomFilter::new(HashFamily::Ullman, 11, 2);
        g.insert("25").unwrap();
        g.insert("159").unwrap();
        let t = g.insert("585").unwrap();
        assert_eq!(t.steps.iter().map(|s| s.was_set).collect::<Vec<_>>(), vec![false, true]);
        let (trace, verdict) = f.lookup("118").unwrap();
        assert_eq!(trace.positions_csv(), "3,5");
        assert_eq!(verdict, Verdict::Absent);
        assert_eq!(trace.steps.iter().map(|s| s.was_set).collect::<Vec<_>>(), vec![false, true]);
    }

    #[test]
    fn k_is_limited_by_the_family_and_sizes_are_at_least_one() {
        assert_eq!(BloomFilter::new(HashFamily::Ullman, 11, 9).k(), 2);
        let f = BloomFilter::new(HashFamily::Xxh3, 0, 0);
        assert_eq!((f.m(), f.k()), (1, 1));
    }

    #[test]
    fn bulk_kernels_agree_with_the_item_by_item_paths() {
        let item = |kind, seed, i| {
            let mut s = String::new();
            bloomlab_kernels::generate::write_item(kind, seed, i, &mut s);
            s
        };
        for family in HashFamily::TEXT {
            for kind in ItemKind::ALL {
                let mut one = BloomFilter::new(family, 50_021, 7);
                let mut bulk = BloomFilter::new(family, 50_021, 7);
                let texts: Vec<String> = (0..3000).map(|i| item(kind, 5, i)).collect();
                texts.iter().for_each(|s| assert!(one.insert_bytes(s.as_bytes())));
                assert!(bulk.insert_generated(kind, 5, 0..1000) && bulk.insert_generated(kind, 5, 1000..3000));
                assert_eq!(one, bulk, "{family:?} {kind:?}");
                let mut all = BloomFilter::new(family, 50_021, 7);
                assert!(all.insert_all(&texts));
                assert_eq!(all, one);
                let want = (3000..20_000).filter(|&i| one.contains_bytes(item(kind, 5, i).as_bytes())).count() as u64;
                assert_eq!(bulk.count_generated_hits(kind, 5, 3000..20_000), want);
                assert_eq!(bulk.count_generated_hits(kind, 5, 0..3000), 3000);
            }
        }
    }

    #[test]
    fn fast_and_traced_paths_agree() {
        for family in [HashFamily::Xxh3, HashFamily::Double] {
            let mut a = BloomFilter::new(family, 997, 5);
            let mut b = BloomFilter::new(family, 997, 5);
            for i in 0..200 {
                let s = format!("item-{i}");
                a.insert(&s).unwrap();
                assert!(b.insert_bytes(s.as_bytes()));
            }
            assert_eq!(a.bits(), b.bits());
            for i in 0..400 {
                let s = format!("item-{i}");
                assert_eq!(a.lookup(&s).unwrap().1 == Verdict::Maybe, b.contains_bytes(s.as_bytes()));
            }
        }
        let mut u = BloomFilter::new(HashFamily::Ullman, 11, 2);
        assert!(!u.insert_generated(ItemKind::Words, 0, 0..10));
        assert!(!u.insert_all(&["apple".to_string()]));
        assert_eq!(u.count_generated_hits(ItemKind::Words, 0, 0..10), 0);
        assert!(!u.insert_bytes(b"apple"));
        assert!(u.insert("apple").is_err());
        assert_eq!(u.bits().count_ones(), 0);
    }
}
