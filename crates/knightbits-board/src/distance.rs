//! Knight distance and shortest paths on boards of any size, in O(1) per distance: the
//! infinite-board formula with the exact corrections near edges and corners.

use core::iter::FusedIterator;

use crate::board::{Board, Coord};

/// The number of knight moves between two squares `(df, dr)` apart on an infinite board.
///
/// With `x ≥ y` the absolute differences and `δ = x − y`, and `⌊·⌋` floor division:
/// `(1, 0)` → 3, `(2, 2)` → 4, otherwise `δ − 2⌊(δ − y)/3⌋` when `y > δ` and
/// `δ − 2⌊(δ − y)/4⌋` when `y ≤ δ`.
///
/// Derivation: a move changes the larger coordinate by at most 2 and the sum `x + y` by at
/// most 3, and always changes the parity of `x + y`; so `d ≥ ⌈x/2⌉`, `d ≥ ⌈(x + y)/3⌉` and
/// `d ≡ x + y (mod 2)`. The least such `d` is reached by combining `(2, 1)` and `(1, 2)`
/// moves (and pairs `(2, 1) + (2, −1)` when `x ≥ 2y`) in every case except the two near the
/// origin listed first. When `y > δ` the sum bound dominates and the formula is that bound
/// rounded up to the right parity; when `y ≤ δ` the `x/2` bound dominates likewise. This is the
/// well-known closed form for OEIS A065775 (and A018837, A018838 on its axis and diagonal); the
/// tests check it against breadth-first search.
///
/// ```
/// use knightbits_board::infinite_distance;
/// assert_eq!(infinite_distance(1, 0), 3);
/// assert_eq!(infinite_distance(2, 2), 4);
/// assert_eq!(infinite_distance(1, 1), 2);
/// assert_eq!(infinite_distance(4, 0), 2);
/// assert_eq!(infinite_distance(99, 99), 66);
/// assert_eq!(infinite_distance(-81, 1), 42);
/// ```
#[inline]
pub const fn infinite_distance(df: i32, dr: i32) -> u32 {
    let (a, b) = (df.unsigned_abs() as i64, dr.unsigned_abs() as i64);
    let (x, y) = if a >= b { (a, b) } else { (b, a) };
    let delta = x - y;
    let t = delta - y; // at least -2^31
    // Floor divisions without branches: shift t to be non-negative for the division by 3
    // (a multiply), arithmetic shift for the division by 4; then select.
    const OFFSET: i64 = 1 << 31;
    let by3 = ((t + 3 * OFFSET) as u64 / 3) as i64 - OFFSET;
    let by4 = t >> 2;
    let d = delta - 2 * if y > delta { by3 } else { by4 };
    // The two exceptions, (1, 0) and (2, 2), are both 2 above the formula.
    let special = (x == 1 && y == 0) | (x == 2 && y == 2);
    d as u32 + 2 * special as u32
}

impl Board {
    /// Is `c` one of the four corners?
    #[inline]
    const fn is_corner(self, c: Coord) -> bool {
        (c.file == 0 || c.file as u32 == self.width() - 1)
            && (c.rank == 0 || c.rank as u32 == self.height() - 1)
    }

    /// The number of knight moves from `a` to `b` on this board, in constant time; `None` when
    /// `b` cannot be reached from `a` or a square is off the board.
    ///
    /// The infinite-board distance ([`infinite_distance`]) holds on every board except:
    /// - boards 1 square wide (or high): no move at all, only `a == b` is reachable;
    /// - boards 2 wide (or high): every move crosses to the other file and goes 2 along, so `b` is
    ///   reachable iff the distance along is `2k` and the files differ iff `k` is odd, in `k`
    ///   moves;
    /// - the 3x3 board: its centre has no moves;
    /// - a corner and its diagonal neighbour: 4 moves, not 2 (both 2-move routes leave the
    ///   board);
    /// - the two corners of a side 4 squares long: 5 moves, not 3;
    /// - on a board 3 wide (or 3 high), two squares of the middle file (rank) 2 apart: 4 moves,
    ///   not 2;
    /// - the two centre squares of the 3x4 board: 5 moves, not 3.
    ///
    /// These corrections were found by breadth-first search, and the tests prove the result
    /// equal to breadth-first search on every pair of squares of every board up to 12x12 and
    /// on large boards from sampled squares.
    ///
    /// ```
    /// use knightbits_board::{Board, Coord};
    /// let chess = Board::CHESS;
    /// assert_eq!(chess.distance(Coord::new(0, 0), Coord::new(7, 7)), Some(6));
    /// assert_eq!(chess.distance(Coord::new(0, 0), Coord::new(1, 1)), Some(4));
    /// let big = Board::new(10_000, 10_000).unwrap();
    /// assert_eq!(big.distance(Coord::new(0, 0), Coord::new(9_999, 9_999)), Some(6_666));
    /// let narrow = Board::new(2, 8).unwrap();
    /// assert_eq!(narrow.distance(Coord::new(0, 0), Coord::new(1, 2)), Some(1));
    /// assert_eq!(narrow.distance(Coord::new(0, 0), Coord::new(1, 1)), None);
    /// ```
    #[inline]
    pub fn distance(self, a: Coord, b: Coord) -> Option<u32> {
        let (w, h) = (self.width(), self.height());
        // Non-short-circuit `&`: one branch instead of four.
        let on_board = ((a.file as u32) < w)
            & ((a.rank as u32) < h)
            & ((b.file as u32) < w)
            & ((b.rank as u32) < h);
        if !on_board {
            return None;
        }
        let df = a.file.abs_diff(b.file) as u32;
        let dr = a.rank.abs_diff(b.rank) as u32;
        if w.min(h) <= 2 {
            return self.narrow_distance(df, dr);
        }
        // Every correction concerns squares at most 3 apart (df + dr ≤ 3): one branch, well
        // predicted, keeps the common case on the formula.
        if df + dr <= 3
            && let Some(d) = self.near_edge_distance(a, b, df, dr)
        {
            return d;
        }
        Some(infinite_distance(df as i32, dr as i32))
    }

    /// Boards 1 or 2 wide (either way).
    fn narrow_distance(self, df: u32, dr: u32) -> Option<u32> {
        let (w, h) = (self.width(), self.height());
        if df == 0 && dr == 0 {
            return Some(0);
        }
        if w == 1 || h == 1 {
            return None;
        }
        let (across, along) = if w == 2 { (df, dr) } else { (dr, df) };
        let k = along / 2;
        if along % 2 == 0 && k % 2 == across {
            Some(k)
        } else {
            None
        }
    }

    /// The corrections, on boards at least 3 wide, for squares with `df + dr ≤ 3`; `None` when
    /// the infinite-board distance holds.
    fn near_edge_distance(self, a: Coord, b: Coord, df: u32, dr: u32) -> Option<Option<u32>> {
        let (w, h) = (self.width(), self.height());
        if a == b {
            return Some(Some(0));
        }
        if w == 3 && h == 3 && (a == Coord::new(1, 1) || b == Coord::new(1, 1)) {
            return Some(None);
        }
        if df == 1 && dr == 1 && (self.is_corner(a) || self.is_corner(b)) {
            return Some(Some(4));
        }
        if self.is_corner(a)
            && self.is_corner(b)
            && ((w == 4 && df == 3 && dr == 0) || (h == 4 && dr == 3 && df == 0))
        {
            return Some(Some(5));
        }
        if (w == 3 && a.file == 1 && b.file == 1 && dr == 2)
            || (h == 3 && a.rank == 1 && b.rank == 1 && df == 2)
        {
            return Some(Some(4));
        }
        if ((w, h) == (3, 4) && a.file == 1 && b.file == 1 && dr == 1 && a.rank + b.rank == 3)
            || ((w, h) == (4, 3) && a.rank == 1 && b.rank == 1 && df == 1 && a.file + b.file == 3)
        {
            return Some(Some(5));
        }
        None
    }

    /// A shortest knight path from `a` to `b`, both included (`distance + 1` squares), or
    /// `None` when [`Board::distance`] is `None`. The path is walked lazily: each step goes to
    /// the first knight move, in the order of [`Board::knight_moves`], one move closer to `b`,
    /// so it needs no memory and works on a 10,000 x 10,000 board.
    ///
    /// ```
    /// use knightbits_board::{Board, Coord};
    /// let board = Board::new(100, 3).unwrap();
    /// let path: Vec<Coord> = board.path(Coord::new(0, 0), Coord::new(99, 2)).unwrap().collect();
    /// assert_eq!(path.len(), 52); // 51 moves
    /// assert_eq!(path.last(), Some(&Coord::new(99, 2)));
    /// assert!(Board::new(3, 3).unwrap().path(Coord::new(0, 0), Coord::new(1, 1)).is_none());
    /// ```
    pub fn path(self, a: Coord, b: Coord) -> Option<BoardPath> {
        let remaining = self.distance(a, b)?;
        Some(BoardPath {
            board: self,
            next: Some(a),
            target: b,
            remaining,
        })
    }
}

/// A shortest knight path on a [`Board`], walked one square at a time; made by
/// [`Board::path`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardPath {
    board: Board,
    next: Option<Coord>,
    target: Coord,
    /// Moves still to make after yielding `next`.
    remaining: u32,
}

impl BoardPath {
    /// The square the path ends on.
    #[inline]
    pub fn target(&self) -> Coord {
        self.target
    }
}

impl Iterator for BoardPath {
    type Item = Coord;

    fn next(&mut self) -> Option<Coord> {
        let current = self.next?;
        self.next = if self.remaining == 0 {
            None
        } else {
            self.remaining -= 1;
            let want = self.remaining;
            let (board, target) = (self.board, self.target);
            // A square at distance d > 0 from the target always has a knight move at distance
            // d - 1 (the distance is exact); should none be found, the path ends early rather
            // than loop or panic.
            let step = board
                .knight_moves(current)
                .find(|&c| board.distance(c, target) == Some(want));
            if step.is_none() {
                self.remaining = 0;
            }
            step
        };
        Some(current)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = match self.next {
            Some(_) => self.remaining as usize + 1,
            None => 0,
        };
        (n, Some(n))
    }
}

impl ExactSizeIterator for BoardPath {}

impl FusedIterator for BoardPath {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    /// Independent reference: the shared breadth-first search over explicit (file, rank)
    /// deltas; `u32::MAX` marks unreachable squares.
    fn bfs(board: Board, from: Coord) -> Vec<u32> {
        knightbits_testkit::bfs(
            board.width(),
            board.height(),
            from.file.into(),
            from.rank.into(),
        )
        .into_iter()
        .map(|d| d.unwrap_or(u32::MAX))
        .collect()
    }

    /// Independent path checker: `distance + 1` squares from `a` to `b`, all on the board,
    /// each step a knight move by its (file, rank) differences.
    fn check_path(board: Board, a: Coord, b: Coord, expected: u32) {
        let path = board.path(a, b).expect("reachable");
        assert_eq!(path.len(), expected as usize + 1, "{board} {a:?} {b:?}");
        let mut previous: Option<Coord> = None;
        let mut count = 0u32;
        for c in path {
            assert!(c.file < board.width() as u16 && c.rank < board.height() as u16);
            match previous {
                None => assert_eq!(c, a),
                Some(p) => {
                    let df = p.file.abs_diff(c.file) as u32;
                    let dr = p.rank.abs_diff(c.rank) as u32;
                    assert_eq!(df * dr, 2, "{board} {a:?} {b:?}: {p:?} to {c:?}");
                }
            }
            previous = Some(c);
            count += 1;
        }
        assert_eq!(count, expected + 1, "{board} {a:?} {b:?}");
        assert_eq!(previous, Some(b));
    }

    fn coords(board: Board) -> impl Iterator<Item = Coord> {
        (0..board.len()).map(move |i| board.coord(i))
    }

    /// Compares every target square with BFS from `from`; paths too when `paths`.
    fn check_source(board: Board, from: Coord, paths: bool) {
        let reference = bfs(board, from);
        for to in coords(board) {
            let expected = reference[board.index(to) as usize];
            let got = board.distance(from, to);
            if expected == u32::MAX {
                assert_eq!(got, None, "{board} {from:?} {to:?}");
                assert!(board.path(from, to).is_none());
            } else {
                assert_eq!(got, Some(expected), "{board} {from:?} {to:?}");
                if paths {
                    check_path(board, from, to, expected);
                }
            }
        }
    }

    /// Proves the closed form exact on every ordered pair of every board from 1x1 to 12x12
    /// (all 144 width/height combinations, 422,500 pairs), with every path valid and shortest.
    #[test]
    fn every_pair_of_every_board_up_to_12x12() {
        for w in 1..=12 {
            for h in 1..=12 {
                let board = Board::new(w, h).unwrap();
                for from in coords(board) {
                    check_source(board, from, true);
                }
            }
        }
    }

    /// Proves the closed form exact from sampled sources (corners, edges, near corners,
    /// centre) against BFS over the whole board, on narrow and large boards.
    #[test]
    fn sampled_sources_on_large_boards() {
        for (w, h) in [
            (100, 3),
            (3, 100),
            (4, 257),
            (257, 5),
            (6, 300),
            (10_000, 2),
            (2, 10_000),
            (10_000, 1),
            (10_000, 3),
            (4, 10_000),
            (1_000, 1_000),
        ] {
            let board = Board::new(w, h).unwrap();
            let (mw, mh) = (w as u16 - 1, h as u16 - 1);
            let mut sources = vec![
                Coord::new(0, 0),
                Coord::new(mw, mh),
                Coord::new(mw / 2, mh / 2),
                Coord::new(mw.min(1), mh.min(1)),
                Coord::new(mw / 3, 0),
                Coord::new(0, mh / 3),
            ];
            sources.dedup();
            for from in sources {
                check_source(board, from, false);
            }
        }
    }

    /// Proves paths valid on large boards, corner to corner and across.
    #[test]
    fn paths_on_large_boards() {
        for (w, h, a, b) in [
            (10_000, 10_000, Coord::new(0, 0), Coord::new(9_999, 9_999)),
            (10_000, 10_000, Coord::new(0, 0), Coord::new(1, 1)),
            (10_000, 10_000, Coord::new(5_000, 17), Coord::new(5_001, 17)),
            (10_000, 2, Coord::new(0, 0), Coord::new(9_998, 1)),
            (3, 10_000, Coord::new(1, 0), Coord::new(1, 9_999)),
            (4, 10_000, Coord::new(0, 9_999), Coord::new(3, 9_999)),
        ] {
            let board = Board::new(w, h).unwrap();
            let d = board.distance(a, b).unwrap();
            // Reference distance from the path's own end: BFS when the board is small enough,
            // otherwise the path checker's step count against the formula.
            if board.len() <= 40_000 {
                assert_eq!(d, bfs(board, a)[board.index(b) as usize]);
            }
            check_path(board, a, b, d);
        }
        assert_eq!(
            Board::new(10_000, 10_000)
                .unwrap()
                .distance(Coord::new(0, 0), Coord::new(9_999, 9_999)),
            Some(6_666)
        );
    }

    /// Proves the unreachable cases the issue names are reported as such (and are
    /// unreachable by BFS).
    #[test]
    fn unreachable_pairs() {
        let b1 = Board::new(1, 7).unwrap();
        assert_eq!(b1.distance(Coord::new(0, 0), Coord::new(0, 0)), Some(0));
        assert_eq!(b1.distance(Coord::new(0, 0), Coord::new(0, 3)), None);
        let b2 = Board::new(2, 9).unwrap();
        assert_eq!(b2.distance(Coord::new(0, 0), Coord::new(0, 2)), None);
        assert_eq!(b2.distance(Coord::new(0, 0), Coord::new(0, 4)), Some(2));
        let b3 = Board::new(3, 3).unwrap();
        assert_eq!(b3.distance(Coord::new(0, 0), Coord::new(1, 1)), None);
        assert_eq!(b3.distance(Coord::new(1, 1), Coord::new(1, 1)), Some(0));
        assert_eq!(b3.distance(Coord::new(0, 0), Coord::new(2, 2)), Some(4));
        assert_eq!(
            b3.distance(Coord::new(0, 0), Coord::new(3, 0)),
            None,
            "off board"
        );
        for (board, a, b) in [
            (b1, Coord::new(0, 0), Coord::new(0, 3)),
            (b2, Coord::new(0, 0), Coord::new(0, 2)),
            (b3, Coord::new(0, 0), Coord::new(1, 1)),
        ] {
            assert_eq!(bfs(board, a)[board.index(b) as usize], u32::MAX);
        }
    }

    /// Proves the infinite-board formula against BFS from the centre of a 201x201 board for
    /// every displacement up to 40 (shortest paths that short never come near the edge),
    /// against published values ((42,22) → 22, (84,73) → 53, (45,66) → 37, (99,99) → 66,
    /// (-45,-91) → 46, (-81,1) → 42, (11,-2) → 7), and against the lower-bound
    /// characterisation of its derivation up to 300.
    #[test]
    fn infinite_formula() {
        let board = Board::new(201, 201).unwrap();
        let centre = Coord::new(100, 100);
        let reference = bfs(board, centre);
        for df in -40i32..=40 {
            for dr in -40i32..=40 {
                let c = Coord::new((100 + df) as u16, (100 + dr) as u16);
                assert_eq!(
                    infinite_distance(df, dr),
                    reference[board.index(c) as usize],
                    "{df} {dr}"
                );
            }
        }
        for (df, dr, d) in [
            (0, 0, 0),
            (0, 1, 3),
            (0, 2, 2),
            (1, 1, 2),
            (1, 2, 1),
            (3, 3, 2),
            (4, 0, 2),
            (42, 22, 22),
            (84, 73, 53),
            (45, 66, 37),
            (99, 99, 66),
            (-45, -91, 46),
            (-81, 1, 42),
            (11, -2, 7),
        ] {
            assert_eq!(infinite_distance(df, dr), d, "{df} {dr}");
        }
        for x in 0u32..=300 {
            for y in 0..=x {
                let lower = x.div_ceil(2).max((x + y).div_ceil(3));
                let mut d = lower + (lower + x + y) % 2;
                if (x, y) == (1, 0) {
                    d = 3;
                }
                if (x, y) == (2, 2) {
                    d = 4;
                }
                assert_eq!(infinite_distance(x as i32, y as i32), d, "{x} {y}");
                assert_eq!(infinite_distance(y as i32, x as i32), d);
            }
        }
    }

    /// OEIS A018842, number of squares at knight distance exactly n on an infinite board:
    /// 1, 8, 32, 68, 96, 120, 148, 176, 204, 232, 260, 288, then 28n − 20 (n ≥ 5).
    const A018842: [u32; 12] = [1, 8, 32, 68, 96, 120, 148, 176, 204, 232, 260, 288];

    /// Proves the rings around a square far from the edges (centre of 101x101, so every
    /// square within 20 moves is at least 10 files from an edge) have A018842's sizes, n ≤ 20.
    #[test]
    fn ring_sizes_match_oeis_a018842() {
        let board = Board::new(101, 101).unwrap();
        let centre = Coord::new(50, 50);
        let mut counts = [0u32; 21];
        for c in coords(board) {
            let d = board.distance(centre, c).unwrap();
            if d <= 20 {
                counts[d as usize] += 1;
            }
        }
        for (n, &count) in counts.iter().enumerate() {
            let expected = A018842
                .get(n)
                .copied()
                .unwrap_or_else(|| 28 * n as u32 - 20);
            assert_eq!(count, expected, "n = {n}");
        }
    }

    /// Exhaustive sweep beyond the default test: every pair of every board up to 24x24 and
    /// narrow boards up to 3..6 x 80, without paths. Run with `cargo test -- --ignored`.
    #[test]
    #[ignore]
    fn every_pair_of_every_board_up_to_24x24() {
        for w in 1..=24 {
            for h in 1..=24 {
                let board = Board::new(w, h).unwrap();
                for from in coords(board) {
                    check_source(board, from, false);
                }
            }
        }
        for w in 1..=6 {
            for h in 25..=80 {
                for board in [Board::new(w, h).unwrap(), Board::new(h, w).unwrap()] {
                    for from in coords(board) {
                        check_source(board, from, false);
                    }
                }
            }
        }
    }

    /// BFS over a whole 10,000 x 10,000 board (10⁸ squares) from a corner and from a square
    /// near the middle of an edge. Run with `cargo test --release -- --ignored`.
    #[test]
    #[ignore]
    fn full_bfs_on_the_largest_board() {
        let board = Board::new(10_000, 10_000).unwrap();
        for from in [Coord::new(0, 0), Coord::new(4_999, 1)] {
            check_source(board, from, false);
        }
    }

    /// Proves the two independent methods agree on all 4,096 pairs: the core's 8x8 table (built by
    /// fills) and the any-board closed form on the 8x8 board.
    #[test]
    fn table_agrees_with_the_closed_form() {
        use knightbits::{Square, knight::distance};
        let c = |s: Square| Coord::new(s.file() as u16, s.rank() as u16);
        for a in Square::ALL {
            for b in Square::ALL {
                assert_eq!(
                    Board::CHESS.distance(c(a), c(b)),
                    Some(distance(a, b)),
                    "{a} {b}"
                );
            }
        }
    }
}
