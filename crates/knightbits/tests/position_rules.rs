//! Hand-written positions, one per rule of legal knight and king moves, and every FEN
//! rejection with its exact message. Expected moves were worked out by hand on the board.

use knightbits::position::{FenError, MoveKind, Position, Role};
use knightbits::{Bitboard, Color, Square};

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn knights(fen: &str) -> String {
    pos(fen).legal_knight_moves().to_string()
}

fn kings(fen: &str, castling: bool) -> String {
    pos(fen).legal_king_moves(castling).to_string()
}

#[test]
fn a_knight_pinned_by_a_bishop_does_not_move() {
    let p = pos("4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1");
    assert_eq!(p.pinned(), Bitboard::from_square(Square::D2));
    assert_eq!(p.legal_knight_moves().to_string(), "g1e2 g1f3 g1h3");
    assert_eq!(p.pseudo_legal_knight_moves().len(), 6 + 3);
}

#[test]
fn a_knight_pinned_by_a_rook_does_not_move() {
    let p = pos("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(p.pinned(), Bitboard::from_square(Square::E2));
    assert!(p.legal_knight_moves().is_empty());
    assert_eq!(
        p.pseudo_legal_knight_moves().to_string(),
        "e2c1 e2c3 e2d4 e2f4 e2g1 e2g3"
    );
}

#[test]
fn a_knight_pinned_by_a_queen_does_not_move() {
    // Along the first rank; the knight on h3 is free.
    let p = pos("4k3/8/8/8/8/7N/8/qN2K3 w - - 0 1");
    assert_eq!(p.pinned(), Bitboard::from_square(Square::B1));
    assert_eq!(p.legal_knight_moves().to_string(), "h3f2 h3f4 h3g1 h3g5");
    // Along a diagonal.
    let p = pos("4k3/8/8/8/q7/8/2N5/3K4 w - - 0 1");
    assert_eq!(p.pinned(), Bitboard::from_square(Square::C2));
    assert!(p.legal_knight_moves().is_empty());
}

#[test]
fn a_second_piece_on_the_line_cancels_the_pin() {
    // Own pawn on c3 between bishop and knight.
    let p = pos("4k3/8/8/8/1b6/2P5/3N4/4K3 w - - 0 1");
    assert_eq!(p.pinned(), Bitboard::EMPTY);
    assert_eq!(
        p.legal_knight_moves().to_string(),
        "d2b1 d2b3 d2c4 d2e4 d2f1 d2f3"
    );
    // Enemy pawn on c3 instead: still no pin.
    let p = pos("4k3/8/8/8/1b6/2p5/3N4/4K3 w - - 0 1");
    assert_eq!(p.pinned(), Bitboard::EMPTY);
    assert_eq!(p.legal_knight_moves().len(), 6);
}

#[test]
fn in_check_a_knight_only_captures_the_checker_or_interposes() {
    // Rook e8 checks: interpose on e3 or e5.
    assert_eq!(knights("4r2k/8/8/8/2N5/8/8/4K3 w - - 0 1"), "c4e3 c4e5");
    // The knight on f6 can take the rook or interpose on e4.
    let p = pos("4r2k/8/5N2/8/8/8/8/4K3 w - - 0 1");
    let moves = p.legal_knight_moves();
    assert_eq!(moves.to_string(), "f6e4 f6e8");
    assert_eq!(moves.as_slice()[0].kind, MoveKind::Quiet);
    assert_eq!(moves.as_slice()[1].kind, MoveKind::Capture);
    // A knight check cannot be blocked: only capturing the knight on d3.
    let p = pos("4k3/8/8/8/1N6/3n4/8/4K3 w - - 0 1");
    assert_eq!(p.checkers(), Bitboard::from_square(Square::D3));
    assert_eq!(p.legal_knight_moves().to_string(), "b4d3");
    assert_eq!(p.pseudo_legal_knight_moves().len(), 6);
}

#[test]
fn in_double_check_only_the_king_moves() {
    let p = pos("4k3/8/8/8/1b6/3n4/1N6/4K3 w - - 0 1");
    assert_eq!(p.checkers(), Bitboard::from_square(Square::B4) | Square::D3);
    assert!(p.legal_knight_moves().is_empty());
    assert_eq!(p.legal_king_moves(true).to_string(), "e1d1 e1e2 e1f1");
    // An impossible triple check is still accepted and analysed.
    let p = pos("4k3/8/8/8/8/3n1n2/2n5/4K1N1 w - - 0 1");
    assert_eq!(p.checkers().count(), 3);
    assert!(p.legal_knight_moves().is_empty());
}

#[test]
fn the_king_avoids_squares_attacked_by_pawns() {
    // Pawn d2 gives check; e2 covers d1 and f1; d2 and e2 may be taken.
    let p = pos("4k3/8/8/8/8/8/3pp3/4K3 w - - 0 1");
    assert_eq!(p.checkers(), Bitboard::from_square(Square::D2));
    assert_eq!(p.legal_king_moves(false).to_string(), "e1d2 e1e2 e1f2");
    assert_eq!(p.pseudo_legal_king_moves(false).len(), 5);
    let captures = p.legal_king_moves(false);
    assert!(captures.iter().take(2).all(|m| m.kind == MoveKind::Capture));
}

#[test]
fn the_king_cannot_step_back_along_a_checking_line() {
    // f1 is covered by the rook only once the king has left e1.
    assert_eq!(
        kings("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", false),
        "e1d2 e1e2 e1f2"
    );
}

#[test]
fn castling_follows_every_rule() {
    // Through an attacked square (f1): only the long castling.
    let fen = "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1";
    assert_eq!(kings(fen, true), "e1c1 e1d1 e1f2");
    assert_eq!(kings(fen, false), "e1d1 e1f2");
    assert_eq!(
        pos(fen).pseudo_legal_king_moves(true).to_string(),
        "e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1"
    );
    // b1 attacked does not matter: the king does not cross it.
    assert_eq!(
        kings("4k3/8/8/8/8/8/1r6/R3K3 w Q - 0 1", true),
        "e1c1 e1d1 e1f1"
    );
    // Out of check: never.
    assert_eq!(
        kings("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", true),
        "e1d1 e1d2 e1f1 e1f2"
    );
    // Into check (g1 attacked by the bishop on h2).
    assert_eq!(
        kings("4k3/8/8/8/8/8/7b/R3K2R w KQ - 0 1", true),
        "e1c1 e1d1 e1d2 e1e2 e1f1 e1f2"
    );
    // Pieces between king and rook, even on b1.
    let blocked = pos("4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1");
    assert_eq!(
        blocked.legal_king_moves(true),
        blocked.legal_king_moves(false)
    );
    assert_eq!(
        blocked.pseudo_legal_king_moves(true),
        blocked.pseudo_legal_king_moves(false)
    );
    // No right, no castling.
    assert_eq!(
        kings("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", true),
        "e1d1 e1d2 e1e2 e1f1 e1f2"
    );
    // Black castles too, and the kinds say which side.
    let p = pos("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1");
    let moves = p.legal_king_moves(true);
    assert_eq!(moves.to_string(), "e8c8 e8d7 e8d8 e8e7 e8f7 e8f8 e8g8");
    assert_eq!(moves.as_slice()[0].kind, MoveKind::CastleQueenSide);
    assert_eq!(moves.as_slice()[6].kind, MoveKind::CastleKingSide);
}

#[test]
fn en_passant_is_kept_and_irrelevant_to_knights() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K1N1 w - d6 0 2";
    let p = pos(fen);
    assert_eq!(p.ep_square(), Some(Square::D6));
    assert_eq!(p.to_string(), fen);
    assert_eq!(p.legal_knight_moves().to_string(), "g1e2 g1f3 g1h3");
}

/// Slow knight attacks: the testkit's eight jumps that stay on the board.
fn slow_knight(sq: Square) -> Bitboard {
    Bitboard(knightbits_testkit::knight(sq as u8))
}

fn slow_moves(p: &Position) -> usize {
    let own = p.by_color(p.turn());
    p.pieces(p.turn(), Role::Knight)
        .into_iter()
        .map(|sq| (slow_knight(sq) - own).count() as usize)
        .sum()
}

#[test]
fn ten_knights_after_promotions() {
    let p = pos("NNN1k3/8/8/8/8/8/8/NNNNNNKN w - - 0 1");
    assert_eq!(p.pieces(Color::White, Role::Knight).count(), 10);
    assert_eq!(p.legal_knight_moves().len(), slow_moves(&p));
    assert_eq!(p.legal_knight_moves(), p.pseudo_legal_knight_moves());
    assert_eq!(
        p.attacks_by(Color::White, Role::Knight),
        p.pieces(Color::White, Role::Knight)
            .into_iter()
            .map(slow_knight)
            .fold(Bitboard::EMPTY, |a, b| a | b)
    );
}

#[test]
fn thirty_knights_fit_in_a_move_list() {
    // White knights on every light square but f7 and g6 (which would check h8): 168 knight
    // edges minus the 6 + 6 of f7 and g6 minus the 2 into the own king on a1 = 154 moves.
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let sq = Square::from_index(rank * 8 + file).unwrap();
            let c = if sq == Square::A1 {
                Some('K')
            } else if sq == Square::H8 {
                Some('k')
            } else if sq.is_light() && sq != Square::F7 && sq != Square::G6 {
                Some('N')
            } else {
                None
            };
            match c {
                Some(c) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(" w - - 0 1");
    let p = pos(&fen);
    assert_eq!(p.pieces(Color::White, Role::Knight).count(), 30);
    assert_eq!(slow_moves(&p), 154);
    assert_eq!(p.legal_knight_moves().len(), 154);
    let moves = p.legal_knight_moves();
    let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let mut sorted = texts.clone();
    sorted.sort();
    assert_eq!(texts, sorted, "UCI text order");
}

#[test]
fn black_to_move() {
    let p = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(p.turn(), Color::Black);
    assert_eq!(p.legal_knight_moves().to_string(), "b8a6 b8c6 g8f6 g8h6");
    assert!(p.legal_king_moves(true).is_empty());
    assert_eq!(p.attacks(Color::Black).count(), 22);
    assert_eq!(p.fork_targets().count(), 4); // white king, queen, rooks
}

#[test]
fn forks_follow_their_definitions() {
    // White knight d5; black queen a8, king e8, rook h8, knight e6.
    let p = pos("q3k2r/3p4/4n3/3N4/8/8/8/4K3 w - - 0 1");
    let forks = p.forks();
    // Squares: every square whose knight jumps reach two of a8, e8, h8 (slow count).
    for sq in Square::ALL {
        let hits = (slow_knight(sq) & p.fork_targets()).count();
        assert_eq!(forks.squares.contains(sq), hits >= 2, "{sq}");
    }
    assert_eq!(forks.moves.to_string(), "d5c7");
    assert!(forks.forced_moves.is_empty());
    assert_eq!(forks.royal_moves.to_string(), "d5c7");
    // Without the guard on e6 the fork is forced.
    let forks = pos("q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1").forks();
    assert_eq!(forks.forced_moves.to_string(), "d5c7");
    // Other targets, the pawn d7 and the king e8: from d5 only f6 reaches both (c7 and e7
    // reach e8 alone, b6 reaches d7 alone).
    let p = pos("q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1");
    let targets = p.targets(&[Role::Pawn, Role::King]);
    assert_eq!(targets, Bitboard::from_square(Square::D7) | Square::E8);
    assert_eq!(p.forks_against(targets).moves.to_string(), "d5f6");
}

fn err(fen: &str) -> String {
    match fen.parse::<Position>() {
        Ok(p) => panic!("{fen} accepted as {p}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn fen_rejections_name_the_field_and_the_reason() {
    let cases = [
        ("", "invalid fen: expected 4 to 6 fields, found 0"),
        (
            "8/8/8/8/8/8/8/8 w",
            "invalid fen: expected 4 to 6 fields, found 2",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x",
            "invalid fen: expected 4 to 6 fields, found 7",
        ),
        (
            "4k3/8/8/8/8/8/4K3 w - - 0 1",
            "invalid fen: placement must have 8 ranks, found 7",
        ),
        (
            "4k3/8/8/8/8/ppppppppp/8/4K3 w - - 0 1",
            "invalid fen: rank 3 has 9 files",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
            "invalid fen: rank 1 has 7 files",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2X w - - 0 1",
            "invalid fen: rank 1 has the invalid character 'X'",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2 w - - 0 1",
            "invalid fen: rank 1 has 7 files",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            "invalid fen: side to move \"x\" (expected w or b)",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 ñññññ - - 0 1",
            "invalid fen: side to move \"ññññ…\" (expected w or b)",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w KQx - 0 1",
            "invalid fen: castling field \"KQx\"",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w KK - 0 1",
            "invalid fen: castling field \"KK\"",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w KQkqKQkqKQ - 0 1",
            "invalid fen: castling field \"KQkqKQkq…\"",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
            "invalid fen: en passant field \"e9\"",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - E6 0 1",
            "invalid fen: en passant field \"E6\"",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
            "invalid fen: halfmove clock \"-1\"",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 99999999999 1",
            "invalid fen: halfmove clock \"99999999…\"",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1.",
            "invalid fen: fullmove number \"1.\"",
        ),
        (
            "4k3/8/8/8/8/8/8/8 w - - 0 1",
            "invalid fen: white has no king",
        ),
        (
            "4k2k/8/8/8/8/8/8/4K3 w - - 0 1",
            "invalid fen: black has 2 kings",
        ),
        ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "invalid fen: pawn on h8"),
        ("4k3/8/8/8/8/8/8/p3K3 b - - 0 1", "invalid fen: pawn on a1"),
        (
            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
            "invalid fen: black is in check but it is white's turn",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            "invalid fen: castling right K needs the white king on e1 and a white rook on h1",
        ),
        (
            "r3k3/8/8/8/8/8/8/4K3 w kq - 0 1",
            "invalid fen: castling right k needs the black king on e8 and a black rook on h8",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
            "invalid fen: en passant square e6 does not follow a double pawn push",
        ),
        (
            "4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1",
            "invalid fen: en passant square e3 does not follow a double pawn push",
        ),
        (
            "4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1",
            "invalid fen: en passant square e6 does not follow a double pawn push",
        ),
    ];
    for (fen, message) in cases {
        assert_eq!(err(fen), message, "{fen}");
    }
    assert!(matches!(
        "4k3/8/8/8/8/8/8/4K3 w KQx - 0 1".parse::<Position>(),
        Err(FenError::Castling(text)) if text.as_str() == "KQx" && !text.is_cut()
    ));
}

#[test]
fn short_fens_get_counters_and_castling_is_written_in_order() {
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 w - -").to_string(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    assert_eq!(
        pos("  4k3/8/8/8/8/8/8/4K3 b - - 7  ").to_string(),
        "4k3/8/8/8/8/8/8/4K3 b - - 7 1"
    );
    assert_eq!(
        pos("r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 3 40").to_string(),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 40"
    );
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 w - - 0 0").to_string(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 0"
    );
    assert_eq!(pos(Position::START_FEN), Position::start());
}
