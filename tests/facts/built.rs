//! The stops of the tour "Filters built once" (see the parent module).

use super::*;

const PEEL: &str = "[data-testid=xor-peel]";
const ARRAY: &str = "[data-testid=xor-array]";
const QF: &str = "[data-testid=qf-slots]";
const NARRATION: &str = "[data-testid=narration]";

/// Its stops' facts, in stop order.
pub const BUILT_FACTS: &[Facts] = &[
    stop(
        "built-once",
        1,
        ARRAY,
        &[
            is(STEP, "data-step", "1"),
            is(ARRAY, "data-length", "39"),
            says(NARRATION, "18 such slots wait in the queue"),
            is(PEEL, "data-stack", ""),
        ],
    ),
    stop(
        "built-once",
        2,
        ARRAY,
        &[
            says(NARRATION, "Slot 9 is used by “kiwi” alone"),
            says(NARRATION, "Its other slots 13 and 36 lose a key"),
            // The keys' indices in the order peeled: lime (5), apple (0), kiwi (4).
            is(PEEL, "data-stack", "5,0,4"),
        ],
    ),
    stop(
        "built-once",
        3,
        ARRAY,
        &[
            is(ARRAY, "data-built", "false"),
            is(ARRAY, "data-attempts", "100"),
            says(NARRATION, "is used by two keys or more"),
            is(PEEL, "data-stack", ""),
        ],
    ),
    stop(
        "built-once",
        4,
        ARRAY,
        &[
            says(NARRATION, "Slot 12 = fingerprint 133 XOR slot 15"),
            is("[data-testid=xor-key][data-key=lime]", "data-slots", "12,15,26"),
        ],
    ),
    stop(
        "built-once",
        5,
        QF,
        &[
            is(QF, "data-marked", "2,3"),
            is(QF, "data-slots", "-;-;1 0 0 14;1 1 1 14;0 0 1 0;-;-;-;-;1 0 0 1;-;-;-;-;-;-"),
            is("[data-testid=qf-item]", "data-item", "lime"),
            is("[data-testid=qf-item]", "data-quotient", "2"),
            is("[data-testid=qf-item]", "data-remainder", "4"),
        ],
    ),
    stop(
        "built-once",
        6,
        QF,
        &[
            is("[data-testid=qf-item]", "data-item", "apricot"),
            is("[data-testid=qf-item]", "data-quotient", "4"),
            says(NARRATION, "Slot 2 is not shifted: the cluster starts here"),
        ],
    ),
];
