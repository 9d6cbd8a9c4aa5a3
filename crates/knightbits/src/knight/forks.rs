//! Knight fork target squares: every square from which a knight attacks two targets or more,
//! setwise, without a loop or a branch.

use crate::bitboard::Bitboard;

/// Every square from which a knight attacks at least two squares of `targets`.
///
/// The squares of `targets` themselves are included when they qualify: a fork square may be
/// occupied (capturing onto it can fork).
///
/// A knight jump is one file and two ranks, or two files and one rank. Per rank first: the
/// squares one file from a target (`one`) and one file from two targets (`one_twice`, the
/// square between them); the same two files away (`two`, `two_twice`). Then the ranks: `one`
/// moves two ranks up and down, `two` one rank up and down. A square is a fork square when
/// two of those four moved sets reach it, or one of them reaches it from two targets. This is
/// the wiki's `forkTargetSquare` (the union of the pairwise intersections of the eight
/// direction attack sets, [`technique::fork_target_square`](super::technique::fork_target_square))
/// regrouped: the same answer, 31 operations in a dependency chain 8 deep instead of 17.
///
/// ```
/// use knightbits::{knight, Bitboard, Square};
/// // A king on e8 and a rook on a8: only a knight on c7 attacks both.
/// let targets = Bitboard::from_square(Square::E8) | Square::A8;
/// assert_eq!(knight::fork_squares(targets), Bitboard::from_square(Square::C7));
/// ```
#[inline]
pub const fn fork_squares(targets: Bitboard) -> Bitboard {
    // Why this is as short as it can be (x86-64 baseline, from `objdump -d` of the ratio
    // bench's loop): 31 ALU operations, no load but the input, no branch, chain 8 deep.
    // - 8: the four file offsets (+1, -1, +2, -2) each need their own shift and their own wrap
    //   mask (`lea`/`shr` + `and`); no mask serves two of them.
    // - 4: one OR and one AND per file distance (`one`, `one_twice`, `two`, `two_twice`), a
    //   half adder: after it, no set is shifted twice for the same rank offset.
    // - 8: one shift per rank offset of the two unions (4) and of the two "twice" sets (4);
    //   merging before shifting (`((x << 8) | y) << 8`) costs the same three operations.
    // - 11: "two of four moved sets or one twice": 7 for the pairs (every regrouping counted,
    //   by pairs of rank, by up and down, or as majority(up2, down2, up1 | down1), is 7), 3
    //   ORs for the twice sets, 1 to join.
    // The rest of the loop is the compiler's: 9 register copies (two-operand x86 keeps a
    // value it still needs), the caller's fold (2), the loop (3). BMI1's `andn` would not
    // help (no mask is a complement of a computed value); SSE2 lanes cannot shift by a
    // different amount each, which the two rank offsets would need.
    let t = targets.0;
    let east = (t << 1) & Bitboard::NOT_A_FILE.0;
    let west = (t >> 1) & Bitboard::NOT_H_FILE.0;
    let east2 = (t << 2) & Bitboard::NOT_AB_FILE.0;
    let west2 = (t >> 2) & Bitboard::NOT_GH_FILE.0;
    let (one, one_twice) = (east | west, east & west);
    let (two, two_twice) = (east2 | west2, east2 & west2);
    let (up2, down2) = (one << 16, one >> 16);
    let (up1, down1) = (two << 8, two >> 8);
    let twice = (one_twice << 16) | (one_twice >> 16) | (two_twice << 8) | (two_twice >> 8);
    // Two of the four moved sets: both of a pair, or one of each pair.
    let pairs = (up2 & down2) | (up1 & down1) | ((up2 | down2) & (up1 | down1));
    Bitboard(pairs | twice)
}
