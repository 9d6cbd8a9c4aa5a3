//! The wiki's second routine for multiple knights, "to possibly gain some more parallelism".

use crate::bitboard::Bitboard;
use crate::trace::{Formula, Step};

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

/// The routine has ten values: `l1 l2 r1 r2 h1 h2`, then the four shifted halves it returns.
pub(super) const STEPS: u8 = 10;

/// A file shift of the routine: `(knights >> 1) & 0x7f7f7f7f7f7f7f7f` and the like.
const fn file_step(name: &'static str, formula: &'static str, knights: Bitboard, df: i8) -> Step {
    let shifted = knights.shift(df as i32);
    let mask = Bitboard::wrap_mask(df);
    let set = shifted.intersection(mask);
    Step::new(name, Formula::verbatim(formula), set)
        .with_shift(df, shifted)
        .with_mask(mask, shifted.difference(set))
        .intermediate()
}

/// A rank shift of `h1` or `h2`, part of the result.
const fn rank_step(name: &'static str, half: Bitboard, shift: i8) -> Step {
    let set = half.shift(shift as i32);
    Step::new(name, Formula::verbatim(name), set).with_shift(shift, set)
}

/// Step `i` of the routine on `knights`, in the wiki's order.
pub(super) const fn step(knights: Bitboard, i: u8) -> Step {
    let l1 = knights.west_one();
    let r1 = knights.east_one();
    let h1 = l1.union(r1);
    let h2 = l1.west_one().union(r1.east_one());
    match i {
        0 => file_step("l1", "(knights >> 1) & 0x7f7f7f7f7f7f7f7f", knights, -1),
        1 => file_step("l2", "(knights >> 2) & 0x3f3f3f3f3f3f3f3f", knights, -2),
        2 => file_step("r1", "(knights << 1) & 0xfefefefefefefefe", knights, 1),
        3 => file_step("r2", "(knights << 2) & 0xfcfcfcfcfcfcfcfc", knights, 2),
        4 => Step::new("h1", Formula::verbatim("l1 | r1"), h1).intermediate(),
        5 => Step::new("h2", Formula::verbatim("l2 | r2"), h2).intermediate(),
        6 => rank_step("h1 << 16", h1, 16),
        7 => rank_step("h1 >> 16", h1, -16),
        8 => rank_step("h2 << 8", h2, 8),
        _ => rank_step("h2 >> 8", h2, -8),
    }
}
