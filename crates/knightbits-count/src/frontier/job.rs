//! The 128-bit frontier programme as a [`Counter`]: round by round, its layer written to the
//! checkpoint at least every so often and when the count is stopped (a stop asked during a
//! round abandons it and writes the layer before it).

use super::{Frontier, Layer};
use crate::checkpoint::Header;
use crate::counter::{Counter, Hook, stopped};
use crate::error::CountError;
use crate::method::Method;
use crate::report::{Estimate, Progress};
use crate::tours::Tours;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A count by the 128-bit frontier programme.
pub(crate) struct FrontierCount {
    frontier: Frontier,
    threads: usize,
    checkpoint: Option<PathBuf>,
    every: Duration,
    /// The layer after the rounds the estimate ran.
    sampled: Option<Layer>,
}

impl FrontierCount {
    /// The count of `frontier` on `threads` threads, its layer written to `checkpoint` (when
    /// given) at least every `every`.
    pub(crate) fn new(
        frontier: Frontier,
        threads: usize,
        checkpoint: Option<PathBuf>,
        every: Duration,
    ) -> FrontierCount {
        FrontierCount {
            frontier,
            threads,
            checkpoint,
            every,
            sampled: None,
        }
    }
}

impl Counter for FrontierCount {
    fn header(&self) -> Header {
        self.frontier.header_of(&Layer::new(0, 0), 0, 0, 1)
    }

    fn units(&self) -> u64 {
        u64::from(self.frontier.rounds())
    }

    fn estimate(&mut self, seconds: f64) -> Result<Option<Estimate>, CountError> {
        let f = &self.frontier;
        let first = self.sampled.take().unwrap_or_else(|| f.first());
        let (layer, estimate) = f.estimate(first, self.threads, seconds)?;
        self.sampled = Some(layer);
        Ok(Some(estimate))
    }

    fn run(&mut self, hook: &Hook<'_>) -> Result<Tours, CountError> {
        let f = &self.frontier;
        let resumed = match &self.checkpoint {
            Some(path) => f.resume(path)?,
            None => None,
        };
        let mut layer = match (resumed, self.sampled.take()) {
            (Some(layer), _) | (None, Some(layer)) => layer,
            (None, None) => f.first(),
        };
        let total = self.units();
        let mut saved = Instant::now();
        while layer.round() < f.rounds() {
            let done = u64::from(layer.round());
            let going_on = hook.report(Progress {
                done,
                total,
                round: None,
            });
            // A stop asked during the round abandons it: the layer before it is whole.
            let next = match going_on {
                ControlFlow::Continue(()) => f.step_until(layer, self.threads, hook.flag())?,
                ControlFlow::Break(()) => ControlFlow::Break(layer),
            };
            layer = match next {
                ControlFlow::Continue(next) => next,
                ControlFlow::Break(layer) => {
                    if let Some(path) = &self.checkpoint {
                        f.save(&layer, path)?;
                    }
                    let path = self.checkpoint.as_deref();
                    return Err(stopped(Method::Frontier128, done, total, path));
                }
            };
            if let Some(path) = &self.checkpoint
                && saved.elapsed() >= self.every
                && layer.round() < f.rounds()
            {
                f.save(&layer, path)?;
                saved = Instant::now();
            }
        }
        let _ = hook.report(Progress {
            done: total,
            total,
            round: None,
        });
        f.total(&layer).map(Tours::from)
    }
}
