//! [`Method`]: the king techniques by name, for tools that compare and draw them.

use crate::bitboard::Bitboard;
use crate::king::ATTACKS;
use crate::trace::{Jumps, Trace};

use super::translate::{DEFAULT_MASK, DEFAULT_SQUARE, DEVLOG_MASK};
use super::{lookup, shifts, translate};

crate::macros::named! {
    /// A way to compute king attacks; every one gives the same sets.
    ///
    /// ```
    /// use knightbits::king::{self, technique::Method};
    /// use knightbits::{Bitboard, Square};
    ///
    /// let kings = Bitboard::from_square(Square::E1) | Square::E8;
    /// for method in Method::ALL {
    ///     assert_eq!(method.attacks(kings), king::attacks_set(kings));
    ///     assert_eq!(method.name().parse(), Ok(method));
    /// }
    /// assert_eq!(Method::Shifts.trace(kings).len(), 8);
    /// ```
    pub enum Method {
        /// [`lookup`](super::lookup): the precomputed table, one lookup per king.
        Lookup = "lookup",
        /// [`shifts`](super::shifts): the eight one-step shifts.
        Shifts = "shifts",
        /// [`translate`](super::translate): the devlog's shifted default mask, one per king.
        Translate = "translate",
    }
    all: "Every method, in the order above.",
    name: "The method's name on the command line: `lookup`, `shifts`, `translate`.",
    parse
}

impl Method {
    /// The attacks of every king in `kings` by this method.
    pub const fn attacks(self, kings: Bitboard) -> Bitboard {
        match self {
            Method::Lookup => lookup::lookup(kings),
            Method::Shifts => shifts::shifts(kings),
            Method::Translate => translate::translate(kings),
        }
    }

    /// The steps of this method on `kings`; the union of the steps that are part of the
    /// result is [`Method::attacks`].
    ///
    /// | method | steps |
    /// |---|---|
    /// | lookup | one per king, `ATTACKS[e1]` |
    /// | shifts | the eight steps clockwise from north, `b << 8`, `(b << 9) & notAFile`, … |
    /// | translate | the default mask around g2 (not part), then one translation per king |
    pub const fn trace(self, kings: Bitboard) -> Trace {
        match self {
            Method::Lookup => Trace::lookup(kings, &ATTACKS),
            Method::Shifts => Trace::jumps(kings, Jumps::King),
            Method::Translate => Trace::translate(kings, DEVLOG_MASK, DEFAULT_MASK, DEFAULT_SQUARE),
        }
    }
}
