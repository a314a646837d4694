//! What the page shows of the FP lab's measurements while they run: the progress line and the
//! measured points in the plot and the table, each following the experiment at most so often
//! (the clock is passed in) and all of it once the experiment is done.

use crate::engine::slice_budget::Paced;
use crate::labs::fp::experiment::Experiment;

/// While measuring, the plot and the table take in new points at most this often: redrawing
/// them costs several times a change to the progress line.
pub const REDRAW_MS: f64 = 100.0;

/// What the page shows of the measurements. Its progress line moves at the plot's pace
/// (`REDRAW_MS`), not every `engine::slice_budget::PROGRESS_MS` as elsewhere: a point takes about
/// one slice here, so the plot changes almost every time it may, and a progress line moving in
/// between would cost a frame of its own (style, layout, paint: about 1.7 ms against 0.6 ms for a
/// frame that changes nothing) for little news.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OnScreen {
    /// The progress line: points, and inserts and probes, done.
    pub progress: Paced<(usize, u64)>,
    /// The measured points in the plot and the table (the experiment may have a few more).
    pub points: Paced<usize>,
}

impl OnScreen {
    /// Nothing measured, shown from `now_ms` on (the start of a run).
    pub fn start(now_ms: f64) -> OnScreen {
        OnScreen { progress: Paced::new((0, 0), REDRAW_MS, now_ms), points: Paced::new(0, REDRAW_MS, now_ms) }
    }

    /// Catches up with `exp` at `now_ms` as far as the pace allows; the progress line whenever
    /// the plot does, so that it never counts fewer points than the plot shows.
    pub fn follow(&mut self, exp: &Experiment, now_ms: f64) {
        let (points, done) = (exp.measured_done(), exp.is_done());
        let redrawn = self.points.offer(points, now_ms, done);
        self.progress.offer((points, exp.ops_done()), now_ms, done || redrawn);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hashing::HashFamily;
    use crate::engine::sliced::Sliced;
    use crate::labs::fp::experiment::PointSpec;

    #[test]
    fn the_page_follows_at_its_pace_and_shows_everything_at_the_end() {
        let specs = vec![PointSpec { m: 1000, n: 100, k: 4 }; 20];
        let mut exp = Experiment::new(HashFamily::Xxh3, 1, 400, specs, None);
        let mut shown = OnScreen::start(0.0);
        let (mut now, mut changes, mut redraws) = (0.0, Vec::new(), Vec::new());
        while !exp.is_done() {
            // A slice of 8 ms, a tenth of a point.
            exp.work(50);
            now += 8.0;
            let before = shown;
            shown.follow(&exp, now);
            if shown.progress != before.progress {
                changes.push(now);
            }
            if shown.points != before.points {
                redraws.push(now);
            }
            assert!(shown.progress.get().0 >= shown.points.get());
        }
        // 200 slices, 1.6 s: the plot redrawn about every 104 ms and at the end, the progress
        // line changed about as often, or with the plot.
        let end = now;
        assert!(
            redraws.windows(2).all(|w| w[1] - w[0] >= REDRAW_MS || w[1] == end) && redraws.len() > 10,
            "{redraws:?}"
        );
        let paced = |w: &[f64]| w[1] - w[0] >= REDRAW_MS || redraws.contains(&w[1]);
        assert!(changes.windows(2).all(paced) && changes.len() > 10, "{changes:?}");
        assert!(changes[0] >= REDRAW_MS && redraws[0] >= REDRAW_MS);
        assert_eq!(shown.progress.get(), (20, exp.ops_total()));
        assert_eq!(shown.points.get(), 20);
    }
}
