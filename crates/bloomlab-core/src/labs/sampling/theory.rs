//! Sampling a stream by position, in numbers: s queries occur once and d twice; each position is
//! kept with probability r. What the sample reports against what the stream holds.

/// The chances for a query that occurs twice: (twice, once, never) = (r², 2r(1 − r), (1 − r)²).
pub fn doubled(r: f64) -> (f64, f64, f64) {
    (r * r, 2.0 * r * (1.0 - r), (1.0 - r) * (1.0 - r))
}

/// The fraction of the sample's distinct queries that appear twice in it: d·r / (s + d(2 − r)).
pub fn repeated_in_sample(s: u64, d: u64, r: f64) -> f64 {
    let (s, d) = (s as f64, d as f64);
    if s + d == 0.0 {
        return 0.0;
    }
    d * r / (s + d * (2.0 - r))
}

/// The fraction that appear once: (s + 2d(1 − r)) / (s + d(2 − r)).
pub fn unique_in_sample(s: u64, d: u64, r: f64) -> f64 {
    let (s, d) = (s as f64, d as f64);
    if s + d == 0.0 {
        return 0.0;
    }
    (s + 2.0 * d * (1.0 - r)) / (s + d * (2.0 - r))
}

/// The stream's own fraction of repeated queries: d / (s + d).
pub fn repeated_in_stream(s: u64, d: u64) -> f64 {
    if s + d == 0 {
        0.0
    } else {
        d as f64 / (s + d) as f64
    }
}
