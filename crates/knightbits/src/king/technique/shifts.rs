//! King attacks by the eight one-step shifts.

use crate::bitboard::Bitboard;
use crate::king::direction::Direction;
use crate::trace::{Formula, Step};

/// King attacks by calculation: the union of the eight one-step shifts
/// ([`Direction::shift`]: north, north-east, east, south-east, south, south-west, west,
/// north-west), each masked after the shift against a/h wraps, as the article's knight is
/// (its exercise: "do the same for the Chess King").
///
/// ```
/// use knightbits::king::{self, technique};
/// use knightbits::{Bitboard, Square};
/// assert_eq!(technique::shifts(Bitboard::from_square(Square::E1)), king::attacks(Square::E1));
/// ```
#[inline]
pub const fn shifts(kings: Bitboard) -> Bitboard {
    Direction::North
        .shift(kings)
        .union(Direction::NorthEast.shift(kings))
        .union(Direction::East.shift(kings))
        .union(Direction::SouthEast.shift(kings))
        .union(Direction::South.shift(kings))
        .union(Direction::SouthWest.shift(kings))
        .union(Direction::West.shift(kings))
        .union(Direction::NorthWest.shift(kings))
}

/// The step of direction `Direction::ALL[i]` on `kings`: shifted, masked, the wrapped bits.
pub(super) const fn step(kings: Bitboard, i: u8) -> Step {
    let d = Direction::ALL[i as usize];
    let shifted = kings.shift(d.offset() as i32);
    let set = d.shift(kings);
    Step::new(
        d.name(),
        Formula::shift_mask("b", d.offset(), d.mask_after()),
        set,
    )
    .with_shift(d.offset(), shifted)
    .with_mask(d.mask_after(), shifted.difference(set))
}
