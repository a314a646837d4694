//! CSV in and out: a pasted line split into its fields (RFC 4180 quoting, a quote inside a quoted
//! field doubled), and records written the same way. Written here rather than with `csv-core`:
//! its reader's state machine cost the tally's page about 8 KB brotli (docs/figures.md), for what
//! is one pass over a line. The tests read the exports back with `csv-core` (a dev-dependency),
//! so the two readings are checked against each other.

/// The fields of one line of text, separated by `delimiter` (`b','` or `b'\t'`), each unquoted.
/// Every input reads as some fields (it never fails): a quote inside an unquoted field stays in it,
/// and an unclosed quote runs to the end of the line.
pub fn split(line: &str, delimiter: u8) -> Vec<String> {
    let delimiter = delimiter as char;
    let mut fields = Vec::new();
    let mut field = String::new();
    let (mut quoted, mut at_start) = (false, true);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            '"' if quoted => quoted = false,
            '"' if at_start => quoted = true,
            c if c == delimiter && !quoted => {
                fields.push(std::mem::take(&mut field));
                at_start = true;
                continue;
            }
            '\r' | '\n' if !quoted => break,
            c => field.push(c),
        }
        at_start = false;
    }
    fields.push(field);
    fields
}

/// The delimiter of a pasted line: a tab when it holds one (a spreadsheet's copy), else a comma.
pub fn delimiter_of(line: &str) -> u8 {
    if line.contains('\t') {
        b'\t'
    } else {
        b','
    }
}

/// `records` written as CSV with `delimiter`, each record ending in CRLF (RFC 4180's line end,
/// which every spreadsheet and LMS reads), a field quoted only when it must be: when it holds the
/// delimiter, a quote, a line break, or space at an end.
pub fn write(records: &[Vec<String>], delimiter: u8) -> String {
    let delimiter = delimiter as char;
    let mut text = String::new();
    for record in records {
        for (i, field) in record.iter().enumerate() {
            if i > 0 {
                text.push(delimiter);
            }
            let must = field.contains([delimiter, '"', '\r', '\n']) || field.starts_with(' ') || field.ends_with(' ');
            if must {
                text.push('"');
                text.push_str(&field.replace('"', "\"\""));
                text.push('"');
            } else {
                text.push_str(field);
            }
        }
        text.push_str("\r\n");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_split_and_write_as_rfc_4180_has_them() {
        assert_eq!(split(r#""car""ol","P1_x",,"a,b""#, b','), ["car\"ol", "P1_x", "", "a,b"]);
        assert_eq!(split("ann\tP1_x", b'\t'), ["ann", "P1_x"]);
        assert_eq!(split("a\"b,c", b','), ["a\"b", "c"], "a quote inside an unquoted field stays");
        assert_eq!(split(r#""open,end"#, b','), ["open,end"]);
        assert_eq!(split("", b','), [""]);
        let records = vec![vec!["Ann \"A\" Lee".to_string(), "1,5".into(), "x".into(), " pad".into()]];
        let text = write(&records, b',');
        assert_eq!(text, "\"Ann \"\"A\"\" Lee\",\"1,5\",x,\" pad\"\r\n");
        assert_eq!(split(text.trim_end(), b','), records[0], "what is written reads back");
    }
}
