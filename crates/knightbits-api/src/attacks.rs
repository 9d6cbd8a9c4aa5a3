//! `attacks`, and the explorer's `steps`: each technique's intermediate bitboards.

use knightbits::mapping::Numbering;
use knightbits::position::Placement;
use knightbits::{Bitboard, Color, Square};
use serde::Serialize;

use super::bits::{ShowRequest, Slid, Slide, View, view};
use super::steps;
use knightbits::technique::Method;

use super::values::Piece;
use super::{SquareSet, Squares};

/// `attacks`: what attacks.
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
        piece: Piece,
    },
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

/// `steps`: one technique step by step, after the page's edit of the pieces (a toggled
/// square, then a slide), so that one request answers one click.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepsRequest {
    /// The pieces before the edit.
    pub pieces: Bitboard,
    /// A square to add or remove first.
    pub toggle: Option<Square>,
    /// Then a step for every piece.
    pub slide: Option<Slide>,
    /// The technique.
    pub method: Method,
    /// When given, the answer also holds the attack set's view in this numbering.
    pub numbering: Option<Numbering>,
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

/// The answer to `steps`: the attack set by the technique, its steps, the set by every
/// technique of the piece, the pieces used, and the view when a numbering was given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Steps {
    /// The technique's name.
    pub method: &'static str,
    /// The attack set.
    #[serde(flatten)]
    pub attacks: SquareSet,
    /// The technique step by step; the steps that are part of the result add up to it.
    pub steps: Vec<steps::Step>,
    /// The same pieces by every technique of the piece.
    pub methods: Vec<MethodSet>,
    /// The pieces after the edit.
    pub pieces: Slid,
    /// The attack set seen in the numbering asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<View>,
}

/// Answers `steps`.
pub fn steps(req: &StepsRequest) -> Steps {
    let mut pieces = req.pieces;
    if let Some(sq) = req.toggle {
        pieces.toggle(sq);
    }
    let edited = match req.slide {
        Some(by) => by.apply(pieces),
        None => Slid {
            bitboard: pieces,
            squares: Squares(pieces),
            moved: true,
        },
    };
    let pieces = edited.bitboard;
    let trace = steps::trace(pieces, req.method);
    // The board shows the library's method itself; the trace adds up to the same set.
    let result = req.method.attacks(pieces);
    debug_assert_eq!(result, steps::union(&trace));
    Steps {
        method: req.method.name(),
        attacks: result.into(),
        steps: trace,
        methods: Piece::of(req.method)
            .methods()
            .map(|m| {
                let bb = m.attacks(pieces);
                MethodSet {
                    method: m.name(),
                    bitboard: bb,
                    count: bb.count(),
                }
            })
            .collect(),
        pieces: edited,
        view: req.numbering.map(|numbering| {
            view(&ShowRequest {
                bitboard: result,
                numbering,
            })
        }),
    }
}
