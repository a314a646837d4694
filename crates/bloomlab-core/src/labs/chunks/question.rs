//! The view's question (`quiz`), asked about the lookup on the page: how many chunks does it read
//! for nothing? The chunks' answers, the lookup's line and the sweep, which answer it, wait for the
//! reveal; how many chunks hold the value, and the filters' size, stay in view to reason from.

use super::{ChunkAnswer, ChunksLab, LookupCounts};
use crate::lectures::questions::{question, Question};

impl ChunksLab {
    /// How many of the chunks' filters say "maybe" for the value without holding it, from the
    /// lookup's `answers`.
    pub fn wasted_question(&self, answers: &[ChunkAnswer]) -> Option<Question> {
        let LookupCounts { read, holding, wasted } = LookupCounts::of(answers);
        let without = answers.len() - holding;
        let wrong = vec![
            (
                "0".to_string(),
                "a filter can say maybe for a value it never saw: the bits it reads may all have been set by the chunk's other values.".to_string(),
            ),
            (
                read.to_string(),
                format!("that counts every chunk read, the {holding} that hold the value among them; a read is wasted only where the chunk does not hold it."),
            ),
            (
                without.to_string(),
                format!("that is every chunk without the value; most of their filters have a 0 among its {} bits and say no.", self.k),
            ),
        ];
        let reasoning = format!(
            "{holding} of the {} chunks hold {}, and their filters all say maybe; of the other {without}, {wasted} filter{} {} maybe anyway: {read} chunks are read, {wasted} of them for nothing.",
            answers.len(),
            self.value,
            if wasted == 1 { "" } else { "s" },
            if wasted == 1 { "says" } else { "say" }
        );
        let prompt = format!(
            "{holding} of the {} chunks hold {}, each chunk's filter has m = {} bits and k = {} hashes. How many chunks will the lookup read for nothing?",
            answers.len(),
            self.value,
            self.m,
            self.k
        );
        question("chunks-wasted".into(), prompt, wasted.to_string(), wrong, reasoning, self.seed as usize + read)
    }
}

#[cfg(test)]
mod tests {
    use crate::lectures::questions::check_shape;
    use crate::link::query::Query;
    use crate::link::state::LinkState;

    use super::ChunksLab;

    /// The answer is the lookup's wasted reads, counted here from each chunk's filter and contents.
    #[test]
    fn the_answer_is_the_lookups_wasted_reads() {
        for link in ["?view=chunks", "?view=chunks&m=128", "?view=chunks&m=4096"] {
            let (lab, _) = ChunksLab::read(&Query::parse(link));
            let t = lab.build(lab.m);
            let answers = t.lookup(lab.value);
            let by_hand =
                (0..t.filters.len()).filter(|&c| !t.holds(c, lab.value) && answers[c].maybe).count().to_string();
            match lab.wasted_question(&answers) {
                Some(q) => {
                    check_shape(&q);
                    assert_eq!(q.choices[q.answer], by_hand, "{link}");
                    assert!(!q.prompt.contains(&format!(" {by_hand} ")) || by_hand == "0", "{link}: {}", q.prompt);
                }
                None => panic!("{link}: no question"),
            }
        }
    }
}
