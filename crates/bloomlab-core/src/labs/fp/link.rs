//! The FP lab's link round trip: every parameter read (with notices) and written back.

use super::*;
use crate::engine::formulas::Formula;
use crate::engine::hashing::HashFamily;
use crate::labs::fp::params::{FORMULAS, HASH, K, LAYERS, LOG, M, N, P, SEED, TRIALS, X};
use crate::link::notice::Notice;
use crate::link::params::read_family;
use crate::link::query::{self, Query};
use crate::link::state::LinkState;
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

/// A parameter read with `parse`; when it fails, the notice `key = “text” why(error)` and `None`.
fn parsed<T, E>(
    q: &Query,
    key: &str,
    notices: &mut Vec<Notice>,
    parse: impl Fn(&str) -> Result<T, E>,
    why: impl Fn(E) -> String,
) -> Option<T> {
    let text = decoded(q, key, notices)?;
    parse(&text).map_err(|e| notices.push(Notice::bad(key, &text, &why(e)))).ok()
}

/// `formulas`: a list of formula names (an empty list shows none).
fn read_formulas(q: &Query, notices: &mut Vec<Notice>) -> Option<Vec<Formula>> {
    let raw = q.raw(FORMULAS.name)?;
    let mut chosen = Vec::new();
    for piece in query::decode_list(raw) {
        match piece {
            Ok(name) if name.trim().is_empty() => {}
            Ok(name) => match Formula::parse(name.trim()) {
                Some(f) => chosen.push(f),
                None => notices.push(Notice::param(
                    FORMULAS.name,
                    format!(
                        "\u{201c}{}\u{201d} is not a formula (approx, finite, exact, skiena, partitioned, mlbf); left out",
                        shorten(&name, 30)
                    ),
                )),
            },
            Err(e) => notices.push(Notice::param(FORMULAS.name, format!("a formula name {e}; left out"))),
        }
    }
    Some(Formula::ALL.into_iter().filter(|f| chosen.contains(f)).collect())
}

/// `hash`: a family that hashes text; the lecture's `ullman` hashes cannot, and say so.
pub(super) fn read_text_family(q: &Query, notices: &mut Vec<Notice>) -> HashFamily {
    if let Some(Ok(v)) = q.get(HASH.name) {
        if HashFamily::parse(v.trim()) == Some(HashFamily::Ullman) {
            notices.push(Notice::param(
                HASH.name,
                "the ullman hashes read whole numbers only and cannot hash the generated keys; measuring with xxh3",
            ));
            return HashFamily::Xxh3;
        }
    }
    read_family(q, &HASH, notices)
}

/// `x`: the axis named.
pub(super) fn read_axis(q: &Query, notices: &mut Vec<Notice>) -> Axis {
    Axis::parse(X.read(q, notices)).unwrap_or(Axis::K)
}

/// `m` and `n` (sizes and counts as people write them) and `k`; m is at least k.
fn read_shape(q: &Query, s: &mut FpSettings, notices: &mut Vec<Notice>) {
    let size = |e| format!("{e}; using {} bits", group_digits(DEFAULT_M));
    if let Some(m) = parsed(q, M.name, notices, calculator::parse_size, size) {
        s.m = m;
    }
    let count = |e| format!("{e}; using n = {DEFAULT_N}");
    match parsed(q, N.name, notices, calculator::parse_count, count) {
        Some(0) => notices
            .push(Notice::param(N.name, format!("n = 0: a filter needs at least one item; using n = {DEFAULT_N}"))),
        Some(n) => s.n = n,
        None => {}
    }
    s.k = K.read_u32(q, notices);
    if s.m < s.k as u64 {
        notices.push(Notice::param(
            M.name,
            format!("m = {} bits is fewer than the k = {} hash functions; using m = {}", s.m, s.k, s.k),
        ));
        s.m = s.k as u64;
    }
}

/// `p`, and with it but no `m` the filter the calculator sizes: its m, its k unless the link
/// gives `k`, on a log scale unless the link says otherwise (target rates are usually small).
fn read_target(q: &Query, s: &mut FpSettings, notices: &mut Vec<Notice>) {
    let rate = |e| format!("{e}; sizing from m instead");
    let text = decoded(q, P.name, &mut Vec::new()).unwrap_or_default();
    s.p = parsed(q, P.name, notices, calculator::parse_probability, rate).map(|p| (text, p));
    if let (Some((_, p)), None) = (&s.p, q.raw(M.name)) {
        if q.raw(LOG.name).is_none() {
            s.log_y = true;
        }
        if let Some(sizing) = calculator::size_for(s.n, *p) {
            s.m = sizing.m;
            if q.raw(K.name).is_none() {
                s.k = sizing.k.clamp(1, MAX_K);
            }
        }
    }
}

impl LinkState for FpSettings {
    /// Reads the view's parameters (`PARAMS`).
    fn read(q: &Query) -> (FpSettings, Vec<Notice>) {
        let mut notices = Vec::new();
        let mut s = FpSettings::default();
        read_shape(q, &mut s, &mut notices);
        s.axis = read_axis(q, &mut notices);
        s.log_y = LOG.read(q, &mut notices);
        if let Some(formulas) = read_formulas(q, &mut notices) {
            s.formulas = formulas;
        }
        s.layers = LAYERS.read_u32(q, &mut notices);
        s.family = read_text_family(q, &mut notices);
        s.seed = SEED.read(q, &mut notices);
        s.trials = TRIALS.read(q, &mut notices);
        read_target(q, &mut s, &mut notices);
        (s, notices)
    }

    /// The parameters that reproduce this state (defaults left out, except m, n, k and x).
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let s = self;
        let mut pairs = vec![
            (M.name, s.m.to_string()),
            (N.name, s.n.to_string()),
            (K.name, s.k.to_string()),
            (X.name, s.axis.name().to_string()),
        ];
        let formulas = (s.formulas != DEFAULT_FORMULAS).then(|| {
            let names: Vec<&str> = s.formulas.iter().map(|f| f.name()).collect();
            // An empty list is written as a lone comma ("none" is not a formula).
            (FORMULAS.name, if names.is_empty() { ",".into() } else { names.join(",") })
        });
        let p = s.p.as_ref().map(|(text, _)| (P.name, query::encode(text)));
        pairs.extend(
            [
                LOG.pair(s.log_y),
                formulas,
                LAYERS.pair(s.layers as u64),
                HASH.pair(s.family.name()),
                SEED.pair(s.seed),
                TRIALS.pair(s.trials),
                p,
            ]
            .into_iter()
            .flatten(),
        );
        pairs
    }
}
