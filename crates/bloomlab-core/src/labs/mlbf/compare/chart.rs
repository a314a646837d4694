//! The comparison as a chart.

use super::{theory, Point, Setup, Theory};
use crate::plot::{Plot, Series};

type TheoryOf = fn(&Theory) -> f64;
type MeasuredOf = fn(&Point) -> f64;

/// The lowest rate the comparison's chart shows; a measured 0 is drawn on this line.
pub const CHART_FLOOR: f64 = 1e-6;

/// The comparison as a chart: measured rates against n (solid, with dots) and the formulas
/// (dashed: eq. 4 for the multi-layer filter, approx for the classic ones), on a log scale.
pub fn chart(setup: &Setup, points: &[Point]) -> Plot {
    let n = setup.n.max(1);
    let formula = |pick: fn(&Theory) -> f64| -> Vec<(f64, f64)> {
        (1..=80u64).map(|i| n * i / 80).map(|x| (x as f64, pick(&theory(setup, x)))).collect()
    };
    // A measured 0 is drawn on the floor; its data stay 0.
    let measured = |pick: fn(&Point) -> f64| -> Series {
        let values: Vec<(f64, f64)> = points.iter().map(|p| (p.n as f64, pick(p))).collect();
        let drawn = values.iter().map(|&(x, y)| (x, y.max(CHART_FLOOR))).collect();
        Series::dots("", 0, drawn).with_values(values)
    };
    let mut series = Vec::new();
    let picks: [(&str, &str, TheoryOf, MeasuredOf); 3] = [
        ("multi-layer filter", "eq. 4", |t| t.mlbf, |p| p.mlbf_fp),
        ("classic, same m", "approx", |t| t.classic, |p| p.classic_fp),
        ("classic, same memory", "approx", |t| t.classic_total, |p| p.classic_total_fp),
    ];
    // The page names the colours beside the chart: the series stay out of the legend, named in
    // the data.
    for (i, (name, formula_name, theory_of, measured_of)) in picks.into_iter().enumerate() {
        series.push(Series::dashed(format!("{name}, formula ({formula_name})"), i, formula(theory_of)).unlisted());
        series.push(Series { label: format!("{name}, measured"), color: i, ..measured(measured_of) }.unlisted());
    }
    let short = |v: u64| if v >= 1000 && v.is_multiple_of(1000) { format!("{}k", v / 1000) } else { v.to_string() };
    Plot {
        log_y: true,
        series,
        x_ticks_at: Some((0..=5).map(|i| n * i / 5).map(|v| (v as f64, short(v))).collect()),
        y_fixed: Some((CHART_FLOOR, 1.0)),
        ..Plot::new("URLs inserted n", "false-positive rate", (0.0, n as f64))
    }
}
