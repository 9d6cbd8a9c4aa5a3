//! Knight patterns: attacks of one knight or of any set of knights, by every technique of the
//! sources, and pseudo-legal moves.

mod board;
mod board_distance;
mod distance;
mod fill;
mod forks;
mod lookup;
mod pawn_race;
mod set;

pub use self::board::{Board, BoardSizeError, Coord};
pub use self::board_distance::{BoardPath, infinite_distance};
pub use self::distance::{DISTANCE, MAX_DISTANCE, Path, distance, path};
pub use self::fill::{Fills, fill, fills, reach_exactly, reach_within, ring};
pub use self::forks::fork_squares;
pub use self::lookup::{ATTACKS, attacks};
pub use self::pawn_race::{PawnRaceError, catch_square};
pub use self::set::attacks_set;
