//! King patterns: attacks by lookup, by the eight one-step shifts, by mask translation, setwise.

use crate::bitboard::Bitboard;
use crate::square::Square;

/// Attacks of every king in `kings` at once: the eight one-step shifts.
#[inline]
pub const fn attacks_set(kings: Bitboard) -> Bitboard {
    let sides = kings.east_one().union(kings.west_one());
    let row = sides.union(kings);
    sides.union(row.north_one()).union(row.south_one())
}

/// `ATTACKS[sq]` is the set of squares a king on `sq` attacks, built at compile time.
pub static ATTACKS: [Bitboard; 64] = {
    let mut table = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = attacks_set(Bitboard(1 << i));
        i += 1;
    }
    table
};

/// The squares a king on `square` attacks, by table lookup.
///
/// ```
/// use knightbits::{king, Square};
/// assert_eq!(king::attacks(Square::A1).count(), 3);
/// assert_eq!(king::attacks(Square::E4).count(), 8);
/// ```
#[inline]
pub fn attacks(square: Square) -> Bitboard {
    ATTACKS[square as usize]
}
