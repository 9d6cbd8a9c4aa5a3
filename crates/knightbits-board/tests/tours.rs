//! Knight's tours: every tour the library returns is checked by the independent validator.

use knightbits_board::tour::{self, Tour, TourError};
use knightbits_board::{Board, Coord};

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap()
}

/// How many squares an open tour can start from, by colour alone: a knight changes colour
/// every move, so on a board of odd area a tour (of odd length) starts and ends on the
/// corners' colour, (area + 1) / 2 squares; on an even area any square may.
fn colour_bound(b: Board) -> u32 {
    if b.len().is_multiple_of(2) {
        b.len()
    } else {
        b.len().div_ceil(2)
    }
}

/// Whether an open tour from `s` is known to exist without asking the library: on a board
/// whose sides are both at least 5, from every square of the colour bound (Conrad, Hindrichs,
/// Morsy and Wegener, "Solution of the knight's Hamiltonian path problem on chessboards",
/// 1994).
fn known_start(b: Board, s: Coord) -> bool {
    b.width().min(b.height()) >= 5
        && (b.len().is_multiple_of(2) || (u32::from(s.file) + u32::from(s.rank)).is_multiple_of(2))
}

/// Proves: on every board up to 8x8, every start square the rule allows yields an open tour
/// (checked by the validator), and every start it refuses is refused with the rule's error.
/// Every start known to have a tour ([`known_start`]: 606 on the boards 5x5 to 8x8) is among
/// those checked.
#[test]
fn open_tours_from_every_allowed_start_up_to_8x8() {
    let (mut checked, mut known) = (0, 0);
    for w in 1..=8 {
        for h in 1..=8 {
            let b = board(w, h);
            for i in 0..b.len() {
                let s = b.coord(i);
                known += u32::from(known_start(b, s));
                match tour::check_open(b, s) {
                    Ok(()) => {
                        let t = Tour::open(b, s).unwrap_or_else(|e| panic!("{b} from {s:?}: {e}"));
                        assert_eq!(t.squares()[0], i);
                        assert!(!t.is_closed());
                        assert_eq!(tour::validate(b, t.squares(), false), Ok(()), "{b} {s:?}");
                        checked += 1;
                    }
                    Err(e) => {
                        assert!(!known_start(b, s), "{b} from {s:?} refused: {e}");
                        assert_eq!(Tour::open(b, s), Err(e));
                    }
                }
            }
        }
    }
    assert_eq!(known, 606);
    assert!(checked >= known, "{checked} starts checked");
}

/// Proves: every board up to 30x30 that Schwenk's theorem allows gets a closed tour that the
/// validator accepts, and every other board gets `NoClosedTour`.
#[test]
fn closed_tours_on_every_board_up_to_30x30() {
    for w in 1..=30 {
        for h in 1..=30 {
            let b = board(w, h);
            match tour::check_closed(b) {
                Ok(()) => {
                    let t = Tour::closed(b).unwrap_or_else(|e| panic!("{b}: {e}"));
                    assert!(t.is_closed());
                    assert_eq!(tour::validate(b, t.squares(), true), Ok(()), "{b}");
                }
                Err(e) => {
                    assert_eq!(e, TourError::NoClosedTour);
                    assert_eq!(Tour::closed(b), Err(e));
                }
            }
        }
    }
}

/// An independent reference: plain exhaustive depth-first search (no heuristics, no pruning
/// beyond visited squares) for an open (or closed) tour from `start`.
fn reference_exists(b: Board, start: u32, closed: bool) -> bool {
    fn go(b: Board, v: u32, depth: u32, seen: &mut [bool], start: u32, closed: bool) -> bool {
        if depth == b.len() {
            return !closed || b.knight_moves(b.coord(v)).any(|c| b.index(c) == start);
        }
        for c in b.knight_moves(b.coord(v)) {
            let u = b.index(c);
            if !seen[u as usize] {
                seen[u as usize] = true;
                if go(b, u, depth + 1, seen, start, closed) {
                    return true;
                }
                seen[u as usize] = false;
            }
        }
        false
    }
    let mut seen = vec![false; b.len() as usize];
    seen[start as usize] = true;
    go(b, start, 1, &mut seen, start, closed)
}

/// Proves the rule's "no tour" answers (and its "tour" answers) on the small boards where
/// exhaustive search is cheap: 1 x n and 2 x n up to n = 8, 3 x 3 to 3 x 8, 4 x 4 to 4 x 6,
/// in both orientations, every start square.
#[test]
fn open_rule_matches_exhaustive_search_on_small_boards() {
    let mut boards = vec![];
    for n in 1..=8 {
        boards.extend([(1, n), (2, n)]);
    }
    for n in 3..=8 {
        boards.push((3, n));
    }
    for n in 4..=6 {
        boards.push((4, n));
    }
    for (w, h) in boards {
        for (bw, bh) in [(w, h), (h, w)] {
            let b = board(bw, bh);
            for i in 0..b.len() {
                let rule = tour::check_open(b, b.coord(i)).is_ok();
                assert_eq!(
                    rule,
                    reference_exists(b, i, false),
                    "{b} from {:?}",
                    b.coord(i)
                );
            }
        }
    }
}

/// Proves Schwenk's "no closed tour" answers on the small boards where exhaustive search is
/// cheap (3 x 4, 3 x 6, 3 x 8, 4 x 4, 4 x 5, 4 x 6, 2 x n, 1 x n) and that 3 x 10 and 5 x 6
/// (the smallest with one) have one.
#[test]
fn closed_rule_matches_exhaustive_search_on_small_boards() {
    for (w, h) in [
        (3, 4),
        (3, 6),
        (3, 8),
        (4, 4),
        (4, 5),
        (4, 6),
        (2, 6),
        (1, 1),
        (1, 5),
        (3, 10),
        (5, 6),
    ] {
        let b = board(w, h);
        let rule = tour::check_closed(b).is_ok();
        assert_eq!(rule, reference_exists(b, 0, true), "{b}");
    }
}

/// Proves the 8x8 bitboard Warnsdorff (popcount of attacks on unvisited squares, Roth's
/// tie-break) completes from all 64 squares without any fallback.
#[test]
fn warnsdorff_on_bitboards_completes_from_every_square() {
    use knightbits::Square;
    for sq in Square::ALL {
        let t = tour::warnsdorff_8x8(sq).expect("stuck");
        assert_eq!(t[0], sq);
        let squares: Vec<u32> = t.iter().map(|&q| q as u32).collect();
        assert_eq!(
            tour::validate(Board::CHESS, &squares, false),
            Ok(()),
            "{sq}"
        );
    }
}

/// Proves open tours from every allowed start on boards with both sides odd (the divide and
/// conquer path with an odd block) and on boards 3 wide (the growth by 4 files), both
/// orientations; on each board the starts checked are all those of the [`colour_bound`].
#[test]
fn open_tours_from_every_allowed_start_on_odd_and_thin_boards() {
    let mut boards = vec![
        (9, 9),
        (11, 11),
        (13, 13),
        (5, 17),
        (7, 15),
        (9, 21),
        (11, 13),
    ];
    for n in 9..=41 {
        boards.push((3, n));
    }
    for (w, h) in boards {
        for (bw, bh) in [(w, h), (h, w)] {
            let b = board(bw, bh);
            let mut checked = 0;
            for i in 0..b.len() {
                let s = b.coord(i);
                if tour::check_open(b, s).is_ok() {
                    let t = Tour::open(b, s).unwrap_or_else(|e| panic!("{b} from {s:?}: {e}"));
                    assert_eq!(t.squares()[0], i);
                    assert_eq!(tour::validate(b, t.squares(), false), Ok(()), "{b} {s:?}");
                    checked += 1;
                }
            }
            assert_eq!(checked, colour_bound(b), "{b}: starts checked");
        }
    }
}

/// Proves tours on a sample of large boards: open 1000x1000 (Warnsdorff), open from the centre
/// of 1001x1001 and 3x1001 (constructions), closed 200x200, 201x200 and 3x1000.
#[test]
fn tours_on_large_boards() {
    for (w, h, s) in [
        (1000, 1000, (0, 0)),
        (1001, 1001, (500, 500)),
        (3, 1001, (1, 501)),
        (1001, 3, (1, 1)),
    ] {
        let b = board(w, h);
        let t = Tour::open(b, Coord::new(s.0, s.1)).unwrap();
        assert_eq!(tour::validate(b, t.squares(), false), Ok(()), "{b}");
    }
    for (w, h) in [
        (200, 200),
        (201, 200),
        (200, 201),
        (3, 1000),
        (1000, 3),
        (6, 1000),
    ] {
        let b = board(w, h);
        let t = Tour::closed(b).unwrap();
        assert_eq!(tour::validate(b, t.squares(), true), Ok(()), "{b}");
    }
}

/// Proves the validator rejects each kind of broken tour and names the failing step.
#[test]
fn validator_rejects_broken_tours() {
    let b = board(3, 4);
    let good = [0, 7, 2, 3, 10, 5, 6, 11, 4, 9, 8, 1];
    assert_eq!(tour::validate(b, &good, false), Ok(()));
    assert_eq!(tour::validate(b, &good, true), Err(TourError::NotClosed));
    assert_eq!(
        tour::validate(b, &good[..11], false),
        Err(TourError::WrongLength)
    );
    let mut off = good;
    off[4] = 12;
    assert_eq!(
        tour::validate(b, &off, false),
        Err(TourError::OffBoard { step: 4 })
    );
    let mut rep = good;
    rep[5] = 0;
    assert_eq!(
        tour::validate(b, &rep, false),
        Err(TourError::Repeated { step: 5 })
    );
    let mut swapped = good;
    swapped.swap(3, 4);
    assert_eq!(
        tour::validate(b, &swapped, false),
        Err(TourError::NotKnightMove { step: 3 })
    );
    // Squares whose indices differ as a knight move's would, but which are not one.
    let wrap = board(2, 2);
    assert_eq!(
        tour::validate(wrap, &[0, 3, 1, 2], false),
        Err(TourError::NotKnightMove { step: 1 })
    );
    let closed = Tour::closed(Board::CHESS).unwrap();
    assert_eq!(tour::validate(Board::CHESS, closed.squares(), true), Ok(()));
}

/// Proves the typed errors: off-board start, wrong colour, excluded start, no closed tour.
#[test]
fn errors_are_typed() {
    let b = board(5, 5);
    assert_eq!(
        Tour::open(b, Coord::new(5, 0)),
        Err(TourError::StartOffBoard)
    );
    assert_eq!(Tour::open(b, Coord::new(0, 1)), Err(TourError::WrongColour));
    assert_eq!(
        Tour::open(board(4, 8), Coord::new(1, 0)),
        Err(TourError::NoTourFromStart)
    );
    assert_eq!(
        Tour::open(board(2, 8), Coord::new(0, 0)),
        Err(TourError::NoOpenTour)
    );
    assert_eq!(Tour::closed(b), Err(TourError::NoClosedTour));
    assert_eq!(Tour::closed(board(4, 100)), Err(TourError::NoClosedTour));
    let one = Tour::open(board(1, 1), Coord::new(0, 0)).unwrap();
    assert_eq!(one.squares(), &[0]);
    assert_eq!(TourError::WrongColour.to_string().chars().next(), Some('o'));
}

/// The largest board: a closed tour of 10,000 x 10,000 (10⁸ squares), validated.
#[test]
#[ignore = "10^8 squares: about 0.5 GB and some seconds in release"]
fn closed_tour_of_the_largest_board() {
    let b = board(10_000, 10_000);
    let t = Tour::closed(b).unwrap();
    assert_eq!(tour::validate(b, t.squares(), true), Ok(()));
}

/// Every allowed start of a 4 x n board (both orientations), validated; they are the 2n
/// squares of the two outer lines (a knight on an outer line always jumps to an inner one and
/// changes colour every move, so a tour starting on an inner line would leave every outer
/// square one colour), and each has a tour.
fn four_wide(ns: core::ops::RangeInclusive<u32>) {
    for n in ns {
        for (bw, bh) in [(4, n), (n, 4)] {
            let b = board(bw, bh);
            let mut checked = 0;
            for i in 0..b.len() {
                let s = b.coord(i);
                if tour::check_open(b, s).is_ok() {
                    let t = Tour::open(b, s).unwrap_or_else(|e| panic!("{b} from {s:?}: {e}"));
                    assert_eq!(tour::validate(b, t.squares(), false), Ok(()), "{b} {s:?}");
                    checked += 1;
                }
            }
            assert_eq!(checked, 2 * n, "{b}: starts checked");
        }
    }
}

/// Proves open tours from every allowed start of 4 x n and n x 4 for n up to 40 (these boards
/// have no closed tour to fall back on).
#[test]
fn open_tours_from_every_allowed_start_on_four_wide_boards() {
    four_wide(5..=40);
}

/// The same up to 4 x 300, and sampled starts on 4 x 10,000.
#[test]
#[ignore = "about 30 s in release"]
fn open_tours_on_four_wide_boards_up_to_300_and_sampled_on_10000() {
    four_wide(41..=300);
    let b = board(10_000, 4);
    for f in [0, 1, 2, 3, 4, 5000, 7777, 9998, 9999] {
        for r in [0, 3] {
            let t = Tour::open(b, Coord::new(f, r)).unwrap();
            assert_eq!(tour::validate(b, t.squares(), false), Ok(()), "{f},{r}");
        }
    }
}

/// Proves open tours from sampled starts (fixed seed) of long thin boards, 4 x n for n up
/// to 10,000, and of long boards with both sides odd.
#[test]
#[ignore = "a few seconds in release"]
fn sampled_starts_on_long_boards() {
    let mut seed = 12345u64;
    let mut rnd = |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    let mut worst = std::time::Duration::ZERO;
    let (mut checked, mut known) = (0, 0);
    for _ in 0..300 {
        let n = 301 + rnd(9700) as u32;
        let f = rnd(n as u64) as u16;
        let r = if rnd(2) == 0 { 0 } else { 3 };
        let (b, s) = if rnd(2) == 0 {
            (board(n, 4), Coord::new(f, r))
        } else {
            (board(4, n), Coord::new(r, f))
        };
        let t0 = std::time::Instant::now();
        let t = Tour::open(b, s).unwrap_or_else(|e| panic!("{b} {s:?} {e}"));
        worst = worst.max(t0.elapsed());
        assert_eq!(tour::validate(b, t.squares(), false), Ok(()));
    }
    for (w, h) in [
        (5u32, 9999u32),
        (9999, 5),
        (7, 9999),
        (11, 9999),
        (9999, 13),
        (5, 11),
        (11, 5),
        (9, 9999),
    ] {
        let b = board(w, h);
        for _ in 0..20 {
            let i = rnd(b.len() as u64) as u32;
            let s = b.coord(i);
            known += u32::from(known_start(b, s));
            if tour::check_open(b, s).is_err() {
                assert!(!known_start(b, s), "{b} from {s:?} refused");
                continue;
            }
            checked += 1;
            let t0 = std::time::Instant::now();
            let t = Tour::open(b, s).unwrap_or_else(|e| panic!("{b} {s:?} {e}"));
            worst = worst.max(t0.elapsed());
            assert_eq!(tour::validate(b, t.squares(), false), Ok(()));
        }
    }
    // About half of the 160 squares drawn on these odd boards are of the corners' colour.
    assert!(
        checked >= known && known >= 60,
        "{checked} checked, {known} known"
    );
    println!("slowest tour: {worst:?}; {checked} sampled starts of odd boards checked");
}

/// Proves tours on sampled boards (fixed seed): 300 boards with sides from 1 to 400, an open
/// tour from a random square where the rule allows one (else the rule's error), a closed tour
/// where Schwenk allows one; and closed tours of a few long boards.
#[test]
#[ignore = "a few seconds in release"]
fn sampled_boards() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut rnd = |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    let (mut checked, mut known) = (0, 0);
    for _ in 0..300 {
        let b = board(1 + rnd(400) as u32, 1 + rnd(400) as u32);
        let i = rnd(b.len() as u64) as u32;
        let s = b.coord(i);
        known += u32::from(known_start(b, s));
        match tour::check_open(b, s) {
            Ok(()) => {
                let t = Tour::open(b, s).unwrap_or_else(|e| panic!("{b} {s:?} {e}"));
                assert_eq!(tour::validate(b, t.squares(), false), Ok(()), "{b} {s:?}");
                checked += 1;
            }
            Err(e) => {
                assert!(!known_start(b, s), "{b} from {s:?} refused: {e}");
                assert_eq!(Tour::open(b, s), Err(e));
            }
        }
        if tour::check_closed(b).is_ok() {
            let t = Tour::closed(b).unwrap_or_else(|e| panic!("{b} {e}"));
            assert_eq!(tour::validate(b, t.squares(), true), Ok(()), "{b}");
        }
    }
    // Nearly every board drawn has both sides at least 5, and about half of the squares drawn
    // on an odd one are of the corners' colour.
    assert!(
        checked >= known && known >= 150,
        "{checked} checked, {known} known"
    );
    for (w, h) in [
        (997, 1000),
        (1000, 999),
        (5, 10_000),
        (10_000, 5),
        (6, 9_999),
        (3, 9_998),
        (9_998, 3),
    ] {
        let b = board(w, h);
        let t = Tour::closed(b).unwrap();
        assert_eq!(tour::validate(b, t.squares(), true), Ok(()), "{b}");
    }
}

/// A closed tour read from any start is still a closed tour, and starts there.
#[test]
fn closed_tours_start_where_asked() {
    use knightbits_board::{Board, Coord, tour};
    for (w, h) in [(6, 6), (8, 8), (3, 10), (5, 6), (12, 7)] {
        let board = Board::new(w, h).unwrap();
        for i in 0..board.len() {
            let start: Coord = board.coord(i);
            let t = tour::Tour::closed_from(board, start).unwrap();
            assert_eq!(t.squares()[0], i);
            assert_eq!(tour::validate(board, t.squares(), true), Ok(()));
        }
    }
    let board = Board::new(8, 8).unwrap();
    assert_eq!(
        tour::Tour::closed_from(board, Coord::new(8, 0)),
        Err(tour::TourError::StartOffBoard)
    );
}
