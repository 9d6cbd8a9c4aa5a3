//! The wiki's knight fork routine, in its own form.

use crate::bitboard::Bitboard;

/// Every square from which a knight attacks at least two squares of `targets`, as the wiki's
/// `forkTargetSquare` computes it: the eight direction attack sets in turn, each ANDed with
/// the union of those before it (`attak`) into `forks`, then ORed into `attak`: the union of
/// all pairwise intersections, without a loop or a branch. Equal to
/// [`knight::fork_squares`](crate::knight::fork_squares), which regroups the same sets for a
/// shorter dependency chain.
///
/// ```
/// use knightbits::knight::{self, technique};
/// use knightbits::{Bitboard, Square};
/// let targets = Bitboard::from_square(Square::E8) | Square::A8 | Square::D4;
/// assert_eq!(technique::fork_target_square(targets), knight::fork_squares(targets));
/// ```
#[inline]
pub const fn fork_target_square(targets: Bitboard) -> Bitboard {
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
