//! Sliding pieces with occupancy: rooks, bishops and queens on squares, their attack sets
//! stopping at the first occupied square of each ray (the core's `knightbits::slider`).

use knightbits::{Bitboard, Square, slider};
use serde::Serialize;

use crate::form::query;
use crate::{Error, SquareSet};

/// `slider-attacks`: rooks, bishops and queens, and the other pieces on the board. Every
/// slider also blocks the others' rays. In `/api/slider-attacks` each is a bitboard in any
/// form, none by default. Built by [`SliderRequest::new`], which refuses two sliders on one
/// square; its fields are private:
///
/// ```compile_fail,E0451
/// use knightbits::Bitboard;
/// let rook_and_queen_on_all = knightbits_api::sliders::SliderRequest {
///     rooks: Bitboard::FULL, bishops: Bitboard::EMPTY, queens: Bitboard::FULL,
///     occupied: Bitboard::EMPTY };
/// ```
///
/// ```
/// use knightbits::Bitboard;
/// use knightbits_api::sliders::SliderRequest;
/// let e = SliderRequest::new(Bitboard::FULL, Bitboard::EMPTY, Bitboard::FULL, Bitboard::EMPTY);
/// assert_eq!(e.unwrap_err().field(), Some("queens"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SliderRequest {
    rooks: Bitboard,
    bishops: Bitboard,
    queens: Bitboard,
    occupied: Bitboard,
}

/// The words of a square given two sliders.
pub const ONE_PIECE_A_SQUARE: &str = "a square holds one piece: rooks, bishops and queens overlap";

impl SliderRequest {
    /// Rooks, bishops and queens on their squares, and other pieces on `occupied` (knights,
    /// kings, pawns …), which block rays too.
    ///
    /// # Errors
    ///
    /// Two sliders on one square (field `queens` when a queen is one of them, else
    /// `bishops`).
    pub fn new(
        rooks: Bitboard,
        bishops: Bitboard,
        queens: Bitboard,
        occupied: Bitboard,
    ) -> Result<Self, Error> {
        let field = if (rooks | bishops) & queens != Bitboard::EMPTY {
            "queens"
        } else if rooks & bishops != Bitboard::EMPTY {
            "bishops"
        } else {
            return Ok(SliderRequest {
                rooks,
                bishops,
                queens,
                occupied,
            });
        };
        Err(Error::refused(ONE_PIECE_A_SQUARE).at(field))
    }
}

/// The parameters of `/api/slider-attacks`, read before [`SliderRequest::new`] checks them.
struct SliderQuery {
    rooks: Bitboard,
    bishops: Bitboard,
    queens: Bitboard,
    occupied: Bitboard,
}

query!(SliderQuery {
    rooks = Bitboard::EMPTY,
    bishops = Bitboard::EMPTY,
    queens = Bitboard::EMPTY,
    occupied = Bitboard::EMPTY,
});
query!(SliderRequest via SliderQuery);

impl TryFrom<SliderQuery> for SliderRequest {
    type Error = Error;

    fn try_from(q: SliderQuery) -> Result<SliderRequest, Error> {
        SliderRequest::new(q.rooks, q.bishops, q.queens, q.occupied)
    }
}

/// One slider and the squares it attacks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SliderPiece {
    /// Where it stands.
    pub square: Square,
    /// `rook`, `bishop` or `queen`.
    pub piece: &'static str,
    /// What it attacks.
    #[serde(flatten)]
    pub attacks: SquareSet,
}

/// The answer to `slider-attacks`: `{"occupied", "pieces": [{"square", "piece", "bitboard",
/// "squares", "count"}, …], "attacks"}`, pieces in square order (a1 first), rooks, bishops
/// and queens on one square refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SliderAttacks {
    /// Every occupied square: the sliders and the other pieces.
    pub occupied: SquareSet,
    /// Each slider's attacks.
    pub pieces: Vec<SliderPiece>,
    /// Every slider's attacks together.
    pub attacks: SquareSet,
}

/// Answers `slider-attacks`.
pub fn slider_attacks(req: &SliderRequest) -> SliderAttacks {
    let SliderRequest {
        rooks,
        bishops,
        queens,
        occupied,
    } = *req;
    let occupied = occupied | rooks | bishops | queens;
    let mut pieces = Vec::new();
    let mut all = Bitboard::EMPTY;
    for square in rooks | bishops | queens {
        let (piece, attacks) = if rooks.contains(square) {
            ("rook", slider::rook_attacks(square, occupied))
        } else if bishops.contains(square) {
            ("bishop", slider::bishop_attacks(square, occupied))
        } else {
            ("queen", slider::queen_attacks(square, occupied))
        };
        all |= attacks;
        pieces.push(SliderPiece {
            square,
            piece,
            attacks: attacks.into(),
        });
    }
    SliderAttacks {
        occupied: occupied.into(),
        pieces,
        attacks: all.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_stop_at_the_first_piece() {
        let a = slider_attacks(
            &SliderRequest::new(
                Bitboard::from_square(Square::A1),
                Bitboard::from_square(Square::C1),
                Bitboard::EMPTY,
                Bitboard::from_square(Square::A3),
            )
            .unwrap(),
        );
        assert_eq!(
            a.pieces[0].attacks.bitboard,
            Bitboard::from_iter([Square::A2, Square::A3, Square::B1, Square::C1])
        );
        assert_eq!(a.pieces[1].piece, "bishop");
        assert_eq!(a.pieces[1].attacks.count, 7);
        assert_eq!(a.attacks.count, 10, "a3 is attacked by both");
        assert_eq!(a.occupied.count, 3);
    }

    #[test]
    fn one_piece_a_square() {
        let d4 = Bitboard::from_square(Square::D4);
        let none = Bitboard::EMPTY;
        for (rooks, bishops, queens, field) in [
            (d4, none, d4, "queens"),
            (none, d4, d4, "queens"),
            (d4, d4, none, "bishops"),
        ] {
            let e = SliderRequest::new(rooks, bishops, queens, none).unwrap_err();
            assert_eq!(e.to_string(), ONE_PIECE_A_SQUARE);
            assert_eq!(e.field(), Some(field));
        }
        // A slider on an occupied square is only counted once: allowed.
        assert!(SliderRequest::new(d4, none, none, d4).is_ok());
        let e = crate::query::call("slider-attacks", Some("rooks=d4&queens=d4")).unwrap_err();
        assert_eq!((e.status_code(), e.field()), (400, Some("queens")));
    }
}
