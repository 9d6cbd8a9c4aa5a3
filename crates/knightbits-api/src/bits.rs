//! Questions about one bitboard: `show`, `convert`, `count`, and the explorer's edits (`op`,
//! `slide`), its fork squares and its pickers (`meta`).

use knightbits::mapping::Numbering;
use knightbits::technique::Leaper;
use knightbits::{Bitboard, Square, knight, popcount};
use serde::{Serialize, Serializer};

use super::form::{self, Named, Shift, query};
use super::values::{self, Choice, choices};
use super::{Bits, Error, SquareSet, Squares, display};

/// `show`: a bitboard (LERF) seen in a numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowRequest {
    /// The squares.
    pub bitboard: Bitboard,
    /// The numbering whose bit indices are told.
    pub numbering: Numbering,
}

/// The parameters of `/api/show`: `input` in any form, a number read in `from` (default:
/// `numbering`), seen in `numbering` (default a1-b1).
struct ShowQuery {
    input: Named<String>,
    numbering: Option<Numbering>,
    from: Option<Numbering>,
}

query!(ShowQuery {
    input,
    numbering,
    from
});
query!(ShowRequest via ShowQuery);

impl TryFrom<ShowQuery> for ShowRequest {
    type Error = Error;

    fn try_from(q: ShowQuery) -> Result<ShowRequest, Error> {
        let numbering = q.numbering.unwrap_or(Numbering::A1B1);
        Ok(ShowRequest {
            bitboard: read_in(&q.input, q.from.unwrap_or(numbering))?,
            numbering,
        })
    }
}

/// The `input` parameter, its numbers read in `numbering`.
fn read_in(input: &Named<String>, numbering: Numbering) -> Result<Bitboard, Error> {
    input.read(|text| values::bitboard_in(text, numbering))
}

/// The answer to `show`: `{"bitboard", "squares", "count", "numbering", "indices"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Show {
    /// The squares as a LERF bitboard.
    pub bitboard: Bitboard,
    /// Their names.
    pub squares: Squares,
    /// How many.
    pub count: u32,
    /// The numbering of `indices`.
    #[serde(serialize_with = "display")]
    pub numbering: Numbering,
    /// Each square's bit index in that numbering, a1 first.
    pub indices: Vec<u8>,
}

/// Answers `show`.
pub fn show(req: &ShowRequest) -> Show {
    let bb = req.bitboard;
    Show {
        bitboard: bb,
        squares: Squares(bb),
        count: bb.count(),
        numbering: req.numbering,
        indices: bb.into_iter().map(|sq| req.numbering.index(sq)).collect(),
    }
}

/// The explorer's view of a bitboard: `show`'s fields, then the forms the page shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// What `show` answers.
    #[serde(flatten)]
    pub shown: Show,
    /// The value of the bitboard in the numbering.
    pub value: Bits,
    /// The LERF value in decimal.
    pub decimal: String,
    /// The LERF value in binary, `0b` and 64 digits.
    pub binary: String,
    /// Every square's bit index in the numbering, a1 first.
    pub grid: Vec<u8>,
    /// The bitboard as a Rust constant.
    pub rust: String,
    /// The count by every popcount method.
    pub popcounts: Popcounts,
}

/// Answers the explorer's `show`.
pub fn view(req: &ShowRequest) -> View {
    let (bb, numbering) = (req.bitboard, req.numbering);
    View {
        shown: show(req),
        value: Bits(numbering.from_lerf(bb)),
        decimal: bb.0.to_string(),
        binary: format!("{:#066b}", bb.0),
        grid: Square::ALL.iter().map(|&sq| numbering.index(sq)).collect(),
        rust: format!("const BITBOARD: u64 = {};", rust_hex(bb.0)),
        popcounts: Popcounts(bb.0),
    }
}

/// `0x0000_1422_0022_1400`: hex in groups of four, as rustfmt leaves a long literal.
fn rust_hex(v: u64) -> String {
    let digits = format!("{v:016x}");
    let groups: Vec<&str> = (0..4).map(|i| &digits[i * 4..i * 4 + 4]).collect();
    format!("0x{}", groups.join("_"))
}

/// The count of a value by every popcount method: `{"loop": n, "table16": n, …}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Popcounts(pub u64);

impl Serialize for Popcounts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(
            popcount::Method::ALL
                .iter()
                .map(|m| (m.name(), m.count(self.0))),
        )
    }
}

/// `convert`: the same squares in another numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConvertRequest {
    /// The squares as a LERF bitboard.
    pub bitboard: Bitboard,
    /// The numbering to write them in.
    pub to: Numbering,
}

/// The parameters of `/api/convert`: `input` read in `from`, written in `to` (both default
/// a1-b1).
struct ConvertQuery {
    input: Named<String>,
    from: Option<Numbering>,
    to: Option<Numbering>,
}

query!(ConvertQuery { input, from, to });
query!(ConvertRequest via ConvertQuery);

impl TryFrom<ConvertQuery> for ConvertRequest {
    type Error = Error;

    fn try_from(q: ConvertQuery) -> Result<ConvertRequest, Error> {
        Ok(ConvertRequest {
            bitboard: read_in(&q.input, q.from.unwrap_or(Numbering::A1B1))?,
            to: q.to.unwrap_or(Numbering::A1B1),
        })
    }
}

/// The answer to `convert`: `{"numbering", "bits"}`, the value in the target numbering
/// (`"bitboard"` is always LERF, so this value has a name of its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Converted {
    /// The numbering of `bits`.
    #[serde(serialize_with = "display")]
    pub numbering: Numbering,
    /// The value in that numbering.
    pub bits: Bits,
}

/// Answers `convert`.
pub fn convert(req: &ConvertRequest) -> Converted {
    Converted {
        numbering: req.to,
        bits: Bits(req.to.from_lerf(req.bitboard)),
    }
}

/// `count`: the number of squares, by one of the article's methods. In `/api/count`: `input`
/// and `method` (default hardware).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountRequest {
    /// The squares.
    pub bitboard: Bitboard,
    /// The popcount method.
    pub method: popcount::Method,
}

query!(CountRequest {
    bitboard: "input",
    method = popcount::Method::Hardware,
});

/// The answer to `count`: `{"count"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Count {
    /// The number of set bits.
    pub count: u32,
}

/// Answers `count`.
pub fn count(req: &CountRequest) -> Count {
    Count {
        count: req.method.count(req.bitboard.0),
    }
}

/// The explorer's answer to `count`: `{"count", "method"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CountBy {
    /// What `count` answers.
    #[serde(flatten)]
    pub count: Count,
    /// The method that counted.
    pub method: &'static str,
}

/// Answers the explorer's `count`.
pub fn count_by(req: &CountRequest) -> CountBy {
    CountBy {
        count: count(req),
        method: req.method.name(),
    }
}

/// `fork-squares`: squares from which a knight attacks two or more targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForkSquaresRequest {
    /// The targets.
    pub targets: Bitboard,
}

query!(ForkSquaresRequest { targets });

/// Answers `fork-squares`.
pub fn fork_squares(req: &ForkSquaresRequest) -> SquareSet {
    knight::fork_squares(req.targets).into()
}

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

/// `op`: one edit of the page's board, answered with the new board's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpRequest {
    /// The board before the edit.
    pub bitboard: Bitboard,
    /// The edit.
    pub op: Op,
    /// The numbering the answer is seen in.
    pub numbering: Numbering,
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
        Ok(OpRequest {
            bitboard: q.bitboard,
            op,
            numbering: q.numbering.unwrap_or(Numbering::A1B1),
        })
    }
}

/// Answers `op`.
pub fn op(req: &OpRequest) -> View {
    view(&ShowRequest {
        bitboard: req.op.apply(req.bitboard),
        numbering: req.numbering,
    })
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

/// `slide`: every piece one step. In `/api/slide`: the pieces `squares`, one step `by`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlideRequest {
    /// The pieces.
    pub pieces: Bitboard,
    /// The step.
    pub by: Slide,
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

/// `meta`: the names the page offers in its pickers. It takes no parameter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MetaRequest {}

query!(MetaRequest {});

/// The answer to `meta`: the names the page offers in its pickers, from the library's lists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Meta {
    /// The eight numberings.
    pub numberings: Vec<&'static str>,
    /// Every leaper with its methods, in the library's order.
    pub pieces: Vec<MetaPiece>,
    /// The popcount methods.
    pub count_methods: Vec<&'static str>,
    /// The tool's version.
    pub version: &'static str,
}

/// A piece in `meta`: `{"name", "methods"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MetaPiece {
    /// The piece's name: `knight`, `king`.
    pub name: &'static str,
    /// Its methods' names, lookup first.
    pub methods: Vec<&'static str>,
}

/// Answers `meta`.
pub fn meta() -> Meta {
    Meta {
        numberings: names::<Numbering>(),
        pieces: Leaper::ALL
            .into_iter()
            .map(|leaper| MetaPiece {
                name: leaper.name(),
                methods: leaper.methods().iter().map(|m| m.name()).collect(),
            })
            .collect(),
        count_methods: names::<popcount::Method>(),
        version: env!("CARGO_PKG_VERSION"),
    }
}

/// The names of every value of a choice, in order.
fn names<T: Choice>() -> Vec<&'static str> {
    T::ALL.iter().map(|c| c.name()).collect()
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
    fn the_view_adds_the_page_forms_after_the_shown_fields() {
        let v = view(&ShowRequest {
            bitboard: Bitboard(0x0000_0050_8800_8850),
            numbering: Numbering::H1G1,
        });
        let json = serde_json::to_string(&v).unwrap();
        assert!(json.starts_with(
            r#"{"bitboard":"0x0000005088008850","squares":["e1","g1","d2","h2","d4","h4","e5","g5"],"count":8,"numbering":"h1-g1","indices":[3,1,12,8,28,24,35,33],"value":"0x0000000a1100110a""#
        ));
        assert!(json.ends_with(
            r#""rust":"const BITBOARD: u64 = 0x0000_0050_8800_8850;","popcounts":{"loop":8,"table16":8,"clear-lowest":8,"hardware":8}}"#
        ));
    }

    /// The page codes against this shape: every leaper with its methods, from the library.
    #[test]
    fn meta_lists_each_piece_with_its_methods() {
        let json = serde_json::to_value(meta()).unwrap();
        assert_eq!(
            json["pieces"],
            serde_json::json!([
                {"name": "knight", "methods": ["lookup", "post-mask", "pre-mask", "prefix", "halves", "translate"]},
                {"name": "king", "methods": ["lookup", "shifts", "translate"]},
            ])
        );
        assert!(json.get("knight_methods").is_none());
        assert_eq!(json["count_methods"][0], "loop");
    }

    #[test]
    fn every_op_name_reads_back() {
        for name in OpName::ALL {
            assert_eq!(OpName::read(name.name()), Some(name));
        }
    }
}
