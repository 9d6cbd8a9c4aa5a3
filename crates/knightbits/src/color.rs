//! The two sides.

use core::fmt;
use core::ops::Not;
use core::str::FromStr;

/// A side: white or black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Color {
    /// The side that moves first; its pawns move towards rank 8.
    White,
    /// The side that moves second; its pawns move towards rank 1.
    Black,
}

/// A text was not `white`, `black`, `w` or `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseColorError;

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid side: expected white or black")
    }
}

impl core::error::Error for ParseColorError {}

impl Color {
    /// Both sides, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The FEN letter: `w` or `b`.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

impl FromStr for Color {
    type Err = ParseColorError;

    /// Reads `white`/`w` or `black`/`b` (any case).
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        if s.eq_ignore_ascii_case("white") || s.eq_ignore_ascii_case("w") {
            Ok(Color::White)
        } else if s.eq_ignore_ascii_case("black") || s.eq_ignore_ascii_case("b") {
            Ok(Color::Black)
        } else {
            Err(ParseColorError)
        }
    }
}
