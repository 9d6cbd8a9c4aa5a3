//! Every textual input form of bitboards, squares, numberings, methods and board sizes: no
//! panic, and what parses formats back to something that parses to the same value.
#![no_main]

use knightbits_board::Board;
use knightbits::mapping::Numbering;
use knightbits::{Bitboard, Square, knight};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(bb) = text.parse::<Bitboard>() {
        let hex = format!("{bb:#018x}");
        assert_eq!(hex.parse::<Bitboard>(), Ok(bb));
        let names: Vec<String> = bb.into_iter().map(|s| s.to_string()).collect();
        if !names.is_empty() {
            assert_eq!(names.join(",").parse::<Bitboard>(), Ok(bb));
        }
        for n in Numbering::ALL {
            let _ = n.parse(text);
        }
    }
    if let Ok(sq) = text.parse::<Square>() {
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
    }
    let _ = text.parse::<Numbering>();
    let _ = text.parse::<knight::technique::Method>();
    if let Ok(board) = text.parse::<Board>() {
        assert_eq!(board.to_string().parse::<Board>(), Ok(board));
        if let Ok(c) = board.parse_coord(text) {
            assert!(board.contains(c));
        }
    }
});
