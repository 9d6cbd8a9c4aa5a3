//! Keys of open tours: a frontier state of Hamiltonian paths on a board up to 8 wide in 64
//! bits, and placing a square on it.
//!
//! The slots are the closed keys' (empty, finished, path labels 1 to 8 in order of first
//! appearance) and one more code, [`LOOSE`]: a path end whose other end is an end of the tour,
//! or a square placed as an end of the tour that has no edge yet (a path of one square; both
//! need exactly one more edge, so they are one code). Each square is placed inside the tour or
//! as one of its two ends, so every square's needs are known, and the closed keys' rules
//! (squares that cannot get the edges they need) prune as they do for closed tours. The number
//! of ends placed is the number of loose slots, so it needs no field of its own.
//!
//! Once both ends are placed, which two path ends are the loose ones no longer matters: joined
//! through a square outside the board that neighbours every square, the two loose ends are the
//! two ends of one path, and what is left is the closed count's problem (join every path into
//! one cycle, none closed early). So the second end placed turns the two loose slots into an
//! ordinary label pair and the key into a closed key, and states that differed only in which
//! pair was loose become one. Such a key is marked ([`mark`]): the first slot of its label 1
//! (every such key has a label until the tour is complete) holds [`BOTH_ENDS`], a code no other
//! key uses; it is placed on by the closed keys' [`Place`], with the open tour's needs.
//!
//! A knight's move changes the colour of its square, so an open tour of a board with as many
//! squares of each colour ends on one of each, and one of a board with an odd number of squares
//! ends on the colour of the corners (one square more) at both ends. The second rule prunes
//! every end placed on the other colour. The first is checked when the second end is placed:
//! every path alternates colours, so over the paths of the squares placed, the colours of their
//! ends (a path of one square ends twice on its square) sum to twice the placed squares' surplus
//! of the corners' colour; the ends in the window (path ends, loose or labelled, once; squares
//! with no edge twice) are known, so that sum tells the colours of the tour's ends placed.
//!
//! Two symmetries of the board cut the states. Turned half round, the board maps a tour whose
//! ends are placed in rounds `a < b` onto one whose ends are placed in rounds `n - 1 - b` and
//! `n - 1 - a`, so the tours whose first end comes after the middle square are counted as the
//! images of those whose second end comes before it, twice ([`Order::halves`]): no state of the
//! last half lacks the first end. Turned over left to right at the end of a row, a state and its
//! image complete as many tours, so a layer keeps the least key of the two (`expand.rs`; closed
//! keys too).
//!
//! In 128-bit keys (boards 9 to 12 across, whose labels may take the codes above 8) both marks
//! are in the last slot of the word instead, past the key's: [`DONE`] for both ends placed,
//! [`LOOSE`] for a loose oldest slot; the key's own slots are then plain.
//!
//! As in closed keys, the oldest of the 17 slots is left out: it is finished, or the one label
//! that appears once in the other 16, or loose. Loose is the one case the other slots cannot
//! tell, so it is written into the newest slot, which then takes a code no plain key uses
//! ([`flag`]): empty 11, finished 14, loose 12, and any label 9 (the label that appears once
//! among the slots below it, as the oldest holds none).

use super::key::{
    DONE, EMPTY, FRESH, LOOSE, Place, normalise, oldest, relabel, slot, slots_of, turn_over,
    with_slot,
};
use super::order::{Ahead, Colouring, Ends, Order};
use super::word::Word;
use crate::frontier::each_choice;

/// The code of the first slot of label 1 in a key with both ends of the tour placed.
pub(crate) const BOTH_ENDS: u64 = 10;

/// Codes of the newest slot of a key whose oldest slot is loose.
const FLAG_LABEL: u64 = 9;
const FLAG_EMPTY: u64 = 11;
const FLAG_LOOSE: u64 = 12;
const FLAG_DONE: u64 = 14;

/// The code a key's two loose slots take for a moment when the second end of the tour is
/// placed, before the key is renumbered: no label of such a key reaches it (its other labels
/// number at most `w - 1`, 11 on a board 12 across).
const PAIR: u64 = 12;

/// Keys in a word of more than 16 slots hold their marks in its last slot.
#[inline]
fn wide<K: Word>() -> bool {
    K::SLOTS > 16
}

/// The normalised closed key `x` (with a label) marked as having both ends of the tour placed.
#[inline]
pub(crate) fn mark<K: Word>(x: K) -> K {
    if wide::<K>() {
        return with_slot(x, K::SLOTS - 1, DONE);
    }
    let ones = slots_of(x, 1);
    // 1 ^ 11 = 10: the lowest slot holding label 1 recoded.
    x ^ (ones & ones.wrapping_neg()).wrapping_mul(K::of(1 ^ BOTH_ENDS))
}

/// The closed key of a key with both ends of the tour placed, or none for a key with fewer.
#[inline]
pub(crate) fn unmark<K: Word>(x: K) -> Option<K> {
    if wide::<K>() {
        return match slot(x, K::SLOTS - 1) {
            DONE => Some(with_slot(x, K::SLOTS - 1, EMPTY)),
            _ => None,
        };
    }
    match slots_of(x, BOTH_ENDS) {
        m if m == K::ZERO => None,
        m => Some(x ^ m.wrapping_mul(K::of(1 ^ BOTH_ENDS))),
    }
}

/// The normalised key `x` marked as having a loose oldest slot: its newest slot `top` recoded.
#[inline]
pub(crate) fn flag<K: Word>(x: K, top: u32) -> K {
    if wide::<K>() {
        return with_slot(x, K::SLOTS - 1, LOOSE);
    }
    let code = match slot(x, top) {
        EMPTY => FLAG_EMPTY,
        LOOSE => FLAG_LOOSE,
        DONE => FLAG_DONE,
        _ => FLAG_LABEL,
    };
    with_slot(x, top, code)
}

/// The plain key and the oldest slot of key `x` (fewer than two ends placed) whose newest slot
/// is `top`.
#[inline]
pub(crate) fn decode<K: Word>(x: K, top: u32) -> (K, u64) {
    if wide::<K>() {
        return match slot(x, K::SLOTS - 1) {
            LOOSE => (with_slot(x, K::SLOTS - 1, EMPTY), LOOSE),
            _ => (x, oldest(x)),
        };
    }
    let plain = match slot(x, top) {
        FLAG_EMPTY => with_slot(x, top, EMPTY),
        FLAG_LOOSE => with_slot(x, top, LOOSE),
        FLAG_DONE => with_slot(x, top, DONE),
        FLAG_LABEL => {
            let below = with_slot(x, top, EMPTY);
            with_slot(below, top, oldest(below))
        }
        _ => return (x, oldest(x)),
    };
    (plain, LOOSE)
}

/// Placing one square on open-tour keys, slot by slot in a register. Every square is placed
/// either inside the tour (it needs two edges, as in closed tours, and the closed keys' rules
/// hold for it) or as one of its two ends (it needs one: with no edge back it is a loose path
/// of one square; with one, the far end of that path turns loose). Keys with both ends placed
/// are closed keys, placed on by the closed keys' step.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PathPlace<K> {
    /// The step of a square inside the tour, with an open tour's needs: a square with no later
    /// neighbour must be finished, one with at most one must have an edge.
    inside: Place<K>,
    /// This square is the start of the tours counted from one square: an end.
    pin: bool,
    ends: Ends,
    colouring: Colouring<K>,
    ahead: Ahead<K>,
}

impl<K: Word> PathPlace<K> {
    /// The step of round `i` of `sweep`.
    pub(crate) fn of(step: &crate::frontier::Step, sweep: &Order, i: u32) -> PathPlace<K> {
        let r = &step.rules;
        PathPlace {
            inside: Place::needing(step, r.lonely, r.lonely | r.single),
            pin: r.pin,
            ends: sweep.halves(i),
            colouring: sweep.at(i),
            ahead: sweep.ahead(i),
        }
    }

    /// The step of round `i` of `sweep` split after row `cut` (`split.rs`): a square of the
    /// two rows past the cut placed inside the tour with edges back to the rows before it only
    /// (those across the cut), its needs and those of its row left to the other half; no end of
    /// the tour placed, no state without one kept.
    pub(crate) fn crossing(
        step: &crate::frontier::Step,
        sweep: &Order,
        i: u32,
        cut: u32,
    ) -> PathPlace<K> {
        let (w, k) = (i64::from(sweep.w), 2 * i64::from(sweep.w) + 1);
        let past = |sq: i64| sq >= 0 && sq / w >= i64::from(cut);
        let mut step = step.clone();
        let (mut back, mut backs) = ([0u32; 4], 0);
        // Window slot j before the square is placed: square i - k + j.
        for &j in &step.back[..step.backs] {
            if !past(i64::from(i) - k + i64::from(j)) {
                back[backs] = j;
                backs += 1;
            }
        }
        step.back = back;
        step.backs = backs;
        // Slot j of the next window: square i + 1 - k + j.
        let before = (0..k)
            .filter(|&j| !past(i64::from(i) + 1 - k + j))
            .fold(0u32, |m, j| m | 1 << j);
        let r = &step.rules;
        PathPlace {
            inside: Place::needing(&step, r.lonely & before, (r.lonely | r.single) & before),
            pin: false,
            ends: Ends {
                first: false,
                keep_none: false,
                twice: false,
                any: false,
            },
            colouring: sweep.at(i),
            ahead: sweep.ahead(i),
        }
    }

    /// This step keeping the states with no end of the tour placed.
    pub(crate) fn keeping_none(mut self) -> PathPlace<K> {
        self.ends.keep_none = true;
        self
    }

    /// The key slot the placed square takes.
    pub(crate) fn top(&self) -> u32 {
        self.inside.top
    }

    /// The least of key `key` and its image turned over left to right, at the end of a row of
    /// a sweep `w` across ([`Place::canonical`]); `key` itself if its oldest slot is not
    /// finished.
    #[inline]
    pub(crate) fn canonical(&self, key: K, w: u32) -> K {
        if let Some(closed) = unmark(key) {
            return mark(Place::canonical(closed, w));
        }
        match decode(key, self.inside.top) {
            (x, DONE) => x.min(normalise(turn_over(x, w))),
            _ => key,
        }
    }

    /// The keys after placing the square from the state of key `key`, into `next`, and the
    /// number of ways it completes a tour.
    #[inline]
    pub(crate) fn expand(&self, key: K, next: &mut impl FnMut(K)) -> u32 {
        if let Some(closed) = unmark(key) {
            // Both ends placed: the start, an end, cannot come now.
            if self.pin {
                return 0;
            }
            let odd = self.colouring.odd;
            return self.inside.expand(closed, &mut |k| {
                if self.ahead.feasible(oldest(k), k, 2, odd) {
                    next(mark(k));
                }
            });
        }
        let (x, o) = decode(key, self.inside.top);
        // Each end of the tour placed so far leaves one loose slot.
        let ends = slots_of(x, LOOSE).count_ones() + u32::from(o == LOOSE);
        let mut open = [0u32; 4];
        let opens = self.inside.open_back(x, o, &mut open);
        let mut closed = 0u32;
        let mut try_place = |picked: &[u32], end: bool| match self.place(x, o, ends, picked, end) {
            Placed::Invalid => {}
            Placed::Complete => closed += 1,
            Placed::Key(k) => next(k),
            Placed::Twice(k) => {
                next(k);
                next(k);
            }
        };
        // The oldest square leaves the window now: unfinished, it takes an edge from this one.
        each_choice(&open[..opens], o != DONE, |picked| {
            if !self.pin {
                try_place(picked, false);
            }
            // An end on the other colour than the corners' leaves one of them on a board with
            // an odd number of squares.
            if picked.len() <= 1
                && self.ends.any
                && (ends == 1 || ends == 0 && self.ends.first)
                && (self.colouring.corner || !self.colouring.odd)
            {
                try_place(picked, true);
            }
        });
        closed
    }

    /// Places the square with edges to the window slots `picked`, as an end of the tour or
    /// inside it, then moves the window on.
    #[inline]
    fn place(&self, mut x: K, mut o: u64, mut ends: u32, picked: &[u32], end: bool) -> Placed<K> {
        let mut me = EMPTY;
        let mut complete = false;
        // Every slot holding `from` (the oldest too) set to `to`.
        let swap = |x: &mut K, o: &mut u64, from: u64, to: u64| {
            *x = relabel(*x, from, to);
            if *o == from {
                *o = to;
            }
        };
        for &j in picked {
            let u = if j == 0 { o } else { slot(x, j - 1) };
            let set = |x: &mut K, o: &mut u64, v: u64| {
                if j == 0 {
                    *o = v;
                } else {
                    *x = with_slot(*x, j - 1, v);
                }
            };
            if me == EMPTY {
                if u == EMPTY {
                    set(&mut x, &mut o, FRESH);
                    me = FRESH;
                } else {
                    set(&mut x, &mut o, DONE);
                    me = u;
                }
            } else if u == EMPTY {
                set(&mut x, &mut o, me);
                me = DONE;
            } else if u == me && me != LOOSE {
                // A cycle.
                return Placed::Invalid;
            } else {
                set(&mut x, &mut o, DONE);
                if u == LOOSE && me == LOOSE {
                    complete = true;
                } else if u == LOOSE {
                    swap(&mut x, &mut o, me, LOOSE);
                } else if me == LOOSE {
                    swap(&mut x, &mut o, u, LOOSE);
                } else {
                    swap(&mut x, &mut o, u, me);
                }
                me = DONE;
            }
        }
        if end {
            // An end of the tour: one edge in all.
            ends += 1;
            match me {
                EMPTY => me = LOOSE,
                LOOSE => {
                    complete = true;
                    me = DONE;
                }
                l => {
                    swap(&mut x, &mut o, l, LOOSE);
                    me = DONE;
                }
            }
        }
        if o != DONE || ends > 2 {
            return Placed::Invalid;
        }
        let (oldest, x) = self.inside.move_on(x, me);
        if complete {
            return if self.inside.completes(oldest, x) {
                Placed::Complete
            } else {
                Placed::Invalid
            };
        }
        // Squares that cannot get the edges they still need (a loose one needs one).
        if self.inside.strands(oldest, x)
            || !self.ahead.feasible(oldest, x, ends, self.colouring.odd)
        {
            return Placed::Invalid;
        }
        if ends == 2 {
            if end && self.colouring.ends_sum(oldest, x) != self.colouring.want {
                // Both ends of the tour on one colour, or on the wrong one.
                return Placed::Invalid;
            }
            // The two loose slots (one of them perhaps the oldest, whose partner is then the
            // label that appears once) become a label pair: a closed key, with a label.
            debug_assert!(slots_of(x, LOOSE) != K::ZERO);
            let key = mark(normalise(relabel(x, LOOSE, PAIR)));
            return if end && self.ends.twice {
                Placed::Twice(key)
            } else {
                Placed::Key(key)
            };
        }
        if ends == 0 && !self.ends.keep_none {
            // No first end can come any more.
            return Placed::Invalid;
        }
        let key = normalise(x);
        if oldest == LOOSE {
            Placed::Key(flag(key, self.inside.top))
        } else {
            Placed::Key(key)
        }
    }
}

/// The outcome of placing a square.
enum Placed<K> {
    /// No tour continues this way.
    Invalid,
    /// The last square completed a tour.
    Complete,
    /// The next key.
    Key(K),
    /// The next key, for two tours each (the second end placed before the middle square).
    Twice(K),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key with a loose oldest slot gives back the plain key and the loose oldest, whatever
    /// its newest slot holds, and never equals a plain key (whose newest slot is empty, a
    /// label up to 8, loose or finished).
    #[test]
    fn flagged_keys_decode_to_their_plain_keys() {
        let top = 15;
        // Slots lowest first: 1 2 15 2 13 0 ... and the newest slot varied.
        let base = normalise(0x000d_2f21u64);
        for newest in [EMPTY, 1, LOOSE, DONE] {
            let plain = normalise(with_slot(base, top, newest));
            let flagged = flag(plain, top);
            assert!(matches!(slot(flagged, top), 9 | 11 | 12 | 14), "{newest}");
            assert_eq!(decode(flagged, top), (plain, LOOSE), "{newest}");
        }
        // Unflagged: the label that appears once is the oldest's.
        assert_eq!(decode(0x2f21u64, top), (0x2f21, 1));
        assert_eq!(decode(0xd1_f1u64, top), (0xd1_f1, DONE));
    }

    /// Proves the colour rule on every state of every round of 5 x 5, 5 x 6, 6 x 5 and 6 x 6:
    /// the path ends of a state with no end of the tour placed sum to twice the placed squares'
    /// surplus of the corners' colour (a knight's path alternates colours), and those of a
    /// state with both ends placed to that less the ends' (none, or two on 5 x 5) — no state
    /// with both ends on one colour (on the other colour on 5 x 5) is kept. The counts are
    /// checked against the 128-bit programme elsewhere.
    #[test]
    fn every_state_keeps_the_colours_of_a_knights_path() {
        use crate::sweep::{Store, Sweep};
        use knightbits_board::Board;
        let dir = std::env::temp_dir();
        for (w, h) in [(5, 5), (5, 6), (6, 5), (6, 6)] {
            let board = Board::new(w, h).unwrap();
            let count = Sweep::<u64>::open_tours(board, None, 2, u64::MAX, &dir).unwrap();
            let colours = Order::new(w.min(h), w * h, true);
            let top = 2 * w.min(h) - 1;
            let (mut layer, mut sizes, mut seen) = (count.first(), Vec::new(), [0u64; 3]);
            while layer.round < count.rounds() {
                let c = colours.at(layer.round);
                let (next, _) = count.step(layer, &sizes).unwrap();
                layer = next;
                sizes.push(layer.states);
                let Store::Memory(blocks) = &layer.store else {
                    panic!("in memory")
                };
                let twice_surplus = c.want + if c.odd { 2 } else { 0 };
                for &[key, _] in blocks.iter().flat_map(|b| b.get()) {
                    if let Some(closed) = unmark(key) {
                        assert_eq!(c.ends_sum(oldest(closed), closed), c.want, "{key:x}");
                        seen[2] += 1;
                        continue;
                    }
                    let (x, o) = decode(key, top);
                    if slots_of(x, LOOSE) == 0 && o != LOOSE {
                        assert_eq!(c.ends_sum(o, x), twice_surplus, "{key:x}");
                        seen[0] += 1;
                    } else {
                        seen[1] += 1;
                    }
                }
            }
            assert!(seen.iter().all(|&n| n > 100), "{w}x{h}: {seen:?}");
        }
    }

    /// A key with both ends placed gives back its closed key, and is no key with fewer ends:
    /// it holds the code 10 once, in the first slot of label 1 (hand-made keys, slots lowest
    /// first), whether label 1 appears twice or once (its partner the oldest slot), and on
    /// the newest slot too; keys with fewer ends (plain, loose, flagged) are not taken for one.
    #[test]
    fn keys_with_both_ends_decode_to_their_closed_keys() {
        // Slots lowest first: . 1 15 2 1 2 → . 10 15 2 1 2.
        assert_eq!(mark(0x2_1_2_F_1_0u64), 0x2_1_2_F_A_0);
        // Label 1 once (the oldest is its partner): . 15 1 2 2 → . 15 10 2 2.
        assert_eq!(mark(0x2_2_1_F_0u64), 0x2_2_A_F_0);
        for closed in [
            0x2_1_2_F_1_0u64,
            0x2_2_1_F_0,
            0x1_F_F_F_F_F_F_F_F_F_F_F_F_F_F_0,
            1 << 60,
            0x3_2_1_3_2_1,
        ] {
            let marked = mark(closed);
            assert_eq!(slots_of(marked, BOTH_ENDS).count_ones(), 1, "{closed:x}");
            assert_eq!(
                slots_of(marked, 1).count_ones() + 1,
                slots_of(closed, 1).count_ones()
            );
            assert_eq!(unmark(marked), Some(closed), "{closed:x}");
            assert_ne!(marked, closed);
        }
        let top = 15;
        let plain = normalise(0x000d_2f21u64);
        for key in [
            0,
            plain,
            flag(plain, top),
            flag(with_slot(plain, top, 1), top),
        ] {
            assert_eq!(unmark(key), None, "{key:x}");
        }
    }

    /// In 128-bit keys the marks are in the word's last slot, whatever the labels: a key of
    /// ten labels (1 to 10, twice: codes a 64-bit key keeps for its marks) flagged with its
    /// newest slot at 17 or 19 decodes to itself with a loose oldest slot and is not taken for
    /// a key with both ends; marked, it gives back its closed key and differs from it in the
    /// last slot only; plain, its oldest slot is finished.
    #[test]
    fn wide_keys_mark_past_their_slots() {
        let plain = (0..20u32).fold(0u128, |x, j| with_slot(x, j, u64::from(j % 10 + 1)));
        for top in [17, 19] {
            let flagged = flag(plain, top);
            assert_eq!(decode(flagged, top), (plain, LOOSE));
            assert_eq!(unmark(flagged), None);
        }
        assert_eq!(decode(plain, 19), (plain, DONE));
        assert_eq!(unmark(plain), None);
        let marked = mark(plain);
        assert_eq!(unmark(marked), Some(plain));
        assert_eq!(marked ^ plain, u128::from(DONE) << 124);
    }
}
