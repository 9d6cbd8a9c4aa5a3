//! A knight's tour of any board: `cargo run --release -p knightbits-board --example tour -- 100x100
//! [--closed] [--start FILE,RANK]`. Prints the time taken and the first squares; used to
//! measure peak memory with `/usr/bin/time -v`.

use knightbits_board::tour::{self, Tour};
use knightbits_board::{Board, Coord};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let board: Board = match args.first().map(|s| s.parse()) {
        Some(Ok(b)) => b,
        _ => {
            eprintln!("usage: tour WxH [--closed] [--start FILE,RANK] [--check]");
            std::process::exit(2);
        }
    };
    let closed = args.iter().any(|a| a == "--closed");
    let check = args.iter().any(|a| a == "--check");
    let start = args
        .iter()
        .position(|a| a == "--start")
        .and_then(|i| args.get(i + 1))
        .map(|s| board.parse_coord(s))
        .unwrap_or(Ok(Coord::new(0, 0)));
    let start = match start {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let t0 = Instant::now();
    let result = if closed {
        Tour::closed(board)
    } else {
        Tour::open(board, start)
    };
    let elapsed = t0.elapsed();
    match result {
        Ok(t) => {
            let first: Vec<String> = t
                .coords()
                .take(8)
                .map(|c| board.name(c).to_string())
                .collect();
            println!(
                "{} tour of {board} in {elapsed:?}: {} ...",
                if closed { "closed" } else { "open" },
                first.join(" ")
            );
            if check {
                let t1 = Instant::now();
                let ok = tour::validate(board, t.squares(), closed);
                println!("validated in {:?}: {ok:?}", t1.elapsed());
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
