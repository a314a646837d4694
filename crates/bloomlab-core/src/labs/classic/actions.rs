//! The classic filter's work: built from its model, typed inserts and lookups, generated batches
//! and people's files hashed in slices, and who set a bit.

use super::*;
use crate::engine::sliced::Sliced;

impl ClassicLab {
    /// The filter `model` describes: its typed items hashed now (those the family cannot hash
    /// kept in the list, setting no bits), its generated batches and file queued for `work`, and
    /// the item it shows — the item looked up, else the last typed item inserted.
    pub fn build(model: &Classic) -> ClassicLab {
        let mut lab = ClassicLab::new(model.family(), model.m(), model.k());
        for item in model.items() {
            lab.insert(item);
        }
        lab.batches = model.batches().to_vec();
        if let Some(d) = model.file() {
            lab.set_file(d.items.clone());
        }
        if let Some(ItemShown::LookedUp(text)) = model.shown() {
            lab.lookup(text);
        }
        lab
    }

    /// Inserts a typed item and shows its trace (one the family cannot hash is kept in the list,
    /// sets no bits and leaves the trace shown as it was).
    pub fn insert(&mut self, text: &str) {
        let new = !self.items.iter().any(|s| s == text);
        if new {
            self.items.push(text.to_string());
        }
        if let Ok(trace) = self.filter.insert(text) {
            self.hashed_items += new as u64;
            self.shown = Some(LastItem::Inserted(trace));
        }
    }

    /// Looks an item up and shows the verdict and its trace (nothing, for an item the family
    /// cannot hash).
    pub fn lookup(&mut self, text: &str) {
        self.shown = self.filter.lookup(text).ok().map(|(trace, verdict)| {
            let truth = if self.is_member(text) { Truth::Member } else { Truth::NonMember };
            LastItem::LookedUp { trace, verdict, truth }
        });
    }

    /// Queues `count` generated items after the others; `work` hashes them in slices.
    pub fn add_batch(&mut self, kind: ItemKind, count: u64) {
        let seed = self.batches.len() as u64;
        self.batches.push(Batch { kind, count, seed });
    }

    /// Queues people's own items (a file's or a paste's distinct items) for `work`, after the
    /// generated ones.
    pub fn set_file(&mut self, items: Rc<Vec<String>>) {
        self.file = Some(FileItems { items, done: 0, skipped: 0 });
    }

    /// Runs all pending work at once (tests and small filters).
    pub fn finish(&mut self) {
        while self.pending() > 0 {
            self.work(u64::MAX);
        }
    }

    fn refresh_lookup(&mut self) {
        if let Some(LastItem::LookedUp { trace, .. }) = &self.shown {
            let item = trace.item.clone();
            self.lookup(&item);
        }
    }

    /// The typed items whose hashes include `position`, and how many generated items do
    /// (counted exactly when there are at most `scan_limit` of them, else `None`).
    pub fn who_set(&self, position: u64, scan_limit: u64) -> (Vec<&str>, Option<u64>) {
        let typed =
            self.items.iter().filter(|s| self.filter.touches(s.as_bytes(), position)).map(|s| s.as_str()).collect();
        let generated = self.generated_done() + self.file.as_ref().map_or(0, |f| f.done);
        if generated == 0 {
            return (typed, Some(0));
        }
        if generated > scan_limit {
            return (typed, None);
        }
        let mut count = 0;
        let mut buf = String::new();
        if let Some(f) = &self.file {
            count += f.items[..f.done as usize].iter().filter(|s| self.filter.touches(s.as_bytes(), position)).count()
                as u64;
        }
        for (bi, b) in self.batches.iter().enumerate().filter(|_| self.family() != HashFamily::Ullman) {
            let upto = if bi < self.cursor.batch {
                b.count
            } else if bi == self.cursor.batch {
                self.cursor.within
            } else {
                0
            };
            for i in 0..upto {
                write_item(b.kind, b.seed, i, &mut buf);
                if self.filter.touches(buf.as_bytes(), position) {
                    count += 1;
                }
            }
        }
        (typed, Some(count))
    }
}

/// The lab's long work: the generated batches and the file's items, hashed in slices.
impl crate::engine::sliced::Sliced for ClassicLab {
    /// Hashes up to `units` pending generated items; returns how many it did.
    fn work(&mut self, units: u64) -> u64 {
        if self.pending() == 0 {
            return 0;
        }
        let mut done = 0;
        let generated = self.family() != HashFamily::Ullman;
        while generated && done < units && self.cursor.batch < self.batches.len() {
            let b = self.batches[self.cursor.batch];
            let end = self.cursor.within.saturating_add(units - done).min(b.count);
            self.filter.insert_generated(b.kind, b.seed, self.cursor.within..end);
            done += end - self.cursor.within;
            self.cursor.within = end;
            if end == b.count {
                self.cursor.batch += 1;
                self.cursor.within = 0;
            }
        }
        if let Some(f) = self.file.as_mut() {
            let end = f.done.saturating_add(units - done).min(f.total());
            let slice = &f.items[f.done as usize..end as usize];
            if !self.filter.insert_all(slice) {
                // The ullman hashes: one by one, counting the items that are not whole numbers.
                for item in slice {
                    f.skipped += self.filter.insert(item).is_err() as u64;
                }
            }
            done += end - f.done;
            f.done = end;
        }
        if self.pending() == 0 {
            self.refresh_lookup();
        }
        done
    }
    fn is_done(&self) -> bool {
        self.pending() == 0
    }
    fn ops_done(&self) -> u64 {
        self.generated_processed() + self.file.as_ref().map_or(0, |f| f.done)
    }
    fn ops_total(&self) -> u64 {
        self.generated_total() + self.file.as_ref().map_or(0, FileItems::total)
    }
}
