//! `knightbits attacks`: the squares attacked by knights or kings, on their own or in a position.

use knightbits::Color;
use knightbits::mapping::Numbering;
use knightbits::position::Position;

use super::source::{self, Source};
use crate::args::{self, IndexArgs, MethodParser};
use crate::error::CliError;
use crate::output::{self, hex};
use crate::picture::Picture;
use knightbits::technique::Method;
use knightbits_api::attacks::{AttacksRequest, attacks};
use knightbits_api::picture::Drawing;
use knightbits_api::values::{self, Piece};

/// Squares attacked by the knights (or kings) on the given squares, or by one side's knights
/// (or king) in a position.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits attacks d4\n  knightbits attacks b1,g1 --json\n  \
knightbits attacks --index 27                        # the article's knightNr: d4\n  \
knightbits attacks --index 19 --mapping h1-g1 --one-based   # the devlog's square 19: f3\n  \
knightbits attacks 0x42 --method pre-mask\n  knightbits attacks e1 --piece king --method translate\n  \
knightbits attacks --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' --json\n  \
knightbits attacks --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR' --side black\n\n\
A bare number is a bitboard (27 is a1, b1, d1, e1); --index 27 is the square d4.\n\
With --fen the side to move's pieces attack unless --side names the other; with --side a\n\
placement alone is enough. Attack sets ignore occupancy, as the wiki defines them: a knight\n\
attacks its own pieces' squares too."
)]
pub struct Args {
    /// The pieces: square names (d4,e5), a bitboard (0x…, decimal, 0b…, read in --mapping)
    /// or a FEN placement.
    #[arg(conflicts_with_all = ["fen", "batch"])]
    input: Option<String>,
    #[command(flatten)]
    index: IndexArgs,
    /// Numbering of --index and of a numeric INPUT (a1-b1 is LERF).
    #[arg(long, value_parser = args::choice::<Numbering>(), default_value_t = Numbering::A1B1)]
    mapping: Numbering,
    #[command(flatten)]
    source: Source,
    /// With --fen or --batch: whose pieces attack (default: the side to move).
    #[arg(long, value_parser = args::choice::<Color>())]
    side: Option<Color>,
    /// Which piece stands on those squares.
    #[arg(long, value_parser = args::choice::<Piece>(), default_value_t = Piece::Knight)]
    piece: Piece,
    #[arg(long, value_parser = MethodParser, default_value = MethodParser::DEFAULT,
          help = MethodParser::help())]
    method: Method,
    /// Print one JSON object: {"bitboard", "squares", "count"}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    picture: Picture,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let piece = args.piece;
    if args.source.given() {
        if args.index.index.is_some() {
            return Err(CliError::Input(
                "--index gives pieces on their own; a position comes with --fen or --batch, not both"
                    .into(),
            ));
        }
        let side = args.side;
        // With --side only the placement matters; without, the side to move does.
        let read = if side.is_some() {
            values::placement
        } else {
            values::position
        };
        return source::answer_read(
            &args.source,
            args.json,
            &args.picture,
            read,
            |pos: &Position| {
                attacks(&AttacksRequest::Position {
                    position: *pos,
                    side: side.unwrap_or(pos.turn()),
                    piece,
                })
            },
            |pos, set| {
                format!(
                    "{}{}\n{} squares attacked by {}'s {}s\n",
                    args.picture.position_board(pos, set.bitboard),
                    hex(set.bitboard),
                    set.count,
                    side.unwrap_or(pos.turn()),
                    piece.role().name()
                )
            },
            |set| Drawing {
                marked: set.bitboard,
                ..Drawing::default()
            },
        );
    }
    if args.side.is_some() {
        return Err(CliError::Input(
            "--side needs a position: --fen FEN or --batch".into(),
        ));
    }
    let pieces = args
        .index
        .pieces(args.input.as_deref(), args.mapping)?
        .ok_or_else(|| {
            CliError::Input(
                "attacks needs pieces (INPUT such as d4, or --index N) or a position (--fen FEN)"
                    .into(),
            )
        })?;
    let method = piece.method(args.method.name())?;
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
