//! A FEN placement on its own: the pieces, with none of the rules a [`Position`] keeps.

use core::fmt;
use core::str::FromStr;

use super::{Diagram, FenError, Piece, Position, Role};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::Square;

/// The pieces of a FEN placement (`8/8/8/8/3N4/8/8/8`), for questions whose answer depends on
/// nothing else: attack sets, pictures. No king is needed and none is checked; there is no
/// side to move, so nothing here makes or judges a move.
///
/// ```
/// use knightbits::position::{Placement, Role};
/// use knightbits::{Color, Square, knight};
/// let knight_alone: Placement = "8/8/8/8/3N4/8/8/8".parse()?;
/// assert_eq!(
///     knight_alone.attacks_by(Color::White, Role::Knight),
///     knight::attacks(Square::D4)
/// );
/// assert_eq!(knight_alone.to_string(), "8/8/8/8/3N4/8/8/8");
/// assert!("8/8/8/8/3N4/8/8/8 w - - 0 1".parse::<Placement>().is_err());
/// # Ok::<(), knightbits::position::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement(Position);

impl Placement {
    /// The pieces of one colour and role.
    pub const fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.0.pieces(color, role)
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.0.piece_at(square)
    }

    /// The squares attacked by `color`'s pieces of `role`, sliders stopped by every piece.
    pub fn attacks_by(&self, color: Color, role: Role) -> Bitboard {
        self.0.attacks_by(color, role)
    }

    /// A diagram with `highlight` marked, as [`Position::diagram`] draws one.
    pub fn diagram(&self, highlight: Bitboard) -> Diagram<'_> {
        self.0.diagram(highlight)
    }
}

impl From<Position> for Placement {
    /// The pieces of a position.
    fn from(position: Position) -> Placement {
        Placement(position)
    }
}

impl FromStr for Placement {
    type Err = FenError;

    /// Reads the placement field alone (surrounding white space ignored); a whole FEN is a
    /// position, read by [`Position::from_fen`].
    fn from_str(text: &str) -> Result<Placement, FenError> {
        let text = text.trim();
        if text.contains(char::is_whitespace) {
            return Err(FenError::PlacementFields);
        }
        let mut pos = Position::start();
        pos.by_role = [Bitboard::EMPTY; 6];
        pos.by_color = [Bitboard::EMPTY; 2];
        pos.castling = Bitboard::EMPTY;
        super::fen::placement(text, &mut pos)?;
        Ok(Placement(pos))
    }
}

impl fmt::Display for Placement {
    /// The placement field alone.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_placement(f)
    }
}
