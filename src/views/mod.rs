//! One folder per view: the view, its state (a reducer around a core model) and its own parts.

pub mod bench;
pub mod chunks;
pub mod classic;
pub mod counting;
pub mod crawler;
pub mod distinct;
pub mod exercises;
pub mod fp;
pub mod frequencies;
pub mod hashes;
pub mod mlbf;
pub mod moments;
pub mod practice;
pub mod quotient;
pub mod sampling;
pub mod search;
pub mod skiena;
pub mod space;
pub mod tally;
pub mod toolbox;
pub mod ullman;
pub mod window;
pub mod xor;

use yew::prelude::*;

use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::Query;

/// What every view is given: the shared page parameters and the whole query (which the view's
/// core model reads).
#[derive(Properties, PartialEq)]
pub struct ViewProps {
    pub page: PageParams,
    pub query: Query,
}
