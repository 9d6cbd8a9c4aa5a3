//! `knightbits distance`: fewest knight moves between two squares, and a shortest path.

use knightbits::{Bitboard, Square};
use knightbits_board::{Board, Coord};
use serde_json::json;

use crate::error::CliError;
use crate::output;

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
    /// Board size WxH (1 to 10000 each); 8x8 by default.
    #[arg(long, default_value = "8x8")]
    board: String,
    /// Print one JSON object: {"distance", "path"}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let board = super::board(&args.board)?;
    let from = super::board_square(board, "square", &args.from)?;
    let to = super::board_square(board, "square", &args.to)?;
    let path: Option<Vec<Coord>> = board.path(from, to).map(Iterator::collect);
    let names: Option<Vec<String>> = path
        .as_ref()
        .map(|p| p.iter().map(|&c| board.name(c).to_string()).collect());
    let distance = board.distance(from, to);
    if args.json {
        return output::json(&json!({ "distance": distance, "path": names }));
    }
    let mut text = match (distance, &names) {
        (Some(d), Some(names)) => format!("distance {d}\npath: {}\n", names.join(" ")),
        _ => format!(
            "{} cannot be reached from {} on {board}\n",
            board.name(to),
            board.name(from)
        ),
    };
    if let (true, Some(path)) = (board == Board::CHESS, &path) {
        let marked: Bitboard = path
            .iter()
            .filter_map(|c| Square::from_index(board.index(*c) as u8))
            .collect();
        text = format!("{marked}{text}");
    }
    output::text(&text)
}
