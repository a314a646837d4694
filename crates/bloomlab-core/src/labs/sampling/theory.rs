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

/// The stream's fraction x = d/(s + d) of repeated queries recovered from a sample by position
/// at rate r, in this model (every query asked once or twice): the sample's fraction is
/// f = d·r / (s + d(2 − r)) = r·x / (1 + x(1 − r)), so x = f / (r − f(1 − r)). Takes the sample's
/// counts of queries seen once and more than once; None when r is 0, the sample is empty, or f
/// is more than the model allows.
pub fn corrected_repeated(once: u64, twice: u64, r: f64) -> Option<f64> {
    if r <= 0.0 || once + twice == 0 {
        return None;
    }
    let f = twice as f64 / (once + twice) as f64;
    let denominator = r - f * (1.0 - r);
    (denominator > 0.0).then(|| (f / denominator).min(1.0))
}

/// How a rate is said: "about 1 in 10" for small rates, the percentage from one half up (where
/// "1 in 1.4" says little).
pub fn rate_words(r: f64) -> String {
    if r >= 0.5 {
        format!("{} of the stream", crate::text::trim_float(100.0 * r, 2) + " %")
    } else if r > 0.0 {
        format!("about 1 in {} of the stream", crate::text::trim_float(1.0 / r, 1))
    } else {
        "nothing of the stream".to_string()
    }
}

/// The standard error of the repeated fraction of a sample by key holding `kept` of the
/// `population` distinct queries, a fraction `p` of which repeat: keys are kept or not as a
/// whole, so this is a proportion over `kept` keys drawn from a finite population,
/// √(p(1 − p)/kept · (population − kept)/(population − 1)). 0 for an empty sample or the whole
/// population.
pub fn key_fraction_error(p: f64, kept: u64, population: u64) -> f64 {
    if kept == 0 || population <= 1 || kept >= population {
        return 0.0;
    }
    let fpc = (population - kept) as f64 / (population - 1) as f64;
    (p * (1.0 - p) / kept as f64 * fpc).sqrt()
}
