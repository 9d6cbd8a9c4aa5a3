//! Knight patterns: attacks of one knight or of any set of knights, by every technique of the
//! sources, and pseudo-legal moves.

mod forks;
mod lookup;

pub use self::forks::fork_squares;
pub use self::lookup::{ATTACKS, attacks};

use crate::bitboard::Bitboard;

/// Attacks of every knight in `knights` at once (the recommended entry point for sets).
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
