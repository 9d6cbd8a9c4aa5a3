#![doc = include_str!("../../../README.md")]
#![cfg_attr(not(any(test, feature = "std")), no_std)]
#![deny(missing_docs)]
#![deny(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;

mod bitboard;
mod color;
mod error;
mod macros;
mod parse;
mod square;

pub mod batch;
pub mod king;
pub mod knight;
pub mod render;

pub use crate::bitboard::{Bitboard, Iter};
pub use crate::color::{Color, ParseColorError};
pub use crate::error::{ParseBitboardError, ParseSquareError};
pub use crate::square::{File, Rank, Square};
