//! The wiki's first routine for multiple knights, a parallel prefix over east and west.

use crate::bitboard::Bitboard;
use crate::trace::{Formula, Step};

/// Multiple knight attacks by the wiki's first routine: shift the knights one file east and
/// west, move those two ranks up and down; shift once more east and west, move those one rank
/// up and down.
///
/// ```
/// use knightbits::knight::{self, technique};
/// use knightbits::{Bitboard, Square};
/// let knights = Bitboard::from_square(Square::B1) | Square::G8;
/// assert_eq!(technique::prefix(knights), knight::attacks_set(knights));
/// ```
#[inline]
pub const fn prefix(knights: Bitboard) -> Bitboard {
    let mut east = knights.east_one();
    let mut west = knights.west_one();
    let mut attacks = (east.0 | west.0) << 16;
    attacks |= (east.0 | west.0) >> 16;
    east = east.east_one();
    west = west.west_one();
    attacks |= (east.0 | west.0) << 8;
    attacks |= (east.0 | west.0) >> 8;
    Bitboard(attacks)
}

/// The routine has eight lines.
pub(super) const STEPS: u8 = 8;

/// `eastOne` or `westOne` of `set`: the shift by one file and the wiki's mask after it.
const fn file_step(name: &'static str, formula: &'static str, set: Bitboard, df: i8) -> Step {
    let shifted = set.shift(df as i32);
    let mask = Bitboard::wrap_mask(df);
    let result = shifted.intersection(mask);
    Step::new(name, Formula::verbatim(formula), result)
        .with_shift(df, shifted)
        .with_mask(mask, shifted.difference(result))
        .intermediate()
}

/// `(east | west)` moved by `shift`, part of the result.
const fn rank_step(name: &'static str, formula: &'static str, both: Bitboard, shift: i8) -> Step {
    let set = both.shift(shift as i32);
    Step::new(name, Formula::verbatim(formula), set).with_shift(shift, set)
}

/// Step `i` of the routine on `knights`, line by line as the wiki writes it.
pub(super) const fn step(knights: Bitboard, i: u8) -> Step {
    let east = knights.east_one();
    let west = knights.west_one();
    let one = east.union(west);
    let two = east.east_one().union(west.west_one());
    match i {
        0 => file_step("east", "east = eastOne(knights)", knights, 1),
        1 => file_step("west", "west = westOne(knights)", knights, -1),
        2 => rank_step("up 2", "(east | west) << 16", one, 16),
        3 => rank_step("down 2", "(east | west) >> 16", one, -16),
        4 => file_step("east 2", "east = eastOne(east)", east, 1),
        5 => file_step("west 2", "west = westOne(west)", west, -1),
        6 => rank_step("up 1", "(east | west) << 8", two, 8),
        _ => rank_step("down 1", "(east | west) >> 8", two, -8),
    }
}
