//! A view's model as the app's page skeleton (`hooks::page::Page<M>`) runs it. The model reads
//! its link and returns the notices the link gets (it never keeps them: the page does), is read
//! again from a form's text (`LinkState::with_fields`) and changed by the typed edits its
//! controls send, and says what its walkthrough is (optional: a model without one has no steps),
//! which question a step asks (optional), and which long runs the page does for it in slices
//! (a run and a second one beside it, each optional), started again exactly when the model says.

use crate::engine::slice_budget::SliceBudget;
use crate::engine::sliced::Sliced;
use crate::lectures::questions::Question;
use crate::lectures::stepper::Stepper;
use crate::link::notice::Notice;
use crate::link::query::Query;
use crate::link::state::LinkState;

/// Slices of a run: 50,000 units at first, then about 8 ms' worth.
pub const DEFAULT_BUDGET: SliceBudget = SliceBudget::new(50_000, 5_000, 20_000_000, 8.0);

/// What becomes of a run when the model changes (`Model::carry_run`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Carry {
    /// It goes on as it is.
    Keep,
    /// It was changed in place and counts as a new run (slices asked for before are dropped).
    Renew,
    /// It starts again from the model's `run` (or `aside`).
    Restart,
}

/// A view's model, as its page runs it.
pub trait Model: LinkState + 'static {
    /// A change the view's controls ask for besides a form's text (a preset, a slider's count);
    /// `()` for a model with none.
    type Edit: 'static;
    /// The long work the page does for the model in slices; `()` for a model with none.
    type Run: Sliced + 'static;
    /// A second long run beside the first, with slices, progress and clock of its own (the
    /// distinct view's random graph); `()` for a model with none.
    type Aside: Sliced + 'static;
    /// How the run's slices are sized.
    const BUDGET: SliceBudget = DEFAULT_BUDGET;
    /// How the second run's slices are sized.
    const ASIDE_BUDGET: SliceBudget = DEFAULT_BUDGET;

    /// The model a link gives, its walkthrough's place (no steps for a model without one) and
    /// the link's notices. A walkthrough fills this and the next two from `Stepped`
    /// (`walkthrough_model!`).
    fn open(q: &Query) -> (Self, Stepper, Vec<Notice>) {
        let (model, notices) = Self::read(q);
        (model, Stepper::new(0, 0), notices)
    }

    /// What the address holds for the model at `stepper`.
    fn pairs(&self, _stepper: &Stepper) -> Vec<(&'static str, String)> {
        self.query_pairs()
    }

    /// The stepper once the model was read again from a form (`before`: where it stood).
    fn restep(&self, before: &Stepper) -> Stepper {
        *before
    }

    /// The model after a typed edit, with the notices its link now gets (`None` for an edit that
    /// leaves the link as it was, such as a highlighted item: the page's notices stay); `None`
    /// when nothing changes.
    fn edit(&self, _edit: Self::Edit) -> Option<(Self, Option<Vec<Notice>>)> {
        None
    }

    /// The question asked at `step`, if any.
    fn asked(&self, _step: usize) -> Option<Question> {
        None
    }

    /// The model's long run, from its start.
    fn run(&self) -> Self::Run;

    /// The second run, from its start.
    fn aside(&self) -> Self::Aside;

    /// What becomes of the run now that the model is `self` instead of `before` (read again from
    /// a form or edited); the model may change it in place (`Carry::Renew`). By default any change
    /// starts it again.
    fn carry_run(&self, _before: &Self, _run: &mut Self::Run) -> Carry {
        Carry::Restart
    }

    /// The same for the second run.
    fn carry_aside(&self, _before: &Self, _aside: &mut Self::Aside) -> Carry {
        Carry::Restart
    }
}

/// The `Model` methods a walkthrough fills from its `Stepped` impl: its place read from the
/// link's `step`, written back beside its parameters, and kept or reset when a form rebuilds it.
#[macro_export]
macro_rules! walkthrough_model {
    () => {
        fn open(
            q: &$crate::link::query::Query,
        ) -> (Self, $crate::lectures::stepper::Stepper, Vec<$crate::link::notice::Notice>) {
            <Self as $crate::lectures::stepper::Stepped>::read_stepped(q)
        }
        fn pairs(&self, stepper: &$crate::lectures::stepper::Stepper) -> Vec<(&'static str, String)> {
            <Self as $crate::lectures::stepper::Stepped>::stepped_pairs(self, stepper)
        }
        fn restep(&self, before: &$crate::lectures::stepper::Stepper) -> $crate::lectures::stepper::Stepper {
            <Self as $crate::lectures::stepper::Stepped>::stepper_after_rebuild(self, before)
        }
    };
}

/// The `Model` items of a model with no long work: its run and its second run are `()`.
#[macro_export]
macro_rules! no_runs {
    () => {
        type Run = ();
        type Aside = ();
        fn run(&self) {}
        fn aside(&self) {}
    };
}

/// The `LinkState` of a model no link holds: a bundle fetched on first use beside a view's page,
/// whose address belongs to that page (the bundle reads it for each ask and never writes it). Any
/// link reads as the model's `Default` with no notices, and the model writes no pairs.
#[macro_export]
macro_rules! no_link {
    ($model:ty) => {
        impl $crate::link::state::LinkState for $model {
            fn read(_q: &$crate::link::query::Query) -> ($model, Vec<$crate::link::notice::Notice>) {
                (<$model>::default(), Vec::new())
            }
            fn query_pairs(&self) -> Vec<(&'static str, String)> {
                Vec::new()
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::state::LinkState;

    /// A model with no walkthrough, no run and no edits: one parameter.
    #[derive(Clone, Debug, PartialEq)]
    struct Plain(u32);

    impl LinkState for Plain {
        fn read(q: &Query) -> (Self, Vec<Notice>) {
            match q.get("n").map(|v| v.ok().and_then(|v| v.parse::<u32>().ok()).ok_or(())) {
                Some(Ok(n)) => (Plain(n), Vec::new()),
                Some(Err(_)) => (Plain(1), vec![Notice::param("n", "not a whole number: 1".to_string())]),
                None => (Plain(1), Vec::new()),
            }
        }
        fn query_pairs(&self) -> Vec<(&'static str, String)> {
            vec![("n", self.0.to_string())]
        }
    }

    impl Model for Plain {
        type Edit = ();
        crate::no_runs!();
    }

    #[test]
    fn a_model_without_a_walkthrough_has_no_steps_and_returns_its_notices() {
        let (m, stepper, notices) = Plain::open(&Query::parse("?n=x"));
        assert_eq!((m.clone(), stepper.steps(), stepper.step()), (Plain(1), 0, 0));
        assert_eq!(notices.len(), 1);
        assert_eq!(m.pairs(&stepper), vec![("n", "1".to_string())], "no step in its link");
        assert_eq!(m.restep(&stepper), stepper);
        assert!(m.edit(()).is_none() && m.asked(0).is_none());
        assert_eq!(m.carry_run(&m, &mut ()), Carry::Restart, "by default a change starts the run again");
        m.run();
        let mut run: <Plain as Model>::Run = ();
        assert!(run.is_done() && run.work(10) == 0 && run.ops_total() == 0);
    }
}
