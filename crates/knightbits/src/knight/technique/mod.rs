//! Every knight technique of the sources, each under the name the source gives it, with
//! [`Method`] to pick one by name and trace it step by step.
//!
//! [`knight::attacks`](super::attacks) and [`knight::attacks_set`](super::attacks_set) are the
//! routines to use; this module holds the variants the sources teach, all proved equal to
//! them on every input.
//!
//! Which source writes which technique, and in what form, is the table of
//! [`crate::technique`] (both pieces, one place); every method of both pieces is listed by
//! [`crate::technique::Method`].
//!
//! The eight directions themselves are values of [`Direction`](super::Direction). Every
//! function here is a `const fn`.
//!
//! ```
//! use knightbits::knight::{self, technique};
//! use knightbits::{Bitboard, Square};
//!
//! let knights = Bitboard::from_square(Square::B1) | Square::G1;
//! let expected = knight::attacks_set(knights);
//! assert_eq!(technique::lookup(knights), expected);
//! assert_eq!(technique::post_mask::attacks(knights), expected);
//! assert_eq!(technique::pre_mask::attacks(knights), expected);
//! assert_eq!(technique::prefix(knights), expected);
//! assert_eq!(technique::halves(knights), expected);
//! assert_eq!(technique::translate(knights), expected);
//! ```

mod fork;
mod halves;
mod lines;
mod lookup;
mod method;
pub mod post_mask;
pub mod pre_mask;
mod prefix;
mod translate;

pub use self::fork::fork_target_square;
pub use self::halves::halves;
pub use self::lookup::lookup;
pub use self::method::Method;
pub use self::prefix::prefix;
pub use self::translate::{DEFAULT_MASK, DEFAULT_SQUARE, DEVLOG_MASK, DEVLOG_SQUARE, translate};
