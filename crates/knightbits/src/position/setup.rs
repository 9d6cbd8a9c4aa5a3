//! [`Setup`]: a position given as bitboards (another library's board, such as python-chess's),
//! made into a [`Position`] with the checks a FEN gets.

use core::fmt;

use super::{FenError, Position};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::Square;

/// A position as plain parts: the squares of each colour and of each role, the side to move,
/// castling rights, the en passant square and the two counters. [`Position::from_setup`] checks
/// it and makes the [`Position`].
///
/// ```
/// use knightbits::position::{Position, Setup};
/// use knightbits::{Bitboard, Color};
/// let start = Position::start();
/// let setup = Setup {
///     by_color: [Bitboard(0xffff), Bitboard(0xffff << 48)],
///     by_role: [
///         Bitboard(0x00ff_0000_0000_ff00),
///         Bitboard(0x4200_0000_0000_0042),
///         Bitboard(0x2400_0000_0000_0024),
///         Bitboard(0x8100_0000_0000_0081),
///         Bitboard(0x0800_0000_0000_0008),
///         Bitboard(0x1000_0000_0000_0010),
///     ],
///     turn: Color::White,
///     castling: Bitboard(0x8100_0000_0000_0081),
///     ep_square: None,
///     halfmoves: 0,
///     fullmoves: 1,
/// };
/// assert_eq!(Position::from_setup(setup), Ok(start));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The pieces of each colour, white first ([`Color`] order).
    pub by_color: [Bitboard; 2],
    /// The pieces of each role, both colours, pawn first ([`Role::ALL`](super::Role::ALL) order).
    pub by_role: [Bitboard; 6],
    /// The side to move.
    pub turn: Color,
    /// The castling rights, as the squares of the rooks that may still castle (a subset of a1,
    /// h1, a8, h8), as [`Position::castling_rights`] gives them.
    pub castling: Bitboard,
    /// The en passant square, if any.
    pub ep_square: Option<Square>,
    /// The halfmove clock.
    pub halfmoves: u32,
    /// The fullmove number.
    pub fullmoves: u32,
}

/// Why a [`Setup`] is not a position. `Display` gives one lower-case line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupError {
    /// A square is in two roles or in both colours, or in a colour without a role (or a role
    /// without a colour).
    Square(Square),
    /// A castling right on a square that is not a corner.
    CastlingSquare(Square),
    /// The placement breaks a rule that [`Position::from_fen`] checks (the same checks, the
    /// same error).
    Fen(FenError),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Square(sq) => write!(f, "invalid setup: square {sq} is not one piece"),
            SetupError::CastlingSquare(sq) => {
                write!(f, "invalid setup: castling right on {sq}, not a corner")
            }
            SetupError::Fen(e) => fmt::Display::fmt(e, f),
        }
    }
}

impl core::error::Error for SetupError {}

impl From<FenError> for SetupError {
    fn from(e: FenError) -> SetupError {
        SetupError::Fen(e)
    }
}

impl Position {
    /// The position `setup` describes, checked as [`Position::from_fen`] checks a FEN (one
    /// king a side, no pawn on rank 1 or 8, the side not to move not in check, castling rights
    /// with their king and rook in place, an en passant square a double push can have left),
    /// after checking what a FEN's syntax guarantees: every square one piece at most, with one
    /// colour and one role, and castling rights on corners only.
    ///
    /// ```
    /// use knightbits::position::{Position, Setup, SetupError};
    /// let pos: Position = "4k3/8/8/8/8/8/8/4K2N b - - 3 9".parse()?;
    /// assert_eq!(Position::from_setup(pos.setup()), Ok(pos));
    /// let mut two = pos.setup();
    /// two.by_color[1] |= knightbits::Square::H1; // the knight is black too
    /// assert_eq!(
    ///     Position::from_setup(two).unwrap_err().to_string(),
    ///     "invalid setup: square h1 is not one piece"
    /// );
    /// # Ok::<(), knightbits::position::FenError>(())
    /// ```
    pub fn from_setup(setup: Setup) -> Result<Position, SetupError> {
        let [white, black] = setup.by_color;
        let mut roles = Bitboard::EMPTY;
        let mut twice = white & black;
        for role in setup.by_role {
            twice |= roles & role;
            roles |= role;
        }
        if let Some(sq) = (twice | (roles ^ (white | black))).first() {
            return Err(SetupError::Square(sq));
        }
        let corners = Bitboard(0x8100_0000_0000_0081);
        if let Some(sq) = (setup.castling & !corners).first() {
            return Err(SetupError::CastlingSquare(sq));
        }
        let pos = Position {
            by_role: setup.by_role,
            by_color: setup.by_color,
            turn: setup.turn,
            castling: setup.castling,
            ep_square: setup.ep_square,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
        };
        Ok(pos.validated()?)
    }

    /// The parts of the position, for [`Position::from_setup`] or another library.
    pub fn setup(&self) -> Setup {
        Setup {
            by_color: self.by_color,
            by_role: self.by_role,
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Role;

    /// Every position of a small corpus goes through its setup unchanged, and the setup path
    /// refuses what the FEN path refuses with the same error (the checks are one function).
    #[test]
    fn setup_agrees_with_fen() {
        for fen in [
            Position::START_FEN,
            "r3k2r/8/8/3N4/8/8/8/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
            "4k3/8/8/8/8/8/8/4K2N b - - 3 9",
        ] {
            let pos: Position = fen.parse().unwrap();
            assert_eq!(Position::from_setup(pos.setup()), Ok(pos), "{fen}");
        }
        let ok: Position = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".parse().unwrap();
        type Change = fn(&mut Setup);
        let cases: [(Change, &str); 4] = [
            (
                |s| {
                    s.by_role[Role::King as usize] |= Square::H1;
                    s.by_color[0] |= Square::H1;
                },
                "4k3/8/8/8/8/8/8/R3K2K w Q - 0 1",
            ),
            (
                |s| s.castling |= Square::H1,
                "4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1",
            ),
            (
                |s| s.ep_square = Some(Square::E6),
                "4k3/8/8/8/8/8/8/R3K3 w Q e6 0 1",
            ),
            (
                |s| {
                    s.by_role[Role::Pawn as usize] |= Square::B8;
                    s.by_color[0] |= Square::B8;
                },
                "1P2k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
            ),
        ];
        for (change, fen) in cases {
            let mut setup = ok.setup();
            change(&mut setup);
            let want = Position::from_fen(fen).unwrap_err();
            assert_eq!(
                Position::from_setup(setup),
                Err(SetupError::Fen(want)),
                "{fen}"
            );
        }
    }

    /// What a FEN's syntax rules out is refused by name.
    #[test]
    fn overlaps_and_off_corner_rights_are_refused() {
        let pos = Position::start();
        let mut s = pos.setup();
        s.by_role[Role::Bishop as usize] |= Square::B1;
        assert_eq!(Position::from_setup(s), Err(SetupError::Square(Square::B1)));
        let mut s = pos.setup();
        s.by_color[0] |= Square::E4;
        assert_eq!(Position::from_setup(s), Err(SetupError::Square(Square::E4)));
        let mut s = pos.setup();
        s.by_role[Role::Pawn as usize] |= Square::E4;
        assert_eq!(Position::from_setup(s), Err(SetupError::Square(Square::E4)));
        let mut s = pos.setup();
        s.castling |= Square::B1;
        assert_eq!(
            Position::from_setup(s),
            Err(SetupError::CastlingSquare(Square::B1))
        );
    }
}
