//! The window view (`view=window`) rendered server-side: the hooks at a step of the issue's
//! example against buckets worked out by hand from the rules, the narration of that step, a bad
//! `bits` value's notice, and the merge question, whose answer the open page does not show.

mod common;

use common::{attr, render};

#[tokio::test]
async fn the_hooks_at_a_step_of_the_example() {
    // 1011011000101110110010110, N = 16, r = 2. Bits 1, 3, 4 are 1s: 1@1, 1@3, then 1@4 makes three
    // buckets of size 1 and the two oldest (1@1, 1@3) merge into 2@3. Estimate 1 + 2/2 = 2; true 3.
    let html = render("?view=window&t=4").await;
    assert_eq!(attr(&html, "dgim-buckets", "data-t"), ["4"]);
    assert_eq!(attr(&html, "dgim-buckets", "data-buckets"), ["1@4,2@3"]);
    assert_eq!(attr(&html, "dgim-estimate", "data-value"), ["2"]);
    assert_eq!(attr(&html, "dgim-estimate", "data-true"), ["3"]);
    assert_eq!(attr(&html, "step", "data-step"), ["4"]);
    assert_eq!(attr(&html, "step", "data-steps"), ["25"]);
    assert!(html.contains("1@1 and 1@3, merge into 2@3"), "the narration names the merge");
    // Each bucket bit of memory: ⌈log₂ 16⌉ = 4 bits of timestamp and 3 for an exponent 0 ..= 4.
    assert_eq!(attr(&html, "dgim-memory", "data-bits"), ["14"]);
    assert_eq!(attr(&html, "dgim-memory", "data-exact"), ["16"]);
    assert!(attr(&html, "notice", "data-param").is_empty());
    // The default link: every bit; the bucket list of the issue's last step.
    let html = render("?view=window").await;
    assert_eq!(attr(&html, "dgim-buckets", "data-buckets"), ["1@24,1@23,2@21,2@17,4@14"]);
    assert_eq!(attr(&html, "dgim-estimate", "data-value"), ["8"]);
}

#[tokio::test]
async fn a_window_drop_is_named_and_bad_bits_get_a_notice() {
    // 1 then eight 0s with N = 4: at t = 5 the bucket 1@1 leaves (1 ≤ 5 − 4).
    let html = render("?view=window&bits=100000000&N=4&t=5").await;
    assert!(html.contains("Bucket 1@1 leaves the window"), "{html}");
    assert_eq!(attr(&html, "dgim-buckets", "data-buckets"), [""]);
    let html = render("?view=window&bits=10x1").await;
    assert_eq!(attr(&html, "notice", "data-param"), ["bits"]);
    assert_eq!(attr(&html, "dgim-buckets", "data-buckets"), ["1@3,1@1"]);
    let html = render("?view=window&r=1").await;
    assert_eq!(attr(&html, "notice", "data-param"), ["r"]);
}

#[tokio::test]
async fn the_merge_question_keeps_its_answer_until_revealed() {
    // At t = 3 the next bit (4) is a 1 and makes the merge: the answer is 1@4, 2@3.
    let html = render("?view=window&t=3&quiz=class").await;
    assert_eq!(attr(&html, "question", "data-id"), ["window-3"]);
    assert!(html.contains("1@4, 1@3, 1@1"), "the no-merge choice");
    assert_eq!(attr(&html, "dgim-buckets", "data-buckets"), ["1@3,1@1"]);
    // No question where the next bit is a 0.
    let html = render("?view=window&t=1&quiz=class").await;
    assert!(attr(&html, "question", "data-id").is_empty());
}

/// The walkthrough's "Try it yourself" link: `dgim` on its own bits and N, left out for r ≠ 2.
#[tokio::test]
async fn the_try_it_link_carries_the_bits_and_the_window() {
    let html = render("?view=window&bits=1011001110&N=6&t=3").await;
    assert_eq!(attr(&html, "try-it", "href"), ["?view=practice&amp;exercise=dgim&amp;bits=1011001110&amp;N=6"]);
    assert!(attr(&render("?view=window&r=3").await, "try-it", "href").is_empty());
}
