//! `knightbits attacks`: the squares attacked by knights or kings, on their own or in a position.

use knightbits::Color;
use knightbits::mapping::Numbering;
use knightbits::position::{Placement, Position};
use knightbits_api::SquareSet;

use crate::args::{self, IndexArgs, MethodParser};
use crate::error::CliError;
use crate::output::{self, hex};
use crate::picture::Picture;
use crate::positions::{self, Source};
use knightbits::technique::Leaper;
use knightbits::technique::Method;
use knightbits_api::attacks::{AttacksAsked, AttacksForm, AttacksRequest, attacks};
use knightbits_api::picture::Drawing;
use knightbits_api::values;

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
    #[arg()]
    input: Option<String>,
    #[command(flatten)]
    index: IndexArgs,
    /// Numbering of --index and of a numeric INPUT (a1-b1 is LERF).
    #[arg(long, value_parser = args::choice::<Numbering>(), default_value_t = Numbering::A1B1,
          conflicts_with_all = ["fen", "batch"])]
    mapping: Numbering,
    #[command(flatten)]
    source: Source,
    /// With --fen or --batch: whose pieces attack (default: the side to move).
    #[arg(long, value_parser = args::choice::<Color>())]
    side: Option<Color>,
    /// Which piece stands on those squares.
    #[arg(long, value_parser = args::choice::<Leaper>(), default_value_t = Leaper::default())]
    piece: Leaper,
    #[arg(long, value_parser = MethodParser, default_value = MethodParser::DEFAULT,
          help = MethodParser::help(), conflicts_with_all = ["fen", "batch"])]
    method: Method,
    /// Print one JSON object: {"bitboard", "squares", "count"}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    picture: Picture,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let piece = args.piece;
    // The rulebook decides what combines, from the options as given (clap keeps --method
    // and --mapping from a position, and gives --method its default).
    let pieces_given = args.input.is_some() || args.index.index.is_some();
    let asked = AttacksAsked::try_from(AttacksForm {
        position: args.source.given().then_some(()),
        pieces: pieces_given.then_some(()),
        piece,
        method: Some(args.method.name()),
        side: args.side,
    })?;
    let method = match asked {
        AttacksAsked::Pieces(_, method) => method,
        AttacksAsked::Position((), side, _) => {
            let draw = |set: &SquareSet| Drawing {
                marked: set.bitboard,
                ..Drawing::default()
            };
            let text = |board: String, set: &SquareSet, side: Color| {
                format!(
                    "{board}{}\n{} attacked by {side}'s {}s\n",
                    hex(set.bitboard),
                    output::count(set.count, "square"),
                    piece.name()
                )
            };
            let ask = |placement: Placement, side: Color| {
                attacks(&AttacksRequest::placement(placement, side, piece))
            };
            // With --side only the pieces matter (a placement alone, no king needed); without,
            // the side to move does.
            return match side {
                Some(side) => positions::answer_read(
                    &args.source,
                    args.json,
                    &args.picture,
                    values::placement,
                    |p: &Placement| ask(*p, side),
                    |p, set| text(args.picture.position_board(p, set.bitboard), set, side),
                    draw,
                ),
                None => positions::answer_read(
                    &args.source,
                    args.json,
                    &args.picture,
                    values::position,
                    |pos: &Position| ask((*pos).into(), pos.turn()),
                    |pos, set| {
                        text(
                            args.picture.position_board(pos, set.bitboard),
                            set,
                            pos.turn(),
                        )
                    },
                    draw,
                ),
            };
        }
    };
    let pieces = args
        .index
        .pieces(args.input.as_deref(), args.mapping)?
        .ok_or_else(|| {
            CliError::Input(
                "attacks needs pieces (INPUT such as d4, or --index N) or a position (--fen FEN)"
                    .into(),
            )
        })?;
    let set = attacks(&AttacksRequest::pieces(pieces, method));
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
            "{}{}\n{}\n",
            args.picture.diagram(set.bitboard, &drawn),
            hex(set.bitboard),
            output::count(set.count, "square")
        ))
    }
}
