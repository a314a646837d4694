//! Long work run in slices between frames, with the bookkeeping every view needs: the run itself
//! (shared and mutated in place, since it may hold millions of items), which run it is (a slice
//! asked for by an older run is dropped, so a restart never leaves two chains of slices), how
//! many slices ran, the adaptive slice size, and the wall time once it is done. The work itself
//! is a core struct implementing `bloomlab_core::engine::sliced::Sliced`.

use std::cell::{Cell, Ref, RefCell};
use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::plot::PlotKey;
use crate::hooks::use_next_slice;
use crate::web;
use bloomlab_core::engine::slice_budget::{Paced, SliceBudget};
pub use bloomlab_core::engine::sliced::Sliced;

/// The slice asked for by a loop of slices ([`use_slice_loop`]): whichever is next.
pub const NEXT_SLICE: u64 = u64::MAX;

/// A run of sliced work and its bookkeeping. Cloning shares the run.
pub struct SlicedRun<T> {
    run: Rc<RefCell<T>>,
    /// Which run this is: bumped by every restart.
    pub id: u64,
    /// Slices done in this run.
    pub slice: u64,
    budget: SliceBudget,
    started_ms: f64,
    /// Wall time from the start to the last slice, once done.
    pub elapsed_ms: Option<f64>,
    /// The slices done as the page shows them: at most at the budget's pace while the run goes
    /// on, and its last slice at once (see [`SlicedRun::shown`]).
    shown: Paced<u64>,
    /// Changes in place ([`SlicedRun::edit`]) so far: each is shown at once.
    edits: u64,
}

impl<T> Clone for SlicedRun<T> {
    fn clone(&self) -> Self {
        SlicedRun {
            run: self.run.clone(),
            id: self.id,
            slice: self.slice,
            budget: self.budget,
            started_ms: self.started_ms,
            elapsed_ms: self.elapsed_ms,
            shown: self.shown,
            edits: self.edits,
        }
    }
}

/// The same run object (for a component's props): a change in place is not seen, so such a
/// component reads the run when it acts (an export), not to draw.
impl<T> PartialEq for SlicedRun<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.run, &other.run) && self.id == other.id
    }
}

impl<T: Sliced> SlicedRun<T> {
    pub fn new(run: T, budget: SliceBudget) -> SlicedRun<T> {
        let now = web::now_ms();
        SlicedRun {
            run: Rc::new(RefCell::new(run)),
            id: 0,
            slice: 0,
            budget,
            started_ms: now,
            elapsed_ms: None,
            shown: Paced::new(0, budget.pace_ms(), now),
            edits: 0,
        }
    }

    /// Replaces the run with a new one, starting the clock again.
    pub fn restart(&mut self, run: T) {
        self.run = Rc::new(RefCell::new(run));
        self.renew();
    }

    /// Changes the run in place (an insert, a new setting), keeping its id: a chain of slices
    /// under way goes on with the changed run. When the change gives a finished run work again,
    /// the clock starts again.
    pub fn edit<R>(&mut self, change: impl FnOnce(&mut T) -> R) -> R {
        let was_done = self.is_done();
        let out = change(&mut self.run.borrow_mut());
        self.edits += 1;
        if was_done && !self.is_done() {
            self.started_ms = web::now_ms();
            self.elapsed_ms = None;
        }
        out
    }

    /// Counts the run, as changed in place, as a new one: a new id (slices asked for by the old
    /// one are dropped), no slices, the clock started again.
    pub fn renew(&mut self) {
        self.id += 1;
        self.slice = 0;
        self.started_ms = web::now_ms();
        self.elapsed_ms = None;
        self.shown = Paced::new(0, self.budget.pace_ms(), self.started_ms);
    }

    /// Does one slice if slice `slice` of run `id` is the next one (or `slice` is `NEXT_SLICE`);
    /// false (nothing done) for a stale request or a finished run.
    pub fn step(&mut self, id: u64, slice: u64) -> bool {
        if id != self.id || (slice != self.slice && slice != NEXT_SLICE) || self.is_done() {
            return false;
        }
        let mut run = self.run.borrow_mut();
        self.budget.run(web::now_ms, |units| run.work_until(units, &web::now_ms));
        let now = web::now_ms();
        if run.is_done() {
            self.elapsed_ms = Some((now - self.started_ms).max(0.0));
        }
        self.slice += 1;
        self.shown.offer(self.slice, now, run.is_done());
        true
    }

    /// The run as the page shows it, for a panel's props: it compares unequal when the panel
    /// should draw again (a new run, an edit, a slice shown). While the run goes on, slices are
    /// shown at most at the budget's pace (`PROGRESS_MS` unless the run says otherwise), so that
    /// the page is not diffed, laid out and painted after every slice of about 8 ms; its last slice
    /// is shown at once.
    pub fn shown(&self) -> Shown<T> {
        Shown(self.clone())
    }

    /// Whether a page drawn from `self` and one drawn from `other` show the same: the same run
    /// (object, restarts, edits) and wall time. The slices done and the slice size, which change
    /// with every slice and show nowhere, are not compared.
    pub fn shows_same(&self, other: &Self) -> bool {
        self == other && self.edits == other.edits && self.elapsed_ms == other.elapsed_ms
    }

    pub fn is_done(&self) -> bool {
        self.run.borrow().is_done()
    }

    pub fn borrow(&self) -> Ref<'_, T> {
        self.run.borrow()
    }
}

/// A run as a panel draws it (see [`SlicedRun::shown`]).
pub struct Shown<T>(SlicedRun<T>);

impl<T> PartialEq for Shown<T> {
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (&self.0, &other.0);
        a == b && a.shown == b.shown && a.edits == b.edits && a.elapsed_ms == b.elapsed_ms
    }
}

impl<T> Clone for Shown<T> {
    fn clone(&self) -> Self {
        Shown(self.0.clone())
    }
}

impl<T: Sliced> Shown<T> {
    pub fn borrow(&self) -> Ref<'_, T> {
        self.0.borrow()
    }

    /// Wall time from the start to the last slice, once done.
    pub fn elapsed_ms(&self) -> Option<f64> {
        self.0.elapsed_ms
    }
}

impl<T: 'static> Shown<T> {
    /// The key of a chart drawn from the run as shown: it changes whenever `Shown` compares
    /// unequal (another run, a restart, a slice shown, an edit), so the chart follows the run at
    /// the pace the page shows it.
    pub fn plot_key(&self) -> PlotKey {
        let r = &self.0;
        PlotKey::of(r.run.clone()).count(r.id).count(r.shown.get()).count(r.edits)
    }

    /// The key of a chart drawn from the run's finished results, `results` of them so far: it
    /// changes when another result arrives (or with another run, a restart, an edit), not with
    /// each slice shown in between.
    pub fn results_key(&self, results: u64) -> PlotKey {
        let r = &self.0;
        PlotKey::of(r.run.clone()).count(r.id).count(r.edits).count(results)
    }
}

/// Asks for the next slice of `run` after every slice until it is done: `work(id, slice)` is the
/// view's action for one slice.
#[hook]
pub fn use_slices<T, R>(run: &SlicedRun<T>, dispatcher: UseReducerDispatcher<R>, work: fn(u64, u64) -> R::Action)
where
    T: Sliced + 'static,
    R: Reducible + 'static,
{
    use_slices_when(run, true, dispatcher, work);
}

/// Runs the slices of `run` one after another, yielding to the page in between, until it is done
/// or another run starts: `work(id)` is the view's action for the next slice of run `id`. Unlike
/// `use_slices`, the chain does not wait for a render after each slice, so a view whose reducer
/// skips the renders of slices that change nothing shown (`use_reducer_eq`, comparing with
/// [`SlicedRun::shows_same`]) renders only when the page changes.
#[hook]
pub fn use_slice_loop<T, R>(run: &SlicedRun<T>, dispatcher: UseReducerDispatcher<R>, work: fn(u64) -> R::Action)
where
    T: Sliced + 'static,
    R: Reducible + 'static,
{
    let shared = run.clone();
    use_effect_with((run.id, !run.is_done()), move |&(id, go)| {
        let alive = Rc::new(Cell::new(go));
        let looping = alive.clone();
        if go {
            wasm_bindgen_futures::spawn_local(async move {
                loop {
                    web::yield_to_page().await;
                    if !looping.get() || shared.is_done() {
                        break;
                    }
                    dispatcher.dispatch(work(id));
                }
            });
        }
        move || alive.set(false)
    });
}

/// `use_slices`, but only while `when` holds (a run that waits for another one).
#[hook]
pub fn use_slices_when<T, R>(
    run: &SlicedRun<T>,
    when: bool,
    dispatcher: UseReducerDispatcher<R>,
    work: fn(u64, u64) -> R::Action,
) where
    T: Sliced + 'static,
    R: Reducible + 'static,
{
    let (id, slice, go) = (run.id, run.slice, when && !run.is_done());
    let next = go.then(|| Callback::from(move |_| dispatcher.dispatch(work(id, slice))));
    use_next_slice((id, slice, go), next);
}
