//! Knight patterns: attacks of one knight or of any set of knights, by every technique of the
//! sources, and pseudo-legal moves.

mod board;
#[cfg(feature = "std")]
mod count;
mod forks;
mod lookup;
mod set;

pub use self::board::{Board, BoardSizeError, Coord};
#[cfg(feature = "std")]
pub use self::count::{
    CountError, MAX_CLOSED_WIDTH, MAX_OPEN_SQUARES, Progress, count_closed_tours,
    count_closed_tours_with_progress, count_open_tours, count_open_tours_by_frontier,
    count_open_tours_with_progress,
};
pub use self::forks::fork_squares;
pub use self::lookup::{ATTACKS, attacks};
pub use self::set::attacks_set;
