//! The two names an engine looks for: [`attacks`] of one knight (a table lookup) and
//! [`attacks_set`] of any set of knights.

use crate::bitboard::Bitboard;

use super::ATTACKS;
use super::technique::halves;

/// [`ATTACKS`] with a 65th, empty entry: `trailing_zeros` of an empty set is 64, so the small-set
/// path of [`attacks_set`] needs no test for "no knight".
static ATTACKS_OR_EMPTY: [Bitboard; 65] = {
    let mut table = [Bitboard::EMPTY; 65];
    let mut i = 0;
    while i < 64 {
        table[i] = ATTACKS[i];
        i += 1;
    }
    table
};

/// Attacks of every knight in `knights` at once: the recommended entry point for sets.
///
/// Sets of at most two knights (nearly every side of a real game) take two lookups in
/// [`ATTACKS`], the lowest and the second-lowest knight; larger sets take the wiki's setwise
/// formula ([`technique::halves`](super::technique::halves)), branch-free and table-free. Where
/// set sizes vary at random around three knights, the size test mispredicts; such callers call
/// the formula alone, [`technique::halves`](super::technique::halves), which never branches.
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
        // At most two knights: lea/and to clear the lowest, two tzcnt and two loads, one OR
        // (9 ALU ops against the formula's 17 and the peers' predicted loop of ~9 plus branches).
        ATTACKS_OR_EMPTY[k.trailing_zeros() as usize]
            .union(ATTACKS_OR_EMPTY[rest.trailing_zeros() as usize])
    } else {
        many(knights)
    }
}

// Three knights or more: the formula, 8 shifts, 4 ANDs and 5 ORs whatever the size, no loop to
// mispredict. Inline on the x86-64 baseline: out of line (a call), sets of mixed sizes paid the
// call on top of the mispredicted size test (3.43 against 2.81 ns a set, small sets unchanged).
// Where BMI1 is enabled at compile time it stays inline behind a cold marker, since there a loop
// holding it unmarked was not unrolled and ran at 8 cycles a set on Zen 5, the unrolled one 2.5.
#[cfg(not(target_feature = "bmi1"))]
#[inline(always)]
const fn many(knights: Bitboard) -> Bitboard {
    halves(knights)
}

#[cfg(target_feature = "bmi1")]
#[inline(always)]
const fn many(knights: Bitboard) -> Bitboard {
    unlikely();
    halves(knights)
}

#[cfg(target_feature = "bmi1")]
#[cold]
#[inline(always)]
const fn unlikely() {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::attacks;
    use crate::square::Square;
    use knightbits_testkit as testkit;

    /// The testkit's reference: the squares a knight step away, by file and rank arithmetic.
    fn reference(square: Square) -> Bitboard {
        Bitboard(testkit::knight(square as u8))
    }

    /// All 64 singles and all 2,016 pairs (every set of at most two knights, with the empty
    /// set: 2,081 sets, all on the lookup path) give the union of their members' reference
    /// attacks, and so does the formula of the other path on the same sets; the lookup table
    /// agrees on singles too.
    #[test]
    fn singles_and_pairs_exhaustive() {
        let mut sets = 1;
        assert_eq!(attacks_set(Bitboard::EMPTY), Bitboard::EMPTY);
        assert_eq!(halves(Bitboard::EMPTY), Bitboard::EMPTY);
        for a in Square::ALL {
            let single = Bitboard::from_square(a);
            assert_eq!(attacks_set(single), reference(a), "{a}");
            assert_eq!(halves(single), reference(a), "formula, {a}");
            assert_eq!(attacks(a), reference(a), "table, {a}");
            sets += 1;
            for b in Square::ALL.into_iter().filter(|&b| b > a) {
                let pair = single | b;
                assert_eq!(attacks_set(pair), reference(a) | reference(b), "{a} {b}");
                assert_eq!(
                    halves(pair),
                    reference(a) | reference(b),
                    "formula, {a} {b}"
                );
                sets += 1;
            }
        }
        assert_eq!(sets, 2_081);
    }

    /// Both paths on every set around the boundary between them: all 41,664 sets of three
    /// knights (the formula path) and, with them, every pair and single inside them (the lookup
    /// path) against the testkit's reference.
    #[test]
    fn every_triple_and_the_pairs_inside() {
        let mut triples = 0;
        for a in 0..64u8 {
            for b in a + 1..64 {
                for c in b + 1..64 {
                    let set = 1u64 << a | 1 << b | 1 << c;
                    assert_eq!(
                        attacks_set(Bitboard(set)).0,
                        testkit::knights(set),
                        "{set:#x}"
                    );
                    let pair = set & set.wrapping_sub(1);
                    assert_eq!(attacks_set(Bitboard(pair)).0, testkit::knights(pair));
                    triples += 1;
                }
            }
        }
        assert_eq!(triples, 41_664);
    }

    /// What this proves for all 2^64 sets. Sets of at most two knights take the lookup path:
    /// the union of the table entries of their (at most two) members, and the table is checked
    /// on all 64 squares, so that path is right on every set it takes (also checked
    /// exhaustively above). Larger sets take the formula, which is built only from shifts, ANDs
    /// with constants and ORs, each of which distributes over `|`, so f(a | b) = f(a) | f(b)
    /// and hence f(S) = the union of f({s}) over the members s of S; f is checked on every
    /// single square against the independent reference. This test checks that both the formula
    /// and `attacks_set` really distribute (5,000 random pairs of dense, sparse and very sparse
    /// sets, which mix the two paths: a stray XOR, add or unmasked shift fails it) and agree
    /// with the reference on those sets.
    #[test]
    fn distributes_over_union() {
        let mut rng = testkit::Rng::new(0);
        for i in 0..5_000 {
            let (a, b) = match i % 3 {
                0 => (rng.next(), rng.next()),
                1 => (
                    rng.next() & rng.next(),
                    rng.next() & rng.next() & rng.next(),
                ),
                _ => (
                    rng.next() & rng.next() & rng.next() & rng.next(),
                    1 << (rng.next() % 64),
                ),
            };
            let (a, b) = (Bitboard(a), Bitboard(b));
            assert_eq!(halves(a | b), halves(a) | halves(b), "formula {a:?} {b:?}");
            assert_eq!(
                attacks_set(a | b),
                attacks_set(a) | attacks_set(b),
                "{a:?} {b:?}"
            );
            assert_eq!(attacks_set(a), Bitboard(testkit::knights(a.0)), "{a:?}");
            assert_eq!(attacks_set(a | b), Bitboard(testkit::knights((a | b).0)));
        }
    }

    /// Usable in constant context.
    #[test]
    fn const_evaluation() {
        const B1_G1: Bitboard = attacks_set(Bitboard(0x42));
        const B1: Bitboard = attacks_set(Bitboard(0x2));
        const NONE: Bitboard = attacks_set(Bitboard::EMPTY);
        const FULL: Bitboard = attacks_set(Bitboard::FULL);
        const D4: Bitboard = attacks(Square::D4);
        assert_eq!(B1_G1, Bitboard(testkit::knights(0x42)));
        assert_eq!(FULL, Bitboard::FULL);
        assert_eq!((B1, NONE), (reference(Square::B1), Bitboard::EMPTY));
        assert_eq!(D4, reference(Square::D4));
    }
}
