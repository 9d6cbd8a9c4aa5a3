//! Pseudo-legal knight moves.

use crate::bitboard::Bitboard;

use super::attacks::attacks_set;

/// The squares the knights can move to, ignoring checks and pins: their attacks minus the
/// squares of their own pieces (the engine wiki's `attacks & ~own pieces`).
///
/// The engine wiki's worked example: knights on c5 and g4, own pieces on c5, g4, d3, b2, e2,
/// g2 and e1.
///
/// ```
/// use knightbits::{bitboard, knight};
/// let knights = bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . X . . . . .
///     . . . . . . X .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
/// };
/// let own = bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . X . . . . .
///     . . . . . . X .
///     . . . X . . . .
///     . X . . X . X .
///     . . . . X . . .
/// };
/// assert_eq!(knight::moves(knights, own), bitboard! {
///     . . . . . . . .
///     . X . X . . . .
///     X . . . X X . X
///     . . . . X . . .
///     X . . . X . . .
///     . X . . X . . .
///     . . . . . X . X
///     . . . . . . . .
/// });
/// ```
#[inline]
pub const fn moves(knights: Bitboard, own: Bitboard) -> Bitboard {
    attacks_set(knights).difference(own)
}
