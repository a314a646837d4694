//! The home page's cards: what each listed view shows and what a class should watch for. Kept
//! beside the table of views rather than in it so that only the home page's bundle carries the
//! text (every bundle links the table; `views`' tests check that every listed view has its card).

use super::views::View;

/// What the home page's card says of a listed view: what it shows, and what a class should watch
/// for.
#[derive(Clone, Copy, Debug)]
pub struct Card {
    pub view: View,
    /// One sentence on what the view is for.
    pub blurb: &'static str,
    /// What a class should watch for.
    pub watch_for: &'static str,
}

/// The cards, in the table's order.
pub const CARDS: [Card; 22] = [
    Card {
        view: View::Classic,
        blurb: "Insert and look up your own strings, watch the k bits of each, and catch false positives in the act — from 8 bits to a million.",
        watch_for: "A lookup whose k bits were all set by other items: the page names it a false positive.",
    },
    Card {
        view: View::Ullman,
        blurb: "Step through Ullman's 11-bit odd/even-bit example and the darts analysis, exactly as taught — or with your own numbers.",
        watch_for: "An insert that finds its bit already set, and 118 ruled out by a single 0 bit: a filter never says absent for an item it holds.",
    },
    Card {
        view: View::Skiena,
        blurb: "A bit-vector hash table against Bloom filters in the same memory: the union bound for k = 1 to 5, and why there is a best k.",
        watch_for: "How much better several hash functions do than one at a low load, and the bound becoming useless as the load grows.",
    },
    Card {
        view: View::Fp,
        blurb: "Plot the formulas against measured false-positive rates, and size a real filter with the calculator.",
        watch_for: "Measured rates scattering around the average filter's curves, and the best k near (m/n) ln 2.",
    },
    Card {
        view: View::Hashes,
        blurb: "The same filter with different hash families: where naive seeds and double hashing fail the formulas, and the fix.",
        watch_for: "Naive seeds failing on three-letter words, and double hashing at a power-of-two m, where rare items cycle through a few positions.",
    },
    Card {
        view: View::Counting,
        blurb: "Counters instead of bits: delete items, estimate counts, and see where counting filters go wrong.",
        watch_for: "Deleting an item the filter only believes it holds, and the false negatives that follow.",
    },
    Card {
        view: View::Mlbf,
        blurb: "Split URLs into layers with one filter each and an XOR layer, and test the paper's claim fairly.",
        watch_for: "A URL mixing two known URLs' segments that every layer passes and only the XOR layer stops.",
    },
    Card {
        view: View::Toolbox,
        blurb: "Union and intersection of two filters, how many items a filter holds, what a wrong n costs, and six variants at the same memory.",
        watch_for: "The union being exact, and the intersection keeping bits no common item set once the filters fill up.",
    },
    Card {
        view: View::Search,
        blurb: "Linear search, binary search, a hash set, a Bloom filter and the multi-layer filter on the same URLs, up to a million — time, memory and false positives, on generated URLs or your own file.",
        watch_for: "The memory each method needs for a million URLs, and the false positives the filters pay for theirs.",
    },
    Card {
        view: View::Crawler,
        blurb: "A crawl with a Bloom filter as its seen-set: new pages lost as it fills, and four restart policies trading lost pages for pages fetched twice.",
        watch_for: "New pages lost as the filter fills, and each restart policy trading them for pages fetched twice.",
    },
    Card {
        view: View::Chunks,
        blurb: "A table in chunks with one small filter each: which chunks a lookup reads, and the wasted reads against their expected number.",
        watch_for: "The wasted reads falling as m grows, close to the number the filters' fill predicts.",
    },
    Card {
        view: View::Sampling,
        blurb: "Why a 1-in-10 sample misreports repeated queries, how sampling by key fixes it, a sample kept within a limit, and key–value data.",
        watch_for: "A sample by position misreporting the share of repeated queries, and a sample by key getting it right.",
    },
    Card {
        view: View::Distinct,
        blurb: "Flajolet–Martin step by step with the lecture's hashes, why 2^R works, combining many estimates on streams of up to a million elements and why the slides' recipe runs high, PCSA, LogLog and HyperLogLog, and neighbourhood sizes in a graph.",
        watch_for: "The longest run of trailing zeros growing with the number of distinct elements, and how single estimates combine.",
    },
    Card {
        view: View::Moments,
        blurb: "The surprise number, the Alon–Matias–Szegedy estimate step by step, reservoir sampling for streams that never end, and the estimator on a million elements.",
        watch_for: "Two streams of the same length with very different surprise numbers, and the variables' mean landing near the second moment — exactly on it when every position starts one.",
    },
    Card {
        view: View::Frequencies,
        blurb: "A counting filter grown into rows: count-min with the standard and the conservative update, the count sketch, their error bound εN, and the heavy hitters Misra–Gries and SpaceSaving keep with k counters.",
        watch_for: "Count-min never estimating below the true count, the conservative update landing closer, and the count sketch erring both ways.",
    },
    Card {
        view: View::Window,
        blurb: "DGIM step by step: the 1s among the last N bits of a stream counted with O(log² N) bits of buckets, each arrival's merges and drops shown, and the error measured at every t against its bound.",
        watch_for: "Two oldest buckets of a size merging when r + 1 share it, and the estimate off by half the oldest bucket at most — 50 % when the window holds a single 1.",
    },
    Card {
        view: View::Xor,
        blurb: "The xor and binary fuse filters built by peeling, step by step on your own keys: each key's slots, the queue of slots one key uses, the stack, a failed build's core, and the slots written backwards; the reference's sizes and how often a build succeeds as the slots per key cross the threshold.",
        watch_for: "A key leaving with a slot only it uses, the build failing with a core where every slot has two keys, and a lookup whose XOR matches by chance: a false positive.",
    },
    Card {
        view: View::Quotient,
        blurb: "Bender's quotient filter step by step: each item's quotient picks its canonical slot, its remainder is kept in order within a run, and the three bits per slot tell runs and clusters apart; inserts, lookups and deletes walked, the cluster length and the false-positive rate measured against load.",
        watch_for: "A remainder landing away from its canonical slot with is_shifted set, is_occupied staying on the canonical slot, and a full filter refusing an insert with nothing lost.",
    },
    Card {
        view: View::Space,
        blurb: "Bits per key against false-positive rate for Bloom, split-block, cuckoo, xor, binary fuse, ribbon and quotient filters, built in the page and measured against their formulas and the bound log₂(1/ε); Parquet's split-block filter on your own keys; a ribbon filter's rows eliminated step by step.",
        watch_for: "The static filters about 10 to 25 % over the bound where a Bloom filter spends 44 % more, and the split-block filter's measured rate following the blocked formula, not the spec's.",
    },
    Card {
        view: View::Exercises,
        blurb: "Seeded, printable exercise sheets on every topic of the week, with an answer key computed by the same code as the views.",
        watch_for: "Answers computed by the same code as the views; print a sheet with or without its key.",
    },
    Card {
        view: View::Practice,
        blurb: "Run an algorithm yourself, step by step, on a generated problem: set the bits an insert sets, write each tail length, decide each lookup. Every step is graded.",
        watch_for: "A wrong step named for the mistake behind it (digits read backwards, a forgotten mod m, R taken from the last element), with the worked step.",
    },
    Card {
        view: View::Tally,
        blurb: "Paste the class's result codes from Run it by hand: every score recomputed from the answers, the scores per exercise and the most frequent mistakes per step. Nothing leaves the page.",
        watch_for: "The mistake most of the class made at the same step: the one to go over again.",
    },
];
