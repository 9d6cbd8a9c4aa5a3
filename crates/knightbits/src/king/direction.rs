//! [`Direction`]: the eight king steps as values.

use core::fmt;

use crate::bitboard::Bitboard;

/// One of the eight king steps, clockwise from north.
///
/// As for the knight's [`Direction`](crate::knight::Direction), a step knows its square
/// difference and the file mask that stops its shift from wrapping across the a/h edge;
/// [`shifts`](super::technique::shifts) is the union of the eight.
///
/// ```
/// use knightbits::king::{self, Direction};
/// use knightbits::{Bitboard, Square};
///
/// assert_eq!(Direction::NorthEast.offset(), 9);
/// assert_eq!(Direction::NorthEast.mask_after(), Bitboard::NOT_A_FILE);
/// assert_eq!(Direction::North.mask_after(), Bitboard::FULL);
/// assert_eq!(Direction::West.shift(Square::A4.into()), Bitboard::EMPTY);
/// let e4 = Direction::ALL
///     .into_iter()
///     .fold(Bitboard::EMPTY, |set, d| set | d.shift(Square::E4.into()));
/// assert_eq!(e4, king::attacks(Square::E4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// One rank north: +8.
    North,
    /// One rank north, one file east: +9.
    NorthEast,
    /// One file east: +1.
    East,
    /// One rank south, one file east: −7.
    SouthEast,
    /// One rank south: −8.
    South,
    /// One rank south, one file west: −9.
    SouthWest,
    /// One file west: −1.
    West,
    /// One rank north, one file west: +7.
    NorthWest,
}

impl Direction {
    /// The eight directions, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// Files moved towards h (negative: towards a).
    #[inline]
    pub const fn file_delta(self) -> i8 {
        match self {
            Direction::North | Direction::South => 0,
            Direction::NorthEast | Direction::East | Direction::SouthEast => 1,
            Direction::SouthWest | Direction::West | Direction::NorthWest => -1,
        }
    }

    /// Ranks moved towards rank 8 (negative: towards rank 1).
    #[inline]
    pub const fn rank_delta(self) -> i8 {
        match self {
            Direction::East | Direction::West => 0,
            Direction::North | Direction::NorthEast | Direction::NorthWest => 1,
            Direction::SouthEast | Direction::South | Direction::SouthWest => -1,
        }
    }

    /// The square difference, target minus origin in LERF: +8 for north, −7 for south-east;
    /// the shift of the whole board (left for positive, right for negative).
    #[inline]
    pub const fn offset(self) -> i8 {
        8 * self.rank_delta() + self.file_delta()
    }

    /// The name: `north`, `northEast`, `east`, `southEast`, `south`, `southWest`, `west`,
    /// `northWest`.
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            Direction::North => "north",
            Direction::NorthEast => "northEast",
            Direction::East => "east",
            Direction::SouthEast => "southEast",
            Direction::South => "south",
            Direction::SouthWest => "southWest",
            Direction::West => "west",
            Direction::NorthWest => "northWest",
        }
    }

    /// The kings that can step this way without leaving the board sideways: `notHFile` for a
    /// step east, `notAFile` west, every square for north and south.
    #[inline]
    pub const fn mask_before(self) -> Bitboard {
        Bitboard::wrap_mask(-self.file_delta())
    }

    /// The squares a step this way can land on: `notAFile` for a step east, `notHFile` west,
    /// every square for north and south (what leaves the board there falls off the end).
    #[inline]
    pub const fn mask_after(self) -> Bitboard {
        Bitboard::wrap_mask(self.file_delta())
    }

    /// The squares the kings of `kings` reach by this step: the shift by
    /// [`Direction::offset`], then [`Direction::mask_after`].
    #[inline]
    pub const fn shift(self, kings: Bitboard) -> Bitboard {
        kings
            .shift(self.offset() as i32)
            .intersection(self.mask_after())
    }
}

impl fmt::Display for Direction {
    /// The name, as [`Direction::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    /// Every direction, on every square, moves a king by exactly its own deltas (the
    /// testkit's reference, in the same clockwise order), or drops it off the board.
    #[test]
    fn each_direction_is_its_own_step_on_all_64_squares() {
        for (d, (df, dr)) in Direction::ALL
            .into_iter()
            .zip(knightbits_testkit::KING_DELTAS)
        {
            assert_eq!((d.file_delta(), d.rank_delta()), (df, dr), "{d}");
            for sq in Square::ALL {
                let to = knightbits_testkit::offset(sq as u8, df, dr);
                assert_eq!(
                    d.shift(sq.into()).0,
                    to.map_or(0, |t| 1u64 << t),
                    "{d} {sq}"
                );
                if let Some(t) = to {
                    assert_eq!(t as i8 - sq as i8, d.offset(), "{d} {sq}");
                }
            }
            assert_eq!(d.mask_before(), d.mask_after().mirror_horizontal(), "{d}");
        }
    }
}
