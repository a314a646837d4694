//! The counting view model's link round trip: reading every parameter, writing them back.

use super::*;
use crate::engine::counting::{Mode, MAX_W, MIN_W};
use crate::engine::hashing::HashFamily;
use crate::labs::counting::experiment::Experiment;
use crate::link::notice::Notice;
use crate::link::params::{read_choice, read_flag, read_lookup, read_shape, read_u64, FilterShape};
use crate::link::query::{self, Query};
use crate::text::{group_digits, shorten};

impl CountingLab {
    // ----- the link -----

    /// Reads `m`, `k`, `hash`, `w`, `mode`, `force`, `ops`, `query`, `exp`.
    pub fn from_query(q: &Query) -> CountingLab {
        let mut notices = Vec::new();
        let mode = read_choice(q, "mode", Mode::parse, Mode::Min, "min, mi or rm", "min", &mut notices);
        let FilterShape { family, m, k } = read_shape(q, &HashFamily::ALL, LIMITS, &mut notices);
        let w = read_u64(q.raw("w"), "w", MIN_W as u64, MAX_W as u64, DEFAULT_W as u64, &mut notices) as u32;
        let force = read_flag(q, "force", &mut notices);
        let mut lab = CountingLab::new(family, m, k, w, mode);
        lab.force = force;
        lab.notices = notices;
        let ops = q.raw("ops").map(|raw| lab.read_ops(raw)).unwrap_or_default();
        lab.replay(ops);
        if let Some(text) = read_lookup(q, &mut lab.notices) {
            if let Err(n) = lab.lookup_inner(&text) {
                lab.notices.push(n.about("query"));
            }
        }
        if let Some(raw) = q.raw("exp") {
            match experiment_seed(&query::decode(raw).unwrap_or_default()) {
                Ok(seed) => lab.experiment = Some(Experiment::new(seed, lab.family(), lab.k())),
                Err(n) => lab.notices.push(n),
            }
        }
        lab
    }

    fn read_ops(&mut self, raw: &str) -> Vec<Op> {
        let mut ops = Vec::new();
        for piece in raw.split(',').filter(|p| !p.is_empty()) {
            let (kind, rest) = match piece.get(..2) {
                Some("i:") | Some("I:") => ('i', &piece[2..]),
                Some("d:") | Some("D:") => ('d', &piece[2..]),
                _ => {
                    self.notices.push(Notice::param(
                        "ops",
                        format!("ops: \u{201c}{}\u{201d} is not i:ITEM or d:ITEM; left out", shorten(piece, 30)),
                    ));
                    continue;
                }
            };
            match query::decode(rest) {
                Ok(text) => match self.check_item(&text) {
                    Ok(()) if ops.len() >= MAX_OPS => {
                        self.notices.push(Notice::param(
                            "ops",
                            format!(
                                "this view keeps at most {} operations; the rest were left out",
                                group_digits(MAX_OPS as u64)
                            ),
                        ));
                        break;
                    }
                    Ok(()) => ops.push(if kind == 'i' { Op::Insert(text) } else { Op::Delete(text) }),
                    Err(why) => self.notices.push(Notice::param("ops", why)),
                },
                Err(e) => self.notices.push(Notice::param("ops", format!("an item in ops {e}; it was left out"))),
            }
        }
        ops
    }

    /// The parameters that reproduce this state.
    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = vec![("m", self.m().to_string()), ("k", self.k().to_string())];
        if self.family() != HashFamily::Xxh3 {
            pairs.push(("hash", self.family().name().to_string()));
        }
        pairs.push(("w", self.w().to_string()));
        if self.mode() != Mode::Min {
            pairs.push(("mode", self.mode().name().to_string()));
        }
        if self.force {
            pairs.push(("force", "1".into()));
        }
        pairs.push(("ops", self.ops.iter().map(Op::encode).collect::<Vec<_>>().join(",")));
        if let Some(s) = &self.shown {
            if s.trace.op == crate::engine::counting::OpKind::Lookup {
                pairs.push(("query", query::encode(&s.trace.item)));
            }
        }
        if let Some(e) = &self.experiment {
            pairs.push(("exp", e.seed.to_string()));
        }
        pairs
    }
}

impl crate::link::state::LinkState for CountingLab {
    fn read(q: &Query) -> (CountingLab, Vec<Notice>) {
        let lab = CountingLab::from_query(q);
        let notices = lab.notices().to_vec();
        (lab, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        CountingLab::query_pairs(self)
    }
}

/// The experiment's seed from `text` (the link's `exp`, or the form's seed field): a whole number,
/// or a notice that it is not one and the experiment was not started.
pub(super) fn experiment_seed(text: &str) -> Result<u64, Notice> {
    text.trim().parse::<u64>().map_err(|_| {
        Notice::param(
            "exp",
            format!(
                "exp = \u{201c}{}\u{201d} is not a seed (a whole number); the experiment was not started",
                shorten(text, 30)
            ),
        )
    })
}
