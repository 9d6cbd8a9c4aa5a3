//! The independent tour checker: it knows nothing of how tours are built.

use super::TourError;
use crate::board::Board;

/// Checks that `squares` (row-major indices, see [`Board::index`]) is a knight's tour of
/// `board`: every square exactly once, each step a knight move, and for a closed tour a knight
/// move from the last square back to the first.
///
/// ```
/// use knightbits_board::{Board, tour};
/// let board = Board::new(3, 4).unwrap();
/// // An open tour of the 3x4 board, squares numbered rank by rank from a1.
/// let squares = [0, 7, 2, 3, 10, 5, 6, 11, 4, 9, 8, 1];
/// assert_eq!(tour::validate(board, &squares, false), Ok(()));
/// assert!(tour::validate(board, &squares, true).is_err());
/// ```
pub fn validate(board: Board, squares: &[u32], closed: bool) -> Result<(), TourError> {
    let n = board.len() as usize;
    if squares.len() != n {
        return Err(TourError::WrongLength);
    }
    // One bit per square: at most 12.5 MB for the largest board.
    let mut seen = alloc::vec![0u64; n.div_ceil(64)];
    for (step, &sq) in squares.iter().enumerate() {
        if sq as usize >= n {
            return Err(TourError::OffBoard { step });
        }
        let word = &mut seen[sq as usize / 64];
        let bit = 1u64 << (sq % 64);
        if *word & bit != 0 {
            return Err(TourError::Repeated { step });
        }
        *word |= bit;
        if step > 0 && !knight_move(board, squares[step - 1], sq) {
            return Err(TourError::NotKnightMove { step });
        }
    }
    if closed && !(n > 1 && knight_move(board, squares[n - 1], squares[0])) {
        return Err(TourError::NotClosed);
    }
    Ok(())
}

/// Are `a` and `b` a knight move apart? Worked out from the coordinates alone.
fn knight_move(board: Board, a: u32, b: u32) -> bool {
    let (w, _) = (board.width(), board.height());
    let (fa, ra) = (a % w, a / w);
    let (fb, rb) = (b % w, b / w);
    let df = fa.abs_diff(fb);
    let dr = ra.abs_diff(rb);
    df * dr == 2
}
