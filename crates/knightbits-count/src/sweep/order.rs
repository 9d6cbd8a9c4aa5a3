//! The squares of a sweep of open tours, in the order they are placed: the rules of the tour's
//! ends in each round (the board's half turn), the colours the ends must have, and the squares
//! ahead that may be short of edges.

use super::key::{DONE, EMPTY, slots_of, zero_slots};
use super::word::{WIDE_WIDTH, Word};

/// The squares of a sweep `w` across, `n` squares in all, in the order they are placed: their
/// colours (+1 the corners', -1 the other) and their neighbours.
pub(crate) struct Order {
    pub(crate) w: u32,
    n: u32,
    /// The tours are counted from every square, so turning the board half round (square `i`
    /// to square `n - 1 - i`, the sweep backwards) maps the tours counted onto themselves.
    turn: bool,
}

/// The rules of a round on the ends of a tour ([`Order::halves`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ends {
    /// The first end of a tour may be placed now.
    pub(crate) first: bool,
    /// A state with no end of the tour placed outlives this round.
    pub(crate) keep_none: bool,
    /// A tour whose second end is placed now counts twice.
    pub(crate) twice: bool,
    /// An end of the tour may be placed now: not in the rows a split count places for their
    /// edges back across the cut only (`split.rs`).
    pub(crate) any: bool,
}

/// What placing a square needs to know of colours: the colour of the square and of the
/// squares of the next window, and what the ends of the window must sum to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Colouring<K> {
    /// The square placed is of the corners' colour.
    pub(crate) corner: bool,
    /// Bit 0 of each key slot of the next window whose square is of the corners' colour / of
    /// the other (squares off the board in neither).
    light: K,
    dark: K,
    /// The colour of the next window's oldest square (0 off the board).
    oldest: i32,
    /// The sum the colours of the window's path ends must have once both ends of the tour are
    /// placed: twice the placed squares' surplus of the corners' colour, less the two tour
    /// ends' colours (none on a board with as many of each, both the corners' on an odd one).
    pub(crate) want: i32,
    /// The board has an odd number of squares: every end is of the corners' colour.
    pub(crate) odd: bool,
}

impl Order {
    /// The sweep of `n` squares `w` across; `turn` when the tours' ends are free (no start
    /// given).
    pub(crate) fn new(w: u32, n: u32, turn: bool) -> Order {
        Order { w, n, turn }
    }

    /// Halves of the board by the half turn: the rules of ends in round `i`.
    ///
    /// The half turn maps a tour with ends placed in rounds `a < b` onto one with ends in
    /// rounds `n - 1 - b < n - 1 - a`. So the tours whose first end comes after the middle
    /// square (`a >= n - n / 2`) are the images of those whose second end comes before it
    /// (`b < n / 2`): those count twice and the first are not counted, which leaves the states
    /// of the last half with the first end of the tour placed in the first.
    pub(crate) fn halves(&self, i: u32) -> Ends {
        if !self.turn {
            return Ends {
                first: true,
                keep_none: true,
                twice: false,
                any: true,
            };
        }
        let first_before = self.n - self.n / 2;
        Ends {
            first: i < first_before,
            keep_none: i + 1 < first_before,
            twice: i < self.n / 2,
            any: true,
        }
    }

    /// The squares of the sweep that neighbour square `sq`.
    fn neighbours(&self, sq: i64) -> impl Iterator<Item = i64> + use<> {
        let (w, h) = (i64::from(self.w), i64::from(self.n / self.w.max(1)));
        let (f, r) = (sq % w.max(1), sq / w.max(1));
        [
            (1, 2),
            (-1, 2),
            (2, 1),
            (-2, 1),
            (1, -2),
            (-1, -2),
            (2, -1),
            (-2, -1),
        ]
        .into_iter()
        .map(move |(df, dr)| (f + df, r + dr))
        .filter(move |&(f, r)| (0..w).contains(&f) && (0..h).contains(&r))
        .map(move |(f, r)| r * w + f)
    }

    /// The squares after round `i` that may be short of edges: those with at most one
    /// neighbour not placed yet (all their placed ones are in the next window).
    pub(crate) fn ahead<K: Word>(&self, i: u32) -> Ahead<K> {
        let k = 2 * i64::from(self.w) + 1;
        let i = i64::from(i);
        let mut ahead = Ahead {
            squares: [Short::default(); MAX_AHEAD],
            len: 0,
        };
        // Squares further on have no neighbour placed.
        for q in (i + 1)..(i + 1 + k).min(i64::from(self.n)) {
            let mut short = Short {
                unplaced: 0,
                corner: self.of(q) == 1,
                ..Short::default()
            };
            for p in self.neighbours(q) {
                if p > i {
                    short.unplaced += 1;
                } else if p == i + 1 - k {
                    short.oldest = true;
                } else {
                    // Key slot j of the next window: square i + 2 - k + j.
                    short.slots |= K::of(1) << (4 * (p - (i + 2 - k))) as u32;
                }
            }
            if short.unplaced <= 1
                && let Some(s) = ahead.squares.get_mut(ahead.len)
            {
                *s = short;
                ahead.len += 1;
            }
        }
        ahead
    }

    /// The colour of square `sq` of the sweep (0 before the board).
    fn of(&self, sq: i64) -> i32 {
        if sq < 0 || self.w == 0 {
            return 0;
        }
        let w = i64::from(self.w);
        if (sq % w + sq / w) % 2 == 0 { 1 } else { -1 }
    }

    /// The colouring of round `i` (square `i` placed).
    pub(crate) fn at<K: Word>(&self, i: u32) -> Colouring<K> {
        let k = 2 * i64::from(self.w) + 1;
        let i = i64::from(i);
        let surplus: i32 = (0..=i).map(|sq| self.of(sq)).sum();
        let odd = self.n % 2 == 1;
        let (mut light, mut dark) = (K::ZERO, K::ZERO);
        // Key slot j of the next window: square i + 2 - k + j.
        for j in 0..(k - 1).min(i64::from(K::SLOTS)) {
            match self.of(i + 2 - k + j) {
                1 => light |= K::of(1) << (4 * j) as u32,
                -1 => dark |= K::of(1) << (4 * j) as u32,
                _ => {}
            }
        }
        Colouring {
            corner: self.of(i) == 1,
            light,
            dark,
            oldest: self.of(i + 1 - k),
            want: 2 * surplus - if odd { 2 } else { 0 },
            odd,
        }
    }
}

/// The most squares [`Ahead`] holds: a window of the widest board swept.
const MAX_AHEAD: usize = 2 * WIDE_WIDTH as usize + 1;

/// A square not placed yet with at most one neighbour not placed either: it gets its edges
/// from the window's unfinished squares among `slots` (and the oldest), or that neighbour.
#[derive(Clone, Copy, Debug, Default)]
struct Short<K> {
    /// Bit 0 of each key slot of the next window whose square neighbours it.
    slots: K,
    /// The next window's oldest square neighbours it.
    oldest: bool,
    /// Its neighbours not placed yet: 0 or 1.
    unplaced: u32,
    /// It is of the corners' colour.
    corner: bool,
}

/// The squares ahead of a round that may be short of edges.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ahead<K> {
    squares: [Short<K>; MAX_AHEAD],
    len: usize,
}

impl<K: Word> Ahead<K> {
    /// Can the squares ahead still get their edges from the window moved on (oldest slot
    /// `oldest`, key `x`) with `ends` ends of the tour placed? A square that can get one edge
    /// at most must be an end (on the corners' colour on a board with an odd number of
    /// squares), one that can get none cannot be covered, and there are two ends in all.
    #[inline]
    pub(crate) fn feasible(&self, oldest: u64, x: K, ends: u32, odd: bool) -> bool {
        if self.len == 0 {
            return true;
        }
        let open = !slots_of(x, DONE) & K::LOW;
        let mut ends = ends;
        for s in self.squares.get(..self.len).unwrap_or_default() {
            let edges =
                (open & s.slots).count_ones() + u32::from(s.oldest && oldest != DONE) + s.unplaced;
            if edges >= 2 {
                continue;
            }
            if edges == 0 || (odd && !s.corner) {
                return false;
            }
            ends += 1;
            if ends > 2 {
                return false;
            }
        }
        true
    }
}

impl<K: Word> Colouring<K> {
    /// The colours of the path ends of the window moved on (oldest slot `oldest`, key `x`),
    /// summed: each path end once, each square with no edge twice.
    #[inline]
    pub(crate) fn ends_sum(&self, oldest: u64, x: K) -> i32 {
        let empty = zero_slots(x);
        let ends = !(empty | slots_of(x, DONE)) & K::LOW;
        let count = |m: K| m.count_ones() as i32;
        let sum = 2 * (count(empty & self.light) - count(empty & self.dark))
            + count(ends & self.light)
            - count(ends & self.dark);
        let weight = match oldest {
            DONE => 0,
            EMPTY => 2,
            _ => 1,
        };
        sum + weight * self.oldest
    }
}
