//! Preset links of the counting view: each demonstrates one claim or failure mode. The tests
//! below replay every link and check that it shows what its caption says.

/// A preset: a short title, what it shows, and the view's parameters (without `view=`).
pub use crate::link::preset::Preset;

const FRUIT: &str = "i:apple,i:banana,i:cherry,i:date,i:elderberry,i:fig,i:grape";

pub fn presets() -> Vec<Preset> {
    vec![
        Preset {
            id: "basics",
            title: "Counts and deletion",
            caption: "apple twice, banana once, then one apple deleted: the minimum of apple's counters follows its count, and nothing is lost.".into(),
            params: "m=32&k=3&w=4&ops=i:apple,i:apple,i:banana,d:apple&query=apple".into(),
        },
        Preset {
            id: "phantom-delete",
            title: "Deleting what was never inserted",
            caption: "lemon was never inserted, but it is a false positive, so the filter lets it be deleted: its counters belonged to others, and cherry becomes a false negative.".into(),
            params: "m=32&k=3&w=4&ops=i:apple,i:banana,i:cherry,i:date,i:elderberry,i:fig,i:grape,d:lemon&query=cherry".into(),
        },
        Preset {
            id: "forced-delete",
            title: "Forcing a delete past \u{201c}absent\u{201d}",
            caption: "quince is certainly absent; forcing its delete takes 1 from its non-zero counters, which banana needed: banana is now a false negative.".into(),
            params: "m=32&k=3&w=4&force=1&ops=i:apple,i:banana,i:cherry,i:date,i:elderberry,i:fig,i:grape,d:quince&query=banana".into(),
        },
        Preset {
            id: "mi-delete",
            title: "Minimal Increase with a delete",
            caption: "fig's second insert only raised its smallest counter; deleting apple takes 1 from all of apple's counters, and fig is now undercounted (1 instead of 2). Switch to min to compare.".into(),
            params: "m=32&k=3&w=4&mode=mi&ops=i:apple,i:fig,i:fig,d:apple&query=fig".into(),
        },
        Preset {
            id: "overflow",
            title: "Overflow with 2-bit counters",
            caption: "With w = 2 a counter stops at 3. apple is inserted 4 times and deleted 4 times: its counters are stuck at 3, so it stays \u{201c}present\u{201d} forever.".into(),
            params: "m=32&k=3&w=2&ops=i:apple,i:apple,i:apple,i:apple,d:apple,d:apple,d:apple,d:apple&query=apple".into(),
        },
        Preset {
            id: "one-bit",
            title: "w = 1: a Bloom filter again",
            caption: "One-bit counters saturate at 1, so a delete changes nothing: the memory of a plain Bloom filter, and no deletion.".into(),
            params: "m=32&k=3&w=1&ops=i:apple,i:banana,d:apple&query=apple".into(),
        },
        Preset {
            id: "memory",
            title: "The memory bill of w = 32",
            caption: "The same items with 32-bit counters: no overflow in practice, at 32 times the bits of a Bloom filter. Fan et al.'s bound says 4 bits nearly always suffice.".into(),
            params: "m=32&k=3&w=32&ops=i:apple,i:apple,i:banana,d:apple&query=apple".into(),
        },
        Preset {
            id: "recurring-minimum",
            title: "Recurring Minimum corrects an over-estimate",
            caption: "In 16 counters, collisions lift all of date's counters to at least 2, and the 2 occurs only once among them: a single minimum, so date also went to the secondary filter (drawn below), which answers 1, its true count. Switch to min to see 2.".into(),
            params: "m=16&k=3&w=4&mode=rm&ops=i:apple,i:banana,i:cherry,i:date,i:elderberry,i:fig,i:grape,i:grape&query=date".into(),
        },
        Preset {
            id: "false-positive",
            title: "Same false positives as a Bloom filter",
            caption: "lemon was never inserted, yet all its counters are above 0: the counters above 0 are exactly the bits of a classic filter of the same items, so lookups err with the same probability.".into(),
            params: "m=32&k=3&w=4&ops=i:apple,i:banana,i:cherry,i:date,i:elderberry,i:fig,i:grape&query=lemon".into(),
        },
        Preset {
            id: "zipf",
            title: "The Zipf experiment",
            caption: "20,000 items drawn with Zipf frequencies, each estimator at 500 to 32,000 counters: mean and largest over-estimate.".into(),
            params: "m=32&k=3&w=4&exp=1".into(),
        },
    ]
}

/// The inserted fruit of several presets.
pub fn fruit_ops() -> &'static str {
    FRUIT
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::counting::OpKind;
    use crate::labs::counting::{CountingLab, Verdict};
    use crate::link::query::Query;
    use crate::link::state::LinkState;

    fn lab(p: &str) -> CountingLab {
        let (l, notices) = CountingLab::read(&Query::parse(&format!("?view=counting&{}", preset(p).params)));
        assert!(notices.is_empty(), "{p}: {notices:?}");
        l
    }

    fn preset(id: &str) -> Preset {
        presets().into_iter().find(|p| p.id == id).unwrap()
    }

    #[test]
    fn every_preset_shows_its_claim() {
        assert!(preset("phantom-delete").params.contains(fruit_ops()));
        let l = lab("basics");
        let s = l.shown().unwrap();
        assert_eq!((s.trace.estimate.value, s.true_count), (1, 1));
        assert!(l.damage().is_empty());

        let l = lab("phantom-delete");
        assert_eq!(l.ops().len(), 8, "the delete was allowed: the filter said maybe");
        assert_eq!(l.true_count("lemon"), 0);
        let s = l.shown().unwrap();
        assert_eq!((s.trace.item.as_str(), s.verdict(), s.is_member()), ("cherry", Verdict::Absent, true));

        let l = lab("forced-delete");
        assert_eq!(l.ops().len(), 8);
        let s = l.shown().unwrap();
        assert_eq!((s.trace.item.as_str(), s.verdict(), s.is_member()), ("banana", Verdict::Absent, true));
        let without = CountingLab::read(&Query::parse(&preset("forced-delete").params.replace("force=1&", ""))).0;
        assert_eq!(without.ops().len(), 7, "refused without force");

        let l = lab("mi-delete");
        let s = l.shown().unwrap();
        assert_eq!((s.trace.estimate.value, s.true_count), (1, 2));
        let min = CountingLab::read(&Query::parse(&preset("mi-delete").params.replace("mode=mi", "mode=min"))).0;
        assert!(min.damage().is_empty());

        let l = lab("overflow");
        let s = l.shown().unwrap();
        assert_eq!((s.trace.estimate.value, s.true_count), (3, 0));
        assert!(s.trace.steps.iter().all(|st| st.after == 3));

        let l = lab("one-bit");
        let s = l.shown().unwrap();
        assert_eq!((s.trace.estimate.value, s.true_count, s.verdict()), (1, 0, Verdict::Maybe));

        let l = lab("memory");
        assert_eq!(l.memory_bits(), (32 * 32, 32));

        let l = lab("recurring-minimum");
        assert!(l.filter().secondary().unwrap().nonzero() > 0);
        let s = l.shown().unwrap();
        assert_eq!(s.trace.op, OpKind::Lookup);
        assert_eq!(
            (s.trace.estimate.value, s.trace.estimate.primary_min, s.trace.estimate.min_count, s.true_count),
            (1, 2, 1, 1)
        );
        assert!(s.trace.estimate.from_secondary);
        let min =
            CountingLab::read(&Query::parse(&preset("recurring-minimum").params.replace("mode=rm", "mode=min"))).0;
        assert_eq!(min.shown().unwrap().trace.estimate.value, 2);

        let l = lab("false-positive");
        let s = l.shown().unwrap();
        assert_eq!((s.verdict(), s.is_member()), (Verdict::Maybe, false));
        let mut classic = crate::engine::filter::BloomFilter::new(crate::engine::hashing::HashFamily::Xxh3, 32, 3);
        for op in l.ops() {
            classic.insert(op.item()).unwrap();
        }
        assert_eq!(classic.lookup("lemon").unwrap().1, crate::engine::filter::Verdict::Maybe);

        let mut experiment = lab("zipf").experiment().expect("the preset runs the experiment");
        experiment.finish();
        assert_eq!(experiment.done(), experiment.total());
    }
}
