//! The classic lab's actions: typed inserts and lookups, generated batches and people's files
//! hashed in slices, new settings (the filter rebuilt from the same items), and who set a bit.

use super::*;
use crate::engine::sliced::Sliced;
use crate::link::notice::NoticeKind;

impl ClassicLab {
    pub(super) fn clear_input_notices(&mut self) {
        self.notices.retain(|n| n.param.is_some());
    }

    /// Shows a problem found outside the model (a file that could not be read).
    pub fn report(&mut self, why: impl Into<String>) {
        self.clear_input_notices();
        self.notices.push(Notice::input(why));
    }

    pub fn dismiss_notices(&mut self) {
        self.notices.clear();
    }

    pub(super) fn check_item(&self, text: &str) -> Result<(), String> {
        check_item(text, self.family())?;
        if self.items.len() >= MAX_ITEMS && !self.item_set.contains(text) {
            return Err(format!(
                "this view keeps at most {} typed items; use bulk insert for more",
                group_digits(MAX_ITEMS as u64)
            ));
        }
        Ok(())
    }

    /// Inserts a typed item and shows its trace.
    pub fn insert(&mut self, text: &str) -> Result<(), Notice> {
        self.clear_input_notices();
        if let Err(why) = self.check_item(text) {
            let n = Notice::input(why);
            self.notices.push(n.clone());
            return Err(n);
        }
        let trace = self.filter.insert(text).map_err(|e| Notice::input(e.to_string()))?;
        if self.item_set.insert(text.to_string()) {
            self.items.push(text.to_string());
            self.hashed_items += 1;
        } else {
            self.notices.push(Notice::input(format!(
                "\u{201c}{}\u{201d} was already inserted; inserting it again changes no bit",
                shorten(text, 40)
            )));
        }
        self.shown = Some(LastItem::Inserted(trace));
        self.version += 1;
        self.link_revision += 1;
        Ok(())
    }

    pub(super) fn lookup_inner(&mut self, text: &str) -> Result<(), Notice> {
        if text.is_empty() {
            return Err(Notice::input("type an item to look up"));
        }
        if text.chars().count() > MAX_ITEM_CHARS {
            return Err(Notice::input(format!("items are at most {} characters", group_digits(MAX_ITEM_CHARS as u64))));
        }
        let (trace, verdict) = self.filter.lookup(text).map_err(|e| Notice::input(e.to_string()))?;
        let truth = if self.is_member(text) { Truth::Member } else { Truth::NonMember };
        self.shown = Some(LastItem::LookedUp { trace, verdict, truth });
        Ok(())
    }

    /// Looks an item up and shows the verdict and its trace.
    pub fn lookup(&mut self, text: &str) -> Result<(), Notice> {
        self.clear_input_notices();
        self.link_revision += 1;
        self.lookup_inner(text).inspect_err(|n| self.notices.push(n.clone()))
    }

    pub(super) fn push_batch(&mut self, kind: ItemKind, count: u64) -> Result<(), Notice> {
        if self.generated_total() + count > MAX_GENERATED {
            return Err(Notice::input(format!(
                "at most {} generated items fit in one filter here",
                group_digits(MAX_GENERATED)
            )));
        }
        let seed = self.batches.len() as u64;
        self.batches.push(Batch { kind, count, seed });
        self.link_revision += 1;
        Ok(())
    }

    /// Queues `count` generated items; `work` hashes them in slices.
    pub fn add_batch(&mut self, kind: ItemKind, count: u64) -> Result<(), Notice> {
        self.clear_input_notices();
        if self.family() == HashFamily::Ullman {
            let n = Notice::input(
                "the ullman hashes take whole numbers only; switch to xxh3 or double for generated words and URLs",
            );
            self.notices.push(n.clone());
            return Err(n);
        }
        self.push_batch(kind, count).inspect_err(|n| self.notices.push(n.clone()))
    }

    /// Runs all pending work at once (tests and small filters).
    pub fn finish(&mut self) {
        while self.pending() > 0 {
            self.work(u64::MAX);
        }
    }

    pub(super) fn refresh_lookup(&mut self) {
        if let Some(LastItem::LookedUp { trace, .. }) = &self.shown {
            let item = trace.item.clone();
            let _ = self.lookup_inner(&item);
        }
    }

    /// Rebuilds the filter from the same items with new settings.
    pub(super) fn rebuild(&mut self) {
        self.link_revision += 1;
        self.filter = BloomFilter::new(self.family(), self.m(), self.k());
        self.cursor = Cursor::default();
        self.hashed_items = 0;
        if let Some(f) = self.file.as_mut() {
            f.done = 0;
            f.skipped = 0;
            self.notices.retain(|n| n.kind != NoticeKind::UnhashableFile);
        }
        let mut last = None;
        let mut skipped = 0usize;
        for item in &self.items {
            match self.filter.insert(item) {
                Ok(t) => {
                    self.hashed_items += 1;
                    last = Some(t);
                }
                Err(_) => skipped += 1,
            }
        }
        self.notices.retain(|n| n.kind != NoticeKind::Unhashable);
        let generated = self.generated_skipped();
        if skipped > 0 || generated > 0 {
            let mut what = Vec::new();
            if skipped > 0 {
                what.push(format!(
                    "{} typed item{}",
                    group_digits(skipped as u64),
                    if skipped == 1 { "" } else { "s" }
                ));
            }
            if generated > 0 {
                what.push(format!(
                    "{} generated word{} and URLs",
                    group_digits(generated),
                    if generated == 1 { "" } else { "s" }
                ));
            }
            self.notices.push(Notice::input(format!(
                "the ullman hashes take whole numbers only and cannot hash {}; they stay in the list but set no bits (switch to xxh3 or double to hash them)",
                what.join(" nor ")
            ))
            .of_kind(NoticeKind::Unhashable));
        }
        self.shown = match self.shown.take() {
            Some(LastItem::LookedUp { trace, .. }) => {
                let text = trace.item;
                self.lookup_inner(&text).ok();
                self.shown.take()
            }
            _ => last.map(LastItem::Inserted),
        };
        self.version += 1;
    }

    pub fn set_m(&mut self, m: u64) {
        let m = M.clamp(m);
        if m != self.m() {
            self.filter = BloomFilter::new(self.family(), m, self.k());
            self.rebuild();
        }
    }

    pub fn set_k(&mut self, k: u32) {
        let k = k.clamp(1, SHAPE.max_k(self.family()));
        if k != self.k() {
            self.filter = BloomFilter::new(self.family(), self.m(), k);
            self.rebuild();
        }
    }

    pub fn set_family(&mut self, family: HashFamily) {
        if family != self.family() {
            self.clear_input_notices();
            self.filter = BloomFilter::new(family, self.m(), self.k());
            self.rebuild();
        }
    }

    /// Inserts people's own items (a file's or a paste's distinct items), hashed in slices by
    /// `work` after any generated items.
    pub fn set_file(&mut self, items: Rc<Vec<String>>) {
        self.notices.retain(|n| n.param.as_deref() != Some("data"));
        self.file = Some(FileItems { items, done: 0, skipped: 0 });
        self.rebuild();
    }

    /// Takes the file's items out of the filter.
    pub fn clear_file(&mut self) {
        if self.file.take().is_some() {
            self.notices.retain(|n| n.kind != NoticeKind::UnhashableFile);
            self.rebuild();
        }
    }

    /// Empties the filter and the lists.
    pub fn clear(&mut self) {
        self.items.clear();
        self.item_set.clear();
        self.batches.clear();
        self.file = None;
        self.shown = None;
        self.clear_input_notices();
        self.rebuild();
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
            if end == f.total() && f.skipped > 0 {
                self.notices.retain(|n| n.kind != NoticeKind::UnhashableFile);
                self.notices.push(
                    Notice::input(format!(
                    "the ullman hashes take whole numbers only: {} of your items are not whole numbers and set no bits",
                    group_digits(f.skipped)
                ))
                    .of_kind(NoticeKind::UnhashableFile),
                );
            }
        }
        self.version += 1;
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
