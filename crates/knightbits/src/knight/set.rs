//! `attacks_set`: the recommended way to get the attacks of any set of knights.

use crate::bitboard::Bitboard;

/// `LOWEST[i]`: attacks of a knight on square `i`, and nothing for `i = 64` (the
/// `trailing_zeros` of an empty set).
const LOWEST: [u64; 65] = {
    let mut table = [0; 65];
    let mut i = 0;
    while i < 64 {
        table[i] = attacks_set_branchless(Bitboard(1 << i)).0;
        i += 1;
    }
    table
};

/// `HIGHEST[z]`: attacks of a knight on square `63 - z`, and nothing for `z = 64` (the
/// `leading_zeros` of an empty set).
const HIGHEST: [u64; 65] = {
    let mut table = [0; 65];
    let mut z = 0;
    while z < 64 {
        table[z] = LOWEST[63 - z];
        z += 1;
    }
    table
};

/// Attacks of every knight in `knights` at once (the recommended entry point for sets).
///
/// Sets of at most two knights, as in real positions, take two table loads (lowest and highest
/// knight) and no loop; larger sets take [`attacks_set_branchless`]. The one branch is on "more
/// than two knights", which games almost never take.
///
/// ```
/// use knightbits::{knight, Bitboard, Square};
/// let knights = Bitboard::from_square(Square::B1) | Square::G1;
/// assert_eq!(knight::attacks_set(knights), knight::attacks(Square::B1) | knight::attacks(Square::G1));
/// ```
#[inline]
pub const fn attacks_set(knights: Bitboard) -> Bitboard {
    let k = knights.0;
    let rest = k & k.wrapping_sub(1);
    if rest & rest.wrapping_sub(1) == 0 {
        Bitboard(LOWEST[k.trailing_zeros() as usize] | HIGHEST[k.leading_zeros() as usize])
    } else {
        attacks_set_branchless(knights)
    }
}

/// Attacks of every knight in `knights` by the wiki's setwise formula: shift the set one and two
/// files each way (masking wrapped files), then two and one ranks. No branch, no table, the same
/// cost for any set; the batch kernels use it lane by lane.
///
/// ```
/// use knightbits::{knight, Bitboard};
/// assert_eq!(knight::attacks_set_branchless(Bitboard::FULL), knight::attacks_set(Bitboard::FULL));
/// ```
#[inline]
pub const fn attacks_set_branchless(knights: Bitboard) -> Bitboard {
    let k = knights.0;
    let l1 = (k >> 1) & 0x7f7f_7f7f_7f7f_7f7f;
    let l2 = (k >> 2) & 0x3f3f_3f3f_3f3f_3f3f;
    let r1 = (k << 1) & 0xfefe_fefe_fefe_fefe;
    let r2 = (k << 2) & 0xfcfc_fcfc_fcfc_fcfc;
    let h1 = l1 | r1;
    let h2 = l2 | r2;
    Bitboard((h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::attacks;
    use crate::square::Square;

    /// Independent reference: the squares a knight step away, by file and rank arithmetic.
    fn reference(square: Square) -> Bitboard {
        const STEPS: [(i8, i8); 8] = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        STEPS
            .iter()
            .filter_map(|&(df, dr)| square.offset(df, dr))
            .collect()
    }

    fn union_of_references(set: Bitboard) -> Bitboard {
        set.into_iter()
            .map(reference)
            .fold(Bitboard::EMPTY, |a, b| a | b)
    }

    /// The small-set branch, exhaustively: every set of at most two knights (1 empty + 64
    /// singles + 2,016 pairs = 2,081 sets) gives the union of its members' reference attacks.
    /// Together with `formula_is_the_union_everywhere` (the formula is right on every set, and
    /// `attacks_set` takes it exactly on sets of three or more knights), this proves
    /// `attacks_set` on all 2^64 sets.
    #[test]
    fn at_most_two_knights_exhaustive() {
        let mut sets = 0;
        assert_eq!(attacks_set(Bitboard::EMPTY), Bitboard::EMPTY);
        sets += 1;
        for a in Square::ALL {
            assert_eq!(attacks_set(Bitboard::from_square(a)), reference(a), "{a}");
            assert_eq!(attacks(a), reference(a), "table, {a}");
            sets += 1;
            for b in Square::ALL.into_iter().filter(|&b| b > a) {
                let pair = Bitboard::from_square(a) | b;
                assert_eq!(attacks_set(pair), reference(a) | reference(b), "{a} {b}");
                sets += 1;
            }
        }
        assert_eq!(sets, 2_081);
    }

    /// The formula on all 2^64 sets: it is built only from shifts, ANDs with constants and ORs,
    /// each of which distributes over `|`, so f(S) = the union of f({s}) over s in S; this test
    /// checks the code really has that property (thousands of random pairs of sets, which
    /// catches a stray XOR, add or wrong shift) and that f is right on all 64 singles against
    /// the independent reference. Distributivity plus agreement on singles gives agreement on
    /// every set. The larger-set branch of `attacks_set` is checked against it as well.
    #[test]
    fn formula_is_the_union_everywhere() {
        for s in Square::ALL {
            assert_eq!(
                attacks_set_branchless(Bitboard::from_square(s)),
                reference(s)
            );
        }
        assert_eq!(attacks_set_branchless(Bitboard::EMPTY), Bitboard::EMPTY);
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for i in 0..5_000 {
            // Mix dense, sparse and very sparse sets.
            let (a, b) = match i % 3 {
                0 => (next(), next()),
                1 => (next() & next(), next() & next() & next()),
                _ => (next() & next() & next() & next(), 1 << (next() % 64)),
            };
            let (a, b) = (Bitboard(a), Bitboard(b));
            assert_eq!(
                attacks_set_branchless(a | b),
                attacks_set_branchless(a) | attacks_set_branchless(b),
                "{a:?} {b:?}"
            );
            assert_eq!(attacks_set(a), union_of_references(a), "{a:?}");
            assert_eq!(
                attacks_set(a | b),
                attacks_set_branchless(a | b),
                "{a:?} {b:?}"
            );
        }
    }

    /// Usable in constant context.
    #[test]
    fn const_evaluation() {
        const B1_G1: Bitboard = attacks_set(Bitboard(0x42));
        const FULL: Bitboard = attacks_set(Bitboard::FULL);
        assert_eq!(B1_G1, union_of_references(Bitboard(0x42)));
        assert_eq!(FULL, Bitboard::FULL);
    }
}
