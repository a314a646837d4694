//! What people do in the FP lab: sliders, toggles, the calculator's fields, and the sliced measurement.

use super::*;
use crate::engine::formulas::Formula;
use crate::engine::hashing::HashFamily;
use crate::labs::fp::experiment::{Experiment, MAX_TRIALS};
use crate::link::notice::Notice;
use crate::text::shorten;
use calculator::MAX_BITS;

impl FpLab {
    /// Starts the measurements again if what they depend on changed.
    pub(crate) fn refresh(&mut self, before: (u64, u64, u32, Axis, HashFamily, u64, u64)) {
        if before != self.s.experiment_key() {
            self.restart();
        }
    }

    pub(crate) fn restart(&mut self) {
        let (pts, at) = self.axis_points();
        let specs = pts.into_iter().map(|(_, s)| s).collect();
        self.experiment = Experiment::new(self.s.family, self.s.seed, self.s.trials, specs, Some(at));
        self.run += 1;
    }

    pub(crate) fn change(&mut self, f: impl FnOnce(&mut FpSettings)) {
        let before = self.s.experiment_key();
        f(&mut self.s);
        self.s.m = self.s.m.clamp(self.s.k as u64, MAX_BITS);
        self.refresh(before);
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
        self.change(|s| s.axis = a);
    }
    pub fn set_log(&mut self, on: bool) {
        self.s.log_y = on;
    }
    pub fn toggle_formula(&mut self, f: Formula) {
        let on = !self.s.shows(f);
        self.s.formulas = Formula::ALL.into_iter().filter(|&g| if g == f { on } else { self.s.shows(g) }).collect();
    }
    pub fn set_layers(&mut self, l: u32) {
        self.s.layers = l.clamp(1, MAX_LAYERS);
    }
    pub fn set_family(&mut self, family: HashFamily) {
        if family != HashFamily::Ullman {
            self.change(|s| s.family = family);
        }
    }
    pub fn set_seed(&mut self, seed: u64) {
        self.change(|s| s.seed = seed);
    }
    pub fn set_trials(&mut self, t: u64) {
        self.change(|s| s.trials = t.clamp(1, MAX_TRIALS));
    }

    /// Typed into the calculator's p field: empty clears it.
    pub fn set_p_text(&mut self, text: &str) -> Result<(), Notice> {
        self.notices.retain(|n| n.param.as_deref() != Some("p"));
        let t = text.trim();
        if t.is_empty() {
            self.s.p = None;
            return Ok(());
        }
        match calculator::parse_probability(t) {
            Ok(p) => {
                self.s.p = Some((t.to_string(), p));
                Ok(())
            }
            Err(e) => {
                let n = Notice::param("p", format!("p = \u{201c}{}\u{201d} {e}", shorten(t, 30)));
                self.notices.push(n.clone());
                Err(n)
            }
        }
    }

    /// Typed into the calculator's n field.
    pub fn set_n_text(&mut self, text: &str) -> Result<(), Notice> {
        self.notices.retain(|n| n.param.as_deref() != Some("n"));
        match calculator::parse_count(text) {
            Ok(0) => Err(self.push_notice("n", "n = 0: a filter needs at least one item".into())),
            Ok(n) => {
                self.set_n(n);
                Ok(())
            }
            Err(e) => Err(self.push_notice("n", format!("n = \u{201c}{}\u{201d} {e}", shorten(text.trim(), 30)))),
        }
    }

    /// Typed into the calculator's m field (sizes with units): sizes from m from now on.
    pub fn set_m_text(&mut self, text: &str) -> Result<(), Notice> {
        self.notices.retain(|n| n.param.as_deref() != Some("m"));
        match calculator::parse_size(text) {
            Ok(m) if m < self.s.k as u64 => {
                Err(self.push_notice("m", format!("m = {m} bits is fewer than the k = {} hash functions", self.s.k)))
            }
            Ok(m) => {
                self.s.p = None;
                self.set_m(m);
                Ok(())
            }
            Err(e) => Err(self.push_notice("m", format!("m = \u{201c}{}\u{201d} {e}", shorten(text.trim(), 30)))),
        }
    }

    pub(crate) fn push_notice(&mut self, param: &str, message: String) -> Notice {
        let n = Notice::param(param, message);
        self.notices.push(n.clone());
        n
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

    pub fn dismiss_notices(&mut self) {
        self.notices.clear();
    }

    /// Runs all measurements at once (tests).
    pub fn finish(&mut self) {
        self.experiment.finish();
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
