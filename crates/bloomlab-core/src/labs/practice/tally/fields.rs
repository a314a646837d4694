//! CSV in and out through `csv-core`: a pasted line split into its fields (RFC 4180 quoting, a
//! quote inside a quoted field doubled), and records written the same way, so the tally never
//! quotes or unquotes by hand.

use csv_core::{ReadFieldResult, ReaderBuilder, Terminator, WriteResult, WriterBuilder};

/// The fields of one line of text, separated by `delimiter` (`b','` or `b'\t'`), each unquoted.
/// csv-core reads every input as some fields (it never fails): a stray quote stays in its field.
pub fn split(line: &str, delimiter: u8) -> Vec<String> {
    let mut reader = ReaderBuilder::new().delimiter(delimiter).terminator(Terminator::Any(b'\n')).build();
    let mut input = line.as_bytes();
    let mut out = vec![0u8; line.len() + 1];
    let mut fields = Vec::new();
    let mut field = Vec::new();
    loop {
        let (result, read, written) = reader.read_field(input, &mut out);
        input = &input[read..];
        field.extend_from_slice(&out[..written]);
        match result {
            ReadFieldResult::InputEmpty | ReadFieldResult::OutputFull => {}
            ReadFieldResult::Field { record_end } => {
                fields.push(String::from_utf8_lossy(&field).into_owned());
                field.clear();
                if record_end {
                    break;
                }
            }
            ReadFieldResult::End => break,
        }
    }
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
/// which every spreadsheet and LMS reads), a field quoted only when it must be.
pub fn write(records: &[Vec<String>], delimiter: u8) -> String {
    let mut writer = WriterBuilder::new().delimiter(delimiter).terminator(Terminator::CRLF).build();
    let mut text = Vec::new();
    let mut out = [0u8; 256];
    for record in records {
        for (i, field) in record.iter().enumerate() {
            if i > 0 {
                drain(&mut text, &mut out, |o| writer.delimiter(o));
            }
            let mut input = field.as_bytes();
            loop {
                let (result, read, written) = writer.field(input, &mut out);
                input = &input[read..];
                text.extend_from_slice(&out[..written]);
                if result == WriteResult::InputEmpty && input.is_empty() {
                    break;
                }
            }
        }
        drain(&mut text, &mut out, |o| writer.terminator(o));
    }
    drain(&mut text, &mut out, |o| writer.finish(o));
    String::from_utf8_lossy(&text).into_owned()
}

/// Calls `step` until it has written all it has to (`InputEmpty`), keeping its bytes.
fn drain(text: &mut Vec<u8>, out: &mut [u8], mut step: impl FnMut(&mut [u8]) -> (WriteResult, usize)) {
    loop {
        let (result, written) = step(out);
        text.extend_from_slice(&out[..written]);
        if result == WriteResult::InputEmpty {
            break;
        }
    }
}
