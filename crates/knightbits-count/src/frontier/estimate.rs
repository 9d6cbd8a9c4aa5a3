//! What a short sample of the programme's rounds predicts for the whole count.

use super::{Frontier, Layer};
use crate::error::CountError;
use crate::report::Estimate;
use std::vec::Vec;

impl Frontier {
    /// Runs rounds from `layer` for about `seconds` (real work, returned to go on from) and
    /// estimates the whole count on `threads` threads from them: the time a state takes in a
    /// round and the bytes a state of the next layer takes while a round runs, as in the last
    /// sampled round; the layers growing at the rate of the last sampled row (a row is the
    /// shorter side's squares), the rate slowing row by row as it slowed from the row before,
    /// until the last two rows, and shrinking in them. Rough: within a few times either way,
    /// the closer the more rows the sample reaches.
    pub(crate) fn estimate(
        &self,
        mut layer: Layer,
        threads: usize,
        seconds: f64,
    ) -> Result<(Layer, Estimate), CountError> {
        let started = std::time::Instant::now();
        let mut sizes: Vec<f64> = std::vec![layer.len() as f64];
        // The last step's time a state and bytes a state of the next layer (old and new layer
        // held together).
        let (mut per_state, mut bytes_per_state) = (0.0f64, 0.0f64);
        while layer.round < self.rounds() && started.elapsed().as_secs_f64() < seconds {
            let (n, before) = (layer.len().max(1) as f64, layer.bytes());
            let t = std::time::Instant::now();
            layer = self.step(layer, threads)?;
            per_state = t.elapsed().as_secs_f64() / n;
            bytes_per_state = (before + layer.bytes()) as f64 / layer.len().max(1) as f64;
            sizes.push(layer.len() as f64);
        }
        let spent = started.elapsed().as_secs_f64();
        let rounds = self.rounds() as usize;
        let done = layer.round as usize;
        let w = (self.cells as usize - 1) / 2;
        // Growth a round over the last sampled row and over the row before it: the growth
        // slows row by row, by the factor between the two (at most 1).
        let growth = |upto: usize| {
            let back = w.min(upto);
            let last = sizes.get(upto).copied().unwrap_or(0.0);
            let earlier = sizes.get(upto - back).copied().unwrap_or(0.0);
            if back > 0 && earlier > 0.0 && last > 0.0 {
                (last / earlier).ln().max(0.0) / back as f64
            } else {
                0.0
            }
        };
        let mut rate = growth(done);
        let before = if done > w { growth(done - w) } else { 0.0 };
        let slowing = if before > 0.0 {
            (rate / before).clamp(0.0, 1.0)
        } else {
            1.0
        };
        // Growing until the last two rows, where squares must be finished, shrinking in them.
        let grow_until = rounds.saturating_sub(2 * w);
        let last = sizes.last().copied().unwrap_or(0.0);
        let (mut size, mut future, mut peak) = (last, 0.0f64, last);
        for r in done..rounds {
            future += size;
            if r < grow_until {
                size *= rate.exp();
            } else {
                size /= rate.exp().max(1.0);
            }
            if (r + 1 - done).is_multiple_of(w.max(1)) {
                rate *= slowing;
            }
            peak = peak.max(size);
        }
        let peak_bytes = peak * bytes_per_state;
        let estimate = Estimate {
            seconds: spent + future * per_state,
            peak_bytes: peak_bytes as u64,
            disk_bytes: 0,
            floor: false,
        };
        Ok((layer, estimate))
    }
}
