//! The wiki's first routine for multiple knights, a parallel prefix over east and west.

use super::lines::{self, Line, line, run};
use crate::bitboard::Bitboard;
use crate::trace::{Kind, Step};

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
    run(&LINES, knights)
}

/// The routine's eight lines, as the wiki writes them (value 0 is `knights`, line `k` value
/// `k + 1`): the routine above and its trace are both read from them. A `const`, so the
/// compiler folds [`run`] into the wiki's 17 operations (a `static` would be read at run
/// time).
pub(super) const LINES: [Line; 8] = [
    line("east", "east = eastOne(knights)", Kind::Files(1), [0, 0]),
    line("west", "west = westOne(knights)", Kind::Files(-1), [0, 0]),
    line("up 2", "(east | west) << 16", Kind::Ranks(2), [1, 2]),
    line("down 2", "(east | west) >> 16", Kind::Ranks(-2), [1, 2]),
    line("east 2", "east = eastOne(east)", Kind::Files(1), [1, 1]),
    line("west 2", "west = westOne(west)", Kind::Files(-1), [2, 2]),
    line("up 1", "(east | west) << 8", Kind::Ranks(1), [5, 6]),
    line("down 1", "(east | west) >> 8", Kind::Ranks(-1), [5, 6]),
];

/// Step `i` of the routine's trace on `knights`: line `i`, as the routine computes it.
pub(super) fn step(knights: Bitboard, i: usize) -> Step {
    lines::step(&LINES, knights, i)
}
