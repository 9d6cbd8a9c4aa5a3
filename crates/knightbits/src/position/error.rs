//! [`FenError`]: why a FEN was rejected, naming the field and the reason.

use core::fmt;

use crate::color::Color;
use crate::square::{Rank, Square};

/// A short inline copy of the offending text of a FEN field (no allocator needed): up to
/// [`Excerpt::CAPACITY`] bytes, cut on a character boundary, shown with `…` when longer.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Excerpt {
    bytes: [u8; Excerpt::CAPACITY],
    len: u8,
    cut: bool,
}

impl Excerpt {
    /// How many bytes are kept.
    pub const CAPACITY: usize = 8;

    /// The first bytes of `text` (whole characters only).
    pub fn new(text: &str) -> Excerpt {
        let mut len = text.len().min(Excerpt::CAPACITY);
        while !text.is_char_boundary(len) {
            len -= 1;
        }
        let mut bytes = [0; Excerpt::CAPACITY];
        bytes[..len].copy_from_slice(&text.as_bytes()[..len]);
        Excerpt {
            bytes,
            len: len as u8,
            cut: len < text.len(),
        }
    }

    /// The kept text (without the `…`).
    pub fn as_str(&self) -> &str {
        // The copy ends on a character boundary, so this never fails.
        core::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }

    /// Was the field longer than what is kept?
    pub const fn is_cut(&self) -> bool {
        self.cut
    }
}

impl fmt::Display for Excerpt {
    /// The text in double quotes, with `…` before the closing quote when cut.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}{}\"",
            self.as_str(),
            if self.cut { "…" } else { "" }
        )
    }
}

impl fmt::Debug for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a FEN could not be read as a [`Position`](super::Position). `Display` gives one
/// lower-case line starting with `invalid fen:`.
///
/// ```
/// use knightbits::position::{FenError, Position};
/// let err = "8/8/8/8/8/ppppppppp/8/8 w - - 0 1".parse::<Position>().unwrap_err();
/// assert_eq!(err.to_string(), "invalid fen: rank 3 has 9 files");
/// let err = "4k3/8/8/8/8/8/8/4K3 w KQx - 0 1".parse::<Position>().unwrap_err();
/// assert_eq!(err.to_string(), "invalid fen: castling field \"KQx\"");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenError {
    /// Not 4, 5 or 6 fields separated by white space (`count` is capped at 255).
    FieldCount {
        /// How many fields there were.
        count: u8,
    },
    /// A placement alone was expected, and more fields followed it.
    PlacementFields,
    /// The placement did not have 8 ranks separated by `/` (`count` is capped at 255).
    RankCount {
        /// How many ranks there were.
        count: u8,
    },
    /// A rank of the placement did not describe exactly 8 files (`files` is capped at 255).
    RankFiles {
        /// The rank, as on the board (the FEN's first rank is rank 8).
        rank: Rank,
        /// How many files it described.
        files: u8,
    },
    /// A character of the placement was neither a piece letter nor a digit 1 to 8.
    PlacementChar {
        /// The rank, as on the board.
        rank: Rank,
        /// The character.
        char: char,
    },
    /// The side-to-move field was not `w` or `b`.
    Turn(Excerpt),
    /// The castling field was not `-` or distinct letters of `KQkq`.
    Castling(Excerpt),
    /// The en passant field was not `-` or a square name.
    EnPassant(Excerpt),
    /// The halfmove clock was not a whole number below 2³².
    Halfmove(Excerpt),
    /// The fullmove number was not a whole number below 2³².
    Fullmove(Excerpt),
    /// A side did not have exactly one king (`count` is capped at 255).
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it had.
        count: u8,
    },
    /// A pawn stood on rank 1 or rank 8.
    PawnOnBackRank(Square),
    /// The side that is not to move is in check (it could be captured: rules undefined).
    OppositeCheck(Color),
    /// A castling right without the king on its e-file square and the rook on its corner.
    CastlingRight(char),
    /// The en passant square is not the square a pawn of the side that just moved skipped:
    /// on rank 6 with white to move (rank 3 with black), empty, the square behind it empty,
    /// and that side's pawn in front of it.
    EnPassantSquare(Square),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid fen: ")?;
        match *self {
            FenError::FieldCount { count } => {
                write!(f, "expected 4 to 6 fields, found {count}")
            }
            FenError::PlacementFields => {
                f.write_str("expected a placement alone, without the other fields")
            }
            FenError::RankCount { count } => {
                write!(f, "placement must have 8 ranks, found {count}")
            }
            FenError::RankFiles { rank, files } => write!(f, "rank {rank} has {files} files"),
            FenError::PlacementChar { rank, char } => {
                write!(f, "rank {rank} has the invalid character {char:?}")
            }
            FenError::Turn(text) => write!(f, "side to move {text} (expected w or b)"),
            FenError::Castling(text) => write!(f, "castling field {text}"),
            FenError::EnPassant(text) => write!(f, "en passant field {text}"),
            FenError::Halfmove(text) => write!(f, "halfmove clock {text}"),
            FenError::Fullmove(text) => write!(f, "fullmove number {text}"),
            FenError::KingCount { color, count: 0 } => write!(f, "{color} has no king"),
            FenError::KingCount { color, count } => write!(f, "{color} has {count} kings"),
            FenError::PawnOnBackRank(square) => write!(f, "pawn on {square}"),
            FenError::OppositeCheck(color) => {
                write!(f, "{color} is in check but it is {}'s turn", color.other())
            }
            FenError::CastlingRight(right) => {
                let (color, king, rook) = match right {
                    'K' => ("white", "e1", "h1"),
                    'Q' => ("white", "e1", "a1"),
                    'k' => ("black", "e8", "h8"),
                    _ => ("black", "e8", "a8"),
                };
                write!(
                    f,
                    "castling right {right} needs the {color} king on {king} and a {color} rook on {rook}"
                )
            }
            FenError::EnPassantSquare(square) => {
                write!(
                    f,
                    "en passant square {square} does not follow a double pawn push"
                )
            }
        }
    }
}

impl core::error::Error for FenError {}
