//! A stream of tokens, its value counts and its exact frequency moments.

/// A stream as the walkthrough shows it: tokens in arrival order, and each distinct value with
/// the number of times it occurs, in order of first appearance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenStream {
    pub tokens: Vec<String>,
    /// Index of each token's value in `values`.
    pub ids: Vec<usize>,
    pub values: Vec<String>,
    /// m_a for each value a, same order as `values`.
    pub counts: Vec<u64>,
}

impl TokenStream {
    pub fn new(tokens: Vec<String>) -> TokenStream {
        let mut values: Vec<String> = Vec::new();
        let mut counts: Vec<u64> = Vec::new();
        let mut ids = Vec::with_capacity(tokens.len());
        for t in &tokens {
            let id = match values.iter().position(|v| v == t) {
                Some(i) => i,
                None => {
                    values.push(t.clone());
                    counts.push(0);
                    values.len() - 1
                }
            };
            counts[id] += 1;
            ids.push(id);
        }
        TokenStream { tokens, ids, values, counts }
    }

    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    /// Occurrences of the element at 1-based `position` from that position on, itself included,
    /// when the first `seen` elements have arrived (0 before `position`): what an AMS variable
    /// started there has counted by then.
    pub fn count_from_until(&self, position: usize, seen: usize) -> u64 {
        if position == 0 || position > seen.min(self.len()) {
            return 0;
        }
        let id = self.ids[position - 1];
        self.ids[position - 1..seen.min(self.len())].iter().filter(|&&i| i == id).count() as u64
    }

    /// The exact k-th moment, the sum over values of m_a^k.
    pub fn moment(&self, k: u32) -> u128 {
        moment_of_counts(&self.counts, k)
    }

    /// The exact k-th moment of the first `seen` elements (the whole stream from its length on).
    pub fn prefix_moment(&self, seen: usize, k: u32) -> u128 {
        let mut counts = vec![0u64; self.values.len()];
        for &id in &self.ids[..seen.min(self.len())] {
            counts[id] += 1;
        }
        moment_of_counts(&counts, k)
    }
}

/// The k-th moment of a list of counts: the sum of m^k over the counts that are not 0 (so the 0th
/// moment is the number of distinct values, the 1st the length of the stream). Saturates rather
/// than overflowing.
pub fn moment_of_counts(counts: &[u64], k: u32) -> u128 {
    counts
        .iter()
        .filter(|&&c| c > 0)
        .fold(0u128, |acc, &c| acc.saturating_add((c as u128).checked_pow(k).unwrap_or(u128::MAX)))
}

/// The AMS variable's value for the k-th moment: n(v^k − (v − 1)^k), with v the count it kept
/// (0 when it has not started).
pub fn ams_value(n: u64, v: u64, k: u32) -> u128 {
    if v == 0 {
        return 0;
    }
    let (v, n) = (v as u128, n as u128);
    let hi = v.checked_pow(k).unwrap_or(u128::MAX);
    let lo = (v - 1).checked_pow(k).unwrap_or(u128::MAX);
    n.saturating_mul(hi.saturating_sub(lo))
}
