//! A student's progress, kept in the browser's local storage and never sent anywhere: for each
//! exercise and level, the sessions finished, the best score and whether one was proficient.
//! Stored as plain lines (`exercise level finished best max proficient`); a line that does not
//! read is dropped, so stored text from any version never breaks the page.

use super::{Exercise, Practice};

/// The local storage key.
pub const STORAGE_KEY: &str = "bloomlab-practice-progress";

/// One exercise at one level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub exercise: Exercise,
    pub level: u64,
    pub finished: u32,
    pub best: usize,
    pub max: usize,
    pub proficient: bool,
}

/// Every exercise and level the student finished, in the exercises' order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub entries: Vec<Entry>,
}

impl Progress {
    /// The progress stored as `text` (lines that do not read are dropped).
    pub fn parse(text: &str) -> Progress {
        let mut p = Progress::default();
        for line in text.lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            let [exercise, level, finished, best, max, proficient] = f[..] else { continue };
            let (Some(exercise), Ok(level), Ok(finished), Ok(best), Ok(max)) = (
                Exercise::parse(exercise),
                level.parse::<u64>(),
                finished.parse::<u32>(),
                best.parse::<usize>(),
                max.parse::<usize>(),
            ) else {
                continue;
            };
            if (1..=3).contains(&level)
                && best <= max
                && !p.entries.iter().any(|e| e.exercise == exercise && e.level == level)
            {
                p.entries.push(Entry { exercise, level, finished, best, max, proficient: proficient == "1" });
            }
        }
        p.sort();
        p
    }

    fn sort(&mut self) {
        let rank = |e: &Entry| (Exercise::ALL.iter().position(|x| *x == e.exercise), e.level);
        self.entries.sort_by_key(rank);
    }

    /// The progress with the finished session `p` counted (nothing when it is not finished).
    pub fn record(&mut self, p: &Practice) {
        if !p.finished() {
            return;
        }
        let share = |best: usize, max: usize| best as f64 / max.max(1) as f64;
        match self.entries.iter_mut().find(|e| e.exercise == p.exercise && e.level == p.level) {
            Some(e) => {
                e.finished = e.finished.saturating_add(1);
                if share(p.score(), p.max()) > share(e.best, e.max) {
                    (e.best, e.max) = (p.score(), p.max());
                }
                e.proficient |= p.proficient();
            }
            None => self.entries.push(Entry {
                exercise: p.exercise,
                level: p.level,
                finished: 1,
                best: p.score(),
                max: p.max(),
                proficient: p.proficient(),
            }),
        }
        self.sort();
    }

    /// The text stored.
    pub fn text(&self) -> String {
        self.entries
            .iter()
            .map(|e| {
                let ok = if e.proficient { 1 } else { 0 };
                format!("{} {} {} {} {} {ok}\n", e.exercise.name(), e.level, e.finished, e.best, e.max)
            })
            .collect()
    }
}
