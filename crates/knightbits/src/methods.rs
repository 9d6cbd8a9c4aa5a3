//! The methods of every leaper that brings none of its own (the king's `technique` module),
//! generated from the leaper definition ([`leapers!`](crate::leaper::leapers)): the lookup,
//! the eight shifts and, with a devlog mask, the translation, each with its trace. Between
//! the definition's tables below and the one list of methods in
//! [`technique`](crate::technique) above.

/// A `technique` module for each piece of the definition without `methods`.
macro_rules! generated {
    ($([$(#[$doc:meta])*] $variant:ident $name:literal ($vis:vis) $module:ident $singular:literal $plural:literal ($role:expr) $letter:literal $glyph:literal
        [$($setwise:path)?] [$($lane:path)?] [$($kernel:ident)?] [$($methods:path)?] [$($devlog:literal $devlog_square:literal $square:literal)?]
        [$(#[$dmeta:meta])*] [$($(#[$vmeta:meta])* $direction:ident $dname:literal $df:literal $dr:literal;)+] $all:literal $name_doc:literal;)+) => {
        $(
        crate::leaper::unless_given! {
            [$($methods)?]

            pub mod $module {
                #![doc = concat!("Every ", $singular, " technique, each proved equal to [`attacks_set`](Leaper::attacks_set) on every")]
                //! input, with [`Method`] to pick one by name and trace it step by step:
                //! [`lookup`], the table, one lookup per piece; [`shifts`], the union of
                //! the eight jumps, each masked after its shift (the article's form, and
                //! its exercise for the king); and, where the devlog draws the piece,
                //! `translate`, its default mask shifted to each piece.

                use crate::bitboard::Bitboard;
                use crate::leaper::Leaper;
                use crate::trace::{Jumps, Trace};

                #[allow(unused_imports)]
                use crate::leaper::$module::{ATTACKS, JUMPS};
                $(pub use crate::leaper::$module::{DEFAULT_MASK, DEFAULT_SQUARE, DEVLOG_MASK, DEVLOG_SQUARE};
                const _: u64 = $devlog;)?

                crate::macros::named! {
                    #[doc = concat!("A way to compute ", $singular, " attacks; every one gives the same sets.")]
                    pub enum Method {
                        /// [`lookup`]: the precomputed table, one lookup per piece.
                        Lookup = "lookup",
                        /// [`shifts`]: the eight jumps, each shift masked after it.
                        Shifts = "shifts",
                        $(
                            #[doc = concat!("[`translate`]: the devlog's default mask `", stringify!($devlog), "`, one translation per piece.")]
                            Translate = "translate",
                        )?
                    }
                    all: "Every method, in the order above.",
                    name: "The method's name on the command line: `lookup`, `shifts`, `translate`.",
                    parse
                }

                #[doc = concat!("The union of the table entries ([`ATTACKS`](ATTACKS)) of the ", $plural, " of `pieces`, one bit")]
                /// scan and one lookup per piece.
                #[inline]
                pub const fn lookup(pieces: Bitboard) -> Bitboard {
                    crate::leaper::lookup(&ATTACKS, pieces)
                }

                #[doc = concat!("Attacks of the ", $plural, " of `pieces` by calculation: the union of the eight")]
                /// shifts ([`Direction::shift`](crate::leaper::Direction::shift)), each masked
                /// after the shift against a/h wraps.
                #[inline]
                pub const fn shifts(pieces: Bitboard) -> Bitboard {
                    crate::leaper::attacks(&JUMPS, pieces, false)
                }

                $(
                    #[doc = concat!("Attacks of every ", $singular, " of `pieces` by translating the default mask (`", stringify!($devlog), "`")]
                    #[doc = concat!("in the devlog's numbering) from ", $square, " to its square, the bits that wrapped around the a/h")]
                    /// edge removed (see [`Bitboard::translate`]).
                    #[inline]
                    pub const fn translate(pieces: Bitboard) -> Bitboard {
                        crate::leaper::translate(DEFAULT_MASK, DEFAULT_SQUARE, pieces)
                    }
                )?

                impl Method {
                    #[doc = concat!("The attacks of every ", $singular, " of `pieces` by this method.")]
                    pub const fn attacks(self, pieces: Bitboard) -> Bitboard {
                        match self {
                            Method::Lookup => lookup(pieces),
                            Method::Shifts => shifts(pieces),
                            #[allow(unreachable_patterns)]
                            _ => match TRANSLATION {
                                Some((_, mask, from)) => crate::leaper::translate(mask, from, pieces),
                                None => Bitboard::EMPTY,
                            },
                        }
                    }

                    /// The steps of this method on `pieces`; the union of the steps
                    /// that are part of the result is [`Method::attacks`].
                    ///
                    /// | method | steps |
                    /// |---|---|
                    /// | lookup | one per piece, `ATTACKS[e1]` |
                    /// | shifts | the eight jumps in the definition's order, `(b << 9) & notAFile`, … |
                    /// | translate | the default mask (not part), then one translation per piece |
                    pub const fn trace(self, pieces: Bitboard) -> Trace {
                        match self {
                            Method::Lookup => Trace::lookup(pieces, &ATTACKS),
                            Method::Shifts => Trace::jumps(pieces, Jumps::PostMask(Leaper::$variant)),
                            #[allow(unreachable_patterns)]
                            _ => match TRANSLATION {
                                Some((devlog, mask, from)) => Trace::translate(pieces, devlog, mask, from),
                                None => Trace::lookup(Bitboard::EMPTY, &ATTACKS),
                            },
                        }
                    }
                }

                /// The devlog's mask as it writes it, in LERF and its square, where the
                /// definition gives one (no piece without one has `translate`).
                #[allow(dead_code)]
                const TRANSLATION: Option<(u64, Bitboard, crate::square::Square)> = crate::leaper::given_or!(
                    [$(Some(($devlog, DEFAULT_MASK, DEFAULT_SQUARE)))?]
                    [None]
                );
            }
        }
        )+
    };
}

crate::leaper::leapers!(generated);
