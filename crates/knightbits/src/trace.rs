//! Step-by-step traces of the techniques, for pictures and explanations, without allocation.
//!
//! A [`Trace`] is made by a technique's `Method::trace` ([`knight::technique::Method::trace`],
//! [`king::technique::Method::trace`]). It yields one [`Step`] per value the technique
//! computes, in the order the source computes them: a direction shifted and masked, one table
//! lookup, one line of a parallel-prefix routine. Each step carries the resulting set, the
//! formula as the source writes it, and, where the step has them, the set before masking, the
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
use crate::mapping::Numbering;
use crate::square::Square;

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
    formula: Formula,
    set: Bitboard,
    shifted: Option<Bitboard>,
    mask: Option<Bitboard>,
    shift: Option<i8>,
    removed: Option<Bitboard>,
    at: Option<Square>,
    part: bool,
}

impl Step {
    /// The step's name: a direction (`noNoEa`, `north`), a variable of the source (`l1`,
    /// `east`), the square of a lookup or translation (`d4`), or `default mask`.
    #[inline]
    pub const fn name(&self) -> &'static str {
        self.name
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
        self.at
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
    /// use knightbits::knight::technique::Method;
    /// use knightbits::mapping::Numbering;
    /// use knightbits::{Bitboard, Square};
    ///
    /// let d4 = Bitboard::from_square(Square::D4);
    /// // The wiki's `(b & notAFile) << 15` (noNoWe) is the engine wiki's move 2.
    /// let no_no_we = Method::PreMask.trace(d4).find(|s| s.name() == "noNoWe").unwrap();
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
        let shift = match (self.shift, self.at) {
            // A translation: from the mask's square to the piece's, in this numbering.
            (Some(lerf), Some(to)) => {
                let from = Square::ALL[(to as i8 - lerf) as usize];
                Some(numbering.index(to) as i8 - numbering.index(from) as i8)
            }
            // A jump of at most two files: the same jump, measured in this numbering.
            (Some(lerf), None) => {
                let df = (lerf + 2).rem_euclid(8) - 2;
                let dr = (lerf - df) / 8;
                match Square::D4.offset(df, dr) {
                    Some(to) => Some(numbering.index(to) as i8 - numbering.index(Square::D4) as i8),
                    None => None,
                }
            }
            (None, _) => None,
        };
        Some(NumberedStep {
            step: *self,
            numbering,
            shift,
        })
    }

    /// A step that is part of the result, with nothing but a name, a formula and a set.
    pub(crate) const fn new(name: &'static str, formula: Formula, set: Bitboard) -> Step {
        Step {
            name,
            formula,
            set,
            shifted: None,
            mask: None,
            shift: None,
            removed: None,
            at: None,
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

    /// The devlog's default mask: `devlog` as the devlog writes it (h1 = bit 0), which is
    /// `mask` in LERF, drawn around `square`; an intermediate value.
    pub(crate) const fn default_mask(devlog: u64, mask: Bitboard, square: Square) -> Step {
        Step::new("default mask", Formula::around(devlog, square), mask)
            .with_at(square)
            .intermediate()
    }

    /// `mask`, drawn around `from`, translated to the piece on `to` ([`Bitboard::translate`]):
    /// the shift, the file mask, the bits that wrapped.
    pub(crate) const fn translation(mask: Bitboard, from: Square, to: Square) -> Step {
        let shift = to as i8 - from as i8;
        let shifted = mask.shift(shift as i32);
        let keep = Bitboard::translate_mask(to);
        let set = mask.translate(from, to);
        Step::new(to.name(), Formula::shift_mask("mask", shift, keep), set)
            .with_shift(shift, shifted)
            .with_mask(keep, shifted.difference(set))
            .with_at(to)
    }

    /// The same step, about the piece on `square`.
    pub(crate) const fn with_at(self, square: Square) -> Step {
        Step {
            at: Some(square),
            ..self
        }
    }
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
    /// Index of the next fixed step.
    next: u8,
    /// Number of fixed steps, which come first.
    fixed: u8,
    fixed_step: Option<fn(Bitboard, u8) -> Step>,
    /// Squares whose per-piece step is still to come, after the fixed steps.
    squares: Bitboard,
    square_step: Option<fn(Square) -> Step>,
}

impl Trace {
    /// `fixed` steps `fixed_step(set, 0)`, … first, then `square_step(square)` for each square
    /// of `squares`, lowest first.
    pub(crate) const fn new(
        set: Bitboard,
        fixed: u8,
        fixed_step: Option<fn(Bitboard, u8) -> Step>,
        squares: Bitboard,
        square_step: Option<fn(Square) -> Step>,
    ) -> Trace {
        Trace {
            set,
            next: 0,
            fixed,
            fixed_step,
            squares,
            square_step,
        }
    }
}

impl Iterator for Trace {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if self.next < self.fixed {
            let step = self.fixed_step?;
            self.next += 1;
            return Some(step(self.set, self.next - 1));
        }
        let step = self.square_step?;
        self.squares.pop_first().map(step)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let fixed = match self.fixed_step {
            Some(_) => (self.fixed - self.next) as usize,
            None => 0,
        };
        let squares = match self.square_step {
            Some(_) => self.squares.count() as usize,
            None => 0,
        };
        (fixed + squares, Some(fixed + squares))
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
                    let got = match step.formula().0 {
                        Text::MaskShift { .. } => shift(input & mask, n),
                        Text::ShiftMask { value: "mask", .. } => {
                            // The default mask drawn around its square, in this numbering.
                            let from = step.at().unwrap() as i8 - step.shift().unwrap();
                            let default = if from == knight::technique::DEFAULT_SQUARE as i8 {
                                knight::technique::DEFAULT_MASK
                            } else {
                                king::technique::DEFAULT_MASK
                            };
                            shift(numbering.from_lerf(default), n) & mask
                        }
                        Text::ShiftMask { .. } => shift(input, n) & mask,
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
