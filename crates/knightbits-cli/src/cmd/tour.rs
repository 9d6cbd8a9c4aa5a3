//! `knightbits tour`: an open or closed knight's tour of any board.

use knightbits_board::{Board, Coord};

use crate::error::CliError;
use crate::output;
use crate::picture::write_file;
use knightbits_api::picture::tour_svg;
use knightbits_api::tour::{KnightsTour, TourRequest, tour};
use knightbits_api::values;

/// A knight's tour: every square once by knight moves. Open tours by Warnsdorff's rule (Roth's
/// tie-break) with constructions as fallbacks; closed tours by divide and conquer.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits tour --board 8x8\n  knightbits tour --board 5x5 --start c3 --json\n  \
knightbits tour --board 6x6 --closed\n  knightbits tour --board 1000x1000 --json > tour.json\n\n\
Boards without a tour get one line saying why, exit code 0 (for example 4x4, 3x3, 2xN; closed\n\
tours also need Schwenk's conditions); JSON: {\"path\": null, \"reason\"}. Squares are names on boards of at most 26 files, else file,rank."
)]
pub struct Args {
    /// Board size WxH, 1 to 10000 each.
    #[arg(long, value_name = "WxH", value_parser = clap::value_parser!(Board))]
    board: Board,
    /// Start square (a name like c3, or file,rank from 0); a1 by default.
    #[arg(long)]
    start: Option<String>,
    /// A closed tour: the last square is a knight move from the first.
    #[arg(long)]
    closed: bool,
    /// Print one JSON object: {"board", "closed", "path"} ("path": null and a "reason" when the
    /// board has no such tour).
    #[arg(long)]
    json: bool,
    /// Also draw the tour as a self-contained SVG file (boards up to 250000 squares).
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
    #[command(flatten)]
    colour: crate::picture::Colour,
}

/// Largest board `--svg` draws: beyond it the picture would be tens of megabytes.
const MAX_SVG_SQUARES: u32 = 250_000;

pub fn run(args: Args) -> Result<(), CliError> {
    let board = args.board;
    let start = match &args.start {
        Some(text) => values::coord(board, "start square", text).map_err(|e| e.at("start"))?,
        None => Coord::new(0, 0),
    };
    let answer = tour(&TourRequest::new(board, start, args.closed)?)?;
    if let Some(path) = &args.svg {
        if board.len() > MAX_SVG_SQUARES {
            return Err(CliError::Input(format!(
                "--svg draws boards of at most {MAX_SVG_SQUARES} squares, not {board}"
            )));
        }
        write_file(path, &tour_svg(&answer)?)?;
    }
    if args.json {
        output::json(&answer)
    } else {
        output::text(&text(&answer, board, args.colour.on()))
    }
}

/// The line of a board without the tour asked for.
fn none(answer: &KnightsTour) -> String {
    let kind = if answer.closed { "closed" } else { "open" };
    format!(
        "no {kind} tour of {}: {}\n",
        answer.board,
        answer.reason.as_deref().unwrap_or_default()
    )
}

/// The move number on every square, rank at the top first, for boards up to 30x30; a summary
/// for larger ones.
fn text(answer: &KnightsTour, board: Board, colour: bool) -> String {
    let Some(tour) = answer.tour() else {
        return none(answer);
    };
    let kind = if answer.closed { "closed" } else { "open" };
    let first = tour.coords().next().map(|c| board.name(c).to_string());
    let last = tour.coords().last().map(|c| board.name(c).to_string());
    let summary = format!(
        "{kind} tour of {board}, {} squares, from {} to {}\n",
        board.len(),
        first.unwrap_or_default(),
        last.unwrap_or_default()
    );
    if board.width() > 30 || board.height() > 30 {
        return summary + "(use --json for the squares)\n";
    }
    let mut number = vec![0u32; board.len() as usize];
    for (step, &square) in tour.squares().iter().enumerate() {
        number[square as usize] = step as u32 + 1;
    }
    let width = board.len().to_string().len();
    let mut rows = Vec::new();
    for rank in (0..board.height()).rev() {
        let row: Vec<String> = (0..board.width())
            .map(|file| format!("{:>width$}", number[(rank * board.width() + file) as usize]))
            .collect();
        // Ranks from 1 with file letters; beyond 26 files both from 0, as file,rank counts.
        let label = if board.has_names() { rank + 1 } else { rank };
        rows.push((format!("{label:>3}"), row));
    }
    let mut grid = if colour {
        crate::picture::number_grid(&rows)
    } else {
        rows.iter()
            .map(|(label, row)| format!("{label} {}\n", row.join(" ")))
            .collect()
    };
    let files: Vec<String> = (0..board.width())
        .map(|f| {
            if board.has_names() {
                format!("{:>width$}", ((b'a' + f as u8) as char))
            } else {
                format!("{f:>width$}")
            }
        })
        .collect();
    grid += &format!("    {}\n", files.join(" "));
    grid + &summary
}
