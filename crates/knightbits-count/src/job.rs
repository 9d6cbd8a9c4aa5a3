//! A count of a board's tours as one resumable job, the one way to run a count: the method
//! chosen here, an estimate, a memory budget, progress through a callback that can stop the
//! count, and one checkpoint format, run on threads of this process (`knightbits-dist` runs
//! the same job's frontier programme across processes).

use super::checkpoint::Header;
use super::counter::{Counter, Hook};
use super::error::CountError;
use super::frontier::{self, Frontier, FrontierCount};
use super::grid::Grid;
use super::meet::MeetCount;
use super::method::{KEY64_WIDTH, Kind, Method, SWEEP_WIDTH};
use super::report::{Estimate, Plan, Progress};
use super::split::{SplitCount, halves};
use super::sweep::word::Word;
use super::sweep::{Share, Sweep, SweepCount};
use super::tours::Tours;
use super::workers::{available_memory, available_threads};
use core::fmt;
use knightbits_board::{Board, Coord};
use std::boxed::Box;
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// The longest a running count goes without calling its progress callback.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// A count of the tours of one board: closed tours, or directed open tours from every start
/// or from one, a [`Tours`] of any size. Configured by its builder methods, estimated, then run; with a checkpoint, the
/// same job resumes where a stopped one left off.
///
/// ```
/// use knightbits_board::{Board, Coord};
/// use knightbits_count::Count;
/// use std::ops::ControlFlow;
/// let go_on = &mut |_| ControlFlow::Continue(());
/// let five = Board::new(5, 5).unwrap();
/// assert_eq!(Count::open(five, None).unwrap().run(go_on).unwrap(), 1728); // OEIS A165134
/// let from_a1 = Count::open(five, Some(Coord::new(0, 0))).unwrap().with_threads(2);
/// assert_eq!(from_a1.run(go_on).unwrap(), 304);
/// let six = Count::closed(Board::new(6, 6).unwrap()).unwrap();
/// assert_eq!(six.run(go_on).unwrap(), 9862); // OEIS A001230
/// ```
pub struct Count {
    board: Board,
    kind: Kind,
    start: Option<Coord>,
    method: Method,
    threads: usize,
    budget: u64,
    scratch: PathBuf,
    checkpoint: Option<PathBuf>,
    every: Duration,
    /// The side laid across by the frontier programmes (the shorter by default).
    across: Option<u32>,
    /// The method set up by [`Count::estimate`], with the work its estimate did.
    counter: Option<Box<dyn Counter>>,
}

impl fmt::Debug for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Count")
            .field("board", &self.board)
            .field("kind", &self.kind)
            .field("start", &self.start)
            .field("method", &self.method)
            .field("threads", &self.threads)
            .field("budget", &self.budget)
            .field("checkpoint", &self.checkpoint)
            .finish_non_exhaustive()
    }
}

impl Count {
    /// The count of `board`'s undirected closed tours.
    pub fn closed(board: Board) -> Result<Count, CountError> {
        Count::by_method(
            board,
            Kind::Closed,
            None,
            Method::for_count(board, Kind::Closed),
        )
    }

    /// The count of `board`'s directed open tours starting on `start`, or anywhere when
    /// `None`.
    pub fn open(board: Board, start: Option<Coord>) -> Result<Count, CountError> {
        Count::by_method(board, Kind::Open, start, Method::for_open(board, start))
    }

    /// The same count by `method` rather than the one [`Method::for_count`] chose (to compare
    /// methods): [`CountError::TooManySquares`] or [`CountError::TooWide`] past the method's
    /// limits, [`CountError::NotByMethod`] for closed tours by meet in the middle.
    ///
    /// ```
    /// use knightbits_board::Board;
    /// use knightbits_count::{Count, Method};
    /// use std::ops::ControlFlow;
    /// let five = Count::open(Board::new(5, 5).unwrap(), None).unwrap();
    /// let by_frontier = five.by(Method::Frontier128).unwrap();
    /// assert_eq!(by_frontier.run(&mut |_| ControlFlow::Continue(())).unwrap(), 1728);
    /// ```
    pub fn by(self, method: Method) -> Result<Count, CountError> {
        let count = Count::by_method(self.board, self.kind, self.start, method)?;
        let count = Count {
            threads: self.threads,
            budget: self.budget,
            scratch: self.scratch,
            checkpoint: self.checkpoint,
            every: self.every,
            ..count
        };
        // The side laid across is checked again against the new method's sweep.
        match self.across {
            Some(w) => count.across(w),
            None => Ok(count),
        }
    }

    /// The count of `board`'s tours of `kind` (open ones from `start`) by `method`.
    pub(crate) fn by_method(
        board: Board,
        kind: Kind,
        start: Option<Coord>,
        method: Method,
    ) -> Result<Count, CountError> {
        if start.is_some_and(|c| !board.contains(c)) {
            return Err(CountError::StartOffBoard);
        }
        let shorter = board.width().min(board.height());
        match method {
            Method::MeetInTheMiddle if kind == Kind::Closed => {
                return Err(CountError::NotByMethod { method, kind });
            }
            Method::MeetInTheMiddle if board.len() > Grid::MAX_SQUARES => {
                return Err(CountError::TooManySquares {
                    limit: Grid::MAX_SQUARES,
                });
            }
            Method::Frontier128 if shorter > frontier::MAX_WIDTH => {
                return Err(CountError::TooWide {
                    limit: frontier::MAX_WIDTH,
                });
            }
            Method::Sweep if shorter > SWEEP_WIDTH => {
                return Err(CountError::TooWide { limit: SWEEP_WIDTH });
            }
            Method::Split if shorter > KEY64_WIDTH => {
                return Err(CountError::TooWide { limit: KEY64_WIDTH });
            }
            Method::Split if kind == Kind::Closed => {
                return Err(CountError::NotByMethod { method, kind });
            }
            Method::Split if start.is_some() => return Err(CountError::EveryStart { method }),
            _ => {}
        }
        Ok(Count {
            board,
            kind,
            start,
            method,
            threads: available_threads(),
            budget: u64::MAX,
            scratch: std::env::temp_dir(),
            checkpoint: None,
            every: Duration::from_secs(30),
            across: None,
            counter: None,
        })
    }

    /// Runs on `threads` worker threads (default: as many as the machine runs at once).
    pub fn with_threads(mut self, threads: usize) -> Count {
        self.threads = threads.max(1);
        self.counter = None;
        self
    }

    /// Holds at most about `bytes` of memory (default: no limit): the 64-bit frontier
    /// programme puts its layers out of core past it; the other methods are refused by
    /// [`Count::estimate`] when their estimated peak exceeds it.
    pub fn with_budget(mut self, bytes: u64) -> Count {
        self.budget = bytes;
        self.counter = None;
        self
    }

    /// Holds at most the memory available now ([`available_memory`]; three quarters of
    /// it for the 64-bit frontier programme, leaving the rest to the system's cache of its
    /// layer files and to other processes), when the system says; else no limit.
    pub fn within_available_memory(self) -> Count {
        match available_memory() {
            Some(a) if self.method.out_of_core() => self.with_budget(a / 4 * 3),
            Some(a) => self.with_budget(a),
            None => self,
        }
    }

    /// Keeps the layers that go out of core in the folder `dir` (default: the system's
    /// temporary folder).
    pub fn with_scratch(mut self, dir: &Path) -> Count {
        self.scratch = dir.to_path_buf();
        self.counter = None;
        self
    }

    /// Keeps the count's state in `path` after every unit (meet in the middle), at least
    /// every `every` (frontier programmes; after every out-of-core round; in 64-bit keys also
    /// at least ten times the last checkpoint's writing time apart, unless `every` is zero)
    /// and when the count is stopped, and starts from the state found there, if any. The file
    /// is removed when the count ends. The split keeps two more beside it, `PATH.bottom` (the
    /// layer at the middle cut) and `PATH.join` (the passes of its join done), removed too.
    pub fn with_checkpoint(mut self, path: &Path, every: Duration) -> Count {
        self.checkpoint = Some(path.to_path_buf());
        self.every = every;
        self.counter = None;
        self
    }

    /// Sweeps the board with `w` squares across (the frontier programmes), `w` one of its
    /// sides (the shorter by default): the knight graphs of `w x h` and `h x w` are the same,
    /// so the count is too, but the first ranks of `8 x h` swept across 8 are those of the
    /// chessboard. [`CountError::NotASide`] for another number, [`CountError::TooWide`] past
    /// the method's width, [`CountError::NoSweep`] for meet in the middle (which has no sweep).
    pub fn across(mut self, w: u32) -> Result<Count, CountError> {
        if w != self.board.width() && w != self.board.height() {
            return Err(CountError::NotASide { side: w });
        }
        if self.method == Method::MeetInTheMiddle {
            return Err(CountError::NoSweep {
                method: self.method,
            });
        }
        let limit = match self.method {
            Method::Sweep => SWEEP_WIDTH,
            Method::Split => KEY64_WIDTH,
            _ => frontier::MAX_WIDTH,
        };
        if w > limit {
            return Err(CountError::TooWide { limit });
        }
        self.across = Some(w);
        self.counter = None;
        Ok(self)
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Worker threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Closed or open tours.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The method the count runs by.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The time between checkpoints ([`Count::with_checkpoint`]).
    pub fn checkpoint_every(&self) -> Duration {
        self.every
    }

    /// The checkpoint's path, if any.
    pub fn checkpoint_path(&self) -> Option<&Path> {
        self.checkpoint.as_deref()
    }

    /// The rounds of this count's 128-bit frontier programme (its board, kind, start and the
    /// side laid across), for a driver that runs them itself and moves states between its
    /// workers: `knightbits-dist` counts across processes this way, whatever [`Count::method`]
    /// says. The one way to obtain a [`Frontier`]; [`Count::run`] needs none.
    /// [`CountError::TooWide`] past [`MAX_CLOSED_WIDTH`](super::MAX_CLOSED_WIDTH) across.
    pub fn frontier(&self) -> Result<Frontier, CountError> {
        let w = self
            .across
            .unwrap_or(self.board.width().min(self.board.height()));
        Frontier::across(self.board, self.kind, w, self.start)
    }

    /// Worker `index`'s share of this count across `peers` workers, `threads` of them in each
    /// process, its keys of `K` ([`Count::wide_keys`] says which the sweep takes: `u128` past
    /// 8 across, else `u64`): the sweep's rounds for a driver that moves the keys between the
    /// workers itself (`knightbits-dist` counts across processes this way). Each worker keeps
    /// its layers within the count's budget divided by `threads`, out of core in a folder of
    /// its own in the scratch folder; with a checkpoint, its path is a folder where each
    /// worker saves its part of a layer ([`Share::save`]) and from whose newest complete layer
    /// the share starts, whatever the number of workers that wrote it.
    /// A count by [`Method::Split`] shares its top half so, and its bottom half through the
    /// share ([`Share::cut`]).
    /// [`CountError::NotByMethod`] unless the count is by [`Method::Sweep`] or the split;
    /// [`CountError::TooWide`] when the board is too wide for keys of `K`.
    pub fn share<K: Word>(
        &self,
        index: usize,
        peers: usize,
        threads: usize,
    ) -> Result<Share<K>, CountError> {
        let budget = self.budget / threads.max(1) as u64;
        let (sweep, cut) = match self.method {
            Method::Sweep => (self.sweep::<K>(1, budget)?, None),
            Method::Split => {
                let (sweep, rows) = halves(self.sweep::<K>(1, budget)?)?;
                (sweep, Some(rows))
            }
            method => {
                return Err(CountError::NotByMethod {
                    method,
                    kind: self.kind,
                });
            }
        };
        Share::new(sweep, index, peers, cut, self.checkpoint.as_deref())
    }

    /// Are the keys of this count's sweep 128 bits wide (`u128`: its side across is past 8),
    /// rather than 64 (`u64`)? The key word a [`Count::share`] of it takes.
    pub fn wide_keys(&self) -> bool {
        self.sweep_width() > KEY64_WIDTH
    }

    /// This count's sweep (of [`Method::Sweep`]) on `threads` threads within `budget`, no
    /// checkpoint yet.
    fn sweep<K: Word>(&self, threads: usize, budget: u64) -> Result<Sweep<K>, CountError> {
        let scratch = self.scratch.as_path();
        let count = match self.kind {
            Kind::Closed => Sweep::<K>::new(self.board, threads, budget, scratch)?,
            Kind::Open => Sweep::<K>::open_tours(self.board, self.start, threads, budget, scratch)?,
        };
        match self.across {
            Some(w) => count.across(w),
            None => Ok(count),
        }
    }

    /// The method set up for this count.
    fn counter(&self) -> Result<Box<dyn Counter>, CountError> {
        let (board, threads, checkpoint) = (self.board, self.threads, self.checkpoint.clone());
        let frontier = || {
            let f = self.frontier()?;
            Ok::<_, CountError>(FrontierCount::new(
                f,
                threads,
                checkpoint.clone(),
                self.every,
            ))
        };
        Ok(match self.method {
            Method::MeetInTheMiddle => Box::new(MeetCount::new(
                board,
                self.start,
                threads,
                checkpoint.clone(),
            )?),
            Method::Frontier128 => Box::new(frontier()?),
            Method::Sweep => match self.sweep_width() {
                ..=KEY64_WIDTH => Box::new(self.sweep_count::<u64>()?),
                _ => Box::new(self.sweep_count::<u128>()?),
            },
            Method::Split => {
                let mut count = self.sweep::<u64>(threads, self.budget)?;
                if let Some(path) = &checkpoint {
                    count = count.with_checkpoint(path, self.every.as_secs_f64());
                }
                Box::new(SplitCount::new(count)?)
            }
        })
    }

    /// The squares across the sweep: the side laid across, or the shorter.
    fn sweep_width(&self) -> u32 {
        self.across
            .unwrap_or(self.board.width().min(self.board.height()))
    }

    /// The sweep of this count in keys of `K`.
    fn sweep_count<K: Word>(&self) -> Result<SweepCount<K>, CountError> {
        let mut count = self.sweep::<K>(self.threads, self.budget)?;
        if let Some(path) = &self.checkpoint {
            count = count.with_checkpoint(path, self.every.as_secs_f64());
        }
        Ok(SweepCount::new(count, self.checkpoint.clone()))
    }

    /// Does the checkpoint hold a state to resume from? ([`CountError::Checkpoint`] when it
    /// holds another count's.)
    pub fn resumes(&self) -> Result<bool, CountError> {
        let Some(path) = &self.checkpoint else {
            return Ok(false);
        };
        match Header::open(path)? {
            None => Ok(false),
            Some((header, _)) if self.counter()?.owns(&header) => Ok(true),
            Some(_) => Err(CountError::Checkpoint),
        }
    }

    /// Time, peak memory and scratch disk of the whole count, from about `seconds` of its real
    /// work (kept by the 128-bit frontier programme: the count goes on from there), or `None`
    /// when there is nothing to estimate (the count resumes from its checkpoint, or it is a
    /// sweep of a board up to 6 across, which takes seconds, or of four rows or fewer, most of
    /// which the estimate would count).
    /// [`CountError::OverBudget`] when a method that holds its tables in memory would need
    /// more than the budget (the 64-bit frontier programme goes out of core instead).
    pub fn estimate(&mut self, seconds: f64) -> Result<Option<Estimate>, CountError> {
        if self.resumes()? {
            return Ok(None);
        }
        let mut counter = match self.counter.take() {
            Some(c) => c,
            None => self.counter()?,
        };
        let estimate = counter.estimate(seconds)?;
        self.counter = Some(counter);
        match estimate {
            Some(e) if !self.method.out_of_core() && e.peak_bytes > self.budget => {
                Err(CountError::OverBudget {
                    needed: e.peak_bytes,
                    budget: self.budget,
                    seconds: e.seconds as u64,
                })
            }
            estimate => Ok(estimate),
        }
    }

    /// The count spread over `processes` processes, each owning a share of every layer by key
    /// and keeping within this count's budget and scratch folder (a process's), foreseen from
    /// about `seconds` of its first rounds as [`Count::estimate`] foresees it, the layers
    /// divided among the processes: the states of the largest layer, a process's memory,
    /// scratch disk and bytes sent to the others, and the wall time. Starts no count.
    /// [`CountError::NoPlan`] for meet in the middle and the 128-bit frontier.
    ///
    /// ```
    /// use knightbits_board::Board;
    /// use knightbits_count::Count;
    /// let mut count = Count::closed(Board::new(6, 6).unwrap()).unwrap();
    /// let plan = count.plan(2, 0.0).unwrap();
    /// // 6 x 6 is counted whole in the sample: its largest layer, not a foresight.
    /// assert!(plan.states_peak > 1000);
    /// assert!(plan.sent_bytes_per_process > 0);
    /// ```
    pub fn plan(&mut self, processes: u32, seconds: f64) -> Result<Plan, CountError> {
        let mut counter = match self.counter.take() {
            Some(c) => c,
            None => self.counter()?,
        };
        let plan = counter.plan(processes, seconds);
        self.counter = Some(counter);
        plan?.ok_or(CountError::NoPlan {
            method: self.method,
        })
    }

    /// Runs the count to its end (from the checkpoint when there is one) and returns the
    /// number of tours, calling `progress` on this thread whenever a unit of work ends and at
    /// least every [`PROGRESS_EVERY`] (with the same `done` and no round figures) while one
    /// runs. When `progress` returns `Break` (or panics), the count stops within about a
    /// second, in the middle of a unit of work too (meet in the middle within a part of its
    /// unit; the frontier programmes abandon the round they are in, the split's join the pass
    /// it is in), keeps its work in the checkpoint when it has one (the 128-bit frontier
    /// programme writes the layer before the abandoned round; the 64-bit one too when it is in
    /// memory and takes about a second at most to write, else it keeps the last layer it
    /// wrote), and returns [`CountError::Stopped`] saying where the checkpoint resumes (a panic
    /// is raised again once it has stopped).
    ///
    /// ```
    /// use knightbits_board::Board;
    /// use knightbits_count::{Count, CountError};
    /// use std::ops::ControlFlow;
    /// let six = Count::closed(Board::new(6, 6).unwrap()).unwrap();
    /// let stopped = six.run(&mut |p| match p.done {
    ///     0..10 => ControlFlow::Continue(()),
    ///     _ => ControlFlow::Break(()),
    /// });
    /// assert!(matches!(stopped, Err(CountError::Stopped { checkpoint: None, .. })));
    /// ```
    pub fn run(
        mut self,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Tours, CountError> {
        let mut counter = match self.counter.take() {
            Some(c) => c,
            None => self.counter()?,
        };
        let total = counter.units();
        // Where the count resumes (the rounds or units of its checkpoint), for the calls of
        // `progress` before the method's first report.
        let resumed = match &self.checkpoint {
            Some(path) => match Header::open(path) {
                Ok(Some((h, _))) if counter.owns(&h) => u64::from(h.round).min(total),
                _ => 0,
            },
            None => 0,
        };
        let stop = AtomicBool::new(false);
        let (tx, rx) = mpsc::channel();
        let mut panic = None;
        let outcome = std::thread::scope(|scope| {
            let stop = &stop;
            let worker = scope.spawn(move || counter.run(&Hook::new(tx, stop)));
            let mut last = Progress {
                done: resumed,
                total,
                round: None,
            };
            loop {
                match rx.recv_timeout(PROGRESS_EVERY) {
                    Ok(p) => last = p,
                    Err(RecvTimeoutError::Timeout) => last.round = None,
                    Err(RecvTimeoutError::Disconnected) => break,
                }
                if panic.is_some() || stop.load(Ordering::Relaxed) {
                    continue;
                }
                match catch_unwind(AssertUnwindSafe(|| progress(last))) {
                    Ok(ControlFlow::Continue(())) => {}
                    Ok(ControlFlow::Break(())) => stop.store(true, Ordering::Relaxed),
                    Err(payload) => {
                        panic = Some(payload);
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
            worker.join()
        });
        if let Some(payload) = panic {
            resume_unwind(payload);
        }
        let total = outcome.unwrap_or_else(|payload| resume_unwind(payload))?;
        if let Some(path) = self.checkpoint.take() {
            let _ = std::fs::remove_file(path);
        }
        Ok(total)
    }
}
