//! Meet in the middle as units of work run one by one.

use super::sample::sample_unit;
use crate::error::CountError;
use crate::grid;
use crate::report::Estimate;
use knightbits_board::{Board, Coord};
use std::sync::atomic::AtomicBool;

/// A count of directed open tours by meet in the middle, split into units of work (one middle
/// square of the tours each, weighted by the squares it stands for) run one by one: to report
/// progress, to checkpoint after each unit and to resume.
#[derive(Clone, Debug)]
pub(crate) struct OpenTours {
    grid: grid::Grid,
    start: Option<u32>,
    units: std::vec::Vec<(u32, u64)>,
}

impl OpenTours {
    /// The plan for `board`, tours starting on `start` (any square when `None`).
    pub(crate) fn new(board: Board, start: Option<Coord>) -> Result<OpenTours, CountError> {
        let grid = grid::Grid::new(board)?;
        let start = match start {
            Some(c) if board.contains(c) => Some(grid.bit(c)),
            Some(_) => return Err(CountError::StartOffBoard),
            None => None,
        };
        let units = super::units(&grid);
        Ok(OpenTours { grid, start, units })
    }

    /// The start's square number, if any.
    pub(crate) fn start(&self) -> Option<u32> {
        self.start
    }

    /// The number of units.
    pub(crate) fn units(&self) -> usize {
        self.units.len()
    }

    /// The directed open tours of unit `unit` (below [`OpenTours::units`]; 0 beyond), on
    /// `threads` threads; `None` when `stop` was set before the unit ended.
    pub(crate) fn count_unit(
        &self,
        unit: usize,
        threads: usize,
        stop: &AtomicBool,
    ) -> Result<Option<u128>, CountError> {
        match self.units.get(unit) {
            Some(&u) => super::count_unit(&self.grid, u, self.start, threads, stop),
            None => Ok(Some(0)),
        }
    }

    /// The count from the sum of every unit's tours.
    pub(crate) fn total(&self, sum: u128) -> Result<u64, CountError> {
        u64::try_from(sum).map_err(|_| CountError::Overflow { bits: 64 })
    }

    /// Time and memory of the whole count on `threads` threads, from about `seconds` of real
    /// work: in each unit, prefixes of the half-tours (their first squares) are walked in a
    /// shuffled order, doubling the sample until its share of the time is spent (or, from 64
    /// draws on, until the unit is foreseen to take less than that share); a unit's time
    /// is the sample's mean time a prefix times the number of prefixes, its table entries the
    /// sample's entries grown at the rate of the last doubling, and the peak memory that of the
    /// largest unit. Both err high (sets shared between prefixes grow the tables ever more
    /// slowly), the more the shorter the sample.
    pub(crate) fn estimate(&self, threads: usize, seconds: f64) -> Estimate {
        let each = seconds / self.units.len().max(1) as f64;
        let (mut total, mut peak) = (0.0f64, 0.0f64);
        for &(m, _) in &self.units {
            let s = sample_unit(&self.grid, m, self.start, each);
            total += s.seconds;
            peak = peak.max(s.entries * s.bytes_per_entry);
        }
        let threads = threads.max(1) as f64;
        Estimate {
            seconds: total / threads,
            peak_bytes: peak as u64,
            disk_bytes: 0,
            floor: false,
        }
    }
}
