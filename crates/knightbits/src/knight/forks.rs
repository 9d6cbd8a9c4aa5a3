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
/// square between them); the same two files away (`two`, `two_twice`). Then per side: the
/// jumps upward (from targets below) are `one` two ranks up and `two` one rank up, merged into
/// the squares they reach at all (`any_up`) and at least twice (`two_up`); the same downward.
/// A square is a fork square when reached twice from one side, or once from each. This is
/// the wiki's `forkTargetSquare` (the union of the pairwise intersections of the eight
/// direction attack sets, [`technique::fork_target_square`](super::technique::fork_target_square))
/// regrouped: the same answer, 30 operations in a dependency chain 10 deep instead of 17.
///
/// ```
/// use knightbits::{knight, Bitboard, Square};
/// // A king on e8 and a rook on a8: only a knight on c7 attacks both.
/// let targets = Bitboard::from_square(Square::E8) | Square::A8;
/// assert_eq!(knight::fork_squares(targets), Bitboard::from_square(Square::C7));
/// ```
#[inline]
pub const fn fork_squares(targets: Bitboard) -> Bitboard {
    // Why this is as short as we can make it (x86-64 baseline, the default target, from
    // `objdump -d` of the ratio bench's loop): 30 ALU operations, no load but the input, no
    // branch, chain 10 deep.
    // - 8: the four file offsets (+1, -1, +2, -2) each need their own shift and their own wrap
    //   mask (`lea`/`shr` + `and`). Masking first and shifting once per distance
    //   (`((t & !H) << 2) | (t & !A)`, then one shift per rank offset) saves two shifts but is
    //   wrong: the aligned word needs 65 bits, and g8's jump to h6 (e8's and f8's to g7 and h7
    //   for two files) falls off it; rotating instead brings that bit back on h2.
    // - 4: one OR and one AND per file distance (`one`, `one_twice`, `two`, `two_twice`), a
    //   half adder: after it, no set is shifted twice for the same rank offset.
    // - 7 rank shifts: `one` and `one_twice` a rank toward each side (4); then the sides. The
    //   up side's sets move one more rank up and the down side's one more rank down, and a
    //   shift loses the rank it pushes off the board, so the two sides cannot share their last
    //   shift. But the squares reached once from each side are an AND of the two sides, and
    //   `((any_up << 16) & any_down) >> 8` is `(any_up << 8) & (any_down >> 8)` (`<< 16` also
    //   loses `any_up`'s seventh rank, which `<< 8` would put on the eighth, where
    //   `any_down >> 8` is empty): it rides on the down side's last shift, 3 shifts for the
    //   sides' 4 sets where the grouping before this had 4.
    // - 11 merges: 3 a side for the squares reached twice, 2 for the squares reached at all,
    //   1 to meet the sides, 2 to join the three results.
    // The rest of the loop is the caller's: 7 register copies (two-operand x86 keeps a value
    // it still needs; renamed away, they take issue slots but no ALU), the fold (2), the loop
    // (3 instructions, 2 ALU operations with `cmp`/`jne` fused), the load: 43 instructions a
    // set. 34 ALU operations on a core with four integer ALUs take at least 8.5 cycles a set;
    // Zen 4 runs this loop in about 8.4 by the bench's clock (8.5 in a hand-timed copy).
    // The order of the lines is measured, not cosmetic: LLVM keeps it, and on Zen 4 the same
    // 30 operations in other orders (random valid orders and other groupings, compiled the
    // same way) ran at 8.5 to 10.5 cycles, most at 9 or more. BMI1's `andn` would not help
    // (no mask is a complement of a computed value); SSE2 lanes cannot shift by a different
    // amount each, and a `const fn` cannot call the intrinsics.
    let t = targets.0;
    let east2 = (t << 2) & Bitboard::NOT_AB_FILE.0;
    let east = (t << 1) & Bitboard::NOT_A_FILE.0;
    let west2 = (t >> 2) & Bitboard::NOT_GH_FILE.0;
    let west = (t >> 1) & Bitboard::NOT_H_FILE.0;
    let (one, one_twice) = (east | west, east & west);
    let (one_twice_up, one_twice_down) = (one_twice << 8, one_twice >> 8);
    let (two, two_twice) = (east2 | west2, east2 & west2);
    // Each side one rank short of its place: `one` moved a rank toward it meets `two`.
    let (one_up, one_down) = (one << 8, one >> 8);
    let (down_both, up_both) = (one_down & two, one_up & two);
    let (any_down, any_up) = (one_down | two, one_up | two);
    // `any_up` two ranks further up, where `any_down` waits a rank short of its place.
    let any_up = any_up << 16;
    let (down, up) = (one_twice_down | down_both, up_both | one_twice_up);
    let (two_down, two_up) = (down | two_twice, up | two_twice);
    let across = any_up & any_down;
    let two_up = two_up << 8;
    // Then each side its last rank: two jumps from one side, or one from each.
    Bitboard(((two_down | across) >> 8) | two_up)
}
