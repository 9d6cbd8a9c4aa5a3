//! Attacks of a set of kings by table lookup, one lookup per king.

use crate::bitboard::Bitboard;
use crate::king::attacks::{ATTACKS, attacks};
use crate::square::Square;
use crate::trace::{Formula, Step};

/// The union of the table entries ([`ATTACKS`]) of the kings of `kings`, one bit scan and one
/// lookup per king.
///
/// ```
/// use knightbits::king::{self, technique};
/// use knightbits::{Bitboard, Square};
/// let kings = Bitboard::from_square(Square::E1) | Square::E8;
/// assert_eq!(technique::lookup(kings), king::attacks_set(kings));
/// ```
#[inline]
pub const fn lookup(kings: Bitboard) -> Bitboard {
    let mut rest = kings.0;
    let mut set = 0;
    while rest != 0 {
        set |= ATTACKS[rest.trailing_zeros() as usize].0;
        rest &= rest - 1;
    }
    Bitboard(set)
}

/// The lookup of the king on `square`.
pub(super) const fn step(square: Square) -> Step {
    Step::new(
        square.name(),
        Formula::index("ATTACKS", square),
        attacks(square),
    )
    .with_at(square)
}
