//! Fork squares of a set of targets: `cargo run --example forks -- e8,a8,h4`.

use knightbits::{Bitboard, knight, render};

fn main() {
    let arg = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "e8,a8,h4".to_string());
    let targets: Bitboard = match arg.parse() {
        Ok(bb) => bb,
        Err(e) => {
            eprintln!("invalid targets '{arg}': {e}");
            std::process::exit(2);
        }
    };
    let forks = knight::fork_squares(targets);
    let boards = [("targets", targets), ("fork squares", forks)];
    println!("{}", render::side_by_side(&boards));
    for sq in forks {
        let hit = knight::attacks(sq) & targets;
        let names: Vec<String> = hit.into_iter().map(|t| t.to_string()).collect();
        println!("a knight on {sq} attacks {}", names.join(", "));
    }
}
