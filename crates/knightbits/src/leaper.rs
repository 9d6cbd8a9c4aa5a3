//! The one definition of a leaper, the knight and the king alike: eight jumps, each a name
//! (the piece's own vocabulary) and a file and a rank delta, clockwise ([`knight`] and
//! [`king`] below, written once by the same macro). Everything else is computed from a jump:
//! its square difference (the shift of the whole board), the file mask that stops that shift
//! from wrapping across the a/h edge (after the shift or before it), the attack table, the
//! lookup over a set and the default-mask translation. `knight::Direction` and
//! `king::Direction` are defined here; both `ATTACKS` tables, the techniques of both pieces
//! and their traces read the jump lists.

use crate::bitboard::Bitboard;
use crate::square::Square;

/// One jump: files moved towards h and ranks moved towards rank 8 (negative: towards a, 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Jump {
    pub(crate) file: i8,
    pub(crate) rank: i8,
}

impl Jump {
    /// The square difference, target minus origin in LERF: the shift of the whole board.
    #[inline]
    pub(crate) const fn offset(self) -> i8 {
        8 * self.rank + self.file
    }

    /// The squares this jump can land on without wrapping: the mask after the shift.
    #[inline]
    pub(crate) const fn mask_after(self) -> Bitboard {
        Bitboard::wrap_mask(self.file)
    }

    /// The pieces that can make this jump without wrapping: the mask before the shift.
    #[inline]
    pub(crate) const fn mask_before(self) -> Bitboard {
        Bitboard::wrap_mask(-self.file)
    }

    /// Every piece of `b` moved by this jump: shifted, then masked.
    #[inline]
    pub(crate) const fn shift(self, b: Bitboard) -> Bitboard {
        b.shift(self.offset() as i32)
            .intersection(self.mask_after())
    }

    /// The same, masked before the shift.
    #[inline]
    pub(crate) const fn shift_pre_masked(self, b: Bitboard) -> Bitboard {
        b.intersection(self.mask_before())
            .shift(self.offset() as i32)
    }
}

/// The union of the eight jumps of `b`, each masked after its shift, or before it with
/// `pre_masked`.
#[inline]
pub(crate) const fn attacks(jumps: &[Jump; 8], b: Bitboard, pre_masked: bool) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    let mut i = 0;
    while i < 8 {
        set = set.union(if pre_masked {
            jumps[i].shift_pre_masked(b)
        } else {
            jumps[i].shift(b)
        });
        i += 1;
    }
    set
}

/// The attack table: entry `sq` is the union of the jumps from `sq`.
pub(crate) const fn table(jumps: &[Jump; 8]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = attacks(jumps, Bitboard(1 << i), false);
        i += 1;
    }
    table
}

/// The union of the table entries of the pieces of `set`: one bit scan and one load a piece.
#[inline]
pub(crate) const fn lookup(table: &[Bitboard; 64], set: Bitboard) -> Bitboard {
    let mut rest = set.0;
    let mut out = 0;
    while rest != 0 {
        out |= table[rest.trailing_zeros() as usize].0;
        rest &= rest - 1;
    }
    Bitboard(out)
}

/// The union of `mask` (drawn around `from`) translated to every piece of `set`.
#[inline]
pub(crate) const fn translate(mask: Bitboard, from: Square, set: Bitboard) -> Bitboard {
    let mut rest = set;
    let mut out = Bitboard::EMPTY;
    while let Some(square) = rest.pop_first() {
        out = out.union(mask.translate(from, square));
    }
    out
}

/// The LERF square of the devlog's square `n`: it counts from 1 at h1 along rank 1 towards
/// a1, then rank 2 from h2, and so on.
const fn devlog_square(n: u8) -> Square {
    let bit = n - 1;
    Square::ALL[(bit / 8 * 8 + 7 - bit % 8) as usize]
}

/// A piece's `Direction` (its names and docs) and `JUMPS` (its deltas) from one list, in a
/// module of its own; the piece's module re-exports the `Direction`.
macro_rules! leaper {
    (
        $(#[$meta:meta])*
        mod $piece:ident ($pieces:literal) {
            $($(#[$vmeta:meta])* $variant:ident = $name:literal ($df:literal, $dr:literal),)+
        }
        all: $all:literal,
        name: $name_doc:literal,
        devlog: $devlog:literal around $devlog_square:literal ($square:literal)
    ) => {
        pub(crate) mod $piece {
            use super::Jump;
            use crate::bitboard::Bitboard;

            crate::macros::named! {
                $(#[$meta])*
                pub enum Direction {
                    $($(#[$vmeta])* $variant = $name,)+
                }
                all: $all,
                name: $name_doc
            }

            /// The deltas of [`Direction::ALL`], in its order.
            pub(crate) const JUMPS: [Jump; 8] = [$(Jump { file: $df, rank: $dr }),+];

            #[doc = concat!("The devlog's default mask of the ", $pieces, ", `", stringify!($devlog), "`, exactly as it")]
            /// writes it, in its numbering: h1 = bit 0, g1 = bit 1, …, a8 = bit 63. The piece
            #[doc = concat!("stands on its square ", stringify!($devlog_square), " ([`DEVLOG_SQUARE`]), which is ", $square, ".")]
            pub const DEVLOG_MASK: u64 = $devlog;

            #[doc = concat!("The devlog's square number of the piece in [`DEVLOG_MASK`]: ", stringify!($devlog_square), ", counting h1")]
            #[doc = concat!("as square 1 (so bit ", stringify!($devlog_square), " − 1 of its numbering), which is ", $square, ".")]
            pub const DEVLOG_SQUARE: u8 = $devlog_square;

            /// The default mask in LERF numbering: [`DEVLOG_MASK`] with the files mirrored,
            /// the attacks of the piece on [`DEFAULT_SQUARE`].
            pub const DEFAULT_MASK: Bitboard = Bitboard(DEVLOG_MASK).mirror_horizontal();

            #[doc = concat!("The square the default mask is drawn around: ", $square, " (the devlog's square ", stringify!($devlog_square), ").")]
            pub const DEFAULT_SQUARE: crate::square::Square = super::devlog_square(DEVLOG_SQUARE);

            impl Direction {
                /// Files moved towards h (negative: towards a).
                #[inline]
                pub const fn file_delta(self) -> i8 {
                    JUMPS[self as usize].file
                }

                /// Ranks moved towards rank 8 (negative: towards rank 1).
                #[inline]
                pub const fn rank_delta(self) -> i8 {
                    JUMPS[self as usize].rank
                }

                /// The square difference, target minus origin in LERF; the shift of the whole
                /// board (left for positive, right for negative).
                #[inline]
                pub const fn offset(self) -> i8 {
                    JUMPS[self as usize].offset()
                }

                #[doc = concat!("The ", $pieces, " that can move this way without leaving the board sideways: the")]
                /// mask before the shift (`notHFile` for one file east, `notGHFile` for two,
                /// `notAFile` and `notABFile` west, every square for none).
                #[inline]
                pub const fn mask_before(self) -> Bitboard {
                    JUMPS[self as usize].mask_before()
                }

                /// The squares a move this way can land on: the mask after the shift
                /// (`notAFile` for one file east, `notABFile` for two, `notHFile` and
                /// `notGHFile` west, every square for none: what leaves the board north or
                /// south falls off the end).
                #[inline]
                pub const fn mask_after(self) -> Bitboard {
                    JUMPS[self as usize].mask_after()
                }

                #[doc = concat!("The squares the ", $pieces, " of `b` reach by this move: the shift by")]
                /// [`Direction::offset`], then [`Direction::mask_after`].
                #[inline]
                pub const fn shift(self, b: Bitboard) -> Bitboard {
                    JUMPS[self as usize].shift(b)
                }
            }
        }
    };
}

leaper! {
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
    /// A direction is one jump of the leaper definition the king's steps are written in too
    /// (one list of file and rank deltas): it knows its square difference ([`Direction::offset`]), its file and rank steps,
    /// and the file mask that stops its shift from wrapping across the a/h edge, before the shift
    /// ([`Direction::mask_before`]) or after it ([`Direction::mask_after`]). The wiki's eight
    /// direction functions are [`Direction::shift`]; its two listings are
    /// [`post_mask`](crate::knight::technique::post_mask) and [`pre_mask`](crate::knight::technique::pre_mask).
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
    mod knight ("knights") {
        /// Two ranks north, one file east: +17.
        NoNoEa = "noNoEa" (1, 2),
        /// One rank north, two files east: +10.
        NoEaEa = "noEaEa" (2, 1),
        /// One rank south, two files east: −6.
        SoEaEa = "soEaEa" (2, -1),
        /// Two ranks south, one file east: −15.
        SoSoEa = "soSoEa" (1, -2),
        /// Two ranks south, one file west: −17.
        SoSoWe = "soSoWe" (-1, -2),
        /// One rank south, two files west: −10.
        SoWeWe = "soWeWe" (-2, -1),
        /// One rank north, two files west: +6.
        NoWeWe = "noWeWe" (-2, 1),
        /// Two ranks north, one file west: +15.
        NoNoWe = "noNoWe" (-1, 2),
    }
    all: "The eight directions, clockwise from `noNoEa`.",
    name: "The wiki's name: `noNoEa`, `noEaEa`, `soEaEa`, `soSoEa`, `soSoWe`, `soWeWe`, `noWeWe`, `noNoWe`.",
    devlog: 0xA_1100_110A around 19 ("f3")
}

leaper! {
    /// One of the eight king steps, clockwise from north.
    ///
    /// As for the knight's [`Direction`](crate::knight::Direction), a step knows its square
    /// difference and the file mask that stops its shift from wrapping across the a/h edge;
    /// [`shifts`](crate::king::technique::shifts) is the union of the eight.
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
    mod king ("kings") {
        /// One rank north: +8.
        North = "north" (0, 1),
        /// One rank north, one file east: +9.
        NorthEast = "northEast" (1, 1),
        /// One file east: +1.
        East = "east" (1, 0),
        /// One rank south, one file east: −7.
        SouthEast = "southEast" (1, -1),
        /// One rank south: −8.
        South = "south" (0, -1),
        /// One rank south, one file west: −9.
        SouthWest = "southWest" (-1, -1),
        /// One file west: −1.
        West = "west" (-1, 0),
        /// One rank north, one file west: +7.
        NorthWest = "northWest" (-1, 1),
    }
    all: "The eight directions, clockwise from north.",
    name: "The name: `north`, `northEast`, `east`, `southEast`, `south`, `southWest`, `west`, `northWest`.",
    devlog: 0x7_0507 around 10 ("g2")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every jump of both lists, on every square, moves a piece by exactly the testkit's
    /// deltas (in the same clockwise order), or drops it when that jump leaves the board;
    /// the offset is the square difference of the move, and the mask before the shift is
    /// the mirror image (a ↔ h) of the one after.
    #[test]
    fn each_jump_is_its_own_move_on_all_64_squares() {
        let lists = [
            (knight::JUMPS, knightbits_testkit::KNIGHT_DELTAS),
            (king::JUMPS, knightbits_testkit::KING_DELTAS),
        ];
        for (jumps, deltas) in lists {
            for (j, (df, dr)) in jumps.into_iter().zip(deltas) {
                assert_eq!((j.file, j.rank), (df, dr));
                assert_eq!(j.mask_before(), j.mask_after().mirror_horizontal(), "{j:?}");
                for sq in Square::ALL {
                    let to = knightbits_testkit::offset(sq as u8, df, dr);
                    assert_eq!(
                        j.shift(sq.into()).0,
                        to.map_or(0, |t| 1u64 << t),
                        "{j:?} {sq}"
                    );
                    assert_eq!(
                        j.shift_pre_masked(sq.into()),
                        j.shift(sq.into()),
                        "{j:?} {sq}"
                    );
                    if let Some(t) = to {
                        assert_eq!(t as i8 - sq as i8, j.offset(), "{j:?} {sq}");
                    }
                }
            }
        }
    }

    /// The knight's masks are the wiki's, direction by direction.
    #[test]
    fn the_knights_masks_are_the_wikis() {
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
        for (d, name) in knight::Direction::ALL.into_iter().zip(after) {
            assert_eq!(d.mask_after().mask_name(), Some(name), "{d}");
        }
        assert_eq!(knight::Direction::SoWeWe.to_string(), "soWeWe");
        assert_eq!(king::Direction::NorthWest.to_string(), "northWest");
    }
}
