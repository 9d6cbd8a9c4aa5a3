//! FEN parsing never panics, and a position that parses formats back to a FEN that parses to
//! the same position; its move generators and forks run without panicking.
#![no_main]

use knightbits::position::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(position) = text.parse::<Position>() else {
        return;
    };
    let fen = position.to_string();
    let again: Position = fen.parse().expect("a formatted FEN parses");
    assert_eq!(again, position);
    assert_eq!(again.to_string(), fen);
    let _ = position.legal_knight_moves();
    let _ = position.legal_king_moves(true);
    let _ = position.pseudo_legal_king_moves(true);
    let _ = position.forks();
    let _ = position.pinned();
});
