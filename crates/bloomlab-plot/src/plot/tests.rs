//! Tests of the chart layer: ranges and ticks, layout inside the picture, and the SVG export
//! (`svg_tests.rs` checks it against plotters' SVG backend).

use super::*;

/// A chart with every kind of part: dots, measured points, a dashed mark (the SVG tests use it too).
pub(super) fn sample(log_y: bool) -> Plot {
    Plot {
        x_label: "hash functions k".into(),
        y_label: "false-positive rate".into(),
        x_range: (1.0, 10.0),
        log_y,
        series: vec![Series::dots("approx", 0, (1..=10).map(|k| (k as f64, 0.5f64.powi(k))).collect())],
        measured: vec![
            MeasuredPoint { x: 3.0, rate: 0.12, lo: 0.1, hi: 0.14 },
            MeasuredPoint { x: 9.0, rate: 0.0, lo: 0.0, hi: 0.004 },
        ],
        measured_label: "measured <95%>".into(),
        marks: vec![VMark { x: 7.0, label: "optimal k = 7".into(), dashed: true }],
        x_ticks_at: None,
        y_ticks_at: None,
        y_fixed: None,
        x_log_base: None,
        y_log_base: None,
    }
}

#[test]
fn ticks_and_ranges() {
    let p = sample(false);
    let xs: Vec<f64> = p.x_ticks(5.0).iter().map(|t| t.0).collect();
    assert_eq!(xs, [2.0, 4.0, 6.0, 8.0, 10.0]);
    assert_eq!(p.y_range(), (0.0, 0.6));
    let l = sample(true);
    let (lo, hi) = l.y_range();
    assert!((lo - 1e-4).abs() < 1e-18 && hi == 1.0, "{lo} {hi}");
    let labels: Vec<String> = l.y_ticks((lo, hi), 8.0).into_iter().map(|t| t.1).collect();
    assert_eq!(labels, ["1e-4", "0.001", "0.01", "0.1", "1"]);
}

#[test]
fn drawing_stays_inside_and_finite() {
    for log_y in [false, true] {
        let p = sample(log_y);
        for (w, h) in [(800.0, 420.0), (340.0, 260.0)] {
            let shapes = p.draw(w, h, &PlotColors::LIGHT, true);
            for s in &shapes {
                let pts: Vec<(f64, f64)> = match s {
                    Shape::Line { points, .. } => points.clone(),
                    Shape::Circle { x, y, .. } | Shape::Text { x, y, .. } => vec![(*x, *y)],
                    _ => vec![],
                };
                for (x, y) in pts {
                    assert!(
                        x.is_finite()
                            && y.is_finite()
                            && (-1.0..=w + 1.0).contains(&x)
                            && (-1.0..=h + 1.0).contains(&y),
                        "{s:?}"
                    );
                }
            }
            assert!(shapes.iter().any(|s| matches!(s, Shape::Text { text, .. } if text == "optimal k = 7")));
        }
    }
    // An empty plot still draws axes without NaN.
    let empty = Plot { series: vec![], measured: vec![], ..sample(true) };
    assert_eq!(empty.y_range(), (1e-6, 1.0));
    assert!(!to_svg(&empty, 300.0, 200.0, &PlotColors::DARK).contains("NaN"));
}

#[test]
fn svg_is_well_formed_and_escaped() {
    let svg = to_svg(&sample(true), 640.0, 360.0, &PlotColors::DARK);
    assert!(svg.starts_with("<svg ") && svg.contains("xmlns=\"http://www.w3.org/2000/svg\""), "{}", &svg[..80]);
    assert!(svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("measured &lt;95%&gt;"));
    // The dashed mark is a dashed line in the mark's colour.
    let mark = PlotColors::DARK.mark.css().to_uppercase();
    assert!(
        svg.lines().any(|l| l.contains("stroke-dasharray=\"5 4\"") && l.to_uppercase().contains(&mark)),
        "the mark's dashes"
    );
    assert!(svg.to_uppercase().contains(&PlotColors::DARK.series[0].css().to_uppercase()));
    assert!(!svg.contains("NaN") && !svg.contains("inf"));
}

/// Every coordinate an SVG element of `svg` names, as (x, y) pairs.
fn svg_points(svg: &str) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for tag in svg.split('<').skip(1) {
        let attr = |name: &str| -> Option<f64> {
            let key = format!(" {name}=\"");
            let start = tag.find(&key)? + key.len();
            tag[start..].split('"').next()?.parse().ok()
        };
        if let Some(points) = tag.split(" points=\"").nth(1) {
            for p in points.split('"').next().unwrap_or("").split_whitespace() {
                let mut it = p.split(',').map(|v| v.parse::<f64>().unwrap_or(f64::NAN));
                out.push((it.next().unwrap_or(f64::NAN), it.next().unwrap_or(f64::NAN)));
            }
        }
        for (a, b) in [("x1", "y1"), ("x2", "y2"), ("cx", "cy")] {
            if let (Some(x), Some(y)) = (attr(a), attr(b)) {
                out.push((x, y));
            }
        }
    }
    out
}

#[test]
fn charts_through_plotters_stay_in_the_picture_and_curves_in_the_plot_area() {
    for log_y in [false, true] {
        let mut p = sample(log_y);
        // A curve that runs far above the range and below a log axis' floor, and a point outside.
        p.series.push(
            Series::dashed("wild", 1, vec![(1.0, 50.0), (5.0, 1e-30), (10.0, 0.3), (11.0, f64::NAN)])
                .with_dots(true)
                .left_out_of_range(true),
        );
        let (w, h) = (640.0, 360.0);
        let svg = to_svg(&p, w, h, &PlotColors::LIGHT);
        let pts = svg_points(&svg);
        assert!(pts.len() > 50, "shapes drawn");
        for (x, y) in &pts {
            assert!(
                x.is_finite() && y.is_finite() && *x >= -1.0 && *x <= w + 1.0 && *y >= -1.0 && *y <= h + 1.0,
                "({x}, {y})"
            );
        }
        // Curve pieces lie in the plotting area, never across the axes.
        let f = p.frame(w, h, 12.5);
        for s in p.draw(w, h, &PlotColors::LIGHT, false) {
            if let Shape::Line { points, color, .. } = s {
                if color == PlotColors::LIGHT.series[1] {
                    for (x, y) in points {
                        assert!(
                            x >= f.left - 0.6 && x <= f.right + 0.6 && y >= f.top - 0.6 && y <= f.bottom + 0.6,
                            "({x}, {y})"
                        );
                    }
                }
            }
        }
        // Axes, the curve's colour, the measured points and the mark's label are in the picture.
        assert!(svg.contains("optimal k = 7") && svg.contains("hash functions k"));
        assert!(svg.to_uppercase().contains(&PlotColors::LIGHT.series[0].css().to_uppercase()));
        assert!(svg.contains("<circle"), "measured points");
    }
}

#[test]
fn tick_labels_stay_inside_the_picture() {
    // A log x axis ending at 10,000: the last label is as wide as any and sits on the right edge.
    let mut p = sample(true);
    p.x_range = (1000.0, 10_000.0);
    p.x_log_base = Some(10.0);
    p.x_ticks_at = Some([1000.0, 3000.0, 10_000.0].map(|v| (v, crate::text::group_digits(v as u64))).to_vec());
    p.series[0].points = vec![(1000.0, 0.1), (10_000.0, 0.01)];
    p.measured.clear();
    p.marks.clear();
    for w in [300.0, 420.0, 640.0] {
        for shape in p.draw(w, 240.0, &PlotColors::LIGHT, false) {
            if let Shape::Text { x, text, size, anchor, rotate: false, .. } = shape {
                let width = text.chars().count() as f64 * size * 0.6;
                let (lo, hi) = match anchor {
                    Anchor::Start => (x, x + width),
                    Anchor::Middle => (x - width / 2.0, x + width / 2.0),
                    Anchor::End => (x - width, x),
                };
                assert!(
                    lo >= -0.5 && hi <= w + 0.5,
                    "\u{201c}{text}\u{201d} spans {lo:.1}..{hi:.1} in a {w} px picture"
                );
            }
        }
    }
}

#[test]
fn a_long_y_label_fits_the_height_of_the_picture() {
    let mut p = sample(false);
    p.y_label = "false-positive rate the formula predicts".into();
    for (h, colors) in
        [(260.0, PlotColors::LIGHT), (260.0, PlotColors::for_theme(false, true)), (440.0, PlotColors::LIGHT)]
    {
        let shapes = p.draw(400.0, h, &colors, false);
        let Some(Shape::Text { y, size, text, .. }) =
            shapes.into_iter().find(|s| matches!(s, Shape::Text { rotate: true, .. }))
        else {
            panic!("no y label");
        };
        let half = text.chars().count() as f64 * size * 0.6 / 2.0;
        assert!(
            y - half >= 0.0 && y + half <= h,
            "the y label spans {:.1}..{:.1} in a {h} px picture",
            y - half,
            y + half
        );
        assert!(size >= 9.0, "still readable: {size:.1} px");
    }
    // A short label keeps the usual size.
    p.y_label = "rate".into();
    let shapes = p.draw(400.0, 260.0, &PlotColors::LIGHT, false);
    assert!(shapes.iter().any(|s| matches!(s, Shape::Text { rotate: true, size, .. } if *size == 11.0)));
}

#[test]
fn dense_tick_labels_are_thinned_so_none_overlap() {
    // Twenty powers of two on a log axis, as the distinct view's histogram of R has them.
    let mut p = sample(false);
    p.x_range = (512.0, 512.0 * 2f64.powi(19));
    p.x_log_base = Some(2.0);
    p.x_ticks_at =
        Some((0..20).map(|i| 512.0 * 2f64.powi(i)).map(|v| (v, crate::text::group_digits(v as u64))).collect());
    p.series[0].points = vec![(512.0, 0.1), (512.0 * 2f64.powi(19), 0.2)];
    p.measured.clear();
    p.marks.clear();
    for w in [360.0, 640.0, 1000.0] {
        let shapes = p.draw(w, 240.0, &PlotColors::LIGHT, false);
        // The x axis's labels: the lowest row of numbers.
        let row = shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { y, text, .. } if text.chars().all(|c| c.is_ascii_digit() || c == ',') => Some(*y),
                _ => None,
            })
            .fold(f64::NEG_INFINITY, f64::max);
        let mut spans: Vec<(f64, f64)> = shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { x, text, size, anchor, rotate: false, y, .. }
                    if *y == row && text.chars().all(|c| c.is_ascii_digit() || c == ',') =>
                {
                    let width = text.chars().count() as f64 * size * 0.6;
                    Some(match anchor {
                        Anchor::Start => (*x, x + width),
                        Anchor::Middle => (x - width / 2.0, x + width / 2.0),
                        Anchor::End => (x - width, *x),
                    })
                }
                _ => None,
            })
            .collect();
        spans.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert!(spans.len() >= 3, "some labels are kept at {w} px: {spans:?}");
        for pair in spans.windows(2) {
            assert!(pair[0].1 <= pair[1].0, "labels overlap at {w} px: {pair:?}");
        }
    }
}

#[test]
fn linear_ranges_leave_room_above_the_largest_value() {
    let mut p = sample(false);
    p.measured.clear();
    // Rates: the axis stops at 1.
    p.series[0].points = vec![(1.0, 0.2), (2.0, 0.98)];
    assert_eq!(p.y_range(), (0.0, 1.0));
    // Counts: a nice value above the largest, not the largest itself (its dot would be cut).
    p.series[0].points = vec![(1.0, 15.77), (2.0, 3.0)];
    let (lo, hi) = p.y_range();
    assert!(lo == 0.0 && hi > 15.77 * 1.04 && hi <= 20.0, "{hi}");
}

#[test]
fn bands_are_drawn_as_translucent_areas_with_whiskers_inside_the_plot() {
    let mut p = Plot::new("n", "time", (0.0, 4.0));
    p.series = vec![
        Series::band("measured", 2, [(0.0, 2.0, 1.5, 3.0), (2.0, 3.0, 2.0, 9.0), (4.0, 4.0, 3.5, 4.5)]),
        Series::band("one point", 1, [(3.0, 1.0, 0.5, 1.5)]),
    ];
    // The band counts in the y range: the highest value is the band's 9, not the median's 4.
    assert_eq!(p.y_range(), (0.0, 10.0));
    let shapes = p.draw(500.0, 300.0, &PlotColors::LIGHT, true);
    let green = PlotColors::LIGHT.series[2];
    let areas: Vec<&Vec<(f64, f64)>> = shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Polygon { points, fill, opacity } if *fill == green && *opacity > 0.0 && *opacity < 1.0 => {
                Some(points)
            }
            _ => None,
        })
        .collect();
    assert_eq!(areas.len(), 1, "one area for the three points; none for the single point");
    assert_eq!(areas[0].len(), 6, "highs left to right, lows back");
    // A whisker at each of the four points: a vertical line from low to high.
    let whiskers = shapes
        .iter()
        .filter(|s| matches!(s, Shape::Line { points, .. } if points.len() == 2 && points[0].0 == points[1].0 && points[0].1 != points[1].1 && points[0].0 > p.frame(500.0, 300.0, 12.5).left + 1.0))
        .count();
    assert!(whiskers >= 4, "{whiskers}");
    // In the SVG export: a filled polygon with its opacity, every coordinate inside.
    let svg = to_svg(&p, 500.0, 300.0, &PlotColors::LIGHT);
    let polygon = svg.split('<').find(|t| t.starts_with("polygon")).expect("a polygon in the SVG");
    assert!(
        polygon.contains(&PlotColors::LIGHT.series[2].css().to_uppercase())
            || polygon.to_lowercase().contains(&green.css()),
        "{polygon}"
    );
    assert!(polygon.contains("opacity=\"0.18"), "{polygon}");
    for (x, y) in svg_points(&svg) {
        assert!((0.0..=500.0).contains(&x) && (0.0..=300.0).contains(&y), "({x}, {y})");
    }
    // The data table gives each point's lowest and highest.
    let t = &p.data_tables()[0];
    assert_eq!(t.header, ["n", "time", "lowest", "highest"]);
    assert_eq!(t.rows[1], ["2", "3", "2", "9"]);
}

#[test]
fn a_band_running_out_of_a_fixed_range_is_cut_at_the_frame() {
    let mut p = Plot::new("n", "time", (0.0, 2.0));
    p.series = vec![Series::band("m", 0, [(0.0, 1.0, 0.5, 30.0), (2.0, 1.0, -5.0, 1.5)])];
    p.y_fixed = Some((0.0, 2.0));
    let f = p.frame(400.0, 250.0, 11.0);
    for s in p.draw(400.0, 250.0, &PlotColors::LIGHT, false) {
        if let Shape::Polygon { points, .. } = s {
            for (x, y) in points {
                assert!(
                    x >= f.left - 0.6 && x <= f.right + 0.6 && y >= f.top - 0.6 && y <= f.bottom + 0.6,
                    "({x}, {y})"
                );
            }
        }
    }
}

#[test]
fn presenter_mode_writes_every_label_in_type_a_room_can_read() {
    // On a 1024 × 768 projector a chart is 600–950 px wide and at most 320 px high: its ticks,
    // marks and legend are at least 20 px (a long axis title may shrink to fit its side).
    for colors in [PlotColors::LIGHT, PlotColors::DARK, PlotColors::for_theme(false, true)] {
        for w in [600.0, 760.0, 950.0] {
            for shape in sample(true).draw(w, 320.0, &colors.presenting(), true) {
                if let Shape::Text { text, size, rotate: false, .. } = shape {
                    assert!(size >= 20.0, "\u{201c}{text}\u{201d} is {size:.1} px in a {w} px chart");
                }
            }
        }
    }
}

#[test]
fn the_y_title_stays_clear_of_the_widest_tick_label() {
    // Labels as wide as "100 KB" on a log axis, at the usual and at presenter mode's type.
    let mut p = sample(true);
    p.y_ticks_at = Some([(1e-4, "1 KB"), (1e-2, "100 KB"), (1.0, "10 MB")].map(|(v, l)| (v, l.to_string())).to_vec());
    for colors in [PlotColors::LIGHT, PlotColors::LIGHT.presenting()] {
        let shapes = p.draw(700.0, 320.0, &colors, false);
        let title_right = shapes
            .iter()
            .find_map(|s| match s {
                Shape::Text { x, size, rotate: true, .. } => Some(x + size / 2.0),
                _ => None,
            })
            .expect("a y title");
        for s in &shapes {
            if let Shape::Text { x, text, size, anchor: Anchor::End, rotate: false, .. } = s {
                let left = x - text.chars().count() as f64 * size * 0.6;
                assert!(
                    left >= title_right,
                    "\u{201c}{text}\u{201d} starts at {left:.1}, the title ends at {title_right:.1}"
                );
            }
        }
    }
}
