//! Open tours by the split at the middle cut (McKay's split of the board, which Chernov used for
//! the chessboard's open tours): a board with an even number of rows is cut between its two
//! middle rows, and each open tour is its part above the cut joined to its part below.
//!
//! Sweeping the rows above the cut gives a layer `A`: for the last two rows above it, the
//! edges each square still needs and which path ends pair up (and which lead to an end of the
//! tour). Turned half round, the board maps the rows above the cut onto those below, so `A`
//! turned half round is the layer of the rows below, swept from the far side: the bottom half
//! costs nothing. The top half then goes on over the first row past the cut, each of its
//! squares placed inside the tour with its edges back across the cut
//! ([`PathPlace::crossing`](crate::sweep::path::PathPlace::crossing)): its layer `T` tells how many
//! edges those squares have from above, what the row before the cut still needs, and which
//! path ends pair up. The edges left, between the row before the cut and the second row past
//! it (two rows on, one file aside), form two paths through those rows' squares, so how many
//! edges each square takes tells which. A tour is a state of `T`, a set of those edges and a
//! state of `A` turned whose squares get exactly the edges they need, and whose paths join into
//! one path: one cycle through a node outside the board that neighbours both ends of the tour
//! (`join.rs`).
//!
//! The ends of the tour are placed by the halves' sweeps (the squares of the first row past the
//! cut by the bottom half's): one in each half, or both in the top half, where tours count twice
//! for those with both ends below ([`Order::halves`](crate::sweep::order::Order::halves)). The layers
//! keep one key of each state and its image turned over left to right; the bottom half is
//! joined with both images, which counts every tour twice: once each way round.
//!
//! The layer at the cut is kept in a file (`PATH.bottom` beside a checkpoint `PATH`) and read
//! again once the top half is done; the top half's rounds are checkpointed as the sweep's, its
//! last layer always; the join keeps the passes it has done and their sum in `PATH.join`.

mod estimate;
mod join;
mod share;

pub(crate) use self::join::Joined;
pub use self::share::{BottomHalf, Gathering};

use self::join::{Bottom, PAIRING_BYTES};
use crate::checkpoint::{self, Header, with_suffix};
use crate::counter::{Counter, Hook, stopped};
use crate::error::CountError;
use crate::method::{Kind, Method};
use crate::report::{Estimate, Plan, Progress, Round};
use crate::sweep::expand::Places;
use crate::sweep::word::Word;
use crate::sweep::{Layer, Store, Sweep, io_error};
use crate::tours::Tours;
use std::fs;
use std::io;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::vec::Vec;

/// A count of the directed open tours of a board by the split at the middle cut.
pub(crate) struct SplitCount {
    count: Sweep,
    /// Rows above the cut.
    cut: u32,
    /// The layer at the cut, kept for the bottom half.
    kept: PathBuf,
    /// The join's passes, once known.
    passes: u64,
}

impl SplitCount {
    /// `count` (open tours from every start, its sweep and checkpoint set) by the split:
    /// [`CountError::EveryStart`] from one start, [`CountError::NoMiddleCut`] unless the sweep
    /// has an even number of rows, at least four.
    pub(crate) fn new(count: Sweep) -> Result<SplitCount, CountError> {
        let (count, cut) = halves(count)?;
        let w = count.width();
        // The layer at the cut is kept beside the checkpoint, or (counts of one process in the
        // same scratch folder each keeping their own) numbered in the scratch folder.
        let kept = match &count.checkpoint {
            Some(path) => with_suffix(path, ".bottom"),
            None => {
                static KEPT: AtomicU64 = AtomicU64::new(0);
                let n = KEPT.fetch_add(1, Ordering::Relaxed);
                with_suffix(&count.layer_path(cut * w), &format!(".bottom{n}"))
            }
        };
        Ok(SplitCount {
            count,
            cut,
            kept,
            passes: 1,
        })
    }

    /// The rounds of the top half: the rows above the cut and the first past it.
    fn top_rounds(&self) -> u32 {
        (self.cut + 1) * self.count.width()
    }

    /// Where the join keeps its passes done, beside the checkpoint.
    fn join_path(&self) -> Option<PathBuf> {
        self.count
            .checkpoint
            .as_ref()
            .map(|p| with_suffix(p, ".join"))
    }

    /// The count: the top half's rounds, reporting each to `progress` (which may stop it),
    /// then the join, reporting to `joining` once each pass's sums are made and once it is
    /// done; stopped within about a second of `stop` being set (a pass of the join abandoned).
    /// The files it made are removed at the end, and after an error when there is no
    /// checkpoint.
    pub(crate) fn run_split(
        &mut self,
        progress: &mut dyn FnMut(Round) -> ControlFlow<()>,
        joining: &mut dyn FnMut(&Joined) -> ControlFlow<()>,
        stop: &AtomicBool,
    ) -> Result<(u128, Joined), CountError> {
        let mut files = std::vec![self.kept.clone()];
        files.extend(self.join_path());
        let outcome = self.split(&mut files, progress, joining, stop);
        // The checkpoint and the files beside it stay for the count to resume after an error.
        if outcome.is_ok() || self.count.checkpoint.is_none() {
            for path in files.iter().chain(&self.count.checkpoint) {
                let _ = fs::remove_file(path);
            }
            // A round's masks left by a kill beside the checkpoint.
            if let Some(path) = &self.count.checkpoint {
                crate::sweep::sieve::Sieve::remove(path);
            }
        }
        outcome
    }

    /// [`SplitCount::run_split`], adding to `files` the files it makes.
    fn split(
        &mut self,
        files: &mut Vec<PathBuf>,
        progress: &mut dyn FnMut(Round) -> ControlFlow<()>,
        joining: &mut dyn FnMut(&Joined) -> ControlFlow<()>,
        stop: &AtomicBool,
    ) -> Result<(u128, Joined), CountError> {
        let count = &self.count;
        let (w, cut, top) = (count.width(), self.cut, self.top_rounds());
        let mut layer = count.resume_or_first()?;
        if layer.round > cut * w && !self.kept.exists() {
            let missing = io::Error::from(io::ErrorKind::NotFound);
            return Err(CountError::io(&self.kept, &missing));
        }
        // The sweep's stops say how far the top half came, of the split's units.
        let units = top + self.passes as u32;
        let as_split = |e| match e {
            CountError::Stopped {
                done, checkpoint, ..
            } => CountError::Stopped {
                done,
                total: u64::from(units),
                unit: Method::Split.unit(),
                checkpoint,
            },
            e => e,
        };
        let mut sizes = Vec::new();
        layer = count
            .sweep_to(layer, cut * w, &mut sizes, progress, stop)
            .map_err(as_split)?;
        layer.exact()?;
        if layer.round == cut * w {
            match &layer.store {
                Store::File(path) => {
                    let _ = fs::remove_file(&self.kept);
                    fs::hard_link(path, &self.kept)
                        .or_else(|_| fs::copy(path, &self.kept).map(|_| ()))
                        .map_err(|e| CountError::io(&self.kept, &e))?;
                }
                Store::Memory(_) => count
                    .write_layer(&mut layer, &self.kept)
                    .map_err(io_error)?,
            }
        }
        layer = count
            .sweep_to(layer, top, &mut sizes, progress, stop)
            .map_err(as_split)?;
        layer.exact()?;
        if let Store::File(path) = &layer.store {
            files.push(path.clone());
        }
        // The join may take hours: its layer is the checkpoint (out of core it is there
        // already).
        if let (Some(path), Store::Memory(_)) = (&count.checkpoint, &layer.store) {
            count.write_layer(&mut layer, path).map_err(io_error)?;
        }
        let at_cut = Layer {
            round: cut * w,
            done: 0,
            states: 0,
            modulus: 0,
            store: Store::File(self.kept.clone()),
        };
        let resumed = self.resumed_join()?;
        let below = match Bottom::of(&at_cut, w, count.places.top(), count.threads, stop) {
            Err(CountError::Stopped { .. }) => {
                let done = resumed.map_or(0, |(done, ..)| done);
                let passes = resumed.map_or(self.passes, |(_, passes, _)| passes);
                let checkpoint = count.checkpoint.as_deref();
                let at = u64::from(top);
                return Err(stopped(Method::Split, at + done, at + passes, checkpoint));
            }
            below => below?,
        };
        // Passes enough for the top half's sums to fit the budget beside the bottom half (and
        // the layer, in memory), unless the join resumes with its own.
        let held = match layer.store {
            Store::Memory(_) => layer.states * 16,
            Store::File(_) => 0,
        };
        let passes = match resumed {
            Some((_, passes, _)) => passes,
            None => join_passes(layer.states, count.budget, below.bytes(), held),
        };
        self.passes = passes;
        let (done, total) = resumed.map_or((0, 0), |(done, _, total)| (done, total));
        let join_path = self.join_path();
        let header = |done, total| Header {
            part: done as u32,
            parts: passes as u32,
            done: total,
            records: 0,
            framed: false,
            ..self.count.header(top, 0, 0)
        };
        let checkpoint = self.count.checkpoint.as_deref();
        let stopped_at = |done: u64| {
            stopped(
                Method::Split,
                u64::from(top) + done,
                u64::from(top) + passes,
                checkpoint,
            )
        };
        let mut joined_pass = |j: &Joined, total: Option<u128>| {
            // A pass done: kept, so that a stopped join starts again from the next.
            if let (Some(path), Some(total)) = (&join_path, total)
                && j.done < passes
            {
                checkpoint::save(path, &header(j.done, total), &[])?;
            }
            if joining(j).is_break() {
                return Err(stopped_at(j.done));
            }
            Ok(())
        };
        let joined = below.join(
            layer,
            count.threads,
            passes,
            (done, total),
            stop,
            &mut joined_pass,
        );
        match joined {
            // The join's own stop says the passes done.
            Err(CountError::Stopped { done, unit: "", .. }) => Err(stopped_at(done)),
            joined => joined,
        }
    }

    /// The passes done, in all and the sum of tours of a join stopped before, from
    /// `PATH.join`.
    fn resumed_join(&self) -> Result<Option<(u64, u64, u128)>, CountError> {
        let Some(path) = self.join_path() else {
            return Ok(None);
        };
        let Some((h, _)) = Header::open(&path)? else {
            return Ok(None);
        };
        if !h.same_count(&self.count.header(0, 0, 0)) || h.round != self.top_rounds() {
            return Err(CountError::Checkpoint);
        }
        Ok(Some((u64::from(h.part), u64::from(h.parts), h.done)))
    }
}

/// `count` (open tours from every start) made the sweep of the split's top half, and the rows
/// above its cut: [`CountError::EveryStart`] from one start, [`CountError::NoMiddleCut`] unless
/// the sweep has an even number of rows, at least four. One process's count and the shares of
/// a count across workers ([`Share`](crate::Share)) sweep the top half so.
pub(crate) fn halves<K: Word>(mut count: Sweep<K>) -> Result<(Sweep<K>, u32), CountError> {
    let method = Method::Split;
    if count.kind() != Kind::Open {
        return Err(CountError::NotByMethod {
            method,
            kind: count.kind(),
        });
    }
    if count.start.is_some() {
        return Err(CountError::EveryStart { method });
    }
    let w = count.width();
    let rows = count.rounds() / w.max(1);
    if rows % 2 == 1 || rows < 4 {
        return Err(CountError::NoMiddleCut { rows });
    }
    let cut = rows / 2;
    count.method = method;
    count.places = Places::split(&count.frontier, cut);
    Ok((count, cut))
}

/// The passes of a join of `states` states of the top half's last layer within `budget` bytes,
/// beside `bottom` bytes of the bottom half and `held` bytes of that layer in memory: enough
/// for a pass's sums to fit ([`PAIRING_BYTES`] a state).
pub(crate) fn join_passes(states: u64, budget: u64, bottom: u64, held: u64) -> u64 {
    let room = budget.saturating_sub(bottom + held).max(1);
    (states * PAIRING_BYTES).div_ceil(room).clamp(1, 4096)
}

impl Counter for SplitCount {
    fn header(&self) -> Header {
        self.count.header(0, 0, 0)
    }

    fn units(&self) -> u64 {
        u64::from(self.top_rounds()) + self.passes
    }

    fn estimate(&mut self, seconds: f64) -> Result<Option<Estimate>, CountError> {
        // Boards up to 6 across take seconds, less than the estimate would.
        if self.count.width() <= 6 {
            return Ok(None);
        }
        self.estimate_split(seconds).map(Some)
    }

    fn plan(&mut self, processes: u32, seconds: f64) -> Result<Option<Plan>, CountError> {
        self.plan_split(processes, seconds).map(Some)
    }

    fn run(&mut self, hook: &Hook<'_>) -> Result<Tours, CountError> {
        let top = u64::from(self.top_rounds());
        let passes = self.passes;
        let progress = &mut |r: Round| {
            hook.report(Progress {
                done: u64::from(r.round) + 1,
                total: top + passes,
                round: Some(r),
            })
        };
        let joining = &mut |j: &Joined| {
            hook.report(Progress {
                done: top + j.done,
                total: top + j.passes,
                round: None,
            })
        };
        self.run_split(progress, joining, hook.flag())
            .map(|(total, _)| Tours::from(total))
    }
}

#[cfg(test)]
mod tests;
