//! The sampling walkthrough's steps (`view=sampling`, slides 13–19): the same eight steps
//! whatever the numbers; the view draws each one from `labs::sampling::SamplingLab`.

/// The walkthrough's steps.
pub const STEPS: [&str; 8] = [
    "The question",
    "A unique query",
    "A query that occurs twice",
    "What the sample reports",
    "A real stream, sampled by position",
    "Sampling by key",
    "A sample within a limit",
    "Key–value data",
];
