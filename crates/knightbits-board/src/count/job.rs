//! A count of a board's tours as one resumable job: the method chosen here, an estimate, a
//! memory budget, progress through a callback and one checkpoint format, run on threads of
//! this process (`knightbits-dist` runs the same job's frontier programme across processes).

use super::checkpoint::{Header, read_records, save};
use super::closed::ClosedCount;
use super::error::CountError;
use super::frontier::{self, Frontier, Layer};
use super::method::{Kind, Method};
use super::open::OpenTours;
use super::report::{Estimate, Progress};
use super::workers::{available_memory, available_threads};
use crate::board::{Board, Coord};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use std::vec::Vec;

/// A count of the tours of one board: closed tours, or directed open tours from every start
/// or from one. Configured by its builder methods, estimated, then run; with a checkpoint, the
/// same job resumes where a stopped one left off.
///
/// ```
/// use knightbits_board::{Board, Coord, count::Count};
/// let five = Board::new(5, 5).unwrap();
/// assert_eq!(Count::open(five, None).unwrap().run(&mut |_| {}), Ok(1728)); // OEIS A165134
/// let from_a1 = Count::open(five, Some(Coord::new(0, 0))).unwrap().with_threads(2);
/// assert_eq!(from_a1.run(&mut |_| {}), Ok(304));
/// let six = Count::closed(Board::new(6, 6).unwrap()).unwrap();
/// assert_eq!(six.run(&mut |_| {}), Ok(9862)); // OEIS A001230
/// ```
#[derive(Debug)]
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
    /// The frontier programme's layer after the rounds its estimate ran.
    sampled: Option<Layer>,
}

impl Count {
    /// The count of `board`'s undirected closed tours.
    pub fn closed(board: Board) -> Result<Count, CountError> {
        Count::new(board, Kind::Closed, None)
    }

    /// The count of `board`'s directed open tours starting on `start`, or anywhere when
    /// `None`.
    pub fn open(board: Board, start: Option<Coord>) -> Result<Count, CountError> {
        if start.is_some_and(|c| !board.contains(c)) {
            return Err(CountError::StartOffBoard);
        }
        Count::new(board, Kind::Open, start)
    }

    fn new(board: Board, kind: Kind, start: Option<Coord>) -> Result<Count, CountError> {
        let method = Method::for_count(board, kind);
        if method != Method::MeetInTheMiddle
            && board.width().min(board.height()) > frontier::MAX_WIDTH
        {
            return Err(CountError::TooWide {
                limit: frontier::MAX_WIDTH,
            });
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
            sampled: None,
        })
    }

    /// Runs on `threads` worker threads (default: as many as the machine runs at once).
    pub fn with_threads(mut self, threads: usize) -> Count {
        self.threads = threads.max(1);
        self
    }

    /// Holds at most about `bytes` of memory (default: no limit): the 64-bit frontier
    /// programme puts its layers out of core past it; the other methods are refused by
    /// [`Count::estimate`] when their estimated peak exceeds it.
    pub fn with_budget(mut self, bytes: u64) -> Count {
        self.budget = bytes;
        self
    }

    /// Holds at most the memory available now ([`available_memory`]; three quarters of
    /// it for the 64-bit frontier programme, leaving the rest to the system's cache of its
    /// layer files and to other processes), when the system says; else no limit.
    pub fn within_available_memory(self) -> Count {
        match available_memory() {
            Some(a) if self.method == Method::Frontier64 => self.with_budget(a / 4 * 3),
            Some(a) => self.with_budget(a),
            None => self,
        }
    }

    /// Keeps the layers that go out of core in the folder `dir` (default: the system's
    /// temporary folder).
    pub fn with_scratch(mut self, dir: &Path) -> Count {
        self.scratch = dir.to_path_buf();
        self
    }

    /// Keeps the count's state in `path` after every unit (meet in the middle) or at least
    /// every `every` (frontier programmes; after every out-of-core round), and starts from
    /// the state found there, if any. The file is removed when the count ends.
    pub fn with_checkpoint(mut self, path: &Path, every: Duration) -> Count {
        self.checkpoint = Some(path.to_path_buf());
        self.every = every;
        self
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

    /// The checkpoint's path, if any.
    pub fn checkpoint_path(&self) -> Option<&Path> {
        self.checkpoint.as_deref()
    }

    /// The 128-bit frontier programme of this count (for counts across processes, which run
    /// it whatever [`Count::method`] says).
    pub fn frontier(&self) -> Result<Frontier, CountError> {
        match self.start {
            Some(c) => Frontier::open_from(self.board, c),
            None => Frontier::new(self.board, self.kind),
        }
    }

    /// Does the checkpoint hold a state to resume from? ([`CountError::Checkpoint`] when it
    /// holds another count's.)
    pub fn resumes(&self) -> Result<bool, CountError> {
        let Some(path) = &self.checkpoint else {
            return Ok(false);
        };
        match Header::open(path)? {
            None => Ok(false),
            Some((header, _)) if self.owns(&header) => Ok(true),
            Some(_) => Err(CountError::Checkpoint),
        }
    }

    /// Is `header` a checkpoint of this count (by any of the methods it may run)?
    fn owns(&self, h: &Header) -> bool {
        let mine = match self.method {
            Method::MeetInTheMiddle => OpenTours::new(self.board, self.start)
                .ok()
                .map(|plan| self.meet_header(&plan)),
            _ => self
                .frontier()
                .ok()
                .map(|f| f.header_of(&Layer::new(0, 0), 0, 0, 1)),
        };
        // The 64-bit count falls back to the 128-bit one where ways pass 64 bits.
        let frontier64 = || self.count64().map(|c| c.header(0, 0, 0));
        mine.is_some_and(|m| m.same_count(h))
            || (self.method == Method::Frontier64 && frontier64().is_ok_and(|m| m.same_count(h)))
    }

    /// The header of a meet-in-the-middle checkpoint of this count, before any unit.
    fn meet_header(&self, plan: &OpenTours) -> Header {
        self.meet_header_for(plan.start())
    }

    fn meet_header_for(&self, start: Option<u32>) -> Header {
        Header {
            method: Method::MeetInTheMiddle,
            kind: self.kind,
            board: self.board,
            across: 0,
            start,
            round: 0,
            part: 0,
            parts: 1,
            done: 0,
            records: 0,
        }
    }

    /// Time, peak memory and scratch disk of the whole count, from about `seconds` of its real
    /// work (kept by the 128-bit frontier programme: the count goes on from there), or `None`
    /// when there is nothing to estimate (the count resumes from its checkpoint, or it is a
    /// closed count of a board up to 6 wide, which takes seconds). [`CountError::OverBudget`]
    /// when a method that holds its tables in memory would need more than the budget (the
    /// 64-bit frontier programme goes out of core instead).
    pub fn estimate(&mut self, seconds: f64) -> Result<Option<Estimate>, CountError> {
        if self.resumes()? {
            return Ok(None);
        }
        let estimate = match self.method {
            Method::MeetInTheMiddle => {
                OpenTours::new(self.board, self.start)?.estimate(self.threads, seconds)
            }
            Method::Frontier => {
                let f = self.frontier()?;
                let (layer, estimate) = f.estimate(f.first(), self.threads, seconds)?;
                self.sampled = Some(layer);
                estimate
            }
            // Closed tours of boards up to 6 wide take seconds, less than the estimate would;
            // a board with an odd number of squares has none.
            Method::Frontier64
                if self.board.width().min(self.board.height()) <= 6
                    || (self.kind == Kind::Closed && self.board.len() % 2 == 1) =>
            {
                return Ok(None);
            }
            // Past its budget this count goes out of core: an estimate, never a refusal.
            Method::Frontier64 => {
                return self.count64()?.estimate(seconds).map(Some);
            }
        };
        if estimate.peak_bytes > self.budget {
            return Err(CountError::OverBudget {
                needed: estimate.peak_bytes,
                budget: self.budget,
                seconds: estimate.seconds as u64,
            });
        }
        Ok(Some(estimate))
    }

    /// Runs the count to its end (from the checkpoint when there is one), calling `progress`
    /// as it goes, and returns the number of tours.
    pub fn run(self, progress: &mut dyn FnMut(Progress)) -> Result<u128, CountError> {
        let checkpoint = self.checkpoint.clone();
        let total = match self.method {
            Method::MeetInTheMiddle => self.meet(progress),
            Method::Frontier => self.frontier_rounds(progress),
            Method::Frontier64 => self.frontier64(progress),
        }?;
        if let Some(path) = checkpoint {
            let _ = std::fs::remove_file(path);
        }
        Ok(total)
    }

    /// Tours in 64-bit states, or in 128-bit states where some ways pass 64 bits.
    fn frontier64(self, progress: &mut dyn FnMut(Progress)) -> Result<u128, CountError> {
        if let Some(path) = &self.checkpoint
            && let Some((header, _)) = Header::open(path)?
            && header.method == Method::Frontier
        {
            // A checkpoint of the 128-bit count this one fell back to.
            return self.frontier_rounds(progress);
        }
        let mut count = self.count64()?;
        if let Some(path) = &self.checkpoint {
            count = count.with_checkpoint(path, self.every.as_secs_f64());
        }
        let total = u64::from(count.rounds());
        let outcome = count.run(&mut |r| {
            progress(Progress {
                done: u64::from(r.round) + 1,
                total,
            })
        });
        match outcome {
            Err(CountError::Overflow { bits: 64 }) => {
                if let Some(path) = &self.checkpoint {
                    let _ = std::fs::remove_file(path);
                }
                self.frontier_rounds(progress)
            }
            outcome => outcome,
        }
    }

    /// The 64-bit frontier programme of this count.
    fn count64(&self) -> Result<ClosedCount, CountError> {
        let (board, threads, budget, scratch) =
            (self.board, self.threads, self.budget, &self.scratch);
        match self.kind {
            Kind::Closed => ClosedCount::new(board, threads, budget, scratch),
            Kind::Open => ClosedCount::open_tours(board, self.start, threads, budget, scratch),
        }
    }

    /// The 128-bit frontier programme, round by round.
    fn frontier_rounds(mut self, progress: &mut dyn FnMut(Progress)) -> Result<u128, CountError> {
        let f = self.frontier()?;
        let resumed = match &self.checkpoint {
            Some(path) => f.resume(path)?,
            None => None,
        };
        let mut layer = match (resumed, self.sampled.take()) {
            (Some(layer), _) | (None, Some(layer)) => layer,
            (None, None) => f.first(),
        };
        let total = u64::from(f.rounds());
        let mut saved = Instant::now();
        while layer.round() < f.rounds() {
            progress(Progress {
                done: u64::from(layer.round()),
                total,
            });
            layer = f.step(layer, self.threads)?;
            if let Some(path) = &self.checkpoint
                && saved.elapsed() >= self.every
                && layer.round() < f.rounds()
            {
                f.save(&layer, path)?;
                saved = Instant::now();
            }
        }
        progress(Progress { done: total, total });
        f.total(&layer)
    }

    /// Meet in the middle, unit by unit, with a checkpoint after each.
    fn meet(self, progress: &mut dyn FnMut(Progress)) -> Result<u128, CountError> {
        let plan = OpenTours::new(self.board, self.start)?;
        let mine = self.meet_header(&plan);
        let mut units: Vec<u128> = Vec::new();
        if let Some(path) = &self.checkpoint
            && let Some((header, mut input)) = Header::open(path)?
        {
            if !header.same_count(&mine) || header.records != u64::from(header.round) {
                return Err(CountError::Checkpoint);
            }
            let bytes = read_records(&mut input, header.records, 16)?;
            units = bytes
                .chunks_exact(16)
                .map(|b| u128::from_le_bytes(b.try_into().unwrap_or([0; 16])))
                .collect();
            if units.len() > plan.units() {
                return Err(CountError::Checkpoint);
            }
        }
        let total = plan.units() as u64;
        let mut sum = units
            .iter()
            .try_fold(0u128, |s, &w| s.checked_add(w))
            .ok_or(CountError::Overflow { bits: 64 })?;
        while units.len() < plan.units() {
            progress(Progress {
                done: units.len() as u64,
                total,
            });
            let ways = plan.count_unit(units.len(), self.threads)?;
            sum = sum
                .checked_add(ways)
                .ok_or(CountError::Overflow { bits: 64 })?;
            units.push(ways);
            if let Some(path) = &self.checkpoint
                && units.len() < plan.units()
            {
                let header = Header {
                    round: units.len() as u32,
                    done: sum,
                    records: units.len() as u64,
                    ..mine
                };
                let bytes: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
                save(path, &header, &bytes)?;
            }
        }
        progress(Progress { done: total, total });
        plan.total(sum).map(u128::from)
    }
}
