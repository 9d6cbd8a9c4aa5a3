//! The one list of pieces, [`Leaper`], and every technique of them in one list, [`Method`],
//! for tools that name, compare and trace them (a piece's methods are [`Leaper::methods`]); the techniques themselves are in [`knight::technique`] and
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
//! use knightbits::technique::{Leaper, Method};
//! use knightbits::{Bitboard, Square};
//!
//! let pieces = Bitboard::from_square(Square::B1) | Square::G8;
//! for leaper in Leaper::ALL {
//!     for &method in leaper.methods() {
//!         assert_eq!(method.attacks(pieces), leaper.attacks_set(pieces), "{method}");
//!         assert_eq!(method.leaper(), leaper);
//!         assert_eq!(leaper.method(&method.name().to_uppercase()), Ok(method));
//!     }
//! }
//! assert_eq!(Method::ALL.len(), 9);
//! assert_eq!(
//!     Leaper::King.method("prefix").unwrap_err().to_string(),
//!     "prefix is the knight's method, not the king's; the king's are lookup, shifts or translate"
//! );
//! ```

use core::fmt;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::error::ParseMethodError;
use crate::position::{MoveList, Position, Role};
use crate::square::Square;
use crate::trace::Trace;
use crate::{king, knight};

crate::macros::named! {
    /// A leaper: a piece that jumps to fixed squares around it, whatever stands between. The
    /// one list of the pieces this crate has techniques for: each owns its jumps (its attack
    /// table and attack sets) and its methods.
    ///
    /// ```
    /// use knightbits::technique::Leaper;
    /// use knightbits::Square;
    ///
    /// assert_eq!("KING".parse(), Ok(Leaper::King));
    /// assert_eq!(Leaper::Knight.attacks(Square::A1).count(), 2);
    /// assert_eq!(Leaper::King.lookup().name(), "lookup");
    /// assert_eq!(Leaper::Knight.methods().len(), 6);
    /// ```
    pub enum Leaper {
        /// The knight: two squares one way, one the other.
        Knight = "knight",
        /// The king: one square any way.
        King = "king",
    }
    all: "Every leaper, the knight first.",
    name: "The piece's name: `knight` or `king`."
}

/// How many methods the knight has: the first entries of [`Method::ALL`].
const KNIGHT_METHODS: usize = knight::technique::Method::ALL.len();
/// How many methods the king has: the entries of [`Method::ALL`] after the knight's.
const KING_METHODS: usize = king::technique::Method::ALL.len();

impl Leaper {
    /// The role of this piece on a chess board.
    #[inline]
    pub const fn role(self) -> Role {
        match self {
            Leaper::Knight => Role::Knight,
            Leaper::King => Role::King,
        }
    }

    /// The leaper of `role`; `None` for a pawn or a slider.
    #[inline]
    pub const fn from_role(role: Role) -> Option<Leaper> {
        match role {
            Role::Knight => Some(Leaper::Knight),
            Role::King => Some(Leaper::King),
            _ => None,
        }
    }

    /// The attack table: entry `sq` is the attacks of this piece on `sq`.
    #[inline]
    pub const fn table(self) -> &'static [Bitboard; 64] {
        match self {
            Leaper::Knight => &knight::ATTACKS,
            Leaper::King => &king::ATTACKS,
        }
    }

    /// The attacks of this piece on `square`: one table lookup.
    #[inline]
    pub const fn attacks(self, square: Square) -> Bitboard {
        self.table()[square as usize]
    }

    /// The attacks of the pieces of `pieces` (any number of them), by the crate's fastest
    /// method for the piece.
    #[inline]
    pub const fn attacks_set(self, pieces: Bitboard) -> Bitboard {
        match self {
            Leaper::Knight => knight::attacks_set(pieces),
            Leaper::King => king::attacks_set(pieces),
        }
    }

    /// Pseudo-legal moves without a position: the attacks of `pieces` minus `own`.
    #[inline]
    pub const fn moves(self, pieces: Bitboard, own: Bitboard) -> Bitboard {
        match self {
            Leaper::Knight => knight::moves(pieces, own),
            Leaper::King => king::moves(pieces, own),
        }
    }

    /// This piece's methods, in their order (a slice of [`Method::ALL`]).
    #[inline]
    pub const fn methods(self) -> &'static [Method] {
        let (knight, king) = Method::ALL.split_at(KNIGHT_METHODS);
        match self {
            Leaper::Knight => knight,
            Leaper::King => king,
        }
    }

    /// This piece's lookup table method, the one every leaper has (the default).
    #[inline]
    pub const fn lookup(self) -> Method {
        match self {
            Leaper::Knight => Method::Knight(knight::technique::Method::Lookup),
            Leaper::King => Method::King(king::technique::Method::Lookup),
        }
    }

    /// This piece's method named `name`, in any case.
    ///
    /// # Errors
    ///
    /// [`MethodError`] if this piece has no method by that name; it says whose method it is
    /// when another piece has one.
    pub fn method(self, name: &str) -> Result<Method, MethodError> {
        let named = |m: &&Method| m.name().eq_ignore_ascii_case(name);
        if let Some(&m) = self.methods().iter().find(named) {
            return Ok(m);
        }
        Err(MethodError {
            leaper: self,
            other: Method::ALL.iter().find(named).copied(),
        })
    }
}

/// The moves of a leaper in a position: the core chooses each piece's move generator, so a
/// caller names the piece and never picks a function. (Written here, beside [`Leaper`], since
/// this module already looks at `position` and `position` must not look back.)
impl Position {
    /// The legal moves of the side to move's `leaper`s, sorted in UCI text order: a king's
    /// castlings included when `castling` (a piece that does not castle has none to include).
    ///
    /// ```
    /// use knightbits::position::Position;
    /// use knightbits::technique::Leaper;
    /// let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
    /// assert_eq!(pos.legal_moves(Leaper::King, true), pos.legal_king_moves(true));
    /// assert_eq!(pos.legal_moves(Leaper::Knight, true), pos.legal_knight_moves());
    /// assert_eq!(pos.legal_moves(Leaper::King, true).len(), 7); // five steps, two castlings
    /// # Ok::<(), knightbits::position::FenError>(())
    /// ```
    pub fn legal_moves(&self, leaper: Leaper, castling: bool) -> MoveList {
        match leaper {
            Leaper::Knight => self.legal_knight_moves(),
            Leaper::King => self.legal_king_moves(castling),
        }
    }

    /// The pseudo-legal moves of the side to move's `leaper`s (attacks `& !own`, pins and
    /// checks ignored), sorted in UCI text order: a king's castlings included when `castling`.
    ///
    /// ```
    /// use knightbits::position::Position;
    /// use knightbits::technique::Leaper;
    /// let pos: Position = "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1".parse()?;
    /// assert_eq!(pos.pseudo_legal_moves(Leaper::Knight, false).len(), 6);
    /// assert!(pos.legal_moves(Leaper::Knight, false).is_empty()); // pinned
    /// # Ok::<(), knightbits::position::FenError>(())
    /// ```
    pub fn pseudo_legal_moves(&self, leaper: Leaper, castling: bool) -> MoveList {
        match leaper {
            Leaper::Knight => self.pseudo_legal_knight_moves(),
            Leaper::King => self.pseudo_legal_king_moves(castling),
        }
    }
}

impl Default for Leaper {
    /// The knight, the piece every question is about unless another is named.
    ///
    /// ```
    /// use knightbits::technique::Leaper;
    /// assert_eq!(Leaper::default(), Leaper::ALL[0]);
    /// ```
    fn default() -> Leaper {
        Leaper::ALL[0]
    }
}

impl FromStr for Leaper {
    type Err = ParseLeaperError;

    /// The leaper named `s`, in any case.
    fn from_str(s: &str) -> Result<Leaper, ParseLeaperError> {
        Leaper::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or(ParseLeaperError)
    }
}

/// A piece name that is not a leaper's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseLeaperError;

impl fmt::Display for ParseLeaperError {
    /// `unknown piece: expected knight or king`, from [`Leaper::ALL`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown piece: expected ")?;
        write_names(f, Leaper::ALL.iter().map(|l| l.name()))
    }
}

impl core::error::Error for ParseLeaperError {}

/// A method name the piece asked has no method by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MethodError {
    leaper: Leaper,
    other: Option<Method>,
}

impl MethodError {
    /// The piece whose method was asked for.
    pub const fn leaper(&self) -> Leaper {
        self.leaper
    }

    /// Another piece's method by that name, if one has it.
    pub const fn other(&self) -> Option<Method> {
        self.other
    }
}

impl fmt::Display for MethodError {
    /// `prefix is the knight's method, not the king's; the king's are lookup, shifts or
    /// translate`, or `unknown method; the king's are …` when no piece has it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mine = self.leaper;
        match self.other {
            Some(m) => write!(
                f,
                "{} is the {}'s method, not the {mine}'s",
                m.name(),
                m.leaper()
            )?,
            None => write!(f, "{ParseMethodError}")?,
        }
        write!(f, "; the {mine}'s are ")?;
        write_names(f, mine.methods().iter().map(|m| m.name()))
    }
}

impl core::error::Error for MethodError {}

/// Names as a sentence lists them: `a, b or c`.
fn write_names<'a>(
    f: &mut fmt::Formatter<'_>,
    names: impl ExactSizeIterator<Item = &'a str>,
) -> fmt::Result {
    let n = names.len();
    for (i, name) in names.enumerate() {
        match i {
            0 => {}
            _ if i + 1 == n => f.write_str(" or ")?,
            _ => f.write_str(", ")?,
        }
        f.write_str(name)?;
    }
    Ok(())
}

/// A technique of one piece: the one list of every knight and king method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// One of the knight's methods.
    Knight(knight::technique::Method),
    /// One of the king's methods.
    King(king::technique::Method),
}

impl Method {
    /// Every method of every leaper, in [`Leaper::ALL`]'s order: the knight's, then the king's.
    pub const ALL: [Method; KNIGHT_METHODS + KING_METHODS] = {
        let mut all =
            [Method::Knight(knight::technique::Method::Lookup); KNIGHT_METHODS + KING_METHODS];
        let mut i = 0;
        while i < KNIGHT_METHODS {
            all[i] = Method::Knight(knight::technique::Method::ALL[i]);
            i += 1;
        }
        let mut j = 0;
        while j < KING_METHODS {
            all[i + j] = Method::King(king::technique::Method::ALL[j]);
            j += 1;
        }
        all
    };

    /// The piece the method is for.
    pub const fn leaper(self) -> Leaper {
        match self {
            Method::Knight(_) => Leaper::Knight,
            Method::King(_) => Leaper::King,
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
        write!(f, "{} {}", self.leaper(), self.name())
    }
}
