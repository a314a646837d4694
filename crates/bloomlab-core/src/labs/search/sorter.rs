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
        Sorter {
            src: (0..len as u32).collect(),
            dst: vec![0; len],
            width: RUN,
            lo: 0,
            i: 0,
            j: 0,
            k: 0,
            sorted_runs: false,
        }
    }

    pub fn is_done(&self) -> bool {
        self.sorted_runs && self.width >= self.src.len()
    }

    /// The sorted order (once done).
    pub fn order(&self) -> &[u32] {
        &self.src
    }

    /// Sorts or merges about `budget` elements of `keys`; returns the elements handled.
    pub fn work<T: Ord>(&mut self, keys: &[T], budget: usize) -> usize {
        let n = self.src.len();
        let mut done = 0;
        while done < budget.max(1) && !self.is_done() {
            if !self.sorted_runs {
                let hi = (self.lo + RUN).min(n);
                self.src[self.lo..hi].sort_unstable_by(|&a, &b| keys[a as usize].cmp(&keys[b as usize]));
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
                let take_left = self.j >= hi
                    || (self.i < mid && keys[self.src[self.i] as usize] <= keys[self.src[self.j] as usize]);
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
                s.work(&keys, budget);
            }
            let got: Vec<u16> = s.order().iter().map(|&i| keys[i as usize]).collect();
            let mut want = keys.clone();
            want.sort();
            prop_assert_eq!(got, want);
        }
    }
}
