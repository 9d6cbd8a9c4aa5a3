//! A position drawn as text: pieces on the board, some squares highlighted.

use core::fmt::{self, Write};

use super::Position;
use crate::bitboard::Bitboard;
use crate::square::{File, Rank, Square};

/// A position drawn with some squares highlighted; made by [`Position::diagram`].
///
/// `{}` writes FEN letters, `{:#}` Unicode chess symbols. Rank 8 is on top and file a on the
/// left; each cell is three characters wide: ` N ` for a piece, ` . ` for an empty square, and
/// the same between brackets, `[N]` or `[.]`, for a highlighted square. Lines have no
/// trailing space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diagram<'a> {
    position: &'a Position,
    highlight: Bitboard,
}

impl Position {
    /// The board as text with `highlight` marked, for example the destinations of some moves.
    ///
    /// ```
    /// use knightbits::position::Position;
    /// let start = Position::start();
    /// let moves = start.legal_knight_moves();
    /// let text = start.diagram(moves.destinations()).to_string();
    /// assert_eq!(text.lines().nth(5), Some("3 [.] . [.] .  . [.] . [.]"));
    /// assert_eq!(text.lines().nth(7), Some("1  R  N  B  Q  K  B  N  R"));
    /// assert_eq!(text.lines().nth(8), Some("   a  b  c  d  e  f  g  h"));
    /// assert!(format!("{:#}", start.diagram(moves.destinations())).contains('♘'));
    /// ```
    pub fn diagram(&self, highlight: Bitboard) -> Diagram<'_> {
        Diagram {
            position: self,
            highlight,
        }
    }
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unicode = f.alternate();
        for rank in Rank::ALL.into_iter().rev() {
            write!(f, "{rank} ")?;
            for file in File::ALL {
                let square = Square::from_coords(file, rank);
                let (open, close) = if self.highlight.contains(square) {
                    ('[', ']')
                } else {
                    (' ', ' ')
                };
                let cell = match self.position.piece_at(square) {
                    Some(piece) if unicode => piece.symbol(),
                    Some(piece) => piece.char(),
                    None => '.',
                };
                f.write_char(open)?;
                f.write_char(cell)?;
                if file != File::H || close != ' ' {
                    f.write_char(close)?;
                }
            }
            f.write_char('\n')?;
        }
        f.write_str("   a  b  c  d  e  f  g  h\n")
    }
}
