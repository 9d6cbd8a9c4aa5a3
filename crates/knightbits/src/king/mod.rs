//! King patterns: attacks of one king or of any set of kings, pseudo-legal moves, and the
//! sources' techniques in [`technique`].
//!
//! | what | item |
//! |---|---|
//! | attacks of one king, by lookup | [`attacks`], [`ATTACKS`] |
//! | attacks of any set of kings (recommended) | [`attacks_set`] |
//! | the same over slices of bitboards: AVX-512, AVX2 or scalar | [`attacks_batch`] |
//! | pseudo-legal moves, `attacks & ~own` | [`moves`] |
//! | the eight steps as values | [`Direction`] |
//! | every technique of the sources, by name, step by step | [`technique`] |
//!
//! ```
//! use knightbits::{king, Bitboard, Square};
//!
//! const E1: Bitboard = king::attacks(Square::E1);
//! assert_eq!(E1.count(), 5);
//! let kings = Bitboard::from_square(Square::A1) | Square::H8;
//! assert_eq!(king::attacks_set(kings).count(), 6);
//! ```

mod attacks;

pub use self::attacks::attacks_set;
pub use crate::leaper::king::{ATTACKS, Direction, attacks, attacks_batch, moves};
pub use crate::methods::king as technique;
