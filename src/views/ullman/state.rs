//! The lecture view's state: Ullman's lecture (step data) and where the stepper stands — the
//! walkthroughs' one skeleton, `hooks::lecture::Lecture`, with nothing else.

use crate::core::lectures::ullman::UllmanLecture;
use crate::hooks::lecture::Lecture;

pub type UllmanState = Lecture<UllmanLecture>;
