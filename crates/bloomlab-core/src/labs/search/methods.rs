//! The five ways to answer "have I seen this URL?" that the MLBF paper compares (their
//! structures are in `structure`), and the multi-layer filter's keys and size.

use crate::engine::mlbf::paper_bits_per_url;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    Linear,
    Binary,
    Hash,
    Bloom,
    Mlbf,
}

impl Method {
    pub const ALL: [Method; 5] = [Method::Linear, Method::Binary, Method::Hash, Method::Bloom, Method::Mlbf];

    pub fn name(self) -> &'static str {
        match self {
            Method::Linear => "linear",
            Method::Binary => "binary",
            Method::Hash => "hash",
            Method::Bloom => "bloom",
            Method::Mlbf => "mlbf",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Method::Linear => "linear search (array)",
            Method::Binary => "binary search (sorted array)",
            Method::Hash => "hash set",
            Method::Bloom => "Bloom filter",
            Method::Mlbf => "multi-layer filter",
        }
    }

    /// Whether it can answer "maybe" for something it never saw.
    pub fn approximate(self) -> bool {
        matches!(self, Method::Bloom | Method::Mlbf)
    }
}

/// An item's keys for the multi-layer filter: its first L − 1 segments (split on `/`) and the
/// rest in the last layer, "" for layers it lacks (the same keys as `url_layers::layer_keys_of`,
/// without copying).
pub fn layer_keys(item: &str, layers: usize) -> Vec<&str> {
    let mut keys = Vec::with_capacity(layers);
    let mut rest = item;
    for i in 0..layers {
        if rest.is_empty() {
            keys.push("");
        } else if i + 1 == layers {
            keys.push(rest);
            rest = "";
        } else {
            let (head, tail) = rest.split_once('/').unwrap_or((rest, ""));
            keys.push(head);
            rest = tail;
        }
    }
    keys
}

/// The bits per layer of the paper-scaled multi-layer filter for n URLs.
pub fn mlbf_m(n: u64) -> u64 {
    ((paper_bits_per_url() * n.max(1) as f64).round() as u64).max(8)
}
