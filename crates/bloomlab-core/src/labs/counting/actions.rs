//! The counting model's actions: inserts, deletes and lookups replayed as operations, the
//! experiment asked for, and who touches a counter.

use super::*;
use crate::labs::counting::experiment::Experiment;

impl CountingLab {
    pub(super) fn check_item(&self, text: &str) -> Result<(), String> {
        check_item(text, self.family())
    }

    pub(super) fn remember(&mut self, item: &str) {
        if !self.truth.contains_key(item) {
            self.truth.insert(item.to_string(), 0);
            self.order.push(item.to_string());
        }
    }

    /// Items whose estimate is below their true count.
    pub(super) fn compute_damage(&self) -> Vec<Damaged> {
        self.order
            .iter()
            .filter_map(|item| {
                let t = self.true_count(item);
                let e = self.filter.estimate(item).map(|e| e.value).unwrap_or(0);
                (t > 0 && (e as u64) < t).then(|| Damaged { item: item.clone(), true_count: t, estimate: e })
            })
            .collect()
    }

    /// Applies one operation. `track` computes which items it turned into false negatives.
    pub(super) fn apply(&mut self, op: Op, track: bool) -> Result<(), String> {
        let item = op.item().to_string();
        let before: Vec<String> = if track {
            self.damage.iter().filter(|d| d.estimate == 0).map(|d| d.item.clone()).collect()
        } else {
            Vec::new()
        };
        let (trace, phantom, forced) = match &op {
            Op::Insert(_) => {
                if self.ops.len() >= MAX_OPS {
                    return Err(format!("this view keeps at most {} operations", group_digits(MAX_OPS as u64)));
                }
                let t = self.filter.insert(&item).map_err(|e| format!("{e}; it was left out"))?;
                self.remember(&item);
                *self.truth.get_mut(&item).expect("remembered") += 1;
                (t, false, false)
            }
            Op::Delete(_) => {
                if self.ops.len() >= MAX_OPS {
                    return Err(format!("this view keeps at most {} operations", group_digits(MAX_OPS as u64)));
                }
                let est = self.filter.estimate(&item).ok_or_else(|| {
                    format!(
                        "{}; it was left out",
                        self.family().check(&item).err().map(|e| e.to_string()).unwrap_or_default()
                    )
                })?;
                let absent = est.value == 0;
                if absent && !self.force {
                    return Err(format!(
                        "\u{201c}{}\u{201d} was not deleted: the filter says it is absent (a counter of it is 0), so deleting it could only take counts away from other items. Tick \u{201c}show me what goes wrong\u{201d} to force it.",
                        shorten(&item, 40)
                    ));
                }
                let t = self.filter.delete(&item).map_err(|e| e.to_string())?;
                self.remember(&item);
                let c = self.truth.get_mut(&item).expect("remembered");
                let phantom = *c == 0;
                *c = c.saturating_sub(1);
                (t, phantom, absent)
            }
        };
        self.ops.push(op);
        let mut new_false_negatives = Vec::new();
        if track {
            self.damage = self.compute_damage();
            new_false_negatives = self
                .damage
                .iter()
                .filter(|d| d.estimate == 0 && !before.contains(&d.item))
                .map(|d| d.item.clone())
                .collect();
        }
        let true_count = self.true_count(&item);
        self.shown = Some(LastOp { trace, true_count, phantom_delete: phantom, forced, new_false_negatives });
        Ok(())
    }

    /// Rebuilds from `ops` with the current settings; refused operations are left out, each with
    /// the notice returned.
    pub(super) fn replay(&mut self, ops: Vec<Op>) -> Vec<Notice> {
        let mut notices = Vec::new();
        self.filter = CountingFilter::new(self.family(), self.m(), self.k(), self.w(), self.mode());
        self.ops.clear();
        self.truth.clear();
        self.order.clear();
        self.damage.clear();
        self.shown = None;
        let last = ops.len().saturating_sub(1);
        for (i, op) in ops.into_iter().enumerate() {
            if i == last {
                self.damage = self.compute_damage();
            }
            if let Err(why) = self.apply(op, i == last) {
                notices.push(Notice::param("ops", why));
            }
        }
        self.damage = self.compute_damage();
        notices
    }

    /// Inserts a typed item.
    pub fn insert(&mut self, text: &str) -> Result<(), Notice> {
        self.op(Op::Insert(text.to_string()))
    }

    /// Deletes a typed item (refused when the filter says it is absent, unless forced).
    pub fn delete(&mut self, text: &str) -> Result<(), Notice> {
        self.op(Op::Delete(text.to_string()))
    }

    pub(super) fn op(&mut self, op: Op) -> Result<(), Notice> {
        self.check_item(op.item()).and_then(|_| self.apply(op, true)).map_err(Notice::input)
    }

    /// Looks an item up: its counters, the estimate, the verdict.
    pub fn lookup(&mut self, text: &str) -> Result<(), Notice> {
        if text.is_empty() {
            return Err(Notice::input("type an item to look up"));
        }
        self.check_item(text).map_err(Notice::input)?;
        let trace = self.filter.lookup(text).map_err(|e| Notice::input(e.to_string()))?;
        let true_count = self.true_count(text);
        self.shown =
            Some(LastOp { trace, true_count, phantom_delete: false, forced: false, new_false_negatives: Vec::new() });
        Ok(())
    }

    /// Empties the filter and the history.
    pub fn clear(&mut self) {
        self.replay(Vec::new());
    }

    /// The model with the experiment asked for with the seed a form's `text` gives; a text that
    /// is not a seed gets the notice a link's `exp` gets, and changes nothing.
    pub fn with_experiment(&self, text: &str) -> (CountingLab, Vec<Notice>) {
        match super::link::experiment_seed(text) {
            Ok(seed) => (CountingLab { exp: Some(seed), ..self.clone() }, Vec::new()),
            Err(n) => (self.clone(), vec![n]),
        }
    }

    /// The experiment the model asks for, from its start.
    pub fn experiment(&self) -> Option<Experiment> {
        self.exp.map(|seed| Experiment::new(seed, self.family(), self.k()))
    }

    /// Items in the multiset (true count above 0) whose hashes include `position` of the primary
    /// (or, with `secondary`, of the secondary) counters: at most `limit` names, and how many in all.
    pub fn who_touches(&self, position: u64, secondary: bool, limit: usize) -> (Vec<&str>, usize) {
        let m = if secondary { self.filter.secondary().map(|s| s.len() as u64).unwrap_or(1) } else { self.m() };
        let mut names = Vec::new();
        let mut all = 0;
        for item in &self.order {
            if self.true_count(item) == 0 {
                continue;
            }
            let mut hit = false;
            self.family().for_each_position(item.as_bytes(), self.k(), m, |p| hit |= p == position);
            if hit {
                all += 1;
                if names.len() < limit {
                    names.push(item.as_str());
                }
            }
        }
        (names, all)
    }

    /// The saturation value of the counters.
    pub fn saturation(&self) -> u32 {
        saturation(self.w())
    }
}
