//! Which boards and start squares have tours: decided by rule, never by a search.

use super::TourError;
use crate::board::{Board, Coord};

/// Is there a closed tour of `board`? Schwenk's theorem (1991): an m x n board (m ≤ n) has a
/// closed knight's tour unless m and n are both odd, or m is 1, 2 or 4, or m is 3 and n is
/// 4, 6 or 8.
///
/// ```
/// use knightbits_board::{Board, tour};
/// assert!(tour::check_closed(Board::CHESS).is_ok());
/// assert!(tour::check_closed(Board::new(5, 5).unwrap()).is_err());
/// assert!(tour::check_closed(Board::new(3, 10).unwrap()).is_ok());
/// ```
pub fn check_closed(board: Board) -> Result<(), TourError> {
    let (m, n) = sides(board);
    let none =
        (m % 2 == 1 && n % 2 == 1) || matches!(m, 1 | 2 | 4) || (m == 3 && matches!(n, 4 | 6 | 8));
    if none {
        Err(TourError::NoClosedTour)
    } else {
        Ok(())
    }
}

/// Is there an open tour of `board` starting on `start`?
///
/// The rule, for an m x n board with m ≤ n:
/// - 1 x 1 has the one-square tour; other boards with m ≤ 2, and 3 x 3, 3 x 5, 3 x 6 and
///   4 x 4, have no open tour (Cull & De Curtins 1978: open tours exist when m ≥ 5, and on
///   3 x n for n = 4 and n ≥ 7, and on 4 x n for n ≥ 5).
/// - On a board with an odd number of squares a tour alternates colours and so starts and ends
///   on the majority colour, the colour of the corners.
/// - 4 x n (n ≥ 5): only from the two outer lines of length n. Proof: a square on an outer line
///   only reaches the two inner lines, which hold as many squares, so on a path of 4n squares
///   no two outer squares are consecutive. If they alternated exactly, all outer squares would
///   share a colour, but each outer line has both colours equally; so the path has one pair of
///   consecutive inner squares and starts and ends on an outer line. From every outer square
///   there is one: the construction of [`Tour::open`](super::Tour::open) builds it.
/// - 3 x 4: only from the two lines of length 3 at the ends; 3 x 7: not from the centre;
///   3 x 8: not from the two squares on the middle line three squares from either end; 3 x n
///   for n ≥ 9: from every square. The excluded squares were found by exhaustive search (the
///   tests repeat it up to 3 x 8); tours from every other square are built by
///   [`Tour::open`](super::Tour::open) (closed tours read from the start for even n ≥ 10, growth
///   by 4 files for n ≥ 13, search below).
///
/// ```
/// use knightbits_board::{Board, Coord, tour};
/// let five = Board::new(5, 5).unwrap();
/// assert!(tour::check_open(five, Coord::new(0, 0)).is_ok());
/// assert!(tour::check_open(five, Coord::new(1, 0)).is_err()); // minority colour
/// assert!(tour::check_open(Board::new(4, 4).unwrap(), Coord::new(0, 0)).is_err());
/// ```
pub fn check_open(board: Board, start: Coord) -> Result<(), TourError> {
    if !board.contains(start) {
        return Err(TourError::StartOffBoard);
    }
    let (m, n) = sides(board);
    if board.len() == 1 {
        return Ok(());
    }
    if m <= 2 || (m == 3 && matches!(n, 3 | 5 | 6)) || (m == 4 && n == 4) {
        return Err(TourError::NoOpenTour);
    }
    if board.len() % 2 == 1 && (start.file + start.rank) % 2 == 1 {
        return Err(TourError::WrongColour);
    }
    // Along the short side (across) and the long side (along), from 0.
    let (across, along) = if board.width() == m {
        (start.file as u32, start.rank as u32)
    } else {
        (start.rank as u32, start.file as u32)
    };
    let excluded = match (m, n) {
        (4, _) => across == 1 || across == 2,
        (3, 4) => along == 1 || along == 2,
        (3, 7) => across == 1 && along == 3,
        (3, 8) => across == 1 && (along == 2 || along == 5),
        _ => false,
    };
    if excluded {
        Err(TourError::NoTourFromStart)
    } else {
        Ok(())
    }
}

/// The short and the long side.
fn sides(board: Board) -> (u32, u32) {
    let (w, h) = (board.width(), board.height());
    (w.min(h), w.max(h))
}
