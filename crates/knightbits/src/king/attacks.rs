//! King attacks by lookup and setwise, and pseudo-legal king moves.

use crate::bitboard::Bitboard;
use crate::leaper;
use crate::square::Square;

/// `ATTACKS[sq]` is the set of squares a king on `sq` attacks, built at compile time from the
/// king's eight steps, the list the knight's table is built from too.
pub static ATTACKS: [Bitboard; 64] = leaper::table(&leaper::king::JUMPS);

/// The squares a king on `square` attacks, by table lookup; usable in constants.
///
/// ```
/// use knightbits::{king, Bitboard, Square};
/// assert_eq!(king::attacks(Square::A1).count(), 3);
/// assert_eq!(king::attacks(Square::E4).count(), 8);
/// const G2: Bitboard = king::attacks(Square::G2);
/// assert_eq!(G2.count(), 8);
/// ```
#[inline]
pub const fn attacks(square: Square) -> Bitboard {
    ATTACKS[square as usize]
}

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

/// The squares the kings can move to, ignoring checks: attacks minus own pieces.
///
/// ```
/// use knightbits::{king, Bitboard, Square};
/// let own = Bitboard::from_square(Square::D1) | Square::D2;
/// assert_eq!(king::moves(Square::E1.into(), own).count(), 3);
/// ```
#[inline]
pub const fn moves(kings: Bitboard, own: Bitboard) -> Bitboard {
    attacks_set(kings).difference(own)
}
