//! The exercises of the practice view: their names (the link's `exercise`, result codes), titles
//! and tasks, and which of the practice page's two builds runs each. The page is built twice from
//! the same code (`bloomlab-practice` with the features `filter-drills`, `bloomlab-practice-streams`
//! with `stream-drills`: index.html), each with its chapters' drills only, so that neither page
//! carries the other's; the loader opens a link's exercise on the build that has it.

use super::exercises::{quotient_insert, xor_peel};

#[cfg(not(any(feature = "filter-drills", feature = "stream-drills")))]
compile_error!("the practice page needs its drills: build with `filter-drills`, `stream-drills` or both");

/// The enum, `ALL`, `NAMES`, `title`, `task` and the streams chapters' flags from the rows
/// `Variant { name, title, feature, task }` (`exercises!`): one row per exercise, in the order of
/// result codes and links (`ALL`, and `Exercise as u64` in `Problem::generate`'s seed), so new
/// exercises go at the end. `feature` names the build that runs it: `filter-drills` or
/// `stream-drills` (the feature its row in the table of drills, `problem.rs`, is compiled with).
macro_rules! exercises {
    ($($exercise:ident {
        name: $name:literal,
        title: $title:literal,
        feature: $feature:tt,
        task: $task:expr,
    })+) => {
        /// The exercises of the practice view.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Exercise {
            $($exercise,)+
        }

        impl Exercise {
            /// Every exercise, in the rows' order. New exercises go at the end, so result codes and
            /// links keep their meaning.
            pub const ALL: [Exercise; [$(Exercise::$exercise),+].len()] = [$(Exercise::$exercise),+];
            /// Their names (the link's `exercise`, result codes), in the same order.
            pub const NAMES: [&'static str; Exercise::ALL.len()] = [$($name),+];
            /// Whether each of `ALL` is a streams chapter's (run by the build with `stream-drills`).
            const ON_STREAMS: [bool; Exercise::ALL.len()] = [$(on_streams!($feature)),+];

            pub fn title(self) -> &'static str {
                match self {
                    $(Exercise::$exercise => $title,)+
                }
            }

            /// What the student does, in a sentence.
            pub fn task(self) -> &'static str {
                match self {
                    $(Exercise::$exercise => $task,)+
                }
            }
        }
    };
}

/// Whether a row's feature is the streams chapters' (a feature that is neither fails to compile).
macro_rules! on_streams {
    ("filter-drills") => {
        false
    };
    ("stream-drills") => {
        true
    };
}

// The table of exercises: one row each, in the order of result codes and links (new rows at the
// end), each with the feature of the build that runs it.
exercises! {
    BloomInsert {
        name: "bloom-insert",
        title: "Insert into a Bloom filter",
        feature: "filter-drills",
        task: "Set the bits each inserted item sets, as in Ullman's example: h1 reads the odd-numbered binary digits (counted from the right), h2 the even-numbered ones, each mod m. Bits set by earlier items stay set.",
    }
    BloomLookup {
        name: "bloom-lookup",
        title: "Look up in a Bloom filter",
        feature: "filter-drills",
        task: "For each item looked up, say what the filter answers and whether it is true: absent, present and a member, or present and a false positive.",
    }
    Fm {
        name: "fm",
        title: "Flajolet–Martin by hand",
        feature: "stream-drills",
        task: "For each element, the tail length of h(x) = (a·x + b) mod 2^w: the 0s at the right end of its w binary digits (the tail of 0 is w). Then R, the largest tail, and the estimate 2^R.",
    }
    FpFormula {
        name: "fp-formula",
        title: "The false-positive formula",
        feature: "filter-drills",
        task: "Work out the false-positive rate of a filter from the formula, then the best number of hash functions.",
    }
    Counting {
        name: "counting",
        title: "Insert and delete in a counting filter",
        feature: "filter-drills",
        task: "Write the counters after each insert and delete (an insert adds 1 to the counters h1(x) and h2(x), a delete takes 1 from them, and a counter at 0 stays 0). Then say which items still inserted the forced delete turned into false negatives.",
    }
    MlbfXor {
        name: "mlbf-xor",
        title: "The multi-layer filter's XOR layer",
        feature: "filter-drills",
        task: "For each hash j, the bit the URL sets in the XOR layer: the XOR of its j-th positions in every layer, digit by digit in binary, then mod m.",
    }
    Hll {
        name: "hll",
        title: "HyperLogLog's registers",
        feature: "stream-drills",
        task: "For each hash, its register (the number its low p bits make) and ρ (the position of the first 1 in the other bits, counted from the right, from 1). Then the registers: each keeps the largest ρ it was sent, 0 if none.",
    }
    Ams {
        name: "ams",
        title: "The AMS estimate by hand",
        feature: "stream-drills",
        task: "As each element arrives, every variable's value: how often its element has occurred from its start position on. Then each variable's X = n·(2·value − 1), and their mean, the estimate of the second moment.",
    }
    Reservoir {
        name: "reservoir",
        title: "Reservoir sampling by hand",
        feature: "stream-drills",
        task: "For each arriving position, from its draw: passed over (a draw of s or more), or kept, taking the slot named by the next unused pick.",
    }
    Sampling {
        name: "sampling",
        title: "A sample by key",
        feature: "stream-drills",
        task: "For each position of the stream, whether a sample by key keeps it: a query is kept when its bucket is one of the lowest ones, wherever it occurs.",
    }
    CmUpdate {
        name: "cm-update",
        title: "A count-min sketch's counters",
        feature: "stream-drills",
        task: "After each arrival, each row's counters: the item goes to one column per row (the table gives them); the standard update adds 1 to each of its counters, the conservative one raises each only to the item's estimate + 1. Then an item's estimate: the smallest of its counters.",
    }
    MisraGries {
        name: "misra-gries",
        title: "Misra–Gries's counters",
        feature: "stream-drills",
        task: "After each arrival, every item's count (0 without a counter): an item with a counter gains 1, a new item takes a free counter with count 1, and when none is free every counter loses 1 (those at 0 are freed) and the new item takes none. Then the threshold N/(k+1) and the candidates for heavy hitters.",
    }
    Dgim {
        name: "dgim",
        title: "DGIM's buckets over a window",
        feature: "stream-drills",
        task: "After each 1 arrives, the buckets: each one's size under its timestamp (its most recent 1). A bucket whose timestamp is t − N or older leaves; the 1 makes a bucket of size 1; when r + 1 buckets share a size the two oldest merge, keeping the newer timestamp. Then the estimate: every bucket's size but the oldest's, plus half the oldest's.",
    }
    XorPeel {
        name: "xor-peel",
        title: "Peel an xor filter, then fill its slots",
        feature: "filter-drills",
        task: xor_peel::TASK,
    }
    QuotientInsert {
        name: "quotient-insert",
        title: "Insert into a quotient filter",
        feature: "filter-drills",
        task: quotient_insert::TASK,
    }
}

impl Exercise {
    pub fn name(self) -> &'static str {
        Exercise::NAMES[self as usize]
    }

    pub fn parse(s: &str) -> Option<Exercise> {
        Exercise::ALL.into_iter().find(|e| e.name() == s)
    }

    /// The exercises of the streams chapters, run by the page built with `stream-drills`
    /// (`bloomlab-practice-streams`); the others run on `bloomlab-practice` (`filter-drills`).
    pub const STREAMS: [Exercise; Exercise::STREAMS_COUNT] = {
        let mut streams = [Exercise::BloomInsert; Exercise::STREAMS_COUNT];
        let (mut i, mut n) = (0, 0);
        while i < Exercise::ALL.len() {
            if Exercise::ON_STREAMS[i] {
                streams[n] = Exercise::ALL[i];
                n += 1;
            }
            i += 1;
        }
        streams
    };

    /// How many exercises the streams chapters have.
    const STREAMS_COUNT: usize = {
        let (mut i, mut n) = (0, 0);
        while i < Exercise::ALL.len() {
            n += Exercise::ON_STREAMS[i] as usize;
            i += 1;
        }
        n
    };

    /// The file of the practice page's build that runs `STREAMS` (index.html builds it with
    /// `stream-drills`; the loader opens a streams exercise's link on it).
    pub const STREAMS_FILE: &'static str = "bloomlab-practice-streams";

    /// Whether this build has the exercise's drill (every build of the core's tests has all).
    pub fn here(self) -> bool {
        let (streams, filters) = (cfg!(feature = "stream-drills"), cfg!(feature = "filter-drills"));
        [filters, streams][usize::from(Exercise::STREAMS.contains(&self))]
    }

    /// Whether the practice link `q` opens on `STREAMS_FILE`, as the loader decides (index.html's
    /// `drills`): its `exercise`, or else its `tasks`' first exercise, is a streams chapter's.
    pub fn on_streams_build(q: &crate::link::query::Query) -> bool {
        let first = match q.raw(super::EXERCISE.name).map(str::trim).filter(|e| !e.is_empty()) {
            Some(e) => e,
            None => q.raw(super::lms::assignment::TASKS.name).unwrap_or("").trim(),
        };
        let name = first.split([':', ',']).next().unwrap_or("");
        Exercise::STREAMS.iter().any(|e| e.name() == name)
    }

    /// The first exercise this build has: what a page offers in place of one it does not have.
    pub fn first_here() -> Exercise {
        Exercise::ALL.into_iter().find(|e| e.here()).unwrap_or(Exercise::BloomInsert)
    }
}

#[cfg(test)]
#[test]
fn a_link_opens_on_the_build_of_its_exercise_or_first_task() {
    use crate::link::query::Query;
    let on = |link: &str| Exercise::on_streams_build(&Query::parse(link));
    assert!(on("?view=practice&exercise=fm") && on("?view=practice&exercise=xor-peel&exercise=dgim"));
    assert!(!on("?view=practice") && !on("?view=practice&exercise=quotient-insert") && !on("?exercise=fm2"));
    assert!(on("?tasks=fm:2,hll:1") && on("?tasks=dgim,ams") && !on("?tasks=bloom-insert:1,fm:2"));
    assert!(!on("?exercise=counting&tasks=fm:1"), "the exercise first, as the loader reads it");
    assert_eq!(Exercise::ALL.iter().filter(|e| e.here()).count(), Exercise::ALL.len(), "the tests' build has all");
}
