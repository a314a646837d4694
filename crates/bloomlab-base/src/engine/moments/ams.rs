//! The Alon–Matias–Szegedy variables: each picks a position, remembers the element there and
//! counts its occurrences from there on; X = n(v^k − (v − 1)^k) is an unbiased estimate of the
//! k-th moment.

use super::stream::{ams_value, TokenStream};

/// One variable as the walkthrough shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmsVariable {
    /// 1-based position it started at.
    pub position: usize,
    pub element: String,
    /// Occurrences counted so far (0 before the stream reaches `position`).
    pub count: u64,
    /// t(count^k − (count − 1)^k), with t the number of elements seen so far.
    pub value: u128,
    /// t, the length of the stream so far (the n of the slides once the stream has ended).
    pub length: u64,
}

impl AmsVariable {
    /// The variable's value as true arithmetic for order `k`: "t·(2·v − 1) = X" for k = 2,
    /// "t·(v^k − (v − 1)^k) = X" otherwise, with every number filled in; "—" before it starts.
    pub fn arithmetic(&self, k: u32) -> String {
        let (t, v, x) = (self.length, self.count, self.value);
        match (v, k) {
            (0, _) => "—".to_string(),
            (_, 1) => format!("{t}·({v} − {}) = {x}", v - 1),
            (_, 2) => format!("{t}·(2·{v} − 1) = {x}"),
            _ => format!("{t}·({v}^{k} − {}^{k}) = {x}", v - 1),
        }
    }
}

/// The variables started at `positions` after the first `seen` elements have arrived.
pub fn variables(stream: &TokenStream, positions: &[usize], seen: usize, k: u32) -> Vec<AmsVariable> {
    // X estimates the moment of the stream so far: n is the length so far, not the final one.
    let n = seen.min(stream.len()) as u64;
    positions
        .iter()
        .filter(|&&p| p >= 1 && p <= stream.len())
        .map(|&p| {
            let count = stream.count_from_until(p, seen);
            AmsVariable {
                position: p,
                element: if p <= seen { stream.tokens[p - 1].clone() } else { String::new() },
                count,
                value: ams_value(n, count, k),
                length: n,
            }
        })
        .collect()
}

/// One variable for every start position 1 ..= n, at the end of the stream.
pub fn every_position(stream: &TokenStream, k: u32) -> Vec<AmsVariable> {
    let all: Vec<usize> = (1..=stream.len()).collect();
    variables(stream, &all, stream.len(), k)
}

/// The mean of the variables' values that have started, as an exact fraction (sum, count).
pub fn mean(vars: &[AmsVariable]) -> Option<(u128, u64)> {
    let started: Vec<&AmsVariable> = vars.iter().filter(|v| v.count > 0).collect();
    if started.is_empty() {
        return None;
    }
    Some((started.iter().fold(0u128, |a, v| a.saturating_add(v.value)), started.len() as u64))
}

/// A fraction as a plain decimal for hooks and text (whole numbers without a point).
pub fn fraction_value((sum, count): (u128, u64)) -> f64 {
    sum as f64 / count.max(1) as f64
}

/// Why averaging over every start position gives the moment exactly: the variables started at
/// the occurrences of value a count m_a, m_a − 1, …, 1, and their terms v^k − (v − 1)^k add up
/// to m_a^k.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueSum {
    pub value: String,
    pub m: u64,
    /// v^k − (v − 1)^k for v = 1 ..= m (the slide writes 1 + 3 + … + (2m − 1) for k = 2).
    pub terms: Vec<u128>,
    pub sum: u128,
}

pub fn value_sums(stream: &TokenStream, k: u32) -> Vec<ValueSum> {
    stream
        .values
        .iter()
        .zip(&stream.counts)
        .map(|(value, &m)| {
            let terms: Vec<u128> = (1..=m).map(|v| ams_value(1, v, k)).collect();
            let sum = terms.iter().fold(0u128, |a, t| a.saturating_add(*t));
            ValueSum { value: value.clone(), m, terms, sum }
        })
        .collect()
}
