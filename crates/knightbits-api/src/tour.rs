//! Knight's tours of any board: `tour` and `count-tours`.

use knightbits_board::tour::{Tour, TourError};
use knightbits_board::{Board, Coord};
use knightbits_count::{Count, CountError, Plan, Tours};
use serde::{Serialize, Serializer};

use super::form::{Named, query};
use super::walks::{coord, on_board};
use super::{Error, display, rules};

/// `tour`: an open tour (Warnsdorff's rule, Roth's tie-break, constructions as fallback) or
/// a closed one (divide and conquer). Built by [`TourRequest::new`], which refuses a start
/// off the board; its fields are private:
///
/// ```compile_fail,E0451
/// use knightbits_board::{Board, Coord};
/// let off = knightbits_api::tour::TourRequest {
///     board: Board::CHESS, start: Coord::new(8, 0), closed: false };
/// ```
///
/// ```
/// use knightbits_board::{Board, Coord};
/// use knightbits_api::tour::TourRequest;
/// let e = TourRequest::new(Board::CHESS, Coord::new(8, 0), false).unwrap_err();
/// assert_eq!(e.field(), Some("start"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TourRequest {
    board: Board,
    start: Coord,
    closed: bool,
}

impl TourRequest {
    /// A tour of `board` from `start`, `closed` (the last square a knight move from the
    /// first) or open.
    ///
    /// # Errors
    ///
    /// A start off the board (field `start`).
    pub fn new(board: Board, start: Coord, closed: bool) -> Result<Self, Error> {
        Ok(TourRequest {
            board,
            start: on_board(board, "start square", start).map_err(|e| e.at("start"))?,
            closed,
        })
    }
}

/// Largest board the explorer tours: 10,000 squares (100 x 100), so an answer stays small.
pub const MAX_TOUR_SQUARES: u32 = 10_000;

/// The parameters of `/api/tour` and `/api/tour-svg`: a tour of `board` (default 8x8, at most
/// [`MAX_TOUR_SQUARES`]) from `start` (default the corner a1 / 0,0), `closed` or open.
struct TourQuery {
    board: Option<Named<Board>>,
    start: Option<Named<String>>,
    closed: bool,
}

query!(TourQuery { board, start, closed = false });
query!(TourRequest via TourQuery);

impl TryFrom<TourQuery> for TourRequest {
    type Error = Error;

    fn try_from(q: TourQuery) -> Result<TourRequest, Error> {
        let board = q.board.as_ref().map_or(Board::CHESS, |b| *b.value());
        if let Some(b) = q.board.as_ref().filter(|_| board.len() > MAX_TOUR_SQUARES) {
            return Err(b.refused(Error::refused(format!(
                "board {board} too large for the explorer: at most {MAX_TOUR_SQUARES} squares \
                 (the command line tours up to 10000x10000)"
            ))));
        }
        let start = match &q.start {
            Some(start) => coord(board, "start square", start)?,
            None => Coord::new(0, 0),
        };
        TourRequest::new(board, start, q.closed)
    }
}

/// The answer to `tour`: `{"board", "closed", "path"}`, and `"reason"` when the board has no
/// such tour (`"path": null`: a question whose answer is "none" is answered, not refused).
/// The squares are written as they are serialized, never gathered: a 10000x10000 tour has
/// 10^8 of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KnightsTour {
    /// The board, `WxH`.
    #[serde(serialize_with = "display")]
    pub board: Board,
    /// Whether the tour asked for is closed.
    pub closed: bool,
    /// The squares in order, by name (`c3`), or `[file, rank]` from 0 beyond 26 files; `None`
    /// when there is no such tour.
    pub path: Option<TourSquares>,
    /// Why there is no such tour (absent when there is one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The squares of a tour, serialized as their names in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourSquares(pub Tour);

impl Serialize for TourSquares {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let board = self.0.board();
        serializer.collect_seq(
            self.0
                .coords()
                .map(|coord| crate::Coordinate { board, coord }),
        )
    }
}

impl KnightsTour {
    /// The tour, if there is one.
    pub fn tour(&self) -> Option<&Tour> {
        self.path.as_ref().map(|p| &p.0)
    }
}

/// Answers `tour`. A board (or start) without such a tour is an answer, with the reason; a
/// start off the board is refused.
pub fn tour(req: &TourRequest) -> Result<KnightsTour, Error> {
    let board = req.board;
    let found = if req.closed {
        Tour::closed_from(board, req.start)
    } else {
        Tour::open(board, req.start)
    };
    let (path, reason) = match found {
        Ok(tour) => (Some(TourSquares(tour)), None),
        Err(
            e @ (TourError::NoOpenTour
            | TourError::NoClosedTour
            | TourError::WrongColour
            | TourError::NoTourFromStart),
        ) => (None, Some(e.to_string())),
        Err(e) => return Err(Error::refused(format!("no tour on {board}: {e}"))),
    };
    Ok(KnightsTour {
        board,
        closed: req.closed,
        path,
        reason,
    })
}

/// `count-tours`: the tours of `board` to count, closed or open, open ones from `start` only
/// when given (each directed open tour is counted; each closed tour once), on a number of
/// threads. Built only by [`TourCountRequest::new`] (and [`TourCountRequest::with_threads`]),
/// which apply the count's rules, so a request past the board crate's limits cannot exist:
///
/// ```compile_fail,E0451
/// use knightbits_api::tour::TourCountRequest;
/// let board: knightbits_board::Board = "13x13".parse().unwrap();
/// // Private fields: no request around the constructor.
/// let request = TourCountRequest { board, closed: true, start: None, threads: None, plan: None };
/// ```
///
/// ```
/// use knightbits_api::tour::TourCountRequest;
/// let board = "13x13".parse().unwrap();
/// let e = TourCountRequest::new(board, true, None).unwrap_err();
/// assert_eq!(e.field(), Some("board"));
/// let request = TourCountRequest::new("5x5".parse().unwrap(), false, None).unwrap();
/// assert_eq!(request.with_threads(0).unwrap_err().to_string(), "0 is not in 1..=1024");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TourCountRequest {
    board: Board,
    closed: bool,
    start: Option<Coord>,
    threads: Option<u16>,
    plan: Option<u16>,
}

impl TourCountRequest {
    /// The count of `closed` (else open) tours of `board`, from `start` only when given.
    ///
    /// # Errors
    ///
    /// A closed count from a start (field `start`), a start off the board (field `start`), a
    /// board past the board crate's limits (field `board`): the board crate's words.
    pub fn new(board: Board, closed: bool, start: Option<Coord>) -> Result<Self, Error> {
        let request = TourCountRequest {
            board,
            closed,
            start,
            threads: None,
            plan: None,
        };
        request.counter()?;
        Ok(request)
    }

    /// The same count on `threads` worker threads, 1 to [`rules::MAX_THREADS`] (without,
    /// as many as the machine runs at once).
    ///
    /// # Errors
    ///
    /// A number outside that range (field `threads`).
    pub fn with_threads(self, threads: i64) -> Result<Self, Error> {
        match u16::try_from(threads) {
            Ok(t) if (1..=rules::MAX_THREADS).contains(&t) => Ok(TourCountRequest {
                threads: Some(t),
                ..self
            }),
            _ => Err(
                Error::refused(format!("{threads} is not in 1..={}", rules::MAX_THREADS))
                    .at("threads"),
            ),
        }
    }

    /// The same count's plan (`--plan`) for `processes`, when `plan` is asked: it starts no
    /// count, by [`rules::plan`].
    ///
    /// # Errors
    ///
    /// A plan without processes (field `processes`), or with a checkpoint (field `checkpoint`).
    pub fn with_plan(
        self,
        plan: bool,
        processes: Option<u16>,
        checkpoint: bool,
    ) -> Result<Self, Error> {
        Ok(TourCountRequest {
            plan: rules::plan(plan, processes, checkpoint)?,
            ..self
        })
    }

    /// The processes a plan is asked for, if a plan is asked.
    pub fn plan(&self) -> Option<u16> {
        self.plan
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Closed tours rather than open ones.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// Open tours starting on this square only.
    pub fn start(&self) -> Option<Coord> {
        self.start
    }

    /// The worker threads asked for, if any.
    pub fn threads(&self) -> Option<u16> {
        self.threads
    }

    /// The board crate's count job for the request, its method chosen there, on the threads
    /// asked for; budget, scratch folder and checkpoint are set on the job.
    ///
    /// # Errors
    ///
    /// None for a request [`TourCountRequest::new`] made (it made the same job); the board
    /// crate's refusal otherwise.
    pub fn job(&self) -> Result<Count, Error> {
        let job = self.counter()?;
        Ok(match self.threads {
            Some(t) => job.with_threads(usize::from(t)),
            None => job,
        })
    }

    /// The count job, or why the board crate refuses it.
    fn counter(&self) -> Result<Count, Error> {
        let board = self.board;
        let job = match (self.closed, self.start) {
            (true, None) => Count::closed(board),
            (false, start) => Count::open(board, start),
            (true, Some(_)) => {
                return Err(Error::refused(
                    "closed tours are counted without a start (every closed tour passes every \
                     square)",
                )
                .at("start"));
            }
        };
        job.map_err(|e| {
            let field = match e {
                CountError::StartOffBoard => "start",
                _ => "board",
            };
            Error::refused(format!("cannot count tours of {board}: {e}")).at(field)
        })
    }

    /// The answer, given the count.
    pub fn answer(&self, count: impl Into<Tours>) -> TourCount {
        let count = count.into();
        if self.closed {
            TourCount::Closed(count)
        } else {
            TourCount::Open(count)
        }
    }
}

/// The answer to `count-tours`: `{"open": n}` or `{"closed": n}`, `n` a JSON number of any
/// size with the feature `json-big-numbers` (on in the command line; without it a count past
/// 128 bits is a decimal string), 6 x 40 having 66 digits of closed tours: one past 2^53 loses
/// digits in a reader that reads numbers as doubles (JavaScript's `JSON.parse`), none in
/// Python's `json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TourCount {
    /// Directed open tours.
    Open(#[serde(serialize_with = "number")] Tours),
    /// Undirected closed tours.
    Closed(#[serde(serialize_with = "number")] Tours),
}

/// A number of tours as a JSON number: an integer up to 128 bits, past that its decimal
/// digits as they are (through serde_json's raw values, the feature `json-big-numbers`).
fn number<S: Serializer>(n: &Tours, s: S) -> Result<S::Ok, S::Error> {
    match n.to_u128() {
        Some(n) => s.serialize_u128(n),
        None => past_128_bits(n, s),
    }
}

/// A number of tours past 128 bits: its digits as a JSON number.
#[cfg(feature = "json-big-numbers")]
fn past_128_bits<S: Serializer>(n: &Tours, s: S) -> Result<S::Ok, S::Error> {
    serde_json::value::RawValue::from_string(n.to_string())
        .map_err(serde::ser::Error::custom)?
        .serialize(s)
}

/// A number of tours past 128 bits, without the feature `json-big-numbers`: its digits as a
/// JSON string.
#[cfg(not(feature = "json-big-numbers"))]
fn past_128_bits<S: Serializer>(n: &Tours, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(n)
}

/// The answer to `count-tours --plan`: what the count will take spread over processes, each
/// owning a share of every layer by key, foreseen from its first rounds before any count starts
/// (the count crate's [`Plan`], which says how).
///
/// ```
/// use knightbits_api::tour::{TourCountPlan, TourCountRequest};
/// let request = TourCountRequest::new("6x6".parse().unwrap(), true, None).unwrap();
/// let plan = TourCountPlan::from(request.job().unwrap().plan(2, 0.0).unwrap());
/// let json = serde_json::to_value(plan).unwrap();
/// assert_eq!(json["processes"], 2);
/// assert!(json["states_peak"].as_u64().unwrap() > 1000);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TourCountPlan {
    /// The processes.
    pub processes: u32,
    /// States of the largest layer, all processes together.
    pub states_peak: u64,
    /// Peak bytes of a process's layers and tables.
    pub memory_bytes_per_process: u64,
    /// Bytes of scratch disk a process's layer files take at once.
    pub disk_bytes_per_process: u64,
    /// Bytes a process sends to the others over the whole count (a floor).
    pub sent_bytes_per_process: u64,
    /// Wall seconds of the whole count, each process working as the one that planned it.
    pub seconds: f64,
    /// The figures are floors, not fair guesses: the sweep is wider than the widest whose
    /// foresight counts have checked (8 across), and past it the layers counted came out up to
    /// `knightbits_count::FORESIGHT_SHORT_MOST` times those foreseen.
    pub floor: bool,
}

impl From<Plan> for TourCountPlan {
    fn from(p: Plan) -> TourCountPlan {
        TourCountPlan {
            processes: p.processes,
            states_peak: p.states_peak,
            memory_bytes_per_process: p.memory_bytes_per_process,
            disk_bytes_per_process: p.disk_bytes_per_process,
            sent_bytes_per_process: p.sent_bytes_per_process,
            seconds: p.seconds,
            floor: p.floor,
        }
    }
}

impl TourCount {
    /// `open` or `closed`.
    pub fn kind(&self) -> &'static str {
        match self {
            TourCount::Open(_) => "open",
            TourCount::Closed(_) => "closed",
        }
    }

    /// The number of tours.
    pub fn count(&self) -> &Tours {
        match self {
            TourCount::Open(n) | TourCount::Closed(n) => n,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_request_makes_the_job_or_says_why_not() {
        let board: Board = "6x6".parse().unwrap();
        let closed = TourCountRequest::new(board, true, None).unwrap();
        let job = closed.job().unwrap();
        assert_eq!(
            closed.answer(
                job.run(&mut |_| std::ops::ControlFlow::Continue(()))
                    .unwrap()
            ),
            TourCount::Closed(Tours::from(9862u128))
        );
        let from_off = TourCountRequest::new("5x5".parse().unwrap(), false, Some(Coord::new(5, 0)));
        let e = from_off.unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot count tours of 5x5: start square is not on the board"
        );
        assert_eq!(e.field(), Some("start"));
        let closed_from = TourCountRequest::new(board, true, Some(Coord::new(0, 0))).unwrap_err();
        assert!(closed_from.to_string().starts_with("closed tours"));
        assert_eq!(closed_from.field(), Some("start"));
        assert_eq!(closed.with_threads(1024).unwrap().threads(), Some(1024));
        for past in [-1, 0, 1025, i64::from(u16::MAX) + 2] {
            let e = closed.with_threads(past).unwrap_err();
            assert_eq!(e.to_string(), format!("{past} is not in 1..=1024"));
            assert_eq!(e.field(), Some("threads"));
        }
    }

    #[test]
    #[cfg(feature = "json-big-numbers")]
    fn a_count_is_one_field_named_by_its_kind() {
        assert_eq!(
            serde_json::to_string(&TourCount::Open(Tours::from(1728u128))).unwrap(),
            r#"{"open":1728}"#
        );
        assert_eq!(
            serde_json::to_string(&TourCount::Closed(Tours::from(9862u128))).unwrap(),
            r#"{"closed":9862}"#
        );
        // OEIS A175881's a(40): a number of 66 digits, not a string.
        let a40 = "377031597006006571424070743308269493020186682009428464253448495336";
        let json = serde_json::to_string(&TourCount::Closed(a40.parse().unwrap())).unwrap();
        assert_eq!(json, format!(r#"{{"closed":{a40}}}"#));
        let back: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert!(back["closed"].is_number());
        // Just past 128 bits and just within.
        let past = "340282366920938463463374607431768211456";
        let json = serde_json::to_string(&TourCount::Open(past.parse().unwrap())).unwrap();
        assert_eq!(json, format!(r#"{{"open":{past}}}"#));
        let within = TourCount::Open(Tours::from(u128::MAX));
        assert_eq!(
            serde_json::to_string(&within).unwrap(),
            format!(r#"{{"open":{}}}"#, u128::MAX)
        );
    }

    #[test]
    fn a_tour_streams_its_square_names() {
        let board: Board = "5x5".parse().unwrap();
        let t = tour(&TourRequest::new(board, Coord::new(2, 2), false).unwrap()).unwrap();
        let json = serde_json::to_string(&t).unwrap();
        assert!(json.starts_with(r#"{"board":"5x5","closed":false,"path":["c3","#));
        assert_eq!(json.matches(',').count(), 2 + 24);
    }

    #[test]
    fn a_board_without_a_tour_is_answered_with_none_and_the_reason() {
        let board: Board = "3x3".parse().unwrap();
        let t = tour(&TourRequest::new(board, Coord::new(0, 0), false).unwrap()).unwrap();
        assert_eq!(
            serde_json::to_string(&t).unwrap(),
            format!(
                r#"{{"board":"3x3","closed":false,"path":null,"reason":"{}"}}"#,
                TourError::NoOpenTour
            )
        );
        let off = TourRequest::new(board, Coord::new(5, 5), false).unwrap_err();
        assert_eq!(
            off.field(),
            Some("start"),
            "a start off the board is bad input"
        );
        assert_eq!(
            off.to_string(),
            "invalid start square 'f6': square is not on the board 3x3"
        );
    }
}
