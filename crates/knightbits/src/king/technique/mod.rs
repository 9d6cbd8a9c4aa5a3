//! Every king technique, each under the name its source gives it, with [`Method`] to pick one
//! by name and trace it step by step.
//!
//! [`king::attacks`](super::attacks) and [`king::attacks_set`](super::attacks_set) are the
//! routines to use; these are the variants, all proved equal to them on every input.
//!
//! | technique | source | item |
//! |---|---|---|
//! | lookup table, one lookup per king | | [`lookup`], [`ATTACKS`](super::ATTACKS), [`Method::Lookup`] |
//! | the eight one-step shifts, each masked after the shift | article ("do the same for the king") | [`shifts`], [`Direction`](super::Direction), [`Method::Shifts`] |
//! | default-mask translation (`0x70507` on its square 10) | devlog | [`translate`], [`DEVLOG_MASK`], [`DEVLOG_SQUARE`], [`DEFAULT_MASK`], [`DEFAULT_SQUARE`], [`Method::Translate`] |
//!
//! ```
//! use knightbits::king::{self, technique};
//! use knightbits::{Bitboard, Square};
//!
//! let kings = Bitboard::from_square(Square::E1) | Square::H8;
//! let expected = king::attacks_set(kings);
//! assert_eq!(technique::lookup(kings), expected);
//! assert_eq!(technique::shifts(kings), expected);
//! assert_eq!(technique::translate(kings), expected);
//! ```

mod lookup;
mod method;
mod shifts;
mod translate;

pub use self::lookup::lookup;
pub use self::method::Method;
pub use self::shifts::shifts;
pub use self::translate::{DEFAULT_MASK, DEFAULT_SQUARE, DEVLOG_MASK, DEVLOG_SQUARE, translate};
