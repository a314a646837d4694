//! What people do in the FP lab: sliders, toggles and the calculator's fields change the
//! settings; the measurements they call for run in slices.

use super::*;
use crate::engine::formulas::Formula;
use crate::engine::hashing::HashFamily;
use crate::labs::fp::experiment::{Experiment, MAX_TRIALS};
use crate::link::notice::Notice;
use calculator::MAX_BITS;

impl FpLab {
    pub(crate) fn restart(&mut self) {
        let (pts, at) = self.axis_points();
        let specs = pts.into_iter().map(|(_, s)| s).collect();
        self.experiment = Experiment::new(self.s.family, self.s.seed, self.s.trials, specs, Some(at));
        self.run += 1;
    }

    /// Runs all measurements at once (tests).
    pub fn finish(&mut self) {
        self.experiment.finish();
    }
}

impl FpSettings {
    fn change(&mut self, f: impl FnOnce(&mut FpSettings)) {
        f(self);
        self.m = self.m.clamp(self.k as u64, MAX_BITS);
    }

    pub fn set_m(&mut self, m: u64) {
        self.change(|s| s.m = m.clamp(1, MAX_BITS));
    }
    pub fn set_n(&mut self, n: u64) {
        self.change(|s| s.n = n.clamp(1, MAX_N));
    }
    /// Sets k; m grows to k if it was smaller.
    pub fn set_k(&mut self, k: u32) {
        self.change(|s| s.k = k.clamp(1, MAX_K));
    }
    pub fn set_axis(&mut self, a: Axis) {
        self.axis = a;
    }
    pub fn set_log(&mut self, on: bool) {
        self.log_y = on;
    }
    pub fn toggle_formula(&mut self, f: Formula) {
        let on = !self.shows(f);
        self.formulas = Formula::ALL.into_iter().filter(|&g| if g == f { on } else { self.shows(g) }).collect();
    }
    pub fn set_layers(&mut self, l: u32) {
        self.layers = l.clamp(1, MAX_LAYERS);
    }
    pub fn set_family(&mut self, family: HashFamily) {
        if family != HashFamily::Ullman {
            self.family = family;
        }
    }
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }
    pub fn set_trials(&mut self, t: u64) {
        self.trials = t.clamp(1, MAX_TRIALS);
    }

    /// Typed into the calculator's p field: empty clears it.
    pub fn set_p_text(&mut self, text: &str) -> Result<(), Notice> {
        let t = text.trim();
        if t.is_empty() {
            self.p = None;
            return Ok(());
        }
        let p = calculator::parse_probability(t).map_err(|e| Notice::bad(P.name, t, &e.to_string()))?;
        self.p = Some((t.to_string(), p));
        Ok(())
    }

    /// Typed into the calculator's n field.
    pub fn set_n_text(&mut self, text: &str) -> Result<(), Notice> {
        match calculator::parse_count(text) {
            Ok(0) => Err(Notice::param(N.name, "n = 0: a filter needs at least one item")),
            Ok(n) => {
                self.set_n(n);
                Ok(())
            }
            Err(e) => Err(Notice::bad(N.name, text.trim(), &e.to_string())),
        }
    }

    /// Typed into the calculator's m field (sizes with units): sizes from m from now on.
    pub fn set_m_text(&mut self, text: &str) -> Result<(), Notice> {
        match calculator::parse_size(text) {
            Ok(m) if m < self.k as u64 => {
                Err(Notice::param(M.name, format!("m = {m} bits is fewer than the k = {} hash functions", self.k)))
            }
            Ok(m) => {
                self.p = None;
                self.set_m(m);
                Ok(())
            }
            Err(e) => Err(Notice::bad(M.name, text.trim(), &e.to_string())),
        }
    }

    /// Plots the filter the calculator sized (m and k from n and p).
    pub fn apply_calculator(&mut self) {
        if let CalcAnswer::FromP { sizing, .. } = self.calculator() {
            self.change(|s| {
                s.m = sizing.m;
                s.k = sizing.k.min(MAX_K);
            });
        } else if let CalcAnswer::FromM { sizing, .. } = self.calculator() {
            self.set_k(sizing.k);
        }
    }
}

/// The lab's long work: its measurements.
impl crate::engine::sliced::Sliced for FpLab {
    /// Measures for up to `units` inserts and probes.
    fn work(&mut self, units: u64) -> u64 {
        self.experiment.work(units)
    }
    fn is_done(&self) -> bool {
        self.experiment.is_done()
    }
    fn ops_done(&self) -> u64 {
        self.experiment.ops_done()
    }
    fn ops_total(&self) -> u64 {
        self.experiment.ops_total()
    }
}
