//! The text of a step's formula, as the source writes it, and a step written in another
//! numbering ([`NumberedStep`], [`NumberedFormula`]); no allocation.

use core::fmt;

use crate::bitboard::Bitboard;
use crate::mapping::Numbering;
use crate::square::Square;

use super::Step;

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
    /// `0x0000000a1100110a in h1-g1 (the devlog's mask) around f3`: `bits` in the devlog's
    /// numbering, h1-g1, not in LERF, so the text says which numbering they are in.
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

    /// `0x… in h1-g1 (the devlog's mask) around square`: `bits`, in the devlog's numbering, in
    /// canonical hex.
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
            Text::Around { bits, square } => write!(
                f,
                "{bits:#018x} in {} (the devlog's mask) around {square}",
                Numbering::H1G1
            ),
        }
    }
}

/// A [`Step`] written in another [`Numbering`], made by [`Step::in_numbering`]: the step's
/// sets as bit patterns of that numbering, its shift measured there, its formula written
/// there. The squares are the same; only their numbers change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NumberedStep {
    pub(super) step: Step,
    pub(super) numbering: Numbering,
    pub(super) shift: Option<i8>,
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
