//! Every request is built only through its constructor (or its raw form's `TryFrom`), which
//! applies the rulebook: each combination the rulebook refuses is refused there, with the field
//! at fault as data. (That nothing can be built around the constructors is shown by the
//! `compile_fail` doctests on each request type.)

use knightbits::mapping::Numbering;
use knightbits::technique::Leaper;
use knightbits::{Bitboard, Color, Square};
use knightbits_api::Error;
use knightbits_api::attacks::{AttacksAsked, AttacksForm};
use knightbits_api::catch::{CatchRequest, ToMove};
use knightbits_api::position::{MovesAsked, MovesForm, PositionMovesRequest};
use knightbits_api::sliders::SliderRequest;
use knightbits_api::sources::TraceRequest;
use knightbits_api::tour::{TourCountRequest, TourRequest};
use knightbits_api::walks::{DistanceRequest, FillRequest, Reach, ReachRequest};
use knightbits_board::{Board, Coord};

/// The refusal's field and words.
fn refusal<T: std::fmt::Debug>(built: Result<T, Error>) -> (Option<&'static str>, String) {
    let e = built.unwrap_err();
    (e.field(), e.to_string())
}

fn field<T: std::fmt::Debug>(built: Result<T, Error>) -> Option<&'static str> {
    refusal(built).0
}

/// `moves` in a position or of pieces, as any front end gives its options.
fn moves(
    position: bool,
    pieces: bool,
    piece: Leaper,
    legal: bool,
    castling: bool,
) -> MovesForm<(), ()> {
    MovesForm {
        position: position.then_some(()),
        pieces: pieces.then_some(()),
        piece,
        legal,
        castling,
    }
}

#[test]
fn castling_is_asked_only_of_a_king_and_in_a_position() {
    assert_eq!(
        refusal(PositionMovesRequest::new(Leaper::Knight, false, true)),
        (
            Some("castling"),
            "castling is a king move: it needs piece king, not knight".into()
        )
    );
    assert!(PositionMovesRequest::new(Leaper::King, false, true).is_ok());
    let asked = |form| MovesAsked::try_from(form);
    assert_eq!(
        field(asked(moves(true, false, Leaper::Knight, true, true))),
        Some("castling")
    );
    // legal and castling need a position; pieces and a position are two questions.
    assert_eq!(
        refusal(asked(moves(false, true, Leaper::King, true, false))),
        (Some("legal"), "it needs a position (a FEN)".into())
    );
    assert_eq!(
        field(asked(moves(false, true, Leaper::King, false, true))),
        Some("castling")
    );
    assert_eq!(
        refusal(asked(moves(true, true, Leaper::Knight, false, false))),
        (
            Some("input"),
            "give either pieces (on squares) or a position (a FEN), not both".into()
        )
    );
    assert!(asked(moves(false, true, Leaper::King, false, false)).is_ok());
    assert!(asked(moves(true, false, Leaper::King, true, true)).is_ok());
}

#[test]
fn attacks_take_a_side_only_in_a_position_and_a_method_of_their_piece() {
    let form = |position: bool, pieces: bool, method, side| AttacksForm {
        position: position.then_some(()),
        pieces: pieces.then_some(()),
        piece: Leaper::King,
        method,
        side,
    };
    let asked = |f| AttacksAsked::try_from(f);
    assert_eq!(
        field(asked(form(false, true, None, Some(Color::White)))),
        Some("side")
    );
    assert_eq!(field(asked(form(true, true, None, None))), Some("input"));
    let (at, words) = refusal(asked(form(false, true, Some("halves"), None)));
    assert_eq!(at, Some("method"));
    assert!(words.contains("halves"), "{words}");
    assert!(asked(form(false, true, Some("SHIFTS"), None)).is_ok());
    assert!(asked(form(true, false, None, Some(Color::Black))).is_ok());
}

#[test]
fn tours_and_their_counts_are_refused_past_their_limits() {
    let chess = Board::CHESS;
    assert_eq!(
        refusal(TourRequest::new(chess, Coord::new(0, 8), false)),
        (
            Some("start"),
            "invalid start square 'a9': square is not on the board 8x8".into()
        )
    );
    assert!(TourRequest::new(chess, Coord::new(7, 7), true).is_ok());
    assert_eq!(
        field(TourCountRequest::new(
            "5x5".parse().unwrap(),
            true,
            Some(Coord::new(0, 0))
        )),
        Some("start")
    );
    assert_eq!(
        field(TourCountRequest::new("13x13".parse().unwrap(), true, None)),
        Some("board")
    );
    let count = TourCountRequest::new("5x5".parse().unwrap(), false, None).unwrap();
    assert_eq!(
        refusal(count.with_threads(1025)),
        (Some("threads"), "1025 is not in 1..=1024".into())
    );
}

#[test]
fn walks_are_refused_off_the_board_and_past_64_moves() {
    let a1 = Bitboard::from_square(Square::A1);
    for moves in [0, 65] {
        assert_eq!(
            refusal(FillRequest::new(a1, Some(moves))),
            (
                Some("moves"),
                format!("invalid number '{moves}': expected 1 to 64")
            )
        );
    }
    assert!(FillRequest::new(a1, Some(64)).is_ok());
    assert!(FillRequest::new(a1, None).is_ok());
    assert_eq!(
        refusal(ReachRequest::new(a1, 65, Reach::Ring)),
        (
            Some("moves"),
            "invalid number '65': expected 0 to 64".into()
        )
    );
    assert!(ReachRequest::new(a1, 0, Reach::Exactly).is_ok());
    assert_eq!(
        refusal(Reach::from_flags(true, true)),
        (Some("ring"), "exactly and ring exclude each other".into())
    );
    let board: Board = "5x5".parse().unwrap();
    let (c3, off) = (Coord::new(2, 2), Coord::new(5, 0));
    assert_eq!(
        refusal(DistanceRequest::new(board, off, c3)),
        (
            Some("from"),
            "invalid square 'f1': square is not on the board 5x5".into()
        )
    );
    assert_eq!(field(DistanceRequest::new(board, c3, off)), Some("to"));
    assert!(DistanceRequest::new(board, c3, Coord::new(4, 4)).is_ok());
}

#[test]
fn races_slides_and_traces_refuse_what_has_no_answer() {
    for (pawn, words) in [
        (Square::E8, "a pawn cannot stand on rank 1 or rank 8"),
        (Square::E1, "a pawn cannot stand on rank 1 or rank 8"),
        (Square::D4, "the knight and the pawn are on the same square"),
    ] {
        assert_eq!(
            refusal(CatchRequest::new(
                Square::D4,
                pawn,
                Color::Black,
                ToMove::Pawn
            )),
            (Some("pawn"), words.to_string())
        );
    }
    assert!(CatchRequest::new(Square::D4, Square::E7, Color::Black, ToMove::Pawn).is_ok());
    let d4 = Bitboard::from_square(Square::D4);
    assert_eq!(
        field(SliderRequest::new(d4, d4, Bitboard::EMPTY, Bitboard::EMPTY)),
        Some("bishops")
    );
    let lookup = Leaper::Knight.lookup();
    for numbering in Numbering::ALL {
        let built = TraceRequest::new(d4, lookup, numbering);
        if numbering.lays_files_along_bits() {
            assert_eq!(field(built), Some("numbering"), "{numbering}");
        } else {
            assert_eq!(built.unwrap().numbering(), numbering);
        }
    }
    assert_eq!(
        refusal(TraceRequest::new(d4, lookup, Numbering::A1A2)).1,
        "steps are written in numberings that keep ranks along the bits (a1-b1, h1-g1, a8-b8, \
         h8-g8), not a1-a2"
    );
}
