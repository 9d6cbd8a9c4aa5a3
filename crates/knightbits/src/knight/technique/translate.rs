//! Knight attacks by the devlog's default-mask translation.
//!
//! The devlog draws the knight's moves once, on its square 19, as `0xA1100110A`, and moves
//! that mask to any other square with one shift of the whole board, then clears the bits that
//! wrapped across the a/h edge by file. Its squares are numbered from h1: h1 is its square 1
//! and bit 0, g1 square 2 and bit 1, …, so its square 19 is f3 and its mask is the LERF set
//! [`DEFAULT_MASK`] with the files mirrored.

use crate::bitboard::Bitboard;
use crate::leaper;

pub use crate::leaper::knight::{DEFAULT_MASK, DEFAULT_SQUARE, DEVLOG_MASK, DEVLOG_SQUARE};

/// Attacks of every knight of `knights` by translating the default mask: for each knight,
/// [`DEFAULT_MASK`] shifted from f3 to its square, the bits that wrapped around the a/h edge
/// removed (see [`Bitboard::translate`]), the results joined.
///
/// ```
/// use knightbits::knight::{self, technique};
/// use knightbits::{Bitboard, Square};
/// assert_eq!(technique::translate(Square::A1.into()), knight::attacks(Square::A1));
/// let knights = Bitboard::from_square(Square::B1) | Square::H8;
/// assert_eq!(technique::translate(knights), knight::attacks_set(knights));
/// ```
#[inline]
pub const fn translate(knights: Bitboard) -> Bitboard {
    leaper::translate(DEFAULT_MASK, DEFAULT_SQUARE, knights)
}
