//! King attacks by the eight one-step shifts.

use crate::bitboard::Bitboard;
use crate::leaper;

/// King attacks by calculation: the union of the eight one-step shifts
/// ([`Direction::shift`](crate::king::Direction::shift): north, north-east, east, south-east, south, south-west, west,
/// north-west), each masked after the shift against a/h wraps, as the article's knight is
/// (its exercise: "do the same for the Chess King").
///
/// ```
/// use knightbits::king::{self, technique};
/// use knightbits::{Bitboard, Square};
/// assert_eq!(technique::shifts(Bitboard::from_square(Square::E1)), king::attacks(Square::E1));
/// ```
#[inline]
pub const fn shifts(kings: Bitboard) -> Bitboard {
    leaper::attacks(&leaper::king::JUMPS, kings, false)
}
