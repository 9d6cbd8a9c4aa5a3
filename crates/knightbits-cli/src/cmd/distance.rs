//! `knightbits distance`: fewest knight moves between two squares, and a shortest path.

use knightbits::{Bitboard, Square};
use knightbits_board::Board;

use crate::error::CliError;
use crate::output;
use knightbits_api::values;
use knightbits_api::walks::{DistanceRequest, distance};

/// The knight distance between two squares and one shortest path, on 8x8 or any board up to
/// 10000x10000.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits distance a1 h8\n  knightbits distance a1 h8 --json\n  \
knightbits distance a1 c3 --board 3x3\n  knightbits distance 0,0 9999,9999 --board 10000x10000 --json\n\n\
Squares are names (c3) on boards of at most 26 files, or file,rank counted from 0 on any board.\n\
Unreachable pairs print {\"distance\": null, \"path\": null}."
)]
pub struct Args {
    /// The start square.
    from: String,
    /// The target square.
    to: String,
    /// Board size WxH (1 to 10000 each).
    #[arg(long, value_name = "WxH", value_parser = clap::value_parser!(Board),
          default_value_t = Board::CHESS)]
    board: Board,
    /// Print one JSON object: {"distance", "path"}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    colour: crate::picture::Colour,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let board = args.board;
    let req = DistanceRequest::new(
        board,
        values::coord(board, "square", &args.from)?,
        values::coord(board, "square", &args.to)?,
    )?;
    let answer = distance(&req);
    if args.json {
        return output::json(&answer);
    }
    let mut text = match (answer.distance, &answer.path) {
        (Some(d), Some(path)) => format!(
            "distance {d}\npath: {}\n",
            path.names().collect::<Vec<String>>().join(" ")
        ),
        _ => format!(
            "{} cannot be reached from {} on {board}\n",
            board.name(req.to()),
            board.name(req.from())
        ),
    };
    if let (true, Some(path)) = (board == Board::CHESS, &answer.path) {
        let marked: Bitboard = path
            .coords
            .iter()
            .filter_map(|c| Square::from_index(board.index(*c) as u8))
            .collect();
        text = format!("{}{text}", args.colour.diagram(marked, Bitboard::EMPTY));
    }
    output::text(&text)
}
