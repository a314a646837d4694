//! `mlbf-xor`: the multi-layer filter's XOR layer by hand. A URL's positions in each layer are
//! given (from the multi-layer view's own filter); for each hash j the student writes the XOR
//! layer's bit, (p1j XOR p2j XOR … XOR pLj) mod m.

use crate::data::url_dataset::url_segments;
use crate::data::url_layers::layer_keys_of;
use crate::engine::hashing::HashFamily;
use crate::engine::mlbf::{binary_width, MultiLayerFilter, XorStep};
use crate::labs::practice::drill::Drill;
use crate::labs::practice::problem::json_string;
use crate::labs::practice::step::{Answer, DrillStep, Form, Mistake, Words, Wrong};

pub const NO_MOD: Mistake = Mistake { id: "xor-no-mod", name: "Forgot mod m" };
pub const OR: Mistake = Mistake { id: "or-for-xor", name: "OR taken for XOR" };
pub const LAYER_LEFT_OUT: Mistake = Mistake { id: "layer-left-out", name: "A layer left out" };
pub const SUM: Mistake = Mistake { id: "sum-for-xor", name: "The sum taken for XOR" };
// The catalogue: each mistake above and what it gets wrong (`catalogue!`).
crate::labs::practice::exercises::catalogue! {
    (NO_MOD, "the XOR of the positions can reach past m − 1 when m is not a power of two; the XOR layer's bit is its remainder mod m."),
    (OR, "a binary digit of OR is 1 where any of the positions has a 1; a digit of XOR is 1 where an odd number of them do."),
    (LAYER_LEFT_OUT, "the XOR layer's bit combines the j-th position of every layer: all of them, not all but one."),
    (SUM, "XOR works digit by digit without carries: add the digits of each column and keep only whether the total is odd."),
}

/// A multi-layer problem: m bits per layer, the URL and its trace (the layers' positions and
/// the XOR layer's bits, as the multi-layer view computes them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XorProblem {
    pub m: u64,
    pub url: String,
    pub layers: Vec<Vec<u64>>,
    pub xor: Vec<XorStep>,
}

impl Drill for XorProblem {
    const MISTAKES: &'static [Mistake] = MISTAKES;
    const WHY: &'static [&'static str] = WHY;

    /// m = 24, 40 or 100 bits (not powers of two, so mod m can matter), k = 2 or 3, L = 3 or 4;
    /// a URL one of whose XORs reaches m or more, when one of 40 draws has one.
    fn draw(level: u64, rng: &mut fastrand::Rng) -> XorProblem {
        let (m, k, layers) = match level {
            1 => (24, 2, 3),
            2 => (40, 3, 3),
            _ => (100, 3, 4),
        };
        let mut seg = Vec::new();
        let mut last = None;
        for _ in 0..40 {
            url_segments(rng.u64(..), 0, rng.u64(..1000), &mut seg);
            let mut f = MultiLayerFilter::new(HashFamily::Xxh3, m, k, layers);
            let t = f.insert(&layer_keys_of(&seg, layers));
            let p = XorProblem {
                m,
                url: seg.join("/"),
                layers: t.layers.iter().map(|l| l.steps.iter().map(|s| s.position).collect()).collect(),
                xor: t.xor,
            };
            if p.xor.iter().any(|x| x.xor >= m) {
                return p;
            }
            last = Some(p);
        }
        last.expect("40 draws")
    }

    fn steps(&self) -> usize {
        self.xor.len()
    }

    /// The XOR layer's bit for hash `j`.
    fn step_as<W: Words>(&self, j: usize, _prior: &[Answer], w: W) -> DrillStep {
        let x = &self.xor[j.min(self.xor.len() - 1)];
        let m = self.m;
        let fold = |parts: &[u64], f: fn(u64, u64) -> u64| parts.iter().copied().reduce(f).unwrap_or(0);
        let mut wrongs = vec![
            Wrong { answer: Answer::Whole(x.xor), mistake: NO_MOD },
            Wrong { answer: Answer::Whole(fold(&x.parts, |a, b| a | b) % m), mistake: OR },
            Wrong { answer: Answer::Whole(x.parts.iter().sum::<u64>() % m), mistake: SUM },
        ];
        for left in 0..x.parts.len() {
            let rest: Vec<u64> = x.parts.iter().enumerate().filter(|&(i, _)| i != left).map(|(_, &p)| p).collect();
            wrongs.push(Wrong { answer: Answer::Whole(fold(&rest, |a, b| a ^ b) % m), mistake: LAYER_LEFT_OUT });
        }
        let parts = || x.parts.iter().map(u64::to_string).collect::<Vec<String>>();
        let worked = || {
            let width = binary_width(m).max(binary_width(x.xor + 1));
            let binary: Vec<String> = x.parts.iter().map(|p| format!("{p:0width$b}")).collect();
            format!(
                "{} = {}, XOR digit by digit: {:0width$b} = {}; {} mod {m} = {}.",
                parts().join(" ⊕ "),
                binary.join(" ⊕ "),
                x.xor,
                x.xor,
                x.xor,
                x.position
            )
        };
        DrillStep::new(
            w.say(|| {
                format!(
                    "Hash h{j}: the layers' positions are {}. Which bit of the XOR layer does it set?",
                    parts().join(", ")
                )
            }),
            Form::Whole { field: "bit" },
            Answer::Whole(x.position),
            w.say(worked),
            wrongs,
        )
    }

    fn json(&self) -> String {
        let layers: Vec<String> = self
            .layers
            .iter()
            .map(|l| format!("[{}]", l.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")))
            .collect();
        format!(
            "{{\"m\": {}, \"k\": {}, \"layers\": {}, \"url\": {}, \"positions\": [{}]}}",
            self.m,
            self.xor.len(),
            self.layers.len(),
            json_string(&self.url),
            layers.join(", ")
        )
    }

    fn statement(&self) -> String {
        let layers: Vec<String> = self
            .layers
            .iter()
            .enumerate()
            .map(|(i, l)| format!("layer {}: {}", i + 1, l.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")))
            .collect();
        format!(
            "The URL {} goes into a multi-layer filter of {} layers of m = {} bits, k = {} hashes each. Its positions, hash h0 first: {}.",
            self.url,
            self.layers.len(),
            self.m,
            self.xor.len(),
            layers.join("; ")
        )
    }
}
