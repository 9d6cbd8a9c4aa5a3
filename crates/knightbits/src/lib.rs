#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![cfg_attr(not(any(test, feature = "std")), no_std)]
#![deny(missing_docs)]
#![deny(unsafe_code)]

mod bitboard;
mod color;
mod error;
mod leaper;
mod macros;
mod methods;
mod parse;
#[cfg(feature = "serde")]
mod serde_impls;
mod square;

pub mod batch;
pub mod king;
pub mod knight;
pub mod mapping;
pub mod pawn;
pub mod popcount;
pub mod position;
pub mod render;
pub mod slider;
pub mod technique;
pub mod trace;

pub use crate::bitboard::{Bitboard, Iter};
// The modules the leaper definition makes public itself (none while every leaper has its own).
pub use crate::color::{Color, ParseColorError};
pub use crate::error::ParseMethodError;
#[allow(unused_imports)]
pub use crate::leaper::pieces::*;
pub use crate::parse::ParseBitboardError;
pub use crate::square::{File, ParseSquareError, Rank, Square};

/// The repository README's Rust examples, run as doctests (only when testing: the file is
/// outside the published crate).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct RepositoryReadme;
