//! Knight patterns: attacks of one knight or of any set of knights, pseudo-legal moves, fork
//! squares, fills and distances, and the sources' techniques in [`technique`].
//!
//! | what | item |
//! |---|---|
//! | attacks of one knight, by lookup | [`attacks`], [`ATTACKS`] |
//! | attacks of any set of knights (recommended) | [`attacks_set`] |
//! | the same over slices of bitboards: AVX-512, AVX2 or scalar | [`attacks_batch`] |
//! | pseudo-legal moves, `attacks & ~own` | [`moves`] |
//! | fork target squares, and over slices | [`fork_squares`], [`fork_squares_batch`] |
//! | the eight jumps as values | [`Direction`] |
//! | every technique of the sources, by name, step by step | [`technique`] |
//! | fill, reach in at most / exactly n moves, rings | [`fill`], [`fills`], [`Fills`], [`reach_within`], [`reach_exactly`], [`ring`] |
//! | distance table, shortest paths | [`distance`], [`DISTANCE`], [`MAX_DISTANCE`], [`path`], [`Path`] |
//! | can the knight catch the passer | [`catch_square`], [`catch_line`], [`PawnRaceError`] |
//!
//! Every routine on sets is a `const fn`, and so is the lookup:
//!
//! ```
//! use knightbits::{knight, Bitboard, Square};
//!
//! const D4: Bitboard = knight::attacks(Square::D4);
//! const B1_G1: Bitboard = knight::attacks_set(Bitboard(0x42));
//! assert_eq!(D4.0, 0x0000_1422_0022_1400);
//! assert_eq!(B1_G1.count(), 6);
//! ```

mod attacks;
mod batch;
mod distance;
mod fill;
mod forks;
mod pawn_race;
pub mod technique;

pub use self::attacks::attacks_set;
pub use self::batch::fork_squares_batch;
pub use self::distance::{DISTANCE, MAX_DISTANCE, Path, distance, path};
pub use self::fill::{Fills, fill, fills, reach_exactly, reach_within, ring};
pub use self::forks::fork_squares;
pub use self::pawn_race::{PawnRaceError, RaceLine, RaceMove, catch_line, catch_square};
pub use crate::leaper::knight::{ATTACKS, Direction, attacks, attacks_batch, moves};
