//! The wiki's second routine for multiple knights, "to possibly gain some more parallelism".

use super::lines::{self, Line, line};
use crate::bitboard::Bitboard;
use crate::trace::{Kind, Step};

/// Multiple knight attacks by the wiki's second routine: `l1 l2 r1 r2` are the knights shifted
/// one and two files either way (masked against wraps), `h1` and `h2` their unions, moved two
/// and one ranks up and down.
///
/// ```
/// use knightbits::knight::technique;
/// use knightbits::{Bitboard, Square};
/// let knights = Bitboard::from_square(Square::A1) | Square::H8 | Square::D4;
/// assert_eq!(technique::halves(knights), technique::prefix(knights));
/// ```
#[inline]
pub const fn halves(knights: Bitboard) -> Bitboard {
    let k = knights.0;
    let l1 = (k >> 1) & 0x7f7f_7f7f_7f7f_7f7f;
    let l2 = (k >> 2) & 0x3f3f_3f3f_3f3f_3f3f;
    let r1 = (k << 1) & 0xfefe_fefe_fefe_fefe;
    let r2 = (k << 2) & 0xfcfc_fcfc_fcfc_fcfc;
    let h1 = l1 | r1;
    let h2 = l2 | r2;
    Bitboard((h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8))
}

/// The routine's ten values as lines (value 0 is `knights`, line `k` value `k + 1`), for its
/// trace: `l1 l2 r1 r2 h1 h2`, then the four shifted halves it returns. The routine above is
/// written out: it is the formula of `attacks_set` and of the scalar batch kernel, and run
/// from these lines the inliner left the scalar kernel a call per bitboard instead of a
/// vectorized loop (from the disassembly); a test runs these lines against it on every
/// square and on the union property.
pub(super) static LINES: [Line; 10] = [
    line(
        "l1",
        "(knights >> 1) & 0x7f7f7f7f7f7f7f7f",
        Kind::Files(-1),
        [0, 0],
    ),
    line(
        "l2",
        "(knights >> 2) & 0x3f3f3f3f3f3f3f3f",
        Kind::Files(-2),
        [0, 0],
    ),
    line(
        "r1",
        "(knights << 1) & 0xfefefefefefefefe",
        Kind::Files(1),
        [0, 0],
    ),
    line(
        "r2",
        "(knights << 2) & 0xfcfcfcfcfcfcfcfc",
        Kind::Files(2),
        [0, 0],
    ),
    line("h1", "l1 | r1", Kind::Union, [1, 3]),
    line("h2", "l2 | r2", Kind::Union, [2, 4]),
    line("h1 << 16", "h1 << 16", Kind::Ranks(2), [5, 5]),
    line("h1 >> 16", "h1 >> 16", Kind::Ranks(-2), [5, 5]),
    line("h2 << 8", "h2 << 8", Kind::Ranks(1), [6, 6]),
    line("h2 >> 8", "h2 >> 8", Kind::Ranks(-1), [6, 6]),
];

/// Step `i` of the routine's trace on `knights`: line `i`, as the routine computes it.
pub(super) fn step(knights: Bitboard, i: usize) -> Step {
    lines::step(&LINES, knights, i)
}

#[cfg(test)]
mod tests {
    use super::super::lines::run;
    use super::*;

    /// The trace's lines compute the routine: on every single square, and both distribute
    /// over `|` (shifts, constant masks and ORs only), so they agree on all 2^64 sets.
    #[test]
    fn the_lines_are_the_routine() {
        for sq in 0..64 {
            let b = Bitboard(1 << sq);
            assert_eq!(run(&LINES, b), halves(b), "square {sq}");
        }
        let mut rng = knightbits_testkit::Rng::new(21);
        for i in 0..1_000 {
            let (a, b) = (Bitboard(rng.set(i)), Bitboard(rng.set(i + 1)));
            assert_eq!(run(&LINES, a | b), run(&LINES, a) | run(&LINES, b));
            assert_eq!(run(&LINES, a), halves(a), "{a:?}");
        }
    }
}
