//! Step-by-step traces of the techniques, for pictures and explanations, without allocation.
//!
//! A [`Trace`] is made by a technique's `Method::trace` ([`knight::technique::Method::trace`],
//! [`king::technique::Method::trace`]). It yields one [`Step`] per value the technique
//! computes, in the order the source computes them: a direction shifted and masked, one table
//! lookup, one line of a parallel-prefix routine. Each step carries what it computes as a
//! typed [`Kind`] (which jump, shift, union, lookup or translation: match on it, never on a
//! step's name), the resulting set, the formula as the source writes it, and, where the step has them, the set before masking, the
//! mask, the shift, the bits the mask removed and the piece the step is about. The union of
//! the steps that are [part](Step::is_part) of the result is the method's attack set.
//!
//! ```
//! use knightbits::knight::technique::Method;
//! use knightbits::{Bitboard, Square};
//!
//! let a1 = Bitboard::from_square(Square::A1);
//! let steps: Vec<String> = Method::PostMask
//!     .trace(a1)
//!     .map(|step| format!("{}: {} = {}", step.name(), step.formula(), step.set().count()))
//!     .collect();
//! assert_eq!(steps[0], "noNoEa: (b << 17) & notAFile = 1");
//! assert_eq!(steps[4], "soSoWe: (b >> 17) & notHFile = 0");
//!
//! let union = Method::PostMask
//!     .trace(a1)
//!     .filter(|step| step.is_part())
//!     .fold(Bitboard::EMPTY, |union, step| union | step.set());
//! assert_eq!(union, Method::PostMask.attacks(a1));
//! ```
//!
//! [`knight::technique::Method::trace`]: crate::knight::technique::Method::trace
//! [`king::technique::Method::trace`]: crate::king::technique::Method::trace

use core::fmt;
use core::iter::FusedIterator;

use crate::bitboard::Bitboard;
use crate::leaper;
use crate::mapping::Numbering;
use crate::square::Square;
use crate::{king, knight};

/// One step of a [`Trace`]: a named value a technique computes, and how.
///
/// ```
/// use knightbits::knight::technique::Method;
/// use knightbits::{Bitboard, Square};
///
/// // The devlog's mask moved from f3 to a1: the bits that wrapped onto files g and h go.
/// let mut trace = Method::Translate.trace(Bitboard::from_square(Square::A1));
/// let default = trace.next().unwrap();
/// assert_eq!(default.formula().to_string(), "0x0000000a1100110a around f3");
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
    name: &'static str,
    kind: Kind,
    formula: Formula,
    set: Bitboard,
    shifted: Option<Bitboard>,
    mask: Option<Bitboard>,
    shift: Option<i8>,
    removed: Option<Bitboard>,
    part: bool,
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
    /// `0x0000000a1100110a around f3` (the devlog's mask, in its own h1-first numbering).
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
    ///     .find(|s| s.kind() == Kind::PreMask(Direction::NoNoWe))
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
    const fn new(name: &'static str, kind: Kind, formula: Formula, set: Bitboard) -> Step {
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
    const fn intermediate(self) -> Step {
        Step {
            part: false,
            ..self
        }
    }

    /// The same step with the shift it makes and the set just after that shift.
    const fn with_shift(self, shift: i8, shifted: Bitboard) -> Step {
        Step {
            shift: Some(shift),
            shifted: Some(shifted),
            ..self
        }
    }

    /// The same step with its mask and the bits that mask removed; a mask of every square is
    /// no mask.
    const fn with_mask(self, mask: Bitboard, removed: Bitboard) -> Step {
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
    const fn jump(jumps: Jumps, i: usize, b: Bitboard) -> Step {
        let (name, kind, jump, before) = match jumps {
            Jumps::PostMask => {
                let d = knight::Direction::ALL[i];
                (d.name(), Kind::PostMask(d), leaper::knight::JUMPS[i], false)
            }
            Jumps::PreMask => {
                let d = knight::Direction::ALL[i];
                (d.name(), Kind::PreMask(d), leaper::knight::JUMPS[i], true)
            }
            Jumps::King => {
                let d = king::Direction::ALL[i];
                (d.name(), Kind::King(d), leaper::king::JUMPS[i], false)
            }
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

    /// Line `i` of `lines` on `b`, as [`Line`] computes it.
    const fn line(lines: &[Line], b: Bitboard, i: usize) -> Step {
        let line = lines[i];
        let input = line_input(lines, b, i);
        let formula = Formula::verbatim(line.formula);
        match line.kind {
            Kind::Files(df) => {
                let shifted = input.shift(df as i32);
                let mask = Bitboard::wrap_mask(df);
                let set = shifted.intersection(mask);
                Step::new(line.name, line.kind, formula, set)
                    .with_shift(df, shifted)
                    .with_mask(mask, shifted.difference(set))
                    .intermediate()
            }
            Kind::Ranks(dr) => {
                let set = input.shift(8 * dr as i32);
                Step::new(line.name, line.kind, formula, set).with_shift(8 * dr, set)
            }
            _ => Step::new(line.name, line.kind, formula, input).intermediate(),
        }
    }

    /// The table entry of the piece on `square`.
    const fn lookup(table: &[Bitboard; 64], square: Square) -> Step {
        Step::new(
            square.name(),
            Kind::Lookup(square),
            Formula::index("ATTACKS", square),
            table[square as usize],
        )
    }

    /// The devlog's default mask: `devlog` as the devlog writes it (h1 = bit 0), which is
    /// `mask` in LERF, drawn around `square`; an intermediate value.
    const fn default_mask(devlog: u64, mask: Bitboard, square: Square) -> Step {
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
    const fn translation(mask: Bitboard, from: Square, to: Square) -> Step {
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
/// assert_eq!(first.kind(), Kind::PreMask(Direction::NoNoEa));
/// assert_eq!(first.kind().delta(), Some((1, 2)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A knight jump, the board shifted by the direction's offset and masked after the shift:
    /// `(b << 17) & notAFile`.
    PostMask(knight::Direction),
    /// A knight jump masked before the shift: `(b & notHFile) << 17`.
    PreMask(knight::Direction),
    /// A king step, masked after the shift: `(b << 9) & notAFile`.
    King(king::Direction),
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
            Kind::King(d) => Some((d.file_delta(), d.rank_delta())),
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

/// One line of a routine written as lines (the wiki's parallel-prefix routines): a name, the
/// line as the source writes it, and what it computes, of the routine's input (value 0) or
/// of earlier lines (line `k` is value `k + 1`). A line computes `kind` of `of[0] | of[1]`:
/// [`Kind::Files`] and [`Kind::Ranks`] shift that union, [`Kind::Union`] is it. The routine
/// and its trace are both read from the lines ([`run`]), so they cannot differ.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line {
    name: &'static str,
    formula: &'static str,
    kind: Kind,
    of: [u8; 2],
}

/// A [`Line`].
pub(crate) const fn line(
    name: &'static str,
    formula: &'static str,
    kind: Kind,
    of: [u8; 2],
) -> Line {
    Line {
        name,
        formula,
        kind,
        of,
    }
}

/// The union of the values line `i` reads.
const fn line_input(lines: &[Line], b: Bitboard, i: usize) -> Bitboard {
    let mut values = [Bitboard::EMPTY; 16];
    values[0] = b;
    let mut k = 0;
    while k < i {
        values[k + 1] = line_value_of(lines[k], values);
        k += 1;
    }
    let [x, y] = lines[i].of;
    values[x as usize].union(values[y as usize])
}

const fn line_value_of(line: Line, values: [Bitboard; 16]) -> Bitboard {
    let [x, y] = line.of;
    let input = values[x as usize].union(values[y as usize]);
    match line.kind {
        Kind::Files(df) => input.shift(df as i32).intersection(Bitboard::wrap_mask(df)),
        Kind::Ranks(dr) => input.shift(8 * dr as i32),
        _ => input,
    }
}

/// A routine written as `lines`, run on `b`: every line once, in order; the result is the
/// union of the lines that are part of it (the rank shifts).
#[inline(always)]
pub(crate) const fn run(lines: &[Line], b: Bitboard) -> Bitboard {
    let mut values = [Bitboard::EMPTY; 16];
    values[0] = b;
    let mut out = Bitboard::EMPTY;
    let mut k = 0;
    while k < lines.len() {
        let v = line_value_of(lines[k], values);
        values[k + 1] = v;
        if let Kind::Ranks(_) = lines[k].kind {
            out = out.union(v);
        }
        k += 1;
    }
    out
}

/// The formula of a [`Step`], written by `Display` as the source writes it; no allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Formula(Text);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Text {
    /// A fixed text: `l1 | r1`, `east = eastOne(knights)`.
    Verbatim(&'static str),
    /// `(b << 17) & notAFile`, or `b << 8` without a mask.
    ShiftMask {
        value: &'static str,
        shift: i8,
        mask: Option<&'static str>,
    },
    /// `(b & notHFile) << 17`.
    MaskShift {
        value: &'static str,
        mask: &'static str,
        shift: i8,
    },
    /// `ATTACKS[d4]`.
    Index { table: &'static str, square: Square },
    /// `0x0000000a1100110a around f3`.
    Around { bits: u64, square: Square },
}

impl Formula {
    /// A formula written as it is.
    pub(crate) const fn verbatim(text: &'static str) -> Formula {
        Formula(Text::Verbatim(text))
    }

    /// `(value << shift) & mask`, or `value << shift` without a mask.
    pub(crate) const fn shift_mask(value: &'static str, shift: i8, mask: Bitboard) -> Formula {
        Formula(Text::ShiftMask {
            value,
            shift,
            mask: mask.mask_name(),
        })
    }

    /// `(value & mask) << shift`; `mask` must be one of the wiki's named file masks.
    pub(crate) const fn mask_shift(value: &'static str, mask: Bitboard, shift: i8) -> Formula {
        Formula(Text::MaskShift {
            value,
            mask: match mask.mask_name() {
                Some(name) => name,
                None => "mask",
            },
            shift,
        })
    }

    /// `table[square]`.
    pub(crate) const fn index(table: &'static str, square: Square) -> Formula {
        Formula(Text::Index { table, square })
    }

    /// `0x… around square`, the bits in canonical hex.
    pub(crate) const fn around(bits: u64, square: Square) -> Formula {
        Formula(Text::Around { bits, square })
    }
}

/// Writes ` << n` or ` >> n`.
fn write_shift(f: &mut fmt::Formatter<'_>, shift: i8) -> fmt::Result {
    if shift >= 0 {
        write!(f, " << {shift}")
    } else {
        write!(f, " >> {}", -i16::from(shift))
    }
}

impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Text::Verbatim(text) => f.write_str(text),
            Text::ShiftMask {
                value,
                shift,
                mask: None,
            } => {
                f.write_str(value)?;
                write_shift(f, shift)
            }
            Text::ShiftMask {
                value,
                shift,
                mask: Some(mask),
            } => {
                write!(f, "({value}")?;
                write_shift(f, shift)?;
                write!(f, ") & {mask}")
            }
            Text::MaskShift { value, mask, shift } => {
                write!(f, "({value} & {mask})")?;
                write_shift(f, shift)
            }
            Text::Index { table, square } => write!(f, "{table}[{square}]"),
            Text::Around { bits, square } => write!(f, "{bits:#018x} around {square}"),
        }
    }
}

/// A [`Step`] written in another [`Numbering`], made by [`Step::in_numbering`]: the step's
/// sets as bit patterns of that numbering, its shift measured there, its formula written
/// there. The squares are the same; only their numbers change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NumberedStep {
    step: Step,
    numbering: Numbering,
    shift: Option<i8>,
}

impl NumberedStep {
    /// The step itself, in LERF.
    #[inline]
    pub const fn step(&self) -> Step {
        self.step
    }

    /// The numbering it is written in.
    #[inline]
    pub const fn numbering(&self) -> Numbering {
        self.numbering
    }

    /// The set the step yields, numbered this way.
    #[inline]
    pub const fn set(&self) -> u64 {
        self.numbering.from_lerf(self.step.set)
    }

    /// The shift the step makes in this numbering: positive `<<`, negative `>>`.
    #[inline]
    pub const fn shift(&self) -> Option<i8> {
        self.shift
    }

    /// The mask, numbered this way (the same squares as [`Step::mask`]).
    #[inline]
    pub const fn mask(&self) -> Option<u64> {
        match self.step.mask {
            Some(mask) => Some(self.numbering.from_lerf(mask)),
            None => None,
        }
    }

    /// The set before the mask, numbered this way.
    #[inline]
    pub const fn shifted(&self) -> Option<u64> {
        match self.step.shifted {
            Some(b) => Some(self.numbering.from_lerf(b)),
            None => None,
        }
    }

    /// The bits the mask removed, numbered this way.
    #[inline]
    pub const fn removed(&self) -> Option<u64> {
        match self.step.removed {
            Some(b) => Some(self.numbering.from_lerf(b)),
            None => None,
        }
    }

    /// The name of the mask in the vocabulary of the sources that use this numbering: the
    /// wiki's `notAFile` … in numberings that keep files in their order, the engine wiki's
    /// `not-A-file`, `not-AB-file`, `not-H-file`, `not-HG-file` where files are mirrored.
    pub const fn mask_name(&self) -> Option<&'static str> {
        match self.step.mask {
            Some(mask) => mask_name_in(mask, self.numbering),
            None => None,
        }
    }

    /// The formula with this numbering's shift amounts and mask names. A formula the source
    /// writes as fixed text with a shift in it (the wiki's parallel-prefix lines) keeps the
    /// wiki's LERF text and says so.
    #[inline]
    pub const fn formula(&self) -> NumberedFormula {
        NumberedFormula(*self)
    }
}

/// The name of `mask` in `numbering`'s vocabulary (see [`NumberedStep::mask_name`]).
const fn mask_name_in(mask: Bitboard, numbering: Numbering) -> Option<&'static str> {
    if !numbering.mirrors_files() {
        return mask.mask_name();
    }
    match mask {
        Bitboard::NOT_A_FILE => Some("not-A-file"),
        Bitboard::NOT_AB_FILE => Some("not-AB-file"),
        Bitboard::NOT_H_FILE => Some("not-H-file"),
        Bitboard::NOT_GH_FILE => Some("not-HG-file"),
        _ => None,
    }
}

/// The formula of a [`NumberedStep`]; `Display` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NumberedFormula(NumberedStep);

impl fmt::Display for NumberedFormula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.0;
        if matches!(s.numbering, Numbering::A1B1) {
            return s.step.formula.fmt(f);
        }
        let shift = s.shift.unwrap_or(0);
        let mask = || -> MaskText {
            match s.step.mask {
                None => MaskText::None,
                Some(m) => match mask_name_in(m, s.numbering) {
                    Some(name) => MaskText::Name(name),
                    None => MaskText::Bits(s.numbering.from_lerf(m)),
                },
            }
        };
        match s.step.formula.0 {
            Text::Verbatim(text) if s.shift.is_some() => write!(f, "{text} (in LERF)"),
            Text::Verbatim(text) => f.write_str(text),
            Text::ShiftMask { value, .. } => match mask() {
                MaskText::None => {
                    f.write_str(value)?;
                    write_shift(f, shift)
                }
                m => {
                    write!(f, "({value}")?;
                    write_shift(f, shift)?;
                    write!(f, ") & {m}")
                }
            },
            Text::MaskShift { value, .. } => {
                write!(f, "({value} & {})", mask())?;
                write_shift(f, shift)
            }
            Text::Index { table, square } => write!(f, "{table}[{square}]"),
            Text::Around { square, .. } => {
                write!(
                    f,
                    "{:#018x} around {square}",
                    s.numbering.from_lerf(s.step.set)
                )
            }
        }
    }
}

/// A mask in a formula: none, a name, or its bits.
enum MaskText {
    None,
    Name(&'static str),
    Bits(u64),
}

impl fmt::Display for MaskText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MaskText::None => f.write_str("mask"),
            MaskText::Name(name) => f.write_str(name),
            MaskText::Bits(bits) => write!(f, "{bits:#018x}"),
        }
    }
}

/// The steps of one technique on one set, in the order the source computes them; made by
/// `Method::trace`. Lazy: each step is computed when it is asked for, nothing is stored.
///
/// ```
/// use knightbits::king::technique::Method;
/// use knightbits::{Bitboard, Square};
///
/// let kings = Bitboard::from_square(Square::A1) | Square::H8;
/// let trace = Method::Lookup.trace(kings);
/// assert_eq!(trace.len(), 2);
/// let formulas: Vec<String> = trace.map(|step| step.formula().to_string()).collect();
/// assert_eq!(formulas, ["ATTACKS[a1]", "ATTACKS[h8]"]);
/// ```
#[derive(Clone, Debug)]
pub struct Trace {
    set: Bitboard,
    plan: Plan,
    /// Index of the next fixed step.
    next: u8,
    /// Squares whose per-piece step is still to come, after the fixed steps.
    squares: Bitboard,
}

/// What a trace walks: the steps of one technique, each computed from the same definition
/// the technique's routine is computed from.
#[derive(Clone, Copy, Debug)]
enum Plan {
    /// The eight jumps of a piece's list, in its order.
    Jumps(Jumps),
    /// A routine written as lines, line by line.
    Lines(&'static [Line]),
    /// One table entry per piece.
    Lookup(&'static [Bitboard; 64]),
    /// The devlog's default mask (`devlog` in its numbering, `mask` in LERF, drawn around
    /// `from`), then its translation to each piece.
    Translate {
        devlog: u64,
        mask: Bitboard,
        from: Square,
    },
}

/// Which eight jumps, and where their mask stands.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Jumps {
    /// The knight's, masked after the shift.
    PostMask,
    /// The knight's, masked before the shift.
    PreMask,
    /// The king's, masked after the shift.
    King,
}

impl Trace {
    const fn of(set: Bitboard, plan: Plan, squares: Bitboard) -> Trace {
        Trace {
            set,
            plan,
            next: 0,
            squares,
        }
    }

    /// The eight jumps on `set`.
    pub(crate) const fn jumps(set: Bitboard, jumps: Jumps) -> Trace {
        Trace::of(set, Plan::Jumps(jumps), Bitboard::EMPTY)
    }

    /// The routine written as `lines` on `set`, line by line.
    pub(crate) const fn lines(set: Bitboard, lines: &'static [Line]) -> Trace {
        Trace::of(set, Plan::Lines(lines), Bitboard::EMPTY)
    }

    /// One lookup in `table` per piece of `set`, lowest first.
    pub(crate) const fn lookup(set: Bitboard, table: &'static [Bitboard; 64]) -> Trace {
        Trace::of(set, Plan::Lookup(table), set)
    }

    /// The default mask (`devlog` in the devlog's numbering, `mask` in LERF, drawn around
    /// `from`), then one translation per piece of `set`, lowest first.
    pub(crate) const fn translate(
        set: Bitboard,
        devlog: u64,
        mask: Bitboard,
        from: Square,
    ) -> Trace {
        Trace::of(set, Plan::Translate { devlog, mask, from }, set)
    }

    /// How many steps come before the per-piece ones.
    const fn fixed(&self) -> u8 {
        match self.plan {
            Plan::Jumps(_) => 8,
            Plan::Lines(lines) => lines.len() as u8,
            Plan::Lookup(_) => 0,
            Plan::Translate { .. } => 1,
        }
    }
}

impl Iterator for Trace {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if self.next < self.fixed() {
            let i = self.next as usize;
            self.next += 1;
            // A lookup has no fixed steps (`fixed` is 0), so it never gets here.
            return match self.plan {
                Plan::Jumps(jumps) => Some(Step::jump(jumps, i, self.set)),
                Plan::Lines(lines) => Some(Step::line(lines, self.set, i)),
                Plan::Translate { devlog, mask, from } => {
                    Some(Step::default_mask(devlog, mask, from))
                }
                Plan::Lookup(_) => None,
            };
        }
        let square = self.squares.pop_first()?;
        match self.plan {
            Plan::Lookup(table) => Some(Step::lookup(table, square)),
            Plan::Translate { mask, from, .. } => Some(Step::translation(mask, from, square)),
            Plan::Jumps(_) | Plan::Lines(_) => None,
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.fixed() - self.next) as usize + self.squares.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Trace {}

impl FusedIterator for Trace {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_written_as_c_writes_them() {
        let f = |formula: Formula| formula.to_string();
        assert_eq!(
            f(Formula::shift_mask("b", 17, Bitboard::NOT_A_FILE)),
            "(b << 17) & notAFile"
        );
        assert_eq!(
            f(Formula::shift_mask("b", -10, Bitboard::NOT_GH_FILE)),
            "(b >> 10) & notGHFile"
        );
        assert_eq!(f(Formula::shift_mask("b", -8, Bitboard::FULL)), "b >> 8");
        assert_eq!(
            f(Formula::mask_shift("b", Bitboard::NOT_H_FILE, 17)),
            "(b & notHFile) << 17"
        );
        assert_eq!(
            f(Formula::mask_shift("b", Bitboard::NOT_AB_FILE, -10)),
            "(b & notABFile) >> 10"
        );
        assert_eq!(f(Formula::index("ATTACKS", Square::D4)), "ATTACKS[d4]");
        assert_eq!(
            f(Formula::around(0xA_1100_110A, Square::F3)),
            "0x0000000a1100110a around f3"
        );
        assert_eq!(f(Formula::verbatim("l1 | r1")), "l1 | r1");
    }

    /// Run literally in each numbering that keeps ranks along the bits, every masked shift
    /// of every knight and king technique gives that numbering's bits of the LERF step, on
    /// every single square: mask before (`(b & mask) << n`), mask after (`(b << n) & mask`)
    /// and the devlog's translation (`(mask << n) & keep`).
    #[test]
    fn numbered_steps_compute_what_they_say() {
        use crate::{king, knight};
        let shift = |bits: u64, n: i8| Bitboard(bits).shift(n as i32).0;
        for numbering in Numbering::ALL {
            for sq in Square::ALL {
                let b = Bitboard::from_square(sq);
                let steps = knight::technique::Method::ALL
                    .iter()
                    .flat_map(|m| m.trace(b))
                    .chain(king::technique::Method::ALL.iter().flat_map(|m| m.trace(b)));
                for step in steps {
                    let Some(its) = step.in_numbering(numbering) else {
                        assert!(numbering.lays_files_along_bits());
                        continue;
                    };
                    assert_eq!(its.set(), numbering.from_lerf(step.set()));
                    let (Some(n), Some(mask)) = (its.shift(), its.mask()) else {
                        continue;
                    };
                    let input = numbering.from_lerf(b);
                    let got = match step.kind() {
                        Kind::PreMask(_) => shift(input & mask, n),
                        Kind::Translation(_) => {
                            // The default mask drawn around its square, in this numbering.
                            let from = step.at().unwrap() as i8 - step.shift().unwrap();
                            let default = if from == knight::technique::DEFAULT_SQUARE as i8 {
                                knight::technique::DEFAULT_MASK
                            } else {
                                king::technique::DEFAULT_MASK
                            };
                            shift(numbering.from_lerf(default), n) & mask
                        }
                        Kind::PostMask(_) | Kind::King(_) => shift(input, n) & mask,
                        // Lines of the parallel-prefix routines work on intermediate values.
                        _ => continue,
                    };
                    assert_eq!(
                        got,
                        its.set(),
                        "{numbering} {sq} {} {}",
                        step.name(),
                        its.formula()
                    );
                }
            }
        }
    }

    #[test]
    fn the_engine_wikis_moves_are_written_as_it_writes_them() {
        use crate::knight::technique::Method;
        let d4 = Bitboard::from_square(Square::D4);
        let its: [String; 8] = core::array::from_fn(|i| {
            let step = Method::PreMask.trace(d4).nth(i).unwrap();
            step.in_numbering(Numbering::H1G1)
                .unwrap()
                .formula()
                .to_string()
        });
        // In the wiki's direction order noNoEa, noEaEa, soEaEa, soSoEa, soSoWe, soWeWe,
        // noWeWe, noNoWe: the engine wiki's moves 3, 4, 5, 6, 7, 8, 1, 2.
        assert_eq!(
            its,
            [
                "(b & not-H-file) << 15",
                "(b & not-HG-file) << 6",
                "(b & not-HG-file) >> 10",
                "(b & not-H-file) >> 17",
                "(b & not-A-file) >> 15",
                "(b & not-AB-file) >> 6",
                "(b & not-AB-file) << 10",
                "(b & not-A-file) << 17",
            ]
        );
        let king =
            crate::king::technique::Method::Translate.trace(Bitboard::from_square(Square::A1));
        let default = king
            .clone()
            .next()
            .unwrap()
            .in_numbering(Numbering::H1G1)
            .unwrap();
        assert_eq!(
            default.formula().to_string(),
            "0x0000000000070507 around g2"
        );
        let a1 = king
            .clone()
            .nth(1)
            .unwrap()
            .in_numbering(Numbering::H1G1)
            .unwrap();
        // The devlog: a1 is its square 8, two below its square 10.
        assert_eq!(a1.shift(), Some(-2));
        assert_eq!(a1.formula().to_string(), "(mask >> 2) & not-HG-file");
        assert!(
            Method::PreMask
                .trace(d4)
                .next()
                .unwrap()
                .in_numbering(Numbering::A1A2)
                .is_none()
        );
    }
}
