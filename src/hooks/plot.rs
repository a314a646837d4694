//! Charts kept between renders. A view renders for many reasons (a hover, a field's text, a
//! slice of work): a chart's plot is built again only when what it is drawn from changed, so
//! every other render hands the canvas the same `Rc<Plot>`, which it tells unchanged by address.
//!
//! One hook for every chart, not generic: each call site passes its key and a `&dyn Fn` that
//! builds its plots, so no hook code is made again for each site.

use std::any::Any;
use std::rc::Rc;

use yew::prelude::*;

use bloomlab_core::plot::Plot;

/// What a chart is drawn from: shared objects, compared by address, and numbers that change
/// when those objects change in place (a run's slices shown, a setting). The key holds the
/// objects, so that while a chart is kept no other object can come to have one of their addresses.
#[derive(Clone, Default)]
pub struct PlotKey {
    sources: Vec<Rc<dyn Any>>,
    counts: Vec<u64>,
}

impl PlotKey {
    /// A key of one shared object.
    pub fn of(source: Rc<dyn Any>) -> PlotKey {
        PlotKey::default().and(source)
    }

    /// This key and one more shared object.
    pub fn and(mut self, source: Rc<dyn Any>) -> PlotKey {
        self.sources.push(source);
        self
    }

    /// This key and one more number.
    pub fn count(mut self, n: u64) -> PlotKey {
        self.counts.push(n);
        self
    }

    /// This key and everything `other` holds.
    pub fn with(mut self, other: PlotKey) -> PlotKey {
        self.sources.extend(other.sources);
        self.counts.extend(other.counts);
        self
    }
}

impl PartialEq for PlotKey {
    fn eq(&self, other: &Self) -> bool {
        self.counts == other.counts
            && self.sources.len() == other.sources.len()
            && self.sources.iter().zip(&other.sources).all(|(a, b)| Rc::ptr_eq(a, b))
    }
}

/// The plots `build` makes, built again only when `key` differs from the one they were last built
/// for. `None` (the charts are not shown) builds nothing and lets the last plots and their key go.
#[hook]
pub fn use_plots(key: Option<PlotKey>, build: &dyn Fn() -> Vec<Plot>) -> Vec<Rc<Plot>> {
    let kept = use_mut_ref(|| None::<(PlotKey, Vec<Rc<Plot>>)>);
    let mut kept = kept.borrow_mut();
    let Some(key) = key else {
        *kept = None;
        return Vec::new();
    };
    match &*kept {
        Some((k, plots)) if *k == key => plots.clone(),
        _ => {
            let plots: Vec<Rc<Plot>> = build().into_iter().map(Rc::new).collect();
            *kept = Some((key, plots.clone()));
            plots
        }
    }
}

/// `use_plots` for one chart.
#[hook]
pub fn use_plot(key: Option<PlotKey>, build: &dyn Fn() -> Plot) -> Option<Rc<Plot>> {
    use_plots(key, &|| vec![build()]).pop()
}
