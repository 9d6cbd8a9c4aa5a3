//! King attacks by the devlog's default-mask translation.
//!
//! As for the knight, the devlog draws the king's moves once, `0x70507` around its square 10,
//! numbering squares from h1 (h1 = square 1 = bit 0), and moves that mask to any square by one
//! shift, clearing the bits that wrapped by file. Its square 10 is g2.

use crate::bitboard::Bitboard;
use crate::leaper;

pub use crate::leaper::king::{DEFAULT_MASK, DEFAULT_SQUARE, DEVLOG_MASK, DEVLOG_SQUARE};

/// Attacks of every king of `kings` by translating the default mask from g2 to its square,
/// the bits that wrapped around the a/h edge removed (see [`Bitboard::translate`]).
///
/// ```
/// use knightbits::king::{self, technique};
/// use knightbits::Square;
/// assert_eq!(technique::translate(Square::H4.into()), king::attacks(Square::H4));
/// ```
#[inline]
pub const fn translate(kings: Bitboard) -> Bitboard {
    leaper::translate(DEFAULT_MASK, DEFAULT_SQUARE, kings)
}
