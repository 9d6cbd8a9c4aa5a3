//! Knight patterns: attacks of one knight or of any set of knights, by every technique of the
//! sources, and pseudo-legal moves.

mod board;
mod forks;
mod lookup;
mod set;

pub use self::board::{Board, BoardSizeError, Coord};
pub use self::forks::fork_squares;
pub use self::lookup::{ATTACKS, attacks};
pub use self::set::attacks_set;
pub use crate::batch::fork_squares as fork_squares_batch;
pub use crate::batch::knight_attacks as attacks_batch;
