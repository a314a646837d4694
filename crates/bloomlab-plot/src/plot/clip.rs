//! Clipping shapes to the plotting area: lines by their segments, areas by their polygon.

use super::layout::Shape;

/// Adds `shape` to `out` as far as it lies inside `area` (left, top, right, bottom): lines are
/// cut at the border (a line that leaves and comes back becomes two), circles and text outside
/// are dropped.
pub(super) fn clip_into(shape: Shape, area: (f64, f64, f64, f64), out: &mut Vec<Shape>) {
    let (l, t, r, b) = area;
    let inside = |(x, y): (f64, f64)| x >= l && x <= r && y >= t && y <= b;
    match shape {
        Shape::Line { points, color, width, dashed } => {
            let mut run: Vec<(f64, f64)> = Vec::new();
            for pair in points.windows(2) {
                match clip_segment(pair[0], pair[1], area) {
                    Some((p, q)) => {
                        if run.last().is_some_and(|last| (last.0 - p.0).abs() > 1e-9 || (last.1 - p.1).abs() > 1e-9) {
                            out.push(Shape::Line { points: std::mem::take(&mut run), color, width, dashed });
                        }
                        if run.is_empty() {
                            run.push(p);
                        }
                        run.push(q);
                    }
                    None => {
                        if run.len() > 1 {
                            out.push(Shape::Line { points: std::mem::take(&mut run), color, width, dashed });
                        }
                        run.clear();
                    }
                }
            }
            if run.len() > 1 {
                out.push(Shape::Line { points: run, color, width, dashed });
            }
        }
        Shape::Polygon { points, fill, opacity } => {
            let points = clip_polygon(points, area);
            if points.len() > 2 {
                out.push(Shape::Polygon { points, fill, opacity });
            }
        }
        Shape::Circle { x, y, .. } | Shape::Text { x, y, .. } if !inside((x, y)) => {}
        other => out.push(other),
    }
}

/// The part of a polygon inside `area` (Sutherland–Hodgman, one edge of the area at a time).
fn clip_polygon(points: Vec<(f64, f64)>, (l, t, r, b): (f64, f64, f64, f64)) -> Vec<(f64, f64)> {
    if points.iter().any(|p| !p.0.is_finite() || !p.1.is_finite()) {
        return Vec::new();
    }
    // Each edge: is a point inside, and where the segment p–q crosses the edge.
    type Edge = (fn((f64, f64), f64) -> bool, fn((f64, f64), (f64, f64), f64) -> (f64, f64), f64);
    let at_x = |p: (f64, f64), q: (f64, f64), x: f64| (x, p.1 + (q.1 - p.1) * (x - p.0) / (q.0 - p.0));
    let at_y = |p: (f64, f64), q: (f64, f64), y: f64| (p.0 + (q.0 - p.0) * (y - p.1) / (q.1 - p.1), y);
    let edges: [Edge; 4] = [
        (|p, l| p.0 >= l, at_x, l),
        (|p, r| p.0 <= r, at_x, r),
        (|p, t| p.1 >= t, at_y, t),
        (|p, b| p.1 <= b, at_y, b),
    ];
    let mut poly = points;
    for (inside, cross, v) in edges {
        if poly.is_empty() {
            break;
        }
        let mut next = Vec::with_capacity(poly.len() + 2);
        for i in 0..poly.len() {
            let (p, q) = (poly[(i + poly.len() - 1) % poly.len()], poly[i]);
            match (inside(p, v), inside(q, v)) {
                (true, true) => next.push(q),
                (true, false) => next.push(cross(p, q, v)),
                (false, true) => {
                    next.push(cross(p, q, v));
                    next.push(q);
                }
                (false, false) => {}
            }
        }
        poly = next;
    }
    poly
}

/// The part of the segment p–q inside `area` (Liang–Barsky), if any.
fn clip_segment(p: (f64, f64), q: (f64, f64), (l, t, r, b): (f64, f64, f64, f64)) -> Option<((f64, f64), (f64, f64))> {
    if ![p.0, p.1, q.0, q.1].iter().all(|v| v.is_finite()) {
        return None;
    }
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for (den, num) in [(-dx, p.0 - l), (dx, r - p.0), (-dy, p.1 - t), (dy, b - p.1)] {
        if den == 0.0 {
            if num < 0.0 {
                return None;
            }
        } else {
            let u = num / den;
            if den < 0.0 {
                lo = lo.max(u);
            } else {
                hi = hi.min(u);
            }
        }
    }
    (lo <= hi).then_some(((p.0 + lo * dx, p.1 + lo * dy), (p.0 + hi * dx, p.1 + hi * dy)))
}
