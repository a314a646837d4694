//! The window view as a walkthrough: its stepper's place is `t`, the bits arrived (the link's
//! `t`, written back only when it is not the stream's end), and each step's title, narration
//! and bucket spans come from here (`lectures::dgim` tells an arrival in words).

use super::params::T;
use super::{ErrorRun, WindowLab};
use crate::engine::streams::dgim::Dgim;
use crate::lectures::dgim;
use crate::lectures::model::{Carry, Model};
use crate::lectures::questions::{Question, Quizzed};
use crate::lectures::stepper::{Stepped, Stepper};
use crate::link::notice::Notice;
use crate::link::query::Query;
use crate::link::state::LinkState;

/// A bucket as drawn over the stream: its size and timestamp, and the first and last position
/// (1-based) of the run of bits it covers (from its oldest 1 to its newest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub size: u64,
    pub timestamp: u64,
    pub first: u64,
    pub last: u64,
}

impl WindowLab {
    /// The step a t slider's text asks for: its whole number, at most the stream's length;
    /// anything else stays at `now`.
    pub fn step_from(&self, text: &str, now: usize) -> usize {
        text.trim().parse::<usize>().map_or(now, |t| t.min(self.bits.len()))
    }

    /// Step `t`'s title.
    pub fn step_title(&self, t: u64) -> String {
        dgim::title(self.arrival_at(t).as_ref().map(|(a, _)| a))
    }

    /// Step `t`'s narration: what the arrival did and the estimate after it.
    pub fn narration(&self, t: u64) -> String {
        match self.arrival_at(t) {
            Some((a, d)) => dgim::narration(&a, &d, self.true_count(t)),
            None => format!(
                "No bit has arrived yet. Each 1 that arrives starts a bucket of size 1; when r + 1 = {} buckets share a \
                 size, the two oldest merge; a bucket leaves once its timestamp is N = {} or more bits back.",
                self.r + 1,
                self.window
            ),
        }
    }

    /// The buckets of `d` (the buckets after `d.t()` bits of this stream) as spans over the
    /// stream: each covers its `size` 1s, the newest of them at its timestamp.
    pub fn spans(&self, d: &Dgim) -> Vec<Span> {
        d.buckets()
            .map(|b| {
                let end = (b.timestamp as usize).min(self.bits.len());
                let mut ones = 0u64;
                let mut first = b.timestamp;
                for (i, &bit) in self.bits[..end].iter().enumerate().rev() {
                    if bit {
                        ones += 1;
                        first = i as u64 + 1;
                        if ones == b.size {
                            break;
                        }
                    }
                }
                Span { size: b.size, timestamp: b.timestamp, first, last: b.timestamp }
            })
            .collect()
    }
}

impl Stepped for WindowLab {
    fn last_step(&self) -> usize {
        self.bits.len()
    }

    /// The stepper stands at the link's `t` (read with its notices by `LinkState::read`).
    fn read_stepped(q: &Query) -> (Self, Stepper, Vec<Notice>) {
        let (lab, notices) = Self::read(q);
        let stepper = Stepper::new(lab.last_step(), lab.t as usize);
        (lab, stepper, notices)
    }

    /// A new stream is shown whole, as a link without `t` is.
    fn stepper_after_rebuild(&self, _before: &Stepper) -> Stepper {
        Stepper::new(self.last_step(), self.t as usize)
    }

    /// The lab's parameters with `t` from the stepper, left out at the stream's end.
    fn stepped_pairs(&self, stepper: &Stepper) -> Vec<(&'static str, String)> {
        let mut pairs: Vec<_> = self.query_pairs().into_iter().filter(|(k, _)| *k != T.name).collect();
        if !stepper.at_end() {
            pairs.push((T.name, stepper.step().to_string()));
        }
        pairs
    }
}

/// At a step whose next bit makes a merge: which buckets there will be after it.
impl Quizzed for WindowLab {
    fn question(&self, step: usize) -> Option<Question> {
        dgim::merge_question(&self.bits, self.window, self.r, step)
    }
}

/// The page runs the walkthrough and, in slices, the errors at every t of the generated stream,
/// which start again only when the stream measured, N or r change.
impl Model for WindowLab {
    type Edit = ();
    type Run = ErrorRun;
    type Aside = ();
    bloomlab_link::walkthrough_model!();

    fn asked(&self, step: usize) -> Option<Question> {
        self.question(step)
    }

    fn run(&self) -> ErrorRun {
        self.scale_run()
    }

    fn aside(&self) {}

    fn carry_run(&self, before: &Self, _run: &mut ErrorRun) -> Carry {
        let same = (self.window, self.r) == (before.window, before.r) && self.scale_bits() == before.scale_bits();
        if same {
            Carry::Keep
        } else {
            Carry::Restart
        }
    }
}
