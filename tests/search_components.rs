//! Server-rendered checks of the search comparison (`view=search`): a target rate below the least
//! the view takes is named in a notice and the field shows the rate used; sane rates read as given.

mod common;

use common::{attr, render};

/// The value of the `search-p` field.
fn p_field(html: &str) -> Vec<&str> {
    attr(html, "search-p", "value")
}

#[tokio::test]
async fn a_rate_far_too_small_is_held_to_the_least_with_a_notice() {
    let html = render("?view=search&n=300000&p=1e-320").await;
    assert_eq!(attr(&html, "notice", "data-param"), ["p"]);
    assert!(html.contains("p = 1e-320 is below 1e-12"), "the notice says what was asked and what is used");
    assert_eq!(p_field(&html), ["0.000000000001"]);
}

#[tokio::test]
async fn sane_rates_read_as_given() {
    for (link, shown) in
        [("?view=search&p=0.01", "0.01"), ("?view=search&p=1e-9", "0.000000001"), ("?view=search", "0.01")]
    {
        let html = render(link).await;
        assert!(attr(&html, "notice", "data-param").is_empty(), "{link}");
        assert_eq!(p_field(&html), [shown], "{link}");
    }
}
