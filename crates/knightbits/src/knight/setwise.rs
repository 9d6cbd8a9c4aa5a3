//! The wiki's two parallel-prefix routines for the attacks of any set of knights.

use crate::bitboard::Bitboard;

/// Multiple knight attacks by the wiki's first routine: shift the knights one file east and
/// west, move those two ranks up and down; shift once more east and west, move those one rank
/// up and down.
///
/// ```
/// use knightbits::{knight, Bitboard, Square};
/// let knights = Bitboard::from_square(Square::B1) | Square::G8;
/// assert_eq!(knight::attacks_prefix(knights), knight::attacks_set(knights));
/// ```
#[inline]
pub const fn attacks_prefix(knights: Bitboard) -> Bitboard {
    let mut east = knights.east_one();
    let mut west = knights.west_one();
    let mut attacks = (east.0 | west.0) << 16;
    attacks |= (east.0 | west.0) >> 16;
    east = east.east_one();
    west = west.west_one();
    attacks |= (east.0 | west.0) << 8;
    attacks |= (east.0 | west.0) >> 8;
    Bitboard(attacks)
}

/// Multiple knight attacks by the wiki's second routine, "to possibly gain some more
/// parallelism": `l1 l2 r1 r2` are the knights shifted one and two files either way, `h1`
/// and `h2` their unions, moved two and one ranks up and down.
///
/// ```
/// use knightbits::{knight, Bitboard, Square};
/// let knights = Bitboard::from_square(Square::A1) | Square::H8 | Square::D4;
/// assert_eq!(knight::attacks_halves(knights), knight::attacks_prefix(knights));
/// ```
#[inline]
pub const fn attacks_halves(knights: Bitboard) -> Bitboard {
    let k = knights.0;
    let l1 = (k >> 1) & 0x7f7f_7f7f_7f7f_7f7f;
    let l2 = (k >> 2) & 0x3f3f_3f3f_3f3f_3f3f;
    let r1 = (k << 1) & 0xfefe_fefe_fefe_fefe;
    let r2 = (k << 2) & 0xfcfc_fcfc_fcfc_fcfc;
    let h1 = l1 | r1;
    let h2 = l2 | r2;
    Bitboard((h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8))
}
