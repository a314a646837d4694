//! The SVG export against plotters' SVG backend: the same document, byte for byte, for every
//! shape the layout makes, but for the dashes of a dashed line (one polyline with
//! `stroke-dasharray` in the export, one polyline a dash in plotters).

use plotters::prelude::*;

use super::svg::document;
use super::tests::sample;
use super::*;

/// `shapes` drawn through plotters' SVG backend with `render`, dashed lines drawn solid.
fn through_plotters(shapes: &[Shape], pw: u32, ph: u32) -> String {
    let solid: Vec<Shape> = shapes
        .iter()
        .cloned()
        .map(|s| match s {
            Shape::Line { points, color, width, .. } => Shape::Line { points, color, width, dashed: false },
            other => other,
        })
        .collect();
    let mut out = String::new();
    {
        let area = SVGBackend::with_string(&mut out, (pw, ph)).into_drawing_area();
        render(&solid, &area, 1.0).expect("drawing into a string");
        area.present().expect("a string");
    }
    out
}

/// The layout tests' sample, with a label to escape and a dashed curve that leaves the range.
fn plots() -> Vec<Plot> {
    let mut base = Plot { y_label: "false-positive rate <&\"'>".into(), ..sample(false) };
    base.series.push(
        Series::dashed("wild", 1, vec![(1.0, 50.0), (5.0, 1e-30), (10.0, 0.3), (11.0, f64::NAN)])
            .with_dots(true)
            .left_out_of_range(true),
    );
    let log = Plot { log_y: true, x_log_base: Some(10.0), ..base.clone() };
    let empty = Plot { series: vec![], measured: vec![], marks: vec![], ..base.clone() };
    vec![base, log, empty]
}

#[test]
fn the_export_is_what_plotters_svg_backend_draws() {
    let mut shapes_seen = 0;
    for plot in plots() {
        for (w, h) in [(640.0, 360.0), (301.4, 199.6), (1280.0, 720.0)] {
            for colors in [PlotColors::LIGHT, PlotColors::DARK, PlotColors::LIGHT.presenting()] {
                let shapes = plot.draw(w, h, &colors, true);
                shapes_seen += shapes.len();
                let (pw, ph) = (w.round() as u32, h.round() as u32);
                let ours = document(&shapes, pw, ph);
                assert_eq!(ours, to_svg(&plot, w, h, &colors));
                let theirs = through_plotters(&shapes, pw, ph);
                assert_eq!(ours.replace(" stroke-dasharray=\"5 4\"", ""), theirs, "{w} × {h}");
            }
        }
    }
    assert!(shapes_seen > 500, "{shapes_seen} shapes");
}

#[test]
fn every_kind_of_shape_matches_plotters() {
    let (c, d) = (Rgb(1, 2, 255), Rgb(200, 16, 9));
    let shapes = vec![
        Shape::Rect { x: 10.4, y: 20.6, w: 30.5, h: 8.49, fill: c },
        Shape::Rect { x: 50.0, y: 60.0, w: -20.0, h: -10.0, fill: d },
        Shape::Line { points: vec![(0.5, 1.5), (10.49, 20.51), (-3.0, 400.0)], color: c, width: 2.6, dashed: false },
        Shape::Line { points: vec![(1.0, 1.0), (90.0, 9.0)], color: d, width: 0.2, dashed: true },
        Shape::Polygon { points: vec![(1.0, 2.0), (3.0, 4.0), (5.0, 1.0)], fill: c, opacity: 0.18 },
        Shape::Polygon { points: vec![(1.0, 2.0), (3.0, 4.0)], fill: d, opacity: 0.0 },
        Shape::Circle { x: 7.5, y: 8.5, r: 3.2, fill: d },
        Shape::Circle { x: 7.0, y: 8.0, r: 0.2, fill: c },
        Shape::Text {
            x: 11.5,
            y: 12.5,
            text: "a < b & \"c\" 'd' — é".into(),
            color: c,
            size: 13.0,
            anchor: Anchor::Middle,
            rotate: false,
        },
        Shape::Text { x: 1.0, y: 2.0, text: "rate".into(), color: d, size: 11.0, anchor: Anchor::End, rotate: true },
        Shape::Text { x: 3.0, y: 4.0, text: "k".into(), color: d, size: 12.5, anchor: Anchor::Start, rotate: false },
    ];
    let ours = document(&shapes, 200, 100);
    assert_eq!(ours.replace(" stroke-dasharray=\"5 4\"", ""), through_plotters(&shapes, 200, 100));
    assert_eq!(ours.matches("stroke-dasharray").count(), 1);
    assert!(!ours.contains("opacity=\"0\""), "a transparent shape is left out");
}
