//! Attacks of a set of knights by table lookup, one lookup per knight.

use crate::bitboard::Bitboard;
use crate::knight::ATTACKS;
use crate::leaper;

/// The union of the table entries ([`ATTACKS`]) of the knights of `knights`: the wiki's "by
/// Lookup", looped over a set, one bit scan and one lookup per knight.
///
/// ```
/// use knightbits::knight::{self, technique};
/// use knightbits::{Bitboard, Square};
/// let knights = Bitboard::from_square(Square::B1) | Square::G1;
/// assert_eq!(technique::lookup(knights), knight::attacks_set(knights));
/// ```
#[inline]
pub const fn lookup(knights: Bitboard) -> Bitboard {
    leaper::lookup(&ATTACKS, knights)
}
