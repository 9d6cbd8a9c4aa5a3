//! Counting knight's tours on small boards: directed open tours by meet in the middle
//! ([`count_open_tours`]) or by a frontier dynamic programme ([`count_open_tours_by_frontier`];
//! [`OpenMethod::for_board`] says which is the faster), and undirected closed tours by the
//! frontier programme ([`count_closed_tours`]).
//!
//! ```
//! use knightbits_board::{Board, Coord, count::{count_closed_tours, count_open_tours}};
//! let five = Board::new(5, 5).unwrap();
//! assert_eq!(count_open_tours(five, None, 2), Ok(1728));
//! assert_eq!(count_open_tours(five, Some(Coord::new(0, 0)), 2), Ok(304));
//! assert_eq!(count_closed_tours(Board::new(3, 10).unwrap(), 2), Ok(16));
//! ```

mod closed;
#[cfg(test)]
mod dfs;
mod frontier;
mod grid;
mod meet;
mod packed;
mod table;
mod workers;

pub use self::closed::{ClosedCount, Round};
pub use self::frontier::{Frontier, Kind, Layer, LayerError};
pub use self::workers::{available_disk, available_memory, available_threads, peak_memory};

use crate::board::{Board, Coord};
use core::fmt;

/// How far a long count has come: `done` of `total` units of work (middle squares for open
/// tours, squares of the board for closed tours).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Units finished.
    pub done: u64,
    /// Units in all.
    pub total: u64,
}

/// Why tours could not be counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountError {
    /// Meet in the middle counts open tours on boards of at most `limit` squares.
    TooManySquares {
        /// The largest number of squares accepted.
        limit: u32,
    },
    /// The frontier programme (closed tours, and open tours of long or large boards) counts on
    /// boards whose shorter side is at most `limit`.
    TooWide {
        /// The largest shorter side accepted.
        limit: u32,
    },
    /// The start square is not on the board.
    StartOffBoard,
    /// The count, or a partial sum on the way to it, does not fit in `bits` bits: 64 for open
    /// tours by meet in the middle, 128 by the frontier programme.
    Overflow {
        /// The width of the count.
        bits: u32,
    },
    /// Reading or writing a layer in the scratch folder or the checkpoint failed.
    Io(std::io::ErrorKind),
    /// The checkpoint belongs to another count, or is not a layer file.
    Checkpoint,
    /// A board was to be swept with a number of squares across that is none of its sides.
    NotASide {
        /// The number asked for.
        side: u32,
    },
    /// The folder of the layer files has not room enough for the next layer.
    NoRoom {
        /// Bytes the layer needs.
        needed: u64,
        /// Bytes free there.
        available: u64,
    },
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::TooManySquares { limit } => {
                write!(
                    f,
                    "meet in the middle counts open tours on boards of at most {limit} squares"
                )
            }
            CountError::TooWide { limit } => write!(
                f,
                "the frontier programme counts tours on boards whose shorter side is at most {limit}"
            ),
            CountError::StartOffBoard => f.write_str("start square is not on the board"),
            CountError::Overflow { bits } => write!(
                f,
                "the count, or a partial sum on the way to it, does not fit in {bits} bits"
            ),
            CountError::Io(kind) => write!(f, "cannot read or write a layer: {kind}"),
            CountError::Checkpoint => {
                f.write_str("the checkpoint belongs to another count, or is not a layer file")
            }
            CountError::NotASide { side } => write!(f, "{side} is not a side of the board"),
            CountError::NoRoom { needed, available } => write!(
                f,
                "a layer needs about {} MB on disk where the count keeps its layers, and {} MB \
                 are free there",
                needed.div_ceil(1_000_000),
                available / 1_000_000
            ),
        }
    }
}

impl core::error::Error for CountError {}

/// The number of directed open knight's tours of `board` starting on `start`, or starting
/// anywhere when `start` is `None`, counted by meet in the middle on `threads` threads.
///
/// A tour visits every square once; each one is counted in both directions (as OEIS A165134:
/// 1,728 on 5 x 5, 6,637,920 on 6 x 6, 165,575,218,320 on 7 x 7). Boards of at most
/// [`MAX_OPEN_SQUARES`] squares, but the work grows steeply with the number of squares: 7 x 7 is
/// the largest square board within reach (BENCHMARKS.md gives the figures). A given start
/// square costs about as much as all of them together (the same walks, one middle square per
/// orbit of the board's symmetries).
pub fn count_open_tours(
    board: Board,
    start: Option<Coord>,
    threads: usize,
) -> Result<u64, CountError> {
    count_open_tours_with_progress(board, start, threads, &mut |_| {})
}

/// [`count_open_tours`], calling `progress` on the calling thread as the work goes on (once
/// per middle square of the tours).
pub fn count_open_tours_with_progress(
    board: Board,
    start: Option<Coord>,
    threads: usize,
    progress: &mut dyn FnMut(Progress),
) -> Result<u64, CountError> {
    let grid = grid::Grid::new(board)?;
    let start = match start {
        Some(c) if board.contains(c) => Some(grid.bit(c)),
        Some(_) => return Err(CountError::StartOffBoard),
        None => None,
    };
    meet::count(&grid, start, threads, progress)
}

/// The number of directed open tours of `board` whose middle square (square number
/// ⌈n / 2⌉ of the `n` squares of the tour) is `middle`, on `threads` threads: the unit of work
/// [`count_open_tours`] sums over, exposed for benchmarks and for sampling large boards.
#[doc(hidden)]
pub fn count_open_tours_through(
    board: Board,
    middle: Coord,
    threads: usize,
) -> Result<u64, CountError> {
    let grid = grid::Grid::new(board)?;
    if !board.contains(middle) {
        return Err(CountError::StartOffBoard);
    }
    meet::count_through(&grid, grid.bit(middle), threads)
}

/// The number of undirected closed knight's tours (Hamiltonian cycles of the knight graph) of
/// `board`, counted by a frontier dynamic programme along the longer side on `threads` threads
/// (as OEIS A001230: 9,862 on 6 x 6; A070030: 16 on 3 x 10, 176 on 3 x 12).
///
/// Boards whose shorter side is at most [`MAX_CLOSED_WIDTH`]; the longer side may be anything
/// as long as the count and the ways of every state on the way fit in a `u128` (6 x 24 does,
/// 4,662,311,340,698,795,306,229,004,946,849,255,108 tours; 6 x 25 does not).
pub fn count_closed_tours(board: Board, threads: usize) -> Result<u128, CountError> {
    count_closed_tours_with_progress(board, threads, &mut |_| {})
}

/// [`count_closed_tours`], calling `progress` as the work goes on (once per square).
pub fn count_closed_tours_with_progress(
    board: Board,
    threads: usize,
    progress: &mut dyn FnMut(Progress),
) -> Result<u128, CountError> {
    // 64-bit states and ways where they fit (boards up to 8 wide), in memory; else, or when
    // some ways pass 64 bits, 128-bit states and ways.
    if let Ok(count) = ClosedCount::new(board, threads, u64::MAX, &std::env::temp_dir()) {
        let total = u64::from(count.rounds());
        match count.run(&mut |r| {
            progress(Progress {
                done: u64::from(r.round) + 1,
                total,
            })
        }) {
            Err(CountError::Overflow { bits: 64 }) => {}
            outcome => return outcome,
        }
    }
    let f = Frontier::new(board, Kind::Closed)?;
    let last = f.run(f.first(), threads, progress)?;
    f.total(&last)
}

/// The number of directed open knight's tours of `board` starting on `start`, or starting
/// anywhere when `start` is `None`, counted by the frontier dynamic programme of
/// [`count_closed_tours`] extended to Hamiltonian paths (a second method, independent of
/// [`count_open_tours`]; from a start, one end of the paths is pinned to it): shorter side at
/// most [`MAX_CLOSED_WIDTH`].
pub fn count_open_tours_by_frontier(
    board: Board,
    start: Option<Coord>,
    threads: usize,
) -> Result<u128, CountError> {
    let f = match start {
        Some(c) => Frontier::open_from(board, c)?,
        None => Frontier::new(board, Kind::Open)?,
    };
    let last = f.run(f.first(), threads, &mut |_| {})?;
    f.total(&last)
}

/// The two methods that count the directed open tours of a board, from every start or from one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpenMethod {
    /// Meet in the middle ([`count_open_tours`], [`OpenTours`]): boards of at most
    /// [`MAX_OPEN_SQUARES`] squares, little memory.
    MeetInTheMiddle,
    /// The frontier programme ([`count_open_tours_by_frontier`], [`Frontier`] with
    /// [`Kind::Open`] or [`Frontier::open_from`]): any length, shorter side at most
    /// [`MAX_CLOSED_WIDTH`].
    Frontier,
}

impl OpenMethod {
    /// The method to count the open tours of `board` with, from every start or from one (the
    /// same for both: a start costs each method about what all starts do): the frontier
    /// programme for boards at least 8 long and at most 6 wide, and for boards past
    /// [`MAX_OPEN_SQUARES`] squares (which meet in the middle cannot hold); meet in the middle
    /// for the others, where it is as fast or faster and needs far less memory. Meet in the
    /// middle's work grows with the number of squares, the frontier's with the shorter side
    /// (BENCHMARKS.md has the runs behind the rule).
    ///
    /// ```
    /// use knightbits_board::{Board, count::OpenMethod};
    /// let method = |w, h| OpenMethod::for_board(Board::new(w, h).unwrap());
    /// assert_eq!(method(7, 7), OpenMethod::MeetInTheMiddle);
    /// assert_eq!(method(6, 7), OpenMethod::MeetInTheMiddle);
    /// assert_eq!(method(10, 5), OpenMethod::Frontier);
    /// assert_eq!(method(9, 8), OpenMethod::Frontier); // 72 squares
    /// ```
    pub fn for_board(board: Board) -> OpenMethod {
        let (w, h) = (
            board.width().min(board.height()),
            board.width().max(board.height()),
        );
        if board.len() > MAX_OPEN_SQUARES || (h >= 8 && w <= 6) {
            OpenMethod::Frontier
        } else {
            OpenMethod::MeetInTheMiddle
        }
    }
}

/// What a short sample of a count's actual work predicts for the whole count. Rough: the
/// methods that give one say how they extrapolate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Wall seconds of the whole count.
    pub seconds: f64,
    /// Peak bytes of the count's tables.
    pub peak_bytes: u64,
    /// Bytes of scratch disk the count's files take at once (0 when it stays in memory).
    pub disk_bytes: u64,
}

/// A count of directed open tours by meet in the middle, split into units of work (one middle
/// square of the tours each, weighted by the squares it stands for) that the caller runs one
/// by one: to report progress, to checkpoint after each unit and to resume.
///
/// ```
/// use knightbits_board::{Board, count::OpenTours};
/// let plan = OpenTours::new(Board::new(5, 5).unwrap(), None).unwrap();
/// let mut sum = 0;
/// for unit in 0..plan.units() {
///     sum += plan.count_unit(unit, 2).unwrap();
/// }
/// assert_eq!(plan.total(sum), Ok(1728)); // OEIS A165134
/// ```
#[derive(Clone, Debug)]
pub struct OpenTours {
    grid: grid::Grid,
    start: Option<u32>,
    units: std::vec::Vec<(u32, u64)>,
}

impl OpenTours {
    /// The plan for `board`, tours starting on `start` (any square when `None`).
    pub fn new(board: Board, start: Option<Coord>) -> Result<OpenTours, CountError> {
        let grid = grid::Grid::new(board)?;
        let start = match start {
            Some(c) if board.contains(c) => Some(grid.bit(c)),
            Some(_) => return Err(CountError::StartOffBoard),
            None => None,
        };
        let units = meet::units(&grid);
        Ok(OpenTours { grid, start, units })
    }

    /// The number of units.
    pub fn units(&self) -> usize {
        self.units.len()
    }

    /// The directed open tours of unit `unit` (below [`OpenTours::units`]; 0 beyond), on
    /// `threads` threads.
    pub fn count_unit(&self, unit: usize, threads: usize) -> Result<u128, CountError> {
        match self.units.get(unit) {
            Some(&u) => meet::count_unit(&self.grid, u, self.start, threads),
            None => Ok(0),
        }
    }

    /// The count from the sum of every unit's tours.
    pub fn total(&self, sum: u128) -> Result<u64, CountError> {
        u64::try_from(sum).map_err(|_| CountError::Overflow { bits: 64 })
    }

    /// Time and memory of the whole count on `threads` threads, from about `seconds` of real
    /// work: in each unit, prefixes of the half-tours (their first squares) are walked in a
    /// shuffled order, doubling the sample until its share of the time is spent; a unit's time
    /// is the sample's mean time a prefix times the number of prefixes, its table entries the
    /// sample's entries grown at the rate of the last doubling, and the peak memory that of the
    /// largest unit. Both err high (sets shared between prefixes grow the tables ever more
    /// slowly), the more the shorter the sample.
    pub fn estimate(&self, threads: usize, seconds: f64) -> Estimate {
        let each = seconds / self.units.len().max(1) as f64;
        let (mut total, mut peak) = (0.0f64, 0.0f64);
        for &(m, _) in &self.units {
            let s = meet::sample_unit(&self.grid, m, self.start, each);
            total += s.seconds;
            peak = peak.max(s.entries * s.bytes_per_entry);
        }
        let threads = threads.max(1) as f64;
        Estimate {
            seconds: total / threads,
            peak_bytes: peak as u64,
            disk_bytes: 0,
        }
    }
}

/// The most squares [`count_open_tours`] accepts: a set of squares is one `u64`.
pub const MAX_OPEN_SQUARES: u32 = grid::Grid::MAX_SQUARES;

/// The widest shorter side [`count_closed_tours`] accepts.
pub const MAX_CLOSED_WIDTH: u32 = frontier::MAX_WIDTH;

#[cfg(test)]
mod tests;
