//! Knight moves and forks of a real position:
//! `cargo run --example fen_forks -- "q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1"`.

use knightbits::position::Position;

fn main() {
    let fen = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1".to_string());
    let pos: Position = match fen.parse() {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let forks = pos.forks();
    println!("{}", pos.diagram(forks.moves.destinations()));
    println!("legal knight moves: {}", pos.legal_knight_moves());
    println!("fork squares:       {}", list(forks.squares));
    println!("fork moves:         {}", forks.moves);
    println!("forced:             {}", forks.forced_moves);
    println!("royal:              {}", forks.royal_moves);
}

fn list(squares: knightbits::Bitboard) -> String {
    let names: Vec<String> = squares.into_iter().map(|s| s.to_string()).collect();
    names.join(" ")
}
