//! Counting the 1s among the last N bits of a stream with O(log² N) bits of memory: the
//! Datar–Gionis–Indyk–Motwani buckets, as in MMDS section 4.6.
//!
//! Bits arrive at times 1, 2, 3 … (t is the number of bits that have arrived). A bucket holds a
//! run of the stream with 2^j ones in it (its size); it remembers only its size and the time of
//! its most recent 1 (its timestamp). At each arrival, in this order:
//! 1. the oldest bucket leaves when its timestamp is ≤ t − N (none of its ones is in the window);
//! 2. a 1 makes a new bucket of size 1 with timestamp t;
//! 3. when r + 1 buckets share a size, the two oldest of them merge into one of twice the size
//!    with the newer one's timestamp; this may give r + 1 buckets of the next size, and so on.
//!
//! Dropping before merging matters: a bucket already out of the window must not merge into one
//! still in it. The estimate of the 1s in the window adds every bucket's size but the oldest's,
//! and half the oldest's (MMDS 4.6.4).
//!
//! How wrong can that be? Say the oldest bucket has size 2^j and the others add up to S. The
//! window holds S + c ones, c the oldest's ones still inside, 1 ≤ c ≤ 2^j; the estimate is
//! S + 2^j / 2. After every arrival each size below the largest has r − 1 or r buckets (a merge
//! leaves r − 1; only the oldest, largest bucket ever leaves), so S ≥ (r − 1)(2^j − 1). Hence
//! (`worst_relative_error`):
//! - j = 0: every bucket has size 1 and the window holds b ≥ 1 ones, estimated b − ½: off by
//!   1/(2b), which is ½ when the window holds a single 1, whatever r is;
//! - j ≥ 1, over-estimate (c = 1): (2^(j−1) − 1) / ((r − 1)(2^j − 1) + 1), growing with j
//!   towards 1/(2(r − 1)) without reaching it;
//! - j ≥ 1, under-estimate (c = 2^j): 2^(j−1) / ((r − 1)(2^j − 1) + 2^j), largest at j = 1,
//!   where it is 1/(r + 1).
//!
//! So the error is at most 50 % for every r, reached only by a window holding one 1 (estimated
//! ½); once the oldest bucket has size 2 or more it stays below 50 % for r = 2 and is at most
//! max(1/(r + 1), 1/(2(r − 1))) in general (`bound_past_size_one`). The issue, after MMDS
//! 4.6.6, gives 1/(r − 1) for r > 2 (`book_bound`): true once the oldest bucket has size 2 or
//! more, though twice what the over-estimate case can reach; but a window holding a single 1 is
//! off by 50 %, more than 1/(r − 1) for r ≥ 4.

use std::collections::VecDeque;

/// The fewest buckets of each size allowed: with r = 1 a merge leaves no bucket of the size, and
/// the error has no bound.
pub const MIN_R: u32 = 2;

/// One bucket: its size 2^j and the time of its most recent 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bucket {
    pub size: u64,
    pub timestamp: u64,
}

/// Two buckets merged at one arrival, and the bucket they made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Merge {
    pub older: Bucket,
    pub newer: Bucket,
    pub into: Bucket,
}

/// One arrival and what it did, in order: the buckets that left, the new bucket, the merges.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Arrival {
    pub t: u64,
    pub bit: bool,
    pub dropped: Vec<Bucket>,
    pub created: Option<Bucket>,
    pub merges: Vec<Merge>,
}

/// The buckets of a window of N bits with at most r buckets of each size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dgim {
    window: u64,
    r: u32,
    t: u64,
    /// Newest first.
    buckets: VecDeque<Bucket>,
    /// The sizes of all buckets added up.
    sum: u64,
}

impl Dgim {
    /// No bits yet, for a window of `window` bits (at least 1) and `r` buckets of a size (at
    /// least `MIN_R`).
    pub fn new(window: u64, r: u32) -> Dgim {
        Dgim { window: window.max(1), r: r.max(MIN_R), t: 0, buckets: VecDeque::new(), sum: 0 }
    }

    /// The buckets `buckets` (newest first) at time `t`: buckets written down elsewhere (by a
    /// student), to go on from.
    pub fn resume(window: u64, r: u32, t: u64, buckets: &[Bucket]) -> Dgim {
        let mut g = Dgim::new(window, r);
        g.t = t;
        g.buckets = buckets.iter().copied().collect();
        g.sum = buckets.iter().fold(0u64, |s, b| s.saturating_add(b.size));
        g
    }

    pub fn window(&self) -> u64 {
        self.window
    }
    pub fn r(&self) -> u32 {
        self.r
    }
    /// Bits arrived so far.
    pub fn t(&self) -> u64 {
        self.t
    }
    /// The buckets, newest first.
    pub fn buckets(&self) -> impl Iterator<Item = &Bucket> + '_ {
        self.buckets.iter()
    }
    pub fn len(&self) -> usize {
        self.buckets.len()
    }
    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }
    /// The oldest bucket, if any.
    pub fn oldest(&self) -> Option<Bucket> {
        self.buckets.back().copied()
    }

    /// The estimate of the 1s among the last N bits: all sizes but the oldest's, plus half of it.
    pub fn estimate(&self) -> f64 {
        let half = self.oldest().map_or(0.0, |b| b.size as f64 / 2.0);
        self.sum.saturating_sub(self.oldest().map_or(0, |b| b.size)) as f64 + half
    }

    /// What the buckets know for sure: the window holds between S + 1 and S + 2^j ones (S the
    /// sizes of all but the oldest, 2^j the oldest's size); (0, 0) without buckets.
    pub fn range(&self) -> (u64, u64) {
        match self.oldest() {
            None => (0, 0),
            Some(b) => (self.sum.saturating_sub(b.size).saturating_add(1), self.sum),
        }
    }

    /// The memory the buckets take now, in bits (see `bucket_bits`).
    pub fn memory_bits(&self) -> u64 {
        self.buckets.len() as u64 * bucket_bits(self.window)
    }

    /// One arrival, without a record.
    pub fn push(&mut self, bit: bool) {
        self.arrive(bit, None);
    }

    /// One arrival, with what it did.
    pub fn step(&mut self, bit: bool) -> Arrival {
        let mut record = Arrival::default();
        self.arrive(bit, Some(&mut record));
        record
    }

    fn arrive(&mut self, bit: bool, mut record: Option<&mut Arrival>) {
        self.t = self.t.saturating_add(1);
        let edge = self.t.saturating_sub(self.window);
        while let Some(old) = self.buckets.back().copied().filter(|b| b.timestamp <= edge) {
            self.buckets.pop_back();
            self.sum = self.sum.saturating_sub(old.size);
            if let Some(r) = record.as_deref_mut() {
                r.dropped.push(old);
            }
        }
        if let Some(r) = record.as_deref_mut() {
            r.t = self.t;
            r.bit = bit;
        }
        if !bit {
            return;
        }
        let new = Bucket { size: 1, timestamp: self.t };
        self.buckets.push_front(new);
        self.sum += 1;
        if let Some(r) = record.as_deref_mut() {
            r.created = Some(new);
        }
        self.merge_from(0, record);
    }

    /// Merges while some size has r + 1 buckets; the run of the smallest size starts at `start`.
    fn merge_from(&mut self, mut start: usize, mut record: Option<&mut Arrival>) {
        let r = self.r as usize;
        while let Some(size) = self.buckets.get(start).map(|b| b.size) {
            let run = self.buckets.iter().skip(start).take_while(|b| b.size == size).count();
            if run <= r {
                return;
            }
            // The two oldest of the run are its last two: start + run − 2 (newer), − 1 (older).
            let at = start + run - 2;
            let (Some(newer), Some(older)) = (self.buckets.get(at).copied(), self.buckets.get(at + 1).copied()) else {
                return;
            };
            let into = Bucket { size: size.saturating_mul(2), timestamp: newer.timestamp };
            self.buckets.remove(at + 1);
            self.buckets[at] = into;
            if let Some(r) = record.as_deref_mut() {
                r.merges.push(Merge { older, newer, into });
            }
            start = at;
        }
    }
}

/// Bits to write any value 0 ..= v (at least 1).
fn bits_for(v: u64) -> u64 {
    (64 - v.leading_zeros() as u64).max(1)
}

/// ⌊log₂ N⌋: the largest exponent j a bucket's size 2^j can have. A merge of size-2^j buckets
/// needs r + 1 of them in the window, r wholly inside, so r · 2^j ≤ N and 2^(j+1) ≤ 2N/r ≤ N.
pub fn largest_exponent(window: u64) -> u64 {
    63 - window.max(1).leading_zeros() as u64
}

/// One bucket's bits: its timestamp kept modulo N (⌈log₂ N⌉ bits, at least 1) and the exponent
/// j of its size (enough bits to write 0 ..= ⌊log₂ N⌋).
pub fn bucket_bits(window: u64) -> u64 {
    bits_for(window.max(1) - 1) + bits_for(largest_exponent(window))
}

/// The most buckets there can be: r of each size 1, 2, 4 … 2^⌊log₂ N⌋.
pub fn max_buckets(window: u64, r: u32) -> u64 {
    r.max(MIN_R) as u64 * (largest_exponent(window) + 1)
}

/// The most memory the buckets can take, in bits: O(log² N), against the N bits of the window.
pub fn max_memory_bits(window: u64, r: u32) -> u64 {
    max_buckets(window, r).saturating_mul(bucket_bits(window))
}

/// An upper bound on the relative error |estimate − true| / true when the oldest bucket has size
/// 2^`j` and each smaller size has at least r − 1 buckets (see the module's notes); reached at
/// j = 0 (a single 1) and at j = 1 (the under-estimate). Sizes are 64-bit, so j past 63 is read
/// as 63.
pub fn worst_relative_error(r: u32, j: u32) -> f64 {
    if j == 0 {
        return 0.5;
    }
    let (r, x) = ((r.max(MIN_R) - 1) as f64, 2f64.powi(j.min(63) as i32));
    let over = (x / 2.0 - 1.0) / (r * (x - 1.0) + 1.0);
    let under = (x / 2.0) / (r * (x - 1.0) + x);
    over.max(under)
}

/// The least upper bound of the relative error once the oldest bucket has size 2 or more:
/// max(1/(r + 1), 1/(2(r − 1))); reached for r ≥ 3 (by the under-estimate at j = 1), only
/// approached for r = 2.
pub fn bound_past_size_one(r: u32) -> f64 {
    let r = r.max(MIN_R) as f64;
    (1.0 / (r + 1.0)).max(1.0 / (2.0 * (r - 1.0)))
}

/// The bound as the issue and MMDS state it: 1/2 for r = 2 (section 4.6.4), 1/(r − 1) for r > 2
/// (4.6.6).
pub fn book_bound(r: u32) -> f64 {
    match r.max(MIN_R) {
        2 => 0.5,
        r => 1.0 / (r - 1) as f64,
    }
}
