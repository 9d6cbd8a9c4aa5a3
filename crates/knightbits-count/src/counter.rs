//! The one interface of the counting methods: each method (meet in the middle in `meet/`, the
//! 128-bit frontier programme in `frontier/`, the 64-bit one in `sweep/`, the split in `split/`) is a [`Counter`],
//! and [`Count`](super::Count) runs whichever it chose through it.

use super::checkpoint::Header;
use super::error::CountError;
use super::method::Method;
use super::report::{Estimate, Plan, Progress};
use super::tours::Tours;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

/// A counting method set up for one count (board, kind, start, threads, memory, checkpoint).
pub(crate) trait Counter: Send {
    /// What it counts and how: the header of its checkpoint before any work.
    fn header(&self) -> Header;

    /// Is `h` the header of a checkpoint this count resumes from (whatever its progress)?
    fn owns(&self, h: &Header) -> bool {
        self.header().same_count(h)
    }

    /// Units of work in all: what [`Progress::total`] counts.
    fn units(&self) -> u64;

    /// Time, peak memory and scratch disk of the whole count from about `seconds` of its work
    /// (which a method may keep, to go on from), or `None` when the count is too short to
    /// estimate.
    fn estimate(&mut self, seconds: f64) -> Result<Option<Estimate>, CountError>;

    /// The count spread over `processes` processes, foreseen from about `seconds` of its
    /// work; `None` from a method that makes no plan (only the sweep and the split do).
    fn plan(&mut self, processes: u32, seconds: f64) -> Result<Option<Plan>, CountError> {
        let _ = (processes, seconds);
        Ok(None)
    }

    /// Runs the count to its end, from its checkpoint when there is one, reporting to `hook`
    /// after each unit; when the hook says stop, writes the checkpoint (if any) and returns
    /// [`CountError::Stopped`].
    fn run(&mut self, hook: &Hook<'_>) -> Result<Tours, CountError>;
}

/// Where a running count reports its progress (to the thread that called
/// [`Count::run`](super::Count::run)) and learns that it must stop.
pub(crate) struct Hook<'a> {
    progress: mpsc::Sender<Progress>,
    stop: &'a AtomicBool,
}

impl<'a> Hook<'a> {
    pub(crate) fn new(progress: mpsc::Sender<Progress>, stop: &'a AtomicBool) -> Hook<'a> {
        Hook { progress, stop }
    }

    /// Reports `progress`; `Break` when the count must stop.
    pub(crate) fn report(&self, progress: Progress) -> ControlFlow<()> {
        // The receiver outlives the count: a failed send only means it has gone.
        let _ = self.progress.send(progress);
        if self.stopping() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Must the count stop? Long units of work look between their parts.
    pub(crate) fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The flag [`Hook::stopping`] reads, for work on several threads.
    pub(crate) fn flag(&self) -> &AtomicBool {
        self.stop
    }
}

/// The error of a count of `method` stopped after `done` of `total` units, its work in
/// `checkpoint` when it has one.
pub(crate) fn stopped(
    method: Method,
    done: u64,
    total: u64,
    checkpoint: Option<&Path>,
) -> CountError {
    CountError::Stopped {
        done,
        total,
        unit: method.unit(),
        checkpoint: checkpoint.map(Path::to_path_buf),
    }
}
