//! The FP lab's link round trip: every parameter read (with notices) and written back.

use super::*;
use crate::engine::formulas::Formula;
use crate::engine::hashing::HashFamily;
use crate::labs::fp::experiment::MAX_TRIALS;
use crate::link::notice::Notice;
use crate::link::params::{read_choice, read_u64};
use crate::link::params::{read_family, HASH_TEXT};
use crate::link::query::{self, Query};
use crate::text::{group_digits, shorten};

fn decoded(q: &Query, key: &str, notices: &mut Vec<Notice>) -> Option<String> {
    match q.get(key)? {
        Ok(v) if v.trim().is_empty() => None,
        Ok(v) => Some(v.trim().to_string()),
        Err(e) => {
            notices.push(Notice::param(key, format!("{key} {e}; using the default")));
            None
        }
    }
}

/// A parameter read with `parse`; when it fails, the notice `why(text, error)` and `None`.
fn parsed<T, E>(
    q: &Query,
    key: &str,
    notices: &mut Vec<Notice>,
    parse: impl Fn(&str) -> Result<T, E>,
    why: impl Fn(&str, E) -> String,
) -> Option<T> {
    let text = decoded(q, key, notices)?;
    parse(&text).map_err(|e| notices.push(Notice::param(key, why(&shorten(&text, 30), e)))).ok()
}

/// `formulas`: a list of formula names (an empty list shows none).
fn read_formulas(q: &Query, notices: &mut Vec<Notice>) -> Option<Vec<Formula>> {
    let raw = q.raw("formulas")?;
    let mut chosen = Vec::new();
    for piece in query::decode_list(raw) {
        match piece {
            Ok(name) if name.trim().is_empty() => {}
            Ok(name) => match Formula::parse(name.trim()) {
                Some(f) => chosen.push(f),
                None => notices.push(Notice::param(
                    "formulas",
                    format!(
                        "\u{201c}{}\u{201d} is not a formula (approx, finite, exact, skiena, partitioned, mlbf); left out",
                        shorten(&name, 30)
                    ),
                )),
            },
            Err(e) => notices.push(Notice::param("formulas", format!("a formula name {e}; left out"))),
        }
    }
    Some(Formula::ALL.into_iter().filter(|f| chosen.contains(f)).collect())
}

/// `hash`: a family that hashes text; the lecture's `ullman` hashes cannot, and say so.
fn read_text_family(q: &Query, notices: &mut Vec<Notice>) -> HashFamily {
    if let Some(Ok(v)) = q.get("hash") {
        if HashFamily::parse(v.trim()) == Some(HashFamily::Ullman) {
            notices.push(Notice::param(
                "hash",
                "the ullman hashes read whole numbers only and cannot hash the generated keys; measuring with xxh3",
            ));
            return HashFamily::Xxh3;
        }
    }
    read_family(q, &HASH_TEXT, notices)
}

impl FpLab {
    /// Reads the view's parameters: `m`, `n`, `k`, `x`, `log`, `formulas`, `layers`, `hash`,
    /// `seed`, `trials`, `p`.
    pub fn from_query(q: &Query) -> FpLab {
        let mut notices = Vec::new();
        let mut s = FpSettings::default();
        let size = |t: &str, e| format!("m = \u{201c}{t}\u{201d} {e}; using {} bits", group_digits(DEFAULT_M));
        if let Some(m) = parsed(q, "m", &mut notices, calculator::parse_size, size) {
            s.m = m;
        }
        let count = |t: &str, e| format!("n = \u{201c}{t}\u{201d} {e}; using n = {DEFAULT_N}");
        match parsed(q, "n", &mut notices, calculator::parse_count, count) {
            Some(0) => notices
                .push(Notice::param("n", format!("n = 0: a filter needs at least one item; using n = {DEFAULT_N}"))),
            Some(n) => s.n = n,
            None => {}
        }
        s.k = read_u64(q.raw("k"), "k", 1, MAX_K as u64, DEFAULT_K as u64, &mut notices) as u32;
        if s.m < s.k as u64 {
            notices.push(Notice::param(
                "m",
                format!("m = {} bits is fewer than the k = {} hash functions; using m = {}", s.m, s.k, s.k),
            ));
            s.m = s.k as u64;
        }
        let axis = |t: &str, _| format!("x = \u{201c}{t}\u{201d} is not n, k or bpi; plotting against k");
        if let Some(a) = parsed(q, "x", &mut notices, |t| Axis::parse(t).ok_or(()), axis) {
            s.axis = a;
        }
        let flag = |t: &str| match t {
            "1" | "true" => Some(true),
            "0" | "false" => Some(false),
            _ => None,
        };
        s.log_y = read_choice(q, "log", flag, false, "0 or 1", "a linear scale", &mut notices);
        if let Some(formulas) = read_formulas(q, &mut notices) {
            s.formulas = formulas;
        }
        s.layers =
            read_u64(q.raw("layers"), "layers", 1, MAX_LAYERS as u64, DEFAULT_LAYERS as u64, &mut notices) as u32;
        s.family = read_text_family(q, &mut notices);
        s.seed = read_u64(q.raw("seed"), "seed", 0, u64::MAX, DEFAULT_SEED, &mut notices);
        s.trials = read_u64(q.raw("trials"), "trials", 1, MAX_TRIALS, DEFAULT_TRIALS, &mut notices);
        let rate = |t: &str, e| format!("p = \u{201c}{t}\u{201d} {e}; sizing from m instead");
        let text = decoded(q, "p", &mut Vec::new()).unwrap_or_default();
        s.p = parsed(q, "p", &mut notices, calculator::parse_probability, rate).map(|p| (text, p));
        // A link with n and p but no m sizes the plotted filter with the calculator (on a log
        // scale unless the link says otherwise: target rates are usually small).
        if let (Some((_, p)), None) = (&s.p, q.raw("m")) {
            if q.raw("log").is_none() {
                s.log_y = true;
            }
            if let Some(sizing) = calculator::size_for(s.n, *p) {
                s.m = sizing.m;
                if q.raw("k").is_none() {
                    s.k = sizing.k.clamp(1, MAX_K);
                }
            }
        }
        let mut lab = FpLab::new(s);
        lab.notices = notices;
        lab
    }

    /// The parameters that reproduce this state (defaults left out, except m, n, k and x).
    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let s = &self.s;
        let mut pairs = vec![
            ("m", s.m.to_string()),
            ("n", s.n.to_string()),
            ("k", s.k.to_string()),
            ("x", s.axis.name().to_string()),
        ];
        if s.log_y {
            pairs.push(("log", "1".into()));
        }
        if s.formulas != DEFAULT_FORMULAS {
            let names: Vec<&str> = s.formulas.iter().map(|f| f.name()).collect();
            // An empty list is written as "none" is not a formula: use a lone comma.
            pairs.push(("formulas", if names.is_empty() { ",".into() } else { names.join(",") }));
        }
        if s.layers != DEFAULT_LAYERS {
            pairs.push(("layers", s.layers.to_string()));
        }
        if s.family != HashFamily::Xxh3 {
            pairs.push(("hash", s.family.name().into()));
        }
        if s.seed != DEFAULT_SEED {
            pairs.push(("seed", s.seed.to_string()));
        }
        if s.trials != DEFAULT_TRIALS {
            pairs.push(("trials", s.trials.to_string()));
        }
        if let Some((text, _)) = &s.p {
            pairs.push(("p", query::encode(text)));
        }
        pairs
    }
}

impl crate::link::state::LinkState for FpLab {
    fn read(q: &Query) -> (FpLab, Vec<Notice>) {
        let lab = FpLab::from_query(q);
        let notices = lab.notices().to_vec();
        (lab, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        FpLab::query_pairs(self)
    }
}
