//! The eight directions with the mask applied after the shift: the wiki's first listing
//! ("by Calculation") and the article's `nA`/`nAB`/`nH`/`nGH` form.
//!
//! Each function is [`Direction::shift`] of its direction: the shift by the square difference,
//! then [`Direction::mask_after`], the files the jump cannot land on without wrapping cleared.
//!
//! | function | the wiki writes |
//! |---|---|
//! | [`no_no_ea`] | `(b << 17) & notAFile` |
//! | [`no_ea_ea`] | `(b << 10) & notABFile` |
//! | [`so_ea_ea`] | `(b >> 6) & notABFile` |
//! | [`so_so_ea`] | `(b >> 15) & notAFile` |
//! | [`so_so_we`] | `(b >> 17) & notHFile` |
//! | [`so_we_we`] | `(b >> 10) & notGHFile` |
//! | [`no_we_we`] | `(b << 6) & notGHFile` |
//! | [`no_no_we`] | `(b << 15) & notHFile` |

use crate::bitboard::Bitboard;
use crate::knight::Direction;

/// Two north, one east: `(b << 17) & notAFile`.
#[inline]
pub const fn no_no_ea(b: Bitboard) -> Bitboard {
    Direction::NoNoEa.shift(b)
}

/// One north, two east: `(b << 10) & notABFile`.
#[inline]
pub const fn no_ea_ea(b: Bitboard) -> Bitboard {
    Direction::NoEaEa.shift(b)
}

/// One south, two east: `(b >> 6) & notABFile`.
#[inline]
pub const fn so_ea_ea(b: Bitboard) -> Bitboard {
    Direction::SoEaEa.shift(b)
}

/// Two south, one east: `(b >> 15) & notAFile`.
#[inline]
pub const fn so_so_ea(b: Bitboard) -> Bitboard {
    Direction::SoSoEa.shift(b)
}

/// Two south, one west: `(b >> 17) & notHFile`.
#[inline]
pub const fn so_so_we(b: Bitboard) -> Bitboard {
    Direction::SoSoWe.shift(b)
}

/// One south, two west: `(b >> 10) & notGHFile`.
#[inline]
pub const fn so_we_we(b: Bitboard) -> Bitboard {
    Direction::SoWeWe.shift(b)
}

/// One north, two west: `(b << 6) & notGHFile`.
#[inline]
pub const fn no_we_we(b: Bitboard) -> Bitboard {
    Direction::NoWeWe.shift(b)
}

/// Two north, one west: `(b << 15) & notHFile`.
#[inline]
pub const fn no_no_we(b: Bitboard) -> Bitboard {
    Direction::NoNoWe.shift(b)
}

/// The attack set: the union of the eight directions, grouped as the article writes it, one
/// mask per pair of shifts that land on the same files (the pair's common
/// [`Direction::mask_after`]):
/// `nGH & (b << 6 | b >> 10) | nH & (b << 15 | b >> 17) | nA & (b << 17 | b >> 15) |
/// nAB & (b << 10 | b >> 6)`.
///
/// ```
/// use knightbits::knight::{self, technique::post_mask};
/// use knightbits::{Bitboard, Square};
/// let d4 = Bitboard::from_square(Square::D4);
/// assert_eq!(post_mask::attacks(d4), knight::attacks(Square::D4));
/// ```
#[inline]
pub const fn attacks(b: Bitboard) -> Bitboard {
    let k = b.0;
    let n_gh = Direction::NoWeWe.mask_after().0;
    let n_h = Direction::NoNoWe.mask_after().0;
    let n_a = Direction::NoNoEa.mask_after().0;
    let n_ab = Direction::NoEaEa.mask_after().0;
    Bitboard(
        n_gh & (k << 6 | k >> 10)
            | n_h & (k << 15 | k >> 17)
            | n_a & (k << 17 | k >> 15)
            | n_ab & (k << 10 | k >> 6),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The article groups the eight shifts in pairs under one mask; each pair really shares
    /// its mask, and the pairs are the eight directions once each.
    #[test]
    fn the_articles_pairs_share_their_masks() {
        // The article's shifts, pair by pair: `b << 6 | b >> 10` under nGH, and so on.
        let pairs = [
            (
                Direction::NoWeWe,
                Direction::SoWeWe,
                6,
                -10,
                Bitboard::NOT_GH_FILE,
            ),
            (
                Direction::NoNoWe,
                Direction::SoSoWe,
                15,
                -17,
                Bitboard::NOT_H_FILE,
            ),
            (
                Direction::NoNoEa,
                Direction::SoSoEa,
                17,
                -15,
                Bitboard::NOT_A_FILE,
            ),
            (
                Direction::NoEaEa,
                Direction::SoEaEa,
                10,
                -6,
                Bitboard::NOT_AB_FILE,
            ),
        ];
        let mut seen = [false; 8];
        for (a, b, a_shift, b_shift, mask) in pairs {
            assert_eq!((a.offset(), b.offset()), (a_shift, b_shift), "{a} {b}");
            assert_eq!((a.mask_after(), b.mask_after()), (mask, mask), "{a} {b}");
            seen[a as usize] = true;
            seen[b as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
