//! The stops of the tour "Frequencies and windows" (see the parent module).

use super::*;

const WALK_CM: &str = "[data-testid=walk-cm-grid][data-update=standard]";
const SCALE_CM: &str = "[data-testid=scale-result][data-stream=zipf][data-sketch=cm]";
const SCALE_CU: &str = "[data-testid=scale-result][data-stream=zipf][data-sketch=cm-cu]";
const SCALE_CS: &str = "[data-testid=scale-result][data-stream=zipf][data-sketch=cs]";

/// Its stops' facts, in stop order.
pub const FREQUENCY_FACTS: &[Facts] = &[
    stop(
        "frequencies",
        1,
        WALK_CM,
        &[
            is("[data-testid=walk-stream]", "data-t", "1"),
            is("[data-testid=walk-estimate][data-sketch=cm]", "data-item", "apple"),
            says("[data-testid=narration]", "Count-min adds 1 to each: row 0: 0 → 1, row 1: 0 → 1, row 2: 0 → 1."),
            is(WALK_CM, "data-rows", "3"),
        ],
    ),
    stop(
        "frequencies",
        2,
        WALK_CM,
        &[
            is("[data-testid=walk-estimate][data-sketch=cm]", "data-item", "banana"),
            is("[data-testid=walk-estimate][data-sketch=cm]", "data-value", "5"),
            is("[data-testid=walk-estimate][data-sketch=cm]", "data-true", "4"),
        ],
    ),
    stop(
        "frequencies",
        3,
        "[data-testid=walk-cm-grid][data-update=conservative]",
        &[
            is("[data-testid=walk-estimate][data-sketch=cm]", "data-value", "5"),
            is("[data-testid=walk-estimate][data-sketch=cm-cu]", "data-value", "4"),
            is("[data-testid=walk-estimate][data-sketch=cm-cu]", "data-true", "4"),
        ],
    ),
    stop(
        "frequencies",
        4,
        "[data-testid=walk-cs-grid]",
        &[
            is("[data-testid=walk-estimate][data-sketch=cs]", "data-value", "3"),
            is("[data-testid=walk-estimate][data-sketch=cs]", "data-true", "4"),
        ],
    ),
    stop(
        "frequencies",
        5,
        "[data-testid=dgim-buckets]",
        &[
            is("[data-testid=dgim-buckets]", "data-t", "4"),
            is("[data-testid=dgim-buckets]", "data-buckets", "1@4,2@3"),
            is("[data-testid=dgim-estimate]", "data-value", "2"),
            is("[data-testid=dgim-estimate]", "data-true", "3"),
        ],
    ),
    stop(
        "frequencies",
        6,
        "[data-testid=dgim-buckets]",
        &[
            is("[data-testid=dgim-buckets]", "data-buckets", "1@21,1@18,2@17,4@14"),
            is("[data-testid=dgim-estimate]", "data-value", "6"),
            is("[data-testid=dgim-estimate]", "data-true", "8"),
        ],
    ),
    stop(
        "frequencies",
        7,
        "[data-testid=hh-counters][data-algorithm=mg]",
        &[
            is("[data-testid=hh-truth]", "data-items", "apple"),
            is("[data-testid=hh-counters][data-algorithm=mg]", "data-counters", "apple:4"),
            is("[data-testid=hh-counters][data-algorithm=ss]", "data-counters", "apple:8:0,banana:6:5,lime:6:5"),
            is("[data-testid=hh-found][data-algorithm=mg]", "data-missed", "0"),
            is("[data-testid=hh-found][data-algorithm=ss]", "data-missed", "0"),
        ],
    ),
    stop(
        "frequencies",
        8,
        "[data-testid=scale-result][data-stream=zipf][data-sketch=cm]",
        &[
            is(SCALE_CM, "data-items", "7399"),
            is(SCALE_CM, "data-most-over", "352"),
            is(SCALE_CM, "data-most-under", "0"),
            less(
                SCALE_CM,
                "data-most-over",
                "[data-testid=scale-result][data-stream=zipf][data-sketch=cm] @data-bound",
            ),
            less(SCALE_CU, "data-mean", "[data-testid=scale-result][data-stream=zipf][data-sketch=cm] @data-mean"),
            more(SCALE_CS, "data-most-under", "0"),
            is(SCALE_CS, "data-beyond", "2"),
        ],
    ),
];
