//! Each technique step by step, as the page draws it: the library's own trace
//! (`Method::trace`), told in the answer's terms. Nothing here computes a pattern.

use knightbits::trace::Step as TraceStep;
use knightbits::{Bitboard, Square};

use super::Squares;
use knightbits::technique::Method;
use serde::Serialize;

/// One step of a technique: `{"name", "formula", "bitboard", "part", "cells"}` and, where the
/// step has them, `"shifted"`, `"mask"`, `"removed"` (bitboards) and `"at"` (squares).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The step's name (a direction, a square, a variable of the source's code).
    pub name: String,
    /// What it computes, in the source's notation.
    pub formula: String,
    /// What it yields.
    pub bitboard: Bitboard,
    /// Whether its bitboard is part of the final union.
    pub part: bool,
    /// One character per square, a1 first: `1` in the result, `r` removed by the mask, `-`
    /// outside the mask, `.` otherwise.
    pub cells: String,
    /// The bitboard before masking.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shifted: Option<Bitboard>,
    /// The mask.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mask: Option<Bitboard>,
    /// The bits the mask removed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub removed: Option<Bitboard>,
    /// The pieces the step is about, when not all of them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<Squares>,
}

/// The steps of `method` for the pieces `pieces`, from the library's trace.
pub fn trace(pieces: Bitboard, method: Method) -> Vec<Step> {
    method.trace(pieces).map(step).collect()
}

/// One library step as the answer tells it.
fn step(s: TraceStep) -> Step {
    Step {
        name: s.name().to_owned(),
        formula: s.formula().to_string(),
        bitboard: s.set(),
        part: s.is_part(),
        cells: cells(&s),
        shifted: s.shifted(),
        mask: s.mask(),
        removed: s.removed(),
        at: s.at().map(|sq| Squares(Bitboard::from_square(sq))),
    }
}

/// One character per square, a1 first, for drawing: `1` in the result, `r` removed by the
/// mask, `-` outside the mask, `.` otherwise.
fn cells(s: &TraceStep) -> String {
    Square::ALL
        .iter()
        .map(|&sq| {
            if s.set().contains(sq) {
                '1'
            } else if s.removed().is_some_and(|r| r.contains(sq)) {
                'r'
            } else if s.mask().is_some_and(|m| !m.contains(sq)) {
                '-'
            } else {
                '.'
            }
        })
        .collect()
}

/// The union of the steps that are part of the result.
pub fn union(steps: &[Step]) -> Bitboard {
    steps
        .iter()
        .filter(|s| s.part)
        .fold(Bitboard::EMPTY, |a, s| a | s.bitboard)
}

#[cfg(test)]
mod tests {
    use super::*;
    use knightbits::knight;

    /// The answer's steps add up to the library's method for every method of both pieces, on
    /// every single square and on a few sets (the library proves its traces on many more; this
    /// checks that the conversion keeps every step and its part flag).
    #[test]
    fn every_answer_adds_up_to_the_library_method() {
        let mut sets: Vec<Bitboard> = Square::ALL.map(Bitboard::from_square).to_vec();
        sets.extend([
            Bitboard::EMPTY,
            Bitboard::FULL,
            Bitboard(0x0123_4567_89ab_cdef),
        ]);
        for bb in sets {
            for m in Method::ALL {
                let steps = trace(bb, m);
                assert_eq!(steps.len(), m.trace(bb).count());
                assert_eq!(union(&steps), m.attacks(bb), "{m} {bb:?}");
            }
        }
    }

    /// The cells tell what the mask did: the devlog's mask moved to a1 shows its wrapped bits
    /// on files g and h as `r`, and the result as `1`.
    #[test]
    fn cells_show_the_removed_bits() {
        let steps = trace(
            Bitboard::from_square(Square::A1),
            Method::Knight(knight::technique::Method::Translate),
        );
        let a1 = &steps[1];
        assert_eq!(a1.bitboard, Bitboard::from_iter([Square::B3, Square::C2]));
        assert_eq!(a1.cells.matches('1').count(), 2);
        let removed: Vec<usize> = a1.cells.match_indices('r').map(|(i, _)| i).collect();
        assert!(!removed.is_empty());
        assert!(removed.iter().all(|&i| i % 8 >= 6), "{removed:?}");
    }
}
