//! `quiz`: how the walkthroughs' questions are shown.

use super::declared::QUIZ;
use crate::link::notice::Notice;
use crate::link::query::Query;

/// How questions are shown (`quiz`): not at all, to a class (the answer hidden until "reveal"),
/// or to a student (pick, then told right or wrong with the reasoning).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QuizMode {
    #[default]
    Off,
    Class,
    Study,
}

impl QuizMode {
    pub fn name(self) -> &'static str {
        match self {
            QuizMode::Off => "off",
            QuizMode::Class => "class",
            QuizMode::Study => "study",
        }
    }

    /// `quiz`: off (the default), class or study; anything else is off, with a notice.
    pub fn read(q: &Query, notices: &mut Vec<Notice>) -> QuizMode {
        match q.get(QUIZ.name) {
            None => QuizMode::Off,
            Some(Ok(v)) => match v.trim().to_ascii_lowercase().as_str() {
                "" | "off" | "0" => QuizMode::Off,
                "class" => QuizMode::Class,
                "study" | "1" => QuizMode::Study,
                _ => {
                    notices.push(Notice::bad(
                        QUIZ.name,
                        &crate::text::shorten(&v, 20),
                        "is not off, class or study; questions are off",
                    ));
                    QuizMode::Off
                }
            },
            Some(Err(e)) => {
                notices.push(Notice::param(QUIZ.name, format!("quiz {e}; questions are off")));
                QuizMode::Off
            }
        }
    }
}
