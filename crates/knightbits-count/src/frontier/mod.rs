//! Undirected closed tours (and undirected paths) by a frontier (transfer-matrix) dynamic
//! programme, one round per square.
//!
//! The board is laid with its shorter side `w` across and swept square by square, rank by rank.
//! A knight edge spans at most two ranks, so when square `i` is placed its earlier neighbours
//! are all among the `2w + 1` squares before it: the frontier. A state records, for each
//! frontier square, how many tour edges it has so far: none, two (finished), or one, in which
//! case it is an end of a path of chosen edges and the state says which other frontier square is
//! that path's other end (ends carry the same label, labels numbered in order of appearance).
//! Placing a square chooses zero, one or two edges back to unfinished frontier squares, joining
//! paths; a square leaving the frontier must be finished. Joining the two ends of one path closes
//! a cycle, which counts only on the last square with every square finished. Each undirected
//! cycle is one set of edges, so it is counted once.
//!
//! A state is a `u128`: four bits a frontier square (17 squares on a board 8 wide), two bits at
//! [`ENDS`] for the tour ends already placed when counting paths, and a marker bit.

mod checkpoint;
mod estimate;
mod exchange;
mod job;
mod layer;
mod rules;

pub(crate) use self::job::FrontierCount;
pub use self::layer::{Layer, State};
use self::rules::Rules;
#[cfg(test)]
pub(crate) use self::rules::encode_state;
pub(crate) use self::rules::{Step, each_choice};

use super::error::CountError;
use super::method::Kind;
#[cfg(test)]
use super::report::Progress;
use knightbits_board::{Board, Coord};
use std::vec::Vec;

/// The widest shorter side: a frontier of `2w + 1` squares at four bits each below [`ENDS`].
pub(crate) const MAX_WIDTH: u32 = 12;

/// A frontier square with no edge yet.
pub(super) const EMPTY: u8 = 0;
/// A frontier square with both its edges.
pub(super) const DONE: u8 = 15;
/// A label no normalised state uses (they use at most 12).
pub(super) const FRESH: u8 = 14;
/// Counting paths: an end of a partial path whose other end is already an end of the tour.
pub(super) const SINGLE: u8 = 13;
/// Counting paths: where a state keeps how many ends of the tour have left the frontier.
pub(super) const ENDS: u32 = 120;
/// A marker bit on states, so that no state is 0 (a free table slot).
pub(super) const MARK: u128 = 1 << 127;

/// The rounds of a count's 128-bit frontier programme, for a driver that runs them itself:
/// `knightbits-dist` runs them on workers across processes, exchanging each new [`State`] (an
/// opaque key with its [`State::route`]) with its ways to the worker that sums it. Obtained
/// from a count only ([`Count::frontier`](super::Count::frontier));
/// [`Count::run`](super::Count::run) runs the same rounds on threads of this process.
///
/// There are [`Frontier::rounds`] rounds, one per square. Round `r` takes the [`Layer`] before
/// it (from [`Frontier::first`] for round 0) to the next: each state with its ways is
/// expanded ([`Frontier::expand`]) into new states, added into the next layer (made by
/// [`Frontier::empty`]), and the ways of the tours it finishes; [`Frontier::tours`] turns those
/// ways, summed, into the count. Layers are written and read in parts, one a worker
/// ([`Frontier::save_part`], [`Frontier::resume_part`]).
///
/// ```
/// use knightbits_board::Board;
/// use knightbits_count::Count;
/// let count = Count::closed(Board::new(6, 6).unwrap()).unwrap();
/// let f = count.frontier().unwrap();
/// let (mut layer, mut finished) = (f.first(), 0);
/// for round in 0..f.rounds() {
///     let mut next = f.empty(round + 1);
///     for (state, ways) in layer.states() {
///         finished += f.expand(round, state, ways, |s, w| next.add(s, w).unwrap());
///     }
///     layer = next;
/// }
/// assert_eq!(f.tours(finished + f.first().done()), Ok(9862)); // OEIS A001230
/// ```
#[derive(Clone, Debug)]
pub struct Frontier {
    board: Board,
    kind: Kind,
    /// Counting the open tours from one square: its index in the sweep.
    start: Option<u32>,
    steps: Vec<Step>,
    /// Squares in the frontier window.
    cells: u32,
}

impl Frontier {
    /// The programme for `board`; its shorter side must be at most [`super::MAX_CLOSED_WIDTH`].
    pub(crate) fn new(board: Board, kind: Kind) -> Result<Frontier, CountError> {
        let w = board.width().min(board.height());
        Frontier::across(board, kind, w, None)
    }

    /// The programme counting the directed open tours of `board` from `start` (kind
    /// [`Kind::Open`]): the undirected paths with one end pinned to `start`, which then has
    /// one edge only.
    #[cfg(test)]
    pub(crate) fn open_from(board: Board, start: Coord) -> Result<Frontier, CountError> {
        if !board.contains(start) {
            return Err(CountError::StartOffBoard);
        }
        let w = board.width().min(board.height());
        Frontier::across(board, Kind::Open, w, Some(start))
    }

    /// The programme sweeping `board` with `w` squares across (one of its sides): the knight
    /// graphs of `w x h` and `h x w` are the same, so the counts are too. Open tours from
    /// `start` when given (on the board).
    pub(crate) fn across(
        board: Board,
        kind: Kind,
        w: u32,
        start: Option<Coord>,
    ) -> Result<Frontier, CountError> {
        let h = board.len() / w;
        if w > MAX_WIDTH {
            return Err(CountError::TooWide { limit: MAX_WIDTH });
        }
        let paths = kind == Kind::Open;
        // The start's index in the sweep: files across when the board is `w` wide.
        let start = start.map(|c| {
            let (f, r) = (u32::from(c.file), u32::from(c.rank));
            if board.width() == w {
                r * w + f
            } else {
                f * w + r
            }
        });
        let n = w * h;
        let k = 2 * w + 1;
        let cells = k as usize;
        let mut steps = Vec::with_capacity(n as usize);
        for i in 0..n {
            let (f, r) = (i % w, i / w);
            let last = i + 1 == n;
            // Window slots of the earlier neighbours of square i.
            let mut back = [0u32; 4];
            let mut backs = 0;
            for (df, dr) in [(-1i32, 2i32), (1, 2), (-2, 1), (2, 1)] {
                let (ff, rr) = (f as i32 + df, r as i32 - dr);
                if ff >= 0 && ff < w as i32 && rr >= 0 {
                    // i minus the neighbour's index.
                    let d = (dr * w as i32 - df) as u32;
                    back[backs] = k - d;
                    backs += 1;
                }
            }
            // Slots of the next window whose square has no neighbour after square i (it must be
            // finished) or at most one (it must have an edge already).
            let (mut finished, mut started) = (0u32, 0u32);
            // Counting paths: slots whose square has no later neighbour, or exactly one.
            let (mut lonely, mut single) = (0u32, 0u32);
            for j in 0..cells {
                let sq = i as i64 + 1 - k as i64 + j as i64;
                if sq < 0 {
                    continue;
                }
                let (sf, sr) = ((sq % w as i64) as i32, (sq / w as i64) as i32);
                let later = [(1i32, 2i32), (-1, 2), (2, 1), (-2, 1)]
                    .iter()
                    .filter(|&&(df, dr)| {
                        let (tf, tr) = (sf + df, sr + dr);
                        tf >= 0
                            && tf < w as i32
                            && (tr as u32) < h
                            && (tr * w as i32 + tf) as u32 > i
                    })
                    .count();
                if later == 0 {
                    lonely |= 1 << j;
                }
                if later == 1 {
                    single |= 1 << j;
                }
                // A path may end on a square with one edge.
                let later = later + paths as usize;
                if later == 0 {
                    finished |= 1 << j;
                }
                if later <= 1 {
                    started |= 1 << j;
                }
            }
            let rules = Rules {
                pin: start == Some(i),
                pin_leaves: start.is_some_and(|s| s + k == i),
                lonely,
                single,
                paths,
                cells,
                finished,
                started,
                last,
            };
            steps.push(Step { back, backs, rules });
        }
        Ok(Frontier {
            board,
            kind,
            start,
            steps,
            cells: k,
        })
    }

    /// Counting open tours from one square: its index in the sweep.
    pub(crate) fn start(&self) -> Option<u32> {
        self.start
    }

    /// Squares across the sweep: the side laid across.
    pub(crate) fn across_width(&self) -> u32 {
        (self.cells - 1) / 2
    }

    /// The board.
    pub(crate) fn board(&self) -> Board {
        self.board
    }

    /// The kind of tour counted.
    pub(crate) fn kind(&self) -> Kind {
        self.kind
    }

    /// Each round's square: its earlier neighbours' slots and the rules it must respect.
    pub(crate) fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The number of rounds: one per square.
    pub fn rounds(&self) -> u32 {
        self.steps.len() as u32
    }

    /// The layer before the first round: every square before the board finished. Empty for
    /// closed tours of a board with an odd number of squares: the knight graph is bipartite (a
    /// move changes the square colour) and its colours differ in size, so no cycle covers it.
    pub fn first(&self) -> Layer {
        let mut layer = Layer::new(0, 0);
        let odd = self.board.len() % 2 == 1;
        if self.kind == Kind::Open && self.board.len() == 1 {
            // The one square is a path by itself.
            layer.done = 1;
            layer.round = 1;
        } else if !(odd && self.kind == Kind::Closed) {
            let all_done = (1u128 << (4 * self.cells)) - 1;
            // Never fails: one state with one way.
            let _ = layer.add(State(all_done), 1);
        }
        layer
    }

    /// Expands `state` (with `ways`) over round `round`: every next state goes to `next`, and the
    /// ways of the tours this square finishes are returned (none when `round` is not below
    /// [`Frontier::rounds`]).
    #[inline]
    pub fn expand(
        &self,
        round: u32,
        state: State,
        ways: u128,
        mut next: impl FnMut(State, u128),
    ) -> u128 {
        self.expand_bits(round, state.0, ways, |s, w| next(State(s), w))
    }

    /// [`Frontier::expand`] on the bits of the states.
    #[inline]
    pub(super) fn expand_bits(
        &self,
        round: u32,
        state: u128,
        ways: u128,
        mut next: impl FnMut(u128, u128),
    ) -> u128 {
        let Some(step) = self.steps.get(round as usize) else {
            return 0;
        };
        step.expand(state, ways, &mut next)
    }

    /// Runs every round from `layer` on `threads` threads, calling `progress` once a round.
    #[cfg(test)]
    pub(crate) fn run(
        &self,
        mut layer: Layer,
        threads: usize,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Layer, CountError> {
        let total = u64::from(self.rounds());
        while layer.round < self.rounds() {
            progress(Progress {
                done: u64::from(layer.round),
                total,
                round: None,
            });
            layer = self.step(layer, threads)?;
        }
        progress(Progress {
            done: total,
            total,
            round: None,
        });
        Ok(layer)
    }

    /// An empty layer before round `round`, for the states a round makes.
    pub fn empty(&self, round: u32) -> Layer {
        Layer::new(round, 0)
    }

    /// The number of tours once every round has run, from the ways of the tours finished (the
    /// first layer's [`Layer::done`] and every round's, summed): closed tours, or directed open
    /// tours (each undirected path in both directions, but the one square of a 1 x 1 board).
    pub fn tours(&self, finished: u128) -> Result<u128, CountError> {
        if self.kind == Kind::Open && self.board.len() > 1 && self.start.is_none() {
            finished
                .checked_mul(2)
                .ok_or(CountError::Overflow { bits: 128 })
        } else {
            Ok(finished)
        }
    }

    /// [`Frontier::tours`] of the last layer.
    pub(crate) fn total(&self, last: &Layer) -> Result<u128, CountError> {
        self.tours(last.done)
    }
}

#[cfg(test)]
mod tests;
