//! Pictures: the SVG of a board with marks, pieces, arrows and a tour (the explorer's `svg`,
//! and what `--svg FILE` writes), and the SVG of a tour of any board (`tour-svg`).

use knightbits::position::Placement;
use knightbits::{Bitboard, Square};
use knightbits_svg::{Svg, TourSvg};

use super::form::{self, Fen, Named, query};
use super::tour::KnightsTour;
use knightbits::technique::Leaper;

use super::values::{self, glyph};
use super::{Error, Moves};

/// A picture of the 8x8 board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drawing {
    /// The title (none when empty).
    pub title: String,
    /// A character drawn on each of these squares.
    pub pieces: Vec<(Square, char)>,
    /// Squares filled.
    pub marked: Bitboard,
    /// Squares framed.
    pub highlighted: Bitboard,
    /// Arrows from one square to another.
    pub arrows: Vec<(Square, Square)>,
    /// A line through these squares in order.
    pub tour: Vec<Square>,
}

/// The parameters of `/api/svg`: the pieces of `fen` (a placement is enough) or of `pieces`
/// (drawn as `piece`), `marked` and `highlighted` squares, `arrows` (moves such as d5c7) and a
/// `tour` (squares in order).
struct SvgQuery {
    fen: Option<Named<Fen>>,
    pieces: Option<Named<Bitboard>>,
    piece: Option<Named<Leaper>>,
    marked: Bitboard,
    highlighted: Bitboard,
    arrows: Vec<(Square, Square)>,
    tour: Vec<Square>,
}

query!(SvgQuery {
    fen,
    pieces,
    piece,
    marked = Bitboard::EMPTY,
    highlighted = Bitboard::EMPTY,
    arrows = Vec::new(),
    tour = Vec::new(),
});
query!(Drawing via SvgQuery);

impl TryFrom<SvgQuery> for Drawing {
    type Error = Error;

    fn try_from(q: SvgQuery) -> Result<Drawing, Error> {
        let pieces = match q.fen {
            Some(fen) => {
                let either = "give either fen or pieces (and piece), not both";
                form::unwanted(&q.pieces, either)?;
                form::unwanted(&q.piece, either)?;
                // A picture needs the placement only.
                let placement = fen.read(|f| values::placement(f.text()))?;
                Drawing::position_pieces(&placement)
            }
            None => Drawing::pieces_on(
                form::value(&q.pieces).unwrap_or(Bitboard::EMPTY),
                form::value(&q.piece).unwrap_or_default(),
            ),
        };
        Ok(Drawing {
            title: String::new(),
            pieces,
            marked: q.marked,
            highlighted: q.highlighted,
            arrows: q.arrows,
            tour: q.tour,
        })
    }
}

impl Drawing {
    /// The pieces of a position or a placement, each as its Unicode symbol.
    pub fn position_pieces(position: &Placement) -> Vec<(Square, char)> {
        Square::ALL
            .iter()
            .filter_map(|&sq| position.piece_at(sq).map(|p| (sq, p.symbol())))
            .collect()
    }

    /// A piece of the kind `piece` on every square of `squares`.
    pub fn pieces_on(squares: Bitboard, piece: Leaper) -> Vec<(Square, char)> {
        squares.into_iter().map(|sq| (sq, glyph(piece))).collect()
    }

    /// Every move as an arrow.
    pub fn arrows(moves: &Moves) -> Vec<(Square, Square)> {
        moves.as_slice().iter().map(|m| (m.from, m.to)).collect()
    }

    /// The picture as a self-contained SVG document.
    pub fn svg(&self) -> String {
        Svg::new()
            .title(&self.title)
            .marked(self.marked)
            .highlighted(self.highlighted)
            .pieces(&self.pieces)
            .arrows(&self.arrows)
            .tour(&self.tour)
            .to_string()
    }
}

/// A tour of any board as a self-contained SVG document; a board without the tour asked for
/// has no picture (the refusal gives the reason).
pub fn tour_svg(tour: &KnightsTour) -> Result<String, crate::Error> {
    let Some(t) = tour.tour() else {
        return Err(crate::Error::refused(format!(
            "no tour of {} to draw: {}",
            tour.board,
            tour.reason.as_deref().unwrap_or_default()
        )));
    };
    let board = t.board();
    Ok(TourSvg::new(board.width(), board.height(), t.squares(), t.is_closed()).to_string())
}
