//! The sweep as a [`Counter`]: closed or open tours of boards up to 8 wide in 64-bit keys (up
//! to 12 in 128-bit keys) within a memory budget, of any size: past 64 bits the sweep runs again modulo other primes
//! and the residues are joined (the `residue` module).

use super::estimate::FIRST_ROWS;
use super::residue::Runs;
use super::word::Word;
use super::{Sweep, Ways};
use crate::checkpoint::{Header, unfinished};
use crate::counter::{Counter, Hook};
use crate::error::CountError;
use crate::method::Kind;
use crate::report::{Estimate, Plan, Progress, Round};
use crate::tours::Tours;
use knightbits_board::Board;
use std::fs;
use std::path::PathBuf;

/// A count by the 64-bit frontier programme.
pub(crate) struct SweepCount<K: Word = u64> {
    count: Sweep<K>,
    checkpoint: Option<PathBuf>,
}

impl<K: Word> SweepCount<K> {
    /// `count` (its checkpoint already set, at `checkpoint`).
    pub(crate) fn new(count: Sweep<K>, checkpoint: Option<PathBuf>) -> SweepCount<K> {
        SweepCount { count, checkpoint }
    }

    /// Where the residues of the runs finished are kept beside the checkpoint: `PATH.residues`,
    /// one a line, the residue modulo `residue::prime(i)` on line `i`.
    fn residues_path(&self) -> Option<PathBuf> {
        self.checkpoint
            .as_ref()
            .map(|path| crate::checkpoint::with_suffix(path, ".residues"))
    }

    /// The residues' file, and the file it is written to before it is renamed.
    fn residues_files(&self) -> Option<(PathBuf, PathBuf)> {
        self.residues_path()
            .map(|path| (path.clone(), unfinished(&path)))
    }

    /// Removes the residues' file, once the count is known.
    fn forget(&self) {
        if let Some(path) = self.residues_path() {
            let _ = fs::remove_file(path);
        }
    }
}

impl<K: Word> Counter for SweepCount<K> {
    fn header(&self) -> Header {
        self.count.header(0, 0, 0)
    }

    fn units(&self) -> u64 {
        u64::from(self.count.rounds())
    }

    fn estimate(&mut self, seconds: f64) -> Result<Option<Estimate>, CountError> {
        let board: Board = self.count.board();
        // Closed tours of boards swept up to 6 across take seconds, less than the estimate
        // would; a board with an odd number of squares has none; a board of four rows or fewer
        // along the sweep is mostly the first rows the estimate counts (9 x 4 open's took 23
        // s, its count 14).
        let rows = self.count.rounds() / self.count.width().max(1);
        if self.count.width() <= 6
            || (self.count.kind() == Kind::Closed && board.len() % 2 == 1)
            || rows <= FIRST_ROWS + 1
        {
            return Ok(None);
        }
        // Past its budget this count goes out of core: an estimate, never a refusal.
        self.count.estimate(seconds).map(Some)
    }

    fn plan(&mut self, processes: u32, seconds: f64) -> Result<Option<Plan>, CountError> {
        self.count.plan(processes, seconds).map(Some)
    }

    fn run(&mut self, hook: &Hook<'_>) -> Result<Tours, CountError> {
        let total = self.units();
        let mut runs = Runs::new(self.count.board(), self.count.kind());
        if let Some((path, _)) = self.residues_files() {
            runs.read(&path)?;
        }
        loop {
            self.count.modulo(runs.next()?);
            // A layer of the run before, left by a stop between its end and its residue's
            // record, is of no use to this one.
            if let Some(path) = &self.checkpoint
                && let Ok(Some((h, _))) = Header::open(path)
                && !self.count.takes(h.modulus)
            {
                let _ = fs::remove_file(path);
            }
            let report = &mut |r: Round| {
                hook.report(Progress {
                    done: u64::from(r.round) + 1,
                    total,
                    round: Some(r),
                })
            };
            match self.count.run_until(report, hook.flag())? {
                Ways::Exact(n) => {
                    self.forget();
                    return Ok(Tours::from(n));
                }
                Ways::Residue(r) => {
                    let joined = runs.push(r);
                    if let Some((path, tmp)) = self.residues_files() {
                        runs.write(&path, &tmp)?;
                    }
                    if let Some(n) = joined {
                        self.forget();
                        return Ok(n);
                    }
                }
            }
        }
    }
}
