//! `knightbits attacks`: the squares attacked by knights or kings.

use knightbits::{Bitboard, king, knight};
use serde_json::json;

use super::Piece;
use crate::error::CliError;
use crate::output;

/// Squares attacked by the knights (or kings) on the given squares.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits attacks d4\n  knightbits attacks b1,g1 --json\n  \
knightbits attacks 0x42 --method pre-mask\n  knightbits attacks e1 --piece king --method translate"
)]
pub struct Args {
    /// The pieces: square names (d4,e5), a bitboard (0x…, decimal, 0b…) or a FEN placement.
    input: String,
    /// Which piece stands on those squares.
    #[arg(long, value_enum, default_value_t = Piece::Knight)]
    piece: Piece,
    /// Technique. Knight: lookup, post-mask, pre-mask, prefix, halves, translate.
    /// King: lookup, shifts, translate.
    #[arg(long, default_value = "lookup")]
    method: String,
    /// Print one JSON object: {"bitboard", "squares", "count"}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let pieces = super::bitboard(&args.input)?;
    let attacks = attacks(pieces, args.piece, &args.method)?;
    if args.json {
        output::json(&json!({
            "bitboard": output::hex(attacks),
            "squares": output::square_names(attacks),
            "count": attacks.count(),
        }))
    } else {
        output::text(&format!(
            "{attacks}{}\n{} squares\n",
            output::hex(attacks),
            attacks.count()
        ))
    }
}

/// The attack set of `pieces` by the named method of `piece`.
pub fn attacks(pieces: Bitboard, piece: Piece, method: &str) -> Result<Bitboard, CliError> {
    Ok(match piece {
        Piece::Knight => super::choice::<knight::Method>(
            "method",
            method,
            "lookup, post-mask, pre-mask, prefix, halves or translate",
        )?
        .attacks(pieces),
        Piece::King => {
            super::choice::<king::Method>("method", method, "lookup, shifts or translate")?
                .attacks(pieces)
        }
    })
}
