//! The counting view model's link round trip: its parameters declared once, read, and written
//! back (a form's fields are read as the link's values are: `LinkState::with_fields`).

use super::*;
use crate::engine::counting::{Mode, MAX_W, MIN_W};
use crate::link::notice::Notice;
use crate::link::params::{read_lookup, Choice, Declared, FilterShape, Flag, Shape, Text, Whole, HASH_ALL};
use crate::link::query::{self, Query};
use crate::link::state::LinkState;
use crate::text::{group_digits, shorten};

/// `m`: the counters.
pub const M: Whole =
    Whole { name: "m", about: "counters in the filter", min: MIN_M, max: MAX_M, default: DEFAULT_M, example: "64" };

/// `k`: hash functions (the `ullman` family has two: see `SHAPE`).
pub const K: Whole = Shape::hash_functions("hash functions per item", MAX_K, DEFAULT_K, "4");

/// The filter's shape: `hash` among every family, `m`, `k`.
pub const SHAPE: Shape = Shape { hash: HASH_ALL, m: M, k: K };

/// `w`: the counters' width.
pub const W: Whole = Whole {
    name: "w",
    about: "counter width in bits; a counter that reaches 2^w − 1 stays there and is never decremented",
    min: MIN_W as u64,
    max: MAX_W as u64,
    default: DEFAULT_W as u64,
    example: "3",
};

/// `mode`: the estimator.
pub const MODE: Choice = Choice {
    name: "mode",
    about: "the estimator: `min` (Minimum Selection), `mi` (Minimal Increase), `rm` (Recurring Minimum, with a secondary filter of m/2 counters)",
    what: "an estimator",
    names: &Mode::NAMES,
    default: Mode::Min.name(),
    example: Mode::Mi.name(),
};

/// `ops`: the history.
pub const OPS: Text = Text {
    name: "ops",
    about: "the history, replayed in order",
    values: "comma-separated `i:ITEM` (insert) and `d:ITEM` (delete), each item percent-encoded; at most 5,000",
    default: "none",
    bad: "a piece that is not `i:`/`d:` with a good item is left out with a notice; a delete of an item the filter then says is absent is refused with a notice (unless `force=1`)",
    example: "i:apple,i:apple,i:pear,d:apple",
    bad_example: Some("x:apple"),
};

/// `force`: deletes go through even when the filter says the item is absent.
pub const FORCE: Flag = Flag {
    name: "force",
    about:
        "\"show me what goes wrong\": deletes of items the filter says are absent go through, and the damage is named",
    default: false,
};

/// `query`: the item last looked up.
pub const QUERY: Text = Text {
    name: "query",
    about: "the item last looked up",
    values: "an item, percent-encoded",
    default: "none",
    bad: "one that does not decode, or that the family cannot hash: a notice, nothing looked up",
    example: "apple",
    bad_example: Some("%zz"),
};

/// `exp`: the experiment's seed.
pub const EXP: Text = Text {
    name: "exp",
    about: "runs the Zipf experiment at load, with this seed",
    values: "a whole number",
    default: "none",
    bad: "anything else: a notice, no experiment",
    example: "2",
    bad_example: Some("x"),
};

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] = &[&M, &K, &HASH_ALL, &W, &MODE, &OPS, &FORCE, &QUERY, &EXP];

impl CountingLab {
    // ----- the link -----

    fn read_ops(&self, raw: &str, notices: &mut Vec<Notice>) -> Vec<Op> {
        let mut ops = Vec::new();
        for piece in raw.split(',').filter(|p| !p.is_empty()) {
            let (kind, rest) = match piece.get(..2) {
                Some("i:") | Some("I:") => ('i', &piece[2..]),
                Some("d:") | Some("D:") => ('d', &piece[2..]),
                _ => {
                    notices.push(Notice::param(
                        OPS.name,
                        format!("ops: \u{201c}{}\u{201d} is not i:ITEM or d:ITEM; left out", shorten(piece, 30)),
                    ));
                    continue;
                }
            };
            match query::decode(rest) {
                Ok(text) => match self.check_item(&text) {
                    Ok(()) if ops.len() >= MAX_OPS => {
                        notices.push(Notice::param(
                            OPS.name,
                            format!(
                                "this view keeps at most {} operations; the rest were left out",
                                group_digits(MAX_OPS as u64)
                            ),
                        ));
                        break;
                    }
                    Ok(()) => ops.push(if kind == 'i' { Op::Insert(text) } else { Op::Delete(text) }),
                    Err(why) => notices.push(Notice::param(OPS.name, why)),
                },
                Err(e) => notices.push(Notice::param(OPS.name, format!("an item in ops {e}; it was left out"))),
            }
        }
        ops
    }
}

impl LinkState for CountingLab {
    /// Reads `m`, `k`, `hash`, `w`, `mode`, `force`, `ops`, `query`, `exp`.
    fn read(q: &Query) -> (CountingLab, Vec<Notice>) {
        let mut notices = Vec::new();
        let mode = Mode::parse(MODE.read(q, &mut notices)).unwrap_or(Mode::Min);
        let FilterShape { family, m, k } = SHAPE.read(q, &mut notices);
        let w = W.read_u32(q, &mut notices);
        let force = FORCE.read(q, &mut notices);
        let mut lab = CountingLab::new(family, m, k, w, mode);
        lab.force = force;
        let ops = q.raw(OPS.name).map(|raw| lab.read_ops(raw, &mut notices)).unwrap_or_default();
        notices.extend(lab.replay(ops));
        if let Some(text) = read_lookup(q, &QUERY, &mut notices) {
            if let Err(n) = lab.lookup(&text) {
                notices.push(n.about(QUERY.name));
            }
        }
        if let Some(raw) = q.raw(EXP.name) {
            match experiment_seed(&query::decode(raw).unwrap_or_default()) {
                Ok(seed) => lab.exp = Some(seed),
                Err(n) => notices.push(n),
            }
        }
        (lab, notices)
    }

    /// The parameters that reproduce this state.
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        // m, k and w are always written, so a shared link names the filter it shows.
        let mut pairs = vec![(M.name, self.m().to_string()), (K.name, self.k().to_string())];
        pairs.extend(SHAPE.hash_pair(self.family()));
        pairs.push((W.name, self.w().to_string()));
        pairs.extend(MODE.pair(self.mode().name()));
        pairs.extend(FORCE.pair(self.force));
        pairs.push((OPS.name, self.ops.iter().map(Op::encode).collect::<Vec<_>>().join(",")));
        if let Some(s) = &self.shown {
            if s.trace.op == crate::engine::counting::OpKind::Lookup {
                pairs.push((QUERY.name, query::encode(&s.trace.item)));
            }
        }
        if let Some(seed) = self.exp {
            pairs.push((EXP.name, seed.to_string()));
        }
        pairs
    }
}

/// The experiment's seed from `text` (the link's `exp`, or the form's seed field): a whole number,
/// or a notice that it is not one and the experiment was not started.
pub(super) fn experiment_seed(text: &str) -> Result<u64, Notice> {
    text.trim()
        .parse::<u64>()
        .map_err(|_| Notice::bad(EXP.name, text, "is not a seed (a whole number); the experiment was not started"))
}
