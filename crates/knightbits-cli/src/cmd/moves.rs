//! `knightbits moves`: pseudo-legal moves of knights or kings, without a position.

use knightbits::{Square, king, knight};
use serde_json::json;

use super::Piece;
use crate::error::CliError;
use crate::output;

/// Pseudo-legal moves: attacks minus the squares of own pieces, and each piece's moves in UCI.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits moves c5,g4 --own c5,g4,d3,b2,e2,g2,e1\n  \
knightbits moves e1 --own d1,f1,d2,e2,f2 --piece king --json"
)]
pub struct Args {
    /// The moving pieces (square names, a bitboard or a FEN placement).
    input: String,
    /// Squares of the mover's own pieces, which it cannot move to.
    #[arg(long, default_value = "0")]
    own: String,
    /// Which piece moves.
    #[arg(long, value_enum, default_value_t = Piece::Knight)]
    piece: Piece,
    /// Print one JSON object: {"bitboard", "squares", "moves"}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let pieces = super::bitboard(&args.input)?;
    let own = super::bitboard(&args.own)? | pieces;
    let (targets, per_piece): (_, fn(Square) -> knightbits::Bitboard) = match args.piece {
        Piece::Knight => (knight::moves(pieces, own), knight::attacks),
        Piece::King => (king::moves(pieces, own), king::attacks),
    };
    let mut moves: Vec<String> = pieces
        .into_iter()
        .flat_map(|from| {
            (per_piece(from) - own)
                .into_iter()
                .map(move |to| format!("{from}{to}"))
        })
        .collect();
    moves.sort();
    if args.json {
        output::json(&json!({
            "bitboard": output::hex(targets),
            "squares": output::square_names(targets),
            "moves": moves,
        }))
    } else {
        output::text(&format!(
            "{targets}{}\n{} moves: {}\n",
            output::hex(targets),
            moves.len(),
            moves.join(" ")
        ))
    }
}
