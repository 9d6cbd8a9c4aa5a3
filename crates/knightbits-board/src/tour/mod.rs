//! Knight's tours on boards of any size (feature `alloc`): open tours from any start square by
//! Warnsdorff's rule with fallbacks that always complete, closed tours by divide and conquer,
//! and an independent validator. Memory stays within 5 bytes per square (a `u32` per square of
//! the tour plus one byte of working state), 0.5 GB for 10,000 x 10,000.
//!
//! ```
//! use knightbits_board::{Board, Coord, tour::{self, Tour}};
//! let board = Board::new(10, 10).unwrap();
//! let open = Tour::open(board, Coord::new(0, 0)).unwrap();
//! assert_eq!(tour::validate(board, open.squares(), false), Ok(()));
//! let closed = Tour::closed(board).unwrap();
//! assert_eq!(tour::validate(board, closed.squares(), true), Ok(()));
//! ```

mod base;
mod blocks;
mod four;
mod links;
mod rules;
mod search;
mod thin;
mod validate;
mod warnsdorff;

use alloc::vec::Vec;
use core::fmt;

pub use self::rules::{check_closed, check_open};
pub use self::validate::validate;
pub use self::warnsdorff::warnsdorff_8x8;

use crate::board::{Board, Coord};

/// Why no tour was returned, or why a list of squares is not a tour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TourError {
    /// The board has no open tour from any square (see [`check_open`]).
    NoOpenTour,
    /// The board has no closed tour (Schwenk's theorem, see [`check_closed`]).
    NoClosedTour,
    /// The board has an odd number of squares and the start is not of the corners' colour.
    WrongColour,
    /// The board has open tours, but none from this start square (see [`check_open`]).
    NoTourFromStart,
    /// The start square is not on the board.
    StartOffBoard,
    /// Every fallback ran out of its budget (not seen in the tests on any board).
    GaveUp,
    /// The list does not have one entry per square.
    WrongLength,
    /// Entry `step` is not a square of the board.
    OffBoard {
        /// Position in the list, from 0.
        step: usize,
    },
    /// Entry `step` repeats an earlier square.
    Repeated {
        /// Position in the list, from 0.
        step: usize,
    },
    /// Entry `step` is not a knight move from the one before.
    NotKnightMove {
        /// Position in the list, from 0.
        step: usize,
    },
    /// The last square is not a knight move from the first.
    NotClosed,
}

impl fmt::Display for TourError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TourError::NoOpenTour => f.write_str("this board has no open knight's tour"),
            TourError::NoClosedTour => f.write_str(
                "this board has no closed knight's tour (schwenk: both sides odd, a side of 1, 2 or 4, or 3x4, 3x6, 3x8)",
            ),
            TourError::WrongColour => f.write_str(
                "on a board with an odd number of squares an open tour starts on the corners' colour",
            ),
            TourError::NoTourFromStart => f.write_str("no open knight's tour starts on this square"),
            TourError::StartOffBoard => f.write_str("the start square is not on the board"),
            TourError::GaveUp => f.write_str("the tour search gave up on this board"),
            TourError::WrongLength => f.write_str("a tour must list every square of the board once"),
            TourError::OffBoard { step } => write!(f, "step {step} is not a square of the board"),
            TourError::Repeated { step } => write!(f, "step {step} repeats a square"),
            TourError::NotKnightMove { step } => {
                write!(f, "step {step} is not a knight move from the step before")
            }
            TourError::NotClosed => {
                f.write_str("the last square is not a knight move from the first")
            }
        }
    }
}

impl core::error::Error for TourError {}

/// A knight's tour: every square of a board once, in order, by knight moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tour {
    board: Board,
    closed: bool,
    squares: Vec<u32>,
}

impl Tour {
    /// An open tour of `board` starting on `start`, if one exists (decided by [`check_open`]).
    ///
    /// Warnsdorff's rule first (on boards up to 2000 x 2000): the next square is the one with
    /// the fewest onward moves (on 8x8 a popcount of the attacks on unvisited squares, see [`warnsdorff_8x8`]; on
    /// other boards a degree array), ties broken by Roth's rule, the square farthest from the
    /// centre. If that gets stuck, a method that completes:
    /// - boards with a closed tour: the closed tour read from the start (linear time);
    /// - both sides odd (at least 5): divide and conquer around an odd block that holds the
    ///   start, covered by a searched path (linear time);
    /// - 3 x n, n ≥ 13: a searched 3 x 13 to 3 x 16 piece holding the start, grown by 4 files at
    ///   a time on both sides (linear time);
    /// - 4 x n: the cycles of the two classes of squares (outer squares of one colour with
    ///   inner squares of the other), each built from stored blocks, opened at the start and
    ///   joined by one inner-to-inner move (linear time, see the `four` module);
    /// - 3 x 4 to 3 x 12: Warnsdorff again with 279 other tie-breaks (nearest the centre, no
    ///   distance, rotated move orders, 256 seeded random orders), then the bounded
    ///   backtracking search, which the tests show succeeds from every allowed start.
    ///
    /// [`TourError::GaveUp`] is returned only if a construction's internal search fails, which
    /// the tests show does not happen.
    ///
    /// ```
    /// use knightbits_board::{Board, Coord, tour::{Tour, TourError}};
    /// let tour = Tour::open(Board::new(5, 5).unwrap(), Coord::new(2, 2)).unwrap();
    /// assert_eq!(tour.squares().len(), 25);
    /// assert_eq!(tour.squares()[0], 12);
    /// let four = Board::new(4, 4).unwrap();
    /// assert_eq!(Tour::open(four, Coord::new(0, 0)), Err(TourError::NoOpenTour));
    /// ```
    pub fn open(board: Board, start: Coord) -> Result<Tour, TourError> {
        check_open(board, start)?;
        let squares = open_squares(board, start)?;
        Ok(Tour {
            board,
            closed: false,
            squares,
        })
    }

    /// A closed tour of `board` starting on the bottom left corner, if one exists (decided
    /// by [`check_closed`]).
    ///
    /// Boards with both sides at least 5 are built by divide and conquer in linear time (after
    /// Parberry): blocks with stored structured tours joined by move swaps. Boards 3 squares
    /// wide grow from a searched 3 x 10 or 3 x 12 tour by 4 files at a time (Schwenk's
    /// induction), also in linear time.
    ///
    /// ```
    /// use knightbits_board::{Board, tour::{self, Tour}};
    /// let tour = Tour::closed(Board::CHESS).unwrap();
    /// assert_eq!(tour::validate(Board::CHESS, tour.squares(), true), Ok(()));
    /// assert!(Tour::closed(Board::new(5, 5).unwrap()).is_err());
    /// ```
    pub fn closed(board: Board) -> Result<Tour, TourError> {
        check_closed(board)?;
        let squares = closed_squares(board, 0)?;
        Ok(Tour {
            board,
            closed: true,
            squares,
        })
    }

    /// A closed tour of `board` read from `start`: the same cycle as [`Tour::closed`], which
    /// may begin on any of its squares.
    ///
    /// ```
    /// use knightbits_board::{Board, Coord, tour::{self, Tour}};
    /// let board = Board::new(6, 6).unwrap();
    /// let tour = Tour::closed_from(board, Coord::new(3, 2)).unwrap();
    /// assert_eq!(tour.squares()[0], board.index(Coord::new(3, 2)));
    /// assert_eq!(tour::validate(board, tour.squares(), true), Ok(()));
    /// ```
    pub fn closed_from(board: Board, start: Coord) -> Result<Tour, TourError> {
        check_closed(board)?;
        if !board.contains(start) {
            return Err(TourError::StartOffBoard);
        }
        let squares = closed_squares(board, board.index(start))?;
        Ok(Tour {
            board,
            closed: true,
            squares,
        })
    }

    /// The board toured.
    #[inline]
    pub fn board(&self) -> Board {
        self.board
    }

    /// Does the last square lie a knight move from the first?
    #[inline]
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The squares in tour order, as row-major indices ([`Board::index`]).
    #[inline]
    pub fn squares(&self) -> &[u32] {
        &self.squares
    }

    /// The squares in tour order, as coordinates.
    pub fn coords(&self) -> Coords<'_> {
        Coords {
            board: self.board,
            inner: self.squares.iter(),
        }
    }

    /// The squares in tour order, giving up the tour.
    pub fn into_squares(self) -> Vec<u32> {
        self.squares
    }
}

/// The squares of a [`Tour`] as coordinates; made by [`Tour::coords`].
#[derive(Clone, Debug)]
pub struct Coords<'a> {
    board: Board,
    inner: core::slice::Iter<'a, u32>,
}

impl Iterator for Coords<'_> {
    type Item = Coord;

    #[inline]
    fn next(&mut self) -> Option<Coord> {
        self.inner.next().map(|&i| self.board.coord(i))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl ExactSizeIterator for Coords<'_> {}

/// Largest board on which Warnsdorff's rule is tried first (2000 x 2000). Beyond it the rule
/// with Roth's tie-break was seen to get stuck (from the corner of 10,000 x 10,000, after
/// 2.7 s), so the linear-time constructions go first.
const WARNSDORFF_MAX_SQUARES: u32 = 4_000_000;

/// Node budget of the backtracking search, per square of the board.
const SEARCH_BUDGET_PER_SQUARE: u64 = 20_000;

/// Most nodes of the backtracking search on any board.
const SEARCH_BUDGET_MAX: u64 = 20_000_000;

/// An open tour from `start`; the rule has been checked.
fn open_squares(board: Board, start: Coord) -> Result<Vec<u32>, TourError> {
    let s = board.index(start);
    if board.len() == 1 {
        return Ok(alloc::vec![0]);
    }
    if board == Board::CHESS
        && let Some(sq) = knightbits::Square::from_index(s as u8).and_then(warnsdorff_8x8)
    {
        return Ok(sq.iter().map(|&q| q as u32).collect());
    }
    if board.len() <= WARNSDORFF_MAX_SQUARES
        && let Some(order) = warnsdorff::tour(board, start)
    {
        return Ok(order);
    }
    if check_closed(board).is_ok() {
        return closed_squares(board, s);
    }
    let small = board.width().min(board.height());
    let large = board.width().max(board.height());
    if small == 3
        && large >= 13
        && let Some(order) = thin::open(board, start).and_then(|links| links.walk(s))
    {
        return Ok(order);
    }
    if small == 4
        && let Some(order) = four::open(board, start).and_then(|links| links.walk(s))
    {
        return Ok(order);
    }
    if small >= 5
        && let Some(order) = blocks::open_odd(board, start).and_then(|links| links.walk(s))
    {
        return Ok(order);
    }
    // 3 x 4 to 3 x 12 (and anything a construction missed): Warnsdorff with other
    // tie-breaks, then seeded random ones, then the bounded search.
    let ties = (0..3)
        .flat_map(|centre| (0..8).map(move |rotate| warnsdorff::Tie { centre, rotate }))
        .chain((0..=255).map(|rotate| warnsdorff::Tie { centre: 3, rotate }));
    for tie in ties {
        if let Some(order) = warnsdorff::tour_with(board, start, tie) {
            return Ok(order);
        }
    }
    searched(board, s, false)
}

/// A closed tour read from square `from`; the rule has been checked.
fn closed_squares(board: Board, from: u32) -> Result<Vec<u32>, TourError> {
    if board.width().min(board.height()) >= 5 {
        blocks::closed(board)
            .and_then(|links| links.walk(from))
            .ok_or(TourError::GaveUp)
    } else {
        thin::closed(board)
            .and_then(|links| links.walk(from))
            .ok_or(TourError::GaveUp)
    }
}

/// The bounded backtracking search.
fn searched(board: Board, start: u32, closed: bool) -> Result<Vec<u32>, TourError> {
    let goal = search::Goal {
        start,
        closed,
        required: &[],
        budget: (SEARCH_BUDGET_PER_SQUARE * board.len() as u64).min(SEARCH_BUDGET_MAX),
    };
    match search::search(board, &goal) {
        search::Found::Tour(order) => Ok(order),
        search::Found::None if closed => Err(TourError::NoClosedTour),
        search::Found::None => Err(TourError::NoTourFromStart),
        search::Found::GaveUp => Err(TourError::GaveUp),
    }
}
