//! The parameters every page shares, each declared once (`link::params::declare`): what
//! `PageParams` reads, what the table in `docs/links.md` is generated from, and the bad values a
//! test gives each of them. Their readers are the page's own (a view name, a theme, a tour and
//! its stop; `tour`, `stop`, `stops` and `handout` are read by `link::tours`), so most are `Text`: the declaration documents the reader and names a bad value.

use crate::link::params::{Declared, Flag, Text};

pub const VIEW: Text = Text {
    name: "view",
    about: "the view shown",
    values: "a view's name (the table of views: [views/](views/README.md))",
    default: "`home`",
    bad: "the home page",
    example: "ullman",
    bad_example: Some("no-such-view"),
};
pub const THEME: Text = Text {
    name: "theme",
    about: "the colours and type",
    values: "`light`, `dark`, `projector` (light with large type)",
    default: "follows the system",
    bad: "follows the system",
    example: "dark",
    bad_example: Some("purple"),
};
pub const EMBED: Text = Text {
    name: "embed",
    about: "the view alone (no navigation or footer), for iframes",
    values: "`1` (or `true`), `0` (or `false`)",
    default: "`0`",
    bad: "the full page",
    example: "1",
    bad_example: Some("maybe"),
};
pub const PRESENT: Flag = Flag { name: "present", about: "presenter mode (below)", default: false };
pub const QUIZ: Text = Text {
    name: "quiz",
    about: "predict, then reveal, in the walkthroughs (below)",
    values: "`off` (or `0`), `class`, `study` (or `1`)",
    default: "`off`",
    bad: "off",
    example: "class",
    bad_example: Some("exam"),
};
pub const FOCUS: Text = Text {
    name: "focus",
    about: "the panel a link points to (below)",
    values: "a panel of the view: `combine`, `surprise`, `step`, `hitters`, `xor-layer`, `rates`, `scale`, `compare`, and the crawler's charts `crawl-fill`, `crawl-fp`, `crawl-lost`, `crawl-refetched`",
    default: "none",
    bad: "the whole page",
    example: "step",
    bad_example: Some("nowhere"),
};
pub const TOUR: Text = Text {
    name: "tour",
    about: "the tour this page is a stop of (see [Tours](teaching.md#tours))",
    values: "`bloom-filters`, `variants`, `streams`, `applications`, or `custom` (its stops in `stops`)",
    default: "none",
    bad: "no tour",
    example: "bloom-filters",
    bad_example: Some("no-such-tour"),
};
pub const STOP: Text = Text {
    name: "stop",
    about: "the tour's stop shown",
    values: "1 .. the tour's stops",
    default: "1",
    bad: "past the end: the last; 0 or not a number: the first",
    example: "1",
    bad_example: Some("x"),
};
pub const STOPS: Text = Text {
    name: "stops",
    about: "a custom tour's stops, format 1 ([Tours](teaching.md#tours))",
    values: "the stops' links, titles and notes, encoded",
    default: "none",
    bad: "no tour (the view is shown as usual)",
    example: "",
    bad_example: Some("1~%zz"),
};
pub const HANDOUT: Flag =
    Flag { name: "handout", about: "with `tour`: the tour's stops as one printable page", default: false };

pub const NOTES: Flag = Flag { name: "notes", about: "with `tour`: the speaker's notes (below)", default: false };

/// Every page's parameters, in the order of the table in `docs/links.md`.
pub const PAGE_PARAMS: &[&dyn Declared] =
    &[&VIEW, &THEME, &EMBED, &PRESENT, &QUIZ, &FOCUS, &TOUR, &STOP, &STOPS, &HANDOUT, &NOTES];
