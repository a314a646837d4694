//! The moments' and the home cards' facts (see the parent module): a moment of a view no tour
//! visits, and each card's "watch for" where it names a state.

use super::*;

const XOR_POINT: &str = "[data-testid=space-point][data-filter=xor]";
const FUSE4_POINT: &str = "[data-testid=space-point][data-filter=fuse4]";
const RIBBON_POINT: &str = "[data-testid=space-point][data-filter=ribbon]";
const BLOOM_POINT: &str = "[data-testid=space-point][data-filter=bloom]";

/// The moments', then the cards', in the order of the table of views.
pub const CARD_FACTS: &[Facts] = &[
    // The moments of views no tour visits.
    Facts {
        tour: "moment",
        stop: 0,
        view: None,
        link: "view=skiena&load=0.05",
        shows: "[data-testid=skiena-ratio]",
        facts: &[more("[data-testid=skiena-ratio]", "data-bound", "24"), more("[data-testid=skiena-ratio]", "data-standard", "24")],
    },
    // The home cards' "watch for", where it names a state.
    card(
        View::Classic,
        "view=classic&m=11&k=2&hash=ullman&items=25,159,585&query=17",
        VERDICT,
        &[is(VERDICT, "data-verdict", "maybe"), is(VERDICT, "data-truth", "non-member")],
    ),
    card(View::Ullman, "view=ullman&step=4", VERDICT, &[is(VERDICT, "data-item", "118"), is(VERDICT, "data-verdict", "absent")]),
    card(View::Ullman, "view=ullman&step=3", TRACE, &[is(TRACE, "data-positions", "9,7"), says("[data-testid=narration]", "already")]),
    card(View::Skiena, "view=skiena&load=0.25", "[data-testid=fp-theory][data-formula=skiena][data-k='5']", &[is("[data-testid=fp-theory][data-formula=skiena][data-k='5']", "data-value", "1")]),
    card(View::Fp, "view=fp", "[data-testid=optimal-k]", &[is("[data-testid=optimal-k]", "data-value", "7")]),
    card(
        View::Hashes,
        "view=hashes&families=naive,xxh3&m=4096&k=5&n=300&items=len:3&trials=17276",
        "[data-testid=hash-fp][data-family=naive]",
        &[is("[data-testid=hash-fp][data-family=naive]", "data-off", "true")],
    ),
    card(
        View::Counting,
        "view=counting&m=32&k=3&w=4&ops=i:apple,i:banana,i:cherry,i:date,i:elderberry,i:fig,i:grape,d:lemon&query=cherry",
        VERDICT,
        &[is(VERDICT, "data-verdict", "absent"), is(VERDICT, "data-truth", "member")],
    ),
    card(
        View::Mlbf,
        "view=mlbf&m=64&k=3&layers=4&items=example.com/a1/a2/a3,example.com/b1/b2/b3&query=example.com/a1/b2/a3",
        "[data-testid=layer-verdict][data-layer=xor]",
        &[is("[data-testid=layer-verdict][data-layer=xor]", "data-verdict", "absent"), is("[data-testid=mlbf-explain]", "data-case", "mixing")],
    ),
    card(
        View::Toolbox,
        "view=toolbox&bulk-a=100&bulk-b=100",
        "[data-testid=intersection-extra]",
        &[is("[data-testid=union-exact]", "data-value", "true"), more("[data-testid=intersection-extra]", "data-value", "0")],
    ),
    card(
        View::Crawler,
        "view=crawler",
        "[data-testid=crawl-stats]",
        &[
            is("[data-testid=crawl-progress]", "data-status", "done"),
            more(NEVER, "data-lost", "[data-testid=crawl-stats][data-policy=every] @data-lost"),
            more(EVERY, "data-refetched", "[data-testid=crawl-stats][data-policy=never] @data-refetched"),
        ],
    ),
    card(
        View::Chunks,
        "view=chunks",
        "[data-testid=chunks-chart]",
        &[
            is("[data-testid=chunks-sweep]", "data-status", "done"),
            more("[data-testid=chunks-sweep-row][data-m='256']", "data-measured", "[data-testid=chunks-sweep-row][data-m='1024'] @data-measured"),
        ],
    ),
    card(
        View::Sampling,
        "view=sampling&step=5",
        "[data-testid=narration]",
        &[less(
            "[data-testid=sample-fraction][data-method=position][data-what=repeated]",
            "data-value",
            "[data-testid=sample-fraction][data-method=key][data-what=repeated] @data-value",
        )],
    ),
    card(
        View::Moments,
        "view=moments&step=18",
        "[data-testid=proof-total]",
        &[is("[data-testid=proof-total]", "data-value", "59"), says("[data-testid=proof-total]", "the mean is 59")],
    ),
    // "a lookup whose XOR matches by chance: a false positive" (q411 is one of the default keys'
    // filter's false positives).
    card(
        View::Xor,
        "view=xor&query=q411&step=14",
        VERDICT,
        &[is(VERDICT, "data-verdict", "maybe"), is(VERDICT, "data-truth", "non-member")],
    ),
    // apricot's remainder lands in slot 5, shifted; is_occupied is set on slot 4, its canonical.
    card(
        View::Quotient,
        "view=quotient&step=27",
        "[data-testid=qf-slots]",
        &[
            is("[data-testid=qf-slots]", "data-slots", "-;-;1 0 0 4;1 1 1 14;1 0 1 0;0 0 1 3;-;-;-;1 0 0 1;-;-;-;-;-;-"),
            is("[data-testid=qf-item]", "data-quotient", "4"),
        ],
    ),
    // The static filters about 10 to 25 % over the bound (xor and fuse at 8-bit fingerprints,
    // ribbon at r = 4), Bloom 44 %, and every split-block filter following the blocked formula.
    card(
        View::Space,
        "view=space&n=20000",
        "[data-testid=space-chart]",
        &[
            is("[data-testid=space-progress]", "data-status", "done"),
            more(XOR_POINT, "data-overhead", "10"),
            less(XOR_POINT, "data-overhead", "25"),
            more(FUSE4_POINT, "data-overhead", "10"),
            less(FUSE4_POINT, "data-overhead", "25"),
            more(RIBBON_POINT, "data-overhead", "9.5"),
            less(RIBBON_POINT, "data-overhead", "25"),
            more(BLOOM_POINT, "data-overhead", "43"),
            less(BLOOM_POINT, "data-overhead", "46"),
            is("[data-testid=sbbf-claim]", "data-agrees", "blocked,blocked,blocked,blocked,blocked"),
        ],
    ),
];
