//! Meet in the middle checked against OEIS (typed in) and against the plain depth-first
//! reference.

use super::plan::OpenTours;
use crate::tests::board;
use crate::*;
use std::vec::Vec;

/// Proves the meet-in-the-middle counter gives OEIS A165134's 5 x 5 total (1,728 directed open
/// tours) and the 304 tours from each corner, on one and on two threads.
#[test]
fn open_5x5_matches_oeis() {
    let b = board(5, 5);
    for threads in [1, 2] {
        assert_eq!(count_open_tours(b, None, threads), Ok(1728));
        for c in [(0, 0), (4, 0), (0, 4), (4, 4)] {
            assert_eq!(
                count_open_tours(b, Some(Coord::new(c.0, c.1)), threads),
                Ok(304)
            );
        }
    }
}

/// Proves OEIS A165134 for n = 1..4 (1, 0, 0, 0).
#[test]
fn open_small_squares_match_oeis() {
    for (n, expected) in [(1, 1), (2, 0), (3, 0), (4, 0)] {
        assert_eq!(count_open_tours(board(n, n), None, 2), Ok(expected), "{n}");
    }
}

/// Proves meet in the middle and plain depth-first search agree on the total and on every start
/// square of every board up to 25 squares with sides up to 5 (tours or none).
#[test]
fn open_counts_agree_with_depth_first_search() {
    for w in 1..=5 {
        for h in w..=5 {
            if w * h > 25 || (w, h) == (5, 5) {
                continue;
            }
            let b = board(w, h);
            assert_eq!(
                count_open_tours(b, None, 2),
                Ok(dfs::open_tours(b, None)),
                "{b}"
            );
            let mut sum = 0;
            for i in 0..b.len() {
                let c = b.coord(i);
                let n = count_open_tours(b, Some(c), 1).unwrap();
                assert_eq!(n, dfs::open_tours(b, Some(c)), "{b} {c:?}");
                sum += n;
            }
            assert_eq!(Ok(sum), count_open_tours(b, None, 1), "{b}");
        }
    }
}

/// Every directed open tour of `board`, as row-major square indices: depth-first search on
/// [`Board::knight_moves`] that drops a path only when the unvisited squares are not all
/// reachable from its end through unvisited squares (then no tour extends it).
fn all_tours(board: Board) -> Vec<Vec<u32>> {
    fn extend(board: Board, path: &mut Vec<u32>, seen: &mut [bool], out: &mut Vec<Vec<u32>>) {
        if path.len() == seen.len() {
            out.push(path.clone());
            return;
        }
        let at = board.coord(*path.last().unwrap());
        let mut reached = seen.to_vec();
        let mut stack = std::vec![at];
        let mut count = path.len();
        while let Some(c) = stack.pop() {
            for t in board.knight_moves(c) {
                let i = board.index(t) as usize;
                if !reached[i] {
                    reached[i] = true;
                    count += 1;
                    stack.push(t);
                }
            }
        }
        if count < seen.len() {
            return;
        }
        for t in board.knight_moves(at) {
            let i = board.index(t);
            if !seen[i as usize] {
                seen[i as usize] = true;
                path.push(i);
                extend(board, path, seen, out);
                path.pop();
                seen[i as usize] = false;
            }
        }
    }
    let mut out = Vec::new();
    for s in 0..board.len() {
        let mut seen = std::vec![false; board.len() as usize];
        seen[s as usize] = true;
        extend(board, &mut std::vec![s], &mut seen, &mut out);
    }
    out
}

/// Proves the count through each middle square (square number ⌈n / 2⌉ of the tour) agrees with
/// the tours found by depth-first search, on boards with odd and even numbers of squares: on
/// the odd ones no tour has its middle square on the smaller colour, the squares the counter
/// skips.
#[test]
fn middle_square_counts_agree_with_depth_first_search() {
    for (w, h) in [(1, 1), (3, 4), (3, 7), (3, 8), (4, 5), (4, 6), (5, 5)] {
        let b = board(w, h);
        let tours = all_tours(b);
        let a = b.len().div_ceil(2) as usize;
        let mut through = std::vec![0u64; b.len() as usize];
        for t in &tours {
            through[t[a - 1] as usize] += 1;
        }
        for i in 0..b.len() {
            let c = b.coord(i);
            let grid = super::Grid::new(b).unwrap();
            assert_eq!(
                super::count_through(&grid, grid.bit(c), 2),
                Ok(through[i as usize]),
                "{b} {c:?}"
            );
            if b.len() % 2 == 1 && (c.file + c.rank) % 2 == 1 {
                assert_eq!(through[i as usize], 0, "{b} {c:?}");
            }
        }
        assert_eq!(count_open_tours(b, None, 2), Ok(tours.len() as u64), "{b}");
    }
}

/// Checks every pruning rule of the meet-in-the-middle walk on every tour of each board: each
/// half of each tour, read from its middle square, passes every rule at every length, whether
/// all starts or its own start are counted; and the tours found number as OEIS says (5 x 5) and
/// as the frontier programme counts.
fn check_pruning_on_every_tour(boards: &[(u32, u32)]) {
    for &(w, h) in boards {
        let b = board(w, h);
        let g = grid::Grid::new(b).unwrap();
        let tours = all_tours(b);
        assert_eq!(
            Ok(tours.len() as u128),
            count_open_tours_by_frontier(b, None, 2),
            "{b}"
        );
        for tour in &tours {
            if let Some(why) = meet::pruning_failure(&g, tour) {
                panic!("{b}: tour {tour:?}: {why}");
            }
        }
    }
}

/// Proves every pruning rule sound on every tour of the boards with tours up to 25 squares
/// (odd and even numbers of squares, so both colour rules and both table layouts): 1 x 1, 3 x 4,
/// 3 x 7, 3 x 8, 4 x 5, 4 x 6 and 5 x 5 (1,728 tours).
#[test]
fn every_tour_passes_the_pruning() {
    check_pruning_on_every_tour(&[(1, 1), (3, 4), (3, 7), (3, 8), (4, 5), (4, 6), (5, 5)]);
}

/// The same on 3 x 9, 3 x 10, 4 x 7, 4 x 8 (62,176 tours) and 5 x 6 (37,568 tours): a minute
/// in release, `cargo test --release -p knightbits-board -- --ignored pruning`.
#[test]
#[ignore]
fn every_tour_of_larger_boards_passes_the_pruning() {
    check_pruning_on_every_tour(&[(3, 9), (3, 10), (4, 7), (4, 8), (5, 6)]);
}

/// Proves the 5 x 5 per-start counts of both methods agree on every square, and sum to 1,728.
#[test]
fn open_5x5_every_start_agrees_with_depth_first_search() {
    let b = board(5, 5);
    let mut sum = 0;
    for i in 0..b.len() {
        let c = b.coord(i);
        let n = count_open_tours(b, Some(c), 2).unwrap();
        assert_eq!(n, dfs::open_tours(b, Some(c)), "{c:?}");
        sum += n;
    }
    assert_eq!(sum, 1728);
}

/// Proves the per-start count (one middle square per symmetry orbit, first halves ending
/// anywhere in the start's orbit, scaled by the two orbits' sizes) equals the sum over every
/// middle square walked for that start alone, on every start of boards with 1, 2 and 4
/// symmetries fixing the middle's orbit: 3 x 4, 3 x 7, 4 x 5, 4 x 6 and 5 x 5.
#[test]
fn open_start_counts_agree_with_every_middle_walked() {
    for (w, h) in [(3, 4), (3, 7), (4, 5), (4, 6), (5, 5)] {
        let b = board(w, h);
        let g = grid::Grid::new(b).unwrap();
        for i in 0..b.len() {
            let c = b.coord(i);
            assert_eq!(
                count_open_tours(b, Some(c), 2).map(u128::from),
                Ok(meet::count_from_every_middle(&g, g.bit(c), 2)),
                "{b} {c:?}"
            );
        }
    }
}

/// The same on 6 x 6 from a corner, the square next to it and a centre square, and on 5 x 6
/// from one square of each orbit: `cargo test --release -p knightbits-board -- --ignored
/// every_middle`.
#[test]
#[ignore]
fn open_start_counts_of_larger_boards_agree_with_every_middle_walked() {
    for (w, h, squares) in [
        (6, 6, &[(0, 0), (1, 0), (2, 2)][..]),
        (
            5,
            6,
            &[
                (0, 0),
                (1, 0),
                (2, 0),
                (0, 1),
                (1, 1),
                (2, 1),
                (0, 2),
                (1, 2),
                (2, 2),
            ],
        ),
    ] {
        let b = board(w, h);
        let g = grid::Grid::new(b).unwrap();
        for &(f, r) in squares {
            let c = Coord::new(f, r);
            assert_eq!(
                count_open_tours(b, Some(c), 2).map(u128::from),
                Ok(meet::count_from_every_middle(&g, g.bit(c), 2)),
                "{b} {c:?}"
            );
        }
    }
}

/// Proves the per-start counts of 5 x 6, 3 x 10 and 4 x 7 equal the tours listed by depth-first
/// search from each start, on every start, and add up to the all-starts count: `cargo test
/// --release -p knightbits-board -- --ignored listed`.
#[test]
#[ignore]
fn open_start_counts_match_listed_tours() {
    for (w, h) in [(5, 6), (3, 10), (4, 7)] {
        let b = board(w, h);
        let mut from = std::vec![0u64; b.len() as usize];
        for tour in all_tours(b) {
            from[tour[0] as usize] += 1;
        }
        let mut sum = 0;
        for i in 0..b.len() {
            let n = count_open_tours(b, Some(b.coord(i)), 2).unwrap();
            assert_eq!(n, from[i as usize], "{b} {:?}", b.coord(i));
            sum += n;
        }
        assert_eq!(Ok(sum), count_open_tours(b, None, 2), "{b}");
    }
}

/// Proves the 6 x 6 total of OEIS A165134 (6,637,920) and that the per-start counts of one
/// square per symmetry class, weighted by class size, add up to it. Slow in debug builds:
/// `cargo test --release -p knightbits --features std -- --ignored count`.
#[test]
#[ignore]
fn open_6x6_matches_oeis() {
    let b = board(6, 6);
    assert_eq!(count_open_tours(b, None, 2), Ok(6_637_920));
    // (file, rank) of one square per class and the class size under the 8 symmetries.
    let classes = [
        ((0, 0), 4),
        ((1, 0), 8),
        ((2, 0), 8),
        ((1, 1), 4),
        ((2, 1), 8),
        ((2, 2), 4),
    ];
    let total: u64 = classes
        .iter()
        .map(|&((f, r), size)| size * count_open_tours(b, Some(Coord::new(f, r)), 2).unwrap())
        .sum();
    assert_eq!(total, 6_637_920);
}

/// Proves OEIS A165134's 7 x 7 count: 165,575,218,320 directed open tours, the sum over the
/// six orbits of middle squares of the corners' colour. Long: run in release,
/// `cargo test -p knightbits-board --release -- --ignored seven`.
#[test]
#[ignore]
fn open_seven_by_seven_matches_oeis() {
    let b = board(7, 7);
    assert_eq!(count_open_tours(b, None, 2), Ok(165_575_218_320));
}

/// Proves the open-tour plan's units add up to the whole count: 5x5 (1,728, OEIS A165134),
/// 5x5 from a1 (304), 3x8 and 4x5 as meet in the middle counts them whole.
#[test]
fn open_units_add_up_to_the_count() {
    for (b, start, expected) in [
        (board(5, 5), None, Some(1728)),
        (board(5, 5), Some(Coord::new(0, 0)), Some(304)),
        (board(3, 8), None, None),
        (board(4, 5), None, None),
    ] {
        let plan = OpenTours::new(b, start).unwrap();
        let go_on = std::sync::atomic::AtomicBool::new(false);
        let sum: u128 = (0..plan.units())
            .map(|u| plan.count_unit(u, 2, &go_on).unwrap().unwrap())
            .sum();
        let whole = count_open_tours(b, start, 2).unwrap();
        assert_eq!(plan.total(sum), Ok(whole), "{b}");
        if let Some(e) = expected {
            assert_eq!(whole, e);
        }
        assert_eq!(plan.count_unit(plan.units(), 1, &go_on), Ok(Some(0)));
    }
}
