//! Shared by the subcommands that read positions: `--fen` or `--batch`, and their printing.

use knightbits::{Bitboard, MoveList, Position};
use serde_json::Value;

use crate::error::CliError;
use crate::output;

/// Where the positions come from.
#[derive(clap::Args, Debug)]
pub struct Source {
    /// A position in FEN (six fields; four or five are read as if followed by `0 1`).
    #[arg(long, value_name = "FEN", conflicts_with = "batch")]
    pub fen: Option<String>,
    /// Read one FEN per standard-input line; print one JSON object per line, in order; a bad
    /// line prints {"error": "…"} and the run goes on.
    #[arg(long)]
    pub batch: bool,
}

impl Source {
    /// Is a position given (by `--fen` or `--batch`)?
    pub fn given(&self) -> bool {
        self.fen.is_some() || self.batch
    }
}

/// Reads a FEN, or says in one line why not.
pub fn parse(fen: &str) -> Result<Position, String> {
    fen.parse::<Position>().map_err(|e| e.to_string())
}

/// The UCI texts of a move list (already sorted by the library).
pub fn uci(moves: &MoveList) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// Answers one position (`--fen`, printed as JSON or text) or many (`--batch`, always JSON).
pub fn run(
    source: &Source,
    json: bool,
    answer: impl Fn(&Position) -> Value,
    text: impl Fn(&Position) -> String,
) -> Result<(), CliError> {
    if source.batch {
        return crate::batch::run(|line| parse(line).map(|p| answer(&p)));
    }
    let fen = source.fen.as_deref().unwrap_or_default();
    let position = parse(fen).map_err(CliError::Input)?;
    if json {
        output::json(&answer(&position))
    } else {
        output::text(&text(&position))
    }
}

/// The board with pieces in Unicode and `marked` squares bracketed, then the FEN.
pub fn board(position: &Position, marked: Bitboard) -> String {
    format!("{:#}\n{position}\n", position.diagram(marked))
}
