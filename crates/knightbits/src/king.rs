//! King patterns: attacks by lookup, by the eight one-step shifts, by the devlog's mask
//! translation, setwise, and pseudo-legal moves.

use crate::bitboard::Bitboard;
use crate::square::Square;

pub use crate::batch::king_attacks as attacks_batch;

/// Attacks of every king in `kings` at once: one step east and west, then that row of three
/// one step north and south (three shifts pairs instead of eight).
///
/// ```
/// use knightbits::{king, Bitboard, Square};
/// let kings = Bitboard::from_square(Square::A1) | Square::H8;
/// assert_eq!(king::attacks_set(kings), king::attacks(Square::A1) | king::attacks(Square::H8));
/// ```
#[inline]
pub const fn attacks_set(kings: Bitboard) -> Bitboard {
    let sides = kings.east_one().union(kings.west_one());
    let row = sides.union(kings);
    sides.union(row.north_one()).union(row.south_one())
}

/// King attacks by calculation: the union of the eight one-step shifts (north, north-east,
/// east, south-east, south, south-west, west, north-west), each masked against a/h wraps.
///
/// ```
/// use knightbits::{king, Bitboard, Square};
/// assert_eq!(king::attacks_shifts(Bitboard::from_square(Square::E1)), king::attacks(Square::E1));
/// ```
#[inline]
pub const fn attacks_shifts(kings: Bitboard) -> Bitboard {
    let b = kings.0;
    let not_a = Bitboard::NOT_A_FILE.0;
    let not_h = Bitboard::NOT_H_FILE.0;
    Bitboard(
        (b << 8)
            | ((b << 9) & not_a)
            | ((b << 1) & not_a)
            | ((b >> 7) & not_a)
            | (b >> 8)
            | ((b >> 9) & not_h)
            | ((b >> 1) & not_h)
            | ((b << 7) & not_h),
    )
}

/// `ATTACKS[sq]` is the set of squares a king on `sq` attacks, built at compile time by the
/// eight one-step shifts.
pub static ATTACKS: [Bitboard; 64] = {
    let mut table = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = attacks_shifts(Bitboard(1 << i));
        i += 1;
    }
    table
};

/// The squares a king on `square` attacks, by table lookup.
///
/// ```
/// use knightbits::{king, Square};
/// assert_eq!(king::attacks(Square::A1).count(), 3);
/// assert_eq!(king::attacks(Square::E4).count(), 8);
/// ```
#[inline]
pub fn attacks(square: Square) -> Bitboard {
    ATTACKS[square as usize]
}

/// The devlog's king default mask, `0x70507`, as it writes it: squares numbered from h1
/// (h1 = bit 0), king on its square 10 (counting h1 as 1), which is g2.
pub const DEVLOG_MASK: u64 = 0x7_0507;

/// The devlog's square number of the king in [`DEVLOG_MASK`] (h1 = 1): 10, which is g2.
pub const DEVLOG_SQUARE: u8 = 10;

/// The default mask in LERF numbering: [`DEVLOG_MASK`] with the files mirrored.
pub const DEFAULT_MASK: Bitboard = Bitboard(DEVLOG_MASK).mirror_horizontal();

/// The square the default mask is drawn around: g2.
pub const DEFAULT_SQUARE: Square = Square::G2;

/// King attacks by translating the default mask from g2 to `square`, then removing the bits
/// that wrapped around the a/h edge (see [`Bitboard::translate`]).
///
/// ```
/// use knightbits::{king, Square};
/// assert_eq!(king::attacks_translate(Square::H4), king::attacks(Square::H4));
/// ```
#[inline]
pub const fn attacks_translate(square: Square) -> Bitboard {
    DEFAULT_MASK.translate(DEFAULT_SQUARE, square)
}

/// The squares the kings can move to, ignoring checks: attacks minus own pieces.
#[inline]
pub const fn moves(kings: Bitboard, own: Bitboard) -> Bitboard {
    attacks_set(kings).difference(own)
}

/// A way to compute king attacks; every one gives the same sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// [`attacks`]: the precomputed table, one lookup per king.
    Lookup,
    /// [`attacks_shifts`]: the eight one-step shifts.
    Shifts,
    /// [`attacks_translate`]: the devlog's shifted default mask, one per king.
    Translate,
}

impl Method {
    /// Every method.
    pub const ALL: [Method; 3] = [Method::Lookup, Method::Shifts, Method::Translate];

    /// The method's name on the command line: `lookup`, `shifts`, `translate`.
    pub const fn name(self) -> &'static str {
        match self {
            Method::Lookup => "lookup",
            Method::Shifts => "shifts",
            Method::Translate => "translate",
        }
    }

    /// The attacks of every king in `kings` by this method.
    pub fn attacks(self, kings: Bitboard) -> Bitboard {
        match self {
            Method::Lookup => kings
                .into_iter()
                .map(attacks)
                .fold(Bitboard::EMPTY, |a, b| a | b),
            Method::Shifts => attacks_shifts(kings),
            Method::Translate => kings
                .into_iter()
                .map(attacks_translate)
                .fold(Bitboard::EMPTY, |a, b| a | b),
        }
    }
}

crate::macros::impl_method_names!(Method);
