//! Knight attacks by the devlog's default-mask translation.

use crate::bitboard::Bitboard;
use crate::square::Square;

/// The devlog's "knight's default movement mask", `0xA1100110A`, exactly as it writes it:
/// squares numbered from h1 (h1 = bit 0, g1 = bit 1, …; the devlog counts h1 as square 1),
/// knight on its square 19, which is f3.
pub const DEVLOG_MASK: u64 = 0xA_1100_110A;

/// The devlog's square number of the knight in [`DEVLOG_MASK`] (h1 = 1): 19, which is f3.
pub const DEVLOG_SQUARE: u8 = 19;

/// The default mask in LERF numbering: [`DEVLOG_MASK`] with the files mirrored, the attacks
/// of a knight on [`DEFAULT_SQUARE`].
pub const DEFAULT_MASK: Bitboard = Bitboard(DEVLOG_MASK).mirror_horizontal();

/// The square the default mask is drawn around: f3.
pub const DEFAULT_SQUARE: Square = Square::F3;

/// Knight attacks by translating the default mask: shift it from f3 to `square`, then remove
/// the bits that wrapped around the a/h edge (see [`Bitboard::translate`]).
///
/// ```
/// use knightbits::{knight, Square};
/// assert_eq!(knight::attacks_translate(Square::A1), knight::attacks(Square::A1));
/// ```
#[inline]
pub const fn attacks_translate(square: Square) -> Bitboard {
    DEFAULT_MASK.translate(DEFAULT_SQUARE, square)
}
