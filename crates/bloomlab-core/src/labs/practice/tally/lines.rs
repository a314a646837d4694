//! What each pasted line holds: a bare code, `ID<TAB>code`, `ID,code`, `"ID","code"` (CSV
//! quoting), or a row of a CSV whose first line is a header naming its columns.
//!
//! A line that decodes as a code as it stands is a bare code, whatever it holds, so every line
//! that was read before ids still is. A header is a first line none of whose fields decodes but
//! one of which names a code column (`code`, `result code`, `result`, …); an id column is then
//! picked by its name (`id`, `student`, `email`, `username`, `id number`, …), and each later line
//! gives its id and code from those columns, whatever their order.

use super::super::code::{self, Decoded};
use super::fields;

/// Header names of the column holding the codes (compared in lower case, spaces around dropped).
const CODE_COLUMNS: &[&str] =
    &["code", "result code", "result", "codes", "result_code", "resultcode", "bloom lab code"];
/// Header names of a column holding the student's id, the most telling first.
const ID_COLUMNS: &[&str] = &[
    "id",
    "student id",
    "id number",
    "idnumber",
    "email",
    "email address",
    "e-mail",
    "username",
    "user name",
    "login",
    "sis login id",
    "student",
    "name",
];

/// The columns a header picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub code: usize,
    pub id: Option<usize>,
}

/// One line read: the id it gives (empty: none) and its code's text.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub id: String,
    pub code: String,
}

/// The header `line` is, when it is one (module doc).
pub fn header(line: &str) -> Option<Header> {
    if code::read(line).is_ok() {
        return None;
    }
    let names: Vec<String> =
        fields::split(line, fields::delimiter_of(line)).iter().map(|f| f.trim().to_ascii_lowercase()).collect();
    if names.iter().any(|n| code::read(n).is_ok()) {
        return None;
    }
    let code = CODE_COLUMNS.iter().find_map(|c| names.iter().position(|n| n == c))?;
    let id = ID_COLUMNS.iter().find_map(|c| names.iter().position(|n| n == c).filter(|&i| i != code));
    Some(Header { code, id })
}

/// What `line` holds (read with `header`'s columns when the text has a header), and the decoded
/// code or why it was refused.
pub fn entry(line: &str, header: Option<Header>) -> (Entry, Result<Decoded, String>) {
    let bare = || Entry { id: String::new(), code: line.to_string() };
    if header.is_none() {
        if let Ok(d) = code::read(line) {
            return (bare(), Ok(d));
        }
    }
    let cells: Vec<String> =
        fields::split(line, fields::delimiter_of(line)).into_iter().map(|f| f.trim().to_string()).collect();
    let e = match header {
        Some(h) => Entry {
            id: h.id.and_then(|i| cells.get(i)).cloned().unwrap_or_default(),
            code: cells.get(h.code).cloned().unwrap_or_default(),
        },
        None if cells.len() < 2 => bare(),
        None => pair(cells),
    };
    if e.code.is_empty() {
        return (e, Err("it has no code in its code column".into()));
    }
    let decoded = code::read(&e.code);
    (e, decoded)
}

/// An id and a code from a line of two or more fields: the code is the first field that reads as
/// one (else the first that looks like one, `P` and a digit, else the last), the id the first other
/// field that is not empty.
fn pair(cells: Vec<String>) -> Entry {
    let looks = |c: &String| c.starts_with('P') && c[1..].starts_with(|d: char| d.is_ascii_digit());
    let at = cells
        .iter()
        .position(|c| code::read(c).is_ok())
        .or_else(|| cells.iter().position(looks))
        .unwrap_or(cells.len() - 1);
    let id = cells.iter().enumerate().find(|(i, c)| *i != at && !c.is_empty()).map(|(_, c)| c.clone());
    Entry { id: id.unwrap_or_default(), code: cells[at].clone() }
}
