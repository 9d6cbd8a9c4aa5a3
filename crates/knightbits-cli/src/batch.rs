//! `--batch`: one input per standard-input line, one JSON object per output line, in order.
//!
//! Lines are streamed: memory stays flat however many lines come. A line that cannot be read
//! as UTF-8 or that the command rejects yields `{"error": "…"}` on its own output line and the
//! run goes on. A closed standard output ends the run quietly.

use std::io::{self, BufRead, BufWriter, Write};

use serde_json::{Value, json};

use crate::error::CliError;

/// Runs `answer` on every line of standard input and prints one JSON line for each.
pub fn run(mut answer: impl FnMut(&str) -> Result<Value, String>) -> Result<(), CliError> {
    let stdin = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.split(b'\n') {
        let bytes = line?;
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(&bytes);
        let value = match std::str::from_utf8(bytes) {
            Ok(text) => answer(text.trim()).unwrap_or_else(|e| json!({ "error": e })),
            Err(_) => json!({ "error": "line is not valid UTF-8" }),
        };
        serde_json::to_writer(&mut out, &value).map_err(io::Error::from)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(())
}
