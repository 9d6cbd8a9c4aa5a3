//! A trace's [`Step`]: what one value of a technique is, and how it was computed; its typed
//! [`Kind`].

use crate::bitboard::Bitboard;
use crate::leaper::Direction;
use crate::mapping::Numbering;
use crate::square::Square;

use super::{Formula, Jumps, NumberedStep};

/// One step of a [`Trace`](super::Trace): a named value a technique computes, and how.
///
/// ```
/// use knightbits::knight::technique::Method;
/// use knightbits::{Bitboard, Square};
///
/// // The devlog's mask moved from f3 to a1: the bits that wrapped onto files g and h go.
/// let mut trace = Method::Translate.trace(Bitboard::from_square(Square::A1));
/// let default = trace.next().unwrap();
/// assert_eq!(
///     default.formula().to_string(),
///     "0x0000000a1100110a in h1-g1 (the devlog's mask) around f3"
/// );
/// assert!(!default.is_part());
/// let a1 = trace.next().unwrap();
/// assert_eq!(a1.formula().to_string(), "(mask >> 21) & notGHFile");
/// assert_eq!(a1.set(), Bitboard::from_iter([Square::B3, Square::C2]));
/// assert_eq!(a1.shifted().unwrap() & a1.mask().unwrap(), a1.set());
/// assert!(a1.removed().unwrap().is_subset(Bitboard::FILE_G | Bitboard::FILE_H));
/// assert_eq!(a1.at(), Some(Square::A1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub(super) name: &'static str,
    pub(super) kind: Kind,
    pub(super) formula: Formula,
    pub(super) set: Bitboard,
    pub(super) shifted: Option<Bitboard>,
    pub(super) mask: Option<Bitboard>,
    pub(super) shift: Option<i8>,
    pub(super) removed: Option<Bitboard>,
    pub(super) part: bool,
}

impl Step {
    /// The step's name: a direction (`noNoEa`, `north`), a variable of the source (`l1`,
    /// `east`), the square of a lookup or translation (`d4`), or `default mask`.
    #[inline]
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// What the step computes, as a value to match: which jump, which shift, which union,
    /// which lookup or translation.
    #[inline]
    pub const fn kind(&self) -> Kind {
        self.kind
    }

    /// The formula of the step as the source writes it; `Display` writes it, for example
    /// `(b << 17) & notAFile`, `(b & notHFile) << 17`, `ATTACKS[d4]`, `l1 | r1` or
    /// `0x0000000a1100110a in h1-g1 (the devlog's mask) around f3` (the devlog's mask is written
    /// in its own numbering, and says so).
    #[inline]
    pub const fn formula(&self) -> Formula {
        self.formula
    }

    /// The set the step yields.
    #[inline]
    pub const fn set(&self) -> Bitboard {
        self.set
    }

    /// For a shift masked afterwards, the set after the shift and before the mask (so
    /// `shifted & mask == set`); for a mask before the shift, the set after the shift (equal to
    /// [`Step::set`]).
    #[inline]
    pub const fn shifted(&self) -> Option<Bitboard> {
        self.shifted
    }

    /// The mask the step applies: the squares it keeps.
    #[inline]
    pub const fn mask(&self) -> Option<Bitboard> {
        self.mask
    }

    /// The wiki's name of [`Step::mask`]: `notAFile`, `notABFile`, `notHFile` or `notGHFile`.
    #[inline]
    pub const fn mask_name(&self) -> Option<&'static str> {
        match self.mask {
            Some(mask) => mask.mask_name(),
            None => None,
        }
    }

    /// The shift of the whole board the step makes, in LERF square differences: positive to
    /// the left (`<<`), negative to the right (`>>`).
    #[inline]
    pub const fn shift(&self) -> Option<i8> {
        self.shift
    }

    /// The bits the mask removed: for a mask after the shift, the squares that wrapped across
    /// the a/h edge; for a mask before it, the pieces that would have wrapped.
    #[inline]
    pub const fn removed(&self) -> Option<Bitboard> {
        self.removed
    }

    /// The piece the step is about, when it is about one piece (a lookup, a translation, the
    /// square the devlog's default mask is drawn around).
    #[inline]
    pub const fn at(&self) -> Option<Square> {
        self.kind.square()
    }

    /// Is the step's set part of the final union? Intermediate values (`east`, `l1`, `h1`, the
    /// default mask) are not.
    #[inline]
    pub const fn is_part(&self) -> bool {
        self.part
    }

    /// The same step written in `numbering`: its shift, mask and sets as that numbering's bit
    /// patterns, and a formula whose shift amounts are that numbering's. `None` for the four
    /// numberings that lay files along the bits (`a1-a2`, `h1-h2`, `a8-a7`, `h8-h7`), where a
    /// file mask would have to become a rank mask and no source writes the techniques.
    ///
    /// In `h1-g1` (the engine wiki's and the devlog's numbering) a step one file east is a
    /// shift one bit *down*, so every shift amount is the mirror image of the wiki's; the
    /// masks keep the same squares (knights on file a still cannot jump west) and take the
    /// engine wiki's names, `not-A-file`, `not-AB-file`, `not-H-file`, `not-HG-file`:
    ///
    /// ```
    /// use knightbits::knight::{technique::Method, Direction};
    /// use knightbits::mapping::Numbering;
    /// use knightbits::trace::Kind;
    /// use knightbits::{Bitboard, Square};
    ///
    /// let d4 = Bitboard::from_square(Square::D4);
    /// // The wiki's `(b & notAFile) << 15` (noNoWe) is the engine wiki's move 2.
    /// let no_no_we = Method::PreMask
    ///     .trace(d4)
    ///     .find(|s| s.kind() == Kind::PreMask(Direction::NoNoWe.into()))
    ///     .unwrap();
    /// assert_eq!(no_no_we.formula().to_string(), "(b & notAFile) << 15");
    /// let its = no_no_we.in_numbering(Numbering::H1G1).unwrap();
    /// assert_eq!(its.formula().to_string(), "(b & not-A-file) << 17");
    /// assert_eq!(its.shift(), Some(17));
    /// assert_eq!(its.mask(), Some(0x7f7f_7f7f_7f7f_7f7f));
    ///
    /// // The devlog's own form: its mask 0xA1100110A, shifted from its square 19 to d4.
    /// let mut trace = Method::Translate.trace(d4);
    /// let default = trace.next().unwrap().in_numbering(Numbering::H1G1).unwrap();
    /// assert_eq!(default.formula().to_string(), "0x0000000a1100110a around f3");
    /// let at_d4 = trace.next().unwrap().in_numbering(Numbering::H1G1).unwrap();
    /// assert_eq!(at_d4.formula().to_string(), "mask << 10");
    /// assert_eq!(at_d4.set(), 0xA_1100_110A << 10);
    /// ```
    pub const fn in_numbering(&self, numbering: Numbering) -> Option<NumberedStep> {
        if numbering.lays_files_along_bits() {
            return None;
        }
        let shift = match (self.kind, self.shift) {
            // A translation: from the mask's square to the piece's, in this numbering.
            (Kind::Translation(to), Some(lerf)) => {
                let from = Square::ALL[(to as i8 - lerf) as usize];
                Some(numbering.index(to) as i8 - numbering.index(from) as i8)
            }
            // A jump or a file or rank shift: the same move, measured in this numbering.
            (kind, _) => match kind.delta() {
                Some((df, dr)) => match Square::D4.offset(df, dr) {
                    Some(to) => Some(numbering.index(to) as i8 - numbering.index(Square::D4) as i8),
                    None => None,
                },
                None => None,
            },
        };
        Some(NumberedStep {
            step: *self,
            numbering,
            shift,
        })
    }

    /// A step of `kind` that is part of the result, with nothing but a name, a formula and a
    /// set.
    pub(crate) const fn new(
        name: &'static str,
        kind: Kind,
        formula: Formula,
        set: Bitboard,
    ) -> Step {
        Step {
            name,
            kind,
            formula,
            set,
            shifted: None,
            mask: None,
            shift: None,
            removed: None,
            part: true,
        }
    }

    /// The same step as an intermediate value, not part of the union.
    pub(crate) const fn intermediate(self) -> Step {
        Step {
            part: false,
            ..self
        }
    }

    /// The same step with the shift it makes and the set just after that shift.
    pub(crate) const fn with_shift(self, shift: i8, shifted: Bitboard) -> Step {
        Step {
            shift: Some(shift),
            shifted: Some(shifted),
            ..self
        }
    }

    /// The same step with its mask and the bits that mask removed; a mask of every square is
    /// no mask.
    pub(crate) const fn with_mask(self, mask: Bitboard, removed: Bitboard) -> Step {
        if mask.0 == Bitboard::FULL.0 {
            return self;
        }
        Step {
            mask: Some(mask),
            removed: Some(removed),
            ..self
        }
    }

    /// The step of jump `i` of `jumps` on `b`: for a mask after the shift, shifted, masked and
    /// the wrapped bits; for a mask before it, the pieces it drops.
    pub(crate) const fn jump(jumps: Jumps, i: usize, b: Bitboard) -> Step {
        let (leaper, before) = match jumps {
            Jumps::PostMask(leaper) => (leaper, false),
            Jumps::PreMask(leaper) => (leaper, true),
        };
        let d = Direction::nth(leaper, i);
        let (name, jump) = (d.name(), leaper.jumps()[i]);
        let kind = if before {
            Kind::PreMask(d)
        } else {
            Kind::PostMask(d)
        };
        let offset = jump.offset();
        if before {
            let mask = jump.mask_before();
            let set = jump.shift_pre_masked(b);
            Step::new(name, kind, Formula::mask_shift("b", mask, offset), set)
                .with_shift(offset, set)
                .with_mask(mask, b.difference(mask))
        } else {
            let mask = jump.mask_after();
            let shifted = b.shift(offset as i32);
            let set = jump.shift(b);
            Step::new(name, kind, Formula::shift_mask("b", offset, mask), set)
                .with_shift(offset, shifted)
                .with_mask(mask, shifted.difference(set))
        }
    }

    /// The table entry of the piece on `square`.
    pub(crate) const fn lookup(table: &[Bitboard; 64], square: Square) -> Step {
        Step::new(
            square.name(),
            Kind::Lookup(square),
            Formula::index("ATTACKS", square),
            table[square as usize],
        )
    }

    /// The devlog's default mask: `devlog` as the devlog writes it (h1 = bit 0), which is
    /// `mask` in LERF, drawn around `square`; an intermediate value.
    pub(crate) const fn default_mask(devlog: u64, mask: Bitboard, square: Square) -> Step {
        Step::new(
            "default mask",
            Kind::DefaultMask(square),
            Formula::around(devlog, square),
            mask,
        )
        .intermediate()
    }

    /// `mask`, drawn around `from`, translated to the piece on `to` ([`Bitboard::translate`]):
    /// the shift, the file mask, the bits that wrapped.
    pub(crate) const fn translation(mask: Bitboard, from: Square, to: Square) -> Step {
        let shift = to as i8 - from as i8;
        let shifted = mask.shift(shift as i32);
        let keep = Bitboard::translate_mask(to);
        let set = mask.translate(from, to);
        Step::new(
            to.name(),
            Kind::Translation(to),
            Formula::shift_mask("mask", shift, keep),
            set,
        )
        .with_shift(shift, shifted)
        .with_mask(keep, shifted.difference(set))
    }
}

/// What a [`Step`] computes, as a typed value: callers match on it, never on a step's name.
///
/// ```
/// use knightbits::knight::{technique::Method, Direction};
/// use knightbits::trace::Kind;
/// use knightbits::{Bitboard, Square};
///
/// let d4 = Bitboard::from_square(Square::D4);
/// let kinds: Vec<Kind> = Method::Halves.trace(d4).map(|s| s.kind()).collect();
/// assert_eq!(kinds[0], Kind::Files(-1)); // l1 = (knights >> 1) & 0x7f7f…
/// assert_eq!(kinds[4], Kind::Union); // h1 = l1 | r1
/// assert_eq!(kinds[6], Kind::Ranks(2)); // h1 << 16
/// let first = Method::PreMask.trace(d4).next().unwrap();
/// assert_eq!(first.kind(), Kind::PreMask(Direction::NoNoEa.into()));
/// assert_eq!(first.kind().delta(), Some((1, 2)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A jump of any leaper, the board shifted by the jump's offset and masked after the
    /// shift: the knight's `(b << 17) & notAFile`, the king's `(b << 9) & notAFile`.
    PostMask(Direction),
    /// A jump masked before the shift: `(b & notHFile) << 17`.
    PreMask(Direction),
    /// A value shifted by this many files (towards h if positive) and masked against the
    /// wrap: the wiki's `eastOne`, `l1`; an intermediate value.
    Files(i8),
    /// A value shifted by this many ranks (towards rank 8 if positive): `h1 << 16`.
    Ranks(i8),
    /// The union of two values: `h1 = l1 | r1`; an intermediate value.
    Union,
    /// The table entry of the piece on a square: `ATTACKS[d4]`.
    Lookup(Square),
    /// The devlog's default mask, drawn around a square; an intermediate value.
    DefaultMask(Square),
    /// The default mask moved to the piece on a square, the wrapped files removed.
    Translation(Square),
}

impl Kind {
    /// The files and ranks the step moves the board, where that is fixed: a jump, a file or
    /// a rank shift. (A translation's move depends on the square the mask is drawn around.)
    #[inline]
    pub const fn delta(self) -> Option<(i8, i8)> {
        match self {
            Kind::PostMask(d) | Kind::PreMask(d) => Some((d.file_delta(), d.rank_delta())),
            Kind::Files(df) => Some((df, 0)),
            Kind::Ranks(dr) => Some((0, dr)),
            Kind::Union | Kind::Lookup(_) | Kind::DefaultMask(_) | Kind::Translation(_) => None,
        }
    }

    /// The square of the piece the step is about: a lookup, a translation, the square the
    /// default mask is drawn around.
    #[inline]
    pub const fn square(self) -> Option<Square> {
        match self {
            Kind::Lookup(sq) | Kind::DefaultMask(sq) | Kind::Translation(sq) => Some(sq),
            _ => None,
        }
    }
}
