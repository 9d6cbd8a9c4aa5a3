//! Attacks of a set of knights by table lookup, one lookup per knight.

use crate::bitboard::Bitboard;
use crate::knight::attacks::{ATTACKS, attacks};
use crate::square::Square;
use crate::trace::{Formula, Step};

/// The union of the table entries ([`ATTACKS`]) of the knights of `knights`: the wiki's "by
/// Lookup", looped over a set, one bit scan and one lookup per knight.
///
/// ```
/// use knightbits::knight::{self, technique};
/// use knightbits::{Bitboard, Square};
/// let knights = Bitboard::from_square(Square::B1) | Square::G1;
/// assert_eq!(technique::lookup(knights), knight::attacks_set(knights));
/// ```
#[inline]
pub const fn lookup(knights: Bitboard) -> Bitboard {
    let mut rest = knights.0;
    let mut set = 0;
    while rest != 0 {
        set |= ATTACKS[rest.trailing_zeros() as usize].0;
        rest &= rest - 1;
    }
    Bitboard(set)
}

/// The lookup of the knight on `square`.
pub(super) const fn step(square: Square) -> Step {
    Step::new(
        square.name(),
        Formula::index("ATTACKS", square),
        attacks(square),
    )
    .with_at(square)
}
