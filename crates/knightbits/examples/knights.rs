//! The knights of a position: where they stand, what they attack, where they may legally go.
//!
//! `cargo run --example knights -- 'r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4'`

use knightbits::Color;
use knightbits::position::{Position, Role};

fn main() {
    let fen = std::env::args().nth(1).unwrap_or_else(|| {
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4".to_string()
    });
    let position: Position = match fen.parse() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    for color in Color::ALL {
        let knights = position.pieces(color, Role::Knight);
        let attacks = position.attacks_by(color, Role::Knight);
        let squares: Vec<String> = knights.into_iter().map(|s| s.to_string()).collect();
        println!("{color} knights on {}:", squares.join(", "));
        println!("{}", position.diagram(attacks));
    }
    let moves = position.legal_knight_moves();
    println!("{} to move, legal knight moves: {moves}", position.turn());
}
