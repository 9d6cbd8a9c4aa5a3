//! King attacks setwise: the king's fastest routine, which the leaper definition names.

use crate::bitboard::Bitboard;

/// Attacks of every king in `kings` at once: one step east and west, then that row of three
/// one step north and south (three shifts pairs instead of eight).
///
/// ```
/// use knightbits::{king, Bitboard, Square};
/// let kings = Bitboard::from_square(Square::A1) | Square::H8;
/// assert_eq!(king::attacks_set(kings), king::attacks(Square::A1) | king::attacks(Square::H8));
/// ```
#[inline]
pub const fn attacks_set(kings: Bitboard) -> Bitboard {
    let sides = kings.east_one().union(kings.west_one());
    let row = sides.union(kings);
    sides.union(row.north_one()).union(row.south_one())
}
