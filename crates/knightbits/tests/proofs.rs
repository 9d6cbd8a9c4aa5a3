//! Proofs that every knight and king technique is right on every input.
//!
//! The slow references below walk file/rank deltas square by square and share no code with the
//! library's shifts, masks and tables.
//!
//! Why 64 squares plus one property cover all 2^64 inputs: each setwise routine is built from
//! shifts and constant masks joined by `|`, so f(a | b) = f(a) | f(b) for every pair of sets.
//! Any set is the union of its single squares, hence f(set) = ∪ f({sq}) over its squares; if f
//! agrees with the reference on all 64 single squares, it agrees on every set. The property is
//! checked here by proptest on random pairs (and on structured pairs: disjoint halves, nested
//! sets); the distributivity also follows from the code's shape, the test guards it.

use knightbits::{Bitboard, Square, bitboard, king, knight};
use proptest::prelude::*;

const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The reference: every square `delta` away from `sq` that is on the board.
fn walk(sq: Square, deltas: &[(i8, i8)]) -> Bitboard {
    let mut bits = 0u64;
    for &(df, dr) in deltas {
        let f = sq.file() as i8 + df;
        let r = sq.rank() as i8 + dr;
        if (0..8).contains(&f) && (0..8).contains(&r) {
            bits |= 1 << (r * 8 + f);
        }
    }
    Bitboard(bits)
}

fn walk_set(set: Bitboard, deltas: &[(i8, i8)]) -> Bitboard {
    set.into_iter()
        .map(|sq| walk(sq, deltas))
        .fold(Bitboard::EMPTY, |a, b| a | b)
}

/// Every setwise knight routine the library has, by name.
fn knight_setwise() -> Vec<(&'static str, knight::Direction)> {
    vec![
        ("attacks_set", knight::attacks_set),
        ("attacks_prefix", knight::attacks_prefix),
        ("attacks_halves", knight::attacks_halves),
        ("post_mask::attacks", knight::post_mask::attacks),
        ("pre_mask::attacks", knight::pre_mask::attacks),
        ("post_mask union of 8", |b| {
            knight::post_mask::DIRECTIONS
                .iter()
                .fold(Bitboard::EMPTY, |a, (_, f)| a | f(b))
        }),
        ("pre_mask union of 8", |b| {
            knight::pre_mask::DIRECTIONS
                .iter()
                .fold(Bitboard::EMPTY, |a, (_, f)| a | f(b))
        }),
    ]
}

fn king_setwise() -> Vec<(&'static str, knight::Direction)> {
    vec![
        ("attacks_set", king::attacks_set),
        ("attacks_shifts", king::attacks_shifts),
    ]
}

#[test]
fn every_knight_technique_equals_the_delta_walk_on_all_64_squares() {
    for sq in Square::ALL {
        let expected = walk(sq, &KNIGHT_DELTAS);
        let single = Bitboard::from_square(sq);
        assert_eq!(knight::attacks(sq), expected, "lookup {sq}");
        assert_eq!(knight::ATTACKS[sq as usize], expected, "table {sq}");
        assert_eq!(knight::attacks_translate(sq), expected, "translate {sq}");
        for (name, f) in knight_setwise() {
            assert_eq!(f(single), expected, "{name} {sq}");
        }
        for method in knight::Method::ALL {
            assert_eq!(method.attacks(single), expected, "{method} {sq}");
        }
    }
}

#[test]
fn every_king_technique_equals_the_delta_walk_on_all_64_squares() {
    for sq in Square::ALL {
        let expected = walk(sq, &KING_DELTAS);
        let single = Bitboard::from_square(sq);
        assert_eq!(king::attacks(sq), expected, "lookup {sq}");
        assert_eq!(king::attacks_translate(sq), expected, "translate {sq}");
        for (name, f) in king_setwise() {
            assert_eq!(f(single), expected, "{name} {sq}");
        }
        for method in king::Method::ALL {
            assert_eq!(method.attacks(single), expected, "{method} {sq}");
        }
    }
}

/// Each direction function moves a knight by exactly its own delta, in both mask forms.
#[test]
fn each_direction_moves_by_its_own_delta() {
    // The wiki's names and their (file, rank) deltas.
    let deltas = [
        ("noNoEa", (1, 2)),
        ("noEaEa", (2, 1)),
        ("soEaEa", (2, -1)),
        ("soSoEa", (1, -2)),
        ("noNoWe", (-1, 2)),
        ("noWeWe", (-2, 1)),
        ("soWeWe", (-2, -1)),
        ("soSoWe", (-1, -2)),
    ];
    for directions in [knight::post_mask::DIRECTIONS, knight::pre_mask::DIRECTIONS] {
        for ((name, f), (expected_name, delta)) in directions.iter().zip(deltas) {
            assert_eq!(*name, expected_name);
            for sq in Square::ALL {
                let got = f(Bitboard::from_square(sq));
                assert_eq!(got, walk(sq, &[delta]), "{name} from {sq}");
            }
        }
    }
}

/// Every method agrees with every other on all 64 squares (implied by the two tests above, and
/// checked directly so a failure names the pair).
#[test]
fn methods_agree_pairwise() {
    for sq in Square::ALL {
        let b = Bitboard::from_square(sq);
        for m in knight::Method::ALL {
            for n in knight::Method::ALL {
                assert_eq!(m.attacks(b), n.attacks(b), "{m} vs {n} on {sq}");
            }
        }
        for m in king::Method::ALL {
            for n in king::Method::ALL {
                assert_eq!(m.attacks(b), n.attacks(b), "{m} vs {n} on {sq}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// The distributivity half of the all-inputs proof (see the module comment).
    #[test]
    fn setwise_routines_distribute_over_union(a: u64, b: u64) {
        let (a, b) = (Bitboard(a), Bitboard(b));
        for (name, f) in knight_setwise().into_iter().chain(king_setwise()) {
            prop_assert_eq!(f(a | b), f(a) | f(b), "{}", name);
        }
    }

    /// Sparse sets, as knights are in games, against the reference directly.
    #[test]
    fn setwise_routines_match_the_reference_on_sparse_sets(a: u64, b: u64, c: u64) {
        let set = Bitboard(a & b & c);
        for (name, f) in knight_setwise() {
            prop_assert_eq!(f(set), walk_set(set, &KNIGHT_DELTAS), "{}", name);
        }
        for (name, f) in king_setwise() {
            prop_assert_eq!(f(set), walk_set(set, &KING_DELTAS), "{}", name);
        }
        for m in knight::Method::ALL {
            prop_assert_eq!(m.attacks(set), walk_set(set, &KNIGHT_DELTAS), "{}", m);
        }
        for m in king::Method::ALL {
            prop_assert_eq!(m.attacks(set), walk_set(set, &KING_DELTAS), "{}", m);
        }
    }

    /// Pseudo-legal moves are the attacks minus own pieces, for knights and kings.
    #[test]
    fn moves_are_attacks_minus_own(pieces: u64, own: u64) {
        let (pieces, own) = (Bitboard(pieces), Bitboard(own));
        prop_assert_eq!(knight::moves(pieces, own), walk_set(pieces, &KNIGHT_DELTAS) - own);
        prop_assert_eq!(king::moves(pieces, own), walk_set(pieces, &KING_DELTAS) - own);
    }
}

/// The full board and the empty board, the two extremes.
#[test]
fn extremes() {
    for (name, f) in knight_setwise().into_iter().chain(king_setwise()) {
        assert_eq!(f(Bitboard::EMPTY), Bitboard::EMPTY, "{name}");
        assert_eq!(f(Bitboard::FULL), Bitboard::FULL, "{name}");
    }
}

// ---- The sources' own examples, reproduced exactly ----

/// The wiki: `arrKnightAttacks[d4]`, copied cell for cell from its diagram.
#[test]
fn wiki_d4_diagram() {
    let wiki = "\
. . . . . . . .
. . . . . . . .
. . 1 . 1 . . .
. 1 . . . 1 . .
. . . . . . . .
. 1 . . . 1 . .
. . 1 . 1 . . .
. . . . . . . .
";
    assert_eq!(
        knightbits::render::compact(knight::attacks(Square::D4)).to_string(),
        wiki
    );
    let d4 = bitboard! {
        . . . . . . . .
        . . . . . . . .
        . . X . X . . .
        . X . . . X . .
        . . . . . . . .
        . X . . . X . .
        . . X . X . . .
        . . . . . . . .
    };
    assert_eq!(knight::attacks(Square::D4), d4);
    assert_eq!(d4.0, 0x0000_1422_0022_1400);
}

/// The devlog: `0xA1100110A` (knight on its square 19) and `0x70507` (king on its square 10),
/// squares numbered from h1 = 1, read in LERF are the attacks of f3 and g2.
#[test]
fn devlog_default_masks() {
    use knightbits::mapping::Numbering;
    // The devlog's square number n (h1 = 1) is bit n - 1 of the h1-g1 numbering.
    let devlog_square = |n: u8| Numbering::H1G1.square(n - 1).unwrap();
    assert_eq!(devlog_square(knight::DEVLOG_SQUARE), Square::F3);
    assert_eq!(devlog_square(king::DEVLOG_SQUARE), Square::G2);
    assert_eq!(devlog_square(1), Square::H1);
    assert_eq!(
        Numbering::H1G1.to_lerf(0xA_1100_110A),
        knight::attacks(Square::F3)
    );
    assert_eq!(Numbering::H1G1.to_lerf(0x7_0507), king::attacks(Square::G2));
    // Its START_SQUARE_BITBOARD 0x40000 is the knight itself.
    assert_eq!(
        Numbering::H1G1.to_lerf(0x40000),
        Bitboard::from_square(Square::F3)
    );
    assert_eq!(knight::DEFAULT_MASK, knight::attacks(Square::F3));
    assert_eq!(king::DEFAULT_MASK, king::attacks(Square::G2));
}

/// The engine wiki's eight numbered moves, run literally in its own numbering (h1 = bit 0,
/// `>>>` a logical shift) with its masks drawn on its boards, on its worked example.
#[test]
fn engine_wiki_worked_example() {
    use knightbits::mapping::Numbering::{A1B1, H1G1};
    let to_its = |bb: Bitboard| H1G1.from_lerf(bb);
    let not_a = to_its(Bitboard::NOT_A_FILE);
    let not_ab = to_its(Bitboard::NOT_AB_FILE);
    let not_h = to_its(Bitboard::NOT_H_FILE);
    let not_hg = to_its(Bitboard::NOT_GH_FILE);
    let knights_lerf: Bitboard = "c5,g4".parse().unwrap();
    let own_lerf: Bitboard = "c5,g4,d3,b2,e2,g2,e1".parse().unwrap();
    let k = to_its(knights_lerf);
    let all_directions = ((k & not_ab) << 10)
        | ((k & not_a) << 17)
        | ((k & not_h) << 15)
        | ((k & not_hg) << 6)
        | ((k & not_hg) >> 10)
        | ((k & not_h) >> 17)
        | ((k & not_a) >> 15)
        | ((k & not_ab) >> 6);
    let moves = all_directions & !to_its(own_lerf);
    // Its "Knight moves all directions" board and its result board.
    let expected_all: Bitboard = "b7,d7,a6,e6,f6,h6,e5,a4,e4,b3,d3,e3,f2,h2".parse().unwrap();
    let expected_moves: Bitboard = "b7,d7,a6,e6,f6,h6,e5,a4,e4,b3,e3,f2,h2".parse().unwrap();
    assert_eq!(H1G1.to_lerf(all_directions), expected_all);
    assert_eq!(H1G1.to_lerf(moves), expected_moves);
    assert_eq!(knight::attacks_set(knights_lerf), expected_all);
    assert_eq!(knight::moves(knights_lerf, own_lerf), expected_moves);
    assert_eq!(A1B1.to_lerf(expected_moves.0), expected_moves);
}

/// The article: `1 << n`, its four masked shift pairs, and its move counts.
#[test]
fn article_move_counts() {
    use knightbits::popcount;
    let n_a: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    let n_ab: u64 = 0xFCFC_FCFC_FCFC_FCFC;
    let n_h: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let n_gh: u64 = 0x3F3F_3F3F_3F3F_3F3F;
    let mut total = 0;
    for knight_nr in 0..64 {
        let knight_bits: u64 = 1 << knight_nr;
        let moves_bits = n_gh & (knight_bits << 6 | knight_bits >> 10)
            | n_h & (knight_bits << 15 | knight_bits >> 17)
            | n_a & (knight_bits << 17 | knight_bits >> 15)
            | n_ab & (knight_bits << 10 | knight_bits >> 6);
        let sq = Square::from_index(knight_nr).unwrap();
        assert_eq!(Bitboard(moves_bits), walk(sq, &KNIGHT_DELTAS));
        let count = popcount::clear_lowest(moves_bits);
        for method in popcount::Method::ALL {
            assert_eq!(method.count(moves_bits), count);
        }
        assert!((2..=8).contains(&count));
        total += count;
    }
    assert_eq!(
        popcount::hardware(knight::attacks(Square::A1).0),
        2,
        "corner"
    );
    assert_eq!(
        popcount::table16(knight::attacks(Square::H8).0),
        2,
        "corner"
    );
    assert_eq!(
        popcount::loop_bits(knight::attacks(Square::E4).0),
        8,
        "centre"
    );
    assert_eq!(total, 336);
    // Its "black hole": unmasked, a4 (bit 24) >> 10 lands on g2 (bit 14); the mask stops it.
    assert_eq!((1u64 << 24) >> 10, Bitboard::from_square(Square::G2).0);
    assert!(!knight::attacks(Square::A4).contains(Square::G2));
}
