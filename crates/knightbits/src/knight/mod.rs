//! Knight patterns: attacks of one knight or of any set of knights, by every technique of the
//! sources, fork squares, and pseudo-legal moves.
//!
//! | technique | source | function |
//! |---|---|---|
//! | lookup table | wiki "by Lookup" | [`attacks`], [`ATTACKS`] |
//! | eight directions, post-shift masks | wiki "by Calculation", article | [`post_mask`] |
//! | eight directions, pre-shift masks | wiki, engine wiki | [`pre_mask`] |
//! | parallel prefix, east/west | wiki "Multiple Knight Attacks" | [`attacks_prefix`] |
//! | parallel prefix, `l1 l2 r1 r2` | wiki "Multiple Knight Attacks" | [`attacks_halves`] |
//! | default-mask translation | devlog | [`attacks_translate`], [`DEVLOG_MASK`] |
//! | any set of knights (recommended) | | [`attacks_set`] |
//! | pseudo-legal moves, `& ~own` | engine wiki | [`moves`] |
//! | fork target squares | wiki "Knight Forks" | [`fork_squares`] |
//! | slices of bitboards, AVX-512 / AVX2 / scalar | wiki "AVX2" | [`attacks_batch`], [`fork_squares_batch`] |
//! | fill, reach in n moves, rings | wiki "Knight Fill" | [`fill`], [`fills`], [`reach_within`], [`reach_exactly`], [`ring`] |
//! | distance table, shortest paths | wiki "Knight-Distance" | [`distance`], [`DISTANCE`], [`path`] |
//! | any board: distance, path | Knight-Distance | [`Board::distance`], [`Board::path`], [`infinite_distance`] |
//! | can the knight catch the passer | wiki (pawn-knight endings) | [`catch_square`] |
//! | open and closed tours on any board (feature `alloc`) | wiki references | `tour::Tour` |
//! | counting tours: meet in the middle, frontier programme (feature `std`) | OEIS A165134, A001230, A070030 | `count_open_tours`, `count_closed_tours` |

mod directions;
mod distance;
mod fill;
mod forks;
mod lookup;
mod method;
mod moves;
mod pawn_race;
mod set;
mod setwise;
mod translate;

pub use self::directions::{Direction, post_mask, pre_mask};
pub use self::distance::{DISTANCE, MAX_DISTANCE, Path, distance, path};
pub use self::fill::{Fills, fill, fills, reach_exactly, reach_within, ring};
pub use self::forks::fork_squares;
pub use self::lookup::{ATTACKS, attacks};
pub use self::method::Method;
pub use self::moves::moves;
pub use self::pawn_race::{PawnRaceError, catch_square};
pub use self::set::attacks_set;
pub use self::setwise::{attacks_halves, attacks_prefix};
pub use self::translate::{
    DEFAULT_MASK, DEFAULT_SQUARE, DEVLOG_MASK, DEVLOG_SQUARE, attacks_translate,
};
pub use crate::batch::fork_squares as fork_squares_batch;
pub use crate::batch::knight_attacks as attacks_batch;
