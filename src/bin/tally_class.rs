//! The tally's results as a bundle of their own, fetched by the tally's page the first time codes
//! are tallied (`bloomlab::views::tally::results`); it holds no view.

fn main() {
    bloomlab::views::tally::results::mount();
}
