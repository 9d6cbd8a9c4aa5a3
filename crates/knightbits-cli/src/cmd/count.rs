//! `knightbits count`: the number of set bits, by the article's methods.

use knightbits::popcount;

use crate::args;
use crate::error::CliError;
use crate::output;
use knightbits_api::bits::{CountRequest, count};
use knightbits_api::values;

/// Counts the squares of a bitboard.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  knightbits count 0x0000142200221400\n  \
knightbits count d4,e5 --method clear-lowest --json")]
pub struct Args {
    /// The bitboard (0x…, decimal, 0b…, square names or a FEN placement).
    input: String,
    /// loop (64 steps), table16 (four 16-bit lookups), clear-lowest (b &= b - 1), hardware.
    #[arg(long, value_parser = args::choice::<popcount::Method>(),
          default_value_t = popcount::Method::Hardware)]
    method: popcount::Method,
    /// Print one JSON object: {"count"}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let answer = count(&CountRequest::new(
        values::bitboard(&args.input)?,
        args.method,
    ));
    if args.json {
        output::json(&answer)
    } else {
        output::text(&format!("{}\n", answer.count))
    }
}
