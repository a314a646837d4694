//! A merge sort of item indices that runs in slices, so loading a sorted array of a million
//! URLs never stops the page for long: runs of `RUN` items are sorted one at a time, then pairs
//! of runs are merged, each merge resumable where the last slice stopped.

/// Items sorted at once before merging.
pub const RUN: usize = 16_384;

pub struct Sorter {
    src: Vec<u32>,
    dst: Vec<u32>,
    /// Sorted runs so far have this width; `RUN` after the first pass.
    width: usize,
    /// Next run to sort in the first pass, or the start of the merge in progress.
    lo: usize,
    /// Positions inside the merge in progress: left, right, output.
    i: usize,
    j: usize,
    k: usize,
    sorted_runs: bool,
}

impl Sorter {
    pub fn new(len: usize) -> Sorter {
        Sorter::with_room(len, len)
    }

    /// A sorter of `len` elements whose order has room for `room` (the sorted array's inserts to
    /// come), so it becomes the array without being copied.
    pub fn with_room(len: usize, room: usize) -> Sorter {
        let buffer = || {
            let mut v = Vec::with_capacity(room.max(len));
            v.extend(0..len as u32);
            v
        };
        Sorter { src: buffer(), dst: buffer(), width: RUN, lo: 0, i: 0, j: 0, k: 0, sorted_runs: false }
    }

    pub fn is_done(&self) -> bool {
        self.sorted_runs && self.width >= self.src.len()
    }

    /// Items sorted.
    pub fn len(&self) -> usize {
        self.src.len()
    }

    pub fn is_empty(&self) -> bool {
        self.src.is_empty()
    }

    /// The sorted order (once done), the merge's second buffer let go.
    pub fn into_order(self) -> Vec<u32> {
        self.src
    }

    /// Bytes held: the order and the merge's second buffer.
    pub fn bytes(&self) -> u64 {
        ((self.src.capacity() + self.dst.capacity()) * std::mem::size_of::<u32>()) as u64
    }

    /// Sorts or merges about `budget` elements by `key(i)`, the key of element i; returns the
    /// elements handled.
    pub fn work<'k, T: Ord + ?Sized + 'k>(&mut self, key: impl Fn(u32) -> &'k T, budget: usize) -> usize {
        let n = self.src.len();
        let mut done = 0;
        while done < budget.max(1) && !self.is_done() {
            if !self.sorted_runs {
                let hi = (self.lo + RUN).min(n);
                self.src[self.lo..hi].sort_unstable_by(|&a, &b| key(a).cmp(key(b)));
                done += hi - self.lo;
                self.lo = hi;
                if self.lo >= n {
                    self.sorted_runs = true;
                    self.start_pass();
                }
                continue;
            }
            let mid = (self.lo + self.width).min(n);
            let hi = (self.lo + 2 * self.width).min(n);
            while self.k < hi && done < budget.max(1) {
                let take_left = self.j >= hi || (self.i < mid && key(self.src[self.i]) <= key(self.src[self.j]));
                if take_left {
                    self.dst[self.k] = self.src[self.i];
                    self.i += 1;
                } else {
                    self.dst[self.k] = self.src[self.j];
                    self.j += 1;
                }
                self.k += 1;
                done += 1;
            }
            if self.k >= hi {
                self.lo = hi;
                if self.lo >= n {
                    std::mem::swap(&mut self.src, &mut self.dst);
                    self.width *= 2;
                    self.start_pass();
                } else {
                    self.start_merge();
                }
            }
        }
        done
    }

    fn start_pass(&mut self) {
        self.lo = 0;
        self.start_merge();
    }

    fn start_merge(&mut self) {
        self.i = self.lo;
        self.j = (self.lo + self.width).min(self.src.len());
        self.k = self.lo;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]
        #[test]
        fn sorts_like_sort(keys in proptest::collection::vec(any::<u16>(), 0..70_000), budget in 1usize..50_000) {
            let mut s = Sorter::new(keys.len());
            while !s.is_done() {
                s.work(|i| &keys[i as usize], budget);
            }
            let got: Vec<u16> = s.into_order().iter().map(|&i| keys[i as usize]).collect();
            let mut want = keys.clone();
            want.sort();
            prop_assert_eq!(got, want);
        }
    }
}
