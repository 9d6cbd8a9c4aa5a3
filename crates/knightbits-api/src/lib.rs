//! The typed request/response layer: for every question the tool answers, a request type, a
//! response type and one function that asks the library.
//!
//! `--json`, every `--batch` line and every `/api/` endpoint serialize these responses with
//! serde; the text output renders them. The command line (`knightbits-cli`) builds requests
//! from its arguments, the explorer's server and the WebAssembly page from query parameters
//! ([`query`]); neither asks the library itself. Nothing here knows about clap, HTTP servers or
//! files: a refusal carries its HTTP status as a number.
//!
//! In JSON a bitboard is `"0x…"` (16 lower-case hex digits), a square list is names in LERF
//! order, and a move list is UCI texts in sorted order.

pub mod attacks;
pub mod bits;
pub mod catch;
pub mod edit;
mod error;
mod form;
pub mod meta;
pub mod picture;
pub mod position;
pub mod query;
pub mod rules;
pub mod sliders;
pub mod sources;
mod steps;
pub mod tour;
pub mod values;
pub mod walks;

use std::fmt;

use knightbits::Bitboard;
use knightbits::position::{Move, MoveList};
use serde::{Serialize, Serializer};

pub use self::error::{Error, ErrorBody, shorten};

/// The squares of a bitboard, serialized as a list of names (a1 first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Squares(pub Bitboard);

impl Serialize for Squares {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0)
    }
}

impl fmt::Display for Squares {
    /// The names separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, sq) in self.0.into_iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

/// The bits of a set written in a numbering other than LERF (a mask as the devlog numbers it,
/// a value converted to `h1-g1`): `"0x…"` as a bitboard is, but never read as LERF squares.
/// A LERF set is a [`Bitboard`]; in JSON only a LERF set is called `"bitboard"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits(pub u64);

impl fmt::Display for Bits {
    /// `0x` and 16 lower-case hex digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#018x}", self.0)
    }
}

impl Serialize for Bits {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A set of squares: `{"bitboard", "squares", "count"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SquareSet {
    /// The set as a bitboard.
    pub bitboard: Bitboard,
    /// Its squares by name.
    pub squares: Squares,
    /// How many squares.
    pub count: u32,
}

impl From<Bitboard> for SquareSet {
    fn from(bitboard: Bitboard) -> SquareSet {
        SquareSet {
            bitboard,
            squares: Squares(bitboard),
            count: bitboard.count(),
        }
    }
}

/// Moves in UCI text order, serialized as a list of UCI texts (`g1f3`, castling `e1g1`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moves(Vec<Move>);

impl Moves {
    /// The moves, sorted by their UCI text.
    pub fn sorted(mut moves: Vec<Move>) -> Moves {
        moves.sort_by_cached_key(Move::to_string);
        Moves(moves)
    }

    /// The moves in order.
    pub fn as_slice(&self) -> &[Move] {
        &self.0
    }

    /// How many moves.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// No move at all?
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The destination squares of all moves.
    pub fn destinations(&self) -> Bitboard {
        self.0.iter().map(|m| m.to).collect()
    }
}

impl From<&MoveList> for Moves {
    /// The library's list, already in UCI text order.
    fn from(list: &MoveList) -> Moves {
        Moves(list.iter().copied().collect())
    }
}

impl Serialize for Moves {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(Uci))
    }
}

impl fmt::Display for Moves {
    /// The UCI texts separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

/// One move as its UCI text (the library's `Display`).
struct Uci<'a>(&'a Move);

impl Serialize for Uci<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
}

/// A square of a board of any size in JSON: its name (`c3`) on boards of at most 26 files,
/// else the pair `[file, rank]` counted from 0 (the pair `file,rank` the command line reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coordinate {
    /// The board.
    pub board: knightbits_board::Board,
    /// The square.
    pub coord: knightbits_board::Coord,
}

impl Serialize for Coordinate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.board.has_names() {
            serializer.collect_str(&self.board.name(self.coord))
        } else {
            (self.coord.file, self.coord.rank).serialize(serializer)
        }
    }
}

/// Serializes any value by its `Display` text (for fields such as a board size).
pub(crate) fn display<T: fmt::Display, S: Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use knightbits::Square;
    use knightbits::position::MoveKind;

    #[test]
    fn shapes_serialize_as_the_documented_json() {
        let set = SquareSet::from(Bitboard(0x0000_0000_00a5_1800));
        assert_eq!(
            serde_json::to_string(&set).unwrap(),
            r#"{"bitboard":"0x0000000000a51800","squares":["d2","e2","a3","c3","f3","h3"],"count":6}"#
        );
        let m = |from, to| Move {
            from,
            to,
            kind: MoveKind::Quiet,
        };
        let moves = Moves::sorted(vec![m(Square::G4, Square::E3), m(Square::C5, Square::A4)]);
        assert_eq!(serde_json::to_string(&moves).unwrap(), r#"["c5a4","g4e3"]"#);
        assert_eq!(moves.to_string(), "c5a4 g4e3");
        assert_eq!(Squares(set.bitboard).to_string(), "d2 e2 a3 c3 f3 h3");
    }
}
