//! What each built-in stop's note, and each home card's "watch for", relies on, written as checks
//! of the page's hooks: a note that names a state ("118 is certainly absent", "17 is a false
//! positive") is only as true as the page under it. The end-to-end suite opens every stop (and
//! every card's link) in a browser, normal and in presenter mode at 1024 × 768, and checks each fact
//! and that the element the note talks about (`shows`) is whole on the first screen
//! (`tests/e2e/facts.test.mjs`, reading `tests/e2e/tour-facts.json`, which `tests/bundles.rs` writes
//! from here). Only tests read this table, so no bundle carries it, and the core names no DOM
//! selector: these are the only ones outside the app (`tests/rules.rs` checks the core's sources).

use bloomlab_core::link::views::View;

/// One fact about the first element matching `select` (a CSS selector), by `op`:
/// `=` its attribute `attr` equals `value`; `>` or `<` the number in `attr` is above or below
/// `value`, a number or `SELECTOR @ATTR` (another element's); `text` its text contains `value`;
/// `visible` it is on the page with a size; `checked` it is a checked input.
#[derive(Clone, Copy, Debug)]
pub struct Fact {
    pub select: &'static str,
    pub op: &'static str,
    pub attr: &'static str,
    pub value: &'static str,
}

const fn is(select: &'static str, attr: &'static str, value: &'static str) -> Fact {
    Fact { select, op: "=", attr, value }
}

const fn says(select: &'static str, value: &'static str) -> Fact {
    Fact { select, op: "text", attr: "", value }
}

const fn visible(select: &'static str) -> Fact {
    Fact { select, op: "visible", attr: "", value: "" }
}

const fn checked(select: &'static str) -> Fact {
    Fact { select, op: "checked", attr: "", value: "" }
}

/// The number in `attr` is above `than`: a number, or `SELECTOR @ATTR` (another element's).
const fn more(select: &'static str, attr: &'static str, than: &'static str) -> Fact {
    Fact { select, op: ">", attr, value: than }
}

/// The number in `attr` is below `than` (as [`more`]).
const fn less(select: &'static str, attr: &'static str, than: &'static str) -> Fact {
    Fact { select, op: "<", attr, value: than }
}

/// The facts of one built-in stop (`stop` from 1) or one home card's link.
#[derive(Clone, Copy, Debug)]
pub struct Facts {
    /// The tour's name, or `card` for a home card's "watch for" and `moment` for a moment of
    /// `bloomlab_core::link::tours::builtin::MOMENTS`.
    pub tour: &'static str,
    /// The stop, from 1 (0 for a card or a moment).
    pub stop: usize,
    /// A card's view (`None` for a stop).
    pub view: Option<View>,
    /// The link the facts hold at (a card's own; a stop's is the stop's link).
    pub link: &'static str,
    /// The element the note talks about: visible, and whole on the first screen in presenter mode.
    pub shows: &'static str,
    pub facts: &'static [Fact],
}

const fn stop(tour: &'static str, stop: usize, shows: &'static str, facts: &'static [Fact]) -> Facts {
    Facts { tour, stop, view: None, link: "", shows, facts }
}

const fn card(view: View, link: &'static str, shows: &'static str, facts: &'static [Fact]) -> Facts {
    Facts { tour: "card", stop: 0, view: Some(view), link, shows, facts }
}

const VERDICT: &str = "[data-testid=verdict]";
const BITS: &str = "[data-testid=bit-array]";
const TRACE: &str = "[data-testid=hash-trace]";
const STEP: &str = "[data-testid=step]";

/// Every built-in stop's facts, tour by tour in stop order (the last tour's, the moments' and the
/// cards' follow in [`all`]).
pub const FACTS: &[Facts] = &[
    // Bloom filters in one lecture.
    stop(
        "bloom-filters",
        1,
        TRACE,
        &[
            is(VERDICT, "data-item", "17"),
            is(VERDICT, "data-verdict", "maybe"),
            is(VERDICT, "data-truth", "non-member"),
            is(TRACE, "data-positions", "5,0"),
            is(BITS, "data-bits", "10100101010"),
        ],
    ),
    stop("bloom-filters", 2, BITS, &[is(STEP, "data-step", "0"), is(BITS, "data-ones", "0")]),
    stop("bloom-filters", 3, TRACE, &[is(TRACE, "data-item", "25"), is(TRACE, "data-positions", "5,2")]),
    stop(
        "bloom-filters",
        4,
        TRACE,
        &[
            is(TRACE, "data-item", "585"),
            is(TRACE, "data-positions", "9,7"),
            // Bit 7 was set by 159 before: five bits for six hash values.
            is(BITS, "data-bits", "10100101010"),
        ],
    ),
    stop(
        "bloom-filters",
        5,
        VERDICT,
        &[
            is(VERDICT, "data-item", "118"),
            is(VERDICT, "data-verdict", "absent"),
            is(VERDICT, "data-truth", "non-member"),
            is(TRACE, "data-positions", "3,5"),
            is(BITS, "data-bits", "10100101010"),
        ],
    ),
    stop(
        "bloom-filters",
        6,
        "[data-testid=fp-filter]",
        &[is(BITS, "data-ones", "5"), is("[data-testid=fp-filter]", "data-value", "0.20661157024793386")],
    ),
    stop(
        "bloom-filters",
        7,
        "[data-testid=narration]",
        &[is(STEP, "data-step", "6"), says("[data-testid=narration]", "dart")],
    ),
    stop("bloom-filters", 8, "[data-testid=slide-darts]", &[says("[data-testid=slide-darts]", "0.00937")]),
    stop(
        "bloom-filters",
        9,
        "[data-testid=fp-plot]",
        &[is("[data-testid=fp-progress]", "data-status", "done"), checked("[data-testid=axis-radio][data-axis=n]")],
    ),
    stop(
        "bloom-filters",
        10,
        "[data-testid=fp-plot]",
        &[
            is("[data-testid=fp-progress]", "data-status", "done"),
            checked("[data-testid=axis-radio][data-axis=k]"),
            // (m/n) ln 2 = 6.93 for m = 1,000 and n = 100.
            is("[data-testid=optimal-k]", "data-value", "7"),
        ],
    ),
    stop(
        "bloom-filters",
        11,
        "[data-testid=hash-fp][data-family=naive]",
        &[
            is("[data-testid=hash-fp][data-family=naive]", "data-off", "true"),
            is("[data-testid=hash-fp][data-family=xxh3]", "data-off", "false"),
        ],
    ),
    // Counting and multi-layer filters.
    stop(
        "variants",
        1,
        "[data-testid=counter-array]",
        &[is("[data-testid=estimate]", "data-value", "1"), is("[data-testid=estimate]", "data-true", "1")],
    ),
    stop(
        "variants",
        2,
        VERDICT,
        &[
            is(VERDICT, "data-item", "cherry"),
            is(VERDICT, "data-verdict", "absent"),
            is(VERDICT, "data-truth", "member"),
            is("[data-testid=damage]", "data-false-negatives", "2"),
            is("[data-testid=multiset-row][data-item=grape]", "data-estimate", "0"),
        ],
    ),
    stop(
        "variants",
        3,
        VERDICT,
        &[
            is(VERDICT, "data-item", "banana"),
            is(VERDICT, "data-verdict", "absent"),
            is(VERDICT, "data-truth", "member"),
            is("[data-testid=multiset-row][data-item=quince]", "data-true", "0"),
        ],
    ),
    stop(
        "variants",
        4,
        VERDICT,
        &[
            is(VERDICT, "data-verdict", "maybe"),
            is(VERDICT, "data-truth", "non-member"),
            is("[data-testid=estimate]", "data-value", "3"),
            is("[data-testid=counter-array]", "data-saturated", "3"),
        ],
    ),
    stop(
        "variants",
        5,
        "[data-testid=estimate]",
        &[
            is("[data-testid=estimate]", "data-item", "fig"),
            is("[data-testid=estimate]", "data-value", "1"),
            is("[data-testid=estimate]", "data-true", "2"),
        ],
    ),
    stop(
        "variants",
        6,
        "[data-testid=layer-verdict][data-layer=xor]",
        &[
            is("[data-testid=layer-verdict][data-layer='1']", "data-verdict", "maybe"),
            is("[data-testid=layer-verdict][data-layer='2']", "data-verdict", "maybe"),
            is("[data-testid=layer-verdict][data-layer='3']", "data-verdict", "maybe"),
            is("[data-testid=layer-verdict][data-layer='4']", "data-verdict", "maybe"),
            is("[data-testid=layer-verdict][data-layer=xor]", "data-verdict", "absent"),
        ],
    ),
    stop(
        "variants",
        7,
        "[data-testid=layer-verdict][data-layer=xor]",
        &[
            is("[data-testid=layer-verdict][data-layer=xor]", "data-verdict", "maybe"),
            is(VERDICT, "data-truth", "non-member"),
            is("[data-testid=mlbf-explain]", "data-case", "cancel"),
        ],
    ),
    stop(
        "variants",
        8,
        "[data-testid=union-exact]",
        &[
            is("[data-testid=union-exact]", "data-value", "true"),
            is("[data-testid=intersection-extra]", "data-value", "0"),
        ],
    ),
    // Mining streams in one lecture.
    stop("streams", 1, "[data-testid=narration]", &[is(STEP, "data-step", "0")]),
    stop(
        "streams",
        2,
        "[data-testid=sample-corrected]",
        &[less(
            "[data-testid=sample-fraction][data-method=position][data-what=repeated]",
            "data-value",
            "[data-testid=sample-fraction][data-method=stream][data-what=repeated] @data-value",
        )],
    ),
    stop(
        "streams",
        3,
        "[data-testid=narration]",
        &[more(
            "[data-testid=sample-fraction][data-method=key][data-what=repeated]",
            "data-value",
            "[data-testid=sample-fraction][data-method=position][data-what=repeated] @data-value",
        )],
    ),
    stop(
        "streams",
        4,
        "[data-testid=distinct-true]",
        &[is("[data-testid=distinct-true]", "data-value", "7"), is(STEP, "data-step", "0")],
    ),
    stop("streams", 5, "[data-testid=fm-weakness]", &[visible("[data-testid=fm-weakness]")]),
    stop("streams", 6, "[data-testid=fm-theory-chart]", &[is(STEP, "data-step", "11")]),
    stop(
        "streams",
        7,
        "[data-testid=fm-combined][data-method=median-of-means]",
        &[
            is("[data-testid=fm-progress]", "data-status", "done"),
            more(
                "[data-testid=fm-combined][data-method=median-of-means]",
                "data-value",
                "[data-testid=fm-combined][data-method=median-of-means] @data-true",
            ),
            more(
                "[data-testid=fm-combined][data-method=mean]",
                "data-value",
                "[data-testid=fm-combined][data-method=mean] @data-true",
            ),
        ],
    ),
    stop("streams", 8, "[data-testid=neighbourhood]", &[is("[data-testid=neighbourhood]", "data-node", "E")]),
    stop(
        "streams",
        9,
        "[data-testid=surprise]",
        &[visible("[data-testid=surprise]"), is("[data-testid=moment-true][data-k='2']", "data-value", "59")],
    ),
    stop("streams", 10, "[data-testid=ams-estimate]", &[is("[data-testid=ams-estimate]", "data-k", "2")]),
    stop("streams", 11, "[data-testid=proof-total]", &[is("[data-testid=proof-total]", "data-value", "59")]),
    stop(
        "streams",
        12,
        "[data-testid=reservoir-slot]",
        &[is("[data-testid=reservoir-slot][data-slot='0']", "data-position", "1")],
    ),
    stop(
        "streams",
        13,
        "[data-testid=reservoir-chart]",
        &[is("[data-testid=reservoir-inclusion]", "data-theory", "0.2")],
    ),
    // Where Bloom filters earn their keep.
    stop(
        "applications",
        1,
        "[data-testid=search-chart-memory]",
        &[
            visible("[data-testid=search-chart-fp]"),
            more("[data-testid=method-result][data-method=bloom]", "data-fp-count", "0"),
            less(
                "[data-testid=method-result][data-method=bloom]",
                "data-bytes",
                "[data-testid=method-result][data-method=hash] @data-bytes",
            ),
        ],
    ),
    stop(
        "applications",
        2,
        "[data-testid=crawl-stats]",
        &[
            is("[data-testid=crawl-progress]", "data-status", "done"),
            more(NEVER, "data-lost", "[data-testid=crawl-stats][data-policy=every] @data-lost"),
            more(EVERY, "data-refetched", "[data-testid=crawl-stats][data-policy=never] @data-refetched"),
        ],
    ),
    stop(
        "applications",
        3,
        "[data-testid=crawl-stats][data-policy=rotate]",
        &[
            is("[data-testid=crawl-progress]", "data-status", "done"),
            less(ROTATE, "data-lost", "[data-testid=crawl-stats][data-policy=never] @data-lost"),
            less(ROTATE, "data-refetched", "[data-testid=crawl-stats][data-policy=every] @data-refetched"),
        ],
    ),
    stop("applications", 4, "[data-testid=chunks-read]", &[more("[data-testid=chunks-read]", "data-wasted", "0")]),
    stop(
        "applications",
        5,
        "[data-testid=chunks-read]",
        &[is("[data-testid=chunks-read]", "data-chunks", "20"), more("[data-testid=chunks-read]", "data-wasted", "10")],
    ),
];

/// The last tour's stops (`frequencies.rs`).
mod frequencies;

/// The tour "Filters built once" (`built.rs`).
mod built;

/// The moments' and the home cards' facts, after the tours' (`cards.rs`).
mod cards;

/// Every fact: the tours' stops in order, then the moments' and the cards'.
pub fn all() -> impl Iterator<Item = &'static Facts> {
    FACTS.iter().chain(frequencies::FREQUENCY_FACTS).chain(built::BUILT_FACTS).chain(cards::CARD_FACTS)
}

const NEVER: &str = "[data-testid=crawl-stats][data-policy=never]";
const EVERY: &str = "[data-testid=crawl-stats][data-policy=every]";
const ROTATE: &str = "[data-testid=crawl-stats][data-policy=rotate]";
