//! The explorer's edits of its board: `op` (toggle a square, shift, mirror, …) and `slide`
//! (every piece one step), each answered with the new board.

use knightbits::mapping::Numbering;
use knightbits::{Bitboard, Square};
use serde::Serialize;

use super::bits::{ShowRequest, View, view};
use super::form::{self, Named, Shift, query};
use super::values::{Choice, choices};
use super::{Error, Squares};

choices! {
    /// The explorer's edits of a bitboard, by name.
    pub enum OpName ("op") {
        Toggle = "toggle",
        Insert = "insert",
        Remove = "remove",
        Clear = "clear",
        Fill = "fill",
        Invert = "invert",
        Shift = "shift",
        And = "and",
        Or = "or",
        Xor = "xor",
        AndNot = "andnot",
        FlipVertical = "flip-vertical",
        MirrorHorizontal = "mirror-horizontal",
        FlipDiagonal = "flip-diagonal",
        Rotate180 = "rotate-180",
    }
}

/// One edit with its operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Add the square if absent, remove it if present.
    Toggle(Square),
    /// Add the square.
    Insert(Square),
    /// Remove the square.
    Remove(Square),
    /// No square.
    Clear,
    /// Every square.
    Fill,
    /// The complement.
    Invert,
    /// Shift the bits by `n` (left for positive), dropping those shifted out.
    Shift(i32),
    /// Intersection with another bitboard.
    And(Bitboard),
    /// Union with another bitboard.
    Or(Bitboard),
    /// Symmetric difference with another bitboard.
    Xor(Bitboard),
    /// Difference: the squares not in another bitboard.
    AndNot(Bitboard),
    /// Rank 1 and rank 8 swapped, and so on.
    FlipVertical,
    /// File a and file h swapped, and so on.
    MirrorHorizontal,
    /// Mirrored on the a1-h8 diagonal.
    FlipDiagonal,
    /// Turned half way round.
    Rotate180,
}

impl Op {
    /// The edit `name` with its operand: a square, a shift or another bitboard, each read
    /// (by the function given for it) only if this edit takes it.
    pub fn named<E>(
        name: OpName,
        square: impl FnOnce() -> Result<Square, E>,
        shift: impl FnOnce() -> Result<i32, E>,
        other: impl FnOnce() -> Result<Bitboard, E>,
    ) -> Result<Op, E> {
        Ok(match name {
            OpName::Toggle => Op::Toggle(square()?),
            OpName::Insert => Op::Insert(square()?),
            OpName::Remove => Op::Remove(square()?),
            OpName::Clear => Op::Clear,
            OpName::Fill => Op::Fill,
            OpName::Invert => Op::Invert,
            OpName::Shift => Op::Shift(shift()?),
            OpName::And => Op::And(other()?),
            OpName::Or => Op::Or(other()?),
            OpName::Xor => Op::Xor(other()?),
            OpName::AndNot => Op::AndNot(other()?),
            OpName::FlipVertical => Op::FlipVertical,
            OpName::MirrorHorizontal => Op::MirrorHorizontal,
            OpName::FlipDiagonal => Op::FlipDiagonal,
            OpName::Rotate180 => Op::Rotate180,
        })
    }

    /// The edited bitboard.
    pub fn apply(self, bb: Bitboard) -> Bitboard {
        match self {
            Op::Toggle(sq) => {
                let mut b = bb;
                b.toggle(sq);
                b
            }
            Op::Insert(sq) => bb.with(sq),
            Op::Remove(sq) => bb.without(sq),
            Op::Clear => Bitboard::EMPTY,
            Op::Fill => Bitboard::FULL,
            Op::Invert => !bb,
            Op::Shift(n) => bb.shift(n),
            Op::And(other) => bb & other,
            Op::Or(other) => bb | other,
            Op::Xor(other) => bb ^ other,
            Op::AndNot(other) => bb - other,
            Op::FlipVertical => bb.flip_vertical(),
            Op::MirrorHorizontal => bb.mirror_horizontal(),
            Op::FlipDiagonal => bb.flip_diagonal(),
            Op::Rotate180 => bb.rotate_180(),
        }
    }
}

/// `op`: one edit of the page's board, answered with the new board's view. Built by
/// [`OpRequest::new`] (an [`Op`] carries exactly the operand its edit takes, read by
/// [`Op::named`]); its fields are private:
///
/// ```compile_fail,E0451
/// use knightbits::{Bitboard, mapping::Numbering};
/// use knightbits_api::edit::{Op, OpRequest};
/// let r = OpRequest { bitboard: Bitboard::FULL, op: Op::Clear, numbering: Numbering::A1B1 };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpRequest {
    bitboard: Bitboard,
    op: Op,
    numbering: Numbering,
}

impl OpRequest {
    /// The edit `op` of `bitboard`, its answer seen in `numbering`.
    pub fn new(bitboard: Bitboard, op: Op, numbering: Numbering) -> Self {
        OpRequest {
            bitboard,
            op,
            numbering,
        }
    }
}

/// The parameters of `/api/op`: the `bitboard`, the edit `op` with its operand (`square`, `n`
/// from -63 to 63, default 1, or `other`), and the `numbering` the answer is seen in
/// (default a1-b1).
struct OpQuery {
    bitboard: Bitboard,
    op: OpName,
    square: Option<Named<Square>>,
    n: Option<Named<Shift>>,
    other: Option<Named<Bitboard>>,
    numbering: Option<Numbering>,
}

query!(OpQuery {
    bitboard,
    op,
    square,
    n,
    other,
    numbering
});
query!(OpRequest via OpQuery);

impl TryFrom<OpQuery> for OpRequest {
    type Error = Error;

    fn try_from(q: OpQuery) -> Result<OpRequest, Error> {
        let op = Op::named(
            q.op,
            || form::value(&q.square).ok_or_else(|| form::missing("square")),
            || Ok(form::value(&q.n).map_or(1, |n| n.0)),
            || form::value(&q.other).ok_or_else(|| form::missing("other")),
        )?;
        // An operand the edit does not take would change nothing: refused, not ignored.
        let unused = format!("{} does not take it", q.op.name());
        if !matches!(op, Op::Toggle(_) | Op::Insert(_) | Op::Remove(_)) {
            form::unwanted(&q.square, &unused)?;
        }
        if !matches!(op, Op::Shift(_)) {
            form::unwanted(&q.n, &unused)?;
        }
        if !matches!(op, Op::And(_) | Op::Or(_) | Op::Xor(_) | Op::AndNot(_)) {
            form::unwanted(&q.other, &unused)?;
        }
        Ok(OpRequest::new(
            q.bitboard,
            op,
            q.numbering.unwrap_or(Numbering::A1B1),
        ))
    }
}

/// Answers `op`.
pub fn op(req: &OpRequest) -> View {
    view(&ShowRequest::new(req.op.apply(req.bitboard), req.numbering))
}

choices! {
    /// A step every piece takes at once: a compass direction, or the devlog's keys `a` (one
    /// square left in its h1-first numbering, wrapping to the rank above) and `d` (one right,
    /// wrapping to the rank below).
    pub enum Slide ("slide") {
        North = "north",
        South = "south",
        East = "east",
        West = "west",
        A = "a",
        D = "d",
    }
}

impl Slide {
    /// Where one piece on `sq` goes; `None` off the board.
    fn step(self, sq: Square) -> Option<Square> {
        match self {
            Slide::North => sq.offset(0, 1),
            Slide::South => sq.offset(0, -1),
            Slide::East => sq.offset(1, 0),
            Slide::West => sq.offset(-1, 0),
            Slide::A => Numbering::H1G1.square(Numbering::H1G1.index(sq) + 1),
            Slide::D => Numbering::H1G1
                .index(sq)
                .checked_sub(1)
                .and_then(|i| Numbering::H1G1.square(i)),
        }
    }

    /// Every piece one step; if any would leave the board none moves.
    pub fn apply(self, pieces: Bitboard) -> Slid {
        let moved: Option<Bitboard> = pieces.into_iter().map(|sq| self.step(sq)).collect();
        let (bitboard, moved) = match moved {
            Some(b) => (b, true),
            None => (pieces, false),
        };
        Slid {
            bitboard,
            squares: Squares(bitboard),
            moved,
        }
    }
}

/// `slide`: every piece one step. In `/api/slide`: the pieces `squares`, one step `by`. Built
/// by [`SlideRequest::new`]; its fields are private:
///
/// ```compile_fail,E0451
/// use knightbits_api::edit::{Slide, SlideRequest};
/// let r = SlideRequest { pieces: knightbits::Bitboard::FULL, by: Slide::North };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlideRequest {
    pieces: Bitboard,
    by: Slide,
}

impl SlideRequest {
    /// Every piece on `pieces` one step `by`.
    pub fn new(pieces: Bitboard, by: Slide) -> Self {
        SlideRequest { pieces, by }
    }
}

query!(SlideRequest {
    pieces: "squares",
    by
});

/// The pieces after a slide: `{"bitboard", "squares", "moved"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Slid {
    /// Where the pieces are.
    pub bitboard: Bitboard,
    /// Their names.
    pub squares: Squares,
    /// Whether they moved (false when one would have left the board).
    pub moved: bool,
}

/// Answers `slide`.
pub fn slide(req: &SlideRequest) -> Slid {
    req.by.apply(req.pieces)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slide_off_the_board_moves_nothing() {
        let pieces = Bitboard::from_iter([Square::H4, Square::D4]);
        let slid = Slide::East.apply(pieces);
        assert!(!slid.moved);
        assert_eq!(slid.bitboard, pieces);
        // The devlog's A: one square left from h1's side, wrapping to the rank above.
        assert_eq!(
            Slide::A.apply(Bitboard::from_square(Square::A4)).bitboard,
            Bitboard::from_square(Square::H5)
        );
    }

    #[test]
    fn every_op_name_reads_back() {
        for name in OpName::ALL {
            assert_eq!(OpName::read(name.name()), Some(name));
        }
    }
}
