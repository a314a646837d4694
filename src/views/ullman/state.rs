//! The lecture view's state: Ullman's lecture (step data) and where the stepper stands — the
//! walkthroughs' one skeleton, `hooks::lecture::Lecture`, with nothing else.

use crate::hooks::lecture::Lecture;
use bloomlab_core::lectures::ullman::UllmanLecture;

pub type UllmanState = Lecture<UllmanLecture>;
