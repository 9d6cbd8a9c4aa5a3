//! The [`Bitboard`]: a set of squares in one `u64`, LERF numbering.

use core::fmt;
use core::iter::FusedIterator;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::square::{File, Rank, Square};

/// A set of squares: bit `n` stands for the square with LERF index `n` (a1 = bit 0, h8 = bit 63).
///
/// ```
/// use knightbits::{bitboard, Bitboard, Square};
///
/// let knights = bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . X . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . X . . . . X .
/// };
/// assert_eq!(knights, Bitboard::from_iter([Square::B1, Square::G1, Square::D4]));
/// assert_eq!(knights.count(), 3);
/// assert!(knights.contains(Square::D4));
/// assert_eq!(format!("{knights:?}"), "Bitboard(0x0000000008000042)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

const fn file_mask(file: u8) -> u64 {
    0x0101_0101_0101_0101 << file
}

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The a-file.
    pub const FILE_A: Bitboard = Bitboard(file_mask(0));
    /// The b-file.
    pub const FILE_B: Bitboard = Bitboard(file_mask(1));
    /// The c-file.
    pub const FILE_C: Bitboard = Bitboard(file_mask(2));
    /// The d-file.
    pub const FILE_D: Bitboard = Bitboard(file_mask(3));
    /// The e-file.
    pub const FILE_E: Bitboard = Bitboard(file_mask(4));
    /// The f-file.
    pub const FILE_F: Bitboard = Bitboard(file_mask(5));
    /// The g-file.
    pub const FILE_G: Bitboard = Bitboard(file_mask(6));
    /// The h-file.
    pub const FILE_H: Bitboard = Bitboard(file_mask(7));

    /// Rank 1.
    pub const RANK_1: Bitboard = Bitboard(0xff);
    /// Rank 2.
    pub const RANK_2: Bitboard = Bitboard(0xff << 8);
    /// Rank 3.
    pub const RANK_3: Bitboard = Bitboard(0xff << 16);
    /// Rank 4.
    pub const RANK_4: Bitboard = Bitboard(0xff << 24);
    /// Rank 5.
    pub const RANK_5: Bitboard = Bitboard(0xff << 32);
    /// Rank 6.
    pub const RANK_6: Bitboard = Bitboard(0xff << 40);
    /// Rank 7.
    pub const RANK_7: Bitboard = Bitboard(0xff << 48);
    /// Rank 8.
    pub const RANK_8: Bitboard = Bitboard(0xff << 56);

    /// Every square but the a-file: the wiki's `notAFile`, the article's `nA` (`0xfefefefefefefefe`).
    pub const NOT_A_FILE: Bitboard = Bitboard(!file_mask(0));
    /// Every square but the a- and b-files: `notABFile`, `nAB` (`0xfcfcfcfcfcfcfcfc`).
    pub const NOT_AB_FILE: Bitboard = Bitboard(!(file_mask(0) | file_mask(1)));
    /// Every square but the h-file: `notHFile`, `nH` (`0x7f7f7f7f7f7f7f7f`).
    pub const NOT_H_FILE: Bitboard = Bitboard(!file_mask(7));
    /// Every square but the g- and h-files: `notGHFile`, `nGH`, the engine wiki's not-HG-file
    /// (`0x3f3f3f3f3f3f3f3f`).
    pub const NOT_GH_FILE: Bitboard = Bitboard(!(file_mask(6) | file_mask(7)));

    /// The light squares (`h1`, `a2`, …).
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The dark squares (`a1`, `c1`, …).
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);

    /// The set holding just `square`.
    #[inline]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square as u8)
    }

    /// Every square of `file`.
    #[inline]
    pub const fn from_file(file: File) -> Bitboard {
        Bitboard(file_mask(file as u8))
    }

    /// Every square of `rank`.
    #[inline]
    pub const fn from_rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank as u8))
    }

    /// Does the set hold `square`?
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square as u8) != 0
    }

    /// Adds `square`; returns `true` if it was not in the set before.
    #[inline]
    pub const fn insert(&mut self, square: Square) -> bool {
        let was = self.contains(square);
        self.0 |= 1 << square as u8;
        !was
    }

    /// Removes `square`; returns `true` if it was in the set.
    #[inline]
    pub const fn remove(&mut self, square: Square) -> bool {
        let was = self.contains(square);
        self.0 &= !(1 << square as u8);
        was
    }

    /// Flips `square` in or out of the set.
    #[inline]
    pub const fn toggle(&mut self, square: Square) {
        self.0 ^= 1 << square as u8;
    }

    /// The set with `square` added.
    #[inline]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | 1 << square as u8)
    }

    /// The set with `square` removed.
    #[inline]
    pub const fn without(self, square: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << square as u8))
    }

    /// Number of squares in the set (the hardware population count).
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// `true` if the set has no square.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `true` if the set has at least one square.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// `true` if the set has two squares or more.
    #[inline]
    pub const fn has_more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Is every square of `self` also in `other`?
    #[inline]
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    /// Is every square of `other` also in `self`?
    #[inline]
    pub const fn is_superset(self, other: Bitboard) -> bool {
        other.is_subset(self)
    }

    /// Do `self` and `other` share no square?
    #[inline]
    pub const fn is_disjoint(self, other: Bitboard) -> bool {
        self.0 & other.0 == 0
    }

    /// The only square of a one-square set, otherwise `None`.
    #[inline]
    pub const fn single_square(self) -> Option<Square> {
        if self.0 != 0 && !self.has_more_than_one() {
            self.first()
        } else {
            None
        }
    }

    /// The lowest square (least significant bit), or `None` for the empty set.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        Square::from_index(self.0.trailing_zeros() as u8)
    }

    /// The highest square (most significant bit), or `None` for the empty set.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(63 - self.0.leading_zeros() as u8)
        }
    }

    /// Removes and returns the lowest square.
    #[inline]
    pub const fn pop_first(&mut self) -> Option<Square> {
        let sq = self.first();
        self.0 &= self.0.wrapping_sub(1);
        sq
    }

    /// The squares in LERF order.
    #[inline]
    pub const fn iter(self) -> Iter {
        Iter(self)
    }

    /// Every square one rank up (`north_one` in the wiki's vocabulary).
    #[inline]
    pub const fn north_one(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Every square one rank down.
    #[inline]
    pub const fn south_one(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// Every square one file towards h; the h-file falls off (the wiki's `eastOne`).
    #[inline]
    pub const fn east_one(self) -> Bitboard {
        Bitboard((self.0 << 1) & Bitboard::NOT_A_FILE.0)
    }

    /// Every square one file towards a; the a-file falls off (the wiki's `westOne`).
    #[inline]
    pub const fn west_one(self) -> Bitboard {
        Bitboard((self.0 >> 1) & Bitboard::NOT_H_FILE.0)
    }

    /// The raw 64-bit shift of the whole board: left for positive `n`, right for negative;
    /// nothing is masked, so squares can wrap across the a/h edge. `|n| >= 64` gives the empty set.
    #[inline]
    pub const fn shift(self, n: i32) -> Bitboard {
        if n >= 64 || n <= -64 {
            Bitboard::EMPTY
        } else if n >= 0 {
            Bitboard(self.0 << n)
        } else {
            Bitboard(self.0 >> -n)
        }
    }

    /// Ranks mirrored, rank 1 ↔ rank 8 (a byte swap).
    #[inline]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// Files mirrored, file a ↔ file h.
    #[inline]
    pub const fn mirror_horizontal(self) -> Bitboard {
        Bitboard(self.0.swap_bytes().reverse_bits())
    }

    /// Mirrored on the a1–h8 diagonal: file and rank swap (the wiki's `flipDiagA1H8`).
    #[inline]
    pub const fn flip_diagonal(self) -> Bitboard {
        const K1: u64 = 0x5500_5500_5500_5500;
        const K2: u64 = 0x3333_0000_3333_0000;
        const K4: u64 = 0x0f0f_0f0f_0000_0000;
        let mut x = self.0;
        let mut t = K4 & (x ^ (x << 28));
        x ^= t ^ (t >> 28);
        t = K2 & (x ^ (x << 14));
        x ^= t ^ (t >> 14);
        t = K1 & (x ^ (x << 7));
        x ^= t ^ (t >> 7);
        Bitboard(x)
    }

    /// Mirrored on the a8–h1 anti-diagonal (the wiki's `flipDiagA8H1`).
    #[inline]
    pub const fn flip_anti_diagonal(self) -> Bitboard {
        const K1: u64 = 0xaa00_aa00_aa00_aa00;
        const K2: u64 = 0xcccc_0000_cccc_0000;
        const K4: u64 = 0xf0f0_f0f0_0f0f_0f0f;
        let mut x = self.0;
        let mut t = x ^ (x << 36);
        x ^= K4 & (t ^ (x >> 36));
        t = K2 & (x ^ (x << 18));
        x ^= t ^ (t >> 18);
        t = K1 & (x ^ (x << 9));
        x ^= t ^ (t >> 9);
        Bitboard(x)
    }

    /// Turned half way round: a1 ↔ h8.
    #[inline]
    pub const fn rotate_180(self) -> Bitboard {
        Bitboard(self.0.reverse_bits())
    }

    /// The devlog's default-mask translation: a pattern drawn around `from` moved so that it is
    /// drawn around `to`, by one shift of the whole board, then the squares that wrapped across
    /// the a/h edge removed by file (files g and h when `to` is on file a or b; files a and b
    /// when `to` is on file g or h). Exact for patterns within two files of `from`, as the
    /// knight's and the king's are.
    ///
    /// ```
    /// use knightbits::{king, knight, Square};
    /// let f3 = knight::attacks(Square::F3);
    /// assert_eq!(f3.translate(Square::F3, Square::A1), knight::attacks(Square::A1));
    /// assert_eq!(f3.translate(Square::F3, Square::H8), knight::attacks(Square::H8));
    /// ```
    #[inline]
    pub const fn translate(self, from: Square, to: Square) -> Bitboard {
        self.shift(to as i32 - from as i32)
            .intersection(Bitboard::translate_mask(to))
    }

    /// The squares [`Bitboard::translate`] keeps when the pattern lands on `to`: `notGHFile`
    /// on files a and b, `notABFile` on files g and h, every square elsewhere.
    #[inline]
    pub(crate) const fn translate_mask(to: Square) -> Bitboard {
        match to as u8 & 7 {
            0 | 1 => Bitboard::NOT_GH_FILE,
            6 | 7 => Bitboard::NOT_AB_FILE,
            _ => Bitboard::FULL,
        }
    }

    /// The file mask that clears what a shift by `df` files (-7 to 7) wraps across the a/h
    /// edge, applied after the shift: `notAFile` one file east, `notABFile` two files east,
    /// `notHFile` and `notGHFile` west, every square for no file change.
    #[inline]
    pub(crate) const fn wrap_mask(df: i8) -> Bitboard {
        let files: u8 = if df >= 0 {
            0xff << df.unsigned_abs()
        } else {
            0xff >> df.unsigned_abs()
        };
        Bitboard(files as u64 * file_mask(0))
    }

    /// The wiki's name of a file mask (`notAFile`, `notABFile`, `notHFile`, `notGHFile`), or
    /// `None` for any other set.
    #[inline]
    pub(crate) const fn mask_name(self) -> Option<&'static str> {
        match self {
            Bitboard::NOT_A_FILE => Some("notAFile"),
            Bitboard::NOT_AB_FILE => Some("notABFile"),
            Bitboard::NOT_H_FILE => Some("notHFile"),
            Bitboard::NOT_GH_FILE => Some("notGHFile"),
            _ => None,
        }
    }

    /// Set union, usable in `const` context.
    #[inline]
    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    /// Set intersection, usable in `const` context.
    #[inline]
    pub const fn intersection(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }

    /// Squares of `self` not in `other`, usable in `const` context.
    #[inline]
    pub const fn difference(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }

    /// Builds a set from a diagram read row by row, rank 8 first, file a first in each row:
    /// `cells[0]` is a8, `cells[63]` is h1; any non-zero cell is a member.
    /// This is what the [`bitboard!`](crate::bitboard!) macro expands to.
    pub const fn from_diagram(cells: [u8; 64]) -> Bitboard {
        let mut bits = 0u64;
        let mut i = 0;
        while i < 64 {
            if cells[i] != 0 {
                let rank = 7 - i / 8;
                let file = i % 8;
                bits |= 1 << (rank * 8 + file);
            }
            i += 1;
        }
        Bitboard(bits)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

impl From<u64> for Bitboard {
    #[inline]
    fn from(bits: u64) -> Bitboard {
        Bitboard(bits)
    }
}

impl From<Bitboard> for u64 {
    #[inline]
    fn from(bb: Bitboard) -> u64 {
        bb.0
    }
}

macro_rules! binary_ops {
    ($($trait:ident $method:ident $assign:ident $assign_method:ident $op:tt;)*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $trait<Square> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Square) -> Bitboard {
                Bitboard(self.0 $op Bitboard::from_square(rhs).0)
            }
        }
        impl $assign for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
        impl $assign<Square> for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Square) {
                self.0 = self.0 $op Bitboard::from_square(rhs).0;
            }
        }
    )*};
}

binary_ops! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference: the squares of `self` not in `rhs`.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl SubAssign for Bitboard {
    #[inline]
    fn sub_assign(&mut self, rhs: Bitboard) {
        self.0 &= !rhs.0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement: every square not in the set.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// The squares of a [`Bitboard`], lowest first; exact size and double ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iter(Bitboard);

impl Iterator for Iter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_first()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }

    #[inline]
    fn count(self) -> usize {
        self.0.count() as usize
    }

    #[inline]
    fn last(self) -> Option<Square> {
        self.0.last()
    }
}

impl DoubleEndedIterator for Iter {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        let sq = self.0.last()?;
        self.0.remove(sq);
        Some(sq)
    }
}

impl ExactSizeIterator for Iter {}
impl FusedIterator for Iter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Iter;

    #[inline]
    fn into_iter(self) -> Iter {
        Iter(self)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb |= sq;
        }
        bb
    }
}

impl Extend<Square> for Bitboard {
    fn extend<I: IntoIterator<Item = Square>>(&mut self, iter: I) {
        for sq in iter {
            *self |= sq;
        }
    }
}

impl fmt::Debug for Bitboard {
    /// `Bitboard(0x…)` with 16 hex digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#018x})", self.0)
    }
}

impl fmt::LowerHex for Bitboard {
    /// Forwards to `u64`, so `{:#018x}` gives the canonical `0x` + 16 digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(&self.0, f)
    }
}

impl fmt::UpperHex for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::UpperHex::fmt(&self.0, f)
    }
}

impl fmt::Binary for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Binary::fmt(&self.0, f)
    }
}

impl fmt::Octal for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Octal::fmt(&self.0, f)
    }
}

#[cfg(test)]
mod tests;
