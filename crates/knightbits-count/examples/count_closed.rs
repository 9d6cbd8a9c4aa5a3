//! Counts the closed tours of a board up to 8 wide round by round, printing each round's
//! figures: `cargo run --release -p knightbits-board --example count_closed -- 8x6 [open all|SQUARE]
//! [across W] [budget BYTES] [threads N] [checkpoint PATH] [estimate SECONDS]`; with `open`, the directed
//! open tours instead (from every square, or from one such as `a1`); with `estimate`, prints
//! what the count would take, told from about that many seconds of work, and does not count.

use knightbits_board::Board;
use knightbits_count::{Count, Method, peak_memory};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let board: Board = args
        .next()
        .as_deref()
        .unwrap_or("6x6")
        .parse()
        .unwrap_or_else(|e| exit(e));
    let mut count = Count::closed(board).unwrap_or_else(|e| exit(e));
    let mut budget = u64::MAX;
    let mut estimate = None;
    let mut across = board.width().min(board.height());
    let mut checkpoint = None;
    let mut threads = None;
    while let (Some(k), Some(v)) = (args.next(), args.next()) {
        match k.as_str() {
            "open" => {
                let start = match v.as_str() {
                    "all" => None,
                    s => Some(board.parse_coord(s).expect("a square of the board")),
                };
                count = Count::open(board, start).unwrap_or_else(|e| exit(e))
            }
            "across" => across = v.parse().unwrap_or(8),
            "budget" => budget = v.parse().expect("bytes"),
            "threads" => threads = Some(v.parse().expect("a number of threads")),
            "checkpoint" => checkpoint = Some(std::path::PathBuf::from(v)),
            "estimate" => estimate = Some(v.parse::<f64>().expect("seconds")),
            _ => exit(format!("unknown option {k}")),
        }
    }
    let mut count = count
        .by(Method::Sweep)
        .and_then(|c| c.across(across))
        .unwrap_or_else(|e| exit(e))
        .with_budget(budget);
    if let Some(threads) = threads {
        count = count.with_threads(threads);
    }
    if let Some(path) = &checkpoint {
        count = count.with_checkpoint(path, Duration::from_secs(600));
    }
    let kind = count.kind().name();
    if let Some(seconds) = estimate {
        let t = Instant::now();
        match count.estimate(seconds) {
            Ok(Some(e)) => println!(
                "{board} across {}: estimated {:.1} s, peak {:.2} GiB ({} bytes), scratch disk {:.1} GB (estimate took {:.2} s, budget {budget})",
                across,
                e.seconds,
                e.peak_bytes as f64 / f64::from(1u32 << 30),
                e.peak_bytes,
                e.disk_bytes as f64 / 1e9,
                t.elapsed().as_secs_f64()
            ),
            Ok(None) => println!("{board}: too short a count to estimate"),
            Err(e) => exit(e),
        }
        return;
    }
    let t = Instant::now();
    let total = count.run(&mut |p| {
        // Each round's figures come once; the calls between rounds carry none.
        if let Some(r) = p.round {
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
        }
        ControlFlow::Continue(())
    });
    match total {
        Ok(n) => println!(
            "{board}: {n} {kind} tours in {:.2} s",
            t.elapsed().as_secs_f64()
        ),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1)
        }
    }
}

fn exit(e: impl std::fmt::Display) -> ! {
    eprintln!("{e}");
    std::process::exit(2)
}
