//! Printing: one JSON object on one line, or text.

use std::io::{self, BufWriter, Write};

use knightbits::Bitboard;
use serde::Serialize;

use crate::error::CliError;

/// The canonical text of a bitboard: `0x` and 16 lower-case hex digits.
pub fn hex(bb: Bitboard) -> String {
    format!("{bb:#018x}")
}

/// `n` things in words: `1 square`, `2 squares` (the plural adds an `s`).
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    match n.into() {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// A list as text, or `none` when it is empty (never a label with nothing after it).
pub fn list(items: impl std::fmt::Display) -> String {
    let text = items.to_string();
    if text.is_empty() {
        "none".to_string()
    } else {
        text
    }
}

/// Prints one response as JSON on one line, written as it is serialized (a tour of 10^8
/// squares is never held as text).
pub fn json(response: &impl Serialize) -> Result<(), CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    serde_json::to_writer(&mut out, response).map_err(io::Error::from)?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(())
}

/// Prints text as it is.
pub fn text(s: &str) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    out.write_all(s.as_bytes())?;
    out.flush()?;
    Ok(())
}
