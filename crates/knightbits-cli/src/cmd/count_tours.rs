//! `knightbits count-tours`: how many knight's tours a small board has.

use std::io::{self, IsTerminal, Write};

use knightbits_board::count::{
    self, Progress, count_closed_tours_with_progress, count_open_tours_with_progress,
};
use serde_json::json;

use crate::error::CliError;
use crate::output;

/// Largest board (in squares) whose open tours the tool counts: 5x8 takes seconds, while 7x7
/// would take about an hour on two cores.
pub const MAX_OPEN_SQUARES: u32 = 40;
/// Largest shorter side for closed tours: 6x10 takes seconds, 7x8 two minutes.
pub const MAX_CLOSED_SIDE: u32 = 6;

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
    #[arg(long)]
    board: String,
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
    let board = super::board(&args.board)?;
    let start = match &args.start {
        Some(text) => Some(super::board_square(board, "start square", text)?),
        None => None,
    };
    let threads = args
        .threads
        .map_or_else(count::available_threads, usize::from);
    let too_big =
        |limit: String| CliError::Input(format!("board {board} is too large to count: {limit}"));
    let shown = io::stderr().is_terminal();
    let mut progress = |p: Progress| {
        if shown && p.total > 0 {
            let _ = write!(io::stderr(), "\rcounting: {}/{} ", p.done, p.total);
        }
    };
    let (kind, count) = if args.closed {
        if board.width().min(board.height()) > MAX_CLOSED_SIDE {
            return Err(too_big(format!(
                "closed tours are counted when the shorter side is at most {MAX_CLOSED_SIDE}"
            )));
        }
        (
            "closed",
            count_closed_tours_with_progress(board, threads, &mut progress),
        )
    } else {
        if board.len() > MAX_OPEN_SQUARES {
            return Err(too_big(format!(
                "open tours are counted on boards of at most {MAX_OPEN_SQUARES} squares"
            )));
        }
        (
            "open",
            count_open_tours_with_progress(board, start, threads, &mut progress),
        )
    };
    if shown {
        let _ = write!(io::stderr(), "\r{:30}\r", "");
    }
    let count = count.map_err(|e| match e {
        count::CountError::StartOffBoard => {
            CliError::input("start square", args.start.as_deref().unwrap_or(""), e)
        }
        other => CliError::Input(format!("cannot count tours of {board}: {other}")),
    })?;
    if args.json {
        output::json(&json!({ kind: count }))
    } else {
        output::text(&format!("{count} {kind} tours of {board}\n"))
    }
}
