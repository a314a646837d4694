//! The DGIM walkthrough (`view=window`): one step per arrived bit, each told in words from what
//! the arrival did (`engine::streams::dgim::Arrival`): the buckets that left the window, the new
//! bucket, the merges, and the estimate after it. Step t is the state after t bits; step 0 is
//! the empty stream.
//!
//! Its question, asked at a step whose next bit makes a merge: which buckets will there be after
//! it? The wrong choices are the buckets other readings of the rule would give (no merge, the two
//! newest merged, the merged bucket keeping the older timestamp), each computed here.

use crate::engine::streams::dgim::{Arrival, Bucket, Dgim};
use crate::lectures::questions::{concept, question, Question, Wrong};

/// `size@timestamp`, newest first, joined with `, ` (the page's and the question's writing).
pub fn buckets_list(buckets: &[Bucket]) -> String {
    if buckets.is_empty() {
        return "no buckets".into();
    }
    buckets.iter().map(|b| format!("{}@{}", b.size, b.timestamp)).collect::<Vec<_>>().join(", ")
}

/// The step's title: `t = 5: a 1 arrives`, or the start.
pub fn title(arrival: Option<&Arrival>) -> String {
    match arrival {
        None => "Before the first bit".into(),
        Some(a) => format!("t = {}: a {} arrives", a.t, a.bit as u8),
    }
}

/// What arrival `a` did, in words, ending with the estimate against the true count; `after` is
/// the buckets after it and `true_count` the 1s among the last N bits then.
pub fn narration(a: &Arrival, after: &Dgim, true_count: u64) -> String {
    let mut parts = Vec::new();
    let edge = a.t.saturating_sub(after.window());
    for d in &a.dropped {
        parts.push(format!(
            "Bucket {}@{} leaves the window: its timestamp {} is ≤ t − N = {edge}, so none of its 1s is among the last {} bits.",
            d.size,
            d.timestamp,
            d.timestamp,
            after.window()
        ));
    }
    match a.created {
        Some(b) => parts.push(format!("Bit {} is a 1: a new bucket of size 1, {}@{}.", a.t, b.size, b.timestamp)),
        None => parts.push(format!("Bit {} is a 0: no bucket changes.", a.t)),
    }
    for m in &a.merges {
        parts.push(format!(
            "Now {} buckets have size {} (r = {} allowed): the two oldest, {}@{} and {}@{}, merge into {}@{} (the newer timestamp).",
            after.r() + 1,
            m.older.size,
            after.r(),
            m.older.size,
            m.older.timestamp,
            m.newer.size,
            m.newer.timestamp,
            m.into.size,
            m.into.timestamp
        ));
    }
    parts.push(estimate_sentence(after, true_count));
    parts.join(" ")
}

/// The estimate after the buckets `d`, spelled out, with the true count beside it.
pub fn estimate_sentence(d: &Dgim, true_count: u64) -> String {
    let Some(oldest) = d.oldest() else {
        return format!("No buckets: the estimate is 0, and the window holds {true_count} ones.");
    };
    let rest: Vec<String> = d.buckets().take(d.len() - 1).map(|b| b.size.to_string()).collect();
    let rest = if rest.is_empty() { String::new() } else { format!("{} + ", rest.join(" + ")) };
    format!(
        "Estimate: {rest}{}/2 = {} (every bucket but the oldest, and half the oldest's size); the window holds {true_count}.",
        oldest.size,
        crate::text::trim_float(d.estimate(), 1)
    )
}

/// Buckets after `bit` arrives at `before` when merging takes the two newest of a size (the
/// rule read the wrong way round).
fn merge_newest(before: &Dgim, bit: bool) -> Vec<Bucket> {
    // A 0 arriving does the drops of this arrival and nothing else.
    let mut d = before.clone();
    d.push(false);
    let mut out: Vec<Bucket> = d.buckets().copied().collect();
    if !bit {
        return out;
    }
    out.insert(0, Bucket { size: 1, timestamp: before.t() + 1 });
    let r = before.r() as usize;
    let mut i = 0;
    while i < out.len() {
        let size = out[i].size;
        let run = out[i..].iter().take_while(|b| b.size == size).count();
        if run <= r {
            i += run;
            continue;
        }
        let merged = Bucket { size: size * 2, timestamp: out[i].timestamp };
        out.splice(i..i + 2, [merged]);
        out[i..].sort_by_key(|b| std::cmp::Reverse(b.timestamp));
        i = 0;
    }
    out
}

/// The question asked at step `t` of the stream `bits` (window `window`, r `r`): when bit t + 1
/// makes a merge, which buckets there will be after it.
pub fn merge_question(bits: &[bool], window: u64, r: u32, t: usize) -> Option<Question> {
    let &bit = bits.get(t)?;
    let mut before = Dgim::new(window, r);
    bits.iter().take(t).for_each(|&b| before.push(b));
    let mut after = before.clone();
    let a = after.step(bit);
    let first = a.merges.first()?;
    let right: Vec<Bucket> = after.buckets().copied().collect();
    let mut unmerged = before.clone();
    unmerged.push(false);
    let mut no_merge: Vec<Bucket> = unmerged.buckets().copied().collect();
    no_merge.insert(0, Bucket { size: 1, timestamp: a.t });
    let older_stamp: Vec<Bucket> = right
        .iter()
        .map(|b| if *b == first.into { Bucket { timestamp: first.older.timestamp, ..*b } } else { *b })
        .collect();
    let wrong: Vec<Wrong> = vec![
        (
            buckets_list(&no_merge),
            format!("Those are {} buckets of size 1: only r = {r} of a size may stay, so the two oldest must merge.", r + 1),
        ),
        (
            buckets_list(&merge_newest(&before, bit)),
            "That merges the two newest buckets of the size: DGIM merges the two oldest, so that sizes never shrink going back in time.".into(),
        ),
        (
            buckets_list(&older_stamp),
            format!(
                "That gives the merged bucket the older timestamp {}: a bucket keeps the time of its most recent 1, {}.",
                first.older.timestamp, first.newer.timestamp
            ),
        ),
    ];
    let reasoning = format!(
        "Bit {} is a 1, a new bucket 1@{}. {} Afterwards: {}.",
        a.t,
        a.t,
        a.merges
            .iter()
            .map(|m| format!(
                "{}@{} and {}@{} merge into {}@{}.",
                m.older.size, m.older.timestamp, m.newer.size, m.newer.timestamp, m.into.size, m.into.timestamp
            ))
            .collect::<Vec<_>>()
            .join(" "),
        buckets_list(&right)
    );
    let prompt = format!("Bit {} is a 1. Which buckets will there be after it arrives (newest first)?", a.t);
    concept(question(format!("window-{t}"), prompt, buckets_list(&right), wrong, reasoning, t))
        .map(|q| Question { holds_back: false, ..q })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lectures::questions::check_shape;

    fn bits(s: &str) -> Vec<bool> {
        s.chars().map(|c| c == '1').collect()
    }

    #[test]
    fn narration_follows_the_arrival() {
        let stream = bits("1011011000101110110010110");
        let mut d = Dgim::new(16, 2);
        for (i, &b) in stream.iter().enumerate() {
            let a = d.step(b);
            let start = (i + 1).saturating_sub(16);
            let truth = stream[start..=i].iter().filter(|&&x| x).count() as u64;
            let text = narration(&a, &d, truth);
            assert!(text.contains(&format!("Bit {} is a {}", i + 1, b as u8)), "{text}");
            for m in &a.merges {
                assert!(text.contains(&format!("merge into {}@{}", m.into.size, m.into.timestamp)), "{text}");
            }
            for x in &a.dropped {
                assert!(text.contains(&format!("Bucket {}@{} leaves", x.size, x.timestamp)), "{text}");
            }
            assert!(text.ends_with(&format!("the window holds {truth}.")), "{text}");
            assert!(text.contains(&format!("= {}", crate::text::trim_float(d.estimate(), 1))), "{text}");
        }
        // The last step of the stream: 1@24,1@23,2@21,2@17,4@14 → 1 + 1 + 2 + 2 + 4/2 = 8.
        assert!(estimate_sentence(&d, 9).starts_with("Estimate: 1 + 1 + 2 + 2 + 4/2 = 8 "));
        assert_eq!(title(None), "Before the first bit");
    }

    #[test]
    fn the_merge_question_has_the_buckets_after_the_next_bit() {
        let stream = bits("1011011000101110110010110");
        let mut asked = 0;
        for t in 0..stream.len() {
            let Some(q) = merge_question(&stream, 16, 2, t) else { continue };
            asked += 1;
            check_shape(&q);
            let mut d = Dgim::new(16, 2);
            stream.iter().take(t + 1).for_each(|&b| d.push(b));
            let want: Vec<Bucket> = d.buckets().copied().collect();
            assert_eq!(q.choices[q.answer], buckets_list(&want));
            assert!(q.choices.len() >= 3, "{q:?}");
        }
        assert!(asked >= 3, "{asked}");
        // At t = 3 (bits 101), bit 4 is a 1: 1@4, 1@3, 1@1 → 1@4, 2@3.
        let q = merge_question(&stream, 16, 2, 3).expect("a merge at bit 4");
        assert_eq!(q.choices[q.answer], "1@4, 2@3");
        assert!(q.choices.contains(&"1@4, 1@3, 1@1".to_string()));
        assert!(q.choices.contains(&"1@4, 2@1".to_string()));
        assert!(merge_question(&stream, 16, 2, 1).is_none(), "bit 2 is a 0");
    }
}
