//! [`Direction`]: the eight knight jumps as values.

use core::fmt;

use crate::bitboard::Bitboard;

/// One of the eight knight jumps, named as the wiki names them, clockwise from `noNoEa`:
///
/// ```text
///         noNoWe    noNoEa
///             +15  +17
///              |     |
/// noWeWe  +6 __|     |__+10  noEaEa
///               \   /
///                >0<
///            __ /   \ __
/// soWeWe -10   |     |   -6  soEaEa
///              |     |
///             -17  -15
///         soSoWe    soSoEa
/// ```
///
/// A direction knows its square difference ([`Direction::offset`]), its file and rank steps,
/// and the file mask that stops its shift from wrapping across the a/h edge, before the shift
/// ([`Direction::mask_before`]) or after it ([`Direction::mask_after`]). The wiki's eight
/// direction functions are [`Direction::shift`]; its two listings are
/// [`post_mask`](super::technique::post_mask) and [`pre_mask`](super::technique::pre_mask).
///
/// ```
/// use knightbits::knight::{self, Direction};
/// use knightbits::{Bitboard, Square};
///
/// assert_eq!(Direction::NoNoEa.offset(), 17);
/// assert_eq!(Direction::NoNoEa.name(), "noNoEa");
/// assert_eq!(Direction::NoNoEa.mask_after(), Bitboard::NOT_A_FILE);
/// assert_eq!(Direction::NoNoEa.shift(Square::D4.into()), Square::E6.into());
/// let d4 = Direction::ALL
///     .into_iter()
///     .fold(Bitboard::EMPTY, |set, d| set | d.shift(Square::D4.into()));
/// assert_eq!(d4, knight::attacks(Square::D4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// Two ranks north, one file east: +17.
    NoNoEa,
    /// One rank north, two files east: +10.
    NoEaEa,
    /// One rank south, two files east: −6.
    SoEaEa,
    /// Two ranks south, one file east: −15.
    SoSoEa,
    /// Two ranks south, one file west: −17.
    SoSoWe,
    /// One rank south, two files west: −10.
    SoWeWe,
    /// One rank north, two files west: +6.
    NoWeWe,
    /// Two ranks north, one file west: +15.
    NoNoWe,
}

impl Direction {
    /// The eight directions, clockwise from `noNoEa`.
    pub const ALL: [Direction; 8] = [
        Direction::NoNoEa,
        Direction::NoEaEa,
        Direction::SoEaEa,
        Direction::SoSoEa,
        Direction::SoSoWe,
        Direction::SoWeWe,
        Direction::NoWeWe,
        Direction::NoNoWe,
    ];

    /// Files moved towards h (negative: towards a).
    #[inline]
    pub const fn file_delta(self) -> i8 {
        match self {
            Direction::NoNoEa | Direction::SoSoEa => 1,
            Direction::NoEaEa | Direction::SoEaEa => 2,
            Direction::SoSoWe | Direction::NoNoWe => -1,
            Direction::SoWeWe | Direction::NoWeWe => -2,
        }
    }

    /// Ranks moved towards rank 8 (negative: towards rank 1).
    #[inline]
    pub const fn rank_delta(self) -> i8 {
        match self {
            Direction::NoNoEa | Direction::NoNoWe => 2,
            Direction::NoEaEa | Direction::NoWeWe => 1,
            Direction::SoEaEa | Direction::SoWeWe => -1,
            Direction::SoSoEa | Direction::SoSoWe => -2,
        }
    }

    /// The square difference, target minus origin in LERF: +17 for `noNoEa`, −6 for
    /// `soEaEa`; the shift of the whole board (left for positive, right for negative).
    #[inline]
    pub const fn offset(self) -> i8 {
        8 * self.rank_delta() + self.file_delta()
    }

    /// The wiki's name: `noNoEa`, `noEaEa`, `soEaEa`, `soSoEa`, `soSoWe`, `soWeWe`, `noWeWe`,
    /// `noNoWe`.
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            Direction::NoNoEa => "noNoEa",
            Direction::NoEaEa => "noEaEa",
            Direction::SoEaEa => "soEaEa",
            Direction::SoSoEa => "soSoEa",
            Direction::SoSoWe => "soSoWe",
            Direction::SoWeWe => "soWeWe",
            Direction::NoWeWe => "noWeWe",
            Direction::NoNoWe => "noNoWe",
        }
    }

    /// The knights that can jump this way without leaving the board sideways, the mask of the
    /// wiki's second listing: `notHFile` for one file east, `notGHFile` for two, `notAFile` and
    /// `notABFile` west.
    #[inline]
    pub const fn mask_before(self) -> Bitboard {
        Bitboard::wrap_mask(-self.file_delta())
    }

    /// The squares a jump this way can land on, the mask of the wiki's first listing:
    /// `notAFile` for one file east, `notABFile` for two, `notHFile` and `notGHFile` west.
    #[inline]
    pub const fn mask_after(self) -> Bitboard {
        Bitboard::wrap_mask(self.file_delta())
    }

    /// The squares the knights of `knights` reach by this jump: the shift by
    /// [`Direction::offset`], then [`Direction::mask_after`] (the wiki's direction function, for
    /// example `noNoEa(b) = (b << 17) & notAFile`).
    #[inline]
    pub const fn shift(self, knights: Bitboard) -> Bitboard {
        knights
            .shift(self.offset() as i32)
            .intersection(self.mask_after())
    }
}

impl fmt::Display for Direction {
    /// The wiki's name, as [`Direction::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    /// Every direction, on every square, moves a knight by exactly its own deltas (the
    /// testkit's reference, in the same clockwise order), or drops it when that jump leaves
    /// the board; the offset is the square difference of the move.
    #[test]
    fn each_direction_is_its_own_jump_on_all_64_squares() {
        for (d, (df, dr)) in Direction::ALL
            .into_iter()
            .zip(knightbits_testkit::KNIGHT_DELTAS)
        {
            assert_eq!((d.file_delta(), d.rank_delta()), (df, dr), "{d}");
            for sq in Square::ALL {
                let to = knightbits_testkit::offset(sq as u8, df, dr);
                let expected = to.map_or(0, |t| 1u64 << t);
                assert_eq!(d.shift(sq.into()).0, expected, "{d} from {sq}");
                if let Some(t) = to {
                    assert_eq!(t as i8 - sq as i8, d.offset(), "{d} from {sq}");
                }
            }
        }
    }

    /// The masks are the wiki's: the one after the shift is the mirror image (a ↔ h) of the
    /// one before it.
    #[test]
    fn masks_are_the_wikis() {
        let after = [
            "notAFile",
            "notABFile",
            "notABFile",
            "notAFile",
            "notHFile",
            "notGHFile",
            "notGHFile",
            "notHFile",
        ];
        for (d, name) in Direction::ALL.into_iter().zip(after) {
            assert_eq!(d.mask_after().mask_name(), Some(name), "{d}");
            assert_eq!(d.mask_before(), d.mask_after().mirror_horizontal(), "{d}");
        }
        assert_eq!(Direction::SoWeWe.to_string(), "soWeWe");
    }
}
