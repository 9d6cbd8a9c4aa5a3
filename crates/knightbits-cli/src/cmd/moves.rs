//! `knightbits moves`: knight or king moves, pseudo-legal from squares, or from a position.

use knightbits::position::Position;

use crate::args::{self, IndexArgs};
use crate::error::CliError;
use crate::output::{self, hex};
use crate::picture::Picture;
use crate::positions::{self, Source};
use knightbits::mapping::Numbering;
use knightbits::technique::Leaper;
use knightbits_api::picture::Drawing;
use knightbits_api::position::{
    MovesAsked, MovesForm, PieceMovesRequest, piece_moves, position_moves,
};
use knightbits_api::values;

/// Knight or king moves. From squares: pseudo-legal moves (attacks minus own pieces). From a
/// position (--fen or --batch): the side to move's moves, pseudo-legal or --legal.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits moves c5,g4 --own c5,g4,d3,b2,e2,g2,e1\n  \
knightbits moves e1 --own d1,f1,d2,e2,f2 --piece king --json\n  \
knightbits moves --index 27 --own e6\n  \
knightbits moves --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' --piece king --legal --castling --json\n  \
cat positions.fen | knightbits moves --batch --legal\n\n\
Moves are UCI (g1f3), sorted; castling is the king's move (e1g1), only with --castling.\n\
Pseudo-legal king moves include attacked squares."
)]
pub struct Args {
    /// The moving pieces (square names, a bitboard read in --mapping, or a FEN placement).
    #[arg()]
    input: Option<String>,
    #[command(flatten)]
    index: IndexArgs,
    /// Numbering of --index, of a numeric INPUT and of a numeric --own (a1-b1 is LERF).
    #[arg(long, value_parser = args::choice::<Numbering>(), default_value_t = Numbering::A1B1,
          conflicts_with_all = ["fen", "batch"])]
    mapping: Numbering,
    #[command(flatten)]
    source: Source,
    /// Without a position: squares of the mover's own pieces, which it cannot move to (a
    /// number is read in --mapping, as INPUT is).
    #[arg(long, default_value = "0", conflicts_with_all = ["fen", "batch"])]
    own: String,
    /// Which piece moves.
    #[arg(long, value_parser = args::choice::<Leaper>(), default_value_t = Leaper::default())]
    piece: Leaper,
    /// With a position: only legal moves (pins, checks, no king move into check).
    #[arg(long)]
    legal: bool,
    /// With a position and --piece king: include castling.
    #[arg(long)]
    castling: bool,
    /// Print one JSON object: {"moves"} for a position, {"bitboard", "squares", "count",
    /// "moves"} without.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    picture: Picture,
}

pub fn run(args: Args) -> Result<(), CliError> {
    // The rulebook decides what combines, from the options as given.
    let pieces_given = args.input.is_some() || args.index.index.is_some();
    let asked = MovesAsked::try_from(MovesForm {
        position: args.source.given().then_some(&args.source),
        pieces: pieces_given.then_some(()),
        piece: args.piece,
        legal: args.legal,
        castling: args.castling,
    })?;
    let piece = match asked {
        MovesAsked::Position(source, request) => {
            return positions::answer(
                source,
                args.json,
                &args.picture,
                |pos: &Position| position_moves(&request, pos),
                |pos, answer| {
                    format!(
                        "{}{}: {}\n",
                        args.picture
                            .position_board(pos, answer.moves.destinations()),
                        output::count(answer.moves.len() as u64, "move"),
                        output::list(&answer.moves)
                    )
                },
                |answer| Drawing {
                    marked: answer.moves.destinations(),
                    arrows: Drawing::arrows(&answer.moves),
                    ..Drawing::default()
                },
            );
        }
        MovesAsked::Pieces(_, piece) => piece,
    };
    let pieces = args
        .index
        .pieces(args.input.as_deref(), args.mapping)?
        .ok_or_else(|| {
            CliError::Input(
                "moves needs pieces (INPUT such as c5,g4, or --index N) or a position (--fen FEN)"
                    .into(),
            )
        })?;
    let own = values::bitboard_in(&args.own, args.mapping).map_err(|e| e.at("own"))?;
    let answer = piece_moves(&PieceMovesRequest::new(pieces, own, piece));
    let drawn = Drawing::pieces_on(pieces, piece);
    // Arrows are drawn piece by piece, a1 first, each piece's targets a1 first.
    let mut arrows = Drawing::arrows(&answer.moves);
    arrows.sort_by_key(|&(from, to)| (from as u8, to as u8));
    args.picture.write(&Drawing {
        title: answer.moves.to_string(),
        pieces: drawn.clone(),
        marked: answer.bitboard,
        arrows,
        ..Drawing::default()
    })?;
    if args.json {
        output::json(&answer)
    } else {
        output::text(&format!(
            "{}{}\n{}: {}\n",
            args.picture.diagram(answer.bitboard, &drawn),
            hex(answer.bitboard),
            output::count(answer.moves.len() as u64, "move"),
            output::list(&answer.moves)
        ))
    }
}
