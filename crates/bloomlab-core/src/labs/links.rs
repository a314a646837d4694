//! Every view's link, one way: the parameters each view declares (`link::params::declare`) and
//! the notices a link gives when its view reads it, with a walkthrough's step — one call for any
//! view, for the tours' tests, the reference tables and the tests of bad values.

use crate::labs::chunks::ChunksLab;
use crate::labs::classic::Classic;
use crate::labs::counting::CountingLab;
use crate::labs::crawler::CrawlerSpec;
use crate::labs::distinct::DistinctLab;
use crate::labs::exercises::Sheet;
use crate::labs::fp::FpSettings;
use crate::labs::frequencies::FrequenciesLab;
use crate::labs::hashes::HashLab;
use crate::labs::mlbf::MlbfLab;
use crate::labs::moments::MomentsLab;
use crate::labs::sampling::SamplingLab;
use crate::labs::search::SearchLab;
use crate::labs::skiena::SkienaLab;
use crate::labs::toolbox::ToolboxLab;
use crate::labs::window::WindowLab;
use crate::lectures::stepper::Stepped;
use crate::lectures::ullman::UllmanLecture;
use crate::link::notice::Notice;
use crate::link::params::Declared;
use crate::link::query::Query;
use crate::link::state::LinkState;
use crate::link::views::View;

/// What a view makes of a link: its notices and, on a walkthrough, (step, steps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewLink {
    pub notices: Vec<Notice>,
    pub step: Option<(usize, usize)>,
}

fn plain<T: LinkState>(q: &Query) -> ViewLink {
    ViewLink { notices: T::read(q).1, step: None }
}

fn stepped<T: Stepped>(q: &Query) -> ViewLink {
    let (_, stepper, notices) = T::read_stepped(q);
    ViewLink { notices, step: Some((stepper.step(), stepper.steps())) }
}

/// The view's own reading of `q` (the page's shared parameters are `PageParams`'s).
pub fn read(view: View, q: &Query) -> ViewLink {
    match view {
        View::Home | View::Bench | View::Tally => ViewLink { notices: Vec::new(), step: None },
        View::Classic => plain::<Classic>(q),
        View::Ullman => stepped::<UllmanLecture>(q),
        View::Skiena => plain::<SkienaLab>(q),
        View::Fp => plain::<FpSettings>(q),
        View::Hashes => plain::<HashLab>(q),
        View::Counting => plain::<CountingLab>(q),
        View::Mlbf => plain::<MlbfLab>(q),
        View::Toolbox => plain::<ToolboxLab>(q),
        View::Search => plain::<SearchLab>(q),
        View::Crawler => plain::<CrawlerSpec>(q),
        View::Chunks => plain::<ChunksLab>(q),
        View::Sampling => stepped::<SamplingLab>(q),
        View::Distinct => stepped::<DistinctLab>(q),
        View::Moments => stepped::<MomentsLab>(q),
        View::Frequencies => stepped::<FrequenciesLab>(q),
        View::Window => stepped::<WindowLab>(q),
        View::Exercises => plain::<Sheet>(q),
        View::Practice => plain::<crate::labs::practice::Practice>(q),
    }
}

/// The parameters `view` declares, in the order of its reference table.
pub fn params(view: View) -> &'static [&'static dyn Declared] {
    match view {
        View::Home | View::Bench | View::Tally => &[],
        View::Classic => crate::labs::classic::PARAMS,
        View::Ullman => crate::lectures::ullman::PARAMS,
        View::Skiena => crate::labs::skiena::PARAMS,
        View::Fp => crate::labs::fp::PARAMS,
        View::Hashes => crate::labs::hashes::PARAMS,
        View::Counting => crate::labs::counting::PARAMS,
        View::Mlbf => crate::labs::mlbf::PARAMS,
        View::Toolbox => crate::labs::toolbox::PARAMS,
        View::Search => crate::labs::search::PARAMS,
        View::Crawler => crate::labs::crawler::PARAMS,
        View::Chunks => crate::labs::chunks::PARAMS,
        View::Sampling => crate::labs::sampling::PARAMS,
        View::Distinct => crate::labs::distinct::PARAMS,
        View::Moments => crate::labs::moments::PARAMS,
        View::Frequencies => crate::labs::frequencies::PARAMS,
        View::Window => crate::labs::window::PARAMS,
        View::Exercises => crate::labs::exercises::PARAMS,
        View::Practice => crate::labs::practice::PARAMS,
    }
}
