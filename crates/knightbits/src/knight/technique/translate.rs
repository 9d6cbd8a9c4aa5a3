//! Knight attacks by the devlog's default-mask translation.
//!
//! The devlog draws the knight's moves once, on its square 19, as `0xA1100110A`, and moves
//! that mask to any other square with one shift of the whole board, then clears the bits that
//! wrapped across the a/h edge by file. Its squares are numbered from h1: h1 is its square 1
//! and bit 0, g1 square 2 and bit 1, …, so its square 19 is f3 and its mask is the LERF set
//! [`DEFAULT_MASK`] with the files mirrored.

use crate::bitboard::Bitboard;
use crate::square::Square;
use crate::trace::Step;

/// The devlog's "knight's default movement mask", `0xA1100110A`, exactly as it writes it, in
/// its numbering: h1 = bit 0, g1 = bit 1, …, a8 = bit 63. The knight stands on its square 19
/// ([`DEVLOG_SQUARE`]), which is f3.
pub const DEVLOG_MASK: u64 = 0xA_1100_110A;

/// The devlog's square number of the knight in [`DEVLOG_MASK`]: 19, counting h1 as square 1
/// (so bit 18 of its numbering), which is f3.
pub const DEVLOG_SQUARE: u8 = 19;

/// The default mask in LERF numbering (`0x0000005088008850`): [`DEVLOG_MASK`] with the files
/// mirrored, the attacks of a knight on [`DEFAULT_SQUARE`].
pub const DEFAULT_MASK: Bitboard = Bitboard(DEVLOG_MASK).mirror_horizontal();

/// The square the default mask is drawn around: f3 (LERF 21; the devlog's square 19).
pub const DEFAULT_SQUARE: Square = Square::F3;

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
    let mut rest = knights;
    let mut set = Bitboard::EMPTY;
    while let Some(square) = rest.pop_first() {
        set = set.union(DEFAULT_MASK.translate(DEFAULT_SQUARE, square));
    }
    set
}

/// The default mask itself, drawn around f3, as the devlog writes it.
pub(super) const fn default_step(_: Bitboard, _: u8) -> Step {
    Step::default_mask(DEVLOG_MASK, DEFAULT_MASK, DEFAULT_SQUARE)
}

/// The default mask moved to the knight on `square`, the wrapped files removed.
pub(super) const fn step(square: Square) -> Step {
    Step::translation(DEFAULT_MASK, DEFAULT_SQUARE, square)
}
