//! Why a count failed.

use super::method::{Kind, Method};
use core::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::string::{String, ToString};

/// Why tours could not be counted.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
    /// The method asked for does not count this kind of tour.
    NotByMethod {
        /// The method.
        method: Method,
        /// The kind of tour.
        kind: Kind,
    },
    /// The start square is not on the board.
    StartOffBoard,
    /// The method counts the open tours from every start, not from one.
    EveryStart {
        /// The method.
        method: Method,
    },
    /// The split at the middle cut needs an even number of rows along its sweep, at least
    /// four.
    NoMiddleCut {
        /// The rows along the sweep.
        rows: u32,
    },
    /// The count, or a partial sum on the way to it, does not fit in `bits` bits: 64 for open
    /// tours by meet in the middle, 128 by the frontier programme.
    Overflow {
        /// The width of the count.
        bits: u32,
    },
    /// Reading or writing a file (a layer in the scratch folder, or the checkpoint) failed.
    Io {
        /// The file.
        path: PathBuf,
        /// What kind of failure the system reported.
        kind: io::ErrorKind,
        /// The system's message, lower-case.
        message: String,
    },
    /// The progress callback asked the count to stop (or the caller's callback panicked): the
    /// work done is in the checkpoint, when the count has one, and the same count with the same
    /// checkpoint resumes from there.
    Stopped {
        /// Units of work finished (squares placed, or middle squares walked): those the
        /// checkpoint holds, when the count has one (a round abandoned when stopped is not
        /// among them).
        done: u64,
        /// Units in all.
        total: u64,
        /// What a unit is: `squares` or `middle squares` ([`Method::unit`](super::Method::unit)).
        unit: &'static str,
        /// The checkpoint holding the work done, if the count has one.
        checkpoint: Option<PathBuf>,
    },
    /// The checkpoint belongs to another count, or is not a layer file.
    Checkpoint,
    /// A board was to be swept with a number of squares across that is none of its sides.
    NotASide {
        /// The number asked for.
        side: u32,
    },
    /// A side to lay across was given to a method that sweeps no board (meet in the middle).
    NoSweep {
        /// The method.
        method: Method,
    },
    /// A plan across processes was asked of a method that makes none (only the sweep and
    /// the split do).
    NoPlan {
        /// The method.
        method: Method,
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
            CountError::NotByMethod { method, kind } => {
                write!(f, "{} does not count {} tours", method.name(), kind.name())
            }
            CountError::StartOffBoard => f.write_str("start square is not on the board"),
            CountError::EveryStart { method } => write!(
                f,
                "{} counts the open tours from every start, not from one",
                method.name()
            ),
            CountError::NoMiddleCut { rows } => write!(
                f,
                "the split at the middle cut needs an even number of rows along the sweep, at \
                 least 4, and this sweep has {rows}"
            ),
            CountError::Overflow { bits } => write!(
                f,
                "the count, or a partial sum on the way to it, does not fit in {bits} bits"
            ),
            CountError::Io { path, message, .. } => {
                write!(f, "cannot read or write {}: {message}", path.display())
            }
            CountError::Stopped {
                done,
                total,
                unit,
                checkpoint: Some(path),
            } => write!(
                f,
                "stopped after {done} of {total} {unit}; the work done is in the checkpoint {}: \
                 run the same command to resume",
                path.display()
            ),
            CountError::Stopped {
                done,
                total,
                unit,
                checkpoint: None,
            } => write!(
                f,
                "stopped after {done} of {total} {unit}, with no checkpoint to resume from"
            ),
            CountError::Checkpoint => {
                f.write_str("the checkpoint belongs to another count, or is not a layer file")
            }
            CountError::NotASide { side } => write!(f, "{side} is not a side of the board"),
            CountError::NoSweep { method } => {
                write!(f, "{} lays no side across the board", method.name())
            }
            CountError::NoPlan { method } => write!(
                f,
                "{} makes no plan across processes (the sweep and the split do)",
                method.name()
            ),
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

impl CountError {
    /// The error of reading or writing `path`, with the system's message.
    pub(crate) fn io(path: &Path, e: &io::Error) -> CountError {
        // The message of the inner error, without the wrapper of `located`.
        let message = match e
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<Located>())
        {
            Some(at) => return CountError::io(&at.path, &at.source),
            None => e.to_string(),
        };
        let mut chars = message.chars();
        let message = match chars.next() {
            Some(c) => c.to_lowercase().chain(chars).collect(),
            None => e.kind().to_string(),
        };
        CountError::Io {
            path: path.to_path_buf(),
            kind: e.kind(),
            message,
        }
    }

    /// The error of an `io::Error` made by [`located`] (naming its file), else of a file not
    /// known here (an empty path).
    pub(crate) fn from_io(e: &io::Error) -> CountError {
        CountError::io(Path::new(""), e)
    }
}

/// An I/O error with the file it concerns, carried inside an `io::Error` through code that
/// only passes `io::Error`s on ([`CountError::from_io`] takes it out).
#[derive(Debug)]
struct Located {
    path: PathBuf,
    source: io::Error,
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.source)
    }
}

impl core::error::Error for Located {}

/// `e`, naming `path`: see [`CountError::from_io`].
pub(crate) fn located(path: &Path, e: io::Error) -> io::Error {
    if e.get_ref().is_some_and(|inner| inner.is::<Located>()) {
        return e;
    }
    io::Error::new(
        e.kind(),
        Located {
            path: path.to_path_buf(),
            source: e,
        },
    )
}
