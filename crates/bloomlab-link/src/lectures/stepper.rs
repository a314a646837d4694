//! The stepper that every lecture walkthrough uses: a lecture is data (a list of steps), and
//! this is the one piece of logic that moves through it. A walkthrough's model reads its `step`
//! from the link and writes it back through `Stepped`.

use crate::link::notice::Notice;
use crate::link::params::read_step;
use crate::link::query::Query;
use crate::link::state::LinkState;

pub use crate::link::params::STEP;

/// Playback speeds offered, in milliseconds per step.
pub const SPEEDS_MS: [u32; 4] = [4000, 2500, 1500, 800];

/// Where a step-through stands. Step 0 is "before the first step"; steps run 0..=last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stepper {
    step: usize,
    /// Number of steps after step 0 (the contract's `data-steps`).
    steps: usize,
    pub playing: bool,
    /// Index into `SPEEDS_MS`.
    pub speed: usize,
}

/// What the stepper's buttons, keys and playback timer ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepAction {
    Next,
    Prev,
    Restart,
    GoTo(usize),
    TogglePlay,
    /// A playback tick.
    Tick,
    SetSpeed(usize),
}

impl Stepper {
    /// Applies one action.
    pub fn apply(&mut self, action: StepAction) {
        match action {
            StepAction::Next => self.next(),
            StepAction::Prev => self.prev(),
            StepAction::Restart => self.restart(),
            StepAction::GoTo(s) => self.go_to(s),
            StepAction::TogglePlay => self.toggle_play(),
            StepAction::Tick => self.tick(),
            StepAction::SetSpeed(s) => self.set_speed(s),
        }
    }

    pub fn new(steps: usize, step: usize) -> Stepper {
        Stepper { step: step.min(steps), steps, playing: false, speed: 1 }
    }

    pub fn step(&self) -> usize {
        self.step
    }

    pub fn steps(&self) -> usize {
        self.steps
    }

    pub fn at_end(&self) -> bool {
        self.step == self.steps
    }

    pub fn next(&mut self) {
        if self.step < self.steps {
            self.step += 1;
        }
        if self.at_end() {
            self.playing = false;
        }
    }

    pub fn prev(&mut self) {
        self.step = self.step.saturating_sub(1);
        self.playing = false;
    }

    pub fn go_to(&mut self, step: usize) {
        self.step = step.min(self.steps);
        self.playing = false;
    }

    pub fn restart(&mut self) {
        self.go_to(0);
    }

    /// Play from the current step (from the start when at the end); pause when playing.
    pub fn toggle_play(&mut self) {
        if self.playing {
            self.playing = false;
        } else {
            if self.at_end() {
                self.step = 0;
            }
            self.playing = self.steps > 0;
        }
    }

    /// Called on each tick of playback.
    pub fn tick(&mut self) {
        if self.playing {
            self.next();
        }
    }

    pub fn set_speed(&mut self, speed: usize) {
        self.speed = speed.min(SPEEDS_MS.len() - 1);
    }

    pub fn interval_ms(&self) -> u32 {
        SPEEDS_MS[self.speed]
    }
}

/// A walkthrough: a model with steps `0 ..= last_step()`, and a stepper whose `step` the link
/// carries after the model's own parameters.
pub trait Stepped: LinkState {
    fn last_step(&self) -> usize;

    /// The model and the stepper a link gives (`step`: past the end is the last step, anything
    /// else that is not a step is 0, each with a notice).
    fn read_stepped(q: &Query) -> (Self, Stepper, Vec<Notice>) {
        let (lab, mut notices) = Self::read(q);
        let last = lab.last_step();
        let step = read_step(q, last, &mut notices);
        (lab, Stepper::new(last, step), notices)
    }

    /// The stepper for a new example: at its first step.
    fn first_stepper(&self) -> Stepper {
        let last = self.last_step();
        Stepper::new(last, 1.min(last))
    }

    /// The stepper after the form gave a new example: at its first step (a walkthrough whose
    /// steps stay the same keeps its place instead).
    fn stepper_after_rebuild(&self, _before: &Stepper) -> Stepper {
        self.first_stepper()
    }

    /// The model's parameters followed by the stepper's `step`: what the address holds.
    fn stepped_pairs(&self, stepper: &Stepper) -> Vec<(&'static str, String)> {
        let mut pairs = self.query_pairs();
        pairs.push((STEP.name, stepper.step().to_string()));
        pairs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_within_bounds() {
        let mut s = Stepper::new(3, 99);
        assert_eq!(s.step(), 3);
        s.next();
        assert_eq!(s.step(), 3);
        s.restart();
        s.prev();
        assert_eq!(s.step(), 0);
        s.next();
        s.next();
        assert_eq!(s.step(), 2);
        s.go_to(7);
        assert_eq!(s.step(), 3);
    }

    #[test]
    fn playback_stops_at_the_end_and_restarts_from_the_beginning() {
        let mut s = Stepper::new(2, 0);
        s.toggle_play();
        assert!(s.playing);
        s.tick();
        s.tick();
        assert!(s.at_end() && !s.playing);
        s.tick();
        assert_eq!(s.step(), 2);
        s.toggle_play();
        assert_eq!((s.step(), s.playing), (0, true));
        s.toggle_play();
        assert!(!s.playing);
        let mut empty = Stepper::new(0, 0);
        empty.toggle_play();
        assert!(!empty.playing);
        s.set_speed(99);
        assert_eq!(s.interval_ms(), SPEEDS_MS[SPEEDS_MS.len() - 1]);
    }
}
