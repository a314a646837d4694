//! The run at scale as the page of its own bundle runs it (fetched on first use beside the
//! frequencies page): the lab the run was asked on is the model, the run is the page's. The
//! address belongs to the view's page: the bundle reads it for each ask and writes none of it.

use std::rc::Rc;

use super::ScaleRun;
use crate::engine::slice_budget::SliceBudget;
use crate::labs::frequencies::{FrequenciesLab, ScaleShape};
use crate::lectures::model::Model;
use crate::link::notice::Notice;

/// The lab the run at scale was asked on: none until it is asked for, and none again once the
/// address names another shape (its results are dropped, as the view's own panels are).
#[derive(Clone, Debug, Default)]
pub struct ScaleAsk {
    pub lab: Option<Rc<FrequenciesLab>>,
}

/// What the bundle hears from its page.
#[derive(Clone, Debug)]
pub enum ScaleEdit {
    /// Run (again) on this lab, the address's now.
    Start(FrequenciesLab),
    /// The address changed: it names this shape now.
    Address(ScaleShape),
}

// Nothing is asked for at first, whatever the address says: the page asks.
bloomlab_link::no_link!(ScaleAsk);

impl Model for ScaleAsk {
    type Edit = ScaleEdit;
    type Run = Option<ScaleRun>;
    type Aside = ();
    /// Units (arrivals fed, items looked up) per slice, then about 8 ms' worth.
    const BUDGET: SliceBudget = SliceBudget::new(10_000, 1_000, 5_000_000, 8.0);

    /// Every ask runs again; a new address drops the results only when it names another shape.
    fn edit(&self, edit: ScaleEdit) -> Option<(ScaleAsk, Option<Vec<Notice>>)> {
        match edit {
            ScaleEdit::Start(lab) => Some((ScaleAsk { lab: Some(Rc::new(lab)) }, None)),
            ScaleEdit::Address(shape) => {
                let moved = self.lab.as_ref().is_some_and(|lab| lab.scale_shape() != shape);
                moved.then_some((ScaleAsk { lab: None }, None))
            }
        }
    }

    fn run(&self) -> Option<ScaleRun> {
        self.lab.as_ref().map(|lab| lab.scale_run())
    }

    fn aside(&self) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lectures::model::Carry;
    use crate::link::query::Query;
    use crate::link::state::LinkState;

    fn lab(link: &str) -> FrequenciesLab {
        FrequenciesLab::read(&Query::parse(link)).0
    }

    #[test]
    fn each_ask_runs_again_and_only_another_shape_drops_the_results() {
        let none = ScaleAsk::read(&Query::parse("?view=frequencies&focus=scale")).0;
        assert!(none.run().is_none() && none.query_pairs().is_empty(), "nothing until the page asks");
        let link = "?view=frequencies&stream=zipf&length=2000&w=64";
        let (asked, notices) = none.edit(ScaleEdit::Start(lab(link))).unwrap();
        assert!(notices.is_none() && asked.run().is_some());
        let (again, _) = asked.edit(ScaleEdit::Start(lab(link))).unwrap();
        assert_eq!(again.carry_run(&asked, &mut asked.run()), Carry::Restart, "asked again: run again");
        let same = ScaleShape::read(&Query::parse(&format!("{link}&query=apple")));
        assert!(asked.edit(ScaleEdit::Address(same)).is_none(), "the same shape keeps the results");
        let wider = ScaleShape::read(&Query::parse("?view=frequencies&stream=zipf&length=2000&w=128"));
        let (dropped, _) = asked.edit(ScaleEdit::Address(wider)).unwrap();
        assert!(dropped.run().is_none());
        assert!(none.edit(ScaleEdit::Address(wider)).is_none(), "nothing asked: nothing to drop");
    }
}
