//! `knightbits count`: the number of set bits, by the article's methods.

use knightbits::popcount;
use serde_json::json;

use crate::error::CliError;
use crate::output;

/// Counts the squares of a bitboard.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  knightbits count 0x0000142200221400\n  \
knightbits count d4,e5 --method clear-lowest --json")]
pub struct Args {
    /// The bitboard (0x…, decimal, 0b…, square names or a FEN placement).
    input: String,
    /// loop (64 steps), table16 (four 16-bit lookups), clear-lowest (b &= b - 1), hardware.
    #[arg(long, default_value = "hardware")]
    method: String,
    /// Print one JSON object: {"count"}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let bb = super::bitboard(&args.input)?;
    let method: popcount::Method = super::choice(
        "method",
        &args.method,
        "loop, table16, clear-lowest or hardware",
    )?;
    let count = method.count(bb.0);
    if args.json {
        output::json(&json!({ "count": count }))
    } else {
        output::text(&format!("{count}\n"))
    }
}
