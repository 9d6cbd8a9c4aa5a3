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
    if kind == "estimate" {
        let plan = knightbits_board::count::OpenTours::new(board, start).unwrap();
        let e = plan.estimate(2, 2.0);
        let f =
            knightbits_board::count::Frontier::new(board, knightbits_board::count::Kind::Closed)
                .unwrap();
        let (_, c) = f.estimate(f.first(), 2, 2.0).unwrap();
        println!(
            "{board} closed estimate: {:.0} s, {:.0} MB",
            c.seconds,
            c.peak_bytes as f64 / 1e6
        );
        println!(
            "{board} open estimate: {:.0} s, {:.0} MB ({:.1} s)",
            e.seconds,
            e.peak_bytes as f64 / 1e6,
            t.elapsed().as_secs_f64()
        );
        return;
    }
    let count = if kind == "closed" {
        count_closed_tours(board, available_threads())
    } else if kind == "frontier" {
        count_open_tours_by_frontier(board, None, available_threads())
    } else {
        count_open_tours_with_progress(board, start, 2, &mut |p| {
            eprint!("\r{}/{} ", p.done, p.total);
        })
        .map(u128::from)
    };
    match count {
        Ok(n) => println!("{board} {kind}: {n} ({:.3} s)", t.elapsed().as_secs_f64()),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2)
        }
    }
}
