//! A chart's numbers as CSV, every point at full precision (the table under each chart thins long
//! series; an export does not).

use super::Plot;

/// One CSV field: quoted when it holds a comma, a quote or a line break.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A number as the shortest text that reads back as the same value; `NaN` and infinities empty.
fn number(v: f64) -> String {
    if v.is_finite() {
        format!("{v}")
    } else {
        String::new()
    }
}

impl Plot {
    /// The chart's numbers, one row per point, in long form: the series (or the measured points'
    /// label), x, y and, for measured points, the 95 % interval. Values on a log-drawn axis are
    /// written as the values themselves.
    pub fn csv(&self) -> String {
        let x = |v: f64| number(self.x_log_base.map_or(v, |b| b.powf(v)));
        let y = |v: f64| number(self.y_log_base.map_or(v, |b| b.powf(v)));
        let header = ["series", &self.x_label, &self.y_label, "95 % from", "95 % to"];
        let mut out = header.iter().map(|h| field(h)).collect::<Vec<_>>().join(",") + "\n";
        for s in &self.series {
            let label = field(&s.label);
            for &(a, b) in &s.points {
                out += &format!("{label},{},{},,\n", x(a), y(b));
            }
        }
        let label = field(if self.measured_label.is_empty() { "measured" } else { &self.measured_label });
        for m in &self.measured {
            out += &format!("{label},{},{},{},{}\n", x(m.x), y(m.rate), y(m.lo), y(m.hi));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::draw::plot::{MeasuredPoint, Plot, Series};

    fn plot() -> Plot {
        let mut p = Plot::new("n, items", "rate", (0.0, 10.0));
        p.series.push(Series {
            label: "approx, \"standard\"".into(),
            color: 0,
            points: vec![(1.0, 0.5), (2.0, 1.0 / 3.0)],
            dots: false,
            dashed: false,
            ignore_in_range: false,
            band: Vec::new(),
        });
        p.measured.push(MeasuredPoint { x: 2.0, rate: 0.25, lo: 0.2, hi: f64::NAN });
        p
    }

    #[test]
    fn every_point_at_full_precision_with_quoted_labels() {
        let csv = plot().csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "series,\"n, items\",rate,95 % from,95 % to");
        assert_eq!(lines[1], "\"approx, \"\"standard\"\"\",1,0.5,,");
        assert_eq!(lines[2], "\"approx, \"\"standard\"\"\",2,0.3333333333333333,,");
        assert_eq!(lines[3], "measured,2,0.25,0.2,", "NaN is left empty");
        assert_eq!(lines.len(), 4);
    }

    #[test]
    fn log_drawn_axes_are_written_as_values() {
        let mut p = plot();
        p.x_log_base = Some(10.0);
        assert!(p.csv().lines().nth(1).unwrap().contains(",10,0.5,"), "{}", p.csv());
    }
}
