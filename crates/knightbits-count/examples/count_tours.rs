//! Counts the knight's tours of a small board as the command line does (`count::Count`, the
//! method chosen by the library): `cargo run --release -p knightbits-board --example
//! count_tours -- 6x6 [open|closed|frontier|estimate] [start]`. `frontier` counts the open
//! tours by the frontier programme whatever the board; `estimate` prints the estimates of the
//! open count by the library's method and by the frontier programme, and of the closed count.

use knightbits_board::{Board, Coord};
use knightbits_count::{Count, Method, Tours, count_open_tours_by_frontier};
use std::ops::ControlFlow;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let board: Board = args
        .next()
        .as_deref()
        .unwrap_or("6x6")
        .parse()
        .unwrap_or_else(|e| exit(e));
    let kind = args.next().unwrap_or_else(|| "open".into());
    let start: Option<Coord> = args
        .next()
        .map(|s| board.parse_coord(&s).unwrap_or_else(|e| exit(e)));
    let t = Instant::now();
    if kind == "estimate" {
        estimate(board, start);
        return;
    }
    let count = match kind.as_str() {
        "closed" => {
            Count::closed(board).and_then(|job| job.run(&mut |_| ControlFlow::Continue(())))
        }
        "frontier" => count_open_tours_by_frontier(board, start, 2).map(Tours::from),
        _ => Count::open(board, start).and_then(|job| {
            job.run(&mut |p| {
                eprint!("\r{}/{} ", p.done, p.total);
                ControlFlow::Continue(())
            })
        }),
    };
    match count {
        Ok(n) => println!("{board} {kind}: {n} ({:.3} s)", t.elapsed().as_secs_f64()),
        Err(e) => exit(e),
    }
}

/// Prints the estimates (2 s of sampled work each) of the open count, by the method the
/// library picks and by the frontier programme, and of the closed count.
fn estimate(board: Board, start: Option<Coord>) {
    let show = |what: &str, seconds: f64, bytes: u64| {
        println!(
            "{board} {what}: about {:.0} s and {:.1} GB at peak",
            seconds,
            bytes as f64 / 1e9
        )
    };
    for (what, job) in [
        ("open", Count::open(board, start)),
        ("closed", Count::closed(board)),
    ] {
        let mut job = job.unwrap_or_else(|e| exit(e));
        let method = job.method();
        match job.estimate(2.0) {
            Ok(Some(e)) => show(&format!("{what} by {method:?}"), e.seconds, e.peak_bytes),
            Ok(None) => println!("{board} {what} by {method:?}: no estimate"),
            Err(e) => println!("{board} {what} by {method:?}: {e}"),
        }
    }
    let by_frontier = Count::open(board, start).and_then(|job| job.by(Method::Frontier128));
    let mut job = by_frontier.unwrap_or_else(|e| exit(e)).with_threads(2);
    match job.estimate(2.0) {
        Ok(Some(e)) => show("open by the frontier programme", e.seconds, e.peak_bytes),
        Ok(None) => println!("{board} open by the frontier programme: no estimate"),
        Err(e) => println!("{board} open by the frontier programme: {e}"),
    }
}

fn exit(e: impl std::fmt::Display) -> ! {
    eprintln!("{e}");
    std::process::exit(2)
}
