//! What a count counts and how: the kind of tour and the method.

use crate::board::Board;

/// The widest board of the 64-bit frontier programme: 16 slots of four bits in a `u64`.
pub(crate) const WIDTH_64: u32 = 8;

/// The most squares meet in the middle walks: a set of squares is one `u64`.
pub(crate) const MEET_SQUARES: u32 = u64::BITS;

/// The most squares of a board whose open tours [`Method::for_count`] leaves to meet in the
/// middle (up to 6 x 6 and 5 x 7, where it is the faster); the 64-bit frontier programme
/// counts those of larger boards up to [`WIDTH_64`] wide (6 x 7, 7 x 7).
pub(crate) const MEET_OPEN_SQUARES: u32 = 36;

/// Boards at least this long have their open tours counted square by square whatever their
/// number of squares (5 x 8 and 6 x 8 too), when at most [`WIDTH_64`] wide.
pub(crate) const SWEPT_OPEN_LENGTH: u32 = 8;

/// Which tours a frontier programme counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Closed tours, each undirected cycle once.
    Closed,
    /// Open tours, each in both directions (the programme counts undirected paths).
    Open,
}

impl Kind {
    /// `closed` or `open`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Closed => "closed",
            Kind::Open => "open",
        }
    }
}

/// How a count is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Meet in the middle: directed open tours of boards of at most
    /// [`MAX_OPEN_SQUARES`](super::MAX_OPEN_SQUARES) squares, in little memory, one unit of work per middle square.
    MeetInTheMiddle,
    /// The frontier programme in 128-bit states ([`Frontier`](super::Frontier)): open or closed tours of
    /// boards whose shorter side is at most [`MAX_CLOSED_WIDTH`](super::MAX_CLOSED_WIDTH), any length, in memory;
    /// the method that runs across processes.
    Frontier,
    /// The frontier programme in 64-bit states: closed or open tours of boards up to
    /// [`MAX_WIDTH_64`](super::MAX_WIDTH_64) wide within a memory budget, out of core past it.
    Frontier64,
}

impl Method {
    /// The method for the tours of `kind` on `board`: closed tours by the 64-bit frontier
    /// programme up to 8 wide and by the 128-bit one beyond; open tours (from every start or
    /// from one) by the 64-bit frontier programme on boards up to 8 wide that are at least
    /// [`SWEPT_OPEN_LENGTH`](super::SWEPT_OPEN_LENGTH) long or have more than
    /// [`MEET_OPEN_SQUARES`](super::MEET_OPEN_SQUARES) squares (6 x 7, 7 x 7), by the 128-bit one on the wider boards
    /// past [`MAX_OPEN_SQUARES`](super::MAX_OPEN_SQUARES) squares (which meet in the middle
    /// cannot hold), and by meet in the middle on the others (up to 6 x 6 and 5 x 7, where it is
    /// faster: the frontier's work grows with the shorter side, meet in the middle's with the
    /// number of squares; BENCHMARKS.md has the runs behind the rule).
    ///
    /// ```
    /// use knightbits_board::{Board, count::{Kind, Method}};
    /// let method = |w, h, kind| Method::for_count(Board::new(w, h).unwrap(), kind);
    /// assert_eq!(method(6, 6, Kind::Open), Method::MeetInTheMiddle);
    /// assert_eq!(method(7, 5, Kind::Open), Method::MeetInTheMiddle);
    /// assert_eq!(method(6, 7, Kind::Open), Method::Frontier64);
    /// assert_eq!(method(7, 7, Kind::Open), Method::Frontier64);
    /// assert_eq!(method(8, 8, Kind::Open), Method::Frontier64);
    /// assert_eq!(method(10, 5, Kind::Open), Method::Frontier64);
    /// assert_eq!(method(9, 8, Kind::Open), Method::Frontier64);
    /// assert_eq!(method(9, 9, Kind::Open), Method::Frontier); // 81 squares
    /// assert_eq!(method(8, 8, Kind::Closed), Method::Frontier64);
    /// assert_eq!(method(9, 9, Kind::Closed), Method::Frontier);
    /// ```
    pub fn for_count(board: Board, kind: Kind) -> Method {
        let (w, h) = (
            board.width().min(board.height()),
            board.width().max(board.height()),
        );
        match kind {
            Kind::Closed if w <= WIDTH_64 => Method::Frontier64,
            Kind::Closed => Method::Frontier,
            Kind::Open
                if w <= WIDTH_64 && (h >= SWEPT_OPEN_LENGTH || board.len() > MEET_OPEN_SQUARES) =>
            {
                Method::Frontier64
            }
            Kind::Open if board.len() > MEET_SQUARES => Method::Frontier,
            Kind::Open => Method::MeetInTheMiddle,
        }
    }

    /// The method's name: `meet in the middle`, `the frontier programme` or `the 64-bit
    /// frontier programme`.
    pub fn name(self) -> &'static str {
        match self {
            Method::MeetInTheMiddle => "meet in the middle",
            Method::Frontier => "the frontier programme",
            Method::Frontier64 => "the 64-bit frontier programme",
        }
    }

    /// What [`Progress`](super::Progress) counts: `squares` (a round each) or `middle squares` (a unit each).
    pub fn unit(self) -> &'static str {
        match self {
            Method::MeetInTheMiddle => "middle squares",
            Method::Frontier | Method::Frontier64 => "squares",
        }
    }
}
