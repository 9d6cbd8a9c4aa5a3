//! `knightbits reach`: the squares a knight reaches in n moves.

use crate::error::CliError;
use crate::output::{self, hex};
use knightbits_api::values;
use knightbits_api::walks::{Reach, ReachRequest, reach};

/// Squares a knight reaches from SQUARES within N moves (the default), by a walk of exactly N
/// moves (--exactly), or at distance exactly N (--ring).
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  knightbits reach a1 --moves 2\n  \
knightbits reach a1 --moves 3 --exactly --json\n  knightbits reach d4 --moves 2 --ring\n\n\
A walk of exactly N moves may come back: after 2 moves the knight can stand on its start \
square again, so --exactly includes squares nearer than N of the same colour parity.")]
pub struct Args {
    /// The starting squares (square names, a bitboard or a FEN placement).
    input: String,
    /// Number of moves (0 to 64).
    #[arg(long)]
    moves: u32,
    /// Squares where a walk of exactly N moves can end.
    #[arg(long)]
    exactly: bool,
    /// Squares at distance exactly N (fewest moves equal to N).
    #[arg(long)]
    ring: bool,
    /// Print one JSON object: {"bitboard", "squares", "count"}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    colour: crate::picture::Colour,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let start = values::bitboard(&args.input)?;
    let answer = reach(&ReachRequest::new(
        start,
        args.moves,
        Reach::from_flags(args.exactly, args.ring)?,
    )?);
    if args.json {
        output::json(&answer)
    } else {
        output::text(&format!(
            "{}{}\n{}\n",
            args.colour.diagram(answer.bitboard, start),
            hex(answer.bitboard),
            output::count(answer.count, "square")
        ))
    }
}
