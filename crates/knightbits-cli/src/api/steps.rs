//! Each technique step by step: the intermediate bitboards of the library's routines, told
//! with the library's own directions, masks and shifts, for the page to draw one at a time.
//!
//! The final union of every trace equals the library's routine for that method (checked in
//! the tests below on every single square and on sets of pieces).

use knightbits::{Bitboard, Square, king, knight};

use super::Squares;
use super::values::PieceMethod;

/// One step: a name, the formula it applies, the bitboard it yields, and optionally the
/// bitboard before masking, the mask, and the bits the mask removed.
pub struct Step {
    name: String,
    formula: String,
    bitboard: Bitboard,
    shifted: Option<Bitboard>,
    mask: Option<Bitboard>,
    removed: Option<Bitboard>,
    /// The pieces this step is about, when not all of them (one lookup, one translation).
    at: Option<Bitboard>,
    /// Whether this step's bitboard is part of the final union.
    part: bool,
}

impl Step {
    fn new(name: impl Into<String>, formula: impl Into<String>, bitboard: Bitboard) -> Step {
        Step {
            name: name.into(),
            formula: formula.into(),
            bitboard,
            shifted: None,
            mask: None,
            removed: None,
            at: None,
            part: true,
        }
    }

    /// An intermediate value, not itself part of the union.
    fn temp(name: impl Into<String>, formula: impl Into<String>, bitboard: Bitboard) -> Step {
        Step {
            part: false,
            ..Step::new(name, formula, bitboard)
        }
    }

    /// One character per square, a1 first, for drawing: `1` in the result, `r` removed by
    /// the mask, `-` outside the mask, `.` otherwise.
    fn cells(&self) -> String {
        Square::ALL
            .iter()
            .map(|&sq| {
                if self.bitboard.contains(sq) {
                    '1'
                } else if self.removed.is_some_and(|r| r.contains(sq)) {
                    'r'
                } else if self.mask.is_some_and(|m| !m.contains(sq)) {
                    '-'
                } else {
                    '.'
                }
            })
            .collect()
    }

    /// The step as the answer tells it.
    pub fn response(&self) -> super::attacks::Step {
        super::attacks::Step {
            name: self.name.clone(),
            formula: self.formula.clone(),
            bitboard: self.bitboard,
            part: self.part,
            cells: self.cells(),
            shifted: self.shifted,
            mask: self.mask,
            removed: self.removed,
            at: self.at.map(Squares),
        }
    }
}

/// The union of the steps that are part of the result.
pub fn union(steps: &[Step]) -> Bitboard {
    steps
        .iter()
        .filter(|s| s.part)
        .fold(Bitboard::EMPTY, |a, s| a | s.bitboard)
}

/// The file and rank steps of a direction function, read from where it sends a knight on d4
/// (every direction reaches the board from d4).
fn delta(direction: knight::Direction) -> (i8, i8) {
    match direction(Bitboard::from_square(Square::D4)).single_square() {
        Some(to) => (
            to.file() as i8 - Square::D4.file() as i8,
            to.rank() as i8 - Square::D4.rank() as i8,
        ),
        None => (0, 0),
    }
}

/// The mask that keeps a shift by `df` files from wrapping, applied after the shift: the
/// files the shift cannot reach without wrapping are cleared.
fn post_mask(df: i8) -> (&'static str, Bitboard) {
    match df {
        1 => ("notAFile", Bitboard::NOT_A_FILE),
        2 => ("notABFile", Bitboard::NOT_AB_FILE),
        -1 => ("notHFile", Bitboard::NOT_H_FILE),
        -2 => ("notGHFile", Bitboard::NOT_GH_FILE),
        _ => ("", Bitboard::FULL),
    }
}

/// The same mask applied before the shift: pieces that would wrap are cleared.
fn pre_mask(df: i8) -> (&'static str, Bitboard) {
    post_mask(-df)
}

/// A shift written as C writes it: `<< n` or `>> n`.
fn shift_text(n: i32) -> String {
    if n >= 0 {
        format!("<< {n}")
    } else {
        format!(">> {}", -n)
    }
}

/// The steps of `method` for the pieces `pieces`.
pub fn trace(pieces: Bitboard, method: PieceMethod) -> Vec<Step> {
    use king::Method as King;
    use knight::Method as Knight;
    match method {
        PieceMethod::Knight(Knight::Lookup) => lookup(pieces, "ATTACKS", knight::attacks),
        PieceMethod::Knight(Knight::PostMask) => post(pieces, &knight::post_mask::DIRECTIONS),
        PieceMethod::Knight(Knight::PreMask) => pre(pieces, &knight::pre_mask::DIRECTIONS),
        PieceMethod::Knight(Knight::Prefix) => prefix(pieces),
        PieceMethod::Knight(Knight::Halves) => halves(pieces),
        PieceMethod::Knight(Knight::Translate) => translate(
            pieces,
            knight::DEFAULT_MASK,
            knight::DEFAULT_SQUARE,
            knight::attacks_translate,
        ),
        PieceMethod::King(King::Lookup) => lookup(pieces, "ATTACKS", king::attacks),
        PieceMethod::King(King::Shifts) => king_shifts(pieces),
        PieceMethod::King(King::Translate) => translate(
            pieces,
            king::DEFAULT_MASK,
            king::DEFAULT_SQUARE,
            king::attacks_translate,
        ),
    }
}

/// One table lookup per piece.
fn lookup(pieces: Bitboard, table: &str, attacks: fn(Square) -> Bitboard) -> Vec<Step> {
    pieces
        .into_iter()
        .map(|sq| Step {
            at: Some(Bitboard::from_square(sq)),
            ..Step::new(sq.to_string(), format!("{table}[{sq}]"), attacks(sq))
        })
        .collect()
}

/// The eight directions, shifted then masked: the shift, the mask, and the wrapped bits.
fn post(pieces: Bitboard, directions: &[(&str, knight::Direction); 8]) -> Vec<Step> {
    directions
        .iter()
        .map(|&(name, direction)| {
            let (df, dr) = delta(direction);
            let n = i32::from(dr) * 8 + i32::from(df);
            let (mask_name, mask) = post_mask(df);
            let shifted = pieces.shift(n);
            let result = direction(pieces);
            Step {
                shifted: Some(shifted),
                mask: Some(mask),
                removed: Some(shifted - result),
                ..Step::new(name, format!("(b {}) & {mask_name}", shift_text(n)), result)
            }
        })
        .collect()
}

/// The eight directions, masked then shifted: the mask, the pieces it drops, the result.
fn pre(pieces: Bitboard, directions: &[(&str, knight::Direction); 8]) -> Vec<Step> {
    directions
        .iter()
        .map(|&(name, direction)| {
            let (df, dr) = delta(direction);
            let n = i32::from(dr) * 8 + i32::from(df);
            let (mask_name, mask) = pre_mask(df);
            Step {
                shifted: Some((pieces & mask).shift(n)),
                mask: Some(mask),
                removed: Some(pieces - mask),
                ..Step::new(
                    name,
                    format!("(b & {mask_name}) {}", shift_text(n)),
                    direction(pieces),
                )
            }
        })
        .collect()
}

/// The wiki's first parallel-prefix routine, one line at a time.
fn prefix(knights: Bitboard) -> Vec<Step> {
    let east = knights.east_one();
    let west = knights.west_one();
    let one = east | west;
    let east2 = east.east_one();
    let west2 = west.west_one();
    let two = east2 | west2;
    vec![
        Step::temp("east", "east = eastOne(b)", east),
        Step::temp("west", "west = westOne(b)", west),
        Step::new("up 2", "(east | west) << 16", one.shift(16)),
        Step::new("down 2", "(east | west) >> 16", one.shift(-16)),
        Step::temp("east 2", "east = eastOne(east)", east2),
        Step::temp("west 2", "west = westOne(west)", west2),
        Step::new("up 1", "(east | west) << 8", two.shift(8)),
        Step::new("down 1", "(east | west) >> 8", two.shift(-8)),
    ]
}

/// The wiki's `l1 l2 r1 r2` routine, one value at a time.
fn halves(knights: Bitboard) -> Vec<Step> {
    let l1 = knights.west_one();
    let l2 = l1.west_one();
    let r1 = knights.east_one();
    let r2 = r1.east_one();
    let h1 = l1 | r1;
    let h2 = l2 | r2;
    vec![
        Step::temp("l1", "(b >> 1) & 0x7f7f7f7f7f7f7f7f", l1),
        Step::temp("l2", "(b >> 2) & 0x3f3f3f3f3f3f3f3f", l2),
        Step::temp("r1", "(b << 1) & 0xfefefefefefefefe", r1),
        Step::temp("r2", "(b << 2) & 0xfcfcfcfcfcfcfcfc", r2),
        Step::temp("h1", "l1 | r1", h1),
        Step::temp("h2", "l2 | r2", h2),
        Step::new("h1 << 16", "h1 << 16", h1.shift(16)),
        Step::new("h1 >> 16", "h1 >> 16", h1.shift(-16)),
        Step::new("h2 << 8", "h2 << 8", h2.shift(8)),
        Step::new("h2 >> 8", "h2 >> 8", h2.shift(-8)),
    ]
}

/// The devlog's default mask moved to each piece: the shifted mask, the wrapped bits removed.
fn translate(
    pieces: Bitboard,
    default: Bitboard,
    home: Square,
    attacks: fn(Square) -> Bitboard,
) -> Vec<Step> {
    let mut steps = vec![Step {
        at: Some(Bitboard::from_square(home)),
        ..Step::temp(
            format!("default mask ({home})"),
            format!("{default:#018x} around {home}"),
            default,
        )
    }];
    for sq in pieces {
        let n = sq as i32 - home as i32;
        let shifted = default.shift(n);
        let result = attacks(sq);
        steps.push(Step {
            at: Some(Bitboard::from_square(sq)),
            shifted: Some(shifted),
            removed: Some(shifted - result),
            ..Step::new(
                sq.to_string(),
                format!("mask {} then remove wrapped files", shift_text(n)),
                result,
            )
        });
    }
    steps
}

/// The king's eight one-step shifts, each masked after the shift against a/h wraps.
fn king_shifts(kings: Bitboard) -> Vec<Step> {
    const DIRS: [(&str, i8, i8); 8] = [
        ("north", 0, 1),
        ("northEast", 1, 1),
        ("east", 1, 0),
        ("southEast", 1, -1),
        ("south", 0, -1),
        ("southWest", -1, -1),
        ("west", -1, 0),
        ("northWest", -1, 1),
    ];
    DIRS.iter()
        .map(|&(name, df, dr)| {
            let n = i32::from(dr) * 8 + i32::from(df);
            let (mask_name, mask) = post_mask(df);
            let shifted = kings.shift(n);
            let result = shifted & mask;
            let formula = if mask_name.is_empty() {
                format!("b {}", shift_text(n))
            } else {
                format!("(b {}) & {mask_name}", shift_text(n))
            };
            Step {
                shifted: Some(shifted),
                mask: Some(mask),
                removed: Some(shifted - result),
                ..Step::new(name, formula, result)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sets() -> Vec<Bitboard> {
        let mut v: Vec<Bitboard> = Square::ALL
            .iter()
            .map(|&s| Bitboard::from_square(s))
            .collect();
        v.extend([
            Bitboard::EMPTY,
            Bitboard::FULL,
            Bitboard::FILE_A | Bitboard::FILE_H,
            Bitboard(0x8100_0000_0000_0081),
            Bitboard(0x0123_4567_89ab_cdef),
        ]);
        v
    }

    /// Every trace's union is the library's method on all 64 single pieces and a few sets:
    /// the steps shown are the technique, not an approximation of it.
    #[test]
    fn every_trace_adds_up_to_the_library_method() {
        for bb in sets() {
            for m in knight::Method::ALL {
                let steps = trace(bb, PieceMethod::Knight(m));
                assert_eq!(union(&steps), m.attacks(bb), "knight {m} {bb:?}");
            }
            for m in king::Method::ALL {
                let steps = trace(bb, PieceMethod::King(m));
                assert_eq!(union(&steps), m.attacks(bb), "king {m} {bb:?}");
            }
        }
    }

    /// The mask told for each direction is the one the library's function applies: shifting
    /// and masking as described gives the direction's result on every single square.
    #[test]
    fn described_masks_reproduce_each_direction() {
        for sq in Square::ALL {
            let b = Bitboard::from_square(sq);
            for step in post(b, &knight::post_mask::DIRECTIONS) {
                assert_eq!(step.shifted.unwrap() & step.mask.unwrap(), step.bitboard);
            }
            for step in pre(b, &knight::pre_mask::DIRECTIONS) {
                assert_eq!(step.shifted.unwrap(), step.bitboard, "{}", step.name);
            }
        }
    }

    /// The devlog's worked case: a knight moved from f3 to a1 loses the wrapped bits on the
    /// g and h files, which the trace reports as removed.
    #[test]
    fn translation_to_a1_removes_the_wrapped_bits() {
        let steps = trace(
            Bitboard::from_square(Square::A1),
            PieceMethod::Knight(knight::Method::Translate),
        );
        let a1 = &steps[1];
        assert_eq!(a1.bitboard, Bitboard::from_iter([Square::B3, Square::C2]));
        let removed = a1.removed.unwrap();
        assert!(removed.any());
        assert!(removed.is_subset(Bitboard::FILE_G | Bitboard::FILE_H));
    }
}
