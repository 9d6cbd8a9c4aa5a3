//! Where a knight gets to: `fill`, `reach`, `distance`, and the explorer's `distances`.

use knightbits::{Bitboard, Square, knight};
use knightbits_board::{Board, Coord};
use serde::{Serialize, Serializer};

use super::form::{self, Named, query};
use super::{Error, SquareSet, values};

/// `fill`: the wiki's knight fill (attacks plus the knights themselves), repeated. In
/// `/api/fill`: from `input`, for `moves` fills (1 to 64) or until the set stops growing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FillRequest {
    /// The starting squares.
    pub start: Bitboard,
    /// Exactly this many fills (knight moves); `None`: until the set stops growing (six from
    /// a1).
    pub moves: Option<u32>,
}

query!(FillRequest { start: "input", moves ~ fills });

/// A number of fills, 1 to 64.
fn fills(text: &str) -> Result<u32, Error> {
    Ok(form::int(text, 1, 64)? as u32)
}

/// The answer to `fill`: `{"start": {"bitboard", "squares", "count"}, "steps": [{…}, …]}`;
/// `start` is the wiki's first diagram (step 0), `steps` the sets after each fill.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fills {
    /// The starting set, before any fill.
    pub start: SquareSet,
    /// The set after each fill.
    pub steps: Vec<SquareSet>,
}

/// Answers `fill`.
pub fn fill(req: &FillRequest) -> Fills {
    let start = req.start;
    let steps: Vec<Bitboard> = match req.moves {
        Some(n) => std::iter::successors(Some(knight::fill(start)), |&b| Some(knight::fill(b)))
            .take(n as usize)
            .collect(),
        None => knight::fills(start).collect(),
    };
    Fills {
        start: start.into(),
        steps: steps.into_iter().map(SquareSet::from).collect(),
    }
}

/// Which squares `reach` answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reach {
    /// Within N moves.
    #[default]
    Within,
    /// Where a walk of exactly N moves can end.
    Exactly,
    /// At distance exactly N.
    Ring,
}

impl Reach {
    /// The kind asked for by the two yes/no options `exactly` and `ring`, which exclude each
    /// other.
    pub fn from_flags(exactly: bool, ring: bool) -> Result<Reach, Error> {
        match (exactly, ring) {
            (true, true) => Err(Error::refused("exactly and ring exclude each other")),
            (true, false) => Ok(Reach::Exactly),
            (false, true) => Ok(Reach::Ring),
            (false, false) => Ok(Reach::Within),
        }
    }
}

/// `reach`: the squares a knight reaches from a set in N moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReachRequest {
    /// The starting squares.
    pub start: Bitboard,
    /// N.
    pub moves: u32,
    /// Which squares.
    pub kind: Reach,
}

/// The parameters of `/api/reach`: from `input` in `moves` moves (0 to 64, default 1): within,
/// `exactly` or at distance (`ring`).
struct ReachQuery {
    input: Bitboard,
    moves: u32,
    exactly: bool,
    ring: bool,
}

query!(ReachQuery { input, moves ~ reach_moves = 1, exactly = false, ring = false });
query!(ReachRequest via ReachQuery);

/// A number of moves, 0 to 64.
fn reach_moves(text: &str) -> Result<u32, Error> {
    Ok(form::int(text, 0, 64)? as u32)
}

impl TryFrom<ReachQuery> for ReachRequest {
    type Error = Error;

    fn try_from(q: ReachQuery) -> Result<ReachRequest, Error> {
        Ok(ReachRequest {
            start: q.input,
            moves: q.moves,
            kind: Reach::from_flags(q.exactly, q.ring)?,
        })
    }
}

/// Answers `reach`: `{"bitboard", "squares", "count"}`.
pub fn reach(req: &ReachRequest) -> SquareSet {
    match req.kind {
        Reach::Within => knight::reach_within(req.start, req.moves),
        Reach::Exactly => knight::reach_exactly(req.start, req.moves),
        Reach::Ring => knight::ring(req.start, req.moves),
    }
    .into()
}

/// `distance`: fewest knight moves between two squares of a board, and a shortest path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistanceRequest {
    /// The board (8x8 or any size up to the board crate's largest side).
    pub board: Board,
    /// The start square.
    pub from: Coord,
    /// The target square.
    pub to: Coord,
}

/// The parameters of `/api/distance`: `from` and `to` on `board` (default 8x8).
struct DistanceQuery {
    from: Named<String>,
    to: Named<String>,
    board: Board,
}

query!(DistanceQuery { from, to, board = Board::CHESS });
query!(DistanceRequest via DistanceQuery);

/// The square of `board` a parameter names, refused as an invalid `what`.
pub(crate) fn coord(
    board: Board,
    what: &'static str,
    param: &Named<String>,
) -> Result<Coord, Error> {
    param.read(|text| values::coord(board, what, text))
}

impl TryFrom<DistanceQuery> for DistanceRequest {
    type Error = Error;

    fn try_from(q: DistanceQuery) -> Result<DistanceRequest, Error> {
        Ok(DistanceRequest {
            board: q.board,
            from: coord(q.board, "square", &q.from)?,
            to: coord(q.board, "square", &q.to)?,
        })
    }
}

/// The answer to `distance`: `{"distance", "path"}`, both `null` when unreachable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Distance {
    /// Fewest moves.
    pub distance: Option<u32>,
    /// One shortest path, both ends included.
    pub path: Option<Path>,
}

/// Squares of a board in order, serialized as their names (`c3`), or `[file, rank]` pairs
/// from 0 on boards beyond 26 files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The board the squares are on.
    pub board: Board,
    /// The squares.
    pub coords: Vec<Coord>,
}

impl Path {
    /// The names of the squares.
    pub fn names(&self) -> impl Iterator<Item = String> + '_ {
        self.coords.iter().map(|&c| self.board.name(c).to_string())
    }
}

impl Serialize for Path {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let board = self.board;
        serializer.collect_seq(
            self.coords
                .iter()
                .map(|&coord| crate::Coordinate { board, coord }),
        )
    }
}

/// Answers `distance`.
pub fn distance(req: &DistanceRequest) -> Distance {
    let board = req.board;
    Distance {
        distance: board.distance(req.from, req.to),
        path: board.path(req.from, req.to).map(|p| Path {
            board,
            coords: p.collect(),
        }),
    }
}

/// `distances`: the knight distance from one square to every square of the 8x8 board. In
/// `/api/distances`: `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistancesRequest {
    /// The start square.
    pub from: Square,
}

query!(DistancesRequest { from });

/// The answer to `distances`: `{"from", "distances"}`, a1 first (a heat map).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Distances {
    /// The start square.
    pub from: Square,
    /// The distance to every square, a1 first.
    pub distances: Vec<u32>,
}

/// Answers `distances`.
pub fn distances(req: &DistancesRequest) -> Distances {
    Distances {
        from: req.from,
        distances: Square::ALL
            .iter()
            .map(|&to| knight::distance(req.from, to))
            .collect(),
    }
}
