//! `attacks`, and the explorer's `explore`: each technique's intermediate bitboards.

use knightbits::mapping::Numbering;
use knightbits::position::Placement;
use knightbits::{Bitboard, Color, knight};
use serde::Serialize;

use super::bits::{ShowRequest, View, view};
use super::form::{self, Fen, Named, query};
use super::steps;
use knightbits::technique::{Leaper, Method};

use super::values;
use super::{Error, SquareSet, rules};

/// `attacks`: what attacks. In `/api/attacks`: `input` (and `method`), or `fen` (and `side`),
/// with `piece`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttacksRequest {
    /// Pieces on squares, by one technique.
    Pieces {
        /// The squares of the pieces.
        pieces: Bitboard,
        /// The technique, which names the piece.
        method: Method,
    },
    /// One side's knights (or king) on a board of pieces (a position's, or a placement alone).
    /// Knight and king attack sets ignore occupancy.
    Placement {
        /// The pieces.
        placement: Placement,
        /// Whose pieces attack.
        side: Color,
        /// Which pieces.
        piece: Leaper,
    },
}

/// The parameters of `/api/attacks`: pieces on squares (`input`, by `method`), or one side's
/// pieces in a position (`fen`, `side`: without it the side to move), of the `piece` kind.
struct AttacksQuery {
    input: Option<Named<Bitboard>>,
    piece: Leaper,
    method: Option<Named<String>>,
    fen: Option<Named<Fen>>,
    side: Option<Named<Color>>,
}

query!(AttacksQuery { input, piece = Leaper::Knight, method, fen, side });
query!(AttacksRequest via AttacksQuery);

impl TryFrom<AttacksQuery> for AttacksRequest {
    type Error = Error;

    fn try_from(q: AttacksQuery) -> Result<AttacksRequest, Error> {
        let piece = q.piece;
        let Some(fen) = q.fen else {
            form::rule(&q.side, |_| rules::needs_position(true, false))?;
            return Ok(AttacksRequest::Pieces {
                pieces: form::value(&q.input).ok_or_else(|| form::missing("input"))?,
                method: values::method_or_lookup(
                    piece,
                    q.method.as_ref().map(|m| m.value().as_str()),
                )?,
            });
        };
        let either = "give either fen and side, or input (and method)";
        form::rule(&q.input, |_| rules::pieces_or_position(true, true))?;
        form::unwanted(&q.method, either)?;
        // Only the placement matters when the side is named; else the side to move.
        let (placement, side) = match q.side {
            Some(side) => (fen.read(|f| values::placement(f.text()))?, *side.value()),
            None => {
                let position = fen.read(|f| values::position(f.text()))?;
                (Placement::from(position), position.turn())
            }
        };
        Ok(AttacksRequest::Placement {
            placement,
            side,
            piece,
        })
    }
}

/// Answers `attacks`: `{"bitboard", "squares", "count"}`.
pub fn attacks(req: &AttacksRequest) -> SquareSet {
    match req {
        AttacksRequest::Pieces { pieces, method } => method.attacks(*pieces),
        AttacksRequest::Placement {
            placement,
            side,
            piece,
        } => placement.attacks_by(*side, piece.role()),
    }
    .into()
}

/// `explore`: one technique step by step, with every technique's set beside it, for the
/// page. The page keeps its pieces (its clicks and slides) itself and asks about the pieces
/// it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExploreRequest {
    /// The pieces.
    pub pieces: Bitboard,
    /// The technique.
    pub method: Method,
    /// When given, the answer also holds the attack set's view in this numbering.
    pub numbering: Option<Numbering>,
}

/// The parameters of `/api/explore` and `/api/steps`: the pieces `input`, the `piece` and its
/// `method`, and a `numbering` (explore: for the view, its input LERF; steps: the steps' and
/// the input's numbers, default a1-b1).
pub(crate) struct PiecesQuery {
    pub(crate) input: Named<String>,
    pub(crate) piece: Leaper,
    pub(crate) method: Option<String>,
    pub(crate) numbering: Option<Numbering>,
}

query!(PiecesQuery { input, piece = Leaper::Knight, method, numbering });
query!(ExploreRequest via PiecesQuery);

impl PiecesQuery {
    /// The pieces, their numbers read in `numbering`.
    pub(crate) fn pieces_in(&self, numbering: Numbering) -> Result<Bitboard, Error> {
        self.input.read(|text| values::bitboard_in(text, numbering))
    }

    /// The method named, of the piece named.
    pub(crate) fn method(&self) -> Result<Method, Error> {
        values::method_or_lookup(self.piece, self.method.as_deref())
    }
}

impl TryFrom<PiecesQuery> for ExploreRequest {
    type Error = Error;

    fn try_from(q: PiecesQuery) -> Result<ExploreRequest, Error> {
        Ok(ExploreRequest {
            pieces: q.pieces_in(Numbering::A1B1)?,
            method: q.method()?,
            numbering: q.numbering,
        })
    }
}

/// One technique's attack set, for the page's comparison table: `{"method", "bitboard",
/// "count"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MethodSet {
    /// The technique's name.
    pub method: &'static str,
    /// Its attack set.
    pub bitboard: Bitboard,
    /// How many squares.
    pub count: u32,
}

/// The answer to `explore`: the attack set by the technique, its steps, the set by every
/// technique of the piece, the pieces asked about, and the view when a numbering was given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explore {
    /// The technique's name.
    pub method: &'static str,
    /// The attack set.
    #[serde(flatten)]
    pub attacks: SquareSet,
    /// The technique step by step; the steps that are part of the result add up to it.
    pub steps: Vec<steps::Step>,
    /// The same pieces by every technique of the piece.
    pub methods: Vec<MethodSet>,
    /// The pieces.
    pub pieces: SquareSet,
    /// The attack set seen in the numbering asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<View>,
}

/// Answers `explore`.
pub fn explore(req: &ExploreRequest) -> Explore {
    let pieces = req.pieces;
    let trace = steps::trace(pieces, req.method);
    // The board shows the library's method itself; the trace adds up to the same set.
    let result = req.method.attacks(pieces);
    debug_assert_eq!(result, steps::union(&trace));
    Explore {
        method: req.method.name(),
        attacks: result.into(),
        steps: trace,
        methods: req
            .method
            .leaper()
            .methods()
            .iter()
            .map(|&m| {
                let bb = m.attacks(pieces);
                MethodSet {
                    method: m.name(),
                    bitboard: bb,
                    count: bb.count(),
                }
            })
            .collect(),
        pieces: pieces.into(),
        view: req.numbering.map(|numbering| {
            view(&ShowRequest {
                bitboard: result,
                numbering,
            })
        }),
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
