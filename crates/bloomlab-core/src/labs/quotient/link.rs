//! The quotient view's link, both ways.

use super::params::{DEFAULT_OPS, MAX_OPS, MQ, OPS, Q, QUERY, R, SEED};
use super::{Op, OpKind, QuotientLab};
use crate::engine::hashing::HashFamily;
use crate::link::notice::Notice;
use crate::link::params::{check_item, read_lookup};
use crate::link::query::{decode, encode, Query};
use crate::link::state::{FieldText, LinkState};
use crate::text::{group_digits, shorten};

/// Bad pieces of `ops` named one by one; the rest are counted in one notice.
const NAMED_BAD_PIECES: usize = 3;

/// One piece of `ops` (as the link has it: `i:` and the item, or all of it, percent-encoded):
/// the operation, or why it was left out.
fn read_piece(piece: &str) -> Result<Op, String> {
    let text = decode(piece).map_err(|e| format!("\u{201c}{}\u{201d} {e}; it was left out", shorten(piece, 30)))?;
    let mut chars = text.chars();
    let kind = match (chars.next().and_then(OpKind::from_letter), chars.next()) {
        (Some(kind), Some(':')) => kind,
        _ => return Err(format!("\u{201c}{}\u{201d} is not i:ITEM, d:ITEM or l:ITEM; left out", shorten(&text, 30))),
    };
    // The letter and the colon are one byte each.
    let item = text.get(2..).unwrap_or("").to_string();
    check_item(&item, HashFamily::Xxh3)?;
    Ok(Op { kind, item })
}

/// The operations of `raw` (at most `MAX_OPS`), with notices for the pieces left out.
pub(super) fn read_ops(raw: &str, notices: &mut Vec<Notice>) -> Vec<Op> {
    let mut ops = Vec::new();
    let mut bad = 0usize;
    for piece in raw.split(',').filter(|p| !p.is_empty()) {
        match read_piece(piece) {
            Ok(_) if ops.len() >= MAX_OPS => {
                notices.push(Notice::param(
                    OPS.name,
                    format!("the walkthrough takes at most {MAX_OPS} operations; the rest were left out"),
                ));
                break;
            }
            Ok(op) => ops.push(op),
            Err(why) => {
                bad += 1;
                if bad <= NAMED_BAD_PIECES {
                    notices.push(Notice::param(OPS.name, why));
                }
            }
        }
    }
    if bad > NAMED_BAD_PIECES {
        let more = group_digits((bad - NAMED_BAD_PIECES) as u64);
        notices.push(Notice::param(OPS.name, format!("{more} more pieces that are not operations were left out")));
    }
    ops
}

/// The example's history.
pub fn default_ops() -> Vec<Op> {
    read_ops(DEFAULT_OPS, &mut Vec::new())
}

/// The item looked up: `None` when there is none, or it cannot be used (with a notice).
fn read_query(q: &Query, notices: &mut Vec<Notice>) -> Option<String> {
    let item = read_lookup(q, &QUERY, notices)?;
    match check_item(&item, HashFamily::Xxh3) {
        Ok(()) => Some(item),
        Err(why) => {
            notices.push(Notice::param(QUERY.name, format!("{why}; nothing was looked up")));
            None
        }
    }
}

/// q and r as the engine takes them: q + r at most 64, r cut with a notice.
fn read_bits(q: &Query, notices: &mut Vec<Notice>) -> (u32, u32) {
    let qb = Q.read_u32(q, notices);
    let mut r = R.read_u32(q, notices);
    if qb + r > 64 {
        notices.push(Notice::param(
            R.name,
            format!(
                "q + r is {}, but a fingerprint has at most the hash's 64 bits: r = {r} is cut to {}",
                qb + r,
                64 - qb
            ),
        ));
        r = 64 - qb;
    }
    (qb, r)
}

/// The long run's quotient bits: mq + r at most 64, mq cut with a notice.
fn read_mq(q: &Query, r: u32, notices: &mut Vec<Notice>) -> u32 {
    let mq = MQ.read_u32(q, notices);
    if mq + r > 64 {
        notices.push(Notice::param(
            MQ.name,
            format!("mq + r is {}, more than the hash's 64 bits: the long run measures 2^{} slots", mq + r, 64 - r),
        ));
        return 64 - r;
    }
    mq
}

impl LinkState for QuotientLab {
    fn read(q: &Query) -> (QuotientLab, Vec<Notice>) {
        let mut notices = Vec::new();
        let (qb, r) = read_bits(q, &mut notices);
        let ops = match q.raw(OPS.name) {
            Some(raw) => read_ops(raw, &mut notices),
            None => default_ops(),
        };
        let query = read_query(q, &mut notices);
        let mq = read_mq(q, r, &mut notices);
        let seed = SEED.read(q, &mut notices);
        let lab = QuotientLab::build(qb, r, &ops, query, (mq, seed), &mut notices);
        (lab, notices)
    }

    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let ops = (self.ops != default_ops()).then(|| {
            let pieces: Vec<String> = self.ops.iter().map(Op::encode).collect();
            // An empty history is a lone comma: an empty value would read as the example's.
            (OPS.name, if pieces.is_empty() { ",".to_string() } else { pieces.join(",") })
        });
        let query = self.query.as_ref().map(|item| (QUERY.name, encode(item)));
        [Q.pair(self.q as u64), R.pair(self.r as u64), ops, query, MQ.pair(self.mq as u64), SEED.pair(self.seed)]
            .into_iter()
            .flatten()
            .collect()
    }

    /// A form's `ops` is a list: commas separate the operations, each written as a link's piece.
    fn field(name: &str) -> FieldText {
        if name == OPS.name {
            FieldText::Items
        } else {
            FieldText::Value
        }
    }
}
