//! The sampling walkthrough's steps (`view=sampling`, slides 13–19): the same eight steps
//! whatever the numbers; the view draws each one from `labs::sampling::SamplingLab`.

/// The walkthrough's steps, each with the slide of Ullman's deck it follows (numbered as the
/// deck's slides run, as every view names them).
pub const STEPS: [&str; 8] = [
    "The question (slide 13)",
    "A unique query (slide 14)",
    "A query that occurs twice (slide 14)",
    "What the sample reports (slide 14)",
    "A real stream, sampled by position (slide 15)",
    "Sampling by key (slide 15)",
    "A sample within a limit (slides 16–17)",
    "Key–value data (slides 18–19)",
];
