//! Attacks of a set of kings by table lookup, one lookup per king.

use crate::bitboard::Bitboard;
use crate::king::attacks::ATTACKS;
use crate::leaper;

/// The union of the table entries ([`ATTACKS`]) of the kings of `kings`, one bit scan and one
/// lookup per king.
///
/// ```
/// use knightbits::king::{self, technique};
/// use knightbits::{Bitboard, Square};
/// let kings = Bitboard::from_square(Square::E1) | Square::E8;
/// assert_eq!(technique::lookup(kings), king::attacks_set(kings));
/// ```
#[inline]
pub const fn lookup(kings: Bitboard) -> Bitboard {
    leaper::lookup(&ATTACKS, kings)
}
