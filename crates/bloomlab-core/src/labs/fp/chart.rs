//! The FP lab's picture and data: x range, theory curves, the plot with the measured points, the CSV.

use super::*;
use crate::engine::formulas::Formula;
use crate::engine::hashing::HashFamily;
use crate::labs::fp::experiment::{Measured, PointSpec};
use crate::plot::{MeasuredPoint, Plot, Series, VMark};
use crate::text::{group_digits, trim_float};

impl FpLab {
    pub(crate) fn x_range(&self) -> (f64, f64) {
        let FpSettings { m, n, .. } = self.s;
        match self.s.axis {
            Axis::N => (0.0, 2.0 * n as f64),
            Axis::K => (0.5, self.k_max() as f64 + 0.5),
            Axis::Bpi => (0.0, 2.0 * m as f64 / n as f64),
        }
    }

    /// The theory curve of `f` along the axis.
    pub fn curve(&self, f: Formula) -> Vec<(f64, f64)> {
        let FpSettings { m, n, k, layers, .. } = self.s;
        let samples = if f == Formula::Exact && k > 12 { EXACT_SAMPLES_LARGE_K } else { CURVE_SAMPLES };
        match self.s.axis {
            Axis::N => (0..=samples)
                .map(|s| {
                    let ni = (2.0 * n as f64 * s as f64 / samples as f64).round() as u64;
                    (ni as f64, f.evaluate(m, ni, k, layers))
                })
                .collect(),
            Axis::K => (1..=self.k_max()).map(|ki| (ki as f64, f.evaluate(m, n, ki, layers))).collect(),
            Axis::Bpi => (1..=samples)
                .map(|s| {
                    let mi = ((2.0 * m as f64 * s as f64 / samples as f64).round() as u64).max(1);
                    (mi as f64 / n as f64, f.evaluate(mi, n, k, layers))
                })
                .collect(),
        }
    }

    /// Each shown formula at the sliders' point (the `fp-theory` readouts).
    pub fn theory_at_sliders(&self) -> Vec<(Formula, f64)> {
        let FpSettings { m, n, k, layers, .. } = self.s;
        self.s.formulas.iter().map(|&f| (f, f.evaluate(m, n, k, layers))).collect()
    }

    /// The measurement at the sliders' point, once done (the `fp-empirical` readout).
    pub fn measured_at_sliders(&self) -> Option<Measured> {
        let (_, at) = self.axis_points();
        self.experiment.results().get(at).copied().flatten()
    }

    /// Whether the sliders' point can be measured.
    pub fn sliders_measurable(&self) -> bool {
        self.s.family != HashFamily::Ullman && PointSpec { m: self.s.m, n: self.s.n, k: self.s.k }.measurable()
    }

    /// The table rows: one per axis point.
    pub fn rows(&self) -> Vec<Row> {
        self.with_measured(self.theory_rows())
    }

    /// The table rows without their measurements: they change only with what the curves depend
    /// on (`FpSettings::curves_key`), so a view can keep them while the measurements run.
    pub fn theory_rows(&self) -> Vec<Row> {
        let (pts, _) = self.axis_points();
        let layers = self.s.layers;
        pts.into_iter()
            .map(|(x, spec)| Row {
                x,
                spec,
                theory: self.s.formulas.iter().map(|&f| (f, f.evaluate(spec.m, spec.n, spec.k, layers))).collect(),
                measured: None,
            })
            .collect()
    }

    /// `rows` (from `theory_rows` at these settings) with the measurements made so far.
    pub fn with_measured(&self, mut rows: Vec<Row>) -> Vec<Row> {
        for (row, r) in rows.iter_mut().zip(self.experiment.results()) {
            row.measured = *r;
        }
        rows
    }

    /// The label of a formula's curve.
    pub fn formula_label(&self, f: Formula) -> String {
        if f == Formula::Mlbf {
            format!("mlbf, L = {}", self.s.layers)
        } else {
            f.name().to_string()
        }
    }

    /// The plot of everything shown.
    pub fn plot(&self) -> Plot {
        self.plot_with(self.theory_series())
    }

    /// The theory curves (the costly part of the plot; they do not change while measuring).
    pub fn theory_series(&self) -> Vec<Series> {
        let axis = self.s.axis;
        Formula::ALL
            .iter()
            .enumerate()
            .filter(|(_, f)| self.s.shows(**f))
            .map(|(i, &f)| {
                Series::line(self.formula_label(f), i, self.curve(f))
                    .with_dots(axis == Axis::K)
                    .left_out_of_range(f == Formula::Skiena)
            })
            .collect()
    }

    /// The plot with the given theory curves and the measurements so far.
    pub fn plot_with(&self, series: Vec<Series>) -> Plot {
        let FpSettings { m, n, k, axis, .. } = self.s;
        let (pts, _) = self.axis_points();
        let measured = pts
            .iter()
            .zip(self.experiment.results())
            .filter_map(|((x, _), r)| {
                r.map(|r| {
                    let (lo, hi) = r.interval();
                    MeasuredPoint { x: *x, rate: r.rate(), lo, hi }
                })
            })
            .collect();
        let kopt = self.optimal_k();
        let ln2 = std::f64::consts::LN_2;
        let marks = match axis {
            Axis::K => {
                if kopt == k {
                    vec![VMark { x: k as f64, label: format!("k = {k} (optimal)"), dashed: false }]
                } else {
                    vec![
                        VMark { x: k as f64, label: format!("k = {k}"), dashed: false },
                        VMark { x: kopt as f64, label: format!("optimal k = {kopt}"), dashed: true },
                    ]
                }
            }
            Axis::N => vec![
                VMark { x: n as f64, label: format!("n = {}", group_digits(n)), dashed: false },
                VMark {
                    x: m as f64 * ln2 / k as f64,
                    label: format!(
                        "k = {k} is optimal at n ≈ {}",
                        group_digits((m as f64 * ln2 / k as f64).round() as u64)
                    ),
                    dashed: true,
                },
            ],
            Axis::Bpi => vec![
                VMark {
                    x: m as f64 / n as f64,
                    label: format!("m/n = {}", trim_float(m as f64 / n as f64, 2)),
                    dashed: false,
                },
                VMark {
                    x: k as f64 / ln2,
                    label: format!("k = {k} is optimal at m/n ≈ {}", trim_float(k as f64 / ln2, 2)),
                    dashed: true,
                },
            ],
        };
        Plot {
            log_y: self.s.log_y,
            series,
            measured,
            measured_label: format!("measured ({} probes, 95% interval)", group_digits(self.experiment.trials())),
            marks,
            ..Plot::new(axis.label(), "false-positive rate", self.x_range())
        }
    }

    /// The table as CSV, full precision.
    pub fn csv(&self) -> String {
        let mut out = String::from("m,n,k,bits_per_item");
        for f in &self.s.formulas {
            out.push(',');
            out.push_str(f.name());
        }
        out.push_str(",hash,seed,trials,false_positives,measured,wilson_lo,wilson_hi\n");
        for row in self.rows() {
            let PointSpec { m, n, k } = row.spec;
            out.push_str(&format!("{m},{n},{k},{}", m as f64 / n as f64));
            for (_, v) in &row.theory {
                out.push_str(&format!(",{v}"));
            }
            match row.measured {
                Some(r) => {
                    let (lo, hi) = r.interval();
                    out.push_str(&format!(
                        ",{},{},{},{},{},{lo},{hi}\n",
                        self.s.family.name(),
                        self.s.seed,
                        r.trials,
                        r.hits,
                        r.rate()
                    ));
                }
                None => out.push_str(",,,,,,,\n"),
            }
        }
        out
    }
}
