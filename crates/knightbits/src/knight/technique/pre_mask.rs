//! The eight directions with the mask applied before the shift: knights that would wrap are
//! removed first (the wiki's second listing, "by Calculation").
//!
//! Each function shifts `b & mask_before` by the direction's square difference
//! ([`Direction::mask_before`], [`Direction::offset`]).
//!
//! The engine wiki's eight numbered moves are this form too, with the same mask for each
//! direction, but written for its own numbering, h1 = bit 0 (files mirrored against LERF).
//! There a step towards file a adds one to the square number instead of subtracting one, so
//! every shift amount is the mirror image of the wiki's: its move 2, `(knight & not-A-file)
//! << 17`, is `noNoWe`, written here `(b & notAFile) << 15`. Its pairs of mask and shift are
//! right only in its numbering; read in LERF they would pair each mask with the wrong jump.
//! Its masks name the same squares as the wiki's (its `not-HG-file` is `notGHFile`), drawn
//! by file letter; only their bit patterns differ. [`engine_wiki_move`] gives its numbers, and
//! [`Step::in_numbering`](crate::trace::Step::in_numbering) writes each step of
//! [`Method::PreMask`](super::Method::PreMask) in its form (`(b & not-A-file) << 17`).
//!
//! | function | the wiki writes (LERF) | the engine wiki writes (h1 = bit 0) |
//! |---|---|---|
//! | [`no_no_ea`] | `(b & notHFile) << 17` | 3. `(knight & not-H-file) << 15` |
//! | [`no_ea_ea`] | `(b & notGHFile) << 10` | 4. `(knight & not-HG-file) << 6` |
//! | [`so_ea_ea`] | `(b & notGHFile) >> 6` | 5. `(knight & not-HG-file) >>> 10` |
//! | [`so_so_ea`] | `(b & notHFile) >> 15` | 6. `(knight & not-H-file) >>> 17` |
//! | [`so_so_we`] | `(b & notAFile) >> 17` | 7. `(knight & not-A-file) >>> 15` |
//! | [`so_we_we`] | `(b & notABFile) >> 10` | 8. `(knight & not-AB-file) >>> 6` |
//! | [`no_we_we`] | `(b & notABFile) << 6` | 1. `(knight & not-AB-file) << 10` |
//! | [`no_no_we`] | `(b & notAFile) << 15` | 2. `(knight & not-A-file) << 17` |

use crate::bitboard::Bitboard;
use crate::knight::Direction;
use crate::leaper;

/// The knights of `b` that can jump `d`'s way, moved by it.
#[inline]
const fn masked_then_shifted(d: Direction, b: Bitboard) -> Bitboard {
    leaper::knight::JUMPS[d as usize].shift_pre_masked(b)
}

/// Two north, one east: `(b & notHFile) << 17`.
#[inline]
pub const fn no_no_ea(b: Bitboard) -> Bitboard {
    masked_then_shifted(Direction::NoNoEa, b)
}

/// One north, two east: `(b & notGHFile) << 10`.
#[inline]
pub const fn no_ea_ea(b: Bitboard) -> Bitboard {
    masked_then_shifted(Direction::NoEaEa, b)
}

/// One south, two east: `(b & notGHFile) >> 6`.
#[inline]
pub const fn so_ea_ea(b: Bitboard) -> Bitboard {
    masked_then_shifted(Direction::SoEaEa, b)
}

/// Two south, one east: `(b & notHFile) >> 15`.
#[inline]
pub const fn so_so_ea(b: Bitboard) -> Bitboard {
    masked_then_shifted(Direction::SoSoEa, b)
}

/// Two south, one west: `(b & notAFile) >> 17`.
#[inline]
pub const fn so_so_we(b: Bitboard) -> Bitboard {
    masked_then_shifted(Direction::SoSoWe, b)
}

/// One south, two west: `(b & notABFile) >> 10`.
#[inline]
pub const fn so_we_we(b: Bitboard) -> Bitboard {
    masked_then_shifted(Direction::SoWeWe, b)
}

/// One north, two west: `(b & notABFile) << 6`.
#[inline]
pub const fn no_we_we(b: Bitboard) -> Bitboard {
    masked_then_shifted(Direction::NoWeWe, b)
}

/// Two north, one west: `(b & notAFile) << 15`.
#[inline]
pub const fn no_no_we(b: Bitboard) -> Bitboard {
    masked_then_shifted(Direction::NoNoWe, b)
}

/// The engine wiki's number (1 to 8) of direction `d`: its moves are numbered clockwise from
/// one north, two west (see the table of the module docs).
///
/// ```
/// use knightbits::knight::{technique::pre_mask, Direction};
/// assert_eq!(pre_mask::engine_wiki_move(Direction::NoWeWe), 1);
/// assert_eq!(pre_mask::engine_wiki_move(Direction::SoWeWe), 8);
/// ```
pub const fn engine_wiki_move(d: Direction) -> u8 {
    match d {
        Direction::NoWeWe => 1,
        Direction::NoNoWe => 2,
        Direction::NoNoEa => 3,
        Direction::NoEaEa => 4,
        Direction::SoEaEa => 5,
        Direction::SoSoEa => 6,
        Direction::SoSoWe => 7,
        Direction::SoWeWe => 8,
    }
}

/// The attack set: the union of the eight pre-masked directions.
///
/// ```
/// use knightbits::knight::{self, technique::pre_mask};
/// use knightbits::{Bitboard, Square};
/// let h8 = Bitboard::from_square(Square::H8);
/// assert_eq!(pre_mask::attacks(h8), knight::attacks(Square::H8));
/// ```
#[inline]
pub const fn attacks(b: Bitboard) -> Bitboard {
    leaper::attacks(&leaper::knight::JUMPS, b, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapping::Numbering::H1G1;

    /// The table of the module docs: each of the engine wiki's numbered moves, run literally
    /// in its numbering (h1 = bit 0, its masks drawn by file, `>>>` a logical shift), is the
    /// direction of its row, on every single square and on 1,000 random sets.
    #[test]
    fn the_engine_wikis_moves_are_the_same_directions_mirrored() {
        // (its move number, its shift, the direction), its mask is the direction's.
        let moves = [
            (1, 10, Direction::NoWeWe),
            (2, 17, Direction::NoNoWe),
            (3, 15, Direction::NoNoEa),
            (4, 6, Direction::NoEaEa),
            (5, -10, Direction::SoEaEa),
            (6, -17, Direction::SoSoEa),
            (7, -15, Direction::SoSoWe),
            (8, -6, Direction::SoWeWe),
        ];
        let mut rng = knightbits_testkit::Rng::new(8);
        let sets = (0..64)
            .map(|s| 1u64 << s)
            .chain((0..1_000).map(|i| rng.set(i)));
        for (number, _, d) in moves {
            assert_eq!(engine_wiki_move(d), number);
        }
        for bits in sets {
            let b = Bitboard(bits);
            let its = H1G1.from_lerf(b);
            for (number, shift, d) in moves {
                let its_mask = H1G1.from_lerf(d.mask_before());
                let its_move = Bitboard(its & its_mask).shift(shift).0;
                let f = [
                    no_no_ea, no_ea_ea, so_ea_ea, so_so_ea, so_so_we, so_we_we, no_we_we, no_no_we,
                ][d as usize];
                assert_eq!(H1G1.to_lerf(its_move), f(b), "move {number}, {d}, {b:?}");
            }
        }
    }
}
