//! The hash lab's chart: how evenly each family spreads positions over the filter.

use super::HashLab;
use crate::engine::hashing::HashFamily;
use crate::plot::{Plot, Series};

impl HashLab {
    /// Positions per bucket over the expected count, one line per family (1 = perfectly even).
    pub fn bucket_chart(&self) -> Plot {
        let series = self
            .results()
            .iter()
            .map(|r| {
                let total: u64 = r.buckets.iter().sum();
                let expected = total as f64 / r.buckets.len().max(1) as f64;
                let color = HashFamily::TEXT.iter().position(|f| *f == r.family).unwrap_or(0);
                let points =
                    r.buckets.iter().enumerate().map(|(b, &c)| (b as f64, c as f64 / expected.max(1e-9))).collect();
                Series::line(r.family.name(), color, points)
            })
            .collect();
        let buckets = self.results().first().map_or(64, |r| r.buckets.len()) as f64;
        Plot {
            series,
            y_fixed: Some((0.0, 2.0)),
            ..Plot::new(
                "bucket of positions (m split into equal parts)",
                "positions / expected",
                (0.0, (buckets - 1.0).max(1.0)),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::hashing::HashFamily;
    use crate::labs::hashes::HashLab;
    use crate::link::query::Query;
    use crate::link::state::LinkState;
    use crate::plot::{to_svg, PlotColors};

    #[test]
    fn the_bucket_chart_has_a_line_per_family_around_one() {
        let mut l = HashLab::read(&Query::parse("?families=naive,xxh3&m=4096&k=5&n=2000&items=words&trials=1000")).0;
        assert!(l.bucket_chart().series.is_empty(), "nothing measured yet");
        l.finish();
        let p = l.bucket_chart();
        assert_eq!(p.series.len(), 2);
        let xxh3 = p.series.iter().find(|s| s.label == "xxh3").expect("the xxh3 line");
        assert_eq!(xxh3.color, HashFamily::TEXT.iter().position(|f| *f == HashFamily::Xxh3).unwrap());
        assert_eq!(xxh3.points.len(), l.results()[0].buckets.len());
        // The mean of the ratios is exactly 1: positions over expected, summed over the buckets.
        let mean = xxh3.points.iter().map(|p| p.1).sum::<f64>() / xxh3.points.len() as f64;
        assert!((mean - 1.0).abs() < 1e-9, "{mean}");
        assert_eq!((p.x_range, p.y_fixed), ((0.0, xxh3.points.len() as f64 - 1.0), Some((0.0, 2.0))));
        let svg = to_svg(&p, 640.0, 320.0, &PlotColors::LIGHT);
        for label in ["bucket of positions", "positions / expected", "naive", "xxh3"] {
            assert!(svg.contains(label), "{label}");
        }
        for s in &p.series {
            let colour = PlotColors::LIGHT.series[s.color].css().to_uppercase();
            assert!(svg.to_uppercase().contains(&colour), "{}'s colour", s.label);
        }
        assert!(!svg.contains("NaN"));
    }
}
