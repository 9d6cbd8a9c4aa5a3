//! Why a count failed.

use core::fmt;

/// Why tours could not be counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountError {
    /// Meet in the middle counts open tours on boards of at most `limit` squares.
    TooManySquares {
        /// The largest number of squares accepted.
        limit: u32,
    },
    /// The frontier programme (closed tours, and open tours of long or large boards) counts on
    /// boards whose shorter side is at most `limit`.
    TooWide {
        /// The largest shorter side accepted.
        limit: u32,
    },
    /// The start square is not on the board.
    StartOffBoard,
    /// The count, or a partial sum on the way to it, does not fit in `bits` bits: 64 for open
    /// tours by meet in the middle, 128 by the frontier programme.
    Overflow {
        /// The width of the count.
        bits: u32,
    },
    /// Reading or writing a layer in the scratch folder or the checkpoint failed.
    Io(std::io::ErrorKind),
    /// The checkpoint belongs to another count, or is not a layer file.
    Checkpoint,
    /// A board was to be swept with a number of squares across that is none of its sides.
    NotASide {
        /// The number asked for.
        side: u32,
    },
    /// The folder of the layer files has not room enough for the next layer.
    NoRoom {
        /// Bytes the layer needs.
        needed: u64,
        /// Bytes free there.
        available: u64,
    },
    /// A count that holds its tables in memory would need more than its budget.
    OverBudget {
        /// Bytes of the estimated peak.
        needed: u64,
        /// Bytes of the budget.
        budget: u64,
        /// Estimated seconds of the count.
        seconds: u64,
    },
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::TooManySquares { limit } => {
                write!(
                    f,
                    "meet in the middle counts open tours on boards of at most {limit} squares"
                )
            }
            CountError::TooWide { limit } => write!(
                f,
                "the frontier programme counts tours on boards whose shorter side is at most {limit}"
            ),
            CountError::StartOffBoard => f.write_str("start square is not on the board"),
            CountError::Overflow { bits } => write!(
                f,
                "the count, or a partial sum on the way to it, does not fit in {bits} bits"
            ),
            CountError::Io(kind) => {
                write!(
                    f,
                    "cannot read or write the checkpoint or a layer file: {kind}"
                )
            }
            CountError::Checkpoint => {
                f.write_str("the checkpoint belongs to another count, or is not a layer file")
            }
            CountError::NotASide { side } => write!(f, "{side} is not a side of the board"),
            CountError::NoRoom { needed, available } => write!(
                f,
                "a layer needs about {} MB on disk where the count keeps its layers, and {} MB \
                 are free there",
                needed.div_ceil(1_000_000),
                available / 1_000_000
            ),
            CountError::OverBudget { needed, budget, .. } => write!(
                f,
                "the count would need about {} MB of memory, more than its budget of {} MB",
                needed.div_ceil(1_000_000),
                budget / 1_000_000
            ),
        }
    }
}

impl core::error::Error for CountError {}
