//! Where a knight gets to: `fill`, `reach`, `distance`, and the explorer's `distances`.

use knightbits::{Bitboard, Square, knight};
use knightbits_board::{Board, Coord};
use serde::{Serialize, Serializer};

use super::form::{self, Named, query};
use super::{Error, SquareSet, values};

/// `fill`: the wiki's knight fill (attacks plus the knights themselves), repeated. In
/// `/api/fill`: from `input`, for `moves` fills (1 to [`MAX_MOVES`]) or until the set stops
/// growing. Built by [`FillRequest::new`], which refuses a number of fills out of that range;
/// its fields are private:
///
/// ```compile_fail,E0451
/// let none = knightbits_api::walks::FillRequest { start: knightbits::Bitboard::FULL, moves: Some(0) };
/// ```
///
/// ```
/// use knightbits_api::walks::FillRequest;
/// let e = FillRequest::new(knightbits::Bitboard::FULL, Some(0)).unwrap_err();
/// assert_eq!(e.field(), Some("moves"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FillRequest {
    start: Bitboard,
    moves: Option<u32>,
}

/// The most moves `fill` and `reach` take: 64.
pub const MAX_MOVES: u32 = 64;

/// `moves` if it is from `lo` to [`MAX_MOVES`], else its refusal (field `moves`).
fn moves_from(lo: u32, moves: u32) -> Result<u32, Error> {
    if (lo..=MAX_MOVES).contains(&moves) {
        return Ok(moves);
    }
    // Written as the query's numbers are (i64), so no other number formatting is kept.
    let text = i64::from(moves).to_string();
    Err(Error::out_of_range(&text, lo.into(), MAX_MOVES.into()).at("moves"))
}

impl FillRequest {
    /// The fills of `start`: exactly `moves` of them (1 to [`MAX_MOVES`]), or with `None`
    /// until the set stops growing (six from a1).
    ///
    /// # Errors
    ///
    /// A number of fills out of range (field `moves`).
    pub fn new(start: Bitboard, moves: Option<u32>) -> Result<Self, Error> {
        Ok(FillRequest {
            start,
            moves: moves.map(|n| moves_from(1, n)).transpose()?,
        })
    }
}

/// The parameters of `/api/fill`, read before [`FillRequest::new`] checks them.
struct FillQuery {
    start: Bitboard,
    moves: Option<u32>,
}

query!(FillQuery { start: "input", moves ~ number });
query!(FillRequest via FillQuery);

impl TryFrom<FillQuery> for FillRequest {
    type Error = Error;

    fn try_from(q: FillQuery) -> Result<FillRequest, Error> {
        FillRequest::new(q.start, q.moves)
    }
}

/// A number of moves as the query gives it, checked by the request's constructor.
fn number(text: &str) -> Result<u32, Error> {
    Ok(form::int(text, 0, i64::from(u32::MAX))? as u32)
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

/// The words of [`Reach::from_flags`]'s refusal.
pub const EXACTLY_OR_RING: &str = "exactly and ring exclude each other";

impl Reach {
    /// The kind asked for by the two yes/no options `exactly` and `ring`, which exclude each
    /// other.
    ///
    /// # Errors
    ///
    /// Both asked for (field `ring`).
    pub fn from_flags(exactly: bool, ring: bool) -> Result<Reach, Error> {
        match (exactly, ring) {
            (true, true) => Err(Error::refused(EXACTLY_OR_RING).at("ring")),
            (true, false) => Ok(Reach::Exactly),
            (false, true) => Ok(Reach::Ring),
            (false, false) => Ok(Reach::Within),
        }
    }
}

/// `reach`: the squares a knight reaches from a set in N moves. Built by
/// [`ReachRequest::new`], which refuses N past [`MAX_MOVES`] (and [`Reach::from_flags`]
/// refuses `exactly` with `ring`); its fields are private:
///
/// ```compile_fail,E0451
/// use knightbits_api::walks::{Reach, ReachRequest};
/// let far = ReachRequest { start: knightbits::Bitboard::FULL, moves: 65, kind: Reach::Within };
/// ```
///
/// ```
/// use knightbits_api::walks::{Reach, ReachRequest};
/// let e = ReachRequest::new(knightbits::Bitboard::FULL, 65, Reach::Within).unwrap_err();
/// assert_eq!(e.field(), Some("moves"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReachRequest {
    start: Bitboard,
    moves: u32,
    kind: Reach,
}

impl ReachRequest {
    /// The squares of the `kind` asked for, `moves` (0 to [`MAX_MOVES`]) from `start`.
    ///
    /// # Errors
    ///
    /// A number of moves past [`MAX_MOVES`] (field `moves`).
    pub fn new(start: Bitboard, moves: u32, kind: Reach) -> Result<Self, Error> {
        Ok(ReachRequest {
            start,
            moves: moves_from(0, moves)?,
            kind,
        })
    }
}

/// The parameters of `/api/reach`: from `input` in `moves` moves (0 to 64, default 1): within,
/// `exactly` or at distance (`ring`).
struct ReachQuery {
    input: Bitboard,
    moves: u32,
    exactly: bool,
    ring: bool,
}

query!(ReachQuery { input, moves ~ number = 1, exactly = false, ring = false });
query!(ReachRequest via ReachQuery);

impl TryFrom<ReachQuery> for ReachRequest {
    type Error = Error;

    fn try_from(q: ReachQuery) -> Result<ReachRequest, Error> {
        ReachRequest::new(q.input, q.moves, Reach::from_flags(q.exactly, q.ring)?)
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
/// Built by [`DistanceRequest::new`], which refuses a square off the board; its fields are
/// private:
///
/// ```compile_fail,E0451
/// use knightbits_board::{Board, Coord};
/// let off = knightbits_api::walks::DistanceRequest {
///     board: Board::CHESS, from: Coord::new(0, 0), to: Coord::new(9, 9) };
/// ```
///
/// ```
/// use knightbits_board::{Board, Coord};
/// use knightbits_api::walks::DistanceRequest;
/// let e = DistanceRequest::new(Board::CHESS, Coord::new(0, 0), Coord::new(9, 9)).unwrap_err();
/// assert_eq!(e.field(), Some("to"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistanceRequest {
    board: Board,
    from: Coord,
    to: Coord,
}

impl DistanceRequest {
    /// The distance on `board` (8x8 or any size up to the board crate's largest side) from
    /// `from` to `to`.
    ///
    /// # Errors
    ///
    /// A square off the board (field `from` or `to`), in the words of [`values::coord`].
    pub fn new(board: Board, from: Coord, to: Coord) -> Result<Self, Error> {
        Ok(DistanceRequest {
            board,
            from: on_board(board, "square", from).map_err(|e| e.at("from"))?,
            to: on_board(board, "square", to).map_err(|e| e.at("to"))?,
        })
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The start square.
    pub fn from(&self) -> Coord {
        self.from
    }

    /// The target square.
    pub fn to(&self) -> Coord {
        self.to
    }
}

/// `coord` if it is on `board`, else the refusal of an invalid `what`, as
/// [`values::coord`] words it.
pub(crate) fn on_board(board: Board, what: &'static str, coord: Coord) -> Result<Coord, Error> {
    if board.contains(coord) {
        return Ok(coord);
    }
    Err(values::off_board(
        what,
        &board.name(coord).to_string(),
        board,
    ))
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
        DistanceRequest::new(
            q.board,
            coord(q.board, "square", &q.from)?,
            coord(q.board, "square", &q.to)?,
        )
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
/// `/api/distances`: `from`. Built by [`DistancesRequest::new`]; its field is private:
///
/// ```compile_fail,E0451
/// let r = knightbits_api::walks::DistancesRequest { from: knightbits::Square::A1 };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistancesRequest {
    from: Square,
}

impl DistancesRequest {
    /// The distances from `from`.
    pub fn new(from: Square) -> Self {
        DistancesRequest { from }
    }
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
