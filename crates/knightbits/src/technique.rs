//! Every technique of both pieces in one list, [`Method`], for tools that name, compare and
//! trace them; the techniques themselves are in [`knight::technique`] and
//! [`king::technique`], each under its source's name.
//!
//! Both pieces are one leaper definition: a list of eight (file, rank) jumps, from which each
//! piece's `Direction`, its `ATTACKS` table, its lookup, shifts and translation and the steps
//! of their traces are computed.
//!
//! | technique | source | knight | king |
//! |---|---|---|---|
//! | lookup table, one lookup per piece | wiki "by Lookup" (`arrKnightAttacks[sq]`) | [`knight::technique::lookup`] | [`king::technique::lookup`] |
//! | eight directions, mask after the shift | wiki "by Calculation" (first listing); article (`nA nAB nH nGH`, grouped in pairs; the king as its exercise) | [`knight::technique::post_mask`] | [`king::technique::shifts`] |
//! | eight directions, mask before the shift | wiki "by Calculation" (second listing); engine wiki (the same masks, numbered from h1) | [`knight::technique::pre_mask`] | |
//! | multiple knights, east/west parallel prefix | wiki "Multiple Knight Attacks", first routine | [`knight::technique::prefix`] | |
//! | multiple knights, `l1 l2 r1 r2` | wiki "Multiple Knight Attacks", second routine | [`knight::technique::halves`] | |
//! | fork target squares, pairwise intersections accumulated | wiki "Knight Forks" (`forkTargetSquare`) | [`knight::technique::fork_target_square`] | |
//! | default-mask translation | devlog (`0xA1100110A` on its square 19, `0x70507` on its square 10) | [`knight::technique::translate`] | [`king::technique::translate`] |
//! | bit counts | article | [`popcount`](crate::popcount) | |
//!
//! ```
//! use knightbits::position::Role;
//! use knightbits::technique::Method;
//! use knightbits::{king, knight, Bitboard, Square};
//!
//! let pieces = Bitboard::from_square(Square::B1) | Square::G8;
//! for method in Method::ALL {
//!     let expected = match method.piece() {
//!         Role::Knight => knight::attacks_set(pieces),
//!         _ => king::attacks_set(pieces),
//!     };
//!     assert_eq!(method.attacks(pieces), expected, "{method}");
//!     assert_eq!(Method::of(method.piece(), method.name()), Ok(method));
//! }
//! assert_eq!(Method::ALL.len(), 9);
//! assert!(Method::of(Role::King, "prefix").is_err());
//! ```

use core::fmt;

use crate::bitboard::Bitboard;
use crate::error::ParseMethodError;
use crate::position::Role;
use crate::trace::Trace;
use crate::{king, knight};

/// A technique of one piece: the one list of every knight and king method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// One of the knight's methods.
    Knight(knight::technique::Method),
    /// One of the king's methods.
    King(king::technique::Method),
}

impl Method {
    /// Every method of both pieces: the knight's in their order, then the king's.
    pub const ALL: [Method; 9] = {
        let mut all = [Method::Knight(knight::technique::Method::Lookup); 9];
        let mut i = 0;
        while i < knight::technique::Method::ALL.len() {
            all[i] = Method::Knight(knight::technique::Method::ALL[i]);
            i += 1;
        }
        let mut j = 0;
        while j < king::technique::Method::ALL.len() {
            all[i + j] = Method::King(king::technique::Method::ALL[j]);
            j += 1;
        }
        all
    };

    /// The method of `piece` (a knight or a king) named `name`.
    ///
    /// # Errors
    ///
    /// [`ParseMethodError`] if that piece has no method by that name, or is neither a knight
    /// nor a king.
    pub fn of(piece: Role, name: &str) -> Result<Method, ParseMethodError> {
        Method::ALL
            .into_iter()
            .find(|m| m.piece() == piece && m.name() == name)
            .ok_or(ParseMethodError)
    }

    /// The lookup table of `piece`: [`Method::Knight`]`(Lookup)` for a knight, the king's
    /// otherwise.
    pub const fn lookup(piece: Role) -> Method {
        match piece {
            Role::Knight => Method::Knight(knight::technique::Method::Lookup),
            _ => Method::King(king::technique::Method::Lookup),
        }
    }

    /// The piece the method is for: [`Role::Knight`] or [`Role::King`].
    pub const fn piece(self) -> Role {
        match self {
            Method::Knight(_) => Role::Knight,
            Method::King(_) => Role::King,
        }
    }

    /// The method's name, which is unique among its piece's methods (`lookup`, `post-mask`,
    /// …, `shifts`, `translate`).
    pub const fn name(self) -> &'static str {
        match self {
            Method::Knight(m) => m.name(),
            Method::King(m) => m.name(),
        }
    }

    /// The attack set of the pieces of `pieces` by this method.
    pub const fn attacks(self, pieces: Bitboard) -> Bitboard {
        match self {
            Method::Knight(m) => m.attacks(pieces),
            Method::King(m) => m.attacks(pieces),
        }
    }

    /// The steps of this method on `pieces`, in the source's order.
    pub const fn trace(self, pieces: Bitboard) -> Trace {
        match self {
            Method::Knight(m) => m.trace(pieces),
            Method::King(m) => m.trace(pieces),
        }
    }
}

impl fmt::Display for Method {
    /// The piece and the name: `knight post-mask`, `king shifts`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.piece().name(), self.name())
    }
}
