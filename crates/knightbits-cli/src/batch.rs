//! `--batch`: one input per standard-input line, one JSON object per output line, in order.
//!
//! Lines are streamed: memory stays flat however many lines come, and however long one line is
//! (a line over [`MAX_LINE`] bytes is skipped to its end without being kept, and answered with
//! an error). A line that is not UTF-8 or that the command rejects yields `{"error": "…"}` on
//! its own output line and the run goes on. A closed standard output ends the run quietly.

use std::io::{self, BufRead, BufWriter, Write};

use serde::Serialize;

use crate::error::CliError;
use knightbits_api::ErrorBody;

/// The longest line read (a FEN is under 100 bytes).
pub const MAX_LINE: usize = 4096;

/// One line of input, or the news that it was too long.
enum Line {
    Text(Vec<u8>),
    TooLong,
}

/// Reads the next line (without its `\n` or `\r\n`), keeping at most [`MAX_LINE`] bytes.
fn next_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<Line>> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        if !too_long && buf.len() + part.len() <= MAX_LINE {
            buf.extend_from_slice(part);
        } else {
            too_long = true;
            buf.clear();
        }
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(Line::Text(std::mem::take(buf))))
}

/// Runs `answer` on every line of standard input and prints one JSON line for each.
pub fn run<T: Serialize>(answer: impl FnMut(&str) -> Result<T, String>) -> Result<(), CliError> {
    let stdin = io::stdin().lock();
    let out = BufWriter::new(io::stdout().lock());
    process(stdin, out, answer)
}

/// Runs `answer` on every line of `input` and writes one JSON line for each to `out`: the
/// answer, or `{"error": "…"}`.
pub fn process<T: Serialize>(
    mut input: impl BufRead,
    mut out: impl Write,
    mut answer: impl FnMut(&str) -> Result<T, String>,
) -> Result<(), CliError> {
    let mut buf = Vec::new();
    while let Some(line) = next_line(&mut input, &mut buf)? {
        let answered = match line {
            Line::TooLong => Err(format!("line longer than {MAX_LINE} bytes")),
            Line::Text(bytes) => {
                let answered = match std::str::from_utf8(&bytes) {
                    Ok(text) => answer(text.trim()),
                    Err(_) => Err("line is not valid UTF-8".to_string()),
                };
                buf = bytes;
                answered
            }
        };
        match &answered {
            Ok(response) => serde_json::to_writer(&mut out, response),
            Err(error) => serde_json::to_writer(&mut out, &ErrorBody { error, field: None }),
        }
        .map_err(io::Error::from)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Option<Vec<u8>>> {
        let mut reader = io::BufReader::with_capacity(7, input);
        let mut buf = Vec::new();
        let mut all = Vec::new();
        while let Some(line) = next_line(&mut reader, &mut buf).unwrap() {
            all.push(match line {
                Line::Text(t) => Some(t),
                Line::TooLong => None,
            });
        }
        all
    }

    #[test]
    fn splits_lines_across_buffer_refills() {
        assert_eq!(
            lines(b"abc\r\n\nlonger than seven\nlast"),
            [
                Some(b"abc".to_vec()),
                Some(vec![]),
                Some(b"longer than seven".to_vec()),
                Some(b"last".to_vec())
            ]
        );
        assert!(lines(b"").is_empty());
        assert_eq!(lines(b"\n"), [Some(vec![])]);
    }

    #[test]
    fn every_line_gets_its_answer_or_an_error_object() {
        let mut out = Vec::new();
        process(&b"ab\n\xff\nc"[..], &mut out, |line| {
            if line == "c" {
                return Err("no c".to_string());
            }
            Ok(knightbits_api::SquareSet::from(knightbits::Bitboard(
                line.len() as u64,
            )))
        })
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"bitboard\":\"0x0000000000000002\",\"squares\":[\"b1\"],\"count\":1}\n\
             {\"error\":\"line is not valid UTF-8\"}\n{\"error\":\"no c\"}\n"
        );
        // Any serializable answer will do, untyped JSON included.
        let mut out = Vec::new();
        process(&b"x\n"[..], &mut out, |line| {
            let n: u32 = line
                .parse()
                .map_err(|e: std::num::ParseIntError| e.to_string())?;
            Ok(serde_json::json!({ "n": n }))
        })
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"error\":\"invalid digit found in string\"}\n"
        );
    }

    #[test]
    fn long_lines_are_skipped_not_kept() {
        let mut input = vec![b'x'; MAX_LINE + 1];
        input.extend_from_slice(b"\nok\n");
        input.extend(vec![b'y'; MAX_LINE]);
        assert_eq!(
            lines(&input),
            [None, Some(b"ok".to_vec()), Some(vec![b'y'; MAX_LINE])]
        );
    }
}
