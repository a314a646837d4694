//! Exercise sheets (`view=exercises`): seeded questions with every number needed to solve them by
//! hand, answers computed by the same core code the views use, and a link to the view that works
//! each one out.

#[cfg(test)]
mod tests;
mod topics;

use crate::lectures::model::Model;
use crate::link::notice::Notice;
use crate::link::params::{Declared, Flag, Text, Whole};
use crate::link::query::Query;
use crate::link::state::{edited, LinkState};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    Bloom,
    Fp,
    Counting,
    Mlbf,
    Fm,
    Ams,
    Sampling,
    Reservoir,
    Lookup,
    Dgim,
    CountMin,
    HeavyHitters,
    XorPeel,
    QuotientInsert,
}

impl Topic {
    /// Every topic, in the order a sheet takes them; a new topic goes at the end, so that a
    /// `topics` list keeps giving the same sheet.
    pub const ALL: [Topic; 14] = [
        Topic::Bloom,
        Topic::Fp,
        Topic::Counting,
        Topic::Mlbf,
        Topic::Fm,
        Topic::Ams,
        Topic::Sampling,
        Topic::Reservoir,
        Topic::Lookup,
        Topic::Dgim,
        Topic::CountMin,
        Topic::HeavyHitters,
        Topic::XorPeel,
        Topic::QuotientInsert,
    ];
    /// The topics of a link without `topics`: the first twelve, the frequencies and window
    /// chapters' included. (Until they were added, such a link gave the first seven,
    /// `Topic::FIRST_SEVEN`; a link naming those seven gives the sheet a bare link gave then.) The
    /// filters built once (chapter 5) came later and are not among them, so that a bare link keeps
    /// giving the sheet it gave: a sheet has them when its link names them.
    pub const DEFAULT: &[Topic] = Topic::ALL.split_at(12).0;
    /// The topics a link without `topics` gave before every topic was the default.
    pub const FIRST_SEVEN: [Topic; 7] =
        [Topic::Bloom, Topic::Fp, Topic::Counting, Topic::Mlbf, Topic::Fm, Topic::Ams, Topic::Sampling];
    pub fn name(self) -> &'static str {
        match self {
            Topic::Bloom => "bloom",
            Topic::Fp => "fp",
            Topic::Counting => "counting",
            Topic::Mlbf => "mlbf",
            Topic::Fm => "fm",
            Topic::Ams => "ams",
            Topic::Sampling => "sampling",
            Topic::Reservoir => "reservoir",
            Topic::Lookup => "lookup",
            Topic::Dgim => "dgim",
            Topic::CountMin => "count-min",
            Topic::HeavyHitters => "heavy-hitters",
            Topic::XorPeel => "xor-peel",
            Topic::QuotientInsert => "quotient-insert",
        }
    }
    pub fn parse(s: &str) -> Option<Topic> {
        Topic::ALL.into_iter().find(|t| t.name() == s)
    }
    pub fn title(self) -> &'static str {
        match self {
            Topic::Bloom => "Inserting into a Bloom filter",
            Topic::Fp => "False positives and the best k",
            Topic::Counting => "A counting filter",
            Topic::Mlbf => "The multi-layer filter's XOR layer",
            Topic::Fm => "Flajolet–Martin",
            Topic::Ams => "The AMS estimate",
            Topic::Sampling => "Sampling by position",
            Topic::Reservoir => "Reservoir sampling",
            Topic::Lookup => "Looking up in a Bloom filter",
            Topic::Dgim => "Counting ones in a window (DGIM)",
            Topic::CountMin => "A count-min estimate",
            Topic::HeavyHitters => "Heavy hitters with Misra–Gries",
            Topic::XorPeel => "Peeling and filling an xor filter",
            Topic::QuotientInsert => "Inserting into a quotient filter",
        }
    }
}

/// One question: its text, the data shown (also as hook attributes), the answer and where it is
/// worked out.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetQuestion {
    pub topic: Topic,
    pub index: usize,
    pub question: String,
    /// (attribute name without `data-`, value), e.g. ("m", "11").
    pub data: Vec<(&'static str, String)>,
    /// The final answer in plain form (a filter as its 0/1 string, numbers as numbers).
    pub answer: String,
    /// How to get there, in a sentence or two.
    pub working: String,
    /// The working item by item (each insert's hashes and bits, each lookup's verdict, each
    /// arrival at the reservoir); empty where the sentence says it all.
    pub lines: Vec<KeyLine>,
    /// A link (query string) to the view that shows it: a walkthrough at the step that shows the
    /// answer, with `focus` on the panel that shows it.
    pub link: String,
}

/// One line of an answer's working, with its values as hook attributes.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyLine {
    pub text: String,
    /// (attribute name without `data-`, value), e.g. ("positions", "5,2").
    pub data: Vec<(&'static str, String)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    pub topics: Vec<Topic>,
    pub count: u64,
    pub seed: u64,
    pub answers: bool,
    pub difficulty: u64,
    pub exercises: Vec<SheetQuestion>,
}

fn list<T: ToString>(v: &[T]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
}

fn shown<T: ToString>(v: &[T]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
}

impl SheetQuestion {
    /// The answer as people read it: a long decimal rounded to six decimals (the key keeps the
    /// exact value in `answer`).
    pub fn shown_answer(&self) -> String {
        let a = &self.answer;
        match crate::text::parse_f64(a) {
            Some(v) if a.contains('.') && a.len() > 8 => format!("{v:.6}").trim_end_matches('0').to_string(),
            _ => a.to_string(),
        }
    }
}

impl Sheet {
    /// The sheet with topic `t` added or taken out (the last topic stays); the count of questions
    /// stays as it is.
    pub fn with_topic_toggled(&self, t: Topic) -> (Sheet, Vec<Notice>) {
        let mut topics = self.topics.clone();
        if let Some(i) = topics.iter().position(|x| *x == t) {
            if topics.len() > 1 {
                topics.remove(i);
            }
        } else {
            topics.push(t);
            topics.sort_by_key(|x| Topic::ALL.iter().position(|y| y == x));
        }
        let names = topics.iter().map(|t| t.name()).collect::<Vec<_>>().join(",");
        self.with_fields(&[("topics", &names)])
    }
}

impl LinkState for Sheet {
    fn read(q: &Query) -> (Sheet, Vec<Notice>) {
        let mut notices = Vec::new();
        let topics = match q.get(TOPICS.name) {
            None => Topic::DEFAULT.to_vec(),
            Some(Ok(s)) => {
                let mut t = Vec::new();
                let mut bad = Vec::new();
                for name in s.split(',').map(str::trim).filter(|x| !x.is_empty()) {
                    match Topic::parse(name) {
                        Some(x) if !t.contains(&x) => t.push(x),
                        Some(_) => {}
                        None => bad.push(crate::text::shorten(name, 20)),
                    }
                }
                if !bad.is_empty() {
                    notices.push(Notice::param(
                        "topics",
                        format!("topics: {} is not a topic here; left out", bad.join(", ")),
                    ));
                }
                if t.is_empty() {
                    Topic::DEFAULT.to_vec()
                } else {
                    t
                }
            }
            Some(Err(e)) => {
                notices.push(Notice::param("topics", format!("topics {e}; using every topic")));
                Topic::DEFAULT.to_vec()
            }
        };
        let count = Whole { default: topics.len() as u64, ..COUNT }.read(q, &mut notices);
        let seed = SEED.read(q, &mut notices);
        let answers = ANSWERS.read(q, &mut notices);
        let difficulty = DIFFICULTY.read(q, &mut notices);
        let mut rng = fastrand::Rng::with_seed(seed);
        let exercises =
            (0..count as usize).map(|i| topics::make(topics[i % topics.len()], i, difficulty, &mut rng)).collect();
        (Sheet { topics, count, seed, answers, difficulty, exercises }, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut p = Vec::new();
        if self.topics != Topic::DEFAULT {
            p.push((TOPICS.name, self.topics.iter().map(|t| t.name()).collect::<Vec<_>>().join(",")));
        }
        let count = Whole { default: self.topics.len() as u64, ..COUNT };
        p.extend(
            [
                count.pair(self.count),
                SEED.pair(self.seed),
                ANSWERS.pair(self.answers),
                DIFFICULTY.pair(self.difficulty),
            ]
            .into_iter()
            .flatten(),
        );
        p
    }
    /// Every edit but the count's keeps the number of questions (its default follows the topics).
    fn with_raw(&self, raw: &[(&str, Option<String>)]) -> (Sheet, Vec<Notice>) {
        let mut raw = raw.to_vec();
        if !raw.iter().any(|(k, _)| *k == "count") {
            raw.push(("count", Some(self.count.to_string())));
        }
        Sheet::read(&edited(Sheet::query_pairs(self), &raw))
    }
}

/// The sheet as its page runs it: its settings from the form, a topic ticked or not as a typed edit.
impl Model for Sheet {
    type Edit = Topic;
    bloomlab_link::no_runs!();

    fn edit(&self, topic: Topic) -> Option<(Sheet, Option<Vec<Notice>>)> {
        let (sheet, notices) = self.with_topic_toggled(topic);
        (sheet != *self).then_some((sheet, Some(notices)))
    }
}

pub const TOPICS: Text = Text {
    name: "topics",
    about: "the topics, in turn",
    values: "comma list of `bloom`, `fp`, `counting`, `mlbf`, `fm`, `ams`, `sampling`, `reservoir`, `lookup`, `dgim`, `count-min`, `heavy-hitters`",
    default: "every topic",
    bad: "unknown names left out; none left: every topic",
    example: "bloom,fm,ams,reservoir,lookup",
    bad_example: Some("bloom,nope"),
};
/// `count`: its default is one question per topic (`Sheet::read` uses the topics' number).
pub const COUNT: Whole = Whole {
    name: "count",
    about: "questions (the topics in turn; by default one per topic)",
    min: 1,
    max: 50,
    default: Topic::DEFAULT.len() as u64,
    example: "6",
};
pub const SEED: Whole =
    Whole { name: "seed", about: "the seed of the questions", min: 0, max: u64::MAX, default: 1, example: "4" };
pub const ANSWERS: Flag = Flag { name: "answers", about: "the answer key shown", default: false };
pub const DIFFICULTY: Whole = Whole {
    name: "difficulty",
    about: "the sizes of the data (1 small .. 3 larger)",
    min: 1,
    max: 3,
    default: 1,
    example: "2",
};

/// The parameters this view reads from its link, declared once (`link::params::declare`).
pub const PARAMS: &[&dyn Declared] = &[&TOPICS, &COUNT, &SEED, &ANSWERS, &DIFFICULTY];
