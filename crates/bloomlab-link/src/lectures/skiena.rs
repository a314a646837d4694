//! Skiena's comparison (The Algorithm Design Manual, 3rd ed., section 6.4): a bit-vector hash
//! table (k = 1) against Bloom filters with k = 2..5 in the same memory, by the union bound
//! (k · load)^k, with the standard formula beside it.

use crate::plot::{Plot, Series, VMark};

use crate::engine::formulas;

/// The bits used to turn a load into (m, n) for the formulas and the contract's hooks.
pub const M: u64 = 1_000_000;
pub const DEFAULT_LOAD: f64 = 0.05;
pub const MAX_LOAD: f64 = 0.25;
pub const KS: [u32; 5] = [1, 2, 3, 4, 5];

/// Items for a load (n = load · m), at least 1.
pub fn items_for(load: f64) -> u64 {
    ((load.clamp(0.0, 1.0) * M as f64).round() as u64).max(1)
}

/// The union bound min(1, (k · load)^k).
pub fn union_bound(k: u32, load: f64) -> f64 {
    formulas::skiena(M, items_for(load), k)
}

/// The standard estimate (1 - e^(-k · load))^k.
pub fn standard(k: u32, load: f64) -> f64 {
    formulas::approx(M, items_for(load), k)
}

/// How many times worse k = 1 is than k = `k` at this load, by the bound and by the standard
/// formula.
pub fn ratios(k: u32, load: f64) -> (f64, f64) {
    (union_bound(1, load) / union_bound(k, load), standard(1, load) / standard(k, load))
}

/// Points of a curve from load 0.0025 to `MAX_LOAD`.
pub fn curve(f: impl Fn(f64) -> f64, points: usize) -> Vec<(f64, f64)> {
    (1..=points)
        .map(|i| {
            let load = MAX_LOAD * i as f64 / points as f64;
            (load, f(load))
        })
        .collect()
}

/// Skiena's figure: error against load for k = 1..5, the union bound solid (clipped at 1) and
/// the standard formula dashed, on a log scale from 10^-6 to 1; a dot on each bound and a mark at
/// the chosen `load`.
pub fn chart(load: f64) -> Plot {
    let mut series = Vec::new();
    for (i, &k) in KS.iter().enumerate() {
        series.push(Series::line(format!("k = {k}"), i, curve(|l| union_bound(k, l), 120)));
        series.push(Series::dashed(format!("k = {k}, standard formula"), i, curve(|l| standard(k, l), 120)).unlisted());
        series.push(
            Series::dots(format!("k = {k}, union bound at the load"), i, vec![(load, union_bound(k, load))]).unlisted(),
        );
    }
    Plot {
        log_y: true,
        series,
        marks: vec![VMark { x: load, label: format!("load {:.1}%", load * 100.0), dashed: false }],
        x_ticks_at: Some((0..=5).map(|i| (i as f64 * 0.05, format!("{}%", i * 5))).collect()),
        y_fixed: Some((1e-6, 1.0)),
        ..Plot::new("load n/m", "false-positive probability", (0.0, MAX_LOAD))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::{PlotColors, Shape};

    #[test]
    fn the_figure_is_drawn_through_plotters() {
        let p = chart(0.05);
        assert_eq!(p.series.iter().filter(|s| s.dashed).count(), 5);
        assert_eq!(p.series.iter().filter(|s| s.listed).count(), 5);
        assert!(p.series.iter().all(|s| !s.label.is_empty()), "every series named in the data");
        let svg = crate::plot::to_svg(&p, 640.0, 360.0, &crate::plot::PlotColors::LIGHT);
        for k in KS {
            assert!(svg.contains(&format!("k = {k}")), "legend for k = {k}");
        }
        assert!(svg.contains("load 5.0%") && svg.contains("25%") && !svg.contains("NaN"));
    }

    #[test]
    fn the_books_numbers() {
        let want = [0.05, 0.01, 0.003375, 0.0016, 0.0009765625];
        for (k, w) in KS.iter().zip(want) {
            assert!((union_bound(*k, 0.05) - w).abs() < 1e-12);
        }
        let (bound, std) = ratios(5, 0.05);
        assert!((bound - 51.2).abs() < 1e-9);
        assert!((std - 92.1).abs() < 0.05);
        assert_eq!(union_bound(5, 0.2), 1.0);
        assert!(curve(|l| union_bound(3, l), 50).iter().all(|(_, v)| (0.0..=1.0).contains(v)));
    }

    /// A rectangle: left, top, right, bottom.
    type Rect = (f64, f64, f64, f64);

    /// The legend's box (the last rectangle drawn after the background) and the points of every
    /// curve drawn.
    fn legend_and_curves(p: &Plot, w: f64, colors: &PlotColors) -> (Rect, Vec<(f64, f64)>) {
        let shapes = p.draw(w, 300.0, colors, true);
        let (x, y, bw, bh) = shapes
            .iter()
            .skip(1)
            .filter_map(|s| match s {
                Shape::Rect { x, y, w, h, .. } => Some((*x, *y, *w, *h)),
                _ => None,
            })
            .next_back()
            .expect("a legend box");
        let mut curves = Vec::new();
        for s in &shapes {
            if let Shape::Line { points, width, .. } = s {
                if *width >= 2.0 * colors.scale && points.len() > 2 {
                    curves.extend(points.iter().copied());
                }
            }
        }
        ((x, y, x + bw, y + bh), curves)
    }

    #[test]
    fn skienas_legend_covers_none_of_the_curves() {
        for load in [0.01, 0.05, 0.2] {
            for w in [340.0, 600.0, 960.0] {
                for colors in [PlotColors::LIGHT, PlotColors::for_theme(false, true)] {
                    let (r, curves) = legend_and_curves(&chart(load), w, &colors);
                    assert!(!curves.is_empty());
                    let hit = curves.iter().find(|p| p.0 > r.0 && p.0 < r.2 && p.1 > r.1 && p.1 < r.3);
                    assert!(hit.is_none(), "load {load}, width {w}: legend {r:?} covers {hit:?}");
                }
            }
        }
    }

    #[test]
    fn chart_text_grows_with_the_projector_theme() {
        let size = |colors: &PlotColors, w: f64| {
            chart(0.05)
                .draw(w, 300.0, colors, true)
                .iter()
                .find_map(|s| match s {
                    Shape::Text { size, .. } => Some(*size),
                    _ => None,
                })
                .unwrap()
        };
        let projector = PlotColors::for_theme(false, true);
        for w in [300.0, 900.0] {
            let ratio = size(&projector, w * PlotColors::PROJECTOR_SCALE) / size(&PlotColors::LIGHT, w);
            assert!((ratio - 22.0 / 16.0).abs() < 1e-9, "{ratio}");
        }
    }
}
