//! The surprise-number widget: the counts of each value in a stream of fixed length, and its
//! 0th to 3rd moments as the counts change. Changing one count moves the others so the total
//! stays the same.

use crate::engine::moments::stream::moment_of_counts;

/// Values the widget shows at most.
pub const MAX_VALUES: usize = 40;
/// Largest stream length the widget takes.
pub const MAX_TOTAL: u64 = 100_000;

/// The slides' two streams of 100 elements over 11 values.
pub const PRESETS: [(&str, [u64; 11]); 2] = [
    ("even: 10, 9, 9, …, 9", [10, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]),
    ("lopsided: 90, 1, 1, …, 1", [90, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]),
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Surprise {
    pub counts: Vec<u64>,
}

impl Surprise {
    pub fn new(counts: Vec<u64>) -> Surprise {
        Surprise { counts }
    }

    pub fn preset(i: usize) -> Surprise {
        Surprise::new(PRESETS[i.min(PRESETS.len() - 1)].1.to_vec())
    }

    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The k-th moment (k = 0 ..= 3 on the page).
    pub fn moment(&self, k: u32) -> u128 {
        moment_of_counts(&self.counts, k)
    }

    /// The second moment: the surprise number.
    pub fn surprise(&self) -> u128 {
        self.moment(2)
    }

    /// The counts as the link writes them.
    pub fn text(&self) -> String {
        self.counts.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",")
    }

    /// Sets value `i`'s count to `v` (at most the total) and keeps the total: what `i` gains is
    /// taken from the largest of the other counts one at a time, what it loses goes to the
    /// smallest. Returns false when nothing could change.
    pub fn set_count(&mut self, i: usize, v: u64) -> bool {
        if i >= self.counts.len() || self.counts.len() < 2 {
            return false;
        }
        let total = self.total();
        let v = v.min(total);
        let old = self.counts[i];
        if v > old {
            let mut need = v - old;
            while need > 0 {
                // Level the tallest others down towards the next tallest.
                let Some((j, top)) = self.others(i).max_by_key(|&(j, c)| (c, usize::MAX - j)) else { break };
                if top == 0 {
                    break;
                }
                let next = self.others(i).filter(|&(k, _)| k != j).map(|(_, c)| c).max().unwrap_or(0);
                let take = need.min((top - next).max(1));
                self.counts[j] -= take;
                need -= take;
            }
            self.counts[i] = v - need;
        } else if v < old {
            let mut give = old - v;
            while give > 0 {
                let (j, low) = self.others(i).min_by_key(|&(j, c)| (c, j)).unwrap_or((i, 0));
                if j == i {
                    break;
                }
                let next = self.others(i).filter(|&(k, _)| k != j).map(|(_, c)| c).min().unwrap_or(u64::MAX);
                let put = give.min(next.saturating_sub(low).max(1));
                self.counts[j] += put;
                give -= put;
            }
            self.counts[i] = v + give;
        }
        self.counts[i] != old
    }

    /// Sets value `i`'s count from a form's `text` (a slider's or a field's), as `set_count`
    /// does; text that is not a whole number changes nothing (false).
    pub fn set_count_text(&mut self, i: usize, text: &str) -> bool {
        text.trim().parse::<u64>().is_ok_and(|v| self.set_count(i, v))
    }

    fn others(&self, i: usize) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.counts.iter().copied().enumerate().filter(move |&(j, _)| j != i)
    }
}
