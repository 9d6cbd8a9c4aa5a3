//! FEN reading and writing, with full validation.

use core::fmt::{self, Write};
use core::str::FromStr;

use super::{FenError, Piece, Position, Role};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::{File, Rank, Square};

/// The castling letters with the rook corner each one names, in FEN order.
const CASTLING: [(char, Square); 4] = [
    ('K', Square::H1),
    ('Q', Square::A1),
    ('k', Square::H8),
    ('q', Square::A8),
];

fn capped(n: usize) -> u8 {
    n.min(255) as u8
}

/// A whole number of ASCII digits (no sign) that fits in a `u32`.
fn number(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

pub(super) fn placement(text: &str, pos: &mut Position) -> Result<(), FenError> {
    let ranks = text.split('/').count();
    if ranks != 8 {
        return Err(FenError::RankCount {
            count: capped(ranks),
        });
    }
    for (row, rank_text) in text.split('/').enumerate() {
        let rank = Rank::ALL[7 - row];
        let mut files = 0usize;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                files += d as usize;
            } else if let Some(piece) = Piece::from_char(c) {
                if let Some(file) = u8::try_from(files).ok().and_then(File::from_index) {
                    let square = Square::from_coords(file, rank);
                    pos.by_role[piece.role as usize].insert(square);
                    pos.by_color[piece.color as usize].insert(square);
                }
                files += 1;
            } else {
                return Err(FenError::PlacementChar { rank, char: c });
            }
        }
        if files != 8 {
            return Err(FenError::RankFiles {
                rank,
                files: capped(files),
            });
        }
    }
    Ok(())
}

fn castling(text: &str) -> Result<Bitboard, FenError> {
    let mut rights = Bitboard::EMPTY;
    if text == "-" {
        return Ok(rights);
    }
    for c in text.chars() {
        match CASTLING.iter().find(|&&(letter, _)| letter == c) {
            Some(&(_, rook)) if !rights.contains(rook) => rights.insert(rook),
            _ => return Err(FenError::Castling(super::Excerpt::new(text))),
        };
    }
    if rights.is_empty() {
        return Err(FenError::Castling(super::Excerpt::new(text)));
    }
    Ok(rights)
}

impl Position {
    /// Reads a FEN: the six fields, or the first four or five (missing counters are `0` and
    /// `1`), separated by white space; surrounding white space is ignored.
    ///
    /// Besides the syntax of each field, it rejects positions whose rules are undefined: a side
    /// without exactly one king, the side not to move in check, a pawn on rank 1 or 8, a
    /// castling right without its king and rook in place, an en passant square that no double
    /// pawn push can have left. Well-formed but unreachable positions (three knights giving
    /// check at once, nine queens) are accepted.
    ///
    /// The castling letters may come in any order but each at most once; `Display` writes
    /// them as `KQkq` (Shredder-FEN file letters are not read). The counters are kept as
    /// given, a fullmove number of 0 included, so the FEN writes back unchanged.
    ///
    /// ```
    /// use knightbits::position::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2N b - -")?;
    /// assert_eq!(pos.to_string(), "4k3/8/8/8/8/8/8/4K2N b - - 0 1");
    /// let err = Position::from_fen("4k3/8/8/8/8/8/8/4K2N b - - 0 1 extra").unwrap_err();
    /// assert_eq!(err.to_string(), "invalid fen: expected 4 to 6 fields, found 7");
    /// # Ok::<(), knightbits::position::FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let count = fen.split_ascii_whitespace().count();
        if !(4..=6).contains(&count) {
            return Err(FenError::FieldCount {
                count: capped(count),
            });
        }
        let mut fields = fen.split_ascii_whitespace();
        let mut field = || fields.next().unwrap_or("");
        let (board, turn, rights, ep, half, full) =
            (field(), field(), field(), field(), field(), field());

        let mut pos = Position {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            turn: Color::White,
            castling: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
        };
        placement(board, &mut pos)?;
        pos.turn = match turn {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(FenError::Turn(super::Excerpt::new(turn))),
        };
        pos.castling = castling(rights)?;
        pos.ep_square = match ep {
            "-" => None,
            _ => Some(
                ep.parse::<Square>()
                    .ok()
                    .filter(|_| ep.bytes().all(|b| !b.is_ascii_uppercase()))
                    .ok_or(FenError::EnPassant(super::Excerpt::new(ep)))?,
            ),
        };
        if count >= 5 {
            pos.halfmoves = number(half).ok_or(FenError::Halfmove(super::Excerpt::new(half)))?;
        }
        if count == 6 {
            pos.fullmoves = number(full).ok_or(FenError::Fullmove(super::Excerpt::new(full)))?;
        }
        pos.validate()?;
        pos.checkers = pos.find_checkers();
        pos.pinned = pos.find_pinned();
        Ok(pos)
    }

    /// The checks on the pieces that make the rules defined (see [`Position::from_fen`]).
    fn validate(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            let count = self.pieces(color, Role::King).count();
            if count != 1 {
                return Err(FenError::KingCount {
                    color,
                    count: capped(count as usize),
                });
            }
        }
        let back_ranks = Bitboard::RANK_1 | Bitboard::RANK_8;
        if let Some(square) = (self.by_role(Role::Pawn) & back_ranks).first() {
            return Err(FenError::PawnOnBackRank(square));
        }
        let waiting = self.turn.other();
        if self.is_attacked(self.king(waiting), self.turn) {
            return Err(FenError::OppositeCheck(waiting));
        }
        for (letter, rook) in CASTLING {
            let color = if rook.rank() == Rank::First {
                Color::White
            } else {
                Color::Black
            };
            let king = Square::from_coords(File::E, rook.rank());
            if self.castling.contains(rook)
                && !(self.pieces(color, Role::Rook).contains(rook)
                    && self.pieces(color, Role::King).contains(king))
            {
                return Err(FenError::CastlingRight(letter));
            }
        }
        if let Some(ep) = self.ep_square {
            // The side that just moved is `waiting`; its pawn skipped `ep` from `origin`.
            let (rank, forward) = match self.turn {
                Color::White => (Rank::Sixth, 8),
                Color::Black => (Rank::Third, -8),
            };
            let pushed = Square::from_index((ep as i8 - forward) as u8);
            let origin = Square::from_index((ep as i8 + forward) as u8);
            let ok = ep.rank() == rank
                && pushed.is_some_and(|sq| self.pieces(waiting, Role::Pawn).contains(sq))
                && origin.is_some_and(|sq| !self.occupied().contains(sq))
                && !self.occupied().contains(ep);
            if !ok {
                return Err(FenError::EnPassantSquare(ep));
            }
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = FenError;

    /// Same as [`Position::from_fen`].
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl Position {
    /// Writes the placement field.
    pub(super) fn write_placement(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        f.write_char(piece.char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank != Rank::First {
                f.write_char('/')?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Position {
    /// The FEN, all six fields, castling in `KQkq` order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_placement(f)?;
        write!(f, " {} ", self.turn.char())?;
        if self.castling.is_empty() {
            f.write_char('-')?;
        }
        for (letter, rook) in CASTLING {
            if self.castling.contains(rook) {
                f.write_char(letter)?;
            }
        }
        match self.ep_square {
            Some(sq) => write!(f, " {sq}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", self.halfmoves, self.fullmoves)
    }
}
