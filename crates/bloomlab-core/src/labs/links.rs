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

/// The practice view's reading: the page's own, and on an assignment's link the assignment's,
/// which its runner reads and shows (`bloomlab-practice-lms`).
fn practice_link(q: &Query) -> ViewLink {
    use crate::labs::practice::{lms::Assignment, page::PracticePage};
    let (page, mut notices) = PracticePage::read(q);
    if page.assignment.is_some() {
        notices.extend(Assignment::read(q).1);
    }
    ViewLink { notices, step: None }
}

/// How a view's model reads a link.
type Reader = fn(&Query) -> ViewLink;

/// The parameters a view declares.
type Params = &'static [&'static dyn Declared];

/// A view's row: how its model reads a link (`plain` or, for a walkthrough, `stepped`) and the
/// parameters it declares, in the order of its reference table. One arm per view, which the
/// compiler asks for when the table of views grows.
fn row(view: View) -> (Reader, Params) {
    use crate::labs::{chunks, classic, counting, crawler, distinct, exercises, fp, frequencies, hashes};
    use crate::labs::{mlbf, moments, practice, sampling, search, skiena, toolbox, window, xor};
    match view {
        View::Home | View::Bench | View::Tally => (|_| ViewLink { notices: Vec::new(), step: None }, &[]),
        View::Classic => (plain::<Classic>, classic::PARAMS),
        View::Ullman => (stepped::<UllmanLecture>, crate::lectures::ullman::PARAMS),
        View::Skiena => (plain::<SkienaLab>, skiena::PARAMS),
        View::Fp => (plain::<FpSettings>, fp::PARAMS),
        View::Hashes => (plain::<HashLab>, hashes::PARAMS),
        View::Counting => (plain::<CountingLab>, counting::PARAMS),
        View::Mlbf => (plain::<MlbfLab>, mlbf::PARAMS),
        View::Toolbox => (plain::<ToolboxLab>, toolbox::PARAMS),
        View::Search => (plain::<SearchLab>, search::PARAMS),
        View::Crawler => (plain::<CrawlerSpec>, crawler::PARAMS),
        View::Chunks => (plain::<ChunksLab>, chunks::PARAMS),
        View::Sampling => (stepped::<SamplingLab>, sampling::PARAMS),
        View::Distinct => (stepped::<DistinctLab>, distinct::PARAMS),
        View::Moments => (stepped::<MomentsLab>, moments::PARAMS),
        View::Frequencies => (stepped::<FrequenciesLab>, frequencies::PARAMS),
        View::Window => (stepped::<WindowLab>, window::PARAMS),
        View::Xor => (stepped::<crate::labs::xor::XorLab>, xor::PARAMS),
        View::Quotient => (stepped::<crate::labs::quotient::QuotientLab>, crate::labs::quotient::PARAMS),
        View::Space => (plain::<crate::labs::space::SpaceLab>, crate::labs::space::PARAMS),
        View::Exercises => (plain::<Sheet>, exercises::PARAMS),
        View::Practice => (practice_link, practice::PARAMS),
    }
}

/// The view's own reading of `q` (the page's shared parameters are `PageParams`'s).
pub fn read(view: View, q: &Query) -> ViewLink {
    (row(view).0)(q)
}

/// The parameters `view` declares, in the order of its reference table.
pub fn params(view: View) -> Params {
    row(view).1
}
