//! An assignment's runner as a bundle of its own, fetched by the practice page when its link is an
//! assignment's (`bloomlab::views::practice::lms`): the SCORM 1.2 connection and the attempt, so
//! ordinary practice carries none of it; it holds no view.

fn main() {
    bloomlab::views::practice::lms::mount();
}
