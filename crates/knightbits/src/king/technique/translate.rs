//! King attacks by the devlog's default-mask translation.
//!
//! As for the knight, the devlog draws the king's moves once, `0x70507` around its square 10,
//! numbering squares from h1 (h1 = square 1 = bit 0), and moves that mask to any square by one
//! shift, clearing the bits that wrapped by file. Its square 10 is g2.

use crate::bitboard::Bitboard;
use crate::square::Square;
use crate::trace::Step;

/// The devlog's king default mask, `0x70507`, exactly as it writes it, in its numbering:
/// h1 = bit 0, g1 = bit 1, …, a8 = bit 63. The king stands on its square 10
/// ([`DEVLOG_SQUARE`]), which is g2.
pub const DEVLOG_MASK: u64 = 0x7_0507;

/// The devlog's square number of the king in [`DEVLOG_MASK`]: 10, counting h1 as square 1 (so
/// bit 9 of its numbering), which is g2.
pub const DEVLOG_SQUARE: u8 = 10;

/// The default mask in LERF numbering (`0x0000000000e0a0e0`): [`DEVLOG_MASK`] with the files
/// mirrored, the attacks of a king on [`DEFAULT_SQUARE`].
pub const DEFAULT_MASK: Bitboard = Bitboard(DEVLOG_MASK).mirror_horizontal();

/// The square the default mask is drawn around: g2 (LERF 14; the devlog's square 10).
pub const DEFAULT_SQUARE: Square = Square::G2;

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
    let mut rest = kings;
    let mut set = Bitboard::EMPTY;
    while let Some(square) = rest.pop_first() {
        set = set.union(DEFAULT_MASK.translate(DEFAULT_SQUARE, square));
    }
    set
}

/// The default mask itself, drawn around g2, as the devlog writes it.
pub(super) const fn default_step(_: Bitboard, _: u8) -> Step {
    Step::default_mask(DEVLOG_MASK, DEFAULT_MASK, DEFAULT_SQUARE)
}

/// The default mask moved to the king on `square`, the wrapped files removed.
pub(super) const fn step(square: Square) -> Step {
    Step::translation(DEFAULT_MASK, DEFAULT_SQUARE, square)
}
