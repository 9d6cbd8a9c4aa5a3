//! Proofs that every knight and king technique is right on every input.
//!
//! The slow references are `knightbits_testkit`'s: they walk file/rank deltas square by square
//! on plain integers and share no code with the library's shifts, masks and tables.
//!
//! Why 64 squares plus one property cover all 2^64 inputs: each setwise routine is built from
//! shifts and constant masks joined by `|`, so f(a | b) = f(a) | f(b) for every pair of sets.
//! Any set is the union of its single squares, hence f(set) = ∪ f({sq}) over its squares; if f
//! agrees with the reference on all 64 single squares, it agrees on every set. The property is
//! checked here by proptest on random pairs (and on structured pairs: disjoint halves, nested
//! sets); the distributivity also follows from the code's shape, the test guards it.

use knightbits::king::{self, technique as king_technique};
use knightbits::knight::technique::{self, post_mask, pre_mask};
use knightbits::knight::{self, Direction};
use knightbits::technique::{Leaper, Method};
use knightbits::{Bitboard, Square, bitboard};
use knightbits_testkit as testkit;
use proptest::prelude::*;

/// The testkit's reference: every square a knight jump away from `sq`.
fn knight_ref(sq: Square) -> Bitboard {
    Bitboard(testkit::knight(sq as u8))
}

/// The testkit's reference: every square a king step away from `sq`.
fn king_ref(sq: Square) -> Bitboard {
    Bitboard(testkit::king(sq as u8))
}

/// A setwise routine: a set of pieces in, the squares they attack out.
type Setwise = fn(Bitboard) -> Bitboard;

/// The eight post-mask direction functions, in `Direction::ALL` order.
const POST_MASK: [Setwise; 8] = [
    post_mask::no_no_ea,
    post_mask::no_ea_ea,
    post_mask::so_ea_ea,
    post_mask::so_so_ea,
    post_mask::so_so_we,
    post_mask::so_we_we,
    post_mask::no_we_we,
    post_mask::no_no_we,
];

/// The eight pre-mask direction functions, in `Direction::ALL` order.
const PRE_MASK: [Setwise; 8] = [
    pre_mask::no_no_ea,
    pre_mask::no_ea_ea,
    pre_mask::so_ea_ea,
    pre_mask::so_so_ea,
    pre_mask::so_so_we,
    pre_mask::so_we_we,
    pre_mask::no_we_we,
    pre_mask::no_no_we,
];

/// A setwise routine of one piece, by name.
struct Routine {
    name: String,
    piece: Leaper,
    f: Box<dyn Fn(Bitboard) -> Bitboard>,
}

fn routine(name: &str, piece: Leaper, f: impl Fn(Bitboard) -> Bitboard + 'static) -> Routine {
    Routine {
        name: name.to_string(),
        piece,
        f: Box::new(f),
    }
}

/// Every setwise routine of every leaper: each method of the library's one list,
/// `technique::Method::ALL`, and each leaper's `attacks_set` and union of its eight
/// `Direction::shift`s (both lists from the leaper definition, so a new method or a new leaper
/// is proved here without being named), then the knight's routines that are not methods.
fn setwise() -> Vec<Routine> {
    let methods = Method::ALL
        .into_iter()
        .map(|m| routine(&m.to_string(), m.leaper(), move |b| m.attacks(b)));
    let leapers = Leaper::ALL.into_iter().flat_map(|l| {
        [
            routine(&format!("{l} attacks_set"), l, move |b| l.attacks_set(b)),
            routine(&format!("{l} Direction::shift union of 8"), l, move |b| {
                l.directions()
                    .iter()
                    .fold(Bitboard::EMPTY, |a, d| a | d.shift(b))
            }),
        ]
    });
    methods
        .chain(leapers)
        .chain([
            routine("knight::attacks_set", Leaper::Knight, knight::attacks_set),
            routine("king::attacks_set", Leaper::King, king::attacks_set),
            routine("post_mask union of 8", Leaper::Knight, |b| {
                POST_MASK.iter().fold(Bitboard::EMPTY, |a, f| a | f(b))
            }),
            routine("pre_mask union of 8", Leaper::Knight, |b| {
                PRE_MASK.iter().fold(Bitboard::EMPTY, |a, f| a | f(b))
            }),
            routine("knight Direction::shift union of 8", Leaper::Knight, |b| {
                Direction::ALL
                    .iter()
                    .fold(Bitboard::EMPTY, |a, d| a | d.shift(b))
            }),
            routine("king Direction::shift union of 8", Leaper::King, |b| {
                king::Direction::ALL
                    .iter()
                    .fold(Bitboard::EMPTY, |a, d| a | d.shift(b))
            }),
        ])
        .collect()
}

/// The deltas the reference walks: the testkit's own for the knight and the king (written
/// apart from the library), and for any other leaper its definition's, which is all a new
/// leaper is (`leaper.rs` checks they are eight distinct jumps closed under the board's
/// symmetries).
fn deltas(leaper: Leaper) -> Vec<(i8, i8)> {
    match leaper {
        Leaper::Knight => testkit::KNIGHT_DELTAS.to_vec(),
        Leaper::King => testkit::KING_DELTAS.to_vec(),
        #[allow(unreachable_patterns)]
        _ => leaper
            .directions()
            .iter()
            .map(|d| (d.file_delta(), d.rank_delta()))
            .collect(),
    }
}

/// The testkit's reference of `piece`, on a set: the union of its delta walks.
fn reference(piece: Leaper, set: Bitboard) -> Bitboard {
    let deltas = deltas(piece);
    Bitboard(testkit::union_of(set.0, |sq| testkit::steps(sq, &deltas)))
}

/// Proves every routine and method of every leaper, and every table, right on each of the
/// 64 single squares, against the testkit's delta walk (with distributivity below: on every
/// set).
#[test]
fn every_technique_equals_the_delta_walk_on_all_64_squares() {
    let routines = setwise();
    assert_eq!(
        routines.len(),
        Method::ALL.len() + 2 * Leaper::ALL.len() + 6
    );
    for sq in Square::ALL {
        let single = Bitboard::from_square(sq);
        assert_eq!(knight::attacks(sq), knight_ref(sq), "knight lookup {sq}");
        assert_eq!(king::attacks(sq), king_ref(sq), "king lookup {sq}");
        for leaper in Leaper::ALL {
            assert_eq!(
                leaper.attacks(sq),
                reference(leaper, single),
                "{leaper} lookup {sq}"
            );
            assert_eq!(
                leaper.table()[sq as usize],
                reference(leaper, single),
                "{leaper} table {sq}"
            );
        }
        assert_eq!(
            technique::DEFAULT_MASK.translate(technique::DEFAULT_SQUARE, sq),
            knight_ref(sq),
            "knight translate {sq}"
        );
        assert_eq!(
            king_technique::DEFAULT_MASK.translate(king_technique::DEFAULT_SQUARE, sq),
            king_ref(sq),
            "king translate {sq}"
        );
        for r in &routines {
            assert_eq!((r.f)(single), reference(r.piece, single), "{} {sq}", r.name);
        }
    }
}

/// Proves each direction function moves a knight by exactly its own delta from every square,
/// in both mask forms, under the wiki's name.
#[test]
fn each_direction_moves_by_its_own_delta() {
    // The wiki's names, clockwise; the testkit's knight deltas are in the same order.
    let names = [
        "noNoEa", "noEaEa", "soEaEa", "soSoEa", "soSoWe", "soWeWe", "noWeWe", "noNoWe",
    ];
    let deltas = names.into_iter().zip(testkit::KNIGHT_DELTAS);
    for (i, (d, (expected_name, (df, dr)))) in Direction::ALL.into_iter().zip(deltas).enumerate() {
        assert_eq!(d.name(), expected_name);
        assert_eq!((d.file_delta(), d.rank_delta()), (df, dr), "{d}");
        for sq in Square::ALL {
            let expected = Bitboard(testkit::steps(sq as u8, &[(df, dr)]));
            let single = Bitboard::from_square(sq);
            assert_eq!(d.shift(single), expected, "{d} from {sq}");
            assert_eq!(POST_MASK[i](single), expected, "post-mask {d} from {sq}");
            assert_eq!(PRE_MASK[i](single), expected, "pre-mask {d} from {sq}");
        }
    }
}

/// Proves every method agrees with every other on all 64 squares (implied by the two tests
/// above, and checked directly so a failure names the pair).
#[test]
fn methods_agree_pairwise() {
    for sq in Square::ALL {
        let b = Bitboard::from_square(sq);
        for m in Method::ALL {
            for n in Method::ALL.into_iter().filter(|n| n.leaper() == m.leaper()) {
                assert_eq!(m.attacks(b), n.attacks(b), "{m} vs {n} on {sq}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// The distributivity half of the all-inputs proof (see the module comment): f(a | b) =
    /// f(a) | f(b) for 20,000 random pairs, for every setwise routine; with the 64-square
    /// tests above, agreement with the reference on all 2^64 inputs.
    #[test]
    fn setwise_routines_distribute_over_union(a: u64, b: u64) {
        let (a, b) = (Bitboard(a), Bitboard(b));
        for r in setwise() {
            prop_assert_eq!((r.f)(a | b), (r.f)(a) | (r.f)(b), "{}", r.name);
        }
    }

    /// Checks sparse sets, as knights are in games, against the reference directly, without
    /// relying on distributivity: 20,000 sets of about 8 squares.
    #[test]
    fn setwise_routines_match_the_reference_on_sparse_sets(a: u64, b: u64, c: u64) {
        let set = Bitboard(a & b & c);
        for r in setwise() {
            prop_assert_eq!((r.f)(set), reference(r.piece, set), "{}", r.name);
        }
    }

    /// Checks pseudo-legal moves are the attacks minus own pieces, for every leaper, on
    /// 20,000 random pairs of piece and own sets.
    #[test]
    fn moves_are_attacks_minus_own(pieces: u64, own: u64) {
        let (pieces, own) = (Bitboard(pieces), Bitboard(own));
        prop_assert_eq!(knight::moves(pieces, own), Bitboard(testkit::knights(pieces.0)) - own);
        prop_assert_eq!(king::moves(pieces, own), Bitboard(testkit::kings(pieces.0)) - own);
        for leaper in Leaper::ALL {
            prop_assert_eq!(leaper.moves(pieces, own), reference(leaper, pieces) - own, "{}", leaper);
        }
    }
}

/// Checks the two extremes, the full board and the empty board, for every setwise routine.
#[test]
fn extremes() {
    for r in setwise() {
        assert_eq!((r.f)(Bitboard::EMPTY), Bitboard::EMPTY, "{}", r.name);
        assert_eq!((r.f)(Bitboard::FULL), Bitboard::FULL, "{}", r.name);
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
    assert_eq!(devlog_square(technique::DEVLOG_SQUARE), Square::F3);
    assert_eq!(devlog_square(king_technique::DEVLOG_SQUARE), Square::G2);
    assert_eq!(devlog_square(1), Square::H1);
    assert_eq!(technique::DEVLOG_MASK, 0xA_1100_110A);
    assert_eq!(king_technique::DEVLOG_MASK, 0x7_0507);
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
    assert_eq!(technique::DEFAULT_MASK, knight::attacks(Square::F3));
    assert_eq!(king_technique::DEFAULT_MASK, king::attacks(Square::G2));
    // The LERF values the constants' docs give.
    assert_eq!(technique::DEFAULT_MASK.0, 0x0000_0050_8800_8850);
    assert_eq!(king_technique::DEFAULT_MASK.0, 0x0000_0000_00e0_a0e0);
    assert_eq!(
        technique::DEFAULT_SQUARE,
        devlog_square(technique::DEVLOG_SQUARE)
    );
    assert_eq!(
        king_technique::DEFAULT_SQUARE,
        devlog_square(king_technique::DEVLOG_SQUARE)
    );
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
        assert_eq!(Bitboard(moves_bits), knight_ref(sq));
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
