//! The bitboard's own tests.
use super::*;

#[test]
fn set_api_behaves_like_a_set() {
    let mut bb = Bitboard::EMPTY;
    assert!(bb.insert(Square::D4));
    assert!(!bb.insert(Square::D4));
    assert!(bb.contains(Square::D4));
    assert_eq!(bb.single_square(), Some(Square::D4));
    bb.toggle(Square::E5);
    assert_eq!(bb.single_square(), None);
    assert_eq!(bb.count(), 2);
    assert!(bb.remove(Square::D4));
    assert!(!bb.remove(Square::D4));
    assert_eq!(bb, Bitboard::from_square(Square::E5));
    assert!(bb.is_subset(Bitboard::FILE_E));
    assert!(bb.is_disjoint(Bitboard::FILE_D));
    assert!(Bitboard::FULL.is_superset(bb));
    assert!(Bitboard::EMPTY.is_empty());
    assert_eq!(Bitboard::EMPTY.single_square(), None);
    assert_eq!(Bitboard::EMPTY.first(), None);
    assert_eq!(Bitboard::EMPTY.last(), None);
}

#[test]
fn iteration_is_exact_and_double_ended() {
    let bb: Bitboard = [Square::H8, Square::A1, Square::D4].into_iter().collect();
    let mut it = bb.into_iter();
    assert_eq!(it.len(), 3);
    assert_eq!(it.next(), Some(Square::A1));
    assert_eq!(it.next_back(), Some(Square::H8));
    assert_eq!(it.len(), 1);
    assert_eq!(it.next(), Some(Square::D4));
    assert_eq!(it.next(), None);
    assert_eq!(it.next_back(), None);
    assert_eq!(Bitboard::FULL.iter().count(), 64);
    assert!(Bitboard::FULL.iter().map(|s| s as u8).eq(0..64));
    assert!(
        Bitboard::FULL
            .iter()
            .rev()
            .map(|s| s as u8)
            .eq((0..64).rev())
    );
}

#[test]
#[allow(clippy::mixed_case_hex_literals)] // the article's own spelling
fn masks_match_the_sources_constants() {
    // The article's literal constants.
    assert_eq!(Bitboard::NOT_A_FILE.0, 0xFeFeFeFeFeFeFeFe);
    assert_eq!(Bitboard::NOT_AB_FILE.0, 0xFcFcFcFcFcFcFcFc);
    assert_eq!(Bitboard::NOT_H_FILE.0, 0x7f7f7f7f7f7f7f7f);
    assert_eq!(Bitboard::NOT_GH_FILE.0, 0x3f3f3f3f3f3f3f3f);
    assert_eq!(
        Bitboard::LIGHT_SQUARES | Bitboard::DARK_SQUARES,
        Bitboard::FULL
    );
    for sq in Square::ALL {
        assert_eq!(Bitboard::LIGHT_SQUARES.contains(sq), sq.is_light());
        assert!(Bitboard::from_file(sq.file()).contains(sq));
        assert!(Bitboard::from_rank(sq.rank()).contains(sq));
    }
}

#[test]
fn shifts_drop_squares_at_the_edges() {
    assert_eq!(Bitboard::FILE_H.east_one(), Bitboard::EMPTY);
    assert_eq!(Bitboard::FILE_A.west_one(), Bitboard::EMPTY);
    assert_eq!(Bitboard::RANK_8.north_one(), Bitboard::EMPTY);
    assert_eq!(Bitboard::FILE_A.east_one(), Bitboard::FILE_B);
    assert_eq!(Bitboard::FULL.shift(64), Bitboard::EMPTY);
    assert_eq!(Bitboard::FULL.shift(-64), Bitboard::EMPTY);
    assert_eq!(Bitboard(1).shift(63), Bitboard::from_square(Square::H8));
    assert_eq!(
        Bitboard(1 << 63).shift(-63),
        Bitboard::from_square(Square::A1)
    );
}

/// Proof for all 2^64 inputs: every flip is built from shifts, constant masks and XOR (or
/// byte/bit reversal), so it is linear over GF(2): f(x) is the XOR of f over the single bits
/// of x. Agreeing with the square-wise definition on all 64 single squares (which the
/// definitions send to 64 distinct squares) therefore proves each flip on every bitboard.
#[test]
fn flips_agree_with_their_square_definitions() {
    for sq in Square::ALL {
        let (f, r) = (sq.file() as u8, sq.rank() as u8);
        let at = |file: u8, rank: u8| Bitboard(1 << (rank * 8 + file));
        let b = Bitboard::from_square(sq);
        assert_eq!(b.flip_vertical(), at(f, 7 - r));
        assert_eq!(b.mirror_horizontal(), at(7 - f, r));
        assert_eq!(b.flip_diagonal(), at(r, f));
        assert_eq!(b.flip_anti_diagonal(), at(7 - r, 7 - f));
        assert_eq!(b.rotate_180(), at(7 - f, 7 - r));
    }
    let x = Bitboard(0x0123_4567_89ab_cdef);
    let y = Bitboard(0xfedc_ba98_7654_3210);
    assert_eq!(
        (x | y).flip_diagonal(),
        x.flip_diagonal() | y.flip_diagonal()
    );
    assert_eq!(
        (x | y).flip_anti_diagonal(),
        x.flip_anti_diagonal() | y.flip_anti_diagonal()
    );
}

#[test]
fn formatting() {
    let bb = Bitboard::from_square(Square::D4);
    assert_eq!(format!("{bb:?}"), "Bitboard(0x0000000008000000)");
    assert_eq!(format!("{bb:#018x}"), "0x0000000008000000");
    assert_eq!(format!("{bb:X}"), "8000000");
    assert_eq!(format!("{bb:b}"), "1000000000000000000000000000");
}
