#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![deny(unsafe_code)]

mod checkpoint;
mod counter;
#[cfg(test)]
mod dfs;
mod error;
mod frontier;
mod grid;
mod job;
mod meet;
mod method;
mod packed;
mod report;
mod split;
mod sweep;
mod table;
mod tours;
mod workers;

pub use self::error::CountError;
pub use self::frontier::{Frontier, Layer, State};
pub use self::job::{Count, PROGRESS_EVERY};
pub use self::method::{Kind, Method};
pub use self::report::{Estimate, Plan, Progress, Round};
pub use self::split::{BottomHalf, Gathering};
pub use self::sweep::word::Word;
pub use self::sweep::{Inbox, Share};
pub use self::tours::{NotANumber, Tours};
pub use self::workers::{available_disk, available_memory, available_threads, peak_memory};

use knightbits_board::{Board, Coord};
use std::ops::ControlFlow;

/// The number of directed open knight's tours of `board` starting on `start`, or starting
/// anywhere when `start` is `None`, counted by meet in the middle on `threads` threads:
/// [`Count::open`] by [`Method::MeetInTheMiddle`].
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
    let count = Count::by_method(board, Kind::Open, start, Method::MeetInTheMiddle)?;
    let total = run_to_the_end(count.with_threads(threads))?;
    total
        .to_u128()
        .and_then(|n| u64::try_from(n).ok())
        .ok_or(CountError::Overflow { bits: 64 })
}

/// The number of undirected closed knight's tours (Hamiltonian cycles of the knight graph) of
/// `board`, counted by a frontier dynamic programme along the longer side on `threads` threads
/// (as OEIS A001230: 9,862 on 6 x 6; A070030: 16 on 3 x 10, 176 on 3 x 12): [`Count::closed`]
/// with no memory budget.
///
/// Boards whose shorter side is at most [`MAX_CLOSED_WIDTH`], the longer side anything: the
/// count is of any size (6 x 25 has 298,772,700,964,630,993,744,576,968,415,214,630,040
/// closed tours, OEIS A175881).
pub fn count_closed_tours(board: Board, threads: usize) -> Result<Tours, CountError> {
    run_to_the_end(Count::closed(board)?.with_threads(threads))
}

/// The number of directed open knight's tours of `board` starting on `start`, or starting
/// anywhere when `start` is `None`, counted by the frontier dynamic programme of
/// [`count_closed_tours`] extended to Hamiltonian paths (a second method, independent of
/// [`count_open_tours`]; from a start, one end of the paths is pinned to it): [`Count::open`]
/// by [`Method::Frontier128`], shorter side at most [`MAX_CLOSED_WIDTH`].
pub fn count_open_tours_by_frontier(
    board: Board,
    start: Option<Coord>,
    threads: usize,
) -> Result<u128, CountError> {
    let count = Count::open(board, start)?.by(Method::Frontier128)?;
    let total = run_to_the_end(count.with_threads(threads))?;
    total.to_u128().ok_or(CountError::Overflow { bits: 128 })
}

/// Runs `count` without looking at its progress.
fn run_to_the_end(count: Count) -> Result<Tours, CountError> {
    count.run(&mut |_| ControlFlow::Continue(()))
}

/// The most squares [`count_open_tours`] accepts: a set of squares is one `u64`.
pub const MAX_OPEN_SQUARES: u32 = grid::Grid::MAX_SQUARES;

/// The widest shorter side [`count_closed_tours`] accepts.
pub const MAX_CLOSED_WIDTH: u32 = frontier::MAX_WIDTH;

/// The most squares of a board whose open tours [`Method::for_count`] leaves to meet in the
/// middle, unless it is at least [`SWEPT_OPEN_LENGTH`] long (up to 6 x 6 and 5 x 7).
pub const MEET_OPEN_SQUARES: u32 = method::MEET_OPEN_SQUARES;

/// Boards up to [`MAX_SWEEP_WIDTH`] wide and at least this long have their open tours counted by
/// [`Method::Sweep`] whatever their number of squares.
pub const SWEPT_OPEN_LENGTH: u32 = method::SWEPT_OPEN_LENGTH;

/// Boards this wide whose other side is even have their open tours from every start counted
/// by the split at the middle cut ([`Method::Split`]).
pub const SPLIT_WIDTH: u32 = method::SPLIT_WIDTH;

/// The widest sweep whose estimate's foresight of layers counts have checked (6 x 8, 7 x 8,
/// 8 x 7 and 8 x 8, within 1.5 times: BENCHMARKS.md): past it an estimate of the sweep or a
/// plan is a floor ([`Estimate::floor`]).
pub const FORESEEN_WIDTH: u32 = sweep::estimate::FORESEEN_WIDTH;

/// The most times the states of a layer counted past [`FORESEEN_WIDTH`] across have come out
/// over those its estimate foresaw: 10 x 5 open swept across 10, square 30 (347,263,681 states
/// against 26,397,767 foreseen), 2026-11-30; 9 x 6 closed and open across 9 came out 1.0 to 5.0
/// times (docs/tour-counts.md). What a floor ([`Estimate::floor`]) may fall short by.
pub const FORESIGHT_SHORT_MOST: u32 = 13;

/// The widest shorter side of the sweep ([`Method::Sweep`]), which counts within a memory
/// budget, out of core past it: in 64-bit keys up to 8 across, in 128-bit keys beyond.
pub const MAX_SWEEP_WIDTH: u32 = method::SWEEP_WIDTH;

#[cfg(test)]
mod tests;
