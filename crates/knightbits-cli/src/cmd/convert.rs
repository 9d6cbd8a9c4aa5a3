//! `knightbits convert`: renumber a bitboard between two numberings.

use knightbits::mapping::Numbering;

use crate::args;
use crate::error::CliError;
use crate::output;
use knightbits_api::bits::{ConvertRequest, convert};
use knightbits_api::values;

/// Renumbers a bitboard: the same squares written in another numbering.
#[derive(clap::Args)]
#[command(
    after_help = "Numberings are named by the squares at bit 0 and bit 1: a1-b1 (LERF), \
h1-g1 (the engine wiki and the devlog), a1-a2, h1-h2, a8-b8, a8-a7, h8-g8, h8-h7.\n\n\
Examples:\n  knightbits convert 0xA1100110A --from h1-g1 --to a1-b1\n  \
knightbits convert 0x8000000 --from a1-b1 --to a8-b8 --json"
)]
pub struct Args {
    /// The bitboard: a number in the --from numbering, or square names / a FEN placement.
    input: String,
    /// Numbering of the input.
    #[arg(long, value_parser = args::choice::<Numbering>())]
    from: Numbering,
    /// Numbering of the output.
    #[arg(long, value_parser = args::choice::<Numbering>())]
    to: Numbering,
    /// Print one JSON object: {"bitboard"}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let answer = convert(&ConvertRequest::new(
        values::bitboard_in(&args.input, args.from)?,
        args.to,
    ));
    if args.json {
        output::json(&answer)
    } else {
        output::text(&format!("{}\n", answer.bits))
    }
}
