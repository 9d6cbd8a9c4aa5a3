//! The one definition of every leaper, the knight and the king alike ([`leapers!`], written
//! once below): each piece is a name, a role, a letter and a glyph, eight jumps (each a name in
//! the piece's own vocabulary and a file and a rank delta, clockwise) and, where it has them,
//! its own fastest routines, SIMD kernel and methods. Three layers read it, each where the
//! modules it names sit below it, so the core's modules form no circle: this module's
//! [`lower!`] makes [`Leaper`] and what needs only the jumps (each piece's `Direction`,
//! `ATTACKS` table, lookup, moves and batch function, the file masks that stop a shift from
//! wrapping across the a/h edge, the default-mask translation, the jump steps of traces,
//! [`Direction`]); `methods` makes the methods of a piece without its own (the king's
//! `technique` module, with their traces); `technique` makes every method in one list
//! (`Method`), what [`Leaper`] asks of a piece's own routines (`role`, `attacks_set`,
//! `methods`) and the batch kernels' dispatch (`Backend::attacks`). A piece added here is
//! proved by the tests of this file and of `tests/proofs.rs` and `tests/traces.rs` with no
//! more code: they walk [`Leaper::ALL`].

use crate::bitboard::Bitboard;
use crate::square::Square;

/// One jump: files moved towards h and ranks moved towards rank 8 (negative: towards a, 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Jump {
    pub(crate) file: i8,
    pub(crate) rank: i8,
}

impl Jump {
    /// The square difference, target minus origin in LERF: the shift of the whole board.
    #[inline]
    pub(crate) const fn offset(self) -> i8 {
        8 * self.rank + self.file
    }

    /// The squares this jump can land on without wrapping: the mask after the shift.
    #[inline]
    pub(crate) const fn mask_after(self) -> Bitboard {
        Bitboard::wrap_mask(self.file)
    }

    /// The pieces that can make this jump without wrapping: the mask before the shift.
    #[inline]
    pub(crate) const fn mask_before(self) -> Bitboard {
        Bitboard::wrap_mask(-self.file)
    }

    /// Every piece of `b` moved by this jump: shifted, then masked.
    #[inline]
    pub(crate) const fn shift(self, b: Bitboard) -> Bitboard {
        b.shift(self.offset() as i32)
            .intersection(self.mask_after())
    }

    /// The same, masked before the shift.
    #[inline]
    pub(crate) const fn shift_pre_masked(self, b: Bitboard) -> Bitboard {
        b.intersection(self.mask_before())
            .shift(self.offset() as i32)
    }
}

/// The union of the eight jumps of `b`, each masked after its shift, or before it with
/// `pre_masked`.
#[inline]
pub(crate) const fn attacks(jumps: &[Jump; 8], b: Bitboard, pre_masked: bool) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    let mut i = 0;
    while i < 8 {
        set = set.union(if pre_masked {
            jumps[i].shift_pre_masked(b)
        } else {
            jumps[i].shift(b)
        });
        i += 1;
    }
    set
}

/// The attack table: entry `sq` is the union of the jumps from `sq`.
pub(crate) const fn table(jumps: &[Jump; 8]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = attacks(jumps, Bitboard(1 << i), false);
        i += 1;
    }
    table
}

/// The union of the table entries of the pieces of `set`: one bit scan and one load a piece.
#[inline]
pub(crate) const fn lookup(table: &[Bitboard; 64], set: Bitboard) -> Bitboard {
    let mut rest = set.0;
    let mut out = 0;
    while rest != 0 {
        out |= table[rest.trailing_zeros() as usize].0;
        rest &= rest - 1;
    }
    Bitboard(out)
}

/// The union of `mask` (drawn around `from`) translated to every piece of `set`.
#[inline]
pub(crate) const fn translate(mask: Bitboard, from: Square, set: Bitboard) -> Bitboard {
    let mut rest = set;
    let mut out = Bitboard::EMPTY;
    while let Some(square) = rest.pop_first() {
        out = out.union(mask.translate(from, square));
    }
    out
}

/// The LERF square of the devlog's square `n`: it counts from 1 at h1 along rank 1 towards
/// a1, then rank 2 from h2, and so on.
const fn devlog_square(n: u8) -> Square {
    let bit = n - 1;
    Square::ALL[(bit / 8 * 8 + 7 - bit % 8) as usize]
}

/// The first group if it holds anything, else the second: an optional part of a leaper's
/// definition, or what every leaper without it gets.
macro_rules! given_or {
    ([$($given:tt)+] [$($default:tt)*]) => { $($given)+ };
    ([] [$($default:tt)*]) => { $($default)* };
}
pub(crate) use given_or;

/// The items, unless the first group holds something (a leaper that brings its own).
macro_rules! unless_given {
    ([$($given:tt)+] $($item:item)*) => {};
    ([] $($item:item)*) => { $($item)* };
}
pub(crate) use unless_given;

/// The lower layer of the definition: the [`Leaper`] variant and its name, letter and glyph;
/// a module per piece with its `Direction`s and jumps, its `ATTACKS` table, lookup, moves and
/// batch function; and [`Direction`] over all of them. It reads the jumps only; the routines
/// a piece brings are named for the layers above.
///
/// Optional parts, in this order: `setwise` (the fastest routine on a set; else the union of
/// the eight shifts), `lane` (the branch-free scalar lane of the batch kernels; else
/// `setwise`), `kernel` (a SIMD [`Kernel`](crate::batch::Kernel); else the lane runs on every
/// kernel set, where the compiler vectorizes it), `methods` (the piece's own `Method`) and
/// `devlog` (the devlog's default mask and its square).
macro_rules! lower {
    ($([$(#[$doc:meta])*] $variant:ident $name:literal ($vis:vis) $module:ident $singular:literal $plural:literal ($role:expr) $letter:literal $glyph:literal
        [$($setwise:path)?] [$($lane:path)?] [$($kernel:ident)?] [$($methods:path)?] [$($devlog:literal $devlog_square:literal $square:literal)?]
        [$(#[$dmeta:meta])*] [$($(#[$vmeta:meta])* $direction:ident $dname:literal $df:literal $dr:literal;)+] $all:literal $name_doc:literal;)+) => {
        crate::macros::named! {
            /// A leaper: a piece that jumps to fixed squares around it, whatever stands between.
            /// The one list of the pieces this crate has techniques for, written once (the
            /// leaper definition): each owns its jumps (its attack table and attack sets) and
            /// its methods.
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
                $($(#[$doc])* $variant = $name,)+
            }
            all: "Every leaper, in the definition's order (the knight first).",
            name: concat!("The piece's name: ", $("`", $name, "` ",)+ "(the definition's names).")
        }

        $(
            #[doc = concat!("The ", $singular, " as the leaper definition writes it: its jumps, table, lookup,")]
            /// setwise attacks, moves and batch function (and, for a piece without methods of its
            /// own, its `technique` module).
            pub mod $module {
                use super::Jump;
                use crate::batch::LengthMismatch;
                use crate::bitboard::Bitboard;
                use crate::square::Square;
                use super::Leaper;

                crate::macros::named! {
                    $(#[$dmeta])*
                    pub enum Direction {
                        $($(#[$vmeta])* $direction = $dname,)+
                    }
                    all: $all,
                    name: $name_doc
                }

                /// The deltas of [`Direction::ALL`], in its order.
                pub(crate) const JUMPS: [Jump; 8] = [$(Jump { file: $df, rank: $dr }),+];

                #[doc = concat!("`ATTACKS[sq]` is the set of squares a ", $singular, " on `sq` attacks, built at compile time")]
                /// from its eight jumps (the leaper definition every table is built from).
                pub static ATTACKS: [Bitboard; 64] = super::table(&JUMPS);

                #[doc = concat!("The squares a ", $singular, " on `square` attacks, by table lookup; usable in constants.")]
                #[inline]
                pub const fn attacks(square: Square) -> Bitboard {
                    ATTACKS[square as usize]
                }

                #[doc = concat!("The squares the ", $plural, " of `pieces` can move to, ignoring checks and pins: their")]
                /// attacks minus the squares of their own pieces, `own` (the engine wiki's
                /// `attacks & ~own`): [`Leaper::moves`], the attacks by the piece's fastest
                /// routine ([`Leaper::attacks_set`]).
                #[inline]
                pub const fn moves(pieces: Bitboard, own: Bitboard) -> Bitboard {
                    Leaper::$variant.moves(pieces, own)
                }

                #[doc = concat!("Attacks of the ", $plural, " of every bitboard of `input` into `output` (`output[i]` =")]
                /// [`Leaper::attacks_set`]`(input[i])`), with the fastest kernels this CPU has: AVX-512,
                /// AVX2 or scalar (see [`batch`](crate::batch) for how they are chosen).
                ///
                /// # Errors
                ///
                /// [`LengthMismatch`] if the slices differ in length; nothing is written then.
                #[inline]
                pub fn attacks_batch(input: &[u64], output: &mut [u64]) -> Result<(), LengthMismatch> {
                    crate::batch::backend().attacks(Leaper::$variant, input, output)
                }

                $(
                    #[doc = concat!("The devlog's default mask of the ", $plural, ", `", stringify!($devlog), "`, exactly as it")]
                    /// writes it, in its numbering: h1 = bit 0, g1 = bit 1, …, a8 = bit 63. The piece
                    #[doc = concat!("stands on its square ", stringify!($devlog_square), " ([`DEVLOG_SQUARE`]), which is ", $square, ".")]
                    pub const DEVLOG_MASK: u64 = $devlog;

                    #[doc = concat!("The devlog's square number of the piece in [`DEVLOG_MASK`]: ", stringify!($devlog_square), ", counting h1")]
                    #[doc = concat!("as square 1 (so bit ", stringify!($devlog_square), " − 1 of its numbering), which is ", $square, ".")]
                    pub const DEVLOG_SQUARE: u8 = $devlog_square;

                    /// The default mask in LERF numbering: [`DEVLOG_MASK`] with the files mirrored,
                    /// the attacks of the piece on [`DEFAULT_SQUARE`].
                    pub const DEFAULT_MASK: Bitboard = Bitboard(DEVLOG_MASK).mirror_horizontal();

                    #[doc = concat!("The square the default mask is drawn around: ", $square, " (the devlog's square ", stringify!($devlog_square), ").")]
                    pub const DEFAULT_SQUARE: Square = super::devlog_square(DEVLOG_SQUARE);
                )?

                impl Direction {
                    /// Files moved towards h (negative: towards a).
                    #[inline]
                    pub const fn file_delta(self) -> i8 {
                        JUMPS[self as usize].file
                    }

                    /// Ranks moved towards rank 8 (negative: towards rank 1).
                    #[inline]
                    pub const fn rank_delta(self) -> i8 {
                        JUMPS[self as usize].rank
                    }

                    /// The square difference, target minus origin in LERF; the shift of the whole
                    /// board (left for positive, right for negative).
                    #[inline]
                    pub const fn offset(self) -> i8 {
                        JUMPS[self as usize].offset()
                    }

                    #[doc = concat!("The ", $plural, " that can move this way without leaving the board sideways: the")]
                    /// mask before the shift (`notHFile` for one file east, `notGHFile` for two,
                    /// `notAFile` and `notABFile` west, every square for none).
                    #[inline]
                    pub const fn mask_before(self) -> Bitboard {
                        JUMPS[self as usize].mask_before()
                    }

                    /// The squares a move this way can land on: the mask after the shift
                    /// (`notAFile` for one file east, `notABFile` for two, `notHFile` and
                    /// `notGHFile` west, every square for none: what leaves the board north or
                    /// south falls off the end).
                    #[inline]
                    pub const fn mask_after(self) -> Bitboard {
                        JUMPS[self as usize].mask_after()
                    }

                    #[doc = concat!("The squares the ", $plural, " of `b` reach by this move: the shift by")]
                    /// [`Direction::offset`], then [`Direction::mask_after`].
                    #[inline]
                    pub const fn shift(self, b: Bitboard) -> Bitboard {
                        JUMPS[self as usize].shift(b)
                    }
                }
            }
        )+

        /// The modules of the pieces the definition makes public itself (`pub mod camel`),
        /// re-exported at the crate's root; `knight` and `king` have modules of their own,
        /// which re-export what they take from here.
        pub mod pieces {
            $(
                #[allow(unused_imports)]
                $vis use super::$module;
            )+
        }

        /// A jump of any leaper: the piece's own [`Direction`](crate::knight::Direction), named
        /// by the piece's vocabulary (`noNoEa`, `north`). A trace's jump steps carry one
        /// ([`Kind::PostMask`](crate::trace::Kind::PostMask)).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Direction {
            $(
                #[doc = concat!("One of the ", $singular, "'s jumps.")]
                $variant($module::Direction),
            )+
        }

        $(
            impl From<$module::Direction> for Direction {
                #[doc = concat!("The ", $singular, "'s jump among every leaper's.")]
                #[inline]
                fn from(d: $module::Direction) -> Direction {
                    Direction::$variant(d)
                }
            }
        )+

        impl Direction {
            /// The piece whose jump this is, and its place in the piece's list.
            #[inline]
            const fn place(self) -> (Leaper, usize) {
                match self {
                    $(Direction::$variant(d) => (Leaper::$variant, d as usize),)+
                }
            }

            /// Jump `i` of `leaper`, in its definition's order.
            #[inline]
            pub(crate) const fn nth(leaper: Leaper, i: usize) -> Direction {
                match leaper {
                    $(Leaper::$variant => Direction::$variant($module::Direction::ALL[i % 8]),)+
                }
            }

            /// The piece whose jump this is.
            #[inline]
            pub const fn leaper(self) -> Leaper {
                self.place().0
            }

            /// The jump's name in its piece's vocabulary: `noNoEa`, `north`.
            #[inline]
            pub const fn name(self) -> &'static str {
                match self {
                    $(Direction::$variant(d) => d.name(),)+
                }
            }

            /// Files moved towards h (negative: towards a).
            #[inline]
            pub const fn file_delta(self) -> i8 {
                let (leaper, i) = self.place();
                leaper.jumps()[i].file
            }

            /// Ranks moved towards rank 8 (negative: towards rank 1).
            #[inline]
            pub const fn rank_delta(self) -> i8 {
                let (leaper, i) = self.place();
                leaper.jumps()[i].rank
            }

            /// The squares the pieces of `b` reach by this jump: shifted, then masked against
            /// the a/h wrap.
            #[inline]
            pub const fn shift(self, b: Bitboard) -> Bitboard {
                let (leaper, i) = self.place();
                leaper.jumps()[i].shift(b)
            }
        }

        impl Leaper {
            /// The piece's letter (FEN's, lower case, for a chess piece): `n`, `k`.
            #[inline]
            pub const fn letter(self) -> char {
                match self {
                    $(Leaper::$variant => $letter,)+
                }
            }

            /// The piece's symbol as a diagram draws it (the black one, filled, for a chess
            /// piece): `♞`, `♚`.
            #[inline]
            pub const fn glyph(self) -> char {
                match self {
                    $(Leaper::$variant => $glyph,)+
                }
            }

            /// The attack table: entry `sq` is the attacks of this piece on `sq`.
            #[inline]
            pub const fn table(self) -> &'static [Bitboard; 64] {
                match self {
                    $(Leaper::$variant => &$module::ATTACKS,)+
                }
            }

            /// The piece's eight jumps, in its definition's order (clockwise).
            pub const fn directions(self) -> [Direction; 8] {
                let mut all = [Direction::nth(self, 0); 8];
                let mut i = 1;
                while i < 8 {
                    all[i] = Direction::nth(self, i);
                    i += 1;
                }
                all
            }

            /// The eight jumps of the definition.
            #[inline]
            pub(crate) const fn jumps(self) -> &'static [Jump; 8] {
                match self {
                    $(Leaper::$variant => &$module::JUMPS,)+
                }
            }
        }
    };
}

/// The grammar of the definition, read once: it hands `$then` each piece as one row of
/// bracketed parts (the layers' patterns), every optional part a group, empty when not given.
macro_rules! read {
    ($then:ident $(
        $(#[$doc:meta])*
        $variant:ident = $name:literal, $vis:vis mod $module:ident ($singular:literal, $plural:literal) {
            role: $role:expr,
            letter: $letter:literal,
            glyph: $glyph:literal,
            $(setwise: $setwise:path,)?
            $(lane: $lane:path,)?
            $(kernel: $kernel:ident,)?
            $(methods: $methods:path,)?
            $(devlog: $devlog:literal around $devlog_square:literal ($square:literal),)?
            $(#[$dmeta:meta])*
            directions {
                $($(#[$vmeta:meta])* $direction:ident = $dname:literal ($df:literal, $dr:literal),)+
            }
            all: $all:literal,
            name: $name_doc:literal,
        }
    )+) => {
        $then! {
            $(
                [$(#[$doc])*] $variant $name ($vis) $module $singular $plural ($role) $letter $glyph
                [$($setwise)?] [$($lane)?] [$($kernel)?] [$($methods)?] [$($devlog $devlog_square $square)?]
                [$(#[$dmeta])*] [$($(#[$vmeta])* $direction $dname $df $dr;)+] $all $name_doc;
            )+
        }
    };
}
pub(crate) use read;

/// The definition of every leaper, written once: each layer hands its macro's name and is
/// given every piece. This module's [`lower!`] makes the tables, jumps and [`Leaper`];
/// `methods` makes the methods of a piece without its own; `technique` the one list of
/// methods, the dispatch and the batch wiring. The routines a piece brings (`setwise`,
/// `lane`, `methods`) are plain paths, read only where the layer that calls them imports
/// `knight` and `king`.
macro_rules! leapers {
    ($then:ident) => {
        crate::leaper::read! { $then

            /// The knight: two squares one way, one the other.
            Knight = "knight", mod knight ("knight", "knights") {
                role: Some(Role::Knight),
                letter: 'n',
                glyph: '♞',
                setwise: knight::attacks_set,
                lane: knight::technique::halves,
                kernel: Knight,
                methods: knight::technique::Method,
                devlog: 0xA_1100_110A around 19 ("f3"),
                /// One of the eight knight jumps, named as the wiki names them, clockwise from `noNoEa`:
                ///
                /// ```text
                ///         noNoWe    noNoEa
                ///             +15  +17
                ///              |     |
                /// noWeWe  +6 __|     |__+10  noEaEa
                ///               \   /
                ///                >0<
                ///            __ /   \ __
                /// soWeWe -10   |     |   -6  soEaEa
                ///              |     |
                ///             -17  -15
                ///         soSoWe    soSoEa
                /// ```
                ///
                /// A direction is one jump of the leaper definition every leaper is written in (one
                /// list of file and rank deltas): it knows its square difference ([`Direction::offset`]), its file and rank steps,
                /// and the file mask that stops its shift from wrapping across the a/h edge, before the shift
                /// ([`Direction::mask_before`]) or after it ([`Direction::mask_after`]). The wiki's eight
                /// direction functions are [`Direction::shift`]; its two listings are
                /// [`post_mask`](crate::knight::technique::post_mask) and [`pre_mask`](crate::knight::technique::pre_mask).
                ///
                /// ```
                /// use knightbits::knight::{self, Direction};
                /// use knightbits::{Bitboard, Square};
                ///
                /// assert_eq!(Direction::NoNoEa.offset(), 17);
                /// assert_eq!(Direction::NoNoEa.name(), "noNoEa");
                /// assert_eq!(Direction::NoNoEa.mask_after(), Bitboard::NOT_A_FILE);
                /// assert_eq!(Direction::NoNoEa.shift(Square::D4.into()), Square::E6.into());
                /// let d4 = Direction::ALL
                ///     .into_iter()
                ///     .fold(Bitboard::EMPTY, |set, d| set | d.shift(Square::D4.into()));
                /// assert_eq!(d4, knight::attacks(Square::D4));
                /// ```
                directions {
                    /// Two ranks north, one file east: +17.
                    NoNoEa = "noNoEa" (1, 2),
                    /// One rank north, two files east: +10.
                    NoEaEa = "noEaEa" (2, 1),
                    /// One rank south, two files east: −6.
                    SoEaEa = "soEaEa" (2, -1),
                    /// Two ranks south, one file east: −15.
                    SoSoEa = "soSoEa" (1, -2),
                    /// Two ranks south, one file west: −17.
                    SoSoWe = "soSoWe" (-1, -2),
                    /// One rank south, two files west: −10.
                    SoWeWe = "soWeWe" (-2, -1),
                    /// One rank north, two files west: +6.
                    NoWeWe = "noWeWe" (-2, 1),
                    /// Two ranks north, one file west: +15.
                    NoNoWe = "noNoWe" (-1, 2),
                }
                all: "The eight directions, clockwise from `noNoEa`.",
                name: "The wiki's name: `noNoEa`, `noEaEa`, `soEaEa`, `soSoEa`, `soSoWe`, `soWeWe`, `noWeWe`, `noNoWe`.",
            }

            /// The king: one square any way.
            King = "king", mod king ("king", "kings") {
                role: Some(Role::King),
                letter: 'k',
                glyph: '♚',
                setwise: king::attacks_set,
                kernel: King,
                devlog: 0x7_0507 around 10 ("g2"),
                /// One of the eight king steps, clockwise from north.
                ///
                /// As for the knight's [`Direction`](crate::knight::Direction), a step knows its square
                /// difference and the file mask that stops its shift from wrapping across the a/h edge;
                /// [`shifts`](crate::king::technique::shifts) is the union of the eight.
                ///
                /// ```
                /// use knightbits::king::{self, Direction};
                /// use knightbits::{Bitboard, Square};
                ///
                /// assert_eq!(Direction::NorthEast.offset(), 9);
                /// assert_eq!(Direction::NorthEast.mask_after(), Bitboard::NOT_A_FILE);
                /// assert_eq!(Direction::North.mask_after(), Bitboard::FULL);
                /// assert_eq!(Direction::West.shift(Square::A4.into()), Bitboard::EMPTY);
                /// let e4 = Direction::ALL
                ///     .into_iter()
                ///     .fold(Bitboard::EMPTY, |set, d| set | d.shift(Square::E4.into()));
                /// assert_eq!(e4, king::attacks(Square::E4));
                /// ```
                directions {
                    /// One rank north: +8.
                    North = "north" (0, 1),
                    /// One rank north, one file east: +9.
                    NorthEast = "northEast" (1, 1),
                    /// One file east: +1.
                    East = "east" (1, 0),
                    /// One rank south, one file east: −7.
                    SouthEast = "southEast" (1, -1),
                    /// One rank south: −8.
                    South = "south" (0, -1),
                    /// One rank south, one file west: −9.
                    SouthWest = "southWest" (-1, -1),
                    /// One file west: −1.
                    West = "west" (-1, 0),
                    /// One rank north, one file west: +7.
                    NorthWest = "northWest" (-1, 1),
                }
                all: "The eight directions, clockwise from north.",
                name: "The name: `north`, `northEast`, `east`, `southEast`, `south`, `southWest`, `west`, `northWest`.",
            }
        }
    };
}
pub(crate) use leapers;

leapers!(lower);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Role;

    /// The knight's and the king's jumps are the testkit's deltas, in the same clockwise order.
    #[test]
    fn the_knight_and_the_king_are_the_testkits() {
        let deltas = |jumps: [Jump; 8]| jumps.map(|j| (j.file, j.rank));
        assert_eq!(deltas(knight::JUMPS), knightbits_testkit::KNIGHT_DELTAS);
        assert_eq!(deltas(king::JUMPS), knightbits_testkit::KING_DELTAS);
    }

    /// Every leaper of the definition is one: eight distinct jumps, none standing still, the
    /// list closed under the board's eight symmetries (a leaper moves the same way seen from
    /// any side), each within three files and ranks.
    #[test]
    fn every_leaper_is_a_leaper() {
        for leaper in Leaper::ALL {
            let deltas = leaper.jumps().map(|j| (j.file, j.rank));
            for (i, &(df, dr)) in deltas.iter().enumerate() {
                assert_ne!((df, dr), (0, 0), "{leaper}");
                assert!(df.abs() <= 3 && dr.abs() <= 3, "{leaper} {df} {dr}");
                assert!(
                    !deltas[..i].contains(&(df, dr)),
                    "{leaper}: {df} {dr} twice"
                );
                for image in [(-df, dr), (df, -dr), (dr, df)] {
                    assert!(
                        deltas.contains(&image),
                        "{leaper}: {df} {dr} without {image:?}"
                    );
                }
            }
        }
    }

    /// Every jump of every leaper, on every square, moves a piece by exactly its deltas (the
    /// testkit's walk), or drops it when that jump leaves the board; the offset is the square
    /// difference of the move, and the mask before the shift is the mirror image (a ↔ h) of
    /// the one after; each direction is its jump.
    #[test]
    fn each_jump_is_its_own_move_on_all_64_squares() {
        for leaper in Leaper::ALL {
            for (&j, d) in leaper.jumps().iter().zip(leaper.directions()) {
                let (df, dr) = (j.file, j.rank);
                assert_eq!((d.file_delta(), d.rank_delta()), (df, dr));
                assert_eq!(d.leaper(), leaper);
                assert_eq!(j.mask_before(), j.mask_after().mirror_horizontal(), "{j:?}");
                assert!(df.abs() > 2 || df == 0 || j.mask_after().mask_name().is_some());
                for sq in Square::ALL {
                    let to = knightbits_testkit::offset(sq as u8, df, dr);
                    let want = to.map_or(0, |t| 1u64 << t);
                    assert_eq!(j.shift(sq.into()).0, want, "{leaper} {j:?} {sq}");
                    assert_eq!(d.shift(sq.into()).0, want, "{leaper} {j:?} {sq}");
                    assert_eq!(
                        j.shift_pre_masked(sq.into()),
                        j.shift(sq.into()),
                        "{j:?} {sq}"
                    );
                    if let Some(t) = to {
                        assert_eq!(t as i8 - sq as i8, j.offset(), "{j:?} {sq}");
                    }
                }
            }
        }
    }

    /// A leaper with a chess role takes that role's letter and black glyph; every leaper's
    /// letter and name are its own, the role goes back to the leaper, and only the king castles.
    #[test]
    fn names_letters_and_roles() {
        for (i, leaper) in Leaper::ALL.into_iter().enumerate() {
            if let Some(role) = leaper.role() {
                assert_eq!(leaper.letter(), role.char(), "{leaper}");
                assert_eq!(
                    leaper.glyph(),
                    role.of(crate::Color::Black).symbol(),
                    "{leaper}"
                );
                assert_eq!(Leaper::from_role(role), Some(leaper));
            }
            assert_eq!(leaper.castles(), leaper.role() == Some(Role::King));
            for other in &Leaper::ALL[..i] {
                assert_ne!(leaper.letter(), other.letter());
                assert_ne!(leaper.glyph(), other.glyph());
            }
            assert_eq!(leaper.lookup(), leaper.methods()[0]);
            assert!(leaper.methods().iter().all(|m| m.leaper() == leaper));
        }
        assert_eq!(Leaper::default(), Leaper::Knight);
        assert_eq!(Leaper::from_role(Role::Queen), None);
    }

    /// The knight's masks are the wiki's, direction by direction.
    #[test]
    fn the_knights_masks_are_the_wikis() {
        let after = [
            "notAFile",
            "notABFile",
            "notABFile",
            "notAFile",
            "notHFile",
            "notGHFile",
            "notGHFile",
            "notHFile",
        ];
        for (d, name) in knight::Direction::ALL.into_iter().zip(after) {
            assert_eq!(d.mask_after().mask_name(), Some(name), "{d}");
        }
        assert_eq!(knight::Direction::SoWeWe.to_string(), "soWeWe");
        assert_eq!(king::Direction::NorthWest.to_string(), "northWest");
    }
}
