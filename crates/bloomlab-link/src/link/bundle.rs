//! The shipped bundles, balanced by weight: a page downloads only its view's bundle (Trunk names
//! each binary's files after it; the loader in `index.html` picks one from the `view` parameter).
//! One row per bundle, in `Bundle::ALL`'s order: its name and its file, from which the enum, the
//! list and `Bundle::file` are written (`bundles!`), so a new bundle is one row here.

use super::views::{View, VIEWS};

/// The enum, `Bundle::ALL` and `Bundle::file` from the rows `(docs) Name => "file"`.
macro_rules! bundles {
    ($($(#[$doc:meta])* $name:ident => $file:literal,)+) => {
        /// A shipped bundle (see the module's head).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Bundle {
            $($(#[$doc])* $name,)+
        }

        impl Bundle {
            /// Every bundle, in the rows' order (the order of `src/bundles.rs`'s drawing functions).
            pub const ALL: [Bundle; [$(Bundle::$name),+].len()] = [$(Bundle::$name),+];

            /// The file name (Trunk's name for the binary's output), e.g. `bloomlab-measure`.
            pub const fn file(self) -> &'static str {
                match self {
                    $(Bundle::$name => $file,)+
                }
            }
        }
    };
}

bundles! {
    /// Home alone, where most visits start (the lightest page); a mistyped view loads it too.
    Home => "bloomlab",
    /// The crawler and the chunked table.
    Measure => "bloomlab-measure",
    /// Distinct elements (its sketches, bias and union panels are a bundle's worth).
    Streams => "bloomlab-streams",
    /// The multi-layer filter, with the URL parser to compare URLs by their parts.
    Apps => "bloomlab-apps",
    /// The counting filter.
    Variants => "bloomlab-variants",
    /// Running an algorithm by hand.
    Practice => "bloomlab-practice",
    /// The search comparison (its measurements and five structures are a bundle's worth).
    Search => "bloomlab-search",
    /// Moments: the AMS estimate, the surprise number, the reservoir.
    Moments => "bloomlab-moments",
    /// Ullman's walkthrough.
    Lectures => "bloomlab-lectures",
    /// The false-positive lab.
    Fp => "bloomlab-fp",
    /// The toolbox of variants.
    Toolbox => "bloomlab-toolbox",
    /// The exercise sheets (their generators and grading are a bundle's worth).
    Exercises => "bloomlab-exercises",
    /// The class tally and its chart.
    Tally => "bloomlab-tally",
    /// Sampling a stream.
    Sampling => "bloomlab-sampling",
    /// The in-browser benchmark (`view=bench`, not listed).
    Bench => "bloomlab-bench",
    /// The hash quality lab.
    Hashes => "bloomlab-hashes",
    /// Skiena's comparison.
    Skiena => "bloomlab-skiena",
    /// Count-min, the count sketch and heavy hitters.
    Frequencies => "bloomlab-frequencies",
    /// Counting the 1s in a sliding window (DGIM).
    Window => "bloomlab-window",
    /// The classic filter.
    Classic => "bloomlab-classic",
    /// Filters built once: the xor and binary fuse filters, the quotient filter.
    Built => "bloomlab-built",
    /// The space they need: every filter built and measured (a bundle's worth on its own).
    Space => "bloomlab-space",
}

impl Bundle {
    /// Its views, in the table's order.
    pub fn views(self) -> impl Iterator<Item = View> {
        VIEWS.iter().filter(move |row| row.bundle == self).map(|row| row.view)
    }
}
