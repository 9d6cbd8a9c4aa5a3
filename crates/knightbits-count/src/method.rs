//! What a count counts and how: the kind of tour and the method.

use knightbits_board::{Board, Coord};

/// The widest board of the sweep in 64-bit keys (16 slots of four bits in a `u64`), and of the
/// split, which joins 64-bit keys.
pub(crate) const KEY64_WIDTH: u32 = 8;

/// The widest board of the sweep: past [`KEY64_WIDTH`] its keys are `u128`s (the `sweep::word`
/// module), up to the widest window of the 128-bit frontier's rules.
pub(crate) const SWEEP_WIDTH: u32 = crate::sweep::word::WIDE_WIDTH;

/// The most squares meet in the middle walks: a set of squares is one `u64`.
pub(crate) const MEET_SQUARES: u32 = u64::BITS;

/// The most squares of a board whose open tours [`Method::for_count`] leaves to meet in the
/// middle (up to 6 x 6 and 5 x 7, where it is the faster); the 64-bit frontier programme
/// counts those of larger boards up to [`SWEEP_WIDTH`] wide (6 x 7, 7 x 7).
pub(crate) const MEET_OPEN_SQUARES: u32 = 36;

/// Boards at least this long have their open tours counted square by square whatever their
/// number of squares (5 x 8 and 6 x 8 too), when at most [`SWEEP_WIDTH`] wide.
pub(crate) const SWEPT_OPEN_LENGTH: u32 = 8;

/// Boards this wide (the shorter side) and an even number of squares long have their open
/// tours from every start counted by the split at the middle cut: 8 x 6 swept across 8 took
/// 101 s by it against 720 s by the sweep, and 8 x 8 is out of the sweep's reach (its
/// BENCHMARKS.md section). On narrower boards the sweep across the shorter side is fast
/// enough.
pub(crate) const SPLIT_WIDTH: u32 = 8;

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
    /// The sweep in compact keys (`sweep/`): the frontier programme square by square with each
    /// state a 64-bit key (boards up to 8 across) or a 128-bit one (wider), closed or open
    /// tours of boards up to [`MAX_SWEEP_WIDTH`](super::MAX_SWEEP_WIDTH) wide within a memory
    /// budget, out of core past it.
    Sweep,
    /// The split at the middle cut (McKay's, by which Chernov counted the chessboard's open
    /// tours): the sweep in 64-bit keys sweeps the rows above the middle cut and the first
    /// row past it, and the two halves are joined. Directed open tours from every start of
    /// boards up to 8 wide with an even number of rows
    /// along the sweep, at least four; within a memory budget, out of core past it.
    Split,
    /// The 128-bit frontier (`frontier/`): the frontier programme in 128-bit states
    /// ([`Frontier`](super::Frontier)), open or closed tours of boards whose shorter side is at
    /// most [`MAX_CLOSED_WIDTH`](super::MAX_CLOSED_WIDTH), any length, in memory; the
    /// independent check of the others on small boards (chosen by no board the others take).
    Frontier128,
}

impl Method {
    /// The method a count runs by across processes, when one process would run it by `self`:
    /// the same for the sweep (every board up to [`MAX_SWEEP_WIDTH`](super::MAX_SWEEP_WIDTH)
    /// wide, closed and open, in 64-bit keys up to 8 across and 128-bit ones beyond, and counts
    /// of any size: past 64 bits it runs once per prime, each run across every process, as one
    /// process does), the split at the middle cut (its top half shared by key as the sweep's
    /// layers are, the layer at the cut sent whole to every process, each worker joining its
    /// part of the top half's last layer with its process's bottom half) and the 128-bit
    /// frontier. Meet in the middle does not run across processes; its boards are swept
    /// there, the same count.
    ///
    /// ```
    /// use knightbits_count::Method;
    /// assert_eq!(Method::Split.across_processes(), Method::Split);
    /// assert_eq!(Method::MeetInTheMiddle.across_processes(), Method::Sweep);
    /// ```
    pub const fn across_processes(self) -> Method {
        match self {
            Method::Frontier128 => Method::Frontier128,
            Method::Split => Method::Split,
            Method::MeetInTheMiddle | Method::Sweep => Method::Sweep,
        }
    }

    /// The method for the tours of `kind` on `board`: closed tours by the sweep up to
    /// [`MAX_SWEEP_WIDTH`](super::MAX_SWEEP_WIDTH) wide (in 64-bit keys up to 8, 128-bit ones
    /// beyond) and by the 128-bit frontier past it (which refuses them: it stops at the same
    /// width); open tours (from every start or from one) by the sweep on boards up to
    /// [`MAX_SWEEP_WIDTH`](super::MAX_SWEEP_WIDTH) wide that are at least
    /// [`SWEPT_OPEN_LENGTH`](super::SWEPT_OPEN_LENGTH) long or have more than
    /// [`MEET_OPEN_SQUARES`](super::MEET_OPEN_SQUARES) squares (6 x 7, 7 x 7, 9 x 9), by the
    /// 128-bit frontier on the wider boards past [`MAX_OPEN_SQUARES`](super::MAX_OPEN_SQUARES)
    /// squares (which meet in the middle cannot hold), and by meet in the middle on the others (up to 6 x 6 and 5 x 7, where it is
    /// faster: the frontier's work grows with the shorter side, meet in the middle's with the
    /// number of squares; BENCHMARKS.md has the runs behind the rule); but open tours of
    /// boards [`SPLIT_WIDTH`](super::SPLIT_WIDTH) wide and an even number of squares long from every start by the split
    /// at the middle cut ([`Method::for_open`] leaves those from one start to the sweep).
    ///
    /// ```
    /// use knightbits_board::Board;
    /// use knightbits_count::{Kind, Method};
    /// let method = |w, h, kind| Method::for_count(Board::new(w, h).unwrap(), kind);
    /// assert_eq!(method(6, 6, Kind::Open), Method::MeetInTheMiddle);
    /// assert_eq!(method(7, 5, Kind::Open), Method::MeetInTheMiddle);
    /// assert_eq!(method(6, 7, Kind::Open), Method::Sweep);
    /// assert_eq!(method(7, 7, Kind::Open), Method::Sweep);
    /// assert_eq!(method(8, 8, Kind::Open), Method::Split);
    /// assert_eq!(method(8, 10, Kind::Open), Method::Split);
    /// assert_eq!(method(8, 9, Kind::Open), Method::Sweep);
    /// assert_eq!(method(6, 8, Kind::Open), Method::Sweep);
    /// assert_eq!(method(10, 5, Kind::Open), Method::Sweep);
    /// assert_eq!(method(9, 8, Kind::Open), Method::Sweep);
    /// assert_eq!(method(9, 9, Kind::Open), Method::Sweep); // in 128-bit keys
    /// assert_eq!(method(8, 8, Kind::Closed), Method::Sweep);
    /// assert_eq!(method(10, 10, Kind::Closed), Method::Sweep);
    /// assert_eq!(method(13, 13, Kind::Closed), Method::Frontier128);
    /// ```
    pub fn for_count(board: Board, kind: Kind) -> Method {
        let (w, h) = (
            board.width().min(board.height()),
            board.width().max(board.height()),
        );
        match kind {
            Kind::Closed if w <= SWEEP_WIDTH => Method::Sweep,
            Kind::Closed => Method::Frontier128,
            Kind::Open if w == SPLIT_WIDTH && w <= KEY64_WIDTH && h % 2 == 0 => Method::Split,
            Kind::Open
                if w <= SWEEP_WIDTH
                    && (h >= SWEPT_OPEN_LENGTH || board.len() > MEET_OPEN_SQUARES) =>
            {
                Method::Sweep
            }
            Kind::Open if board.len() > MEET_SQUARES => Method::Frontier128,
            Kind::Open => Method::MeetInTheMiddle,
        }
    }

    /// The method for the open tours of `board` from `start` (from every start when `None`):
    /// [`Method::for_count`]'s, but the split's counts from one start go to the sweep.
    pub fn for_open(board: Board, start: Option<Coord>) -> Method {
        match Method::for_count(board, Kind::Open) {
            Method::Split if start.is_some() => Method::Sweep,
            method => method,
        }
    }

    /// Does the method keep within its memory budget by putting its layers out of core (the
    /// 64-bit frontier programme and the split), rather than being refused past it?
    pub fn out_of_core(self) -> bool {
        matches!(self, Method::Sweep | Method::Split)
    }

    /// Every method, in the order [`Method::rule`] tells them.
    pub const ALL: [Method; 4] = [
        Method::MeetInTheMiddle,
        Method::Sweep,
        Method::Split,
        Method::Frontier128,
    ];

    /// The method's name: `meet in the middle`, `the sweep in compact keys`, `the split at the
    /// middle cut` or `the 128-bit frontier`.
    pub fn name(self) -> &'static str {
        match self {
            Method::MeetInTheMiddle => "meet in the middle",
            Method::Sweep => "the sweep in compact keys",
            Method::Split => "the split at the middle cut",
            Method::Frontier128 => "the 128-bit frontier",
        }
    }

    /// The tours [`Method::for_count`] gives this method, in words made from the same
    /// constants as the rule: what a front end's help prints instead of retyping the rule.
    ///
    /// ```
    /// use knightbits_count::Method;
    /// assert_eq!(
    ///     Method::Split.chosen_for(),
    ///     "open tours from every start of boards 8 wide and an even number of squares long (8x8)"
    /// );
    /// ```
    pub fn chosen_for(self) -> String {
        match self {
            Method::MeetInTheMiddle => format!(
                "open tours of boards of at most {MEET_OPEN_SQUARES} squares whose longer side \
                 is under {SWEPT_OPEN_LENGTH} (6x6, 5x7)"
            ),
            Method::Sweep => format!(
                "closed tours of boards whose shorter side is at most {SWEEP_WIDTH} (8x8, \
                 10x10), and open tours of those at least {SWEPT_OPEN_LENGTH} long or of more \
                 than {MEET_OPEN_SQUARES} squares (7x7, 6x8, 9x9), but for the split's; in \
                 64-bit keys up to {KEY64_WIDTH} across, 128-bit ones beyond"
            ),
            Method::Split => format!(
                "open tours from every start of boards {SPLIT_WIDTH} wide and an even number of \
                 squares long (8x8)"
            ),
            Method::Frontier128 => format!(
                "boards past the sweep's {SWEEP_WIDTH} across, which it refuses too (it stops at \
                 {} across); by choice, the independent check of the others",
                super::MAX_CLOSED_WIDTH
            ),
        }
    }

    /// The rule of [`Method::for_count`] in words, a line a method: `name: tours`.
    pub fn rule() -> String {
        Method::ALL
            .iter()
            .map(|m| format!("{}: {}\n", m.name(), m.chosen_for()))
            .collect()
    }

    /// What [`Progress`](super::Progress) counts: `squares` (a round each), `middle squares`
    /// (a unit each), or `squares and join passes` (the split: a round each of the squares it
    /// sweeps, then a pass each of its join).
    pub fn unit(self) -> &'static str {
        match self {
            Method::MeetInTheMiddle => "middle squares",
            Method::Frontier128 | Method::Sweep => "squares",
            Method::Split => "squares and join passes",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Method;

    /// Across processes meet in the middle gives way to the sweep; the sweep, the split and
    /// the 128-bit frontier keep their own method.
    #[test]
    fn across_processes_every_method_runs_by_one_that_spreads() {
        assert_eq!(Method::Split.across_processes(), Method::Split);
        assert_eq!(Method::MeetInTheMiddle.across_processes(), Method::Sweep);
        assert_eq!(Method::Sweep.across_processes(), Method::Sweep);
        assert_eq!(Method::Frontier128.across_processes(), Method::Frontier128);
    }
}
