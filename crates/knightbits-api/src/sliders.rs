//! Sliding pieces with occupancy: rooks, bishops and queens on squares, their attack sets
//! stopping at the first occupied square of each ray (the core's `knightbits::slider`).

use knightbits::{Bitboard, Square, slider};
use serde::Serialize;

use crate::form::query;
use crate::{Error, SquareSet};

/// `slider-attacks`: rooks, bishops and queens, and the other pieces on the board. Every
/// slider also blocks the others' rays. In `/api/slider-attacks` each is a bitboard in any
/// form, none by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SliderRequest {
    /// Squares holding rooks.
    pub rooks: Bitboard,
    /// Squares holding bishops.
    pub bishops: Bitboard,
    /// Squares holding queens.
    pub queens: Bitboard,
    /// Squares holding other pieces (knights, kings, pawns …), which block rays.
    pub occupied: Bitboard,
}

query!(SliderRequest {
    rooks = Bitboard::EMPTY,
    bishops = Bitboard::EMPTY,
    queens = Bitboard::EMPTY,
    occupied = Bitboard::EMPTY,
});

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
pub fn slider_attacks(req: &SliderRequest) -> Result<SliderAttacks, Error> {
    let SliderRequest {
        rooks,
        bishops,
        queens,
        occupied,
    } = *req;
    if (rooks & bishops) | (rooks & queens) | (bishops & queens) != Bitboard::EMPTY {
        return Err(Error::refused(
            "a square holds one piece: rooks, bishops and queens overlap",
        ));
    }
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
    Ok(SliderAttacks {
        occupied: occupied.into(),
        pieces,
        attacks: all.into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_stop_at_the_first_piece() {
        let a = slider_attacks(&SliderRequest {
            rooks: Bitboard::from_square(Square::A1),
            bishops: Bitboard::from_square(Square::C1),
            queens: Bitboard::EMPTY,
            occupied: Bitboard::from_square(Square::A3),
        })
        .unwrap();
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
        let both = Bitboard::from_square(Square::D4);
        assert!(
            slider_attacks(&SliderRequest {
                rooks: both,
                queens: both,
                ..SliderRequest::default()
            })
            .is_err()
        );
    }
}
