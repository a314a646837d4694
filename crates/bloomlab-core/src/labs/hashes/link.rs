//! The hash lab's link: its parameters declared once, read (with notices) and written back, and
//! a form's text read the same way.

use super::items::{Items, MAX_LEN};
use super::{HashLab, Settings};
use crate::engine::hashing::HashFamily;
use crate::engine::slice_budget::SliceBudget;
use crate::lectures::model::Model;
use crate::link::notice::Notice;
use crate::link::params::{Declared, Shape, Text, Whole, HASH_TEXT};
use crate::link::query::Query;
use crate::link::state::LinkState;
use crate::text::shorten;

/// `families`: the families measured side by side.
pub const FAMILIES: Text = Text {
    name: "families",
    about: "the hash families measured side by side",
    values: "comma list of `xxh3`, `double`, `enhanced`, `naive`",
    default: "all four",
    bad: "an unknown name is left out; none left: all four",
    example: "xxh3,naive",
    bad_example: Some("xxh3,md5"),
};
/// `m`: bits of the filter.
pub const M: Whole =
    Whole { name: "m", about: "bits of the filter", min: 1, max: 1 << 24, default: 4096, example: "2048" };
/// `k`: hash functions.
pub const K: Whole = Whole { name: "k", about: "hash functions", min: 1, max: 32, default: 5, example: "4" };
/// `m` and `k` as the shared m and k controls offer them (`hash` is not a parameter here: the
/// lab compares the families `families` lists, so it stays at the text families' default).
pub const SHAPE: Shape = Shape { hash: HASH_TEXT, m: M, k: K };
/// `n`: items inserted (fewer than there are items of the kind).
pub const N: Whole = Whole {
    name: "n",
    about: "items inserted (fewer than there are items of the kind)",
    min: 1,
    max: 100_000,
    default: 300,
    example: "200",
};
/// `items`: the kind of items hashed. Its own reader: `Items::parse`.
pub const ITEMS: Text = Text {
    name: "items",
    about: "the items hashed",
    values: "`len:L` (words of exactly L letters, 1 .. 64), `words`, `urls`, `ints:N` (0 .. N)",
    default: "`len:3`",
    bad: "anything else: `len:3`",
    example: "words",
    bad_example: Some("len:0"),
};
/// `trials`: non-members probed (at most the items left after the members).
pub const TRIALS: Whole = Whole {
    name: "trials",
    about: "non-members probed (at most the items left after the members)",
    min: 1,
    max: 200_000,
    default: 20_000,
    example: "5000",
};
/// `seed`: which items.
pub const SEED: Whole = Whole { name: "seed", about: "which items", min: 0, max: u64::MAX, default: 1, example: "2" };

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] = &[&FAMILIES, &M, &K, &N, &ITEMS, &TRIALS, &SEED];

/// `families`: known names in order, each once; unknown ones left out with a notice; none
/// left: `None` (the default, all four).
fn read_families(q: &Query, notices: &mut Vec<Notice>) -> Option<Vec<HashFamily>> {
    let text = q.get(FAMILIES.name)?.unwrap_or_default();
    let mut fams = Vec::new();
    for name in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        match HashFamily::parse(name).filter(|f| HashFamily::TEXT.contains(f)) {
            Some(f) if !fams.contains(&f) => fams.push(f),
            Some(_) => {}
            None => notices.push(Notice::param(
                FAMILIES.name,
                format!(
                    "\u{201c}{}\u{201d} is not a family this lab compares (xxh3, double, enhanced, naive); it was left out",
                    shorten(name, 20)
                ),
            )),
        }
    }
    (!fams.is_empty()).then_some(fams)
}

/// `items`: a kind of items, or `None` (missing, empty, or bad with a notice).
fn read_items(q: &Query, notices: &mut Vec<Notice>) -> Option<Items> {
    let text = q.get(ITEMS.name)?.unwrap_or_default();
    match Items::parse(text.trim()) {
        Some(i) => Some(i),
        None if text.trim().is_empty() => None,
        None => {
            notices.push(Notice::bad(
                ITEMS.name,
                &shorten(&text, 20),
                &format!("is not len:1 .. len:{MAX_LEN}, words, urls or ints:N; using len:3"),
            ));
            None
        }
    }
}

/// The kinds of items the form offers.
const ITEM_CHOICES: [Items; 9] = [
    Items::Len(1),
    Items::Len(2),
    Items::Len(3),
    Items::Len(4),
    Items::Len(8),
    Items::Len(40),
    Items::Words,
    Items::Urls,
    Items::Ints(1_000_000),
];

/// The form's choices of items, `current` among them (added when it is not one of the usual):
/// each as (link value, description, whether it is `current`).
pub fn item_choices(current: Items) -> Vec<(String, String, bool)> {
    let extra = (!ITEM_CHOICES.contains(&current)).then_some(current);
    ITEM_CHOICES.into_iter().chain(extra).map(|i| (i.name(), i.describe(), i == current)).collect()
}

impl LinkState for Settings {
    /// Reads `families`, `m`, `k`, `n`, `items`, `trials`, `seed`; n and trials kept within the
    /// items there are.
    fn read(q: &Query) -> (Settings, Vec<Notice>) {
        let mut notices = Vec::new();
        let mut s = Settings::default();
        if let Some(families) = read_families(q, &mut notices) {
            s.families = families;
        }
        s.m = M.read(q, &mut notices);
        s.k = K.read_u32(q, &mut notices);
        s.n = N.read(q, &mut notices);
        s.trials = TRIALS.read(q, &mut notices);
        s.seed = SEED.read(q, &mut notices);
        if let Some(items) = read_items(q, &mut notices) {
            s.items = items;
        }
        s.fit(&mut notices);
        (s, notices)
    }

    /// Every parameter, defaults included (a shared link names the whole setting).
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        vec![
            (FAMILIES.name, self.families.iter().map(|f| f.name()).collect::<Vec<_>>().join(",")),
            (M.name, self.m.to_string()),
            (K.name, self.k.to_string()),
            (N.name, self.n.to_string()),
            (ITEMS.name, self.items.name()),
            (TRIALS.name, self.trials.to_string()),
            (SEED.name, self.seed.to_string()),
        ]
    }
}

/// The lab a link gives: its settings, nothing measured yet.
impl LinkState for HashLab {
    fn read(q: &Query) -> (HashLab, Vec<Notice>) {
        let (s, notices) = Settings::read(q);
        (HashLab::new(s), notices)
    }

    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        self.settings().query_pairs()
    }
}

/// The hash lab as its page runs it: the settings are the model, the families measured one
/// after another its run, started again whenever the settings change; a family ticked or not is
/// the typed edit.
impl Model for Settings {
    type Edit = HashFamily;
    type Run = HashLab;
    type Aside = ();
    /// One family measured per slice, whatever it costs.
    const BUDGET: SliceBudget = SliceBudget::new(1, 1, 1, 10.0);

    fn edit(&self, f: HashFamily) -> Option<(Settings, Option<Vec<Notice>>)> {
        let names = self.with_family_toggled(f).iter().map(|f| f.name()).collect::<Vec<_>>().join(",");
        let (s, notices) = self.with_fields(&[(FAMILIES.name, &names)]);
        (s != *self).then_some((s, Some(notices)))
    }

    fn run(&self) -> HashLab {
        HashLab::new(self.clone())
    }

    fn aside(&self) {}
}
