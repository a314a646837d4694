//! The comparison as the page of its own bundle runs it (fetched on first use beside the
//! multi-layer page): what was asked (the hashes, k and L the address gave, and people's URLs if
//! they gave some) is the model, the comparison is the run, started again on every ask. The
//! address belongs to the view's page: the bundle reads it for each ask and writes none of it.

use std::rc::Rc;

use super::{Comparison, Setup};
use crate::data::dataset::Dataset;
use crate::engine::slice_budget::SliceBudget;
use crate::labs::mlbf::CompareAsk;
use crate::lectures::model::{Carry, Model};
use crate::link::notice::Notice;

/// URLs in the comparison's generated data set (the paper's m/n ratio is scaled to this).
pub const COMPARE_URLS: u64 = 50_000;

/// The fewest distinct items people's list needs: half are inserted, half probed.
const MIN_ITEMS: usize = 4;

/// What the comparison was asked to run.
#[derive(Clone, Debug, Default)]
pub struct CompareModel {
    /// The hashes, k and L of the last ask: none until the comparison is asked for.
    pub ask: Option<CompareAsk>,
    /// People's URLs (a file's or a paste's distinct items), which the comparison then runs on.
    pub dataset: Option<Rc<Dataset>>,
    /// Asks so far: each starts the comparison again.
    asks: u64,
}

/// What the bundle's controls and its page ask, each with what the address asks now.
#[derive(Clone, Debug)]
pub enum CompareEdit {
    /// Run (again).
    Run(CompareAsk),
    /// Run on a file's (or a paste's) items.
    File(Rc<Dataset>, CompareAsk),
    /// Back to the generated crawl (run again if a run was asked for).
    NoFile(CompareAsk),
}

impl CompareModel {
    fn asked(&self, ask: CompareAsk, dataset: Option<Rc<Dataset>>) -> CompareModel {
        CompareModel { ask: Some(ask), dataset, asks: self.asks + 1 }
    }
}

// Nothing is asked for at first: the page asks (a `compare=1` link among its asks).
bloomlab_link::no_link!(CompareModel);

impl Model for CompareModel {
    type Edit = CompareEdit;
    type Run = Option<Comparison>;
    type Aside = ();
    /// Comparison work units per slice: 5,000 at first, then about 10 ms' worth.
    const BUDGET: SliceBudget = SliceBudget::new(5_000, 500, 500_000, 10.0);

    /// A list too short to split is refused with a notice, the comparison as it was; one that
    /// can be split ends any notice about the last.
    fn edit(&self, edit: CompareEdit) -> Option<(CompareModel, Option<Vec<Notice>>)> {
        match edit {
            CompareEdit::Run(ask) => Some((self.asked(ask, self.dataset.clone()), None)),
            CompareEdit::File(d, _) if d.items.len() < MIN_ITEMS => {
                let why = format!(
                    "the file has {} distinct item(s); the comparison needs at least {MIN_ITEMS} (half inserted, half probed)",
                    d.items.len()
                );
                Some((self.clone(), Some(vec![Notice::input(why)])))
            }
            CompareEdit::File(d, ask) => Some((self.asked(ask, Some(d)), Some(Vec::new()))),
            CompareEdit::NoFile(ask) => {
                let next = match self.ask {
                    Some(_) => self.asked(ask, None),
                    None => CompareModel { dataset: None, ..self.clone() },
                };
                Some((next, None))
            }
        }
    }

    fn run(&self) -> Option<Comparison> {
        let ask = self.ask?;
        Some(match &self.dataset {
            Some(d) => Comparison::on_items(ask.family, ask.k, ask.layers, d.items.clone()),
            None => Comparison::new(Setup::paper_scaled(ask.family, ask.k, ask.layers, COMPARE_URLS)),
        })
    }

    fn aside(&self) {}

    /// Only an ask starts the comparison again.
    fn carry_run(&self, before: &CompareModel, _run: &mut Option<Comparison>) -> Carry {
        if self.asks == before.asks {
            Carry::Keep
        } else {
            Carry::Restart
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::dataset::{Reader, Split};
    use crate::link::query::Query;
    use crate::link::state::LinkState;

    fn list(n: usize) -> Rc<Dataset> {
        let text: String = (0..n).map(|i| format!("example.com/page/{i}\n")).collect();
        Rc::new(Reader::new(Some("urls.txt"), text.into_bytes()).unwrap().split(Split::Lines).finish().unwrap())
    }

    #[test]
    fn every_ask_runs_again_and_a_short_list_is_refused() {
        let ask = CompareAsk::read(&Query::parse("?view=mlbf&k=3&layers=2"));
        let none = CompareModel::read(&Query::parse("?view=mlbf&compare=1")).0;
        assert!(none.run().is_none() && none.query_pairs().is_empty(), "nothing until the page asks");
        let (asked, notices) = none.edit(CompareEdit::Run(ask)).unwrap();
        assert!(notices.is_none());
        assert_eq!(asked.carry_run(&none, &mut None), Carry::Restart);
        assert!(asked.run().is_some_and(|c| !c.on_own_items()));
        let (again, _) = asked.edit(CompareEdit::Run(ask)).unwrap();
        assert_eq!(again.carry_run(&asked, &mut None), Carry::Restart, "asked again: run again");
        let (short, notices) = asked.edit(CompareEdit::File(list(3), ask)).unwrap();
        assert_eq!((notices.map(|n| n.len()), short.carry_run(&asked, &mut None)), (Some(1), Carry::Keep));
        let (own, notices) = asked.edit(CompareEdit::File(list(40), ask)).unwrap();
        assert_eq!(notices, Some(Vec::new()), "a list that can be split ends the notice");
        assert!(own.run().is_some_and(|c| c.on_own_items()));
        let (crawl, _) = own.edit(CompareEdit::NoFile(ask)).unwrap();
        assert_eq!(crawl.carry_run(&own, &mut None), Carry::Restart, "back to the crawl: run again");
        let (idle, _) = none.edit(CompareEdit::NoFile(ask)).unwrap();
        assert_eq!(idle.carry_run(&none, &mut None), Carry::Keep, "nothing asked: nothing runs");
    }
}
