//! Long work done a few units at a time: every struct whose work runs in slices between frames
//! implements `Sliced`, and gives the same result whatever the slicing (`tests/sliced.rs`).

/// Work that can be done a few units at a time.
pub trait Sliced {
    /// No work at all, ever (`()`): a page wires no slices for it, so does not carry their code.
    const NONE: bool = false;
    /// Does up to `units` units (at least one while work is left); returns how many it did.
    fn work(&mut self, units: u64) -> u64;
    fn is_done(&self) -> bool;
    /// Units done so far, for the progress line.
    fn ops_done(&self) -> u64;
    /// Units in all, for the progress line.
    fn ops_total(&self) -> u64;
    /// Like `work`, but may also stop once `now` (a clock in milliseconds) says the slice has had
    /// its time: for work whose units cost very different times. The result is the same.
    fn work_until(&mut self, units: u64, now: &dyn Fn() -> f64) -> u64 {
        let _ = now;
        self.work(units)
    }
}

/// No run at all (a model with none, `lectures::model::Model::Run`): done, with nothing to do.
impl Sliced for () {
    const NONE: bool = true;
    fn work(&mut self, _units: u64) -> u64 {
        0
    }
    fn is_done(&self) -> bool {
        true
    }
    fn ops_done(&self) -> u64 {
        0
    }
    fn ops_total(&self) -> u64 {
        0
    }
}

/// No run at all: done, with nothing to do (a view whose run starts on demand).
impl<T: Sliced> Sliced for Option<T> {
    fn work(&mut self, units: u64) -> u64 {
        self.as_mut().map_or(0, |t| t.work(units))
    }
    fn is_done(&self) -> bool {
        self.as_ref().is_none_or(T::is_done)
    }
    fn ops_done(&self) -> u64 {
        self.as_ref().map_or(0, T::ops_done)
    }
    fn ops_total(&self) -> u64 {
        self.as_ref().map_or(0, T::ops_total)
    }
    fn work_until(&mut self, units: u64, now: &dyn Fn() -> f64) -> u64 {
        self.as_mut().map_or(0, |t| t.work_until(units, now))
    }
}

/// Runs `run` to its end in slices of `units` (tests, and work small enough to do at once).
pub fn finish<T: Sliced + ?Sized>(run: &mut T, units: u64) {
    while !run.is_done() {
        if run.work(units) == 0 && !run.is_done() {
            break;
        }
    }
}
