//! Practice graded inside a learning management system through SCORM 1.2, with no server of our
//! own: the pure half that the page's SCORM calls use (issue 51). A lecturer builds an
//! `Assignment` (exercises with their levels, a mode, a pass mark, problems per student or for the
//! class) that lives in the link; `package` writes the SCORM 1.2 package (`imsmanifest.xml`, a
//! launch page, the zip); `attempt` keeps a learner's answers in `cmi.suspend_data` so an attempt
//! resumes where it stopped; `cmi` writes every graded step as a row of `cmi.interactions` and the
//! end of the attempt (`cmi.core.score.*`, `lesson_status`, `session_time`, `exit`), and reads
//! `cmi.core.entry` to choose between a fresh start and a resumed attempt.
//!
//! The values follow the SCORM 1.2 run-time environment's data model (ADL, SCORM Version 1.2,
//! "The SCORM Run-Time Environment", section 3.4) as the runtime our end-to-end tests use checks
//! them: scorm-again (github.com/jcputney/scorm-again, `src/constants/regex.ts` `scorm12_regex`
//! and `src/cmi/scorm12/`). Where that runtime is more lenient than the specification (its newer
//! versions accept spaces in identifiers and responses of any length), we keep to the stricter
//! rule, so any SCORM 1.2 runtime takes the values.

pub mod assignment;
pub mod attempt;
pub mod cmi;
pub mod package;
#[cfg(test)]
mod tests;

pub use assignment::{Assignment, Per, Task};
pub use attempt::Attempt;
pub use cmi::{Begin, Interaction, Status};

/// The most characters (UTF-16 code units, as a JavaScript runtime counts them) in a SCORM 1.2
/// `CMIString255` or `CMIIdentifier`.
pub const MAX_SHORT: usize = 255;

/// `s` as one line of at most `max` UTF-16 code units: line breaks and other control characters
/// become spaces (a JavaScript `.` matches neither, so `^.{0,255}$` refuses them), and what is
/// past `max` is cut, never inside a character.
pub fn one_line(s: &str, max: usize) -> String {
    let mut out = String::new();
    let mut units = 0;
    for c in s.chars() {
        let c = if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') { ' ' } else { c };
        units += c.len_utf16();
        if units > max {
            break;
        }
        out.push(c);
    }
    out
}

/// `s` as a SCORM 1.2 `CMIIdentifier` part: letters, digits, `-` and `_` kept, every other
/// character (spaces, dots, which separate the parts of our ids, anything outside printable
/// ASCII) written as `-`; at most `max` characters; never empty (`x`).
pub fn identifier(s: &str, max: usize) -> String {
    let out: String =
        s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '-' { c } else { '-' }).take(max).collect();
    if out.is_empty() {
        "x".into()
    } else {
        out
    }
}
