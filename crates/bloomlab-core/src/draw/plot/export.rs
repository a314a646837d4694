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
    /// label), x, y and, for measured points, the 95 % interval; when a series is drawn with a
    /// band (the search comparison's min–max over rounds), two more columns hold its low and high.
    /// Values on a log-drawn axis are written as the values themselves.
    pub fn csv(&self) -> String {
        let x = |v: f64| number(self.x_log_base.map_or(v, |b| b.powf(v)));
        let y = |v: f64| number(self.y_log_base.map_or(v, |b| b.powf(v)));
        let bands = self.series.iter().any(|s| s.band_points().is_some());
        let mut header = vec!["series", &self.x_label, &self.y_label, "95 % from", "95 % to"];
        if bands {
            header.extend(["band low", "band high"]);
        }
        let mut out = header.iter().map(|h| field(h)).collect::<Vec<_>>().join(",") + "\n";
        let no_band = if bands { ",," } else { "" };
        for s in &self.series {
            let label = field(&s.label);
            let band = s.band_points();
            for (i, &(a, b)) in s.points.iter().enumerate() {
                let extra = match &band {
                    Some(band) => format!(",{},{}", y(band[i].1), y(band[i].2)),
                    None => no_band.to_string(),
                };
                out += &format!("{label},{},{},,{extra}\n", x(a), y(b));
            }
        }
        let label = field(if self.measured_label.is_empty() { "measured" } else { &self.measured_label });
        for m in &self.measured {
            out += &format!("{label},{},{},{},{}{no_band}\n", x(m.x), y(m.rate), y(m.lo), y(m.hi));
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
    fn a_band_adds_its_low_and_high_and_only_then() {
        let mut p = plot();
        let without = p.csv();
        p.series.push(Series::band("bloom", 1, [(1.0, 2.0, 1.5, 3.0), (2.0, 4.0, 4.0, 4.5)]));
        let csv = p.csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "series,\"n, items\",rate,95 % from,95 % to,band low,band high");
        assert_eq!(lines[1], "\"approx, \"\"standard\"\"\",1,0.5,,,,", "a series without a band: empty");
        assert_eq!(lines[3], "bloom,1,2,,,1.5,3");
        assert_eq!(lines[4], "bloom,2,4,,,4,4.5");
        assert_eq!(lines[5], "measured,2,0.25,0.2,,,");
        // A chart without a band keeps its five columns, byte for byte as before.
        assert!(without.lines().next().unwrap().ends_with("95 % to"));
        assert!(without.lines().nth(1).unwrap().ends_with(",0.5,,"));
    }

    #[test]
    fn log_drawn_axes_are_written_as_values() {
        let mut p = plot();
        p.x_log_base = Some(10.0);
        assert!(p.csv().lines().nth(1).unwrap().contains(",10,0.5,"), "{}", p.csv());
    }
}
