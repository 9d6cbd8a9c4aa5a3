//! Every knight technique of the sources, each under the name the source gives it, with
//! [`Method`] to pick one by name and trace it step by step.
//!
//! [`knight::attacks`](super::attacks) and [`knight::attacks_set`](super::attacks_set) are the
//! routines to use; this module holds the variants the sources teach, all proved equal to
//! them on every input.
//!
//! | technique | source | item |
//! |---|---|---|
//! | lookup table, one lookup per knight | wiki "by Lookup" (`arrKnightAttacks[sq]`) | [`lookup`], [`ATTACKS`](super::ATTACKS), [`Method::Lookup`] |
//! | eight directions, mask after the shift | wiki "by Calculation" (first listing); article (`nA nAB nH nGH`, grouped in pairs) | [`post_mask`], [`Method::PostMask`] |
//! | eight directions, mask before the shift | wiki "by Calculation" (second listing); engine wiki (the same masks, numbered from h1: see [`pre_mask`]) | [`pre_mask`], [`Method::PreMask`] |
//! | multiple knights, east/west parallel prefix | wiki "Multiple Knight Attacks", first routine | [`prefix`], [`Method::Prefix`] |
//! | multiple knights, `l1 l2 r1 r2` | wiki "Multiple Knight Attacks", second routine | [`halves`], [`Method::Halves`] |
//! | fork target squares, pairwise intersections accumulated | wiki "Knight Forks" (`forkTargetSquare`) | [`fork_target_square`] |
//! | default-mask translation (`0xA1100110A` on its square 19) | devlog | [`translate`], [`DEVLOG_MASK`], [`DEVLOG_SQUARE`], [`DEFAULT_MASK`], [`DEFAULT_SQUARE`], [`Method::Translate`] |
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
