//! `knightbits attacks`: the squares attacked by knights or kings, on their own or in a position.

use knightbits::Color;

use super::source::{self, Source};
use crate::args::{self, MethodArg, MethodParser};
use crate::error::CliError;
use crate::output::{self, hex};
use crate::picture::Picture;
use knightbits_api::attacks::{AttacksRequest, attacks};
use knightbits_api::picture::Drawing;
use knightbits_api::values::{self, Piece, PieceMethod};

/// Squares attacked by the knights (or kings) on the given squares, or by one side's knights
/// (or king) in a position.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits attacks d4\n  knightbits attacks b1,g1 --json\n  \
knightbits attacks 0x42 --method pre-mask\n  knightbits attacks e1 --piece king --method translate\n  \
knightbits attacks --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' --side black --json\n\n\
Attack sets ignore occupancy, as the wiki defines them: a knight attacks its own pieces' squares too."
)]
pub struct Args {
    /// The pieces: square names (d4,e5), a bitboard (0x…, decimal, 0b…) or a FEN placement.
    #[arg(required_unless_present_any = ["fen", "batch"], conflicts_with_all = ["fen", "batch"])]
    input: Option<String>,
    #[command(flatten)]
    source: Source,
    /// With --fen or --batch: whose pieces attack.
    #[arg(long, value_parser = args::choice::<Color>(), required_unless_present = "input")]
    side: Option<Color>,
    /// Which piece stands on those squares.
    #[arg(long, value_parser = args::choice::<Piece>(), default_value_t = Piece::Knight)]
    piece: Piece,
    #[arg(long, value_parser = MethodParser, default_value = PieceMethod::DEFAULT_NAME,
          help = MethodArg::help())]
    method: MethodArg,
    /// Print one JSON object: {"bitboard", "squares", "count"}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    picture: Picture,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let piece = args.piece;
    if args.source.given() {
        let side = args
            .side
            .ok_or_else(|| CliError::Input("a position needs --side white or black".into()))?;
        return source::answer(
            &args.source,
            args.json,
            &args.picture,
            |pos: &knightbits::position::Position| {
                attacks(&AttacksRequest::Position {
                    position: *pos,
                    side,
                    piece,
                })
            },
            |pos, set| {
                format!(
                    "{}{}\n{} squares attacked by {side}'s {}s\n",
                    args.picture.position_board(pos, set.bitboard),
                    hex(set.bitboard),
                    set.count,
                    piece.role().name()
                )
            },
            |set| Drawing {
                marked: set.bitboard,
                ..Drawing::default()
            },
        );
    }
    let pieces = values::bitboard(args.input.as_deref().unwrap_or_default())?;
    let method = args.method.for_piece(piece)?;
    let set = attacks(&AttacksRequest::Pieces { pieces, method });
    let drawn = Drawing::pieces_on(pieces, piece);
    args.picture.write(&Drawing {
        title: hex(set.bitboard),
        pieces: drawn.clone(),
        marked: set.bitboard,
        ..Drawing::default()
    })?;
    if args.json {
        output::json(&set)
    } else {
        output::text(&format!(
            "{}{}\n{} squares\n",
            args.picture.diagram(set.bitboard, &drawn),
            hex(set.bitboard),
            set.count
        ))
    }
}
