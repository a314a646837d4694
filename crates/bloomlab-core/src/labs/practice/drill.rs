//! What an exercise's problem does, written once in the exercise's own module (`exercises/`): a
//! `Drill`. The table of drills (`problem.rs`, `drills!`) names each exercise's drill, and from it
//! come the enum of problems and every method that picks an exercise's code, so a new exercise is
//! its module, its row there and its row in the table of exercises (`exercise.rs`).

use super::step::{Answer, DrillStep, Mistake, Words};

/// One exercise's problem: drawn from a level and a seeded generator, with its gradeable steps,
/// its data as JSON and in words, and the catalogue of mistakes its steps recognise.
pub trait Drill {
    /// The catalogued mistakes (the exercise module's `MISTAKES`, written by `catalogue!`).
    const MISTAKES: &'static [Mistake];
    /// What each of `MISTAKES` gets wrong, in the same order (the module's `WHY`).
    const WHY: &'static [&'static str];

    /// The problem `rng` gives for `level` (1: the lecture's size, 3 and above: larger).
    fn draw(level: u64, rng: &mut fastrand::Rng) -> Self;

    /// The number of gradeable steps.
    fn steps(&self) -> usize;

    /// Step `i`, given the answers accepted for the steps before it, with its words or bare
    /// (`Words`: a bare step builds no text); the numbers are the same either way.
    fn step_as<W: Words>(&self, i: usize, prior: &[Answer], w: W) -> DrillStep;

    /// The bits the page shows before the first step, if the problem starts from an array.
    fn start_bits(&self) -> Option<Vec<bool>> {
        None
    }

    /// What the typed cells of step `i` start from, when the problem says; `None` leaves it to
    /// the session (the last cells typed).
    fn start_cells(&self, _i: usize, _prior: &[Answer]) -> Option<Vec<i64>> {
        None
    }

    /// The problem as JSON (`practice-problem`'s `data-problem`).
    fn json(&self) -> String;

    /// The problem in words.
    fn statement(&self) -> String;
}

/// `Problem` and its methods from the table of drills: rows `#[cfg(feature = "…")] Exercise =>
/// Variant(DrillType),`, one per exercise in `Exercise`'s order. Each row's code is compiled only
/// in the builds with its feature (the practice page is built once per chapter group: see
/// `exercise.rs`). A build without some drills never draws their problems (`generate` gives the
/// first exercise the build has instead) and answers one given to it with a stand-in: one step of
/// a whole number, no JSON, no words. With both features every match is exhaustive, so an
/// exercise without a row fails to compile (`non-exhaustive patterns` in `generate`).
macro_rules! drills {
    ($(#[cfg(feature = $feature:literal)] $exercise:ident => $variant:ident($drill:ty),)+) => {
        /// A generated problem: one variant per exercise, holding that exercise's drill.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Problem {
            $($variant($drill),)+
        }

        impl Problem {
            /// The problem of `exercise` that `seed` and `level` give.
            pub fn generate(exercise: Exercise, seed: u64, level: u64) -> Problem {
                let mut rng = fastrand::Rng::with_seed(seed ^ (level << 56) ^ ((exercise as u64) << 48));
                match exercise {
                    $(#[cfg(feature = $feature)]
                    Exercise::$exercise => Problem::$variant(<$drill as Drill>::draw(level, &mut rng)),)+
                    #[cfg(not(all(feature = "filter-drills", feature = "stream-drills")))]
                    _ => Problem::generate(Exercise::first_here(), seed, level),
                }
            }

            /// The number of gradeable steps.
            pub fn steps(&self) -> usize {
                match self {
                    $(#[cfg(feature = $feature)] Problem::$variant(p) => Drill::steps(p),)+
                    #[cfg(not(all(feature = "filter-drills", feature = "stream-drills")))]
                    _ => 1,
                }
            }

            /// Step `i`, with its words or bare (`Words`); the numbers are the same either way.
            pub fn step_as<W: Words>(&self, i: usize, prior: &[Answer], w: W) -> DrillStep {
                match self {
                    $(#[cfg(feature = $feature)] Problem::$variant(p) => Drill::step_as(p, i, prior, w),)+
                    #[cfg(not(all(feature = "filter-drills", feature = "stream-drills")))]
                    _ => {
                        let form = $crate::labs::practice::step::Form::Whole { field: "answer" };
                        DrillStep::new(String::new(), form, Answer::Whole(0), String::new(), Vec::new())
                    }
                }
            }

            /// The bits the page shows before the first step (the filter a lookup exercise starts from).
            pub fn start_bits(&self) -> Option<Vec<bool>> {
                match self {
                    $(#[cfg(feature = $feature)] Problem::$variant(p) => Drill::start_bits(p),)+
                    #[cfg(not(all(feature = "filter-drills", feature = "stream-drills")))]
                    _ => None,
                }
            }

            /// What the typed cells of step `i` start from, when the problem says (a count-min row
            /// starts as the student left that row, not as the last row typed); `None` leaves it to
            /// the session.
            pub fn start_cells(&self, i: usize, prior: &[Answer]) -> Option<Vec<i64>> {
                match self {
                    $(#[cfg(feature = $feature)] Problem::$variant(p) => Drill::start_cells(p, i, prior),)+
                    #[cfg(not(all(feature = "filter-drills", feature = "stream-drills")))]
                    _ => None,
                }
            }

            /// The problem as JSON (`practice-problem`'s `data-problem`).
            pub fn json(&self) -> String {
                match self {
                    $(#[cfg(feature = $feature)] Problem::$variant(p) => Drill::json(p),)+
                    #[cfg(not(all(feature = "filter-drills", feature = "stream-drills")))]
                    _ => "{}".into(),
                }
            }

            /// The problem in words.
            pub fn statement(&self) -> String {
                match self {
                    $(#[cfg(feature = $feature)] Problem::$variant(p) => Drill::statement(p),)+
                    #[cfg(not(all(feature = "filter-drills", feature = "stream-drills")))]
                    _ => String::new(),
                }
            }

            /// The catalogue of `exercise`'s mistakes, in every build (a tally names the mistakes
            /// of either chapter group's exercises).
            pub fn mistakes(exercise: Exercise) -> &'static [Mistake] {
                match exercise {
                    $(Exercise::$exercise => <$drill as Drill>::MISTAKES,)+
                }
            }

            /// The catalogues of the exercises this build has (`Exercise::here`), each with what
            /// its mistakes get wrong: a practice page carries the explanations of its own drills
            /// only (`exercises::explain`). Two exercises that share a catalogue (the Bloom
            /// filter's) list it twice.
            pub const CATALOGUES: &'static [(&'static [Mistake], &'static [&'static str])] =
                &[$(#[cfg(feature = $feature)] (<$drill as Drill>::MISTAKES, <$drill as Drill>::WHY),)+];
        }

        /// The feature whose builds have each exercise's drill, as its row says (checked against
        /// the table of exercises).
        #[cfg(test)]
        pub(crate) fn feature_of(exercise: Exercise) -> &'static str {
            match exercise {
                $(Exercise::$exercise => $feature,)+
            }
        }
    };
}
pub(crate) use drills;
