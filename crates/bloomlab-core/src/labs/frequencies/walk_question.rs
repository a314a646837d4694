//! The walkthrough's question (`quiz`), asked at its lookup step about the newest idea the
//! walkthrough shows (`sketches`): count-min's smallest counter, the conservative update's, or the
//! count sketch's median. The narration and the readouts that answer it are held back while it is
//! open; the counters it is read from stay drawn.

use super::FrequenciesLab;
use crate::engine::stats::sort_floats;
use crate::lectures::count_min::{CmWalk, LookedUp, Sketch, Snapshot};
use crate::lectures::questions::{question, Question, PROMPT_QUOTE};
use crate::text::quoted;
use crate::text::trim_float;

impl FrequenciesLab {
    /// The question at `step` of `walk`, whose summaries there are `snap` (`walk.at(step)`, as
    /// the page draws them): only the lookup asks one.
    pub fn walk_question(&self, walk: &CmWalk, step: usize, snap: &Snapshot) -> Option<Question> {
        if !walk.is_lookup(step) {
            return None;
        }
        let l = walk.look_up(snap, &walk.lookup);
        let has = |s: Sketch| walk.sketches.has(s);
        if has(Sketch::CountSketch) {
            median_question(&l)
        } else if has(Sketch::Conservative) {
            conservative_question(&l)
        } else if has(Sketch::CountMin) {
            smallest_question(&l)
        } else {
            None
        }
    }
}

fn listed<T: ToString>(v: &[T]) -> String {
    v.iter().map(T::to_string).collect::<Vec<_>>().join(", ")
}

fn smallest_question(l: &LookedUp) -> Option<Question> {
    let it = quoted(&l.item, PROMPT_QUOTE);
    let (e, largest, sum) = (l.cm_estimate, l.cm.iter().copied().max()?, l.cm.iter().sum::<u64>());
    let wrong = vec![
        (l.truth.to_string(), format!("{} is how often {it} really arrived; the sketch does not know it, and other items that share its counters add to them.", l.truth)),
        (largest.to_string(), format!("{largest} is its largest counter; every counter holds at least the true count, so the smallest is the closest.")),
        (sum.to_string(), format!("{sum} is the sum of its counters: each arrival of {it} adds 1 in every row, so the sum counts it once per row.")),
        ((e + 1).to_string(), format!("{} is one more than its smallest counter.", e + 1)),
    ];
    let why = format!(
        "The counters of {it} hold {}: each holds its arrivals plus those of the items hashed to the same place in that row, so count-min takes the smallest, {e} (the true count is {}).",
        listed(&l.cm),
        l.truth
    );
    let prompt = format!("All arrivals are in. Reading its counters, what does count-min estimate for {it}?");
    question("walk-cm-estimate".into(), prompt, e.to_string(), wrong, why, l.item.len())
}

fn conservative_question(l: &LookedUp) -> Option<Question> {
    let it = quoted(&l.item, PROMPT_QUOTE);
    let e = l.cu_estimate;
    let wrong = vec![
        (l.cm_estimate.to_string(), format!("{} is the standard update's estimate; the conservative update raised shared counters less.", l.cm_estimate)),
        (l.cu.iter().copied().max()?.to_string(), "that is its largest conservative counter; the estimate is the smallest.".to_string()),
        (e.saturating_sub(1).to_string(), "the conservative update never lets an estimate fall below the true count, and its smallest counter is more.".to_string()),
        ((e + 1).to_string(), format!("{} is one more than its smallest counter.", e + 1)),
    ];
    let why = format!(
        "With the conservative update the counters of {it} hold {}: the estimate is the smallest, {e}, against the standard update's {} (the true count is {}).",
        listed(&l.cu),
        l.cm_estimate,
        l.truth
    );
    let prompt = format!("All arrivals are in. What does count-min with the conservative update estimate for {it}?");
    question("walk-cu-estimate".into(), prompt, e.to_string(), wrong, why, l.item.len() + 1)
}

fn median_question(l: &LookedUp) -> Option<Question> {
    let it = quoted(&l.item, PROMPT_QUOTE);
    let readings: Vec<f64> = l.cs.iter().zip(&l.place.signs).map(|(&c, &s)| (c * s) as f64).collect();
    let mut sorted = readings.clone();
    sort_floats(&mut sorted);
    let mean = readings.iter().sum::<f64>() / readings.len().max(1) as f64;
    let mut unsigned: Vec<f64> = l.cs.iter().map(|&c| c as f64).collect();
    sort_floats(&mut unsigned);
    let median = |v: &[f64]| match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    };
    let show = |x: f64| trim_float(x, 2);
    let e = l.cs_estimate;
    let wrong = vec![
        (show(median(&unsigned)), "that is the median of the counters without their signs; each row's counter is read times the item's sign there.".to_string()),
        (show(mean), "that is the mean of sign × counter; the count sketch takes the median, which one large collision cannot throw.".to_string()),
        (l.truth.to_string(), format!("{} is how often {it} really arrived; collisions cancel only on average.", l.truth)),
        (show(sorted.first().copied().unwrap_or(0.0)), "that is the smallest reading; the count sketch can err both ways, so it takes the middle one.".to_string()),
    ];
    let why = format!(
        "Sign × counter in each row: {}; sorted, the middle is {} (the true count is {}).",
        listed(&readings.iter().map(|&r| show(r)).collect::<Vec<_>>()),
        show(e),
        l.truth
    );
    let prompt = format!("All arrivals are in. What does the count sketch estimate for {it}?");
    question("walk-cs-estimate".into(), prompt, show(e), wrong, why, l.item.len() + 2)
}

#[cfg(test)]
mod tests {
    use crate::lectures::questions::check_shape;
    use crate::link::query::Query;
    use crate::link::state::LinkState;

    use super::FrequenciesLab;

    /// The question names the newest sketch shown, and its answer is that sketch's estimate as the
    /// walkthrough computes it.
    #[test]
    fn the_lookup_asks_about_the_newest_sketch_shown() {
        for (sketches, id) in
            [("cm", "walk-cm-estimate"), ("cm,cu", "walk-cu-estimate"), ("cs", "walk-cs-estimate"), ("mg", "")]
        {
            let (lab, _) = FrequenciesLab::read(&Query::parse(&format!("?view=frequencies&sketches={sketches}")));
            let walk = lab.walk();
            let before = walk.last_step() - 1;
            assert!(lab.walk_question(&walk, before, &walk.at(before)).is_none(), "only the lookup asks");
            let Some(q) = lab.walk_question(&walk, walk.last_step(), &walk.at(walk.last_step())) else {
                assert!(id.is_empty(), "{sketches}");
                continue;
            };
            check_shape(&q);
            assert_eq!(q.id, id);
            let l = walk.look_up(&walk.at(walk.last_step()), &walk.lookup);
            let want = match id {
                "walk-cm-estimate" => l.cm_estimate.to_string(),
                "walk-cu-estimate" => l.cu_estimate.to_string(),
                _ => crate::text::trim_float(l.cs_estimate, 2),
            };
            assert_eq!(q.choices[q.answer], want, "{sketches}");
        }
    }
}
