//! The 64-bit frontier programme as a [`Counter`]: closed or open tours of boards up to 8 wide
//! within a memory budget, falling back to the 128-bit programme where some ways pass 64 bits.

use super::Sweep;
use crate::checkpoint::Header;
use crate::counter::{Counter, Hook};
use crate::error::CountError;
use crate::frontier::FrontierCount;
use crate::method::{Kind, Method};
use crate::report::{Estimate, Progress, Round};
use knightbits_board::Board;
use std::path::PathBuf;

/// A count by the 64-bit frontier programme, with the 128-bit count it falls back to.
pub(crate) struct SweepCount {
    count: Sweep,
    fallback: FrontierCount,
    checkpoint: Option<PathBuf>,
}

impl SweepCount {
    /// `count` (its checkpoint already set, at `checkpoint`), falling back to `fallback`.
    pub(crate) fn new(
        count: Sweep,
        fallback: FrontierCount,
        checkpoint: Option<PathBuf>,
    ) -> SweepCount {
        SweepCount {
            count,
            fallback,
            checkpoint,
        }
    }

    /// Does the checkpoint hold a layer of the 128-bit count this one fell back to?
    fn fell_back(&self) -> Result<bool, CountError> {
        let Some(path) = &self.checkpoint else {
            return Ok(false);
        };
        Ok(Header::open(path)?.is_some_and(|(h, _)| h.method == Method::Frontier128))
    }
}

impl Counter for SweepCount {
    fn header(&self) -> Header {
        self.count.header(0, 0, 0)
    }

    fn owns(&self, h: &Header) -> bool {
        self.header().same_count(h) || self.fallback.owns(h)
    }

    fn units(&self) -> u64 {
        u64::from(self.count.rounds())
    }

    fn estimate(&mut self, seconds: f64) -> Result<Option<Estimate>, CountError> {
        let board: Board = self.count.board();
        // Closed tours of boards swept up to 6 across take seconds, less than the estimate
        // would; a board with an odd number of squares has none.
        if self.count.width() <= 6 || (self.count.kind() == Kind::Closed && board.len() % 2 == 1) {
            return Ok(None);
        }
        // Past its budget this count goes out of core: an estimate, never a refusal.
        self.count.estimate(seconds).map(Some)
    }

    fn run(&mut self, hook: &Hook<'_>) -> Result<u128, CountError> {
        if self.fell_back()? {
            return self.fallback.run(hook);
        }
        let total = self.units();
        let report = &mut |r: Round| {
            hook.report(Progress {
                done: u64::from(r.round) + 1,
                total,
                round: Some(r),
            })
        };
        let outcome = self.count.run_until(report, hook.flag());
        match outcome {
            Err(CountError::Overflow { bits: 64 }) => {
                if let Some(path) = &self.checkpoint {
                    let _ = std::fs::remove_file(path);
                }
                self.fallback.run(hook)
            }
            outcome => outcome,
        }
    }
}
