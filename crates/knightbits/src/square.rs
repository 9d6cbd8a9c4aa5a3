//! Squares, files and ranks in LERF numbering (a1 = 0, b1 = 1, …, h8 = 63).

use core::fmt;
use core::str::FromStr;

/// A square name was not `a1`…`h8`, or an index was over 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid square: expected a1 to h8")
    }
}

impl core::error::Error for ParseSquareError {}

/// A file (column) of the board, `a` to `h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row) of the board, `1` to `8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// All files, `a` to `h`.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with index `index` (`a` = 0), or `None` if `index > 7`.
    #[inline]
    pub const fn from_index(index: u8) -> Option<File> {
        if index < 8 {
            Some(File::ALL[index as usize])
        } else {
            None
        }
    }

    /// The file's index, `a` = 0 … `h` = 7.
    #[inline]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The file's letter, `'a'` to `'h'`.
    #[inline]
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The file from its letter, `'a'`–`'h'` (upper case accepted too).
    #[inline]
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => File::from_index(c as u8 - b'a'),
            'A'..='H' => File::from_index(c as u8 - b'A'),
            _ => None,
        }
    }

    /// The file seen from the other side of the board (`a` ↔ `h`).
    #[inline]
    pub const fn mirror(self) -> File {
        File::ALL[7 - self as usize]
    }
}

impl Rank {
    /// All ranks, `1` to `8`.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index `index` (rank 1 = 0), or `None` if `index > 7`.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Rank> {
        if index < 8 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    /// The rank's index, rank 1 = 0 … rank 8 = 7.
    #[inline]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The rank's digit, `'1'` to `'8'`.
    #[inline]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank from its digit, `'1'`–`'8'`.
    #[inline]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Rank::from_index(c as u8 - b'1'),
            _ => None,
        }
    }

    /// The rank seen from the other side of the board (`1` ↔ `8`).
    #[inline]
    pub const fn flip(self) -> Rank {
        Rank::ALL[7 - self as usize]
    }
}

macro_rules! squares {
    ($($sq:ident),* $(,)?) => {
        /// A square of the board, numbered LERF: `A1` = 0, `B1` = 1, …, `H8` = 63.
        ///
        /// ```
        /// use knightbits::{File, Rank, Square};
        /// assert_eq!(Square::D4 as u8, 27);
        /// assert_eq!(Square::from_coords(File::D, Rank::Fourth), Square::D4);
        /// assert_eq!("d4".parse::<Square>(), Ok(Square::D4));
        /// assert_eq!(Square::from_index(64), None);
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Square { $($sq),* }

        impl Square {
            /// All 64 squares in LERF order, `A1` first.
            pub const ALL: [Square; 64] = [$(Square::$sq),*];
        }
    };
}

squares! {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

/// Square names in LERF order.
const NAMES: [&str; 64] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
];

impl Square {
    /// The square with LERF index `index`, or `None` if `index > 63`.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square::ALL[index as usize])
        } else {
            None
        }
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::ALL[rank as usize * 8 + file as usize]
    }

    /// The name, `"a1"` to `"h8"`, for texts that live as long as the program.
    #[inline]
    pub(crate) const fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// The LERF index, 0 to 63.
    #[inline]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The file of the square.
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }

    /// The rank of the square.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    /// The square `df` files east and `dr` ranks north, or `None` off the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square::ALL[(r * 8 + f) as usize])
        } else {
            None
        }
    }

    /// The same square seen from the other side: rank mirrored (`a1` ↔ `a8`).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::ALL[self as usize ^ 56]
    }

    /// The same square with the file mirrored (`a1` ↔ `h1`).
    #[inline]
    pub const fn mirror_horizontal(self) -> Square {
        Square::ALL[self as usize ^ 7]
    }

    /// `true` for the light squares (`b1`, `a2`, …; `a1` is dark).
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.file() as u8 + self.rank() as u8) % 2 == 1
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses a square name such as `d4` (`D4` is accepted too).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(file), Some(rank)) => Ok(Square::from_coords(file, rank)),
                _ => Err(ParseSquareError),
            },
            _ => Err(ParseSquareError),
        }
    }
}

impl TryFrom<u8> for Square {
    type Error = ParseSquareError;

    fn try_from(index: u8) -> Result<Square, ParseSquareError> {
        Square::from_index(index).ok_or(ParseSquareError)
    }
}

impl From<Square> for u8 {
    fn from(sq: Square) -> u8 {
        sq as u8
    }
}

impl From<Square> for usize {
    fn from(sq: Square) -> usize {
        sq as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_round_trips_through_index_coords_and_name() {
        let mut name = [0u8; 2];
        for i in 0..64u8 {
            let sq = Square::from_index(i).unwrap();
            assert_eq!(sq as u8, i);
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
            name[0] = b'a' + i % 8;
            name[1] = b'1' + i / 8;
            let text = core::str::from_utf8(&name).unwrap();
            assert_eq!(text.parse::<Square>(), Ok(sq));
            assert_eq!(sq.name(), text);
            assert_eq!(sq.to_string(), text);
        }
        assert_eq!(Square::from_index(64), None);
    }

    #[test]
    fn bad_names_are_rejected() {
        for bad in ["", "d", "d9", "i1", "d44", "4d", " d4", "z9"] {
            assert_eq!(bad.parse::<Square>(), Err(ParseSquareError), "{bad:?}");
        }
    }

    #[test]
    fn offsets_stop_at_the_edges() {
        assert_eq!(Square::D4.offset(1, 2), Some(Square::E6));
        assert_eq!(Square::A1.offset(-1, 2), None);
        assert_eq!(Square::H8.offset(0, 1), None);
        assert!(!Square::A1.is_light());
        assert!(Square::H1.is_light());
    }
}
