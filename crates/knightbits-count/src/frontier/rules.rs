//! The rules of placing one square: which edges back it may take, and the state after.

use super::{DONE, EMPTY, ENDS, FRESH, MAX_WIDTH, SINGLE};

/// Placing one square: the frontier slots of its earlier neighbours and the rules.
#[derive(Clone, Debug)]
pub(crate) struct Step {
    pub(crate) back: [u32; 4],
    pub(crate) backs: usize,
    pub(crate) rules: Rules,
}

impl Step {
    /// The frontiers after placing the square from `state`, into `next`, and the ways of the
    /// tours closed.
    #[inline]
    pub(super) fn expand(
        &self,
        state: u128,
        ways: u128,
        next: &mut impl FnMut(u128, u128),
    ) -> u128 {
        let cells = self.rules.cells;
        // The state's nibbles, decoded once for every choice of edges.
        let mut a = [0u8; SLOTS];
        let mut rest = state;
        for slot in a.iter_mut().take(cells) {
            *slot = rest as u8 & 15;
            rest >>= 4;
        }
        let ends = (state >> ENDS) as u8 & 3;
        let mut closed: u128 = 0;
        let mut open = [0u32; 4];
        let mut opens = 0;
        for &j in &self.back[..self.backs] {
            if a[j as usize] != DONE {
                open[opens] = j;
                opens += 1;
            }
        }
        let choose = |picked: &[u32]| match place(a, ends, picked, &self.rules) {
            Place::Invalid => {}
            Place::Closed => closed = closed.saturating_add(ways),
            Place::State(s) => next(s, ways),
        };
        // Counting cycles, an unfinished oldest square leaves the frontier now: it takes an
        // edge from square i. Counting paths, it may leave with one edge, as an end.
        each_choice(&open[..opens], !self.rules.paths && a[0] != DONE, choose);
        closed
    }
}

/// Calls `choose` with every choice of edges from the square placed to the unfinished slots
/// `open` of its earlier neighbours (oldest first): none, one or two of them; only those with
/// slot 0 when `oldest_leaves` (the oldest square leaves unfinished and needs this edge).
#[inline]
pub(crate) fn each_choice(open: &[u32], oldest_leaves: bool, mut choose: impl FnMut(&[u32])) {
    if oldest_leaves {
        if let Some((&0, rest)) = open.split_first() {
            choose(&[0]);
            for &y in rest {
                choose(&[0, y]);
            }
        }
        return;
    }
    choose(&[]);
    for (x, &a) in open.iter().enumerate() {
        choose(&[a]);
        for &b in open.get(x + 1..).unwrap_or_default() {
            choose(&[a, b]);
        }
    }
}

/// The outcome of placing a square.
enum Place {
    /// No tour continues this way.
    Invalid,
    /// The last square closed the tour.
    Closed,
    /// The next frontier.
    State(u128),
}

/// What placing the current square must respect; masks have bit `j` for slot `j` of the next
/// window.
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    /// Counting paths rather than cycles?
    pub(super) paths: bool,
    /// Counting paths from a start: is this square the start (an end, one edge at most)?
    pub(crate) pin: bool,
    /// Does the start leave the frontier now?
    pub(crate) pin_leaves: bool,
    /// Counting paths: slots whose square has no neighbour after this one.
    pub(crate) lonely: u32,
    /// Counting paths: slots whose square has exactly one.
    pub(crate) single: u32,
    /// Squares in the frontier.
    pub(crate) cells: usize,
    /// Slots that must be finished.
    pub(crate) finished: u32,
    /// Slots that must have an edge.
    pub(crate) started: u32,
    /// Is this the last square?
    pub(crate) last: bool,
}

/// Room for the widest window: `2 * MAX_WIDTH + 1` slots.
const SLOTS: usize = 2 * MAX_WIDTH as usize + 1;

/// Replaces label `from` by `to` in the first `cells` slots.
#[inline]
fn relabel(a: &mut [u8; SLOTS], cells: usize, from: u8, to: u8) {
    for c in a.iter_mut().take(cells) {
        if *c == from {
            *c = to;
        }
    }
}

/// Moves the window on (slot `j + 1` becomes slot `j`, the new square the last slot) and
/// returns the bits of the slots that are finished and that are empty.
#[inline]
fn slide(a: &mut [u8; SLOTS], cells: usize, me: u8) -> (u32, u32) {
    a.copy_within(1..cells, 0);
    a[cells - 1] = me;
    let (mut done, mut empty) = (0u32, 0u32);
    for (t, &c) in a.iter().take(cells).enumerate() {
        done |= u32::from(c == DONE) << t;
        empty |= u32::from(c == EMPTY) << t;
    }
    (done, empty)
}

/// The state of slots `a`: path labels renumbered in order of first appearance (`SINGLE`
/// kept), four bits a slot.
#[inline]
fn encode(a: &[u8; SLOTS], cells: usize) -> u128 {
    // Codes four bits each in a register (no stores for the next slot to wait on), without
    // branches, as labels are random: `assigned` has bit `c` once nibble `c` has its code.
    let mut assigned: u32 = 1 << EMPTY | 1 << DONE | 1 << SINGLE;
    let mut map: u64 = u64::from(DONE) << (4 * DONE) | u64::from(SINGLE) << (4 * SINGLE);
    let mut labels = 0u64;
    let mut code = |c: u8| {
        let c = u32::from(c & 15);
        let new = u64::from(!assigned >> c & 1);
        labels += new;
        map |= (labels * new) << (4 * c);
        assigned |= 1 << c;
        map >> (4 * c) & 15
    };
    // Sixteen slots to a u64 half, each half in a register.
    let (low, high) = a[..cells].split_at(cells.min(16));
    let mut lo = 0u64;
    for (t, &c) in low.iter().enumerate() {
        lo |= code(c) << (4 * t);
    }
    let mut hi = 0u64;
    for (t, &c) in high.iter().enumerate() {
        hi |= code(c) << (4 * t);
    }
    u128::from(lo) | u128::from(hi) << 64
}

/// `state` (at most 17 slots) with its labels renumbered as the programme numbers them.
#[cfg(test)]
pub(crate) fn encode_state(state: u128) -> u128 {
    let mut a = [0u8; SLOTS];
    for (j, slot) in a.iter_mut().take(17).enumerate() {
        *slot = (state >> (4 * j)) as u8 & 15;
    }
    encode(&a, 17)
}

/// Places the next square with edges to the frontier slots `picked`, then moves the window on.
#[inline]
fn place(mut a: [u8; SLOTS], ends: u8, picked: &[u32], rules: &Rules) -> Place {
    if rules.paths {
        return place_path(a, ends, picked, rules);
    }
    let cells = rules.cells;
    let mut me = EMPTY;
    let mut closes = false;
    for &j in picked {
        let j = j as usize;
        if let Some(now) = first_or_open(&mut a, j, me) {
            me = now;
            continue;
        }
        let u = a[j];
        if u == me {
            a[j] = DONE;
            me = DONE;
            closes = true;
        } else {
            a[j] = DONE;
            // The far end of u's path now ends the joined path.
            relabel(&mut a, cells, u, me);
            me = DONE;
        }
    }
    if a[0] != DONE {
        return Place::Invalid;
    }
    let (done, empty) = slide(&mut a, cells, me);
    if closes {
        return whole(rules, done);
    }
    // Squares that cannot get the edges they still need.
    if rules.finished & !done != 0 || rules.started & empty != 0 {
        return Place::Invalid;
    }
    Place::State(encode(&a, cells))
}

/// A path this square closes is a tour when the square is the last and every frontier square
/// (`done`) is finished; anything else is no tour.
#[inline]
fn whole(rules: &Rules, done: u32) -> Place {
    if rules.last && done == (1 << rules.cells) - 1 {
        Place::Closed
    } else {
        Place::Invalid
    }
}

/// An edge from the square placed (labelled `me` so far) to slot `j`, when it joins no two
/// paths: the square's first edge (a fresh path, or extending the path ending at `j`), or a
/// second edge to a slot with none (which then ends the path). The square's label after it, or
/// `None` when both ends already belong to paths.
#[inline]
fn first_or_open(a: &mut [u8; SLOTS], j: usize, me: u8) -> Option<u8> {
    let u = a[j];
    if me == EMPTY {
        a[j] = if u == EMPTY { FRESH } else { DONE };
        Some(if u == EMPTY { FRESH } else { u })
    } else if u == EMPTY {
        a[j] = me;
        Some(DONE)
    } else {
        None
    }
}

/// [`place`] when counting Hamiltonian paths: a square may keep one edge and end the tour (at
/// most two do); the path closes on the last square only, covering every square.
#[inline]
fn place_path(mut a: [u8; SLOTS], ends: u8, picked: &[u32], rules: &Rules) -> Place {
    let cells = rules.cells;
    let mut ends = ends;
    let mut me = EMPTY;
    let mut complete = false;
    if rules.pin && picked.len() > 1 {
        return Place::Invalid;
    }
    for &j in picked {
        let j = j as usize;
        if let Some(now) = first_or_open(&mut a, j, me) {
            me = now;
            continue;
        }
        let u = a[j];
        if u == me && me != SINGLE {
            return Place::Invalid;
        } else {
            a[j] = DONE;
            if u == SINGLE && me == SINGLE {
                complete = true;
            } else if u == SINGLE {
                relabel(&mut a, cells, me, SINGLE);
            } else if me == SINGLE {
                relabel(&mut a, cells, u, SINGLE);
            } else {
                relabel(&mut a, cells, u, me);
            }
            me = DONE;
        }
    }
    if rules.pin {
        // The start ends the tour at once: with no edge yet, it is a path of one square whose
        // other end (itself) ends the tour, and its one edge will finish it.
        ends += 1;
        match me {
            EMPTY => me = SINGLE,
            SINGLE => {
                complete = true;
                me = DONE;
            }
            l => {
                relabel(&mut a, cells, l, SINGLE);
                me = DONE;
            }
        }
    }
    // The oldest square leaves the frontier: with one edge it ends the tour.
    match a[0] {
        DONE => {}
        EMPTY => return Place::Invalid,
        // The start leaving without its edge.
        SINGLE if rules.pin_leaves => return Place::Invalid,
        SINGLE => {
            complete = true;
            ends += 1;
        }
        l => {
            ends += 1;
            relabel(&mut a, cells, l, SINGLE);
            if me == l {
                me = SINGLE;
            }
        }
    }
    if ends > 2 {
        return Place::Invalid;
    }
    let (done, empty) = slide(&mut a, cells, me);
    if complete {
        return whole(rules, done);
    }
    if rules.started & empty != 0 {
        return Place::Invalid;
    }
    // Squares that can only end the tour: unstarted ones with one later neighbour, started
    // unfinished ones with none.
    let unfinished = !done & !empty;
    let forced = (empty & rules.single).count_ones() + (unfinished & rules.lonely).count_ones();
    if u32::from(ends) + forced > 2 {
        return Place::Invalid;
    }
    if rules.last {
        // The ends still in the frontier finish the tour: one path, two ends in all.
        let (mut singles, mut labelled, mut label) = (0, 0, 0);
        for &c in a.iter().take(cells) {
            match c {
                DONE => {}
                SINGLE => singles += 1,
                l => {
                    if labelled > 0 && l != label {
                        return Place::Invalid;
                    }
                    labelled += 1;
                    label = l;
                }
            }
        }
        let one_path = (ends == 0 && singles == 0 && labelled == 2)
            || (ends == 1 && singles == 1 && labelled == 0);
        return if one_path {
            Place::Closed
        } else {
            Place::Invalid
        };
    }
    Place::State(encode(&a, cells) | u128::from(ends) << ENDS)
}
