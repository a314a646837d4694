//! The comparison's URLs, kept once: every URL's characters one after another in one string, and
//! where each one starts. The structures compared hold item numbers into it (their own order, their
//! own hash table), so a million URLs are stored once rather than once per structure.

/// Items before the string's size is planned: their average length says how long the rest are.
const PLAN_AFTER: usize = 1_024;
/// Room planned above that average, in percent (the crawl's ids gain digits as they grow).
const PLAN_MARGIN: usize = 10;

/// Every URL of a run, in the order they were added; item `i` is `get(i)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Urls {
    text: String,
    /// Where each item starts in `text`, and where the last one ends: item i is
    /// `text[bounds[i]..bounds[i + 1]]`.
    bounds: Vec<u32>,
    /// The items expected in all, for planning the string's size.
    expected: usize,
}

impl Urls {
    /// Room for `items` items; the characters' room is planned once the first ones are in.
    pub fn with_items(items: usize) -> Urls {
        Urls { text: String::new(), bounds: first_bound(items), expected: items }
    }

    /// Room for `items` items of `bytes` characters in all, known up front (a file's).
    pub fn with_room(items: usize, bytes: usize) -> Urls {
        Urls { text: String::with_capacity(bytes), bounds: first_bound(items), expected: items }
    }

    /// Adds one item; false (and nothing added) once the characters would pass 4 GiB, more than a
    /// page can hold.
    pub fn push(&mut self, item: &str) -> bool {
        let Ok(end) = u32::try_from(self.text.len() + item.len()) else { return false };
        if self.text.capacity() < end as usize {
            self.make_room(item.len());
        }
        self.text.push_str(item);
        self.bounds.push(end);
        true
    }

    /// Grows the string for the next item: by doubling while there are too few items to plan
    /// from, then at once for all the items still expected at the average length so far (a
    /// long string doubling would hold twice its size for a moment, and half of it unused).
    fn make_room(&mut self, next: usize) {
        let count = self.len();
        if count < PLAN_AFTER {
            self.text.reserve(next);
            return;
        }
        let left = self.expected.saturating_sub(count).max(1);
        let per_item = self.text.len().div_ceil(count) * (100 + PLAN_MARGIN) / 100;
        self.text.reserve_exact(left.saturating_mul(per_item).max(next));
    }

    /// Gives back the room planned but not used, once every item is in.
    pub fn shrink(&mut self) {
        self.text.shrink_to_fit();
        self.bounds.shrink_to_fit();
    }

    /// Item `i` (empty past the end).
    #[inline]
    pub fn get(&self, i: u32) -> &str {
        let (start, end) = self.span(i);
        // Both ends fall between characters (each item was a whole string).
        self.text.get(start..end).unwrap_or("")
    }

    /// Item `i`'s bytes, for comparing: the same order as the strings' (`str` compares bytes),
    /// without checking again that the ends fall between characters.
    #[inline]
    pub fn bytes_of(&self, i: u32) -> &[u8] {
        let (start, end) = self.span(i);
        self.text.as_bytes().get(start..end).unwrap_or(&[])
    }

    /// Where item `i` starts and ends (empty past the end).
    #[inline]
    fn span(&self, i: u32) -> (usize, usize) {
        let i = i as usize;
        match self.bounds.get(i..i + 2) {
            Some(&[start, end]) => (start as usize, end as usize),
            _ => (0, 0),
        }
    }

    /// The characters of item `i`.
    pub fn len_of(&self, i: u32) -> u64 {
        self.get(i).len() as u64
    }

    /// The characters of the first `count` items.
    pub fn chars_before(&self, count: usize) -> u64 {
        self.bounds.get(count.min(self.len())).map_or(0, |&b| b as u64)
    }

    /// Items held.
    pub fn len(&self) -> usize {
        self.bounds.len().saturating_sub(1)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes held (as allocated): the characters' string and the bounds.
    pub fn bytes(&self) -> u64 {
        (self.text.capacity() + self.bounds.capacity() * std::mem::size_of::<u32>()) as u64
    }
}

/// The bounds of no item yet, with room for `items`.
fn first_bound(items: usize) -> Vec<u32> {
    let mut bounds = Vec::with_capacity(items + 1);
    bounds.push(0);
    bounds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_come_back_as_added_in_one_planned_string() {
        let items: Vec<String> = (0..5_000).map(|i| format!("site{}.org/{}", i % 7, "x".repeat(i % 13))).collect();
        let mut urls = Urls::with_items(items.len());
        for it in &items {
            assert!(urls.push(it));
        }
        urls.push("");
        assert_eq!(urls.len(), 5_001);
        assert!(items.iter().enumerate().all(|(i, it)| urls.get(i as u32) == it));
        assert_eq!((urls.get(5_000), urls.get(9_999)), ("", ""));
        let chars: usize = items.iter().map(|s| s.len()).sum();
        assert_eq!(urls.chars_before(5_000), chars as u64);
        assert_eq!(urls.len_of(3), items[3].len() as u64);
        // Planned from the first items: the string never holds more than the margin over.
        assert!(urls.text.capacity() <= chars * (100 + PLAN_MARGIN) / 100 + 64, "{}", urls.text.capacity());
        urls.shrink();
        assert_eq!(urls.bytes(), (chars + 5_002 * 4) as u64);
    }
}
