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
    let k = knights.0;
    let l1 = (k >> 1) & 0x7f7f_7f7f_7f7f_7f7f;
    let l2 = (k >> 2) & 0x3f3f_3f3f_3f3f_3f3f;
    let r1 = (k << 1) & 0xfefe_fefe_fefe_fefe;
    let r2 = (k << 2) & 0xfcfc_fcfc_fcfc_fcfc;
    let h1 = l1 | r1;
    let h2 = l2 | r2;
    Bitboard((h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8))
}
