//! Counts the knight's tours of a small board: `cargo run --release -p knightbits-board --example
//! count_tours -- 6x6 [open|closed|frontier] [start]`.

use knightbits_board::Board;
use knightbits_board::count::{
    available_threads, count_closed_tours, count_open_tours_by_frontier,
    count_open_tours_with_progress,
};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let board: Board = args
        .next()
        .as_deref()
        .unwrap_or("6x6")
        .parse()
        .unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        });
    let kind = args.next().unwrap_or_else(|| "open".into());
    let start = args.next().map(|s| {
        board.parse_coord(&s).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        })
    });
    let t = Instant::now();
    let count = if kind == "closed" {
        count_closed_tours(board, available_threads())
    } else if kind == "frontier" {
        count_open_tours_by_frontier(board, available_threads())
    } else {
        count_open_tours_with_progress(board, start, 2, &mut |p| {
            eprint!("\r{}/{} ", p.done, p.total);
        })
    };
    match count {
        Ok(n) => println!("{board} {kind}: {n} ({:.3} s)", t.elapsed().as_secs_f64()),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2)
        }
    }
}
