//! The interpreter of the routines the wiki writes as lines (its parallel-prefix routines,
//! [`prefix`](super::prefix) and [`halves`](super::halves)): each routine is its list of
//! lines, which both computes it ([`run`]) and traces it ([`step`]), so the two cannot differ.

use crate::bitboard::Bitboard;
use crate::trace::{Formula, Kind, Step};

/// One line of a routine written as lines (the wiki's parallel-prefix routines): a name, the
/// line as the source writes it, and what it computes, of the routine's input (value 0) or
/// of earlier lines (line `k` is value `k + 1`). A line computes `kind` of `of[0] | of[1]`:
/// [`Kind::Files`] and [`Kind::Ranks`] shift that union, [`Kind::Union`] is it. The routine
/// and its trace are both read from the lines ([`run`]), so they cannot differ.
#[derive(Clone, Copy, Debug)]
pub(super) struct Line {
    name: &'static str,
    formula: &'static str,
    kind: Kind,
    of: [u8; 2],
}

/// A [`Line`].
pub(super) const fn line(
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
pub(super) const fn run(lines: &[Line], b: Bitboard) -> Bitboard {
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

/// Line `i` of `lines` on `b` as a trace step, as [`Line`] computes it.
pub(super) const fn step(lines: &[Line], b: Bitboard, i: usize) -> Step {
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
