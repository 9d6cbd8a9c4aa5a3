//! What a count by the split will take, told before it runs.
//!
//! The top half's rounds before the cut are the sweep's, foreseen as the sweep's estimate
//! foresees them (`closed/estimate.rs`); over the row past the cut the layer grows from the one
//! at the cut as 8 x 6's did ([`PAST_CUT`]); those rounds are priced as the sweep prices its
//! own. The join reads the layer at the cut back (both images of its states, but those with an
//! end of the tour placed: [`BOTTOM_SHARE`]), then, once a pass, makes the sums of every state
//! of the last layer ([`SUM_SECONDS`]) and tests the pairs of a bottom state and a top sum of
//! the same group ([`PAIRS`], [`PAIR_SECONDS`]); its memory is the bottom half and a pass's sums
//! ([`SUMS_A_STATE`], [`SUM_BYTES`]). The constants were measured on 8 x 6 swept
//! across 8 on the quiet 2-core machine (2026-11-28); BENCHMARKS.md holds the estimate against the
//! runs of 8 x 6 and 8 x 8.

use super::SplitCount;
use super::join::PAIRING_BYTES;
use crate::error::CountError;
use crate::report::{Estimate, Plan};
use crate::sweep::FILE_BYTES;
use crate::sweep::estimate::{Sample, timing};
use crate::workers::peak_memory;
use std::vec::Vec;

/// The layer after each square of the row past the cut, as a multiple of the layer at the cut:
/// 8 x 6's split (5,604,842 states at the cut; 11,701,699 to 92,475,250 after).
const PAST_CUT: [f64; 8] = [2.088, 2.366, 3.816, 6.384, 10.316, 16.499, 10.777, 9.332];

/// States of the bottom half (both images) a state of the layer at the cut: 8 x 6's 4,101,880
/// against 5,604,842.
const BOTTOM_SHARE: f64 = 0.732;

/// Thread-seconds a state of the last layer takes once a pass of the join, its sums made and
/// sorted (and the bottom half read back): 8 x 6's 45.9 s for 52,304,403 states on 2 threads.
const SUM_SECONDS: f64 = 1.76e-6;

/// Pairs of a bottom state and a top sum tested, a bottom state and a top state: 8 x 6's
/// 901,779,385 pairs of 4,101,880 and 52,304,403.
const PAIRS: f64 = 4.20e-6;

/// Thread-seconds a pair takes: 8 x 6's 7.4 s for its 901,779,385 pairs on 2 threads.
const PAIR_SECONDS: f64 = 16.4e-9;

/// Bytes a bottom state takes in memory: its group, codes and ways, and its group's entry.
const BOTTOM_BYTES: f64 = 33.0;

/// Bytes a state of the layer at the cut takes on its way to another process: its key, its
/// ways and the worker it goes to, three `u64`s.
const CUT_RECORD_BYTES: f64 = 24.0;

/// Sums a state of the last layer makes: 8 x 6's 47.4 million of 52,304,403 states.
const SUMS_A_STATE: f64 = 0.906;

/// Bytes a sum takes at a pass's fullest: its record compacted out of the shards and its copy
/// in the sorted list (the passes are chosen by [`PAIRING_BYTES`] a state, a bound).
const SUM_BYTES: f64 = 32.0;

impl SplitCount {
    /// The states after each of the top half's rounds, foreseen from `sample`, those of the
    /// layer at the cut, and the bottom half's states (both images).
    fn foresee_halves(&self, sample: &Sample) -> Result<(Vec<u64>, f64, f64), CountError> {
        let w = self.count.width() as usize;
        let mut sizes: Vec<u64> = self.count.foresee_open(sample)?;
        sizes.truncate(self.cut as usize * w);
        let at_cut = sizes.last().copied().unwrap_or(1) as f64;
        // Each square past the cut as the square of 8 x 6 at the same place along the row.
        for i in 0..w {
            let j = (i * (PAST_CUT.len() - 1)).div_ceil(w.max(2) - 1);
            sizes.push((at_cut * PAST_CUT[j.min(PAST_CUT.len() - 1)]) as u64);
        }
        Ok((sizes, at_cut, BOTTOM_SHARE * at_cut))
    }

    /// The wall time, peak memory and scratch disk of the whole count, from about `seconds`
    /// of the sweep's first rows.
    pub(super) fn estimate_split(&self, seconds: f64) -> Result<Estimate, CountError> {
        let count = &self.count;
        let baseline = peak_memory().unwrap_or(0);
        let sample = count.first_rows(seconds / 2.0)?;
        let timing = timing(&[&sample]).unwrap_or((0.0, 1.0));
        let (sizes, at_cut, bottom) = self.foresee_halves(&sample)?;
        let top_half = count.price(&sample, &sizes, timing);
        let top = sizes.last().copied().unwrap_or(0) as f64;
        let (join, join_peak) = self.join_of(top, bottom);
        let peak = top_half.peak_bytes.max(join_peak);
        Ok(Estimate {
            seconds: top_half.seconds + join,
            peak_bytes: peak.saturating_add(baseline),
            disk_bytes: top_half.disk_bytes + (at_cut as u64).saturating_mul(FILE_BYTES),
            floor: top_half.floor,
        })
    }

    /// The count spread over `processes` processes ([`Plan`]) as `knightbits-dist` runs it:
    /// the top half's rounds as the sweep's plan has them; then every process sends its share
    /// of the layer at the cut to every other ([`CUT_RECORD_BYTES`] a state), keeps the whole
    /// layer gathered in its scratch folder and holds the whole bottom half, and joins its
    /// share of the top half's last layer with it (its threads within its budget beside the
    /// bottom half).
    pub(super) fn plan_split(&self, processes: u32, seconds: f64) -> Result<Plan, CountError> {
        let count = &self.count;
        let sample = count.first_rows(seconds / 2.0)?;
        let timing = timing(&[&sample]).unwrap_or((0.0, 1.0));
        let (sizes, at_cut, bottom) = self.foresee_halves(&sample)?;
        let plan = count.plan_of(&sample, &sizes, timing, processes);
        let p = f64::from(plan.processes);
        let top = sizes.last().copied().unwrap_or(0) as f64;
        let (join, join_peak) = self.join_of(top / p, bottom);
        let cut_sent = at_cut / p * (p - 1.0);
        let sent = cut_sent * CUT_RECORD_BYTES;
        let baseline = peak_memory().unwrap_or(0);
        Ok(Plan {
            memory_bytes_per_process: plan
                .memory_bytes_per_process
                .max(join_peak.saturating_add(baseline)),
            disk_bytes_per_process: plan.disk_bytes_per_process + at_cut as u64 * FILE_BYTES,
            sent_bytes_per_process: plan.sent_bytes_per_process + sent as u64,
            sent_keys_per_process: plan.sent_keys_per_process + cut_sent as u64,
            seconds: plan.seconds + join,
            ..plan
        })
    }

    /// The join's seconds and peak bytes for `top` states of the last layer and `bottom` states
    /// of the bottom half, within the count's budget.
    fn join_of(&self, top: f64, bottom: f64) -> (f64, u64) {
        let count = &self.count;
        let threads = count.threads as f64;
        let bottom_bytes = bottom * BOTTOM_BYTES;
        let room = (count.budget as f64 - bottom_bytes).max(1.0);
        let passes = (top * PAIRING_BYTES as f64 / room)
            .ceil()
            .clamp(1.0, 4096.0);
        let join = (passes * top * SUM_SECONDS + PAIRS * top * bottom * PAIR_SECONDS) / threads;
        let join_peak = (bottom_bytes + top * SUMS_A_STATE * SUM_BYTES / passes) as u64;
        (join, join_peak.min(count.budget))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::Sweep;
    use core::ops::ControlFlow;
    use knightbits_board::Board;
    use std::sync::atomic::AtomicBool;

    /// The top half's last layer and the bottom half foreseen from the first three rows, each
    /// against the split's count of it.
    fn foreseen_against_counted(w: u32, h: u32) -> (f64, f64) {
        let dir = std::env::temp_dir();
        let board = Board::new(w, h).unwrap();
        let count = || {
            let c = Sweep::<u64>::open_tours(board, None, 2, u64::MAX, &dir).unwrap();
            SplitCount::new(c.across(w).unwrap()).unwrap()
        };
        let split = count();
        let sample = split.count.first_rows(0.0).unwrap();
        let (sizes, _, bottom) = split.foresee_halves(&sample).unwrap();
        let top = sizes.last().copied().unwrap_or(0) as f64;
        let (_, joined) = count()
            .run_split(
                &mut |_| ControlFlow::Continue(()),
                &mut |_| ControlFlow::Continue(()),
                &AtomicBool::new(false),
            )
            .unwrap();
        (top / joined.top as f64, bottom / joined.bottom as f64)
    }

    /// On the boards the split is the method for (8 across), the top half's last layer and the
    /// bottom half are foreseen within 1.5 times of the counts, from the first three rows and
    /// 8 x 6's growth past the cut: 8 x 4 here (0.70 and 1.24 times when written), 8 x 8 in
    /// docs/tour-counts.md (1.46 and 0.80). Narrower boards split on request grow less past
    /// the cut than 8 x 6 does (6 x 8's last layer foreseen at 3.1 times, 6 x 10's at 9.9):
    /// their estimate is not held to this.
    #[test]
    fn the_halves_of_a_board_eight_across_are_foreseen_within_half_again() {
        let (top, bottom) = foreseen_against_counted(8, 4);
        assert!((1.0 / 1.5..=1.5).contains(&top), "{top}");
        assert!((1.0 / 1.5..=1.5).contains(&bottom), "{bottom}");
    }
}
