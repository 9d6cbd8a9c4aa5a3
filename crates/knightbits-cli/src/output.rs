//! Printing: bitboards as `0x` + 16 hex digits, square lists as names, JSON on one line.

use std::io::{self, Write};

use knightbits::Bitboard;
use serde_json::Value;

use crate::error::CliError;

/// The canonical text of a bitboard: `0x` and 16 lower-case hex digits.
pub fn hex(bb: Bitboard) -> String {
    format!("{bb:#018x}")
}

/// The squares of a bitboard as names, a1 first.
pub fn square_names(bb: Bitboard) -> Vec<String> {
    bb.into_iter().map(|sq| sq.to_string()).collect()
}

/// Prints one JSON object on one line.
pub fn json(value: &Value) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    serde_json::to_writer(&mut out, value).map_err(io::Error::from)?;
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
