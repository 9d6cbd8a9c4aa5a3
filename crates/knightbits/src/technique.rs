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
//! [`king::technique`]: crate::king::technique
//! [`king::technique::lookup`]: crate::king::technique::lookup
//! [`king::technique::shifts`]: crate::king::technique::shifts
//! [`king::technique::translate`]: crate::king::technique::translate
//! [`knight::technique`]: crate::knight::technique
//! [`knight::technique::fork_target_square`]: crate::knight::technique::fork_target_square
//! [`knight::technique::halves`]: crate::knight::technique::halves
//! [`knight::technique::lookup`]: crate::knight::technique::lookup
//! [`knight::technique::post_mask`]: crate::knight::technique::post_mask
//! [`knight::technique::pre_mask`]: crate::knight::technique::pre_mask
//! [`knight::technique::prefix`]: crate::knight::technique::prefix
//! [`knight::technique::translate`]: crate::knight::technique::translate
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
//! // The knight's six, then the king's three, then any other piece's.
//! assert_eq!(&Method::ALL[..6], Leaper::Knight.methods());
//! assert_eq!(&Method::ALL[6..9], Leaper::King.methods());
//! assert_eq!(
//!     Leaper::King.method("prefix").unwrap_err().to_string(),
//!     "prefix is the knight's method, not the king's; the king's are lookup, shifts or translate"
//! );
//! ```

use core::fmt;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::error::ParseMethodError;
use crate::position::{MoveList, Placement, Position, Role};
use crate::square::Square;

use crate::batch::{Backend, Kernel, LengthMismatch};
pub use crate::leaper::{Direction, Leaper};
use crate::trace::Trace;
// The routines the knight and the king bring to the definition (`knight::attacks_set`, …).
use crate::{king, knight};

impl Leaper {
    /// The attacks of this piece on `square`: one table lookup.
    #[inline]
    pub const fn attacks(self, square: Square) -> Bitboard {
        self.table()[square as usize]
    }

    /// Pseudo-legal moves without a position: the attacks of `pieces` minus `own`.
    #[inline]
    pub const fn moves(self, pieces: Bitboard, own: Bitboard) -> Bitboard {
        self.attacks_set(pieces).difference(own)
    }

    /// The leaper of `role`; `None` for a pawn or a slider.
    pub const fn from_role(role: Role) -> Option<Leaper> {
        let mut i = 0;
        while i < Leaper::ALL.len() {
            match Leaper::ALL[i].role() {
                Some(r) if r as u8 == role as u8 => return Some(Leaper::ALL[i]),
                _ => {}
            }
            i += 1;
        }
        None
    }

    /// Whether this piece's moves may include castling: the king's.
    #[inline]
    pub const fn castles(self) -> bool {
        matches!(self.role(), Some(Role::King))
    }

    /// The attacks of the pieces of every bitboard of `input` into `output` (`output[i]` =
    /// [`Leaper::attacks_set`]`(input[i])`), with the fastest kernels this CPU has (see
    /// [`batch`](crate::batch)).
    ///
    /// ```
    /// use knightbits::technique::Leaper;
    /// use knightbits::{king, Square};
    /// let mut out = [0u64; 2];
    /// Leaper::King.attacks_batch(&[1 << Square::A1 as u8, 0], &mut out)?;
    /// assert_eq!(out, [king::attacks(Square::A1).0, 0]);
    /// # Ok::<(), knightbits::batch::LengthMismatch>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`LengthMismatch`](crate::batch::LengthMismatch) if the slices differ in length;
    /// nothing is written then.
    #[inline]
    pub fn attacks_batch(
        self,
        input: &[u64],
        output: &mut [u64],
    ) -> Result<(), crate::batch::LengthMismatch> {
        crate::batch::backend().attacks(self, input, output)
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
    /// castlings included when `castling` (a piece that does not castle has none to include;
    /// a leaper chess does not have has no moves, as no board holds one).
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
        match leaper.role() {
            Some(Role::King) => self.legal_king_moves(castling),
            Some(Role::Knight) => self.legal_knight_moves(),
            _ => MoveList::new(),
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
        match leaper.role() {
            Some(Role::King) => self.pseudo_legal_king_moves(castling),
            Some(Role::Knight) => self.pseudo_legal_knight_moves(),
            _ => MoveList::new(),
        }
    }
}

impl Placement {
    /// The squares the `color` pieces of `leaper` attack on this board: none for a leaper
    /// chess does not have (no board holds one).
    ///
    /// ```
    /// use knightbits::position::{Placement, Position};
    /// use knightbits::technique::Leaper;
    /// use knightbits::Color;
    /// let start = Placement::from(Position::start());
    /// assert_eq!(start.leaper_attacks(Color::White, Leaper::Knight).count(), 6);
    /// assert_eq!(start.leaper_attacks(Color::Black, Leaper::King).count(), 5);
    /// ```
    pub fn leaper_attacks(&self, color: Color, leaper: Leaper) -> Bitboard {
        match leaper.role() {
            Some(role) => self.attacks_by(color, role),
            None => Bitboard::EMPTY,
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

impl fmt::Display for Method {
    /// The piece and the name: `knight post-mask`, `king shifts`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.leaper(), self.name())
    }
}

/// The upper layer of the leaper definition ([`leapers!`](crate::leaper::leapers)): the one
/// list of methods, what [`Leaper`] asks of a piece's own routines (its role, its setwise
/// attacks, its methods) and the batch wiring ([`Backend::attacks`](crate::batch::Backend::attacks)).
macro_rules! upper {
    ($([$(#[$doc:meta])*] $variant:ident $name:literal ($vis:vis) $module:ident $singular:literal $plural:literal ($role:expr) $letter:literal $glyph:literal
        [$($setwise:path)?] [$($lane:path)?] [$($kernel:ident)?] [$($methods:path)?] [$($devlog:literal $devlog_square:literal $square:literal)?]
        [$(#[$dmeta:meta])*] [$($(#[$vmeta:meta])* $direction:ident $dname:literal $df:literal $dr:literal;)+] $all:literal $name_doc:literal;)+) => {
        /// Each piece's methods, lane and kernel.
        mod pieces {
            $(
                pub(super) mod $module {
                    use super::super::*;

                    /// The piece's methods: its own list, or the generated one.
                    pub(crate) type Methods =
                        crate::leaper::given_or!([$($methods)?] [crate::methods::$module::Method]);

                    /// The piece's methods in the one list's type, in their order.
                    pub(crate) const METHODS: [Method; Methods::ALL.len()] = {
                        let mut all = [Method::$variant(Methods::ALL[0]); Methods::ALL.len()];
                        let mut i = 1;
                        while i < all.len() {
                            all[i] = Method::$variant(Methods::ALL[i]);
                            i += 1;
                        }
                        all
                    };

                    /// The scalar lane of the batch kernels, one bitboard.
                    #[inline(always)]
                    pub(crate) fn lane(pieces: u64) -> u64 {
                        crate::leaper::given_or!(
                            [$($lane(Bitboard(pieces)))?]
                            [Leaper::$variant.attacks_set(Bitboard(pieces))]
                        )
                        .0
                    }

                    /// The SIMD kernel of the batch functions, where one is written for the piece.
                    pub(crate) const KERNEL: Option<Kernel> =
                        crate::leaper::given_or!([$(Some(Kernel::$kernel))?] [None]);
                }
            )+
        }

        /// A technique of one piece: the one list of every leaper's methods.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Method {
            $(
                #[doc = concat!("One of the ", $singular, "'s methods.")]
                $variant(pieces::$module::Methods),
            )+
        }

        impl Method {
            /// Every method of every leaper, in [`Leaper::ALL`]'s order: the knight's, then the
            /// king's, and so on.
            pub const ALL: [Method; 0 $(+ pieces::$module::Methods::ALL.len())+] = {
                let mut all = [Leaper::ALL[0].lookup(); 0 $(+ pieces::$module::Methods::ALL.len())+];
                let mut i = 0;
                $(
                    let mut j = 0;
                    while j < pieces::$module::METHODS.len() {
                        all[i] = pieces::$module::METHODS[j];
                        i += 1;
                        j += 1;
                    }
                )+
                all
            };

            /// The piece the method is for.
            pub const fn leaper(self) -> Leaper {
                match self {
                    $(Method::$variant(_) => Leaper::$variant,)+
                }
            }

            /// The method's name, which is unique among its piece's methods (`lookup`,
            /// `post-mask`, …, `shifts`, `translate`).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Method::$variant(m) => m.name(),)+
                }
            }

            /// The attack set of the pieces of `pieces` by this method.
            pub const fn attacks(self, pieces: Bitboard) -> Bitboard {
                match self {
                    $(Method::$variant(m) => m.attacks(pieces),)+
                }
            }

            /// The steps of this method on `pieces`, in the source's order.
            pub const fn trace(self, pieces: Bitboard) -> Trace {
                match self {
                    $(Method::$variant(m) => m.trace(pieces),)+
                }
            }
        }

        $(
            impl From<pieces::$module::Methods> for Method {
                #[doc = concat!("The ", $singular, "'s method among every leaper's.")]
                #[inline]
                fn from(m: pieces::$module::Methods) -> Method {
                    Method::$variant(m)
                }
            }
        )+

        impl Leaper {
            /// The role of this piece on a chess board; `None` for a piece chess does not have.
            #[inline]
            pub const fn role(self) -> Option<Role> {
                match self {
                    $(Leaper::$variant => $role,)+
                }
            }

            /// The attacks of the pieces of `pieces` (any number of them), by the crate's
            /// fastest method for the piece.
            #[inline]
            pub const fn attacks_set(self, pieces: Bitboard) -> Bitboard {
                match self {
                    $(Leaper::$variant => crate::leaper::given_or!(
                        [$($setwise(pieces))?]
                        [crate::leaper::attacks(self.jumps(), pieces, false)]
                    ),)+
                }
            }

            /// This piece's methods, in their order (in [`Method::ALL`], in the same order).
            #[inline]
            pub const fn methods(self) -> &'static [Method] {
                match self {
                    $(Leaper::$variant => &pieces::$module::METHODS,)+
                }
            }

            /// This piece's lookup table method, the one every leaper has (the default).
            #[inline]
            pub const fn lookup(self) -> Method {
                match self {
                    $(Leaper::$variant => Method::$variant(pieces::$module::Methods::Lookup),)+
                }
            }
        }

        impl Backend {
            /// `output[i]` = attacks of the `leaper`s in `input[i]` (as
            /// [`Leaper::attacks_set`]), with these kernels.
            ///
            /// # Errors
            ///
            /// [`LengthMismatch`] if the slices differ in length; nothing is written then.
            #[inline]
            pub fn attacks(
                self,
                leaper: Leaper,
                input: &[u64],
                output: &mut [u64],
            ) -> Result<(), LengthMismatch> {
                match leaper {
                    $(Leaper::$variant => self.map(
                        pieces::$module::KERNEL,
                        pieces::$module::lane,
                        input,
                        output,
                    ),)+
                }
            }
        }
    };
}

crate::leaper::leapers!(upper);
