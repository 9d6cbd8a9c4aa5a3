//! Knight fork target squares: the wiki's loop- and branch-free routine.

use crate::bitboard::Bitboard;

/// Every square from which a knight attacks at least two squares of `targets` (the wiki's
/// `forkTargetSquare`): the union of all pairwise intersections of the eight direction attack
/// sets, accumulated without a loop or a branch.
///
/// The squares of `targets` themselves are included when they qualify: a fork square may be
/// occupied (capturing onto it can fork).
///
/// ```
/// use knightbits::{knight, Bitboard, Square};
/// // A king on e8 and a rook on a8: only a knight on c7 attacks both.
/// let targets = Bitboard::from_square(Square::E8) | Square::A8;
/// assert_eq!(knight::fork_squares(targets), Bitboard::from_square(Square::C7));
/// ```
#[inline]
pub const fn fork_squares(targets: Bitboard) -> Bitboard {
    let mut east = targets.east_one().0;
    let mut west = targets.west_one().0;
    let mut attak = east << 16;
    let mut forks = (west << 16) & attak;
    attak |= west << 16;
    forks |= (east >> 16) & attak;
    attak |= east >> 16;
    forks |= (west >> 16) & attak;
    attak |= west >> 16;
    east = Bitboard(east).east_one().0;
    west = Bitboard(west).west_one().0;
    forks |= (east << 8) & attak;
    attak |= east << 8;
    forks |= (west << 8) & attak;
    attak |= west << 8;
    forks |= (east >> 8) & attak;
    attak |= east >> 8;
    forks |= (west >> 8) & attak;
    Bitboard(forks)
}
