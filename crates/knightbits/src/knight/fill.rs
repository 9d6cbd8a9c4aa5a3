//! Knight fill (the wiki's `knightFill`): the set grown by one knight move, and what repeated
//! fills give: squares reached in at most n moves, by a walk of exactly n moves, and at
//! distance exactly n.

use core::iter::FusedIterator;

use crate::bitboard::Bitboard;

use super::attacks::attacks_set;

/// One fill cycle: the knights' attacks together with the knights themselves (the wiki's
/// `knightFill(knights) = knightAttacks(knights) | knights`).
///
/// ```
/// use knightbits::{bitboard, knight, Bitboard, Square};
/// assert_eq!(knight::fill(Bitboard::from_square(Square::A1)), bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . X . . . . . .
///     . . X . . . . .
///     X . . . . . . .
/// });
/// ```
#[inline]
pub const fn fill(set: Bitboard) -> Bitboard {
    Bitboard(attacks_set(set).0 | set.0)
}

/// The successive fills of a set: `fill(set)`, `fill(fill(set))`, …; made by [`fills`].
///
/// The iterator stops after the last fill that still grew the set, so it yields exactly one
/// item per fill step that adds a square. On the 8x8 board every square is reached from any
/// non-empty set (the knight's graph is connected), so the last item is [`Bitboard::FULL`];
/// from a corner there are six items (the wiki's six fills), from the empty set none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fills {
    current: Bitboard,
}

/// The successive fills of `set`, one item per step that grows it (see [`Fills`]).
///
/// ```
/// use knightbits::{knight, Bitboard, Square};
/// let counts: Vec<u32> = knight::fills(Bitboard::from_square(Square::A1))
///     .map(|b| b.count())
///     .collect();
/// assert_eq!(counts, [3, 12, 32, 53, 63, 64]);
/// ```
#[inline]
pub const fn fills(set: Bitboard) -> Fills {
    Fills { current: set }
}

impl Iterator for Fills {
    type Item = Bitboard;

    #[inline]
    fn next(&mut self) -> Option<Bitboard> {
        let next = fill(self.current);
        if next == self.current {
            None
        } else {
            self.current = next;
            Some(next)
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        // A growing step adds at least one square.
        (0, Some(64 - self.current.count() as usize))
    }
}

impl FusedIterator for Fills {}

/// The squares a knight (any knight of `set`) reaches in at most `n` moves: `n` fills of `set`.
///
/// ```
/// use knightbits::{knight, Bitboard, Square};
/// let a1 = Bitboard::from_square(Square::A1);
/// assert_eq!(knight::reach_within(a1, 0), a1);
/// assert_eq!(knight::reach_within(a1, 2).count(), 12);
/// assert_eq!(knight::reach_within(a1, 100), Bitboard::FULL);
/// ```
pub const fn reach_within(set: Bitboard, n: u32) -> Bitboard {
    let mut reached = set;
    let mut i = 0;
    while i < n {
        let next = fill(reached);
        if next.0 == reached.0 {
            break;
        }
        reached = next;
        i += 1;
    }
    reached
}

/// The squares at knight distance exactly `n` from `set` (the `n`-th ring): reached in at most
/// `n` moves but not in fewer. `ring(set, 0)` is `set`.
///
/// ```
/// use knightbits::{knight, Bitboard, Square};
/// let a1 = Bitboard::from_square(Square::A1);
/// assert_eq!(knight::ring(a1, 1), knight::attacks(Square::A1));
/// assert_eq!(knight::ring(a1, 6), Bitboard::from_square(Square::H8));
/// assert!(knight::ring(a1, 7).is_empty());
/// ```
pub const fn ring(set: Bitboard, n: u32) -> Bitboard {
    if n == 0 {
        return set;
    }
    let inner = reach_within(set, n - 1);
    Bitboard(fill(inner).0 & !inner.0)
}

/// The squares where a walk of exactly `n` knight moves from `set` can end (every move is made,
/// none skipped): `n` applications of [`attacks_set`](super::attacks_set).
///
/// This is not the same as distance exactly `n` ([`ring`]): a knight changes square colour
/// with every move, so a square at distance 2 is also the end of a walk of 4, 6, … moves (go
/// there, step away and come back), while it is never the end of a walk of odd length.
///
/// ```
/// use knightbits::{knight, Bitboard, Square};
/// let a1 = Bitboard::from_square(Square::A1);
/// // Out and back: a1 itself is the end of a two-move walk, but at distance 0.
/// assert!(knight::reach_exactly(a1, 2).contains(Square::A1));
/// assert!(!knight::ring(a1, 2).contains(Square::A1));
/// // After enough moves, a single knight reaches every square of one colour.
/// assert_eq!(knight::reach_exactly(a1, 10), Bitboard::DARK_SQUARES);
/// assert_eq!(knight::reach_exactly(a1, 11), Bitboard::LIGHT_SQUARES);
/// ```
pub const fn reach_exactly(set: Bitboard, n: u32) -> Bitboard {
    // The sequence of walk ends is determined by its last element, so once the ends of walks
    // of k moves equal those of k - 2 moves it repeats with period 2 from there on, and the
    // answer for n is the one for k or k - 1, whichever has n's parity.
    let mut before = set; // ends of walks of k - 2 moves (meaningful once k >= 2)
    let mut previous = set; // k - 1 moves
    let mut current = set; // k moves
    let mut k = 0;
    while k < n {
        if k >= 1 {
            before = previous;
        }
        previous = current;
        current = attacks_set(current);
        k += 1;
        if k >= 2 && current.0 == before.0 {
            return if (n - k).is_multiple_of(2) {
                current
            } else {
                previous
            };
        }
    }
    current
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard;
    use crate::square::Square;

    /// The wiki's picture, rank 8 on top, transcribed from the wiki source (seed 001,
    /// "Knight Fill"): the first board of its top row is the knight on a1 before any fill,
    /// then "1. Fill" to "6. Fill". The counts 3, 12, 32, 53, 63, 64 are the wiki's too.
    const WIKI_START: Bitboard = bitboard! {
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        X . . . . . . .
    };

    const WIKI_FILLS: [Bitboard; 6] = [
        bitboard! {
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . X . . . . . .
            . . X . . . . .
            X . . . . . . .
        },
        bitboard! {
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            X . X . . . . .
            . X . X . . . .
            X X . . X . . .
            . . X X . . . .
            X . X . X . . .
        },
        bitboard! {
            . . . . . . . .
            . X . X . . . .
            X . X . X . . .
            X X X X . X . .
            X X X X X . X .
            X X . X X X . .
            X . X X X . X .
            X X X X X X . .
        },
        bitboard! {
            . X . X . X . .
            X X X X X . X .
            X X X X X X . X
            X X X X X X X .
            X X X X X X X X
            X X X X X X X .
            X X X X X X X X
            X X X X X X X .
        },
        bitboard! {
            X X X X X X X .
            X X X X X X X X
            X X X X X X X X
            X X X X X X X X
            X X X X X X X X
            X X X X X X X X
            X X X X X X X X
            X X X X X X X X
        },
        bitboard! {
            X X X X X X X X
            X X X X X X X X
            X X X X X X X X
            X X X X X X X X
            X X X X X X X X
            X X X X X X X X
            X X X X X X X X
            X X X X X X X X
        },
    ];

    /// Proves `fill`/`fills` reproduce the wiki's six diagrams square for square, and that the
    /// transcription itself has the wiki's stated counts.
    #[test]
    fn six_fills_from_a1_match_the_wiki_diagrams() {
        assert_eq!(WIKI_START, Bitboard::from_square(Square::A1));
        let counts: [u32; 6] = [3, 12, 32, 53, 63, 64];
        for (diagram, count) in WIKI_FILLS.iter().zip(counts) {
            assert_eq!(diagram.count(), count);
        }
        let mut it = fills(WIKI_START);
        for (i, diagram) in WIKI_FILLS.iter().enumerate() {
            assert_eq!(it.next(), Some(*diagram), "fill {}", i + 1);
        }
        assert_eq!(it.next(), None, "the board stops growing after six fills");
        assert_eq!(it.next(), None, "fused");
        let mut set = WIKI_START;
        for diagram in WIKI_FILLS {
            set = fill(set);
            assert_eq!(set, diagram);
        }
    }

    /// Independent slow reference: the squares at most `n` knight moves from `set`, by the
    /// testkit's coordinate arithmetic on square numbers (no bitboard shifts).
    fn slow_within(set: Bitboard, n: u32) -> Bitboard {
        let mut reached = set.0;
        for _ in 0..n {
            reached |= knightbits_testkit::knights(reached);
        }
        Bitboard(reached)
    }

    /// Independent slow reference for walks: ends of walks of exactly `n` moves, step by step
    /// with the testkit's knight, with no shortcut for the period.
    fn slow_walk(set: Bitboard, n: u32) -> Bitboard {
        let mut ends = set.0;
        for _ in 0..n {
            ends = knightbits_testkit::knights(ends);
        }
        Bitboard(ends)
    }

    fn sample_sets() -> impl Iterator<Item = Bitboard> {
        let mut rng = knightbits_testkit::Rng::new(0x9e37_79b9_7f4a_7c15);
        let randoms = core::iter::from_fn(move || Some(rng.next()));
        Square::ALL
            .into_iter()
            .map(Bitboard::from_square)
            .chain([
                Bitboard::EMPTY,
                Bitboard::FULL,
                Bitboard::LIGHT_SQUARES,
                Bitboard::FILE_A | Bitboard::RANK_8,
            ])
            .chain(
                randoms
                    .take(200)
                    .map(|r| Bitboard(r & (r >> 11) & (r >> 23))),
            )
    }

    /// Proves reach_within, ring and reach_exactly against the slow references for every
    /// single square and 200 random sparse sets, for n up to 14 (beyond every period).
    #[test]
    fn reach_and_ring_match_slow_references() {
        for set in sample_sets() {
            for n in 0..=14 {
                let within = slow_within(set, n);
                assert_eq!(reach_within(set, n), within, "{set:?} {n}");
                let ring_ref = if n == 0 {
                    set
                } else {
                    within - slow_within(set, n - 1)
                };
                assert_eq!(ring(set, n), ring_ref, "{set:?} {n}");
                assert_eq!(reach_exactly(set, n), slow_walk(set, n), "{set:?} {n}");
            }
        }
    }

    /// Proves the iterator's item count and last item: one item per growing step, ending on
    /// the full board from any non-empty set.
    #[test]
    fn fills_stop_when_the_board_stops_growing() {
        assert_eq!(fills(Bitboard::EMPTY).next(), None);
        assert_eq!(fills(Bitboard::FULL).next(), None);
        for set in sample_sets().filter(|s| s.any() && *s != Bitboard::FULL) {
            let steps: u32 = (1..=6)
                .find(|&n| slow_within(set, n) == Bitboard::FULL)
                .unwrap();
            assert_eq!(fills(set).count() as u32, steps, "{set:?}");
            assert_eq!(fills(set).last(), Some(Bitboard::FULL));
        }
    }
}
