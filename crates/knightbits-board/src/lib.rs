#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![deny(unsafe_code)]

extern crate alloc;

mod board;
mod distance;

pub mod tour;

pub use crate::board::{Board, BoardSizeError, Coord, CoordName, KnightMoves};
pub use crate::distance::{BoardPath, infinite_distance};
