//! Every king technique, each under the name its source gives it, with [`Method`] to pick one
//! by name and trace it step by step.
//!
//! [`king::attacks`](super::attacks) and [`king::attacks_set`](super::attacks_set) are the
//! routines to use; these are the variants, all proved equal to them on every input.
//!
//! Which source writes which technique is the table of [`crate::technique`] (both pieces,
//! one place): [`lookup`], [`shifts`] (the article's exercise), [`translate`] (the devlog's
//! `0x70507` on its square 10).
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
