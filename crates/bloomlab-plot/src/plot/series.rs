//! One curve of a chart and its constructors: a line, a dashed reference line, a line with dots,
//! a histogram drawn as steps, bars, and measured medians with their min–max band.

/// One curve.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub label: String,
    /// Index into `PlotColors::series`.
    pub color: usize,
    pub points: Vec<(f64, f64)>,
    /// Dots at each point (for curves over whole numbers, and measured series).
    pub dots: bool,
    /// Drawn dashed (a reference curve beside measured ones).
    pub dashed: bool,
    /// Left out when choosing the linear y range (a bound that runs off to 1).
    pub ignore_in_range: bool,
    /// A band around the curve: (low, high) at each point's x, drawn as a translucent area with a
    /// whisker at each point (measured medians with the range of their rounds). Empty: none.
    pub band: Vec<(f64, f64)>,
    /// The data as it was given, in data units, when the drawn points are something else (the
    /// corners of bars, the steps of a histogram, values drawn as log(1 + v)): what the chart's
    /// table and CSV list. Empty: the points themselves (through the plot's log bases).
    pub values: Vec<(f64, f64)>,
    /// Shown in the legend (a series drawn beside a listed one of its colour, or named by the
    /// page around the chart, is not). Every series has a label all the same: its CSV's name.
    pub listed: bool,
}

impl Series {
    fn with(label: impl Into<String>, color: usize, points: Vec<(f64, f64)>, dots: bool, dashed: bool) -> Series {
        Series {
            label: label.into(),
            color,
            points,
            dots,
            dashed,
            ignore_in_range: false,
            band: Vec::new(),
            values: Vec::new(),
            listed: true,
        }
    }

    /// A solid line through `points`.
    pub fn line(label: impl Into<String>, color: usize, points: Vec<(f64, f64)>) -> Series {
        Series::with(label, color, points, false, false)
    }

    /// A dashed line through `points` (a reference beside measured curves).
    pub fn dashed(label: impl Into<String>, color: usize, points: Vec<(f64, f64)>) -> Series {
        Series::with(label, color, points, false, true)
    }

    /// A solid line with a dot at each point (whole-number x, or measured values).
    pub fn dots(label: impl Into<String>, color: usize, points: Vec<(f64, f64)>) -> Series {
        Series::with(label, color, points, true, false)
    }

    /// A histogram as steps: bin `i` spans `start + i·width` to `start + (i+1)·width` at height
    /// `heights[i]`; its values are each bin's centre and height.
    pub fn histogram(
        label: impl Into<String>,
        color: usize,
        (start, width): (f64, f64),
        heights: impl IntoIterator<Item = f64>,
    ) -> Series {
        let heights: Vec<f64> = heights.into_iter().collect();
        let at = |i: usize| start + i as f64 * width;
        let points = heights.iter().enumerate().flat_map(|(i, &y)| [(at(i), y), (at(i) + width, y)]).collect();
        let values = heights.iter().enumerate().map(|(i, &y)| (at(i) + width / 2.0, y)).collect();
        Series::line(label, color, points).with_values(values)
    }

    /// Bars from 0 up to `y`, `2 · half_width` wide, centred on each `x` of `bars`; its values
    /// are the bars' (x, y).
    pub fn bars(
        label: impl Into<String>,
        color: usize,
        half_width: f64,
        bars: impl IntoIterator<Item = (f64, f64)>,
    ) -> Series {
        let values: Vec<(f64, f64)> = bars.into_iter().collect();
        let points = values
            .iter()
            .flat_map(|&(x, y)| {
                [(x - half_width, 0.0), (x - half_width, y), (x + half_width, y), (x + half_width, 0.0)]
            })
            .collect();
        Series::line(label, color, points).with_values(values)
    }

    /// Measured medians with dots, each with its band from low to high: `(x, median, low, high)`.
    pub fn band(
        label: impl Into<String>,
        color: usize,
        points: impl IntoIterator<Item = (f64, f64, f64, f64)>,
    ) -> Series {
        let mut s = Series::dots(label, color, Vec::new());
        for (x, y, lo, hi) in points {
            s.points.push((x, y));
            s.band.push((lo.min(y), hi.max(y)));
        }
        s
    }

    /// The band's (x, low, high), when the series has one for every point.
    pub fn band_points(&self) -> Option<Vec<(f64, f64, f64)>> {
        (!self.band.is_empty() && self.band.len() == self.points.len())
            .then(|| self.points.iter().zip(&self.band).map(|(p, b)| (p.0, b.0, b.1)).collect())
    }

    /// With (or without) a dot at each point.
    pub fn with_dots(self, dots: bool) -> Series {
        Series { dots, ..self }
    }

    /// With its data in data units, when the points are drawn in other units.
    pub fn with_values(self, values: Vec<(f64, f64)>) -> Series {
        Series { values, ..self }
    }

    /// Left out of the legend (still named in the data).
    pub fn unlisted(self) -> Series {
        Series { listed: false, ..self }
    }

    /// Left out (or not) when the linear y range is chosen.
    pub fn left_out_of_range(self, left_out: bool) -> Series {
        Series { ignore_in_range: left_out, ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructors_set_the_style_and_shape_the_points() {
        let p = vec![(1.0, 2.0), (3.0, 4.0)];
        let l = Series::line("a", 2, p.clone());
        assert_eq!((l.label.as_str(), l.color, l.dots, l.dashed, l.ignore_in_range), ("a", 2, false, false, false));
        assert_eq!(l.points, p);
        let d = Series::dashed(String::from("b"), 1, p.clone());
        assert!(d.dashed && !d.dots);
        let o = Series::dots("c", 0, p.clone()).left_out_of_range(true);
        assert!(o.dots && !o.dashed && o.ignore_in_range);
        assert!(!Series::dots("c", 0, p).with_dots(false).dots);
        let h = Series::histogram("h", 0, (-10.0, 5.0), [0.25, 0.5]);
        assert_eq!(h.points, [(-10.0, 0.25), (-5.0, 0.25), (-5.0, 0.5), (0.0, 0.5)]);
        assert_eq!(h.values, [(-7.5, 0.25), (-2.5, 0.5)], "a histogram's data: each bin's centre and height");
        let b = Series::bars("b", 0, 0.4, [(3.0, 0.5)]);
        assert_eq!(b.points, [(2.6, 0.0), (2.6, 0.5), (3.4, 0.5), (3.4, 0.0)]);
        assert_eq!(b.values, [(3.0, 0.5)], "a bar chart's data: the bars, not their corners");
        assert!(l.listed && !Series::line("u", 0, Vec::new()).unlisted().listed);
        assert!(b.band.is_empty() && b.band_points().is_none());
        let m = Series::band("m", 3, [(1.0, 2.0, 1.5, 3.0), (2.0, 4.0, 4.5, 5.0)]);
        assert!(m.dots && !m.dashed);
        assert_eq!(m.points, [(1.0, 2.0), (2.0, 4.0)]);
        assert_eq!(m.band_points().unwrap(), [(1.0, 1.5, 3.0), (2.0, 4.0, 5.0)], "the band always holds the median");
    }
}
