//! `attacks_set`: the recommended way to get the attacks of any set of knights.

use crate::bitboard::Bitboard;

/// Attacks of every knight in `knights` at once (the recommended entry point for sets).
///
/// ```
/// use knightbits::{knight, Bitboard, Square};
/// let knights = Bitboard::from_square(Square::B1) | Square::G1;
/// assert_eq!(knight::attacks_set(knights), knight::attacks(Square::B1) | knight::attacks(Square::G1));
/// ```
#[inline]
pub const fn attacks_set(knights: Bitboard) -> Bitboard {
    super::setwise::attacks_halves(knights)
}
