//! Keys: a frontier state of a board in four-bit slots of a word (a `u64` up to 8 across, a
//! `u128` past: `word.rs`), and placing a square on it, slot by slot in a register.

use super::word::Word;
use crate::frontier::each_choice;

/// A slot with no edge yet.
pub(crate) const EMPTY: u64 = 0;
/// A slot with both its edges.
pub(crate) const DONE: u64 = 15;
/// The label of a path started by the square being placed (no normalised key uses it).
pub(crate) const FRESH: u64 = 14;
/// Open tours: a path end whose other end is already an end of the tour (closed keys never
/// hold it; renumbering keeps it, as it keeps empty and finished slots).
pub(crate) const LOOSE: u64 = 13;

/// `v` in every slot.
#[inline]
pub(crate) fn splat<K: Word>(v: u64) -> K {
    K::LOW.wrapping_mul(K::of(v))
}

/// Bit 0 of each slot of `x` that is 0.
#[inline]
pub(crate) fn zero_slots<K: Word>(x: K) -> K {
    !(x | x >> 1 | x >> 2 | x >> 3) & K::LOW
}

/// Bit 0 of each slot of `x` that holds `v`.
#[inline]
pub(crate) fn slots_of<K: Word>(x: K, v: u64) -> K {
    zero_slots(x ^ splat(v))
}

/// Slot `j` of `x`.
#[inline]
pub(crate) fn slot<K: Word>(x: K, j: u32) -> u64 {
    (x >> (4 * j)).low() & 15
}

/// `x` with slot `j` set to `v`.
#[inline]
pub(crate) fn with_slot<K: Word>(x: K, j: u32, v: u64) -> K {
    x & !(K::of(15) << (4 * j)) | K::of(v) << (4 * j)
}

/// `x` with every slot holding `from` set to `to`.
#[inline]
pub(crate) fn relabel<K: Word>(x: K, from: u64, to: u64) -> K {
    let m = slots_of(x, from).wrapping_mul(K::of(15));
    x & !m | splat::<K>(to) & m
}

/// `x` with its labels renumbered 1, 2, … in order of first appearance, lowest slot first
/// (empty, finished and loose slots kept): one state, one key.
#[inline]
pub(crate) fn normalise<K: Word>(x: K) -> K {
    let done = slots_of(x, DONE);
    let loose = slots_of(x, LOOSE);
    let mut todo = !zero_slots(x) & !done & !loose & K::LOW;
    let mut out = done.wrapping_mul(K::of(DONE)) | loose.wrapping_mul(K::of(LOOSE));
    let mut code = 1u64;
    while todo != K::ZERO {
        let v = slot(x >> todo.trailing_zeros(), 0);
        let m = slots_of(x, v);
        out |= splat::<K>(code) & m.wrapping_mul(K::of(15));
        todo &= !m;
        code += 1;
    }
    out
}

/// `x` turned over left to right: at the end of a row of a sweep `w` across, key slots
/// `0..w` and `w..2w` are the squares of the last two rows, each reversed here (labels not
/// renumbered; slots past `2w` kept).
#[inline]
pub(crate) fn turn_over<K: Word>(x: K, w: u32) -> K {
    if K::SLOTS == 16 && w == 8 {
        // Each half of sixteen slots reversed: bytes reversed, then the two slots of each byte.
        let b = x.low().swap_bytes();
        let n = (b >> 4 & 0x0f0f_0f0f_0f0f_0f0f) | (b & 0x0f0f_0f0f_0f0f_0f0f) << 4;
        return K::from_u128(u128::from(n.rotate_left(32))).unwrap_or(x);
    }
    let mut out = x;
    for j in 0..2 * w {
        let (row, f) = (j / w, j % w);
        out = with_slot(out, row * w + w - 1 - f, slot(x, j));
    }
    out
}

/// The oldest slot of a state with key `x`: the label that appears once (at most one does), or
/// finished when every label appears twice.
#[inline]
pub(crate) fn oldest<K: Word>(x: K) -> u64 {
    // Bit `c` of `odd` is set when code `c` appears an odd number of times; empty (0), loose
    // (13), fresh (14) and finished (15) slots are not labels.
    let mut odd = 0u32;
    let mut k = x;
    for _ in 0..K::SLOTS {
        odd ^= 1 << (k.low() & 15);
        k = k >> 4;
    }
    odd &= 0x1ffe;
    if odd == 0 {
        DONE
    } else {
        u64::from(odd.trailing_zeros())
    }
}

/// The key of a 128-bit [`Frontier`](crate::Frontier) state: its oldest slot dropped, labels renumbered.
#[cfg(test)]
pub(crate) fn key_of(state: u128) -> u64 {
    normalise((state >> 4) as u64)
}

/// The 128-bit frontier state of `key`, labels as the 128-bit programme numbers them.
#[cfg(test)]
pub(crate) fn state_of(key: u64) -> u128 {
    crate::frontier::encode_state(u128::from(key) << 4 | u128::from(oldest(key)))
}

/// Placing one square on keys: the 128-bit programme's step for closed tours, slot by slot in a
/// register. Slot `j` of the window (squares before the one placed, oldest 0) is slot `j - 1`
/// of the key; slot 0 is the key's [`oldest`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Place<K> {
    /// Window slots of the square's earlier neighbours, oldest first.
    pub(crate) back: [u32; 4],
    pub(crate) backs: usize,
    /// The key slot the placed square takes.
    pub(crate) top: u32,
    /// The oldest slot of the next window must be finished / must have an edge.
    finish_oldest: bool,
    start_oldest: bool,
    /// Key slots (bit 0 of each) that must be finished / must have an edge.
    finished: K,
    started: K,
    /// The key of a window with every slot finished.
    all_done: K,
    last: bool,
}

impl<K: Word> Place<K> {
    pub(crate) fn of(step: &crate::frontier::Step) -> Place<K> {
        Place::needing(step, step.rules.finished, step.rules.started)
    }

    /// The step of `step`'s square with the squares of window slots `finished` (bit `j` for
    /// slot `j` of the next window) finished and those of `started` started when it is placed:
    /// a closed tour's rules, or an open tour's for squares inside it.
    pub(crate) fn needing(step: &crate::frontier::Step, finished: u32, started: u32) -> Place<K> {
        let r = &step.rules;
        let spread = |mask: u32| {
            (1..r.cells).fold(K::ZERO, |m, j| {
                m | K::of(u64::from(mask >> j & 1)) << (4 * (j as u32 - 1))
            })
        };
        Place {
            back: step.back,
            backs: step.backs,
            top: r.cells as u32 - 2,
            finish_oldest: finished & 1 != 0,
            start_oldest: started & 1 != 0,
            finished: spread(finished),
            started: spread(started),
            all_done: spread(u32::MAX).wrapping_mul(K::of(15)),
            last: r.last,
        }
    }

    /// The least of key `x` and its image turned over left to right ([`turn_over`]), at the
    /// end of a row of a sweep `w` across; `x` itself if its oldest slot is unfinished.
    #[inline]
    pub(crate) fn canonical(x: K, w: u32) -> K {
        if oldest(x) != DONE {
            return x;
        }
        x.min(normalise(turn_over(x, w)))
    }

    /// The keys after placing the square from the state of key `x`, into `next`, and the
    /// number of ways it closes a tour.
    #[inline]
    pub(crate) fn expand(&self, x: K, next: &mut impl FnMut(K)) -> u32 {
        let o = oldest(x);
        let mut open = [0u32; 4];
        let opens = self.open_back(x, o, &mut open);
        let mut closed = 0u32;
        let choose = |picked: &[u32]| match self.place(x, o, picked) {
            Placed::Invalid => {}
            Placed::Closed => closed += 1,
            Placed::Key(k) => next(k),
        };
        // An unfinished oldest square leaves the window now: it takes an edge from this square.
        each_choice(&open[..opens], o != DONE, choose);
        closed
    }

    /// The window slots of the square's earlier neighbours that are not finished, into
    /// `open`, from the key `x` and its oldest slot `o`: how many.
    #[inline]
    pub(crate) fn open_back(&self, x: K, o: u64, open: &mut [u32; 4]) -> usize {
        let mut opens = 0;
        for &j in &self.back[..self.backs] {
            let v = if j == 0 { o } else { slot(x, j - 1) };
            if v != DONE {
                open[opens] = j;
                opens += 1;
            }
        }
        opens
    }

    /// Places the square with edges to the window slots `picked`, then moves the window on.
    #[inline]
    fn place(&self, mut x: K, mut o: u64, picked: &[u32]) -> Placed<K> {
        let mut me = EMPTY;
        let mut closes = false;
        for &j in picked {
            let u = if j == 0 { o } else { slot(x, j - 1) };
            let set = |x: K, o: &mut u64, v: u64| {
                if j == 0 {
                    *o = v;
                    x
                } else {
                    with_slot(x, j - 1, v)
                }
            };
            if me == EMPTY {
                if u == EMPTY {
                    x = set(x, &mut o, FRESH);
                    me = FRESH;
                } else {
                    x = set(x, &mut o, DONE);
                    me = u;
                }
            } else if u == EMPTY {
                x = set(x, &mut o, me);
                me = DONE;
            } else if u == me {
                x = set(x, &mut o, DONE);
                me = DONE;
                closes = true;
            } else {
                x = set(x, &mut o, DONE);
                // The far end of u's path now ends the joined path.
                x = relabel(x, u, me);
                if o == u {
                    o = me;
                }
                me = DONE;
            }
        }
        if o != DONE {
            return Placed::Invalid;
        }
        let (oldest, x) = self.move_on(x, me);
        if closes {
            return if self.completes(oldest, x) {
                Placed::Closed
            } else {
                Placed::Invalid
            };
        }
        if self.strands(oldest, x) {
            return Placed::Invalid;
        }
        Placed::Key(normalise(x))
    }

    /// Moves the window on past the placed square, whose slot holds `me`: key slot 0 becomes
    /// the oldest slot (returned) and the placed square the newest.
    #[inline]
    pub(crate) fn move_on(&self, x: K, me: u64) -> (u64, K) {
        (slot(x, 0), x >> 4 | K::of(me) << (4 * self.top))
    }

    /// Does a tour closed now cover the board: the last square, every slot finished?
    #[inline]
    pub(crate) fn completes(&self, oldest: u64, x: K) -> bool {
        self.last && oldest == DONE && x == self.all_done
    }

    /// Does the window moved on (oldest slot `oldest`, key `x`) hold a square that cannot get
    /// the edges it still needs?
    #[inline]
    pub(crate) fn strands(&self, oldest: u64, x: K) -> bool {
        (self.finish_oldest && oldest != DONE)
            || (self.start_oldest && oldest == EMPTY)
            || self.finished & !slots_of(x, DONE) != K::ZERO
            || self.started & zero_slots(x) != K::ZERO
    }
}

/// The outcome of placing a square.
pub(crate) enum Placed<K> {
    /// No tour continues this way.
    Invalid,
    /// The last square closed the tour.
    Closed,
    /// The next key.
    Key(K),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontier::Layer;
    use crate::{Frontier, Kind};
    use knightbits_board::Board;

    /// The 128-bit programme sweeping `w x h` with `across` squares across.
    fn frontier(w: u32, h: u32, across: u32) -> Frontier {
        Frontier::across(Board::new(w, h).unwrap(), Kind::Closed, across, None).unwrap()
    }

    /// Proves that keys and their expansion are the 128-bit programme's, state for state: on
    /// every state of every round of boards 5 to 8 across, the key gives back the state, and
    /// placing the square from the key gives the keys of the states the 128-bit step gives,
    /// each as often, and closes as many tours. A layer past 50,000 states is thinned to about
    /// 50,000 of them before the next round (every state's successors are states of the board
    /// all the same), so the large boards' late rounds, where tours close, are reached without
    /// stepping their layers of millions.
    #[test]
    fn keys_expand_as_the_128_bit_states_do() {
        const KEPT: usize = 50_000;
        for (w, h, across) in [
            (5, 6, 5),
            (6, 6, 6),
            (6, 7, 6),
            (7, 6, 7),
            (8, 4, 8),
            (8, 5, 8),
        ] {
            let f = frontier(w, h, across);
            let places: Vec<Place<u64>> = f.steps().iter().map(Place::of).collect();
            let mut layer = f.first();
            let mut seen = 0usize;
            while layer.round() < f.rounds() {
                let round = layer.round();
                for (s, _) in layer.states() {
                    let key = key_of(s.0);
                    assert_eq!(state_of(key), s.0, "{w}x{h} round {round}");
                    let mut want = Vec::new();
                    let closes = f.expand(round, s, 1, |n, _| want.push(key_of(n.0)));
                    let mut got = Vec::new();
                    let closed = places[round as usize].expand(key, &mut |k| got.push(k));
                    want.sort_unstable();
                    got.sort_unstable();
                    assert_eq!(got, want, "{w}x{h} round {round} state {:x}", s.0);
                    assert_eq!(u128::from(closed), closes, "{w}x{h} round {round}");
                    seen += 1;
                }
                layer = f.step(layer, 1).unwrap();
                if layer.len() > KEPT {
                    let every = (layer.len() / KEPT + 1) as u64;
                    let mut thin = Layer::new(layer.round(), layer.done());
                    for (s, ways) in layer.states().filter(|(s, _)| s.route() % every == 0) {
                        thin.add(s, ways).unwrap();
                    }
                    thin.pack();
                    layer = thin;
                }
            }
            assert!(seen > 1000, "{w}x{h}: {seen}");
        }
    }

    /// Turning over reverses the slots of each row, for every width: a hand-made key of
    /// distinct slot values goes to the slot the mirror image of its square takes, and
    /// turning over twice gives the key back.
    #[test]
    fn turning_over_reverses_each_row() {
        for w in 1..=8u32 {
            let x = (0..2 * w).fold(0u64, |x, j| with_slot(x, j, u64::from(j % 15 + 1)));
            let t = turn_over(x, w);
            for j in 0..2 * w {
                let (row, f) = (j / w, j % w);
                assert_eq!(slot(t, row * w + w - 1 - f), slot(x, j), "{w} {j}");
            }
            assert_eq!(turn_over(t, w), x, "{w}");
        }
    }

    /// Renumbering finds labels in order of first appearance and keeps empty and finished
    /// slots (a hand-made key: slots, lowest first, 7 . 15 3 7 3 → 1 . 15 2 1 2).
    #[test]
    fn normalise_numbers_labels_in_order() {
        let x = 0x3_7_3_F_0_7u64;
        assert_eq!(normalise(x), 0x2_1_2_F_0_1);
        assert_eq!(oldest(0x2_1_2_F_0_1u64), DONE);
        assert_eq!(oldest(0x2_1_F_0_1u64), 2);
    }

    /// In 128-bit keys, turning over reverses each row of boards 9 to 12 across and keeps the
    /// slots past `2w` (the last holds open keys' marks); renumbering finds twelve labels (hand
    /// made: 12 down to 1, twice, renumbered 1 to 12, twice) and the oldest slot of a key with
    /// one of them once is that label's.
    #[test]
    fn wide_keys_turn_over_and_renumber() {
        for w in 9..=12u32 {
            let x = (0..2 * w).fold(0u128, |x, j| with_slot(x, j, u64::from(j % 15 + 1)));
            let x = with_slot(x, 31, DONE);
            let t = turn_over(x, w);
            for j in 0..2 * w {
                let (row, f) = (j / w, j % w);
                assert_eq!(slot(t, row * w + w - 1 - f), slot(x, j), "{w} {j}");
            }
            assert_eq!(slot(t, 31), DONE);
            assert_eq!(turn_over(t, w), x, "{w}");
        }
        let x = (0..24u32).fold(0u128, |x, j| with_slot(x, j, u64::from(12 - j % 12)));
        let want = (0..24u32).fold(0u128, |x, j| with_slot(x, j, u64::from(j % 12 + 1)));
        assert_eq!(normalise(x), want);
        assert_eq!(oldest(want), DONE);
        assert_eq!(oldest(with_slot(want, 23, EMPTY)), 12);
    }
}
