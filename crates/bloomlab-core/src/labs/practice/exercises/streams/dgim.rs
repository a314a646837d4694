//! `dgim`: DGIM's buckets by hand, as the window view keeps them (r = 2). After each 1 arrives
//! the student writes the buckets: under each timestamp (the time of a bucket's most recent 1)
//! the bucket's size, 0 where no bucket ends. Before a step's 1, a bucket whose timestamp is
//! t − N or older has left; the 1 makes a bucket of size 1; when three buckets share a size the
//! two oldest merge, keeping the newer timestamp. Then the estimate of the 1s in the last N bits
//! at the time of the last bit: the buckets whose timestamp is that time − N or older leave first
//! (a stream may end in 0s after its last 1), then every size but the oldest's, plus half the
//! oldest's.

use crate::engine::streams::dgim::{Bucket, Dgim};
use crate::labs::practice::drill::Drill;
use crate::labs::practice::step::{Answer, DrillStep, Form, Mistake, Words, Wrong};

pub const MERGE_NEWEST: Mistake = Mistake { id: "merge-newest", name: "The two newest merged" };
pub const OLDER_TIMESTAMP: Mistake =
    Mistake { id: "older-timestamp", name: "The merged bucket keeps the older timestamp" };
pub const NO_EXPIRE: Mistake = Mistake { id: "no-expire", name: "A bucket past the window kept" };
pub const MERGE_AT_R: Mistake = Mistake { id: "merge-at-r", name: "Merged at r buckets" };
pub const FULL_OLDEST: Mistake = Mistake { id: "full-oldest", name: "The oldest bucket counted in full" };
pub const NO_OLDEST: Mistake = Mistake { id: "no-oldest", name: "The oldest bucket left out" };
pub const LEFT_COUNTED: Mistake =
    Mistake { id: "left-counted", name: "Buckets that left the window counted in the estimate" };
pub const TRUE_COUNT: Mistake = Mistake { id: "true-count", name: "The true count, not the estimate" };
// The catalogue: each mistake above and what it gets wrong (`catalogue!`).
crate::labs::practice::exercises::catalogue! {
    (MERGE_NEWEST, "when r + 1 buckets share a size, the two oldest of them merge; the newest buckets stay small, so the recent past is known most precisely."),
    (OLDER_TIMESTAMP, "a bucket's timestamp is the time of its most recent 1, so the merged bucket keeps the newer of the two timestamps."),
    (NO_EXPIRE, "a bucket whose timestamp is t − N or older holds no 1 of the last N bits: it leaves before anything else happens at time t."),
    (MERGE_AT_R, "r buckets of a size are allowed (here 2): the two oldest merge only when there are r + 1 of them."),
    (FULL_OLDEST, "only part of the oldest bucket may be in the window: the estimate counts half its size, and every other bucket in full."),
    (NO_OLDEST, "the oldest bucket's most recent 1 is still in the window, so at least one of its 1s counts: the estimate takes half its size."),
    (LEFT_COUNTED, "the estimate is made at the time of the last bit, which may be a 0: a bucket whose timestamp is t − N or older holds none of the last N bits, even when no 1 has arrived since to push it out. It leaves before the estimate is made."),
    (TRUE_COUNT, "that is the true count of 1s in the window, which DGIM does not keep (it would take the N bits). The estimate is what the buckets give: every size but the oldest's, plus half the oldest's."),
}

/// The buckets of a size allowed.
pub const R: u32 = 2;
/// The tolerance of a typed estimate.
pub const TOLERANCE: f64 = 0.01;

/// A way of running the buckets: the right one, or one of the mistaken ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    MergeNewest,
    OlderTimestamp,
    NoExpire,
    MergeAtR,
}

/// A DGIM problem: the bits (the last one a 1) and the window N.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DgimProblem {
    pub bits: Vec<bool>,
    pub window: u64,
}

/// Buckets from cells: the value under time `from + i` is the size of the bucket ending there.
fn buckets_of(cells: &[i64]) -> Vec<Bucket> {
    let mut b: Vec<Bucket> = cells
        .iter()
        .enumerate()
        .filter(|(_, &v)| v > 0)
        .map(|(i, &v)| Bucket { size: v as u64, timestamp: i as u64 + 1 })
        .collect();
    b.reverse();
    b
}

/// Cells (one per time 1 to `len`) from buckets.
fn cells_of(buckets: &[Bucket], len: usize) -> Vec<i64> {
    let mut v = vec![0; len];
    for b in buckets {
        if let Some(c) = (b.timestamp as usize).checked_sub(1).and_then(|i| v.get_mut(i)) {
            *c = b.size as i64;
        }
    }
    v
}

/// One arrival at time `t` the mistaken `way`, on buckets kept newest first.
fn arrive_wrong(b: &mut Vec<Bucket>, t: u64, bit: bool, window: u64, way: Way) {
    if way != Way::NoExpire {
        b.retain(|x| x.timestamp.saturating_add(window) > t);
    }
    if !bit {
        return;
    }
    b.insert(0, Bucket { size: 1, timestamp: t });
    let most = if way == Way::MergeAtR { R as usize - 1 } else { R as usize };
    // Each pass merges two buckets of the smallest size that has too many; each pass leaves one
    // bucket fewer, so this ends. (No sorting: the tally's bundle replays this too, and a sort
    // would add its code there.)
    while let Some(size) = smallest_crowded(b, most) {
        // The positions (newest first) of the buckets of that size.
        let at: Vec<usize> = (0..b.len()).filter(|&i| b[i].size == size).collect();
        let (n, o) = if way == Way::MergeNewest { (at[0], at[1]) } else { (at[at.len() - 2], at[at.len() - 1]) };
        let stamp = if way == Way::OlderTimestamp { b[o].timestamp } else { b[n].timestamp };
        b.remove(o);
        b.remove(n);
        let merged = Bucket { size: size.saturating_mul(2), timestamp: stamp };
        let place = b.iter().position(|x| x.timestamp < stamp).unwrap_or(b.len());
        b.insert(place, merged);
    }
}

/// The smallest size with more than `most` buckets (at least 2 of them), if any.
fn smallest_crowded(b: &[Bucket], most: usize) -> Option<u64> {
    let crowded = |s: u64| b.iter().filter(|x| x.size == s).count() > most.max(1);
    b.iter().map(|x| x.size).filter(|&s| crowded(s)).min()
}

impl Drill for DgimProblem {
    const MISTAKES: &'static [Mistake] = MISTAKES;
    const WHY: &'static [&'static str] = WHY;

    /// Level 1: 12 bits, N = 8; level 2: 16 bits, N = 10; level 3: 24 bits, N = 12; about 60 %
    /// of the bits 1, the last one always. Of 300 draws the first where a bucket leaves the
    /// window at a step and buckets of size 2 merge is kept.
    fn draw(level: u64, rng: &mut fastrand::Rng) -> DgimProblem {
        let (len, window) = match level {
            1 => (12, 8),
            2 => (16, 10),
            _ => (24, 12),
        };
        let mut last = None;
        for _ in 0..300 {
            let mut bits: Vec<bool> = (0..len).map(|_| rng.u8(..10) < 6).collect();
            bits[len - 1] = true;
            let p = DgimProblem { bits, window };
            if p.interesting() {
                return p;
            }
            last = Some(p);
        }
        last.unwrap_or(DgimProblem { bits: vec![true], window })
    }

    /// One step per 1, then the estimate.
    fn steps(&self) -> usize {
        self.ones().len() + 1
    }

    fn step_as<W: Words>(&self, i: usize, prior: &[Answer], w: W) -> DrillStep {
        let ones = self.ones();
        let prev = self.cells_after(prior, i);
        match ones.get(i) {
            Some(&t) => self.one_step(t, i.checked_sub(1).map_or(0, |j| ones[j]), &prev, w),
            None => self.estimate_step(&prev, w),
        }
    }

    fn json(&self) -> String {
        format!("{{\"bits\": \"{}\", \"N\": {}, \"r\": {R}}}", self.text(), self.window)
    }

    fn statement(&self) -> String {
        format!(
            "DGIM with r = {R} and a window of N = {} bits. The stream, from time 1 to {}: {}.",
            self.window,
            self.bits.len(),
            self.text()
        )
    }
}

impl DgimProblem {
    fn interesting(&self) -> bool {
        let mut g = Dgim::new(self.window, R);
        let (mut dropped, mut big) = (false, false);
        for &bit in &self.bits {
            let a = g.step(bit);
            dropped |= !a.dropped.is_empty();
            big |= a.merges.iter().any(|m| m.into.size >= 4);
        }
        dropped && big
    }

    /// The times (1-based) of the 1s.
    pub fn ones(&self) -> Vec<u64> {
        self.bits.iter().enumerate().filter(|(_, &b)| b).map(|(i, _)| i as u64 + 1).collect()
    }

    /// The cells the student wrote after the first `i` steps (all 0 before the first).
    fn cells_after(&self, prior: &[Answer], i: usize) -> Vec<i64> {
        match prior.get(..i).and_then(|p| p.last()) {
            Some(Answer::Counters(v)) if v.len() == self.bits.len() => v.clone(),
            _ => vec![0; self.bits.len()],
        }
    }

    /// The 1 at time `t`, the last step's at `t0` (0 for none), from the student's cells `prev`.
    fn one_step<W: Words>(&self, t: u64, t0: u64, prev: &[i64], w: W) -> DrillStep {
        let start = buckets_of(prev);
        let mut g = Dgim::resume(self.window, R, t0, &start);
        let mut dropped = Vec::new();
        let mut merges = Vec::new();
        for s in t0 + 1..=t {
            let a = g.step(self.bits[(s - 1) as usize]);
            dropped.extend(a.dropped);
            merges.extend(a.merges);
        }
        let right: Vec<Bucket> = g.buckets().copied().collect();
        let wrong = |way: Way| {
            let mut b = start.clone();
            for s in t0 + 1..=t {
                arrive_wrong(&mut b, s, self.bits[(s - 1) as usize], self.window, way);
            }
            Answer::Counters(cells_of(&b, self.bits.len()))
        };
        let worked = || {
            let mut said: Vec<String> = dropped
                .iter()
                .map(|b| {
                    format!("the bucket {}@{} leaves (its timestamp is ≤ {t} − {})", b.size, b.timestamp, self.window)
                })
                .collect();
            said.push(format!("the 1 makes a bucket 1@{t}"));
            said.extend(merges.iter().map(|m| {
                format!(
                    "{}@{} and {}@{} merge into {}@{}",
                    m.older.size, m.older.timestamp, m.newer.size, m.newer.timestamp, m.into.size, m.into.timestamp
                )
            }));
            let shown: Vec<String> = right.iter().map(|b| format!("{}@{}", b.size, b.timestamp)).collect();
            format!("{}. The buckets, newest first: {}.", said.join("; "), shown.join(", "))
        };
        DrillStep::new(
            w.say(|| {
                format!(
                    "Time {t}: a 1 arrives. The buckets after it: each one's size under its timestamp, 0 elsewhere."
                )
            }),
            Form::Counters { len: self.bits.len(), name: "time", from: 1 },
            Answer::Counters(cells_of(&right, self.bits.len())),
            w.say(worked),
            vec![
                Wrong { answer: wrong(Way::MergeNewest), mistake: MERGE_NEWEST },
                Wrong { answer: wrong(Way::OlderTimestamp), mistake: OLDER_TIMESTAMP },
                Wrong { answer: wrong(Way::NoExpire), mistake: NO_EXPIRE },
                Wrong { answer: wrong(Way::MergeAtR), mistake: MERGE_AT_R },
            ],
        )
    }

    /// The estimate at time t (the last bit's), from the student's last buckets: first those
    /// whose timestamp is t − N or older leave (trailing 0s can push buckets out after the last
    /// 1), then every size but the oldest's, plus half the oldest's.
    fn estimate_step<W: Words>(&self, cells: &[i64], w: W) -> DrillStep {
        let t = self.bits.len() as u64;
        let edge = t.saturating_sub(self.window);
        let all = buckets_of(cells);
        let (kept, left): (Vec<Bucket>, Vec<Bucket>) = all.iter().copied().partition(|b| b.timestamp > edge);
        let estimate = |b: &[Bucket]| Dgim::resume(self.window, R, t, b).estimate();
        let sum = |b: &[Bucket]| b.iter().fold(0u64, |s, x| s.saturating_add(x.size));
        let oldest = kept.last().map_or(0, |x| x.size);
        let truth = self.bits.get(edge as usize..).map_or(0, |b| b.iter().filter(|&&x| x).count()) as f64;
        let worked = || {
            let at = |b: &[Bucket]| b.iter().map(|x| format!("{}@{}", x.size, x.timestamp)).collect::<Vec<_>>();
            let gone = if left.is_empty() {
                format!("No bucket leaves now: every timestamp is above t − N = {t} − {} = {edge}.", self.window)
            } else {
                format!(
                    "At time {t}, the buckets whose timestamp is ≤ t − N = {t} − {} = {edge} have left the window: {}.",
                    self.window,
                    at(&left).join(", ")
                )
            };
            let rest = if kept.is_empty() {
                "No bucket is left in the window: the estimate is 0.".to_string()
            } else {
                let sizes: Vec<String> = kept.iter().map(|x| x.size.to_string()).collect();
                format!(
                    "The sizes still in the window, newest first: {}. All but the oldest, plus half the oldest ({oldest}): {} + {} = {}.",
                    sizes.join(", "),
                    sum(&kept).saturating_sub(oldest),
                    crate::text::trim_float(oldest as f64 / 2.0, 1),
                    crate::text::trim_float(estimate(&kept), 1)
                )
            };
            format!("{gone} {rest}")
        };
        DrillStep::new(
            w.say(|| {
                format!("The estimate of the 1s among the last N = {} bits at time {t}, to within 0.01.", self.window)
            }),
            Form::Decimal { field: "estimate", tolerance: TOLERANCE },
            Answer::Decimal(estimate(&kept)),
            w.say(worked),
            vec![
                Wrong { answer: Answer::Decimal(sum(&kept) as f64), mistake: FULL_OLDEST },
                Wrong { answer: Answer::Decimal((sum(&kept).saturating_sub(oldest)) as f64), mistake: NO_OLDEST },
                Wrong { answer: Answer::Decimal(estimate(&all)), mistake: LEFT_COUNTED },
                Wrong { answer: Answer::Decimal(truth), mistake: TRUE_COUNT },
            ],
        )
    }

    pub fn text(&self) -> String {
        self.bits.iter().map(|&b| if b { '1' } else { '0' }).collect()
    }
}
