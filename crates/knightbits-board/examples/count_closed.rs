//! Counts the closed tours of a board up to 8 wide round by round, printing each round's
//! figures: `cargo run --release -p knightbits-board --example count_closed -- 8x6 [open all|SQUARE]
//! [across W] [budget BYTES] [checkpoint PATH] [estimate SECONDS]`; with `open`, the directed
//! open tours instead (from every square, or from one such as `a1`); with `estimate`, prints
//! what the count would take, told from about that many seconds of work, and does not count.

use knightbits_board::Board;
use knightbits_board::count::{ClosedCount, available_threads, peak_memory};
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
    let scratch = std::env::temp_dir();
    let mut count = ClosedCount::new(board, available_threads(), u64::MAX, &scratch)
        .unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        });
    let mut budget = u64::MAX;
    let mut estimate = None;
    let mut across = board.width().min(board.height());
    while let (Some(k), Some(v)) = (args.next(), args.next()) {
        match k.as_str() {
            "open" => {
                let start = match v.as_str() {
                    "all" => None,
                    s => Some(board.parse_coord(s).expect("a square of the board")),
                };
                count = ClosedCount::open_tours(board, start, available_threads(), budget, &scratch)
                    .expect("a board up to 8 wide")
            }
            "across" => {
                across = v.parse().unwrap_or(8);
                count = count.across(across).expect("a side")
            }
            "budget" => budget = v.parse().expect("bytes"),
            "checkpoint" => count = count.with_checkpoint(v.as_ref(), 600.0),
            "estimate" => estimate = Some(v.parse::<f64>().expect("seconds")),
            _ => {
                eprintln!("unknown option {k}");
                std::process::exit(2)
            }
        }
    }
    let count = count.with_budget(budget);
    if let Some(seconds) = estimate {
        let t = Instant::now();
        match count.estimate(seconds) {
            Ok(e) => println!(
                "{board} across {}: estimated {:.1} s, peak {:.2} GiB ({} bytes), scratch disk {:.1} GB (estimate took {:.2} s, budget {budget})",
                across,
                e.seconds,
                e.peak_bytes as f64 / f64::from(1u32 << 30),
                e.peak_bytes,
                e.disk_bytes as f64 / 1e9,
                t.elapsed().as_secs_f64()
            ),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1)
            }
        }
        return;
    }
    let t = Instant::now();
    let total = count.run(&mut |r| {
        println!(
            "round {:3}  states {:>13}  ways {:>24}  passes {} {}  {:5.1} B/state  {:8.2} s  peak {:6} MiB",
            r.round,
            r.states,
            r.ways,
            r.passes,
            if r.from_disk { "disk" } else { "mem " },
            r.bytes_per_state,
            r.seconds,
            peak_memory().unwrap_or(0) >> 20
        );
    });
    match total {
        Ok(n) => println!(
            "{board}: {n} {} tours in {:.2} s",
            count.kind().name(),
            t.elapsed().as_secs_f64()
        ),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1)
        }
    }
}
