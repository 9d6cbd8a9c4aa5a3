//! Meet in the middle as a [`Counter`]: unit by unit, with its checkpoint (the units' tours so
//! far) written after each.

use super::plan::OpenTours;
use crate::checkpoint::{Header, read_records, save};
use crate::counter::{Counter, Hook, stopped};
use crate::error::CountError;
use crate::method::{Kind, Method};
use crate::report::{Estimate, Progress};
use crate::tours::Tours;
use knightbits_board::{Board, Coord};
use std::path::PathBuf;
use std::vec::Vec;

/// A count of directed open tours by meet in the middle.
pub(crate) struct MeetCount {
    plan: OpenTours,
    board: Board,
    threads: usize,
    checkpoint: Option<PathBuf>,
}

impl MeetCount {
    /// The count of `board`'s directed open tours from `start` (anywhere when `None`) on
    /// `threads` threads, kept in `checkpoint` after each unit when given.
    pub(crate) fn new(
        board: Board,
        start: Option<Coord>,
        threads: usize,
        checkpoint: Option<PathBuf>,
    ) -> Result<MeetCount, CountError> {
        Ok(MeetCount {
            plan: OpenTours::new(board, start)?,
            board,
            threads,
            checkpoint,
        })
    }

    /// The tours of each unit already counted, from the checkpoint.
    fn resume(&self) -> Result<Vec<u128>, CountError> {
        let Some(path) = &self.checkpoint else {
            return Ok(Vec::new());
        };
        let Some((header, mut input)) = Header::open(path)? else {
            return Ok(Vec::new());
        };
        if !header.same_count(&self.header()) || header.records != u64::from(header.round) {
            return Err(CountError::Checkpoint);
        }
        let bytes = read_records(path, &mut input, header.records, 16)?;
        let units: Vec<u128> = bytes
            .chunks_exact(16)
            .map(|b| u128::from_le_bytes(b.try_into().unwrap_or([0; 16])))
            .collect();
        if units.len() > self.plan.units() {
            return Err(CountError::Checkpoint);
        }
        Ok(units)
    }

    /// Writes the tours of the units counted so far (`sum` in all) to the checkpoint.
    fn save(&self, units: &[u128], sum: u128) -> Result<(), CountError> {
        let Some(path) = &self.checkpoint else {
            return Ok(());
        };
        let header = Header {
            round: units.len() as u32,
            done: sum,
            records: units.len() as u64,
            framed: false,
            modulus: 0,
            key_bits: 64,
            ..self.header()
        };
        let bytes: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
        save(path, &header, &bytes)
    }
}

impl Counter for MeetCount {
    fn header(&self) -> Header {
        Header {
            method: Method::MeetInTheMiddle,
            kind: Kind::Open,
            board: self.board,
            across: 0,
            start: self.plan.start(),
            round: 0,
            part: 0,
            parts: 1,
            done: 0,
            records: 0,
            framed: false,
            modulus: 0,
            key_bits: 64,
        }
    }

    fn units(&self) -> u64 {
        self.plan.units() as u64
    }

    fn estimate(&mut self, seconds: f64) -> Result<Option<Estimate>, CountError> {
        Ok(Some(self.plan.estimate(self.threads, seconds)))
    }

    fn run(&mut self, hook: &Hook<'_>) -> Result<Tours, CountError> {
        let mut units = self.resume()?;
        let total = self.units();
        let overflow = CountError::Overflow { bits: 64 };
        let mut sum = units
            .iter()
            .try_fold(0u128, |s, &w| s.checked_add(w))
            .ok_or(overflow.clone())?;
        let stop = |done: usize| {
            stopped(
                Method::MeetInTheMiddle,
                done as u64,
                total,
                self.checkpoint.as_deref(),
            )
        };
        while units.len() < self.plan.units() {
            let done = units.len();
            let progress = Progress {
                done: done as u64,
                total,
                round: None,
            };
            if hook.report(progress).is_break() {
                return Err(stop(done));
            }
            let Some(ways) = self.plan.count_unit(done, self.threads, hook.flag())? else {
                // The checkpoint holds the units before this one.
                return Err(stop(done));
            };
            sum = sum.checked_add(ways).ok_or(overflow.clone())?;
            units.push(ways);
            if units.len() < self.plan.units() {
                self.save(&units, sum)?;
            }
        }
        let _ = hook.report(Progress {
            done: total,
            total,
            round: None,
        });
        self.plan.total(sum).map(|n| Tours::from(u128::from(n)))
    }
}
