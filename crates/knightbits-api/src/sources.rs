//! The sources' own forms: the article's move counts per square (`table`) and a technique's
//! steps written in any numbering that keeps ranks along the bits (`trace`: the engine wiki's
//! numbered moves and the devlog's mask in their h1-first numbering).

use std::collections::BTreeMap;

use knightbits::knight::technique::pre_mask;
use knightbits::mapping::Numbering;
use knightbits::{Bitboard, Square};
use serde::Serialize;

use knightbits::technique::{Direction, Leaper, Method};
use knightbits::trace::Kind;

use super::attacks::PiecesQuery;
use super::form::query;
use super::{Bits, Error, SquareSet, Squares};

/// `table`: how many squares a knight (or king) attacks from each square. In `/api/table`:
/// `piece` (default knight). Built by [`TableRequest::new`]; its field is private:
///
/// ```compile_fail,E0451
/// use knightbits::technique::Leaper;
/// let r = knightbits_api::sources::TableRequest { piece: Leaper::default() };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableRequest {
    piece: Leaper,
}

impl TableRequest {
    /// The move counts of `piece`.
    pub fn new(piece: Leaper) -> Self {
        TableRequest { piece }
    }
}

query!(TableRequest { piece = Leaper::default() });

/// The answer to `table`: `{"piece", "counts", "total", "histogram"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Table {
    /// The piece.
    #[serde(serialize_with = "super::display")]
    pub piece: Leaper,
    /// The move count of every square, a1 first.
    pub counts: Vec<u32>,
    /// Their sum: every move of the piece from every square (knight 336, king 420).
    pub total: u32,
    /// How many squares have each count, by count (knight: 2 on 4 squares, …, 8 on 16).
    pub histogram: BTreeMap<u32, u32>,
}

/// Answers `table`, with the article's popcount of each square's attack set.
pub fn table(req: &TableRequest) -> Table {
    let counts: Vec<u32> = Square::ALL
        .iter()
        .map(|&sq| req.piece.attacks(sq).count())
        .collect();
    let mut histogram = BTreeMap::new();
    for &c in &counts {
        *histogram.entry(c).or_insert(0) += 1;
    }
    Table {
        piece: req.piece,
        total: counts.iter().sum(),
        counts,
        histogram,
    }
}

/// `trace`: a technique's steps on some pieces, written in a numbering (the command line's
/// and the explorer's `steps`). Built by [`TraceRequest::new`], which refuses the numberings
/// that lay files along the bits; its fields are private:
///
/// ```compile_fail,E0451
/// use knightbits::{Bitboard, mapping::Numbering, technique::Leaper};
/// let files_along_bits = knightbits_api::sources::TraceRequest {
///     pieces: Bitboard::FULL, method: Leaper::default().lookup(), numbering: Numbering::A1A2 };
/// ```
///
/// ```
/// use knightbits::{Bitboard, mapping::Numbering, technique::Leaper};
/// use knightbits_api::sources::TraceRequest;
/// let e = TraceRequest::new(Bitboard::FULL, Leaper::default().lookup(), Numbering::A1A2).unwrap_err();
/// assert_eq!(e.field(), Some("numbering"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceRequest {
    pieces: Bitboard,
    method: Method,
    numbering: Numbering,
}

impl TraceRequest {
    /// The steps of `method` (which names its piece) on `pieces`, written in `numbering`.
    ///
    /// # Errors
    ///
    /// A numbering that lays files along the bits (`a1-a2`, `h1-h2`, `a8-a7`, `h8-h7`: field
    /// `numbering`), in which no step's shift is one number.
    pub fn new(pieces: Bitboard, method: Method, numbering: Numbering) -> Result<Self, Error> {
        if numbering.lays_files_along_bits() {
            return Err(Error::refused(format!(
                "steps are written in numberings that keep ranks along the bits \
                 (a1-b1, h1-g1, a8-b8, h8-g8), not {numbering}"
            ))
            .at("numbering"));
        }
        Ok(TraceRequest {
            pieces,
            method,
            numbering,
        })
    }

    /// The numbering the steps are written in.
    pub fn numbering(&self) -> Numbering {
        self.numbering
    }
}

query!(TraceRequest via PiecesQuery);

impl TryFrom<PiecesQuery> for TraceRequest {
    type Error = Error;

    fn try_from(q: PiecesQuery) -> Result<TraceRequest, Error> {
        let numbering = q.numbering.unwrap_or(Numbering::A1B1);
        TraceRequest::new(q.pieces_in(numbering)?, q.method()?, numbering)
    }
}

/// One step written in a numbering: `{"name", "formula", "set", "squares", "part"}` and, where
/// the step has them, `"shift"`, `"mask"`, `"mask_name"`, `"removed"`, `"move"` (the engine
/// wiki's number of a knight direction, in a numbering with files mirrored).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NumberedStep {
    /// The step's name: a direction, a variable of the source's code, a square.
    pub name: &'static str,
    /// The engine wiki's move number (1 to 8) of a knight direction, in `h1-g1` and `h8-g8`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#move: Option<u8>,
    /// What it computes, with this numbering's shift amounts and mask names.
    pub formula: String,
    /// The shift it makes in this numbering: positive `<<`, negative `>>`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shift: Option<i8>,
    /// The mask, as this numbering's bits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mask: Option<Bits>,
    /// The mask's name in this numbering's sources (`notAFile`, `not-HG-file`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mask_name: Option<&'static str>,
    /// The bits the mask removed, as this numbering's bits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub removed: Option<Bits>,
    /// What it yields, as this numbering's bits.
    pub set: Bits,
    /// The same squares by name.
    pub squares: Squares,
    /// Whether it is part of the final union.
    pub part: bool,
}

/// The answer to `trace`: `{"method", "piece", "numbering", "steps", "bitboard", "squares",
/// "count"}`; the attack set's `bitboard` in LERF, each step's bits in the numbering.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Trace {
    /// The technique's name.
    pub method: &'static str,
    /// The piece.
    #[serde(serialize_with = "super::display")]
    pub piece: Leaper,
    /// The numbering the steps are written in.
    #[serde(serialize_with = "super::display")]
    pub numbering: Numbering,
    /// The steps in the source's order.
    pub steps: Vec<NumberedStep>,
    /// The attack set, in LERF.
    #[serde(flatten)]
    pub attacks: SquareSet,
}

/// Answers `trace` (its request keeps ranks along the bits, so every step is written in its
/// numbering).
pub fn trace(req: &TraceRequest) -> Trace {
    let numbering = req.numbering;
    let steps: Vec<knightbits::trace::Step> = req.method.trace(req.pieces).collect();
    let steps = steps
        .iter()
        .filter_map(|s| {
            // `None` only in a numbering that lays files along the bits, which the request
            // refused.
            let its = s.in_numbering(numbering)?;
            let number = match s.kind() {
                Kind::PostMask(Direction::Knight(d)) | Kind::PreMask(Direction::Knight(d))
                    if numbering.mirrors_files() =>
                {
                    Some(pre_mask::engine_wiki_move(d))
                }
                _ => None,
            };
            Some(NumberedStep {
                name: s.name(),
                r#move: number,
                formula: its.formula().to_string(),
                shift: its.shift(),
                mask: its.mask().map(Bits),
                mask_name: its.mask_name(),
                removed: its.removed().map(Bits),
                set: Bits(its.set()),
                squares: Squares(s.set()),
                part: s.is_part(),
            })
        })
        .collect();
    Trace {
        method: req.method.name(),
        piece: req.method.leaper(),
        numbering,
        steps,
        attacks: req.method.attacks(req.pieces).into(),
    }
}
