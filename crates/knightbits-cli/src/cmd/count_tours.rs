//! `knightbits count-tours`: how many knight's tours a small board has.

use std::io::{self, IsTerminal, Write};

use knightbits_board::Board;
use knightbits_board::count::{self, Progress};

use crate::error::CliError;
use crate::output;
use knightbits_api::tour::{CountToursRequest, count_tours};
use knightbits_api::values;

/// Counts knight's tours: directed open tours (all, or from one --start square) by meet in the
/// middle, or undirected closed tours (--closed) by a frontier programme.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits count-tours --board 5x5 --json          # {\"open\": 1728}\n  \
knightbits count-tours --board 5x5 --start a1 --json # {\"open\": 304}\n  \
knightbits count-tours --board 6x6 --closed --json   # {\"closed\": 9862}\n\n\
Limits: open tours on boards of at most 40 squares; closed tours on boards whose shorter\n\
side is at most 6. Progress is shown on stderr when it is a terminal."
)]
pub struct Args {
    /// Board size WxH.
    #[arg(long, value_name = "WxH", value_parser = clap::value_parser!(Board))]
    board: Board,
    /// Count only the open tours starting on this square.
    #[arg(long, conflicts_with = "closed")]
    start: Option<String>,
    /// Count closed tours (undirected: each cycle once).
    #[arg(long)]
    closed: bool,
    /// Worker threads (default: as many as the machine runs at once).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Print one JSON object: {"open": n} or {"closed": n}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let board = args.board;
    let start = match &args.start {
        Some(text) => Some(values::coord(board, "start square", text)?),
        None => None,
    };
    let req = CountToursRequest {
        board,
        start,
        closed: args.closed,
        threads: args
            .threads
            .map_or_else(count::available_threads, usize::from),
    };
    let shown = io::stderr().is_terminal();
    let mut drawn = false;
    let mut progress = |p: Progress| {
        if shown && p.total > 0 {
            let _ = write!(io::stderr(), "\rcounting: {}/{} ", p.done, p.total);
            drawn = true;
        }
    };
    let counted = count_tours(&req, &mut progress);
    if drawn {
        let _ = write!(io::stderr(), "\r{:30}\r", "");
    }
    let answer = counted?;
    if args.json {
        output::json(&answer)
    } else {
        output::text(&format!(
            "{} {} tours of {board}\n",
            answer.count(),
            answer.kind()
        ))
    }
}
