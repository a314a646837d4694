//! The built-in tours, written from the course material (the lecture notes, Ullman's deck, the
//! multi-layer filter paper, Skiena's notes). Each stop is a link the app reads without a notice
//! and, for a walkthrough, a step that exists (`tests` checks both through the views' models).

use super::{link_view, Stop, Tour};
use crate::link::views::View;

/// A built-in tour: its name in links, its title, and its stops as (link, title, watch for).
pub struct BuiltinTour {
    pub name: &'static str,
    pub title: &'static str,
    pub stops: &'static [(&'static str, &'static str, &'static str)],
}

impl BuiltinTour {
    /// About how long the tour takes in class: the minutes of the views it visits, each counted
    /// once (the table of views' `minutes`).
    pub fn minutes(&self) -> u32 {
        let mut views: Vec<View> = self.stops.iter().map(|(link, ..)| link_view(link)).collect();
        views.sort_by_key(|v| v.name());
        views.dedup();
        views.iter().filter_map(|v| v.row().minutes).sum()
    }

    pub fn tour(&self) -> Tour {
        let stops = self.stops.iter().map(stop).collect();
        Tour { name: self.name.into(), title: self.title.into(), stops }
    }
}

/// A built-in stop as a tour holds it.
fn stop(&(link, title, note): &(&'static str, &'static str, &'static str)) -> Stop {
    Stop { link: link.into(), title: title.into(), note: note.into(), question: None }
}

/// The built-in tour named `name`.
pub fn find(name: &str) -> Option<Tour> {
    TOURS.iter().find(|t| t.name == name).map(BuiltinTour::tour)
}

/// The first stop of the built-in tours that shows `view`, or else its moment in [`MOMENTS`]: a
/// moment that already makes the view's point, which the home page's card offers beside the view's
/// plain link (whose defaults a link of today must keep showing). `None` for a view without one.
pub fn first_stop_showing(view: View) -> Option<Stop> {
    TOURS.iter().flat_map(|t| t.stops).chain(MOMENTS).find(|(link, ..)| link_view(link) == view).map(stop)
}

/// Telling moments of views no built-in tour visits. They are not added to a tour: a tour's stop
/// numbers and its "5 / 11" are part of the links of today.
pub const MOMENTS: &[(&str, &str, &str)] = &[(
    "view=skiena&load=0.05",
    "One hash or several?",
    "At 5% load one hash is dozens of times worse than five; drag the load to see where the best k moves.",
)];

pub const TOURS: [BuiltinTour; 6] = [
    BuiltinTour {
        name: "bloom-filters",
        title: "Bloom filters in one lecture",
        stops: &[
            (
                "view=classic&m=11&k=2&hash=ullman&items=25,159,585&query=17",
                "The idea",
                "Each item sets k bits; a lookup reads the same k bits. 17 was never added, yet both its bits, 5 and 0, are 1: a false positive.",
            ),
            (
                "view=ullman&step=0",
                "Ullman's 11-bit filter",
                "Two hash functions: the odd- and the even-numbered binary digits of x, each read as a number mod 11.",
            ),
            ("view=ullman&step=1", "Inserting 25", "25's digits split into two numbers, and each sets one bit."),
            ("view=ullman&step=3", "Inserting 585", "A bit that is already 1 stays 1: items share bits."),
            (
                "view=ullman&step=4",
                "Looking up 118",
                "Bit 3 is 0, so 118 is certainly absent: one 0 among an item's bits is proof, and a filter never says absent for an item it holds.",
            ),
            (
                "view=ullman&step=5",
                "How likely is that?",
                "The chance of a false positive is the share of 1s to the power k.",
            ),
            (
                "view=ullman&step=6",
                "Throwing darts",
                "Setting bits is throwing n·k darts at m targets: a target stays 0 with chance about e^(−kn/m).",
            ),
            (
                "view=ullman&step=7",
                "A billion bits",
                "The slides' example: 10^9 bits, 5 hashes, 10^8 items. Why does the slide round to 0.00937?",
            ),
            (
                "view=fp&x=n",
                "The formulas, measured",
                "The curves are the average filter; each point is one filter, and its interval covers only the probes' chance, so points stray from the curves by more than their intervals.",
            ),
            (
                "view=fp&x=k",
                "The best k",
                "Too few hashes waste the bits, too many fill them: the minimum sits near (m/n) ln 2.",
            ),
            (
                "view=hashes&families=naive,xxh3&m=4096&k=5&n=300&items=len:3&trials=17276",
                "Hash quality",
                "Seeds 0 .. k−1 on three-letter words pass far more non-members than the formulas allow; good hashes do not.",
            ),
        ],
    },
    BuiltinTour {
        name: "variants",
        title: "Counting and multi-layer filters",
        stops: &[
            (
                "view=counting&m=32&k=3&w=4&ops=i:apple,i:apple,i:banana,d:apple&query=apple",
                "Counters instead of bits",
                "An insert adds 1 to k counters, a delete takes 1 away; the smallest counter estimates the count.",
            ),
            (
                "view=counting&m=32&k=3&w=4&ops=i:apple,i:banana,i:cherry,i:date,i:elderberry,i:fig,i:grape,d:lemon&query=cherry",
                "Deleting a false positive",
                "lemon was never inserted, but the filter lets its delete go: it takes counts cherry and grape needed, and both are now false negatives.",
            ),
            (
                "view=counting&m=32&k=3&w=4&force=1&ops=i:apple,i:banana,i:cherry,i:date,i:elderberry,i:fig,i:grape,d:quince&query=banana",
                "Forcing a delete",
                "quince is certainly absent; forcing its delete anyway takes a count banana needed, and banana is now a false negative.",
            ),
            (
                "view=counting&m=32&k=3&w=2&ops=i:apple,i:apple,i:apple,i:apple,d:apple,d:apple,d:apple,d:apple&query=apple",
                "Counters that overflow",
                "2-bit counters stop at 3 and are never decremented again: apple stays present for ever.",
            ),
            (
                "view=counting&m=32&k=3&w=4&mode=mi&ops=i:apple,i:fig,i:fig,d:apple&query=fig",
                "Minimal Increase and deletes",
                "Raising only the smallest counters undercounts once anything is deleted: fig now counts 1.",
            ),
            (
                "view=mlbf&m=64&k=3&layers=4&items=example.com/a1/a2/a3,example.com/b1/b2/b3&query=example.com/a1/b2/a3",
                "One filter per URL layer",
                "Every segment was seen in its layer, so each layer says maybe; only the XOR layer knows the URL is new.",
            ),
            (
                "view=mlbf&m=64&k=3&layers=4&items=example.com/docs/docs,example.com/blog/intro,example.com/news/blog&query=example.com/blog/blog",
                "Where the XOR layer fails",
                "A segment XORed with itself is 0: blog/blog looks like docs/docs to the XOR layer.",
            ),
            (
                "view=toolbox",
                "The toolbox",
                "The OR of two filters is exactly the filter of the union. The AND only bounds the intersection: it can keep bits no common item set (none yet with four items each; add generated words to A and B).",
            ),
        ],
    },
    BuiltinTour {
        name: "streams",
        title: "Mining streams in one lecture",
        stops: &[
            (
                "view=sampling&step=0",
                "Sampling a stream",
                "What share of a user's queries are repeated? Keep 1 in 10 of them and ask the sample.",
            ),
            (
                "view=sampling&step=3",
                "What the sample reports",
                "A doubled query rarely keeps both copies: the sample by position reports far fewer repeats.",
            ),
            (
                "view=sampling&step=5",
                "Sampling by key",
                "Hash the query, not the position: both copies are in or out together, and the share of repeats comes out near the stream's.",
            ),
            (
                "view=distinct&step=0",
                "Flajolet–Martin",
                "Hash each element and count the 0s at the end of its hash; R is the longest such tail.",
            ),
            (
                "view=distinct&step=10",
                "The estimates",
                "2^R estimates the number of distinct elements; some hash functions cannot estimate at all.",
            ),
            (
                "view=distinct&step=11",
                "Why it works",
                "A tail of i 0s turns up about once in 2^i distinct elements, so R grows like log2 of the count.",
            ),
            (
                "view=distinct&step=11&group-size=4&focus=combine",
                "Combining estimates",
                "Means of 2^R are thrown by one large value and medians are powers of 2; grouping first, as the slides suggest, still runs well above the true count.",
            ),
            (
                "view=distinct&step=13",
                "Neighbourhoods",
                "R over a node's neighbourhood is the maximum of its neighbours' R one step smaller.",
            ),
            (
                "view=moments&step=0&focus=surprise",
                "The surprise number",
                "The second moment: the sum of the squared counts. Two streams of one length can differ widely.",
            ),
            (
                "view=moments&step=16",
                "The AMS estimate",
                "Each variable counts its element from a start position on; n(2v − 1) averages to the second moment.",
            ),
            (
                "view=moments&step=18",
                "Why the mean is exact",
                "Over every start position the sums telescope: 1 + 3 + … + (2m − 1) = m².",
            ),
            (
                "view=moments&step=19",
                "A stream that never ends",
                "Reservoir sampling keeps the n-th element with chance s/n, so the positions held stay uniform.",
            ),
            (
                "view=moments&step=33",
                "The reservoir, measured",
                "Every position is held close to s/n of the time; with 95% intervals, about one position in twenty misses s/n by chance.",
            ),
        ],
    },
    BuiltinTour {
        name: "applications",
        title: "Where Bloom filters earn their keep",
        stops: &[
            (
                "view=search",
                "Search methods compared",
                "The memory each method needs for the same URLs, and the false positives the filters pay for it.",
            ),
            (
                "view=crawler&focus=crawl-lost",
                "The crawler's seen-set",
                "As the filter fills, new pages are called seen and lost; restarts trade them for pages fetched twice.",
            ),
            (
                "view=crawler&policy=rotate&focus=crawl-refetched",
                "Two filters in rotation",
                "The older filter still answers while the newer one fills: far fewer pages lost than never restarting, and fewer fetched twice than restarting from empty.",
            ),
            (
                "view=chunks",
                "One filter per chunk",
                "A lookup reads only the chunks whose filter says maybe; the wasted reads follow the filters' fill.",
            ),
            (
                "view=chunks&m=128",
                "Smaller filters, more reads",
                "With 128 bits per chunk the filters fill up and most chunks are read for nothing.",
            ),
        ],
    },
    BuiltinTour {
        name: "frequencies",
        title: "Frequencies and windows",
        stops: &[
            (
                "view=frequencies&sketches=cm&step=1&focus=step",
                "Count-min: a row per hash",
                "“apple” arrives first: count-min adds 1 to one counter in each of its 3 rows, the counter that row's hash picks for apple.",
            ),
            (
                "view=frequencies&sketches=cm&step=21&focus=step",
                "Reading an estimate",
                "A counter holds the item's own arrivals and those of every item hashed to the same place in its row, so count-min reports the smallest: too high at times, never too low.",
            ),
            (
                "view=frequencies&sketches=cm,cu&step=21&focus=step",
                "The conservative update",
                "An arrival raises only those of its counters that are below its estimate + 1: counters shared with other items grow less, and no estimate drops below the true count.",
            ),
            (
                "view=frequencies&sketches=cs&step=21&focus=step",
                "The count sketch",
                "Each row adds +1 or −1 by a second hash, so collisions cancel on average; the median of sign × counter can land on either side of the true count.",
            ),
            (
                "view=window&t=4",
                "DGIM: the first merge",
                "Bit 4 is the third 1; with r = 2 buckets of a size allowed, the two oldest, 1@3 and 1@1, merge into 2@3, which keeps the newer timestamp. The estimate counts half the oldest bucket: 2 for 3 ones.",
            ),
            (
                "view=window&t=22",
                "A bucket leaves the window",
                "With N = 16, bucket 4@6 leaves at t = 22: its timestamp 6 is ≤ t − N. The estimate is 6 for 8 ones: half of the oldest bucket, 4@14, is guessed, and here its 4 ones are all still inside.",
            ),
            (
                "view=frequencies&k=3&focus=hitters",
                "Heavy hitters with k counters",
                "With k = 3 counters, an item seen in more than a quarter of the 20 arrivals is kept: apple, 8 times, is the one heavy hitter. Misra–Gries keeps it with a count of 4, low by 4, within N/(k+1) = 5; SpaceSaving counts it exactly, and its banana and lime, 6 each with an error of 5, are over-counts it admits.",
            ),
            (
                "view=frequencies&stream=zipf&s=1.1&length=100000&w=272&d=5&focus=scale",
                "The bound at scale",
                "100,000 Zipf draws into 5 rows of 272 counters: εN ≈ 999 with δ = e^−5. Every count-min error is an over-count, the largest 352, far under εN, and the conservative update's mean error is about half of count-min's; the count sketch errs both ways, and 2 of its 7,399 items lie beyond εN.",
            ),
        ],
    },
    BuiltinTour {
        name: "built-once",
        title: "Filters built once",
        stops: &[
            (
                "view=xor&step=1",
                "One slot in each block",
                "Each of the 6 keys picks 3 of the 39 slots, one in each block. The 18 slots that only one key uses wait in the queue: any of them can be set last for its key.",
            ),
            (
                "view=xor&step=4",
                "Peeling a key",
                "Slot 9 is used by kiwi alone, so kiwi leaves with it and goes on the stack, third after lime and apple; its other slots, 13 and 36, each lose a key.",
            ),
            (
                "view=xor&items=k0,k1,k2,k3,k4,k5,k6,k7,k8,k9,k10,k11&spk=0.9&step=2",
                "When peeling gets stuck",
                "With 0.9 slots a key, all 100 seeds fail: every slot the 12 keys use has two keys or more, a core no peel can start. Above about 1.22 slots a key, such cores become rare.",
            ),
            (
                "view=xor&step=13",
                "Writing the slots backwards",
                "The keys are written in reverse order of peeling, so lime, peeled first, is written last: its own slot 12 is set to its fingerprint 133 XOR its two other slots, which no later write touches.",
            ),
            (
                "view=quotient&step=16",
                "A quotient filter shifts",
                "lime has quotient 2 like kiwi and a smaller remainder, 4 against 14: kiwi's 14 moves right to slot 3, where it continues quotient 2's run and is marked shifted.",
            ),
            (
                "view=quotient&step=22",
                "Finding a run",
                "apricot's canonical slot 4 is shifted, so the walk goes back to slot 2, the start of the cluster, and then forward a run at a time, skipping the runs of quotients 2 and 3.",
            ),
        ],
    },
];
