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
//!
//! The module is in three parts: the steps and their kinds (`step.rs`), the text of their
//! formulas in any numbering (`formula.rs`), and the trace itself here, which walks a
//! technique's plan. A routine the wiki writes as lines is traced by that technique's own
//! line interpreter (`knight/technique/lines.rs`), which also computes it.

use core::iter::FusedIterator;

use crate::bitboard::Bitboard;
use crate::leaper::Leaper;
use crate::square::Square;

mod formula;
mod step;

pub use self::formula::{Formula, NumberedFormula, NumberedStep};
pub use self::step::{Kind, Step};

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
    /// A routine written as lines, line by line: `count` lines, each step made by `step`.
    Lines {
        count: u8,
        step: fn(Bitboard, usize) -> Step,
    },
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

/// Whose eight jumps, and where their mask stands.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Jumps {
    /// The leaper's, masked after the shift.
    PostMask(Leaper),
    /// The leaper's, masked before the shift.
    PreMask(Leaper),
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

    /// A routine written as `count` lines on `set`, line by line, step `i` made by `step`
    /// (the technique's own line interpreter).
    pub(crate) const fn lines(
        set: Bitboard,
        count: u8,
        step: fn(Bitboard, usize) -> Step,
    ) -> Trace {
        Trace::of(set, Plan::Lines { count, step }, Bitboard::EMPTY)
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
            Plan::Lines { count, .. } => count,
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
                Plan::Lines { step, .. } => Some(step(self.set, i)),
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
            Plan::Jumps(_) | Plan::Lines { .. } => None,
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
    use crate::mapping::Numbering;

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
            "0x0000000a1100110a in h1-g1 (the devlog's mask) around f3"
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
                        Kind::PostMask(_) => shift(input, n) & mask,
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
