//! [`Method`]: the knight techniques by name, for tools that compare and draw them.

use crate::bitboard::Bitboard;
use crate::knight::ATTACKS;
use crate::leaper::Leaper;
use crate::trace::{Jumps, Trace};

use super::translate::{DEFAULT_MASK, DEFAULT_SQUARE, DEVLOG_MASK};
use super::{halves, lookup, post_mask, pre_mask, prefix, translate};

crate::macros::named! {
    /// A way to compute knight attacks; every one gives the same sets.
    ///
    /// ```
    /// use knightbits::knight::{self, technique::Method};
    /// use knightbits::{Bitboard, Square};
    ///
    /// let knights = Bitboard::from_square(Square::B1) | Square::G1;
    /// for method in Method::ALL {
    ///     assert_eq!(method.attacks(knights), knight::attacks_set(knights));
    ///     assert_eq!(method.name().parse(), Ok(method));
    /// }
    /// assert_eq!(Method::PreMask.to_string(), "pre-mask");
    /// assert_eq!(Method::PostMask.trace(knights).len(), 8);
    /// ```
    pub enum Method {
        /// [`lookup`](super::lookup): the precomputed table, one lookup per knight.
        Lookup = "lookup",
        /// [`post_mask::attacks`]: the eight directions, shift then file mask.
        PostMask = "post-mask",
        /// [`pre_mask::attacks`]: the eight directions, file mask then shift.
        PreMask = "pre-mask",
        /// [`prefix`](super::prefix): the wiki's east/west parallel prefix.
        Prefix = "prefix",
        /// [`halves`](super::halves): the wiki's `l1 l2 r1 r2` routine.
        Halves = "halves",
        /// [`translate`](super::translate): the devlog's shifted default mask, one per knight.
        Translate = "translate",
    }
    all: "Every method, in the order above.",
    name: "The method's name on the command line: `lookup`, `post-mask`, `pre-mask`, `prefix`, `halves`, `translate`.",
    parse
}

impl Method {
    /// The attacks of every knight in `knights` by this method.
    pub const fn attacks(self, knights: Bitboard) -> Bitboard {
        match self {
            Method::Lookup => lookup::lookup(knights),
            Method::PostMask => post_mask::attacks(knights),
            Method::PreMask => pre_mask::attacks(knights),
            Method::Prefix => prefix::prefix(knights),
            Method::Halves => halves::halves(knights),
            Method::Translate => translate::translate(knights),
        }
    }

    /// The steps of this method on `knights`, in the source's order; the union of the steps
    /// that are part of the result is [`Method::attacks`].
    ///
    /// | method | steps |
    /// |---|---|
    /// | lookup | one per knight, `ATTACKS[d4]` |
    /// | post-mask | the eight directions clockwise from `noNoEa`, `(b << 17) & notAFile` |
    /// | pre-mask | the eight directions, `(b & notHFile) << 17` |
    /// | prefix | the wiki's eight lines: `east = eastOne(knights)`, …, `(east \| west) >> 8` |
    /// | halves | `l1 l2 r1 r2 h1 h2` (not part), then `h1 << 16`, `h1 >> 16`, `h2 << 8`, `h2 >> 8` |
    /// | translate | the default mask around f3 (not part), then one translation per knight |
    pub const fn trace(self, knights: Bitboard) -> Trace {
        match self {
            Method::Lookup => Trace::lookup(knights, &ATTACKS),
            Method::PostMask => Trace::jumps(knights, Jumps::PostMask(Leaper::Knight)),
            Method::PreMask => Trace::jumps(knights, Jumps::PreMask(Leaper::Knight)),
            Method::Prefix => Trace::lines(knights, prefix::LINES.len() as u8, prefix::step),
            Method::Halves => Trace::lines(knights, halves::LINES.len() as u8, halves::step),
            Method::Translate => {
                Trace::translate(knights, DEVLOG_MASK, DEFAULT_MASK, DEFAULT_SQUARE)
            }
        }
    }
}
