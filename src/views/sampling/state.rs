//! The sampling view's state: the lab (its numbers and the walkthrough's steps) and where the
//! stepper stands — the walkthroughs' one skeleton, `hooks::lecture::Lecture`, with nothing else.

use crate::hooks::lecture::Lecture;
use bloomlab_core::labs::sampling::SamplingLab;

pub type SamplingState = Lecture<SamplingLab>;
