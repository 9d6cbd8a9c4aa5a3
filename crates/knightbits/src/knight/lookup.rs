//! Knight attacks by lookup: a 64-entry table computed at compile time.

use crate::bitboard::Bitboard;
use crate::square::Square;

/// `ATTACKS[sq]` is the set of squares a knight on `sq` attacks (the wiki's `arrKnightAttacks`),
/// built at compile time by the wiki's `l1 l2 r1 r2` routine.
pub static ATTACKS: [Bitboard; 64] = {
    let mut table = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = super::setwise::attacks_halves(Bitboard(1 << i));
        i += 1;
    }
    table
};

/// The squares a knight on `square` attacks, by table lookup.
///
/// ```
/// use knightbits::{knight, Square};
/// assert_eq!(knight::attacks(Square::D4).0, 0x0000_1422_0022_1400);
/// assert_eq!(knight::attacks(Square::A1).count(), 2);
/// ```
#[inline]
pub fn attacks(square: Square) -> Bitboard {
    ATTACKS[square as usize]
}
