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
/// with `piece`. Built by [`AttacksRequest::pieces`] or [`AttacksRequest::placement`] (or from
/// the raw form, [`AttacksForm`], through the rulebook): pieces by a method (which names its
/// piece, so a method of another piece cannot be asked), or one side's pieces on a board, never
/// both and never a side without a board. What it holds is private:
///
/// ```compile_fail,E0451
/// use knightbits_api::attacks::AttacksRequest;
/// let r = AttacksRequest { attackers: unimplemented!() };
/// ```
///
/// ```
/// use knightbits::Bitboard;
/// use knightbits::technique::Leaper;
/// use knightbits_api::attacks::{AttacksAsked, AttacksForm};
/// // The default piece, the knight, has no method "shifts" (the king's).
/// let form = AttacksForm { position: None::<()>, pieces: Some(()), piece: Leaper::default(),
///     method: Some("shifts"), side: None };
/// let e = AttacksAsked::try_from(form).unwrap_err();
/// assert_eq!(e.field(), Some("method"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttacksRequest {
    attackers: Attackers,
}

/// What attacks, as [`AttacksRequest`] holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Attackers {
    /// Pieces on squares, by one technique (which names the piece).
    Pieces { pieces: Bitboard, method: Method },
    /// One side's knights (or king) on a board of pieces (a position's, or a placement alone).
    /// Knight and king attack sets ignore occupancy.
    Placement {
        placement: Placement,
        side: Color,
        piece: Leaper,
    },
}

impl AttacksRequest {
    /// The attacks of the pieces on `pieces` by `method`, a method of one piece.
    pub fn pieces(pieces: Bitboard, method: Method) -> Self {
        AttacksRequest {
            attackers: Attackers::Pieces { pieces, method },
        }
    }

    /// The attacks of `side`'s pieces of the kind `piece` on `placement`.
    pub fn placement(placement: Placement, side: Color, piece: Leaper) -> Self {
        AttacksRequest {
            attackers: Attackers::Placement {
                placement,
                side,
                piece,
            },
        }
    }
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

query!(AttacksQuery { input, piece = Leaper::default(), method, fen, side });
query!(AttacksRequest via AttacksQuery);

/// The raw form of `attacks`, every option as a front end read it: the position and the
/// pieces in whatever form the front end holds them until they are read, or `None` when not
/// given. [`AttacksAsked::try_from`] applies the rulebook to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttacksForm<'a, P, Q> {
    /// The position(s), if given.
    pub position: Option<P>,
    /// The pieces on squares, if given.
    pub pieces: Option<Q>,
    /// Which piece.
    pub piece: Leaper,
    /// The method's name, if given (for pieces on squares; the piece's lookup when not).
    pub method: Option<&'a str>,
    /// Whose pieces attack in a position, if given.
    pub side: Option<Color>,
}

/// `attacks` as the rulebook lets it be asked: of pieces (if given) by a method of their
/// piece, or in positions by one side (or the side to move) of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttacksAsked<P, Q> {
    /// The pieces (if given: each front end says in its own words that they are missing), by
    /// the method.
    Pieces(Option<Q>, Method),
    /// The pieces of the piece kind of one side (`None`: the side to move) in the position(s).
    Position(P, Option<Color>, Leaper),
}

impl<P, Q> TryFrom<AttacksForm<'_, P, Q>> for AttacksAsked<P, Q> {
    type Error = Error;

    /// Pieces or a position, not both (field `input`); a side only with a position (field
    /// `side`); a method of the piece's own (field `method`).
    fn try_from(f: AttacksForm<'_, P, Q>) -> Result<Self, Error> {
        rules::pieces_or_position(f.pieces.is_some(), f.position.is_some())
            .map_err(|e| e.at("input"))?;
        match f.position {
            Some(position) => Ok(AttacksAsked::Position(position, f.side, f.piece)),
            None => {
                rules::needs_position(f.side.is_some(), false).map_err(|e| e.at("side"))?;
                let method = values::method_or_lookup(f.piece, f.method)?;
                Ok(AttacksAsked::Pieces(f.pieces, method))
            }
        }
    }
}

impl TryFrom<AttacksQuery> for AttacksRequest {
    type Error = Error;

    fn try_from(q: AttacksQuery) -> Result<AttacksRequest, Error> {
        let asked = AttacksAsked::try_from(AttacksForm {
            position: q.fen.as_ref(),
            pieces: form::value(&q.input),
            piece: q.piece,
            method: q.method.as_ref().map(|m| m.value().as_str()),
            side: form::value(&q.side),
        })?;
        let (fen, side, piece) = match asked {
            AttacksAsked::Pieces(pieces, method) => {
                return Ok(AttacksRequest::pieces(
                    pieces.ok_or_else(|| form::missing("input"))?,
                    method,
                ));
            }
            AttacksAsked::Position(fen, side, piece) => (fen, side, piece),
        };
        form::unwanted(&q.method, "give either fen and side, or input (and method)")?;
        // Only the placement matters when the side is named; else the side to move.
        let (placement, side) = match side {
            Some(side) => (fen.read(|f| values::placement(f.text()))?, side),
            None => {
                let position = fen.read(|f| values::position(f.text()))?;
                (Placement::from(position), position.turn())
            }
        };
        Ok(AttacksRequest::placement(placement, side, piece))
    }
}

/// Answers `attacks`: `{"bitboard", "squares", "count"}`.
pub fn attacks(req: &AttacksRequest) -> SquareSet {
    match req.attackers {
        Attackers::Pieces { pieces, method } => method.attacks(pieces),
        Attackers::Placement {
            placement,
            side,
            piece,
        } => placement.leaper_attacks(side, piece),
    }
    .into()
}

/// `explore`: one technique step by step, with every technique's set beside it, for the
/// page. The page keeps its pieces (its clicks and slides) itself and asks about the pieces
/// it has. Built by [`ExploreRequest::new`] (the method names its piece); its fields are
/// private:
///
/// ```compile_fail,E0451
/// use knightbits::{Bitboard, technique::Leaper};
/// let r = knightbits_api::attacks::ExploreRequest {
///     pieces: Bitboard::FULL, method: Leaper::default().lookup(), numbering: None };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExploreRequest {
    pieces: Bitboard,
    method: Method,
    numbering: Option<Numbering>,
}

impl ExploreRequest {
    /// The pieces on `pieces` by `method`; when `numbering` is given, the answer also holds
    /// the attack set's view in it.
    pub fn new(pieces: Bitboard, method: Method, numbering: Option<Numbering>) -> Self {
        ExploreRequest {
            pieces,
            method,
            numbering,
        }
    }
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

query!(PiecesQuery { input, piece = Leaper::default(), method, numbering });
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
        Ok(ExploreRequest::new(
            q.pieces_in(Numbering::A1B1)?,
            q.method()?,
            q.numbering,
        ))
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
        view: req
            .numbering
            .map(|numbering| view(&ShowRequest::new(result, numbering))),
    }
}

/// `fork-squares`: squares from which a knight attacks two or more targets. Built by
/// [`ForkSquaresRequest::new`]; its field is private:
///
/// ```compile_fail,E0451
/// let r = knightbits_api::attacks::ForkSquaresRequest { targets: knightbits::Bitboard::FULL };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForkSquaresRequest {
    targets: Bitboard,
}

impl ForkSquaresRequest {
    /// The fork squares against the pieces on `targets`.
    pub fn new(targets: Bitboard) -> Self {
        ForkSquaresRequest { targets }
    }
}

query!(ForkSquaresRequest { targets });

/// Answers `fork-squares`.
pub fn fork_squares(req: &ForkSquaresRequest) -> SquareSet {
    knight::fork_squares(req.targets).into()
}
