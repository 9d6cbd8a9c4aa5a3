//! Keys of open tours: a frontier state of Hamiltonian paths on a board up to 8 wide in 64
//! bits, and placing a square on it.
//!
//! The slots are the closed keys' (empty, finished, path labels 1 to 8 in order of first
//! appearance) and one more code, [`LOOSE`]: a path end whose other end is an end of the tour,
//! or a square placed as an end of the tour that has no edge yet (a path of one square; both
//! need exactly one more edge, so they are one code). Each square is placed inside the tour or
//! as one of its two ends, so every square's needs are known, and the closed keys' rules
//! (squares that cannot get the edges they need) prune as they do for closed tours. The number
//! of ends placed is the number of loose slots, so it needs no field of its own; two loose ends
//! joined complete the tour.
//!
//! As in closed keys, the oldest of the 17 slots is left out: it is finished, or the one label
//! that appears once in the other 16, or loose. Loose is the one case the other slots cannot
//! tell, so it is written into the newest slot, which then takes a code no plain key uses
//! ([`flag`]): empty 11, finished 14, loose 12, and any label 9 (the label that appears once
//! among the slots below it, as the oldest holds none).

use super::Key;
use super::key::{DONE, EMPTY, FRESH, LOW, relabel, slot, slots_of, with_slot, zero_slots};
use crate::count::frontier::each_choice;

/// A path end whose other end is already an end of the tour.
pub(super) const LOOSE: u64 = 13;

/// Codes of the newest slot of a key whose oldest slot is loose.
const FLAG_LABEL: u64 = 9;
const FLAG_EMPTY: u64 = 11;
const FLAG_LOOSE: u64 = 12;
const FLAG_DONE: u64 = 14;

/// `x` with its labels renumbered 1, 2, … in order of first appearance, lowest slot first
/// (empty, finished and loose slots kept).
#[inline]
pub(super) const fn normalise(x: u64) -> u64 {
    let done = slots_of(x, DONE);
    let loose = slots_of(x, LOOSE);
    let mut todo = !zero_slots(x) & !done & !loose & LOW;
    let mut out = done.wrapping_mul(DONE) | loose.wrapping_mul(LOOSE);
    let mut code = 1u64;
    while todo != 0 {
        let v = x >> todo.trailing_zeros() & 15;
        let m = slots_of(x, v);
        out |= code.wrapping_mul(LOW) & m.wrapping_mul(15);
        todo &= !m;
        code += 1;
    }
    out
}

/// The label that appears an odd number of times among the slots of `x` (at most one does),
/// or finished when none does.
#[inline]
fn odd_label(x: u64) -> u64 {
    let mut odd = 0u32;
    let mut k = x;
    for _ in 0..16 {
        odd ^= 1 << (k & 15);
        k >>= 4;
    }
    // Labels only: not empty (0), loose (13), fresh (14) or finished (15).
    odd &= 0x1ffe;
    if odd == 0 {
        DONE
    } else {
        u64::from(odd.trailing_zeros())
    }
}

/// The normalised key `x` marked as having a loose oldest slot: its newest slot `top` recoded.
#[inline]
pub(super) fn flag(x: Key, top: u32) -> Key {
    let code = match slot(x, top) {
        EMPTY => FLAG_EMPTY,
        LOOSE => FLAG_LOOSE,
        DONE => FLAG_DONE,
        _ => FLAG_LABEL,
    };
    with_slot(x, top, code)
}

/// The plain key and the oldest slot of key `x` whose newest slot is `top`.
#[inline]
pub(super) fn decode(x: Key, top: u32) -> (Key, u64) {
    let plain = match slot(x, top) {
        FLAG_EMPTY => with_slot(x, top, EMPTY),
        FLAG_LOOSE => with_slot(x, top, LOOSE),
        FLAG_DONE => with_slot(x, top, DONE),
        FLAG_LABEL => {
            let below = with_slot(x, top, EMPTY);
            with_slot(below, top, odd_label(below))
        }
        _ => return (x, odd_label(x)),
    };
    (plain, LOOSE)
}

/// Placing one square on open-tour keys, slot by slot in a register. Every square is placed
/// either inside the tour (it needs two edges, as in closed tours, and the closed keys' rules
/// hold for it) or as one of its two ends (it needs one: with no edge back it is a loose path
/// of one square; with one, the far end of that path turns loose). Masks have bit 0 of each key
/// slot (slot `j` of the next window is key slot `j - 1`); the oldest slot of the next window has
/// flags of its own.
#[derive(Clone, Copy, Debug)]
pub(super) struct PathPlace {
    back: [u32; 4],
    backs: usize,
    /// The key slot the placed square takes.
    top: u32,
    /// This square is the start of the tours counted from one square: an end.
    pin: bool,
    /// Key slots (bit 0 of each) that must be finished / must have an edge: squares with no
    /// later neighbour, and with at most one.
    finished: u64,
    started: u64,
    /// The oldest slot of the next window must be finished / must have an edge.
    finish_oldest: bool,
    start_oldest: bool,
    /// The key of a window with every slot finished.
    all_done: u64,
    last: bool,
}

impl PathPlace {
    pub(super) fn of(step: &crate::count::frontier::Step) -> PathPlace {
        let r = &step.rules;
        let spread = |mask: u32| {
            (1..r.cells).fold(0u64, |m, j| m | u64::from(mask >> j & 1) << (4 * (j - 1)))
        };
        // As for closed tours: no later neighbour, at most one.
        let (finished, started) = (r.lonely, r.lonely | r.single);
        PathPlace {
            back: step.back,
            backs: step.backs,
            top: r.cells as u32 - 2,
            pin: r.pin,
            finished: spread(finished),
            started: spread(started),
            finish_oldest: finished & 1 != 0,
            start_oldest: started & 1 != 0,
            all_done: spread(u32::MAX).wrapping_mul(15),
            last: r.last,
        }
    }

    /// The keys after placing the square from the state of key `key`, into `next`, and the
    /// number of ways it completes a tour.
    #[inline]
    pub(super) fn expand(&self, key: Key, next: &mut impl FnMut(Key)) -> u32 {
        let (x, o) = decode(key, self.top);
        // Each end of the tour placed so far leaves one loose slot.
        let ends = slots_of(x, LOOSE).count_ones() + u32::from(o == LOOSE);
        let mut open = [0u32; 4];
        let mut opens = 0;
        for &j in &self.back[..self.backs] {
            let v = if j == 0 { o } else { slot(x, j - 1) };
            if v != DONE {
                open[opens] = j;
                opens += 1;
            }
        }
        let mut closed = 0u32;
        let mut try_place = |picked: &[u32], end: bool| match self.place(x, o, ends, picked, end) {
            Placed::Invalid => {}
            Placed::Complete => closed += 1,
            Placed::Key(k) => next(k),
        };
        // The oldest square leaves the window now: unfinished, it takes an edge from this one.
        each_choice(&open[..opens], o != DONE, |picked| {
            if !self.pin {
                try_place(picked, false);
            }
            if picked.len() <= 1 && ends < 2 {
                try_place(picked, true);
            }
        });
        closed
    }

    /// Places the square with edges to the window slots `picked`, as an end of the tour or
    /// inside it, then moves the window on.
    #[inline]
    fn place(&self, mut x: Key, mut o: u64, mut ends: u32, picked: &[u32], end: bool) -> Placed {
        let mut me = EMPTY;
        let mut complete = false;
        // Every slot holding `from` (the oldest too) set to `to`.
        let swap = |x: &mut Key, o: &mut u64, from: u64, to: u64| {
            *x = relabel(*x, from, to);
            if *o == from {
                *o = to;
            }
        };
        for &j in picked {
            let u = if j == 0 { o } else { slot(x, j - 1) };
            let set = |x: &mut Key, o: &mut u64, v: u64| {
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
        // Move the window on: key slot 0 becomes the oldest slot.
        let oldest = slot(x, 0);
        let x = x >> 4 | me << (4 * self.top);
        if complete {
            return if self.last && oldest == DONE && x == self.all_done {
                Placed::Complete
            } else {
                Placed::Invalid
            };
        }
        // Squares that cannot get the edges they still need (a loose one needs one).
        if (self.finish_oldest && oldest != DONE)
            || (self.start_oldest && oldest == EMPTY)
            || self.finished & !slots_of(x, DONE) != 0
            || self.started & zero_slots(x) != 0
        {
            return Placed::Invalid;
        }
        let key = normalise(x);
        if oldest == LOOSE {
            Placed::Key(flag(key, self.top))
        } else {
            Placed::Key(key)
        }
    }
}

/// The outcome of placing a square.
enum Placed {
    /// No tour continues this way.
    Invalid,
    /// The last square completed a tour.
    Complete,
    /// The next key.
    Key(Key),
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
        let base = normalise(0x000d_2f21);
        for newest in [EMPTY, 1, LOOSE, DONE] {
            let plain = normalise(with_slot(base, top, newest));
            let flagged = flag(plain, top);
            assert!(matches!(slot(flagged, top), 9 | 11 | 12 | 14), "{newest}");
            assert_eq!(decode(flagged, top), (plain, LOOSE), "{newest}");
        }
        // Unflagged: the label that appears once is the oldest's.
        assert_eq!(decode(0x2f21, top), (0x2f21, 1));
        assert_eq!(decode(0xd1_f1, top), (0xd1_f1, DONE));
    }
}
