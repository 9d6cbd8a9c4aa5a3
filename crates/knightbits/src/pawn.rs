//! Pawn attack patterns: the two diagonal capture squares, by lookup and setwise.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::Square;

/// Attacks of every pawn of `color` in `pawns` at once: one rank forward (towards rank 8 for
/// white, rank 1 for black), then one file to each side. Occupancy plays no part.
///
/// ```
/// use knightbits::{pawn, Bitboard, Color, Square};
/// let pawns = Bitboard::from_square(Square::A2) | Square::E2;
/// assert_eq!(
///     pawn::attacks_set(Color::White, pawns),
///     Bitboard::from_iter([Square::B3, Square::D3, Square::F3]),
/// );
/// ```
#[inline]
pub const fn attacks_set(color: Color, pawns: Bitboard) -> Bitboard {
    let forward = match color {
        Color::White => pawns.north_one(),
        Color::Black => pawns.south_one(),
    };
    forward.east_one().union(forward.west_one())
}

/// `ATTACKS[color][sq]`: the squares a pawn of `color` on `sq` attacks, built at compile time.
pub static ATTACKS: [[Bitboard; 64]; 2] = {
    let mut table = [[Bitboard::EMPTY; 64]; 2];
    let mut i = 0;
    while i < 64 {
        table[0][i] = attacks_set(Color::White, Bitboard(1 << i));
        table[1][i] = attacks_set(Color::Black, Bitboard(1 << i));
        i += 1;
    }
    table
};

/// The squares a pawn of `color` on `square` attacks, by table lookup.
///
/// ```
/// use knightbits::{pawn, Bitboard, Color, Square};
/// assert_eq!(pawn::attacks(Color::Black, Square::H7), Bitboard::from_square(Square::G6));
/// ```
#[inline]
pub const fn attacks(color: Color, square: Square) -> Bitboard {
    ATTACKS[color as usize][square as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Proves the table and the setwise routine on all 128 (colour, square) cases against the
    /// two diagonal steps forward (the testkit's coordinate arithmetic).
    #[test]
    fn table_equals_the_diagonal_offsets() {
        for color in Color::ALL {
            let dr = if color == Color::White { 1 } else { -1 };
            for sq in Square::ALL {
                let expected = Bitboard(knightbits_testkit::steps(sq as u8, &[(-1, dr), (1, dr)]));
                assert_eq!(attacks(color, sq), expected, "{color} {sq}");
                assert_eq!(attacks_set(color, sq.into()), expected, "{color} {sq}");
            }
        }
    }
}
