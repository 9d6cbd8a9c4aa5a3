//! What a closed count will take, told before it runs.
//!
//! The layer sizes of a sweep follow its rows: they grow by a factor a row (the same square one
//! row later) that falls as the rows go on, the fall coming at the same rows on boards of every
//! width (most of it between the fifth and the seventh row), and the last two rows shrink by
//! factors that hardly depend on the width or on the height. So the estimate counts the board's
//! first rows exactly, then takes each later square's growth from two narrower boards counted
//! whole (6 x 8 and 5 x 10, across their narrower side), extrapolated to the board's width, and
//! the shrinking of the last two rows from 5 x 8 against 5 x 10. With the sizes of every round it
//! plays the count's own plan (in memory or out of core, passes, layer files) and prices each
//! round by the seconds a state of the sample took and the bytes its tables held.

use super::shard::MAX_LOAD;
use super::{BUFFERS, ClosedCount, Layer, Store, TABLE_BYTES};
use crate::board::Board;
use crate::count::error::CountError;
use crate::count::report::Estimate;
use crate::count::workers::{available_memory, peak_memory};
use std::fs;
use std::time::Instant;
use std::vec::Vec;

/// How much of the width step between the 5- and 6-wide growths carries on to each further
/// column: fitted on 8 x 5 swept across 8 and 7 x 6 swept across 7, whose peak and summed layer
/// sizes it put within 1.3 times (0.6 and 1.0 put them up to twice too low and too high).
const WIDTH_SLOPE: f64 = 0.8;

/// The share of the 5-wide growth past the sixth row that a wider board still has: fitted on
/// 6 x 10 (the 6-wide board grows there by about half as much as the 5-wide one).
const LATE_GROWTH: f64 = 0.5;

/// Bytes a second written to the scratch disk, or read from it past the page cache: fitted on
/// the out-of-core rounds of 8 x 7 swept across 8 (whose layer files the page cache held).
const DISK_RATE: f64 = 200e6;

/// A state costs this power of how many times larger than the sample's largest its round's
/// layer is, in seconds (the tables outgrow the processor's caches and address caches): fitted
/// on 8 x 6 swept across 8, whose rounds of 90 to 130 million states took 1.4 times the seconds
/// a state of its rounds of 4 to 8 million.
const SIZE_EXPONENT: f64 = 0.11;

/// Rows always counted exactly, however short the time given.
const FIRST_ROWS: u32 = 3;

/// States of a round below which its seconds do not price a state (the tables still fit the
/// processor's caches).
const TIMED_STATES: u64 = 100_000;

/// Bytes a state of the tables of a round of `states` states made with room for `predicted`,
/// at their loosest: 16-byte slots at the load limit for the predicted states, or grown by half
/// just now (53 % of their slots full; the shards of a round fill at one pace, so they grow
/// together).
fn table_bytes(predicted: u64, states: u64) -> f64 {
    let at_limit = 16.0 * 256.0 / MAX_LOAD as f64;
    at_limit * (predicted as f64 / states.max(1) as f64).max(1.5)
}

/// The figures of one counted round.
#[derive(Clone, Copy, Debug, Default)]
struct Figures {
    /// States after the round.
    states: u64,
    /// Wall seconds.
    seconds: f64,
    /// Bytes of the next layer's tables a state.
    bytes_per_state: f64,
}

/// The rounds of a count run from the start: stopped after `enough` says so, or all of them.
struct Sample {
    /// States before the first round.
    first: u64,
    rounds: Vec<Figures>,
    /// Did every round run?
    whole: bool,
}

impl ClosedCount {
    /// The wall time of the whole count on its threads, the peak memory of the process under
    /// its budget and the scratch disk its layer files take at once (0 in memory), from about
    /// `seconds` of real work.
    ///
    /// Half of `seconds` counts the board's first rows exactly (three at least); then 6 x 8,
    /// 5 x 10 and 5 x 8 are counted whole (about a second). Later rows grow as the same squares
    /// do a row up on 6 x 8, carried on to the board's width by the step from 5 x 10, and the
    /// last two rows shrink as 5 x 8's do against 5 x 10's. The count's own plan (spills,
    /// passes) is played on those sizes: a round costs the sampled seconds a state, more for
    /// larger tables, and its layer files' disk traffic, and holds its tables at their
    /// loosest. BENCHMARKS.md (issue 23) holds it against counts of 6 x 8, 7 x 8, 8 x 7 and
    /// 8 x 8: it errs high on 7 x 8, and on the time of counts whose layer files the system
    /// caches.
    pub fn estimate(&self, seconds: f64) -> Result<Estimate, CountError> {
        let baseline = peak_memory().unwrap_or(0);
        let e = self.estimate_tables(seconds)?;
        Ok(Estimate {
            peak_bytes: e.peak_bytes.saturating_add(baseline),
            ..e
        })
    }

    /// [`ClosedCount::estimate`] but the process's memory before the count: the count's layers
    /// and tables only.
    fn estimate_tables(&self, seconds: f64) -> Result<Estimate, CountError> {
        let w = self.sweep_width();
        let rounds = self.rounds() as usize;
        let started = Instant::now();
        let half = seconds.max(0.0) / 2.0;
        let at_least = (FIRST_ROWS * w) as usize;
        let sample = self
            .fresh(self.frontier.board(), w)?
            .sample(&mut |done, last| {
                let spent = started.elapsed().as_secs_f64();
                // The next round takes about as long as the last one, grown as its states did.
                done >= at_least && spent + last >= half
            })?;
        let mut sizes: Vec<u64> = sample.rounds.iter().map(|f| f.states).collect();
        let mut timing = timing(&sample);
        if !sample.whole {
            let relatives = Relatives::count(self)?;
            for r in sizes.len()..rounds {
                let (k, j) = ((r as u32) / w, (r as u32) % w);
                let back = r.checked_sub(w as usize).and_then(|i| sizes.get(i));
                let before = back.copied().unwrap_or(0) as f64;
                let g = relatives.growth(w, self.height(w), k, j);
                sizes.push((before * g.exp()).round() as u64);
            }
            // A sample too short to have a large round is timed by 6 x 8's.
            timing = timing.or_else(|| self::timing(&relatives.six_counted));
        }
        let timing = timing.unwrap_or((0.0, 1.0));
        Ok(self.price(&sample, &sizes, timing))
    }

    /// The number of squares across the sweep.
    fn sweep_width(&self) -> u32 {
        self.frontier.across_width()
    }

    /// The number of rows of the sweep `w` across.
    fn height(&self, w: u32) -> u32 {
        self.frontier.board().len() / w.max(1)
    }

    /// A count of `board` swept `w` across with this one's threads, budget and scratch folder,
    /// but no checkpoint (the estimate must not touch the count's own).
    fn fresh(&self, board: Board, w: u32) -> Result<ClosedCount, CountError> {
        ClosedCount::new(board, self.threads, self.budget, &self.scratch)?.across(w)
    }

    /// Runs rounds from the start until `enough(rounds run, seconds the next is expected to
    /// take)` or the last round.
    fn sample(&self, enough: &mut dyn FnMut(usize, f64) -> bool) -> Result<Sample, CountError> {
        let mut layer = self.first();
        let first = layer.states;
        let mut sizes: Vec<u64> = Vec::new();
        let mut rounds: Vec<Figures> = Vec::new();
        let mut next = 0.0;
        while layer.round < self.frontier.rounds() && !enough(rounds.len(), next) {
            let old = layer.states;
            let started = Instant::now();
            let (after, figures) = self.step(layer, &sizes)?;
            layer = after;
            let spent = started.elapsed().as_secs_f64();
            sizes.push(layer.states);
            rounds.push(Figures {
                states: layer.states,
                seconds: spent,
                bytes_per_state: figures.bytes_per_state,
            });
            next = spent * (layer.states as f64 / old.max(1) as f64).max(1.0);
        }
        let whole = layer.round >= self.frontier.rounds();
        discard(layer);
        Ok(Sample {
            first,
            rounds,
            whole,
        })
    }

    /// The estimate from the sizes of every round, the first ones sampled, and the seconds a
    /// state read or made in rounds up to a number of states.
    fn price(&self, sample: &Sample, sizes: &[u64], timing: (f64, f64)) -> Estimate {
        let (per_state, largest) = timing;
        let per_state_at =
            |states: u64| per_state * (states as f64 / largest).max(1.0).powf(SIZE_EXPONENT);
        let room = self.budget.saturating_sub(BUFFERS) / 3 * 2;
        let spare = available_memory().unwrap_or(0) as f64;
        let (mut seconds, mut peak, mut disk) = (0.0f64, 0.0f64, 0u64);
        let mut on_disk = false;
        let mut old = sample.first;
        for (r, &new) in sizes.iter().enumerate() {
            let predicted = self.predict(old, sizes.get(..r).unwrap_or_default());
            let tables = predicted.saturating_mul(TABLE_BYTES);
            let fits = old.saturating_mul(16).saturating_add(tables) <= room;
            let mut io = 0.0;
            if !on_disk && !fits && old > 4096 {
                on_disk = true;
                io += 16.0 * old as f64;
                disk = disk.max(old.saturating_mul(16));
            } else if on_disk && fits {
                // Read back from the page cache, as the layer file was just written.
                on_disk = false;
            }
            let passes = if on_disk {
                tables.div_ceil(room.max(1)).clamp(1, 4096)
            } else {
                1
            };
            let sampled = sample.rounds.get(r);
            let bytes = match sampled {
                Some(f) => f.bytes_per_state,
                None => table_bytes(predicted, new),
            };
            let mut memory = bytes * new as f64 / passes as f64;
            if on_disk {
                // The new layer is written; the old one read once a pass, from the page cache
                // as far as the memory the count leaves holds it.
                let file = 16.0 * old as f64;
                let cached = (spare - memory).clamp(0.0, file);
                io += 16.0 * new as f64 + (file - cached) * passes as f64;
                disk = disk.max(old.saturating_add(new).saturating_mul(16));
            } else {
                memory += 16.0 * old as f64;
            }
            peak = peak.max(memory);
            seconds += match sampled {
                Some(f) => f.seconds,
                // The layer files go through the page cache, written back while the round
                // computes: a round takes its work or its disk traffic, whichever is longer.
                None => (per_state_at(new) * (old * passes + new) as f64).max(io / DISK_RATE),
            };
            old = new;
        }
        // The count's rules keep its tables within the budget, whatever the sizes foreseen.
        let peak = (peak as u64).min(self.budget);
        Estimate {
            seconds,
            peak_bytes: peak,
            disk_bytes: disk,
        }
    }
}

/// The seconds a state read or made in the larger rounds of a sample (those of at least
/// [`TIMED_STATES`] states): the median over those rounds, so that one round slowed by the
/// system does not set the price of all; and the states of its largest round; none without such
/// rounds.
fn timing(sample: &Sample) -> Option<(f64, f64)> {
    let mut old = sample.first;
    let mut each: Vec<f64> = Vec::new();
    let mut largest = 1u64;
    for f in &sample.rounds {
        if f.states >= TIMED_STATES || old >= TIMED_STATES {
            each.push(f.seconds / (old + f.states) as f64);
        }
        largest = largest.max(f.states);
        old = f.states;
    }
    each.sort_unstable_by(f64::total_cmp);
    let median = each.get(each.len() / 2)?;
    Some((*median, largest as f64))
}

/// The layer sizes of the narrower boards counted whole.
struct Relatives {
    /// 6 x 8's rounds as counted, to time a state when the sample is too short.
    six_counted: Sample,
    /// 6 x 8 across 6: the growth of a 6-wide board's first six rows (its last two shrink).
    six: Vec<u64>,
    /// 5 x 10 across 5: a 5-wide board's first eight rows.
    five: Vec<u64>,
    /// 5 x 8 across 5: its last two rows, against 5 x 10's same rows.
    five_short: Vec<u64>,
}

impl Relatives {
    fn count(like: &ClosedCount) -> Result<Relatives, CountError> {
        let whole = |w: u32, h: u32| -> Result<Sample, CountError> {
            let board = Board::new(w, h).map_err(|_| CountError::TooWide { limit: w })?;
            like.fresh(board, w)?.sample(&mut |_, _| false)
        };
        let sizes = |s: &Sample| s.rounds.iter().map(|f| f.states).collect();
        let six = whole(6, 8)?;
        Ok(Relatives {
            six: sizes(&six),
            six_counted: six,
            five: sizes(&whole(5, 10)?),
            five_short: sizes(&whole(5, 8)?),
        })
    }

    /// The log growth of the square in row `k` (from 0), file `j`, of a board `w` across and
    /// `h` rows: its states against the same file's one row back.
    fn growth(&self, w: u32, h: u32, k: u32, j: u32) -> f64 {
        let g6 = |k| row_growth(&self.six, 6, k, w, j);
        let g5 = |k| row_growth(&self.five, 5, k, w, j);
        let mut g = if k <= 5 {
            let slope = if w > 6 { WIDTH_SLOPE } else { 1.0 };
            g6(k) + (f64::from(w) - 6.0) * slope * (g6(k) - g5(k))
        } else if k <= 7 {
            LATE_GROWTH * g5(k)
        } else {
            0.0
        };
        let to_end = h.saturating_sub(k);
        if (1..=2).contains(&to_end) {
            let row = 8 - to_end;
            g += row_growth(&self.five_short, 5, row, w, j) - row_growth(&self.five, 5, row, w, j);
        }
        g
    }
}

/// The log growth in row `k` of a board `v` across with layer sizes `sizes`, at the file that
/// stands for file `j` of a board `w` across: the last two files matched from the right (the
/// layers dip there on every width), the others spread evenly, between two files read in
/// proportion.
fn row_growth(sizes: &[u64], v: u32, k: u32, w: u32, j: u32) -> f64 {
    let at = |f: u32| -> f64 {
        let size = |row: u32| {
            let r = (row * v + f) as usize;
            sizes.get(r).copied().unwrap_or(0).max(1) as f64
        };
        match k {
            0 => 0.0,
            _ => (size(k) / size(k - 1)).ln(),
        }
    };
    if j + 2 >= w {
        return at((j + v).saturating_sub(w));
    }
    let p = match w {
        0..=3 => f64::from(j) * f64::from(v - 1) / f64::from(w.max(2) - 1),
        _ => f64::from(j) * f64::from(v - 3) / f64::from(w - 3),
    };
    let a = p.floor();
    let b = (a + 1.0).min(f64::from(v - 1));
    let share = p - a;
    at(a as u32) * (1.0 - share) + at(b as u32) * share
}

/// Drops a layer, and its file when out of core.
fn discard(layer: Layer) {
    if let Store::File(path) = &layer.store {
        let _ = fs::remove_file(path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The peak bytes of layers and tables foreseen from the first three rows only (no time
    /// given) are within 1.5 times of those the count then reaches, on 6 x 8 (whose peak comes in
    /// its sixth row) and 6 x 7 (in its second last, shrunk by the end); in memory no disk.
    #[test]
    fn peak_bytes_foreseen_within_half_again() {
        let dir = std::env::temp_dir();
        for (w, h) in [(6, 8), (6, 7)] {
            let board = Board::new(w, h).unwrap();
            let count = ClosedCount::new(board, 2, u64::MAX, &dir).unwrap();
            let e = count.estimate_tables(0.0).unwrap();
            let (mut old, mut peak) = (count.first().states, 0.0f64);
            count
                .run(&mut |r| {
                    peak = peak.max(r.bytes_per_state * r.states as f64 + 16.0 * old as f64);
                    old = r.states;
                })
                .unwrap();
            let ratio = e.peak_bytes as f64 / peak;
            assert!(
                (1.0 / 1.5..=1.5).contains(&ratio),
                "{board}: {e:?} against {peak} bytes"
            );
            assert_eq!(e.disk_bytes, 0, "{board}");
        }
    }

    /// Under a budget far below its in-memory peak, 6 x 8 is foreseen out of core: the peak
    /// held within the budget and layer files on disk.
    #[test]
    fn out_of_core_under_a_small_budget() {
        let dir = std::env::temp_dir();
        let count = ClosedCount::new(Board::new(6, 8).unwrap(), 2, 4_000_000, &dir).unwrap();
        let e = count.estimate_tables(0.0).unwrap();
        assert!(e.peak_bytes <= 4_000_000, "{e:?}");
        assert!(e.disk_bytes > 10_000_000, "{e:?}");
    }
}
