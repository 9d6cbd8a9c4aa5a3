//! Square numberings: LERF and the seven other ways to lay 64 bits on the board.
//!
//! A numbering is named by the square at bit 0 and the square at bit 1: `a1-b1` is LERF
//! (little-endian rank-file, the default everywhere in this crate); `h1-g1` is the numbering
//! of the engine wiki and the devlog (h1 = bit 0, files mirrored). The eight numberings are the
//! eight symmetries of the board, so converting between any two is a flip, a mirror or a
//! rotation.
//!
//! ```
//! use knightbits::mapping::Numbering;
//! use knightbits::{knight, Square};
//!
//! // The devlog's knight mask, numbered from h1, is the LERF attack set of f3.
//! let lerf = Numbering::H1G1.to_lerf(0xA_1100_110A);
//! assert_eq!(lerf, knight::attacks(Square::F3));
//! assert_eq!(Numbering::H1G1.index(Square::F3), 18);
//! ```

use core::fmt;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::parse::{ParseBitboardError, is_number};
use crate::square::Square;

/// One of the eight numberings, named by the squares at bit 0 and bit 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Numbering {
    /// LERF: a1 = 0, b1 = 1, …, h8 = 63 (the wiki, shakmaty, cozy-chess, python-chess).
    #[default]
    A1B1,
    /// h1 = 0, g1 = 1, …, a8 = 63: files mirrored (the engine wiki and the devlog).
    H1G1,
    /// a1 = 0, a2 = 1, …, h8 = 63: file-major.
    A1A2,
    /// h1 = 0, h2 = 1, …, a8 = 63.
    H1H2,
    /// a8 = 0, b8 = 1, …, h1 = 63: ranks mirrored.
    A8B8,
    /// a8 = 0, a7 = 1, …, h1 = 63.
    A8A7,
    /// h8 = 0, g8 = 1, …, a1 = 63: rotated half way round.
    H8G8,
    /// h8 = 0, h7 = 1, …, a1 = 63.
    H8H7,
}

/// A numbering name was not one of the eight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseNumberingError;

impl fmt::Display for ParseNumberingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "unknown numbering: expected a1-b1 (lerf), h1-g1, a1-a2, h1-h2, a8-b8, a8-a7, h8-g8 or h8-h7",
        )
    }
}

impl core::error::Error for ParseNumberingError {}

impl Numbering {
    /// All eight, LERF first.
    pub const ALL: [Numbering; 8] = [
        Numbering::A1B1,
        Numbering::H1G1,
        Numbering::A1A2,
        Numbering::H1H2,
        Numbering::A8B8,
        Numbering::A8A7,
        Numbering::H8G8,
        Numbering::H8H7,
    ];

    /// The name: the squares at bit 0 and bit 1, such as `a1-b1`.
    pub const fn name(self) -> &'static str {
        match self {
            Numbering::A1B1 => "a1-b1",
            Numbering::H1G1 => "h1-g1",
            Numbering::A1A2 => "a1-a2",
            Numbering::H1H2 => "h1-h2",
            Numbering::A8B8 => "a8-b8",
            Numbering::A8A7 => "a8-a7",
            Numbering::H8G8 => "h8-g8",
            Numbering::H8H7 => "h8-h7",
        }
    }

    /// Does this numbering lay the squares of one file on neighbouring bits (`a1-a2`, `h1-h2`,
    /// `a8-a7`, `h8-h7`)? The other four lay ranks on neighbouring bits, as LERF does.
    pub const fn lays_files_along_bits(self) -> bool {
        matches!(
            self,
            Numbering::A1A2 | Numbering::H1H2 | Numbering::A8A7 | Numbering::H8H7
        )
    }

    /// Does this numbering count files from h towards a within a rank (`h1-g1`, `h8-g8`), so
    /// that a step east is a step down in bit number?
    pub const fn mirrors_files(self) -> bool {
        matches!(self, Numbering::H1G1 | Numbering::H8G8)
    }

    /// The bit index of `square` in this numbering.
    pub const fn index(self, square: Square) -> u8 {
        let f = square.file() as u8;
        let r = square.rank() as u8;
        match self {
            Numbering::A1B1 => r * 8 + f,
            Numbering::H1G1 => r * 8 + (7 - f),
            Numbering::A1A2 => f * 8 + r,
            Numbering::H1H2 => (7 - f) * 8 + r,
            Numbering::A8B8 => (7 - r) * 8 + f,
            Numbering::A8A7 => f * 8 + (7 - r),
            Numbering::H8G8 => (7 - r) * 8 + (7 - f),
            Numbering::H8H7 => (7 - f) * 8 + (7 - r),
        }
    }

    /// The square at bit `index` of this numbering, or `None` if `index > 63`.
    pub const fn square(self, index: u8) -> Option<Square> {
        if index > 63 {
            return None;
        }
        // Each numbering's inverse: read LERF bit `index` back through the bitboard mapping.
        self.to_lerf(1 << index).first()
    }

    /// Reads `bits`, numbered this way, as a LERF [`Bitboard`].
    pub const fn to_lerf(self, bits: u64) -> Bitboard {
        let b = Bitboard(bits);
        match self {
            Numbering::A1B1 => b,
            Numbering::H1G1 => b.mirror_horizontal(),
            Numbering::A1A2 => b.flip_diagonal(),
            Numbering::H1H2 => b.flip_vertical().flip_diagonal(),
            Numbering::A8B8 => b.flip_vertical(),
            Numbering::A8A7 => b.mirror_horizontal().flip_diagonal(),
            Numbering::H8G8 => b.rotate_180(),
            Numbering::H8H7 => b.flip_anti_diagonal(),
        }
    }

    /// Writes a LERF [`Bitboard`] in this numbering.
    pub const fn from_lerf(self, bb: Bitboard) -> u64 {
        match self {
            Numbering::A1B1 => bb.0,
            Numbering::H1G1 => bb.mirror_horizontal().0,
            Numbering::A1A2 => bb.flip_diagonal().0,
            Numbering::H1H2 => bb.flip_diagonal().flip_vertical().0,
            Numbering::A8B8 => bb.flip_vertical().0,
            Numbering::A8A7 => bb.flip_diagonal().mirror_horizontal().0,
            Numbering::H8G8 => bb.rotate_180().0,
            Numbering::H8H7 => bb.flip_anti_diagonal().0,
        }
    }
}

impl Numbering {
    /// Reads a bitboard written in this numbering: a number (any form [`Bitboard`]'s `FromStr`
    /// accepts) is a bit pattern in this numbering; square names and FEN placements name
    /// squares, the same in every numbering. The result is LERF.
    ///
    /// ```
    /// use knightbits::mapping::Numbering;
    /// use knightbits::{knight, Square};
    /// assert_eq!(Numbering::H1G1.parse("0xA1100110A"), Ok(knight::attacks(Square::F3)));
    /// assert_eq!(Numbering::H1G1.parse("h1"), Ok(Square::H1.into()));
    /// ```
    pub fn parse(self, text: &str) -> Result<Bitboard, ParseBitboardError> {
        let bb: Bitboard = text.parse()?;
        Ok(if is_number(text.trim()) {
            self.to_lerf(bb.0)
        } else {
            bb
        })
    }
}

/// Renumbers `bits` from numbering `from` to numbering `to`: the same squares, other bits.
///
/// ```
/// use knightbits::mapping::{convert, Numbering};
/// // h1 is bit 0 when numbered from h1, bit 7 in LERF.
/// assert_eq!(convert(1, Numbering::H1G1, Numbering::A1B1), 0x80);
/// ```
pub const fn convert(bits: u64, from: Numbering, to: Numbering) -> u64 {
    to.from_lerf(from.to_lerf(bits))
}

/// Renumbers one square index from numbering `from` to numbering `to`; `None` if `index > 63`.
pub const fn convert_index(index: u8, from: Numbering, to: Numbering) -> Option<u8> {
    match from.square(index) {
        Some(sq) => Some(to.index(sq)),
        None => None,
    }
}

impl fmt::Display for Numbering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Numbering {
    type Err = ParseNumberingError;

    /// Reads a name such as `a1-b1` or `h1-g1` (any case); `lerf` is accepted for `a1-b1`.
    fn from_str(s: &str) -> Result<Numbering, ParseNumberingError> {
        if s.eq_ignore_ascii_case("lerf") {
            return Ok(Numbering::A1B1);
        }
        Numbering::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(s))
            .ok_or(ParseNumberingError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The name promises which squares sit at bits 0 and 1.
    #[test]
    fn names_tell_the_squares_at_bit_0_and_1() {
        for n in Numbering::ALL {
            let name = n.name();
            let first: Square = name[..2].parse().unwrap();
            let second: Square = name[3..].parse().unwrap();
            assert_eq!(n.index(first), 0, "{name}");
            assert_eq!(n.index(second), 1, "{name}");
            assert_eq!(name.parse(), Ok(n));
        }
        assert_eq!("LERF".parse(), Ok(Numbering::A1B1));
        assert_eq!("a1-c1".parse::<Numbering>(), Err(ParseNumberingError));
    }

    /// Proof for all 2^64 bitboards: `to_lerf`/`from_lerf` are compositions of flips, which
    /// are GF(2)-linear (see the flip proof in `bitboard`), so agreeing with the square-wise
    /// `index` on all 64 single bits proves them on every bitboard.
    #[test]
    fn bitboard_mapping_agrees_with_the_square_mapping() {
        for n in Numbering::ALL {
            let mut seen = 0u64;
            for sq in Square::ALL {
                let i = n.index(sq);
                assert!(i < 64);
                seen |= 1 << i;
                assert_eq!(n.from_lerf(Bitboard::from_square(sq)), 1 << i, "{n} {sq}");
                assert_eq!(n.to_lerf(1 << i), Bitboard::from_square(sq), "{n} {sq}");
                assert_eq!(n.square(i), Some(sq));
            }
            assert_eq!(seen, u64::MAX, "{n} is a permutation");
            assert_eq!(n.square(64), None);
        }
    }

    /// Round trips through any numbering are the identity, for all 8 x 8 pairs.
    #[test]
    fn round_trips_are_identities_for_all_64_pairs() {
        let samples = [
            0,
            u64::MAX,
            1,
            1 << 63,
            0x0123_4567_89ab_cdef,
            0x8040_2010_0804_0201,
        ];
        for from in Numbering::ALL {
            for to in Numbering::ALL {
                for &bits in &samples {
                    let there = convert(bits, from, to);
                    assert_eq!(convert(there, to, from), bits, "{from} -> {to}");
                    assert_eq!(there.count_ones(), bits.count_ones());
                }
                for i in 0..64u8 {
                    let j = convert_index(i, from, to).unwrap();
                    assert_eq!(convert_index(j, to, from), Some(i));
                    assert_eq!(convert(1 << i, from, to), 1 << j);
                }
            }
        }
    }
}
