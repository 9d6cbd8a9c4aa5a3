//! Closed and open tours of boards up to 12 wide by the frontier programme, in compact keys,
//! within a memory budget: the count that reaches the chessboard, and 9 and 10 across.
//!
//! A state of [`Frontier`] is 17 four-bit slots on a board 8 wide, but once a square is
//! placed the oldest slot holds no information of its own: its square has no later neighbour
//! but the next square, so it is either finished or a path end whose partner is the one label
//! that appears once in the other 16 slots. A key is those 16 slots, 64 bits; the oldest
//! slot is worked out again when the state is expanded. Past 8 across the 2w slots of a key
//! take a `u128` ([`word::Word`]): the sweep, its tables and its layer files are generic over
//! the word, so boards up to 8 across keep their 64-bit keys.
//!
//! Ways are `u64`, added modulo a prime just below 2^64: exact while no sum is reduced, else
//! the count's residue, and the count runs again modulo other primes until the residues'
//! join by the Chinese remainder theorem gives the count (the `residue` module): a count of
//! any size, in `ceil(bits / 64) + 1` runs past 64 bits.
//!
//! A round expands the old layer's states into the next layer's shards: open-addressing
//! tables with linear probing, one for each part of the key hash's range, each growing on its
//! own, filled a batch at a time (every slot of a batch touched first, so that the memory
//! accesses overlap). Old shards are freed as they are expanded; finished shards are compacted
//! in place into flat records. When the next layer would not fit the budget beside the old one,
//! the old layer is written to a file in the scratch folder and read back once per pass, each
//! pass building the shards of one range of the hash (out of core); the finished shards of each
//! pass go to the next layer's file. A layer's file is also its checkpoint.

pub(crate) mod estimate;
pub(crate) mod expand;
pub(crate) mod file;
mod job;
pub(crate) mod key;
mod mark;
pub(crate) mod order;
pub(crate) mod path;
pub(crate) mod residue;
pub(crate) mod shard;
mod share;
pub(crate) mod sieve;
pub(crate) mod store;
pub(crate) mod word;

pub(crate) use self::job::SweepCount;
pub use self::share::{Inbox, Share};

use self::expand::{Pass, Places};
use self::file::{LayerFile, Source};
use self::mark::PassMark;
use self::shard::{Block, MAX_LOAD, Shard, compact, filled};
use self::sieve::Sieve;
use self::store::load;
use super::checkpoint::{Header, unfinished};
use super::error::CountError;
use super::frontier::Frontier;
use super::method::{Kind, Method};
use super::report::Round;
use super::workers;
use knightbits_board::{Board, Coord};
use std::fs;
use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Instant;
use std::vec::Vec;
use word::Word;

/// A state of a 64-bit key and its ways, as a layer holds it (the split's layers).
pub(crate) type Record = [u64; 2];

/// The most states of a layer in memory that a stop in the middle of a round writes to the
/// checkpoint (512 MB of records: about a second).
const STOP_WRITE_STATES: u64 = 1 << 25;

/// Where a layer is: in memory as flat records, or in a file of the scratch folder.
pub(crate) enum Store<K: Word = u64> {
    Memory(Vec<Block<K::Record>>),
    File(PathBuf),
}

/// A layer between rounds: the square it comes before, the ways of the tours already closed,
/// its number of states and where they are.
pub(crate) struct Layer<K: Word = u64> {
    pub(crate) round: u32,
    pub(crate) done: u128,
    pub(crate) states: u64,
    /// Its ways (and `done`): exact (0), or residues modulo prime `modulus - 1`.
    pub(crate) modulus: u8,
    pub(crate) store: Store<K>,
}

impl<K: Word> Layer<K> {
    /// [`CountError::Overflow`] unless its ways are exact (the split joins exact ways only).
    pub(crate) fn exact(&self) -> Result<(), CountError> {
        match self.modulus {
            0 => Ok(()),
            _ => Err(CountError::Overflow { bits: 64 }),
        }
    }
}

/// What a run of the sweep found: the number of tours, or its residue modulo the run's prime.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ways {
    Exact(u128),
    Residue(u64),
}

/// A count of the closed tours of a board up to [`Word::MAX_WIDTH`] wide (keys of `K`), run
/// round by round within a memory budget, out of core past it, resumable from its checkpoint.
#[derive(Debug)]
pub(crate) struct Sweep<K: Word = u64> {
    /// [`Method::Sweep`], or [`Method::Split`] (which sweeps the top half only).
    pub(crate) method: Method,
    pub(crate) frontier: Frontier,
    pub(crate) places: Places<K>,
    /// Open tours from one square: the square.
    pub(crate) start: Option<Coord>,
    pub(crate) threads: usize,
    pub(crate) budget: u64,
    pub(crate) scratch: PathBuf,
    pub(crate) checkpoint: Option<PathBuf>,
    pub(crate) checkpoint_every: f64,
    /// The index of the prime its ways are added modulo (`residue::prime`): 0 keeps them
    /// exact until a sum passes it.
    pub(crate) prime: u8,
    /// That prime.
    pub(crate) modulus: u64,
    /// (Tests.) The count dies as if killed once a round out of core has marked this many
    /// passes done (`mark`).
    #[cfg(test)]
    pub(crate) killed_after_passes: Option<u32>,
}

impl<K: Word> Sweep<K> {
    /// The count of `board`'s closed tours on `threads` threads, holding at most about
    /// `budget` bytes of layers in memory and putting the rest in `scratch` (a folder). The
    /// shorter side must be at most [`Word::MAX_WIDTH`].
    pub(crate) fn new(
        board: Board,
        threads: usize,
        budget: u64,
        scratch: &Path,
    ) -> Result<Sweep<K>, CountError> {
        let w = board.width().min(board.height());
        Self::fits(w)?;
        let frontier = Frontier::new(board, Kind::Closed)?;
        Ok(Sweep::sweeping(frontier, None, threads, budget, scratch))
    }

    /// A sweep of `w` squares across is within [`Word::MAX_WIDTH`].
    fn fits(w: u32) -> Result<(), CountError> {
        if w > K::MAX_WIDTH {
            return Err(CountError::TooWide {
                limit: K::MAX_WIDTH,
            });
        }
        Ok(())
    }

    /// The count that runs `frontier`'s sweep, no checkpoint yet.
    fn sweeping(
        frontier: Frontier,
        start: Option<Coord>,
        threads: usize,
        budget: u64,
        scratch: &Path,
    ) -> Sweep<K> {
        Sweep {
            method: Method::Sweep,
            places: Places::of(&frontier),
            frontier,
            start,
            threads: threads.max(1),
            budget,
            scratch: scratch.to_path_buf(),
            checkpoint: None,
            checkpoint_every: 30.0,
            prime: 0,
            modulus: residue::prime(0),
            #[cfg(test)]
            killed_after_passes: None,
        }
    }

    /// Adds its ways modulo prime `i` (from the first layer on, when `i > 0`).
    pub(crate) fn modulo(&mut self, i: u8) {
        self.prime = i;
        self.modulus = residue::prime(u32::from(i));
    }

    /// The modulus of this run's first layer: exact for prime 0.
    fn first_modulus(&self) -> u8 {
        match self.prime {
            0 => 0,
            i => i + 1,
        }
    }

    /// Does this run go on from a layer of ways of `modulus` (a header's)?
    pub(crate) fn takes(&self, modulus: u8) -> bool {
        match self.prime {
            0 => modulus <= 1,
            i => modulus == i + 1,
        }
    }

    /// The same count of the directed open tours of `board` (Hamiltonian paths of the knight
    /// graph, each counted in both directions), starting on `start` when given: the keys then
    /// also carry the loose ends of the paths (the `path` module's keys). The shorter side must
    /// be at most [`Word::MAX_WIDTH`].
    pub(crate) fn open_tours(
        board: Board,
        start: Option<Coord>,
        threads: usize,
        budget: u64,
        scratch: &Path,
    ) -> Result<Sweep<K>, CountError> {
        let w = board.width().min(board.height());
        Self::fits(w)?;
        if start.is_some_and(|c| !board.contains(c)) {
            return Err(CountError::StartOffBoard);
        }
        let frontier = Frontier::across(board, Kind::Open, w, start)?;
        Ok(Sweep::sweeping(frontier, start, threads, budget, scratch))
    }

    /// Closed or open tours.
    pub(crate) fn kind(&self) -> Kind {
        self.frontier.kind()
    }

    /// Sweeps the board with `w` squares across, `w` one of its sides (the shorter by
    /// default): the knight graphs of `w x h` and `h x w` are the same, so the count is too, but
    /// the first ranks of `8 x h` swept across 8 are those of the chessboard.
    pub(crate) fn across(mut self, w: u32) -> Result<Sweep<K>, CountError> {
        let board = self.frontier.board();
        if w != board.width() && w != board.height() {
            return Err(CountError::NotASide { side: w });
        }
        Self::fits(w)?;
        let start = self.start;
        self.frontier = Frontier::across(board, self.frontier.kind(), w, start)?;
        self.places = Places::of(&self.frontier);
        Ok(self)
    }

    /// Writes the layer to `path` at least every `seconds` (and after each round out of
    /// core), and starts from the layer found there, if any.
    pub(crate) fn with_checkpoint(mut self, path: &Path, seconds: f64) -> Sweep<K> {
        self.checkpoint = Some(path.to_path_buf());
        self.checkpoint_every = seconds;
        self
    }

    /// The number of rounds: one per square.
    pub(crate) fn rounds(&self) -> u32 {
        self.frontier.rounds()
    }

    /// The board counted.
    pub(crate) fn board(&self) -> Board {
        self.frontier.board()
    }

    /// The squares across the sweep: the side laid across.
    pub(crate) fn width(&self) -> u32 {
        self.frontier.across_width()
    }

    /// Runs every round (from the checkpoint when there is one), calling `progress` after
    /// each, and returns the number of closed tours ([`CountError::Overflow`] when the ways
    /// passed the first prime: the tests' counts are exact).
    #[cfg(test)]
    pub(crate) fn run(&self, progress: &mut dyn FnMut(Round)) -> Result<u128, CountError> {
        let go_on = &AtomicBool::new(false);
        let ways = self.run_until(
            &mut |r| {
                progress(r);
                ControlFlow::Continue(())
            },
            go_on,
        )?;
        match ways {
            Ways::Exact(n) => Ok(n),
            Ways::Residue(_) => Err(CountError::Overflow { bits: 64 }),
        }
    }

    /// [`Sweep::run`], stopping when `progress` says so (the layer goes to the
    /// checkpoint, if any) or as soon as `stop` is set during a round (the round is abandoned:
    /// the layer before it goes to the checkpoint, see [`Sweep::keep`]), returning
    /// [`CountError::Stopped`].
    pub(crate) fn run_until(
        &self,
        progress: &mut dyn FnMut(Round) -> ControlFlow<()>,
        stop: &AtomicBool,
    ) -> Result<Ways, CountError> {
        let layer = self.resume_or_first()?;
        let layer = self.sweep_to(layer, self.rounds(), &mut Vec::new(), progress, stop)?;
        if let Store::File(path) = &layer.store {
            let _ = fs::remove_file(path);
        }
        if let Some(path) = &self.checkpoint {
            let _ = fs::remove_file(path);
            PassMark::remove(path);
            // A round's masks left by a kill, when the round resumed ran in memory.
            Sieve::remove(path);
        }
        Ok(self.total(layer.done, layer.modulus))
    }

    /// The layer of the checkpoint, or the first one.
    pub(crate) fn resume_or_first(&self) -> Result<Layer<K>, CountError> {
        Ok(match self.resume()? {
            Some(layer) => layer,
            None => self.first(),
        })
    }

    /// The rounds from `layer`'s to the layer before round `last`, as [`Sweep::run_until`]
    /// runs them (`sizes`: the states after each, to foresee the next), the checkpoint written
    /// at least every `checkpoint_every` seconds but before the board's last round.
    pub(crate) fn sweep_to(
        &self,
        mut layer: Layer<K>,
        last: u32,
        sizes: &mut Vec<u64>,
        progress: &mut dyn FnMut(Round) -> ControlFlow<()>,
        stop: &AtomicBool,
    ) -> Result<Layer<K>, CountError> {
        let mut saved = Instant::now();
        // Seconds the last checkpoint took to write: unless asked for after every square, the
        // next waits ten times as long at least, so that writing layers of gigabytes takes at
        // most about a tenth of the count.
        let mut write_seconds = 0.0f64;
        while layer.round < last {
            let started = Instant::now();
            let round = layer.round;
            let (next, mut figures) = match self.step_until(layer, sizes, stop) {
                Err(CountError::Stopped { .. }) => return Err(self.abandon(round)),
                stepped => stepped?,
            };
            layer = next;
            sizes.push(layer.states);
            let out_of_core = matches!(layer.store, Store::File(_));
            if let Some(path) = &self.checkpoint
                && !out_of_core
                && (self.checkpoint_every == 0.0
                    || saved.elapsed().as_secs_f64()
                        >= self.checkpoint_every.max(10.0 * write_seconds))
                && layer.round < self.frontier.rounds()
            {
                let writing = Instant::now();
                self.write_layer(&mut layer, path).map_err(io_error)?;
                write_seconds = writing.elapsed().as_secs_f64();
                saved = Instant::now();
            }
            // A round resumed after passes done already holds their seconds.
            figures.seconds += started.elapsed().as_secs_f64();
            if progress(figures).is_break() {
                return Err(self.stop(layer));
            }
        }
        Ok(layer)
    }

    /// Stops the count before `layer`'s round: its layer goes to the checkpoint (out of core it
    /// is there already), or is dropped with its file when there is none.
    fn stop(&self, mut layer: Layer<K>) -> CountError {
        let (done, total) = (u64::from(layer.round), u64::from(self.rounds()));
        let checkpoint = self.checkpoint.as_deref();
        match (&layer.store, checkpoint) {
            (Store::Memory(_), Some(path)) => {
                if let Err(e) = self.write_layer(&mut layer, path) {
                    return io_error(e);
                }
            }
            (Store::File(file), None) => {
                let _ = fs::remove_file(file);
            }
            _ => {}
        }
        super::counter::stopped(self.method, done, total, checkpoint)
    }

    /// Abandons round `round` after a stop: its unfinished next layer's file goes (but the
    /// passes a pass mark holds, which the same count resumes after), and so does the old
    /// layer's out of core when there is no checkpoint; the error says what the checkpoint
    /// holds (the rounds done when there is none).
    fn abandon(&self, round: u32) -> CountError {
        let marked = self
            .checkpoint
            .as_deref()
            .and_then(PassMark::read)
            .is_some_and(|m| m.round == round);
        if !marked {
            let _ = fs::remove_file(unfinished(&self.layer_path(round + 1)));
        }
        let total = u64::from(self.rounds());
        let checkpoint = self.checkpoint.as_deref();
        let done = match checkpoint {
            Some(path) => match Header::open(path) {
                Ok(Some((h, _))) => u64::from(h.round),
                _ => 0,
            },
            None => {
                let _ = fs::remove_file(self.layer_path(round));
                u64::from(round)
            }
        };
        super::counter::stopped(self.method, done, total, checkpoint)
    }

    /// The number of tours from the ways of the last layer (of `modulus`): open tours from
    /// every start are the paths counted in both directions.
    fn total(&self, done: u128, modulus: u8) -> Ways {
        let open = self.kind() == Kind::Open && self.start.is_none();
        let factor = if open && self.frontier.board().len() > 1 {
            2
        } else {
            1
        };
        let p = u128::from(self.modulus);
        match done.checked_mul(factor) {
            Some(n) if modulus == 0 => Ways::Exact(n),
            _ => Ways::Residue((done % p * factor % p) as u64),
        }
    }

    /// The layer before the first round.
    fn first(&self) -> Layer<K> {
        let first = self.frontier.first();
        let records: Vec<K::Record> = first
            .states()
            .map(|(s, w)| K::record(Places::<K>::key_of(s.0), w as u64))
            .collect();
        Layer {
            round: first.round(),
            done: first.done(),
            states: records.len() as u64,
            modulus: self.first_modulus(),
            store: Store::Memory(std::vec![Block::of(&records)]),
        }
    }

    /// The next layer's number of states, from the growth at the same file one rank back (or
    /// over the last round), with a tenth more.
    fn predict(&self, states: u64, sizes: &[u64]) -> u64 {
        // A rank of the sweep: the side across, which `across` may make the longer one.
        let w = self.frontier.across_width() as usize;
        let n = sizes.len();
        let ratio = |a: usize, b: usize| match (sizes.get(a), sizes.get(b)) {
            (Some(&x), Some(&y)) if x > 0 => Some(y as f64 / x as f64),
            _ => None,
        };
        let growth = n
            .checked_sub(w + 1)
            .and_then(|a| ratio(a, a + 1))
            .or_else(|| n.checked_sub(2).and_then(|a| ratio(a, a + 1)))
            .unwrap_or(2.0);
        (states as f64 * growth.clamp(0.25, 8.0) * 1.1) as u64 + 64
    }

    /// One round: the next layer and the round's figures (its seconds those of the passes done
    /// before it was resumed, if it was).
    fn step(&self, old: Layer<K>, sizes: &[u64]) -> Result<(Layer<K>, Round), CountError> {
        self.step_until(old, sizes, &AtomicBool::new(false))
    }

    /// [`Sweep::step`], its workers leaving the round with [`CountError::Stopped`] (no
    /// figures in it) once `stop` is set.
    fn step_until(
        &self,
        old: Layer<K>,
        sizes: &[u64],
        stop: &AtomicBool,
    ) -> Result<(Layer<K>, Round), CountError> {
        let began = Instant::now();
        let round = old.round;
        let predicted = self.predict(old.states, sizes);
        let table_bytes = predicted.saturating_mul(table_bytes_of::<K>());
        // Two thirds of what the buffers leave, as shards that outgrow the prediction grow by
        // half.
        let room = self.budget.saturating_sub(BUFFERS) / 3 * 2;
        let fits = |old: &Layer<K>| {
            old.states
                .saturating_mul(K::RECORD_BYTES)
                .saturating_add(table_bytes)
                <= room
        };
        let mut old = old;
        match old.store {
            Store::Memory(_) if !fits(&old) && old.states > 4096 => old = self.spill(old)?,
            Store::File(ref path) if fits(&old) => {
                let path = path.clone();
                old = load(old)?;
                if Some(&path) != self.checkpoint.as_ref() {
                    let _ = fs::remove_file(path);
                }
            }
            _ => {}
        }
        let old_path = match &old.store {
            Store::File(path) => Some(path.clone()),
            Store::Memory(_) => None,
        };
        let (passes, source) = match old.store {
            Store::Memory(shards) => (1, Source::memory(shards)),
            Store::File(path) => {
                let passes = table_bytes.div_ceil(room.max(1)).clamp(1, 4096) as usize;
                (passes, Source::file(path)?)
            }
        };
        let from_disk = matches!(source, Source::File { .. });
        let threads = if old.states >= 4096 { self.threads } else { 1 };
        let p = self.modulus;
        // Out of core beside a checkpoint, the next layer's file is the checkpoint's unfinished
        // one and each pass is marked done (`mark`): a mark of this round whose unfinished file
        // still holds the passes marked resumes it after its last pass, the parts left
        // regrouped into the passes this budget allows.
        let marks = self.checkpoint.as_deref().filter(|_| from_disk);
        let held = fs::metadata(unfinished(&self.layer_path(round + 1))).map_or(0, |m| m.len());
        let resumed = marks.and_then(PassMark::read).filter(|m| {
            m.round == round && m.old_states == old.states && m.prime == p && held >= m.bytes
        });
        let predicted = resumed.map_or(predicted, |m| m.predicted);
        let parts = match resumed {
            Some(m) => m.parts as usize,
            None => (predicted / SHARD_STATES)
                .max(passes as u64)
                .next_power_of_two()
                .clamp(FEWEST_PARTS as u64, MOST_PARTS as u64) as usize,
        };
        // The passes: ranges of the parts left, from `first_part`, the first `first_pass`
        // of the round's passes done before.
        let (first_pass, first_part) =
            resumed.map_or((0, 0), |m| (m.done_passes as usize, m.done_parts as usize));
        let seconds_before = resumed.map_or(0.0, |m| m.seconds);
        let left_parts = parts - first_part;
        let passes = match resumed {
            Some(_) => {
                let left = predicted.saturating_mul(left_parts as u64) / parts as u64;
                (left
                    .saturating_mul(table_bytes_of::<K>())
                    .div_ceil(room.max(1)) as usize)
                    .clamp(1, left_parts)
            }
            None => passes,
        };
        let per_shard = (predicted as usize / parts).max(16);
        let mut done = old.done;
        let mut modulus = old.modulus;
        let mut peak = 0u64;
        let mut states = 0u64;
        let mut ways = 0u128;
        let mut keys = 0u64;
        let mut memory: Vec<Block<K::Record>> = Vec::new();
        if let Some(m) = resumed {
            (done, modulus, states, ways, keys, peak) =
                (m.done, m.modulus, m.states, m.ways, m.keys, m.peak);
        }
        if let Some(path) = &old_path {
            let left = predicted / parts as u64 * left_parts as u64;
            self.room_on_disk(left, Some(path))?;
        }
        // Several passes over a layer file: the first writes each state's passes, the others
        // expand only the states with keys in theirs (`sieve.rs`), when the disk has room.
        let sieve = match (from_disk, &old_path) {
            (true, Some(path)) => Sieve::for_round(
                &self.layer_path(round + 1),
                path.parent().unwrap_or(&self.scratch),
                old.states,
                predicted.saturating_mul(file_bytes_of::<K>()),
                (parts, first_part, passes),
            )?,
            _ => None,
        };
        let expanded = AtomicU64::new(0);
        let next_path = self.layer_path(round + 1);
        let mut writer = match (from_disk, resumed) {
            (true, Some(m)) => Some(LayerFile::resume(next_path, m.bytes).map_err(io_error)?),
            (true, None) => Some(LayerFile::create(next_path).map_err(io_error)?),
            (false, _) => None,
        };
        for pass in 0..passes {
            let range = first_part + left_parts * pass / passes
                ..first_part + left_parts * (pass + 1) / passes;
            let shards: Vec<Mutex<Shard<K>>> = range
                .clone()
                .map(|_| Mutex::new(Shard::with_capacity(per_shard, p)))
                .collect();
            source.rewind()?;
            let bits = parts.trailing_zeros();
            let first = range.start;
            let pass_of = Pass {
                source: &source,
                shards: &shards,
                first,
                bits,
                stop,
                modulus: p,
                sieve: sieve.as_ref().map(|s| s.sift(pass)),
                expanded: &expanded,
            };
            let outcomes = self.places.run(round, threads, pass_of)?;
            for outcome in outcomes {
                let closed = match outcome {
                    Err(stopped @ CountError::Stopped { .. }) => {
                        drop(shards);
                        self.keep(round, old.done, old.states, old.modulus, source);
                        return Err(stopped);
                    }
                    outcome => outcome?,
                };
                // Tours close while expanding: count them in the round's first pass only.
                if first_pass + pass == 0 {
                    (done, modulus) = add_done(done, closed, modulus, p);
                }
            }
            let (shards, reduced) = filled(shards);
            keys += shards.iter().map(|s| s.made).sum::<u64>();
            if reduced && modulus == 0 {
                (done, modulus) = (done % u128::from(p), 1);
            }
            peak = peak.max(shards.iter().map(Shard::bytes).sum());
            match &mut writer {
                // Each shard compacted in place and put in frames, a shard a thread.
                Some(w) => {
                    let mut shards = shards;
                    let pieces: Vec<&mut [K::Record]> =
                        shards.iter_mut().map(Shard::compacted).collect();
                    for r in pieces.iter().flat_map(|p| p.iter()) {
                        states += 1;
                        ways += u128::from(K::ways(r));
                    }
                    w.write::<K>(pieces, threads).map_err(io_error)?;
                    if let Some(checkpoint) = marks
                        && pass + 1 < passes
                    {
                        let mark = PassMark {
                            round,
                            old_states: old.states,
                            prime: p,
                            passes: (first_pass + passes) as u32,
                            parts: parts as u32,
                            predicted,
                            done_passes: (first_pass + pass) as u32 + 1,
                            done_parts: range.end as u32,
                            seconds: seconds_before + began.elapsed().as_secs_f64(),
                            bytes: w.flush().map_err(io_error)?,
                            done,
                            modulus,
                            states,
                            ways,
                            keys,
                            peak,
                        };
                        mark.write(checkpoint).map_err(|e| {
                            io_error(super::error::located(&PassMark::path(checkpoint), e))
                        })?;
                        #[cfg(test)]
                        if self.killed_after_passes == Some(mark.done_passes) {
                            return Err(super::counter::stopped(self.method, 0, 0, None));
                        }
                    }
                }
                None => {
                    memory = compact(shards, threads);
                    for r in memory.iter().flat_map(Block::get) {
                        states += 1;
                        ways += u128::from(K::ways(r));
                    }
                }
            }
        }
        drop(source);
        if let Some(path) = old_path
            && Some(&path) != self.checkpoint.as_ref()
        {
            let _ = fs::remove_file(path);
        }
        let store = match writer {
            Some(w) => {
                let header = Header {
                    modulus,
                    ..self.header(round + 1, done, states)
                };
                let path = self.layer_path(round + 1);
                w.finish(&header, &path).map_err(io_error)?;
                if let Some(checkpoint) = marks {
                    PassMark::remove(checkpoint);
                }
                Store::File(path)
            }
            None => Store::Memory(memory),
        };
        let next = Layer {
            round: round + 1,
            done,
            states,
            modulus,
            store,
        };
        let figures = Round {
            round,
            states,
            ways,
            keys,
            passes: (first_pass + passes) as u32,
            resumed_passes: first_pass as u32,
            from_disk,
            expanded: expanded.into_inner(),
            bytes_per_state: peak as f64 / states.max(1) as f64,
            // The passes done before a resume; the caller adds its own.
            seconds: seconds_before,
        };
        Ok((next, figures))
    }
}

/// `done` (of `modulus`) with a worker's tours closed (`closed`, and whether it was reduced
/// modulo `p` on the way): exact while both are, else modulo `p`.
fn add_done(done: u128, closed: (u128, bool), modulus: u8, p: u64) -> (u128, u8) {
    let p = u128::from(p);
    match done.checked_add(closed.0) {
        Some(sum) if modulus == 0 && !closed.1 => (sum, 0),
        _ => ((done % p + closed.0 % p) % p, modulus.max(1)),
    }
}

/// Bytes of the next layer's tables a state, as estimated before a round: a record a slot at
/// the load limit (16 bytes for 64-bit keys, 24 for 128-bit ones), a quarter more for shards
/// that have just grown.
pub(crate) fn table_bytes_of<K: Word>() -> u64 {
    K::RECORD_BYTES * 256 / MAX_LOAD as u64 * 5 / 4
}

/// Bytes of a round's buffers besides its tables: each worker's frame of the old layer (read
/// and decoded) and its batches, the layer file's writer and each writing thread's frame, and
/// room for two shards being compacted.
const BUFFERS: u64 = 3 << 19;

/// Bytes a state of a layer file, foreseen before one is measured: 8 x 6 open's round 28
/// took 6.0 (5.0 of key differences, 1.0 of ways); closed tours' ways are longer.
pub(crate) const FILE_BYTES: u64 = 8;

/// [`FILE_BYTES`] for keys of `K`: 128-bit keys' differences are foreseen 4 bytes longer (keys
/// of boards 9 and 10 across have 8 to 16 bits more than the chessboard's; a guess, until
/// layers of such boards go out of core).
pub(crate) fn file_bytes_of<K: Word>() -> u64 {
    FILE_BYTES + (K::RECORD_BYTES - 16) / 2
}

/// States a shard of the next layer is meant to hold.
const SHARD_STATES: u64 = 1 << 20;

/// The most parts a round cuts the key hash's range into (a shard each), and the fewest: a
/// power of two between them.
pub(crate) const MOST_PARTS: usize = 1 << 14;
pub(crate) const FEWEST_PARTS: usize = 16;

/// The error of an `io::Error` naming its file (`error::located`).
pub(crate) fn io_error(e: io::Error) -> CountError {
    CountError::from_io(&e)
}

#[cfg(test)]
pub(crate) mod tests;
