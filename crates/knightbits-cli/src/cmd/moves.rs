//! `knightbits moves`: knight or king moves, pseudo-legal from squares, or from a position.

use knightbits::{MoveList, Position, Square, king, knight};
use knightbits_svg::Svg;
use serde_json::json;

use super::Piece;
use crate::error::CliError;
use crate::output;
use crate::picture::{self, Drawing, Picture};
use crate::position::{self, Source};

/// Knight or king moves. From squares: pseudo-legal moves (attacks minus own pieces). From a
/// position (--fen or --batch): the side to move's moves, pseudo-legal or --legal.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits moves c5,g4 --own c5,g4,d3,b2,e2,g2,e1\n  \
knightbits moves e1 --own d1,f1,d2,e2,f2 --piece king --json\n  \
knightbits moves --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' --piece king --legal --castling --json\n  \
cat positions.fen | knightbits moves --batch --legal\n\n\
Moves are UCI (g1f3), sorted; castling is the king's move (e1g1), only with --castling.\n\
Pseudo-legal king moves include attacked squares."
)]
pub struct Args {
    /// The moving pieces (square names, a bitboard or a FEN placement).
    #[arg(required_unless_present_any = ["fen", "batch"], conflicts_with_all = ["fen", "batch"])]
    input: Option<String>,
    #[command(flatten)]
    source: Source,
    /// Without a position: squares of the mover's own pieces, which it cannot move to.
    #[arg(long, default_value = "0", conflicts_with_all = ["fen", "batch"])]
    own: String,
    /// Which piece moves.
    #[arg(long, value_enum, default_value_t = Piece::Knight)]
    piece: Piece,
    /// With a position: only legal moves (pins, checks, no king move into check).
    #[arg(long)]
    legal: bool,
    /// With a position: include castling (king moves only).
    #[arg(long)]
    castling: bool,
    /// Print one JSON object: {"moves"} for a position, {"bitboard", "squares", "moves"}
    /// without.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    picture: Picture,
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.source.given() {
        let (piece, legal, castling) = (args.piece, args.legal, args.castling);
        let moves = move |pos: &Position| -> MoveList {
            match (piece, legal) {
                (Piece::Knight, true) => pos.legal_knight_moves(),
                (Piece::Knight, false) => pos.pseudo_legal_knight_moves(),
                (Piece::King, true) => pos.legal_king_moves(castling),
                (Piece::King, false) => pos.pseudo_legal_king_moves(castling),
            }
        };
        args.picture.write_position_svg(&args.source, |pos| {
            let list = moves(pos);
            Drawing {
                marked: list.destinations(),
                arrows: picture::arrows(&list),
                ..Drawing::default()
            }
        })?;
        return position::run(
            &args.source,
            args.json,
            |pos| json!({ "moves": position::uci(&moves(pos)) }),
            |pos| {
                let list = moves(pos);
                format!(
                    "{}{} moves: {list}\n",
                    args.picture.position_board(pos, list.destinations()),
                    list.len()
                )
            },
        );
    }
    if args.legal || args.castling {
        return Err(CliError::Input(
            "--legal and --castling need a position (--fen or --batch)".into(),
        ));
    }
    let pieces = super::bitboard(args.input.as_deref().unwrap_or_default())?;
    let own = super::bitboard(&args.own)? | pieces;
    let (targets, per_piece): (_, fn(Square) -> knightbits::Bitboard) = match args.piece {
        Piece::Knight => (knight::moves(pieces, own), knight::attacks),
        Piece::King => (king::moves(pieces, own), king::attacks),
    };
    let pairs: Vec<(Square, Square)> = pieces
        .into_iter()
        .flat_map(|from| {
            (per_piece(from) - own)
                .into_iter()
                .map(move |to| (from, to))
        })
        .collect();
    let mut moves: Vec<String> = pairs
        .iter()
        .map(|(from, to)| format!("{from}{to}"))
        .collect();
    moves.sort();
    let drawn = picture::pieces_on(pieces, picture::glyph(args.piece));
    args.picture.write_svg(
        Svg::new()
            .title(&moves.join(" "))
            .marked(targets)
            .pieces(&drawn)
            .arrows(&pairs),
    )?;
    if args.json {
        output::json(&json!({
            "bitboard": output::hex(targets),
            "squares": output::square_names(targets),
            "moves": moves,
        }))
    } else {
        output::text(&format!(
            "{}{}\n{} moves: {}\n",
            args.picture.diagram(targets, &drawn),
            output::hex(targets),
            moves.len(),
            moves.join(" ")
        ))
    }
}
