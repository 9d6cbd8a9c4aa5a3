//! Real chess positions: FEN in and out, the attacks of every piece, legal knight and king
//! moves, and knight forks.
//!
//! A [`Position`] is read from a FEN and never changes; every question about it is one method
//! call:
//!
//! ```
//! use knightbits::position::{Position, Role};
//! use knightbits::{Color, Square};
//!
//! let pos: Position = "r3k2r/8/8/3N4/8/8/8/R3K2R w KQkq - 0 1".parse()?;
//! assert_eq!(pos.to_string(), "r3k2r/8/8/3N4/8/8/8/R3K2R w KQkq - 0 1");
//! assert_eq!(pos.attacks_by(Color::White, Role::Knight).count(), 8);
//! assert!(pos.is_attacked(Square::F6, Color::White));
//! let moves: Vec<String> = pos.legal_king_moves(true).iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"]);
//! let forks = pos.forks();
//! assert_eq!(forks.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["d5c7"]);
//! # Ok::<(), knightbits::position::FenError>(())
//! ```
//!
//! Each question of the command line is one call:
//!
//! | question | call |
//! |---|---|
//! | read a FEN (error text for `{"error": …}`) | [`Position::from_fen`], `FenError`'s `Display` |
//! | make one from bitboards (another library's board), checked as a FEN is | [`Position::from_setup`] |
//! | legal / pseudo-legal knight moves | [`Position::legal_knight_moves`], [`Position::pseudo_legal_knight_moves`] |
//! | legal / pseudo-legal king moves, castling or not | [`Position::legal_king_moves`], [`Position::pseudo_legal_king_moves`] |
//! | the same legal moves as destination sets, for engines (no list, no order) | [`Position::legal_knight_move_sets`], [`Position::legal_king_move_set`] |
//! | squares a side's knights (king, …) attack | [`Position::attacks_by`] |
//! | every square a side attacks | [`Position::attacks`] |
//! | forks against king, queen and rooks / other roles | [`Position::forks`], [`Position::forks_against`] with [`Position::targets`] |
//! | the board with squares marked | [`Position::diagram`] |
//!
//! Move lists come sorted in UCI text order and print as UCI (`g1f3`, castling `e1g1`).
//!
//! Only standard chess is covered: castling rights are the four `KQkq` rights with the kings on
//! e1/e8 and the rooks in the corners (no Chess960).

mod attacks;
mod diagram;
mod error;
mod fen;
mod forks;
mod moves;
mod piece;
mod placement;
mod setup;

pub use self::diagram::Diagram;
pub use self::error::{Excerpt, FenError};
pub use self::forks::{ForkSets, Forks};
pub use self::moves::{Move, MoveKind, MoveList, MoveSets, PieceMoves};
pub use self::piece::{ParseRoleError, Piece, Role};
pub use self::placement::Placement;
pub use self::setup::{Setup, SetupError};

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::Square;

/// A chess position: where every piece stands, the side to move, castling rights, the en
/// passant square and the two move counters. Made by parsing a FEN ([`Position::from_fen`] or
/// `str::parse`); `Display` writes the FEN back.
///
/// A parsed position always has one king per side and the side not to move is not in check;
/// castling rights always have their king and rook in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    turn: Color,
    castling: Bitboard,
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    /// Enemy pieces giving check, worked out once when the position is made.
    checkers: Bitboard,
    /// Pieces of the side to move pinned to their king, worked out once as well.
    pinned: Bitboard,
}

impl Position {
    /// The FEN of the initial position.
    pub const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// The initial position.
    ///
    /// ```
    /// use knightbits::position::{Position, Role};
    /// let start = Position::start();
    /// assert_eq!(start.to_string(), Position::START_FEN);
    /// assert_eq!(start.legal_knight_moves().len(), 4);
    /// assert_eq!(start.by_role(Role::Pawn).count(), 16);
    /// ```
    pub fn start() -> Position {
        let white = Bitboard(0xffff);
        let black = Bitboard(0xffff << 48);
        let first = Bitboard(0x81 | 0x81 << 56);
        Position {
            by_role: [
                Bitboard(0xff << 8 | 0xff << 48),
                Bitboard(0x42 | 0x42 << 56),
                Bitboard(0x24 | 0x24 << 56),
                first,
                Bitboard(0x08 | 0x08 << 56),
                Bitboard(0x10 | 0x10 << 56),
            ],
            by_color: [white, black],
            turn: Color::White,
            castling: first,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
        }
    }

    /// The side to move.
    #[inline]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// Every occupied square.
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        self.by_color[0].union(self.by_color[1])
    }

    /// The squares of the pieces of `color`.
    #[inline]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The squares of the pieces of `role`, both colours.
    #[inline]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role as usize]
    }

    /// The squares of the pieces of `color` and `role`.
    ///
    /// ```
    /// use knightbits::position::{Position, Role};
    /// use knightbits::{Color, Square, Bitboard};
    /// let start = Position::start();
    /// assert_eq!(start.pieces(Color::White, Role::Knight), Bitboard::from_square(Square::B1) | Square::G1);
    /// ```
    #[inline]
    pub const fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color(color).intersection(self.by_role(role))
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let color = if self.by_color[0].contains(square) {
            Color::White
        } else if self.by_color[1].contains(square) {
            Color::Black
        } else {
            return None;
        };
        Role::ALL
            .into_iter()
            .find(|&role| self.by_role(role).contains(square))
            .map(|role| Piece { color, role })
    }

    /// The square of the king of `color` (a parsed position has exactly one).
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        // Parsing guarantees one king per side; a1 is never used.
        self.pieces(color, Role::King).first().unwrap_or(Square::A1)
    }

    /// The castling rights, as the squares of the rooks that may still castle (a subset of
    /// a1, h1, a8, h8).
    ///
    /// ```
    /// use knightbits::position::Position;
    /// use knightbits::{Square, Bitboard};
    /// let pos: Position = "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1".parse()?;
    /// assert_eq!(pos.castling_rights(), Bitboard::from_square(Square::H1) | Square::A8);
    /// # Ok::<(), knightbits::position::FenError>(())
    /// ```
    #[inline]
    pub const fn castling_rights(&self) -> Bitboard {
        self.castling
    }

    /// The en passant square of the FEN, if any (written after every double pawn push, whether
    /// or not a capture there is possible).
    #[inline]
    pub const fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The halfmove clock: plies since the last capture or pawn move.
    #[inline]
    pub const fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The fullmove number: starts at 1, grows after each black move.
    #[inline]
    pub const fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The pieces of the side to move.
    #[inline]
    pub const fn us(&self) -> Bitboard {
        self.by_color(self.turn)
    }

    /// The pieces of the side not to move.
    #[inline]
    pub const fn them(&self) -> Bitboard {
        self.by_color(self.turn.other())
    }
}

impl Default for Position {
    /// The initial position.
    fn default() -> Position {
        Position::start()
    }
}
