//! The speaker's notes on the laptop (`notes=1`): a second window of the same page, kept in step
//! with the projected one through the browser's `BroadcastChannel` (same origin, no server). The
//! two talk in these typed messages, written as a query string on the wire and read back here, so
//! both ends share one definition.

use crate::link::query::{self, Query};

/// The channel's name.
pub const CHANNEL: &str = "bloomlab-presenter";

/// The question open on the projected page, as the notes show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asked {
    pub prompt: String,
    pub choices: Vec<String>,
    /// The right choice (the notes show it; the projector does not until Reveal).
    pub answer: usize,
    /// Whether the projected page shows the answer now.
    pub revealed: bool,
}

/// What the notes ask the projected page to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Next,
    Prev,
    Reveal,
}

impl Move {
    const ALL: [Move; 3] = [Move::Next, Move::Prev, Move::Reveal];

    pub const fn name(self) -> &'static str {
        match self {
            Move::Next => "next",
            Move::Prev => "prev",
            Move::Reveal => "reveal",
        }
    }
}

/// One message on the channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// From the projected page: where it stands (the tour's name, its stop from 0) and its open
    /// or revealed question.
    At { tour: String, stop: usize, asked: Option<Asked> },
    /// From the notes: a move for the projected page.
    Go(Move),
    /// From the notes when they open: asks the projected page to say where it stands.
    Hello,
}

/// What the notes send, read on the projected page without the full reader (each bundle carries
/// this side): a hello, or a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Hello,
    Go(Move),
}

impl Command {
    /// The notes' message as the projected page reads it; `None` for anything else.
    pub fn read(text: &str) -> Option<Command> {
        match text {
            "?kind=hello" => Some(Command::Hello),
            "?kind=go&move=next" => Some(Command::Go(Move::Next)),
            "?kind=go&move=prev" => Some(Command::Go(Move::Prev)),
            "?kind=go&move=reveal" => Some(Command::Go(Move::Reveal)),
            _ => None,
        }
    }
}

/// Choices travel as one field: each percent-encoded, joined with commas.
fn choices_text(choices: &[String]) -> String {
    choices.iter().map(|c| query::encode(c)).collect::<Vec<_>>().join(",")
}

impl Message {
    /// The message on the wire.
    pub fn encode(&self) -> String {
        let pairs: Vec<(&str, String)> = match self {
            Message::Hello => vec![("kind", "hello".into())],
            Message::Go(m) => vec![("kind", "go".into()), ("move", m.name().into())],
            Message::At { tour, stop, asked } => {
                let mut p = vec![("kind", "at".into()), ("tour", query::encode(tour)), ("stop", stop.to_string())];
                if let Some(a) = asked {
                    p.push(("prompt", query::encode(&a.prompt)));
                    p.push(("choices", query::encode(&choices_text(&a.choices))));
                    p.push(("answer", a.answer.to_string()));
                    p.push(("revealed", (a.revealed as u8).to_string()));
                }
                p
            }
        };
        query::build(&pairs)
    }

    /// A message read off the wire; `None` for anything this page did not write.
    pub fn decode(text: &str) -> Option<Message> {
        let q = Query::parse(text);
        let get = |k: &str| q.get(k).and_then(Result::ok);
        let number = |k: &str| get(k).and_then(|v| v.parse::<u64>().ok());
        match get("kind")?.as_str() {
            "hello" => Some(Message::Hello),
            "go" => {
                let name = get("move")?;
                Move::ALL.into_iter().find(|m| m.name() == name).map(Message::Go)
            }
            "at" => {
                let asked = match get("prompt") {
                    None => None,
                    Some(prompt) => {
                        let choices: Vec<String> =
                            query::decode_list(&get("choices")?).into_iter().collect::<Result<_, _>>().ok()?;
                        let answer = number("answer")? as usize;
                        (answer < choices.len()).then_some(())?;
                        Some(Asked { prompt, choices, answer, revealed: get("revealed")? == "1" })
                    }
                };
                let stop = usize::try_from(number("stop")?).ok()?;
                Some(Message::At { tour: get("tour")?, stop, asked })
            }
            _ => None,
        }
    }
}

/// When the notes first heard of the tour, as kept in the notes window's session storage:
/// `name|ms since 1970`.
pub fn started_record(name: &str, ms: u64) -> String {
    format!("{name}|{ms}")
}

/// The start kept in `kept` when it is the tour `name`'s.
pub fn read_started(kept: &str, name: &str) -> Option<u64> {
    let (n, ms) = kept.rsplit_once('|')?;
    (n == name).then(|| ms.parse::<u64>().ok()).flatten()
}

/// Minutes and seconds since the tour began, as the notes show them (`12:05`; past an hour
/// `1:02:05`).
pub fn elapsed_text(ms: u64) -> String {
    let s = ms / 1000;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_reads_back_as_written() {
        let asked = Asked {
            prompt: "What does count-min estimate for “a,b”? 5 & 6 = 7".into(),
            choices: vec!["5".into(), "a,b".into(), "1 %".into(), "🙂".into()],
            answer: 1,
            revealed: false,
        };
        let messages = [
            Message::Hello,
            Message::Go(Move::Next),
            Message::Go(Move::Prev),
            Message::Go(Move::Reveal),
            Message::At { tour: "frequencies".into(), stop: 3, asked: None },
            Message::At { tour: "custom".into(), stop: 0, asked: Some(asked) },
        ];
        for m in messages {
            assert_eq!(Message::decode(&m.encode()), Some(m.clone()), "{}", m.encode());
        }
    }

    #[test]
    fn the_projected_page_reads_every_command_the_notes_send() {
        assert_eq!(Command::read(&Message::Hello.encode()), Some(Command::Hello));
        for m in Move::ALL {
            assert_eq!(Command::read(&Message::Go(m).encode()), Some(Command::Go(m)));
        }
        let at = Message::At { tour: "t".into(), stop: 0, asked: None };
        assert_eq!(Command::read(&at.encode()), None);
    }

    #[test]
    fn anything_else_is_ignored() {
        for text in [
            "",
            "kind=go&move=jump",
            "kind=at&tour=x",
            "kind=at&tour=x&stop=1&prompt=p&choices=a&answer=3&revealed=0",
            "%zz",
            "kind=shout",
        ] {
            assert_eq!(Message::decode(text), None, "{text}");
        }
    }

    #[test]
    fn a_tour_start_is_kept_per_tour() {
        let kept = started_record("a|b", 42);
        assert_eq!(read_started(&kept, "a|b"), Some(42));
        assert_eq!(read_started(&kept, "a"), None);
        assert_eq!(read_started("x|notanumber", "x"), None);
    }

    #[test]
    fn elapsed_time_reads_as_a_clock() {
        assert_eq!(elapsed_text(0), "0:00");
        assert_eq!(elapsed_text(725_400), "12:05");
        assert_eq!(elapsed_text(3_725_000), "1:02:05");
    }
}
