//! Typed errors of the parsers. Messages are lower case, without a final period.

use core::fmt;

/// A square name was not `a1`…`h8`, or an index was over 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid square: expected a1 to h8")
    }
}

impl core::error::Error for ParseSquareError {}

/// Why a text could not be read as a [`Bitboard`](crate::Bitboard).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseBitboardError {
    /// The text was empty or only white space.
    Empty,
    /// A number had a digit that its base does not allow, or no digits at all.
    InvalidDigit,
    /// A number was larger than 64 bits can hold.
    Overflow,
    /// An item of a square list was not a square name; `position` is its index in the list.
    InvalidSquare {
        /// Zero-based index of the offending item.
        position: usize,
    },
    /// A FEN placement did not describe 8 ranks of 8 files.
    InvalidFen,
}

impl fmt::Display for ParseBitboardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseBitboardError::Empty => f.write_str("empty input"),
            ParseBitboardError::InvalidDigit => f.write_str("invalid digit in number"),
            ParseBitboardError::Overflow => f.write_str("number does not fit in 64 bits"),
            ParseBitboardError::InvalidSquare { position } => {
                write!(
                    f,
                    "item {} of the square list is not a square name (a1 to h8)",
                    position + 1
                )
            }
            ParseBitboardError::InvalidFen => {
                f.write_str("fen placement must have 8 ranks of 8 files")
            }
        }
    }
}

impl core::error::Error for ParseBitboardError {}

/// A method name was not one of those offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseMethodError;

impl fmt::Display for ParseMethodError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown method")
    }
}

impl core::error::Error for ParseMethodError {}
