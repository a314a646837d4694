//! A chart's numbers in data units — the values it was given, not their logarithms, the corners
//! of its bars or drawing coordinates — as the table under each chart (long series thinned) and
//! as CSV (every point).

use super::{Plot, Series};

/// One row of a series' data, in data units: x, y and, on a series drawn with a band, its low
/// and high.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DataRow {
    pub x: f64,
    pub y: f64,
    pub band: Option<(f64, f64)>,
}

/// A chart's numbers as a table, for screen readers and anyone who wants the values.
#[derive(Clone, Debug, PartialEq)]
pub struct DataTable {
    pub caption: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// Most rows a data table lists; longer series are thinned evenly (the caption says so).
pub const TABLE_ROWS: usize = 120;

/// `v` rounded to 12 significant digits: more than any measurement here holds, and what a value
/// read back from its logarithm (10^log10(3000) = 3000.0000000000005) or summed in steps
/// (0.1 · 100 = 10.000000000000002) loses in its last digits is gone again, so whole numbers are
/// whole.
pub fn significant(v: f64) -> f64 {
    if v.is_finite() {
        crate::text::parse_f64(&format!("{v:.11e}")).unwrap_or(v)
    } else {
        v
    }
}

fn table_number(v: f64) -> String {
    let v = significant(v);
    if !v.is_finite() {
        "—".into()
    } else if v == v.round() && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else if v.abs() >= 0.001 {
        crate::text::trim_float(v, 4)
    } else {
        format!("{v:.3e}")
    }
}

/// One CSV field: quoted when it holds a comma, a quote or a line break.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A number as the shortest text that reads back as the value to 12 significant digits (whole
/// numbers without a fraction, below 10^-6 with an exponent); `NaN` and infinities empty.
fn number(v: f64) -> String {
    let v = significant(v);
    if !v.is_finite() {
        String::new()
    } else if v != 0.0 && v.abs() < 1e-6 {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

impl Plot {
    /// An x in axis units as a data value (an axis drawn as logarithms gives the value back).
    pub fn x_value(&self, v: f64) -> f64 {
        self.x_log_base.map_or(v, |b| b.powf(v))
    }

    /// A y in axis units as a data value.
    pub fn y_value(&self, v: f64) -> f64 {
        self.y_log_base.map_or(v, |b| b.powf(v))
    }

    /// A series' data in data units: the values it was given when it has them (bars, histograms,
    /// transformed axes), else its points (and band) through the axes' log bases.
    pub fn series_data(&self, s: &Series) -> Vec<DataRow> {
        if !s.values.is_empty() {
            return s.values.iter().map(|&(x, y)| DataRow { x, y, band: None }).collect();
        }
        let band = s.band_points();
        s.points
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| DataRow {
                x: self.x_value(x),
                y: self.y_value(y),
                band: band.as_ref().map(|b| (self.y_value(b[i].1), self.y_value(b[i].2))),
            })
            .collect()
    }

    /// The measured points' name.
    fn measured_name(&self) -> &str {
        if self.measured_label.is_empty() {
            "measured"
        } else {
            &self.measured_label
        }
    }

    /// The numbers behind the chart: one table per series and one for the measured points.
    pub fn data_tables(&self) -> Vec<DataTable> {
        let mut out = Vec::new();
        for s in &self.series {
            let data = self.series_data(s);
            let step = data.len().div_ceil(TABLE_ROWS).max(1);
            let banded = data.iter().any(|r| r.band.is_some());
            let rows: Vec<Vec<String>> = data
                .iter()
                .step_by(step)
                .map(|r| {
                    let mut row = vec![table_number(r.x), table_number(r.y)];
                    if let Some((lo, hi)) = r.band {
                        row.extend([table_number(lo), table_number(hi)]);
                    }
                    row
                })
                .collect();
            let thinned = if step > 1 {
                format!(" (every {} of {} points)", crate::text::ordinal(step as u64), data.len())
            } else {
                String::new()
            };
            let mut header = vec![self.x_label.clone(), self.y_label.clone()];
            if banded {
                header.extend(["lowest".to_string(), "highest".to_string()]);
            }
            out.push(DataTable { caption: format!("{}{thinned}", s.label), header, rows });
        }
        if !self.measured.is_empty() {
            let (x, y) = (|v| table_number(self.x_value(v)), |v| table_number(self.y_value(v)));
            let rows = self.measured.iter().map(|m| vec![x(m.x), y(m.rate), y(m.lo), y(m.hi)]).collect();
            out.push(DataTable {
                caption: self.measured_name().to_string(),
                header: vec![self.x_label.clone(), self.y_label.clone(), "95 % from".into(), "to".into()],
                rows,
            });
        }
        out
    }

    /// The chart's numbers in data units, one row per point, in long form: the series (or the
    /// measured points' name), x, y and, for measured points, the 95 % interval; when a series is
    /// drawn with a band (the search comparison's min–max over rounds), two more columns hold its
    /// low and high.
    pub fn csv(&self) -> String {
        let bands = self.series.iter().any(|s| s.band_points().is_some());
        let mut header = vec!["series", &self.x_label, &self.y_label, "95 % from", "95 % to"];
        if bands {
            header.extend(["band low", "band high"]);
        }
        let mut out = header.iter().map(|h| field(h)).collect::<Vec<_>>().join(",") + "\n";
        let no_band = if bands { ",," } else { "" };
        for s in &self.series {
            let label = field(&s.label);
            for r in self.series_data(s) {
                let extra = match r.band {
                    Some((lo, hi)) => format!(",{},{}", number(lo), number(hi)),
                    None => no_band.to_string(),
                };
                out += &format!("{label},{},{},,{extra}\n", number(r.x), number(r.y));
            }
        }
        let label = field(self.measured_name());
        let (x, y) = (|v| number(self.x_value(v)), |v| number(self.y_value(v)));
        for m in &self.measured {
            out += &format!("{label},{},{},{},{}{no_band}\n", x(m.x), y(m.rate), y(m.lo), y(m.hi));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::number;
    use crate::plot::{MeasuredPoint, Plot, Series, TABLE_ROWS};

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
            values: Vec::new(),
            listed: true,
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
        assert_eq!(lines[2], "\"approx, \"\"standard\"\"\",2,0.333333333333,,", "12 significant digits");
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
    fn log_drawn_axes_are_written_as_values_and_whole_numbers_whole() {
        let mut p = plot();
        p.x_log_base = Some(10.0);
        assert!(p.csv().lines().nth(1).unwrap().contains(",10,0.5,"), "{}", p.csv());
        // 10^log10(3000) is 3000.0000000000005: written 3000, as the table shows it.
        let mut p = Plot::new("n", "time", (3.0, 4.0));
        p.x_log_base = Some(10.0);
        p.y_log_base = Some(10.0);
        p.series.push(Series::dots("bloom", 0, vec![(3000f64.log10(), 250f64.log10())]));
        assert!(10f64.powf(3000f64.log10()) != 3000.0, "the case this guards against");
        assert_eq!(p.csv().lines().nth(1), Some("bloom,3000,250,,"));
        assert_eq!(p.data_tables()[0].rows[0], ["3000", "250"]);
        assert_eq!(number(0.1 * 3.0), "0.3");
        assert_eq!(number(2.5e-7), "2.5e-7");
        assert_eq!(number(1e-300 / 3.0), "3.33333333333e-301");
    }

    #[test]
    fn bars_and_histograms_are_written_as_their_data_and_hidden_series_named() {
        let mut p = Plot::new("R", "share", (0.0, 4.0));
        p.series.push(Series::bars("2^R", 0, 0.4, [(1.0, 0.25), (2.0, 0.75)]));
        p.series.push(Series::histogram("errors", 1, (-10.0, 5.0), [0.5, 0.5]));
        p.series.push(Series::dashed("largest", 2, vec![(1.0, 1.0)]).unlisted());
        let csv = p.csv();
        let lines: Vec<&str> = csv.lines().skip(1).collect();
        assert_eq!(lines, ["2^R,1,0.25,,", "2^R,2,0.75,,", "errors,-7.5,0.5,,", "errors,-2.5,0.5,,", "largest,1,1,,"]);
        let tables = p.data_tables();
        assert_eq!(tables[0].rows, [["1", "0.25"], ["2", "0.75"]]);
        assert_eq!(tables[2].caption, "largest");
        let legend: Vec<String> = p.legend_entries(&crate::plot::PlotColors::LIGHT).into_iter().map(|e| e.0).collect();
        assert_eq!(legend, ["2^R", "errors"], "an unlisted series is named in the data, not in the legend");
    }

    #[test]
    fn data_tables_show_the_values_behind_log_axes() {
        let mut p = Plot::new("n", "time", (0.0, 3.0));
        p.series = vec![Series::dots("a", 0, vec![(3.0, 2.0), (4.0, -1.0)])];
        p.x_log_base = Some(10.0);
        p.y_log_base = Some(10.0);
        let t = p.data_tables();
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].rows, [["1000", "100"], ["10000", "0.1"]]);
        p.series[0].points = (0..1000).map(|i| (i as f64, 1.0)).collect();
        p.x_log_base = None;
        let t = p.data_tables();
        assert!(t[0].rows.len() <= TABLE_ROWS && t[0].caption.contains("every 9th of 1000"), "{}", t[0].caption);
        // Ordinals in the caption: 2nd, 3rd, 21st, never "2th".
        for (points, every) in
            [(2 * TABLE_ROWS, "every 2nd of"), (3 * TABLE_ROWS, "every 3rd of"), (21 * TABLE_ROWS, "every 21st of")]
        {
            p.series[0].points = (0..points).map(|i| (i as f64, 1.0)).collect();
            let caption = &p.data_tables()[0].caption;
            assert!(caption.contains(every), "{caption}");
        }
    }
}
