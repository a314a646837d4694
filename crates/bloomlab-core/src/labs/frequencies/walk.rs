//! The frequencies view as a walkthrough (`lectures::count_min`): its typed stream stepped one
//! arrival at a time, on the view's sketches (w, d) and summaries (k), the link's `step` the
//! stepper's place. The last step looks up the first item of `query` when the link names the
//! items; otherwise the first typed item whose count-min estimate is above its true count (a
//! collision to look at), or the first item when there is none.

use super::link::default_queries;
use super::params::STEP;
use super::{FrequenciesLab, Source};
use crate::engine::streams::count_min::{CountMin, Update};
use crate::lectures::count_min::{self, CmWalk, Snapshot};
use crate::lectures::stepper::{Stepped, Stepper};
use crate::link::state::LinkState;

impl FrequenciesLab {
    /// The item the walkthrough looks up last.
    pub fn walk_lookup(&self) -> String {
        let named = self.source == Source::Typed && self.queries != default_queries(self.source, self.stream());
        if let Some(q) = self.queries.first().filter(|_| named) {
            return q.clone();
        }
        let mut cm = CountMin::new(self.w, self.d, Update::Standard);
        self.typed.iter().for_each(|x| cm.add_at(&cm.columns(x.as_bytes())));
        let truth = |x: &String| self.typed.iter().filter(|y| *y == x).count() as u64;
        let over = self.typed.iter().find(|x| cm.estimate(x.as_bytes()) > truth(x));
        over.or(self.typed.first()).cloned().unwrap_or_default()
    }

    /// The walkthrough of the typed stream.
    pub fn walk(&self) -> CmWalk {
        CmWalk::new(&self.typed, self.w, self.d, self.k, &self.walk_lookup()).with_sketches(self.sketches)
    }

    /// Step `step`'s title and narration, from the walk's summaries `snap` at that step.
    pub fn walk_text(&self, walk: &CmWalk, step: usize, snap: &Snapshot) -> (String, String) {
        (count_min::title(walk, step), count_min::narration(walk, step, snap))
    }
}

impl Stepped for FrequenciesLab {
    fn last_step(&self) -> usize {
        if self.typed.is_empty() {
            0
        } else {
            self.typed.len() + 1
        }
    }

    /// The same stream keeps its place; another starts at its first arrival.
    fn stepper_after_rebuild(&self, before: &Stepper) -> Stepper {
        if before.steps() == self.last_step() {
            return Stepper::new(self.last_step(), before.step());
        }
        self.first_stepper()
    }

    /// The lab's parameters and `step`, left out at step 0.
    fn stepped_pairs(&self, stepper: &Stepper) -> Vec<(&'static str, String)> {
        let mut pairs = self.query_pairs();
        if stepper.step() > 0 {
            pairs.push((STEP.name, stepper.step().to_string()));
        }
        pairs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::query::Query;

    fn read(link: &str) -> (FrequenciesLab, Stepper, Vec<crate::link::notice::Notice>) {
        FrequenciesLab::read_stepped(&Query::parse(link))
    }

    #[test]
    fn step_is_read_and_written_back() {
        let (lab, stepper, notices) = read("?items=a,b,a&step=2");
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!((stepper.step(), stepper.steps()), (2, 4));
        assert!(lab.stepped_pairs(&stepper).contains(&("step", "2".to_string())));
        let (_, at_start, _) = read("?items=a,b,a");
        assert_eq!(at_start.step(), 0);
        assert!(!lab.stepped_pairs(&at_start).iter().any(|(k, _)| *k == "step"), "step 0 is left out");
        let (_, past, notices) = read("?items=a,b,a&step=99");
        assert_eq!(past.step(), 4);
        assert!(notices.iter().any(|n| n.param.as_deref() == Some("step")));
        let (_, bad, notices) = read("?items=a,b,a&step=x");
        assert_eq!(bad.step(), 0);
        assert!(notices.iter().any(|n| n.param.as_deref() == Some("step")));
    }

    #[test]
    fn the_lookup_is_the_named_item_or_a_collision() {
        let (lab, _, _) = read("?view=frequencies");
        let item = lab.walk_lookup();
        let walk = lab.walk();
        let s = walk.at(walk.last_step());
        assert!(s.cm.estimate(item.as_bytes()) > walk.true_count(&item, walk.len()), "{item}");
        let (named, _, _) = read("?view=frequencies&query=kiwi,apple");
        assert_eq!(named.walk_lookup(), "kiwi");
        // Another shape keeps the stepper's place; another stream starts at its first arrival.
        let before = Stepper::new(lab.last_step(), 7);
        let (wider, _) = lab.with_fields(&[("w", "16")]);
        assert_eq!(wider.stepper_after_rebuild(&before).step(), 7);
        let (other, _) = lab.with_fields(&[("items", "x,y")]);
        assert_eq!(other.stepper_after_rebuild(&before).step(), 1);
    }
}
