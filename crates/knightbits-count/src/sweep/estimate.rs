//! What a closed count will take, told before it runs.
//!
//! The layers of a sweep grow row by row towards a size that depends on the width only (the
//! states a row of that width can hold), more slowly the closer they come, and the last two
//! rows shrink by factors that hardly depend on the width or on the height. So the estimate
//! counts the board's first rows exactly; then each later square closes the gap between its
//! layer and that full size in the proportion the same square closes it on a 6-wide board
//! (6 x 10's first eight rows), the full size carried to the board's width by the step from 5
//! to 6 across (the states of a row grow by about the same factor with each square of width);
//! and the last two rows shrink as 5 x 8's do against 5 x 10's. With the sizes of every round
//! it plays the count's own plan (in memory or out of core, passes, layer files) and prices
//! each round by the seconds a state of the sampled rounds took, the bytes its tables held and
//! the disk traffic its layer files cause.

use super::shard::MAX_LOAD;
use super::word::Word;
use super::{BUFFERS, Layer, Store, Sweep, file_bytes_of, table_bytes_of};
use crate::error::CountError;
use crate::method::Kind;
use crate::report::{Estimate, Plan};
use crate::workers::{available_memory, peak_memory};
use knightbits_board::Board;
use std::fs;
use std::time::Instant;
use std::vec::Vec;

/// The row (from 0) by which the layers of a 5- or 6-wide board have stopped growing: 6 x 10's
/// eighth row grows by 1 to 7 % a square, its seventh by 6 to 84 %. Chosen over the seventh on
/// 8 x 6 swept across 8 and 7 x 6 swept across 7, whose layers it foresees closer.
const FULL_ROW: u32 = 7;

/// The proportion of open to closed states falls from its highest row on faster the wider the
/// board: 6 x 10's rows 3 to 5 fall as 5 x 10's to the powers 1.38, 1.20 and 1.17, and the
/// rows of 7 x 8 and 8 x 8 counted fall about as 6 x 10's. So 5 x 10's fall, which the estimate
/// counts (6 x 10's would take seconds more), is taken to this power on boards wider than 5.
const FALL_EXPONENT: f64 = 1.25;

/// Bytes a second written to the scratch disk, or read from it past the page cache: fitted on
/// the out-of-core rounds of 8 x 7 swept across 8 (whose layer files the page cache held).
const DISK_RATE: f64 = 200e6;

/// A state of a board 8 across costs this power of how many times larger than the sample's
/// largest its round's layer is, in seconds: fitted on 8 x 6 swept across 8, whose rounds of 90
/// to 130 million states took 1.4 times the seconds a state of its rounds of 4 to 8 million.
/// Narrower boards' states cost the same in rounds of every size (7 x 10 swept across 7: 71 ns a
/// state read or made in its rounds of 2 to 13 million, 73 ns in its growing rounds of 47 to 59
/// million), so there the power is 0.
const SIZE_EXPONENT_8: f64 = 0.11;

/// The same power for open counts of boards 7 and 8 across, whose states cost more in large
/// rounds on both widths: fitted on 7 x 8 (52 to 55 ns a state in its rounds of 1 to 4 million
/// states, 87 to 126 ns in its rounds of 58 to 109 million) and 8 x 6 swept across 8 (55 to 62
/// ns in rounds of 1 to 5 million, 93 to 113 ns in rounds of 188 to 292 million), 2026-11-27.
const SIZE_EXPONENT_OPEN: f64 = 0.17;

/// The most those powers make a state cost: 8 x 6's largest rounds above, twice its small ones.
const SIZE_FACTOR_MOST: f64 = 2.0;

/// Rows always counted exactly, however short the time given: the first two, and the third
/// as long as its layers stay within [`THIRD_ROW_STATES`].
pub(crate) const FIRST_ROWS: u32 = 3;

/// The most states of a layer after which the third row is still counted, however short the
/// time given (a round of this many takes seconds, and the next ones grow by two or three
/// times a square): 10 x 5 open's third row reaches 139 million states in its fifth square
/// (125 s that round) and, counted whole, kept its plan going past 25 minutes (2026-11-29);
/// 9 x 9 open's passes this at its fifth square too (37.9 million; 183 million at its end).
/// 10 x 10 closed's stays below.
const THIRD_ROW_STATES: u64 = 1 << 24;

/// What an old state costs in a pass of a round out of core past the first, against the
/// first (which expands every state): the later passes read and decode the whole old layer but
/// expand only the states with keys in them (`sieve.rs`). 7 x 8 closed's square 39 (15.5
/// million states) took 1.8 s in one pass in memory and 4.5 s in 7 passes from disk (0.45 s a
/// later pass, against 0.93 s when every pass expanded every state), 2026-11-30.
const LATER_PASS: f64 = 0.45;

/// The widest sweep whose foresight counts have checked: past it an estimate is a floor.
pub(crate) const FORESEEN_WIDTH: u32 = 8;

/// States of a round below which its seconds do not price a state (the tables still fit the
/// processor's caches).
const TIMED_STATES: u64 = 100_000;

/// Bytes a state of the tables of a round of `states` states made with room for `predicted`,
/// at their loosest: slots of `record` bytes at the load limit for the predicted states, or
/// grown by half just now (53 % of their slots full; the shards of a round fill at one pace, so
/// they grow together).
fn table_bytes(predicted: u64, states: u64, record: u64) -> f64 {
    let at_limit = record as f64 * 256.0 / MAX_LOAD as f64;
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
    /// Keys made, before equal keys merged ([`Round::keys`](crate::Round::keys)).
    keys: u64,
}

/// The rounds counted, the states after every round, and the seconds a state took
/// ([`Sweep::foreseen`]).
type Foreseen = (Sample, Vec<u64>, (f64, f64));

/// The rounds of a count run from the start: stopped after `enough` says so, or all of them.
pub(crate) struct Sample {
    /// States before the first round.
    first: u64,
    rounds: Vec<Figures>,
    /// Did every round run?
    whole: bool,
}

impl Sample {
    /// The share of one of `p` processes: a `p`-th of the states of each round, and of its
    /// seconds.
    pub(crate) fn share(&self, p: u64) -> Sample {
        let rounds = self.rounds.iter().map(|f| Figures {
            states: f.states.div_ceil(p),
            seconds: f.seconds / p as f64,
            bytes_per_state: f.bytes_per_state,
            keys: f.keys.div_ceil(p),
        });
        Sample {
            first: self.first.div_ceil(p),
            rounds: rounds.collect(),
            whole: self.whole,
        }
    }
}

impl<K: Word> Sweep<K> {
    /// The wall time of the whole count on its threads, the peak memory of the process under
    /// its budget and the scratch disk its layer files take at once (0 in memory), from about
    /// `seconds` of real work.
    ///
    /// Half of `seconds` counts the board's first rows exactly (three at least, or two and the
    /// third's rounds up to its first layer past [`THIRD_ROW_STATES`] states); then the first
    /// eight rows of 6 x 10 and of 5 x 10, and 5 x 8, are counted (about two seconds). Each
    /// later square's layer closes its gap to the full size of a row of the board's width in
    /// the proportion the same square closes it on 6 x 10 (the full size: the eighth row's,
    /// carried on from 5 and 6 across by the same factor a square of width), and the last two
    /// rows shrink as 5 x 8's do against 5 x 10's. The count's own plan (spills, passes) is
    /// played on those sizes: a round costs the seconds a state took in the sampled rounds
    /// (their lower quartile, with 6 x 10's), more for larger rounds on a board 8 across, or
    /// the writing of its layer file if that is longer, plus the reading of the old layer's
    /// file past the page cache; it holds its tables at their loosest. BENCHMARKS.md (issue
    /// 23) holds it against counts of 6 x 8, 7 x 8, 8 x 7 and 8 x 8.
    pub fn estimate(&self, seconds: f64) -> Result<Estimate, CountError> {
        let baseline = peak_memory().unwrap_or(0);
        let e = self.estimate_tables(seconds)?;
        Ok(Estimate {
            peak_bytes: e.peak_bytes.saturating_add(baseline),
            ..e
        })
    }

    /// [`Sweep::estimate`] but the process's memory before the count: the count's layers
    /// and tables only.
    fn estimate_tables(&self, seconds: f64) -> Result<Estimate, CountError> {
        let (sample, sizes, timing) = self.foreseen(seconds)?;
        Ok(self.price(&sample, &sizes, timing))
    }

    /// The count spread over `processes` processes, each owning a share of every layer by key
    /// ([`Plan`]): the layers foreseen as [`Sweep::estimate`] foresees them from about
    /// `seconds` of work, divided evenly (the keys' hash spreads them), each share priced as
    /// this count prices its layers within its budget (which is a process's).
    pub(crate) fn plan(&self, processes: u32, seconds: f64) -> Result<Plan, CountError> {
        let baseline = peak_memory().unwrap_or(0);
        let (sample, sizes, timing) = self.foreseen(seconds)?;
        let plan = self.plan_of(&sample, &sizes, timing, processes);
        Ok(Plan {
            memory_bytes_per_process: plan.memory_bytes_per_process.saturating_add(baseline),
            ..plan
        })
    }

    /// The plan over `processes` processes of the rounds of `sizes` states, the first sampled
    /// (`sample`), priced by `timing`: the memory of the layers and tables only.
    pub(crate) fn plan_of(
        &self,
        sample: &Sample,
        sizes: &[u64],
        timing: (f64, f64),
        processes: u32,
    ) -> Plan {
        let p = u64::from(processes.max(1));
        let shares: Vec<u64> = sizes.iter().map(|&s| s.div_ceil(p)).collect();
        let share = sample.share(p);
        let e = self.price(&share, &shares, timing);
        let kept = 1.0 / p as f64;
        let sent = keys_made(&share, &shares, self.sweep_width()) * (1.0 - kept);
        Plan {
            processes: processes.max(1),
            states_peak: sizes.iter().copied().max().unwrap_or(0),
            memory_bytes_per_process: e.peak_bytes,
            disk_bytes_per_process: e.disk_bytes,
            sent_bytes_per_process: (sent * K::RECORD_BYTES as f64) as u64,
            sent_keys_per_process: sent as u64,
            seconds: e.seconds,
            floor: e.floor,
        }
    }

    /// The first rounds counted (about half of `seconds`), the states after every round (those
    /// counted, then foreseen), and the seconds a state took ([`timing`]).
    ///
    /// Closed tours: see [`Sweep::estimate`]. Open tours: the closed tours of the same sweep
    /// are foreseen as above (of the board one row longer when it has an odd number of squares,
    /// with no closed tour: its last two rows for the board's), and each later round has the
    /// open count's states in the proportion to the closed count's of its row. That proportion
    /// rises over the first rows, then falls towards a floor (the loose ends' states stop
    /// growing sooner); it is carried on from the last row sampled as it falls on 5 x 10 after
    /// its highest (its first eight rows counted both ways; on boards wider than 5, to the power
    /// [`FALL_EXPONENT`]), row for row: with the keys of both ends placed merged into closed
    /// keys, 6 x 8's proportion peaks in the same row as 5 x 10's and falls about as it does;
    /// in the last two rows it falls further, as 5 x 8's does (to a power that grows with the
    /// width). A round costs the seconds a state took in the sampled rounds. BENCHMARKS.md
    /// holds it against counts.
    fn foreseen(&self, seconds: f64) -> Result<Foreseen, CountError> {
        let sample = self.first_rows(seconds / 2.0)?;
        if self.kind() == Kind::Open {
            let timing = timing(&[&sample]).unwrap_or((0.0, 1.0));
            let sizes = self.foresee_open(&sample)?;
            return Ok((sample, sizes, timing));
        }
        let (sizes, timing) = if sample.whole {
            let sizes = sample.rounds.iter().map(|f| f.states).collect();
            (sizes, timing(&[&sample]))
        } else {
            let relatives = Relatives::count(self)?;
            let sizes = self.foresee(&sample, &relatives);
            (sizes, timing(&[&sample, &relatives.six_counted]))
        };
        Ok((sample, sizes, timing.unwrap_or((0.0, 1.0))))
    }

    /// The states of every round of an open count from its first rounds counted (`sample`).
    pub(crate) fn foresee_open(&self, sample: &Sample) -> Result<Vec<u64>, CountError> {
        let w = self.sweep_width();
        let counted: Vec<u64> = sample.rounds.iter().map(|f| f.states).collect();
        if sample.whole {
            return Ok(counted);
        }
        let h = self.height(w);
        let twin_h = if (w * h) % 2 == 1 { h + 1 } else { h };
        let twin_board = Board::new(w, twin_h).map_err(|_| CountError::TooWide { limit: w })?;
        let twin =
            Sweep::<K>::new(twin_board, self.threads, self.budget, &self.scratch)?.across(w)?;
        let n = counted.len();
        let closed_sample = twin.sample(&mut |done, _| done.len() >= n)?;
        let relatives = Relatives::count(&twin)?;
        let closed = twin.foresee(&closed_sample, &relatives);
        let rounds = self.rounds() as usize;
        let extra = closed.len().saturating_sub(rounds);
        let wu = w as usize;
        let closed_at = |r: usize| {
            let r = if r + 2 * wu >= rounds { r + extra } else { r };
            closed.get(r).copied().unwrap_or(0) as f64
        };
        // Open against closed states, row by row: the sample's whole rows, and 5 x 10's.
        let by_rows = |open: &[u64], closed: &[u64], w: usize| -> Vec<f64> {
            (0..open.len() / w)
                .map(|k| {
                    let row = k * w..(k + 1) * w;
                    let o: u64 = open.get(row.clone()).unwrap_or_default().iter().sum();
                    let c: u64 = closed.get(row).unwrap_or_default().iter().sum();
                    o as f64 / c.max(1) as f64
                })
                .collect()
        };
        // The sample's proportions against the closed twin turned over after the same rounds
        // as this count (the closed count turns every row; an open count whose middle square
        // is inside a row only from the end of that row on, so its first rows keep both keys of
        // each pair): the proportions then carry on to the rows where both turn.
        let mut like =
            Sweep::<K>::new(twin_board, self.threads, self.budget, &self.scratch)?.across(w)?;
        like.places.turn_as(&self.places);
        let like_sample = like.sample(&mut |done, _| done.len() >= n)?;
        let like_sizes: Vec<u64> = like_sample.rounds.iter().map(|f| f.states).collect();
        let own = by_rows(&counted, &like_sizes, wu);
        let five = Board::new(5, 10).map_err(|_| CountError::TooWide { limit: 5 })?;
        let rows_of_five = |count: Sweep<K>| -> Result<Vec<u64>, CountError> {
            let s = count.sample(&mut |done, _| done.len() >= 40)?;
            Ok(s.rounds.iter().map(|f| f.states).collect())
        };
        let open5 = rows_of_five(Sweep::<K>::open_tours(
            five,
            None,
            self.threads,
            self.budget,
            &self.scratch,
        )?)?;
        let closed5 = rows_of_five(Sweep::<K>::new(
            five,
            self.threads,
            self.budget,
            &self.scratch,
        )?)?;
        let falls = by_rows(&open5, &closed5, 5);
        // The fall from the highest proportion on (none before it).
        let (peak_row, peak) =
            falls
                .iter()
                .copied()
                .enumerate()
                .fold(
                    (0, 0.0f64),
                    |best, (k, q)| if q > best.1 { (k, q) } else { best },
                );
        let steeper = if w > 5 { FALL_EXPONENT } else { 1.0 };
        let fall_at = |k: usize| {
            let i = k.min(falls.len().saturating_sub(1));
            match falls.get(i) {
                Some(&q) if i > peak_row && peak > 0.0 => (q / peak).powf(steeper),
                _ => 1.0,
            }
        };
        // The last two rows keep fewer open states against closed ones than rows far from the
        // end (a square ahead that can no longer get its edges must be an end): as 5 x 8's
        // last two rows keep, counted both ways, against 5 x 10's same rows, to the power of
        // the width less 4 (the window looks further ahead on a wider board; fitted on 7 x 7,
        // whose second last row 5 x 8's proportion alone foresaw twice too large, and 6 x 7).
        let short = Board::new(5, 8).map_err(|_| CountError::TooWide { limit: 5 })?;
        let whole = |count: Sweep<K>| -> Result<Vec<u64>, CountError> {
            let s = count.sample(&mut |_, _| false)?;
            Ok(s.rounds.iter().map(|f| f.states).collect())
        };
        let ends = by_rows(
            &whole(Sweep::<K>::open_tours(
                short,
                None,
                self.threads,
                self.budget,
                &self.scratch,
            )?)?,
            &whole(Sweep::<K>::new(
                short,
                self.threads,
                self.budget,
                &self.scratch,
            )?)?,
            5,
        );
        let last_rows = |d: usize| match (ends.get(6 + d), falls.get(6 + d)) {
            (Some(&e), Some(&f)) if f > 0.0 => e / f,
            _ => 1.0,
        };
        let last = own.len().saturating_sub(1);
        let from = own.get(last).copied().unwrap_or(1.0);
        let mut sizes = counted.clone();
        for r in n..rounds {
            let k = r / wu;
            let mut ratio = from * fall_at(k) / fall_at(last);
            if let Some(d) = (k + 2).checked_sub(h as usize) {
                ratio *= last_rows(d).powf(f64::from(w) - 4.0);
            }
            sizes.push((closed_at(r) * ratio).round() as u64);
        }
        Ok(sizes)
    }

    /// The board's first rounds counted: its first [`FIRST_ROWS`] rows at least (the third only
    /// up to its first layer past [`THIRD_ROW_STATES`]), then rounds for as long as about
    /// `seconds` allow.
    pub(crate) fn first_rows(&self, seconds: f64) -> Result<Sample, CountError> {
        self.first_rows_within(seconds, THIRD_ROW_STATES)
    }

    /// [`Sweep::first_rows`] with the third row stopped past `most` states.
    fn first_rows_within(&self, seconds: f64, most: u64) -> Result<Sample, CountError> {
        let w = self.sweep_width() as usize;
        let started = Instant::now();
        let rows = FIRST_ROWS as usize;
        self.fresh(self.frontier.board(), w as u32)?
            .sample(&mut |done, last| {
                let spent = started.elapsed().as_secs_f64();
                let third = done.len() > (rows - 1) * w;
                let large = third && done.last().is_some_and(|f| f.states > most);
                let floor = done.len() >= rows * w || large;
                // The next round takes about as long as the last one, grown as its states did.
                floor && spent + last >= seconds.max(0.0)
            })
    }

    /// The states after every round: the sample's as counted, the later ones foreseen from
    /// them and the narrower boards'.
    fn foresee(&self, sample: &Sample, relatives: &Relatives) -> Vec<u64> {
        let w = self.sweep_width();
        let h = self.height(w);
        let square = |r: usize| ((r as u32) / w, (r as u32) % w);
        let mut sizes: Vec<u64> = sample.rounds.iter().map(|f| f.states).collect();
        // The log sizes the rounds would have far from the last rows.
        let mut levels: Vec<f64> = (sizes.iter().enumerate())
            .map(|(r, &s)| {
                let (k, j) = square(r);
                ln(s) - relatives.shrink(w, h, k, j)
            })
            .collect();
        for r in sizes.len()..self.rounds() as usize {
            let (k, j) = square(r);
            let back = r.checked_sub(w as usize).and_then(|i| levels.get(i));
            let level = relatives.level(w, k, j, back.copied().unwrap_or(0.0));
            levels.push(level);
            let size = (level + relatives.shrink(w, h, k, j)).exp();
            sizes.push(size.round() as u64);
        }
        sizes
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
    fn fresh(&self, board: Board, w: u32) -> Result<Sweep<K>, CountError> {
        let count = match self.kind() {
            Kind::Closed => Sweep::<K>::new(board, self.threads, self.budget, &self.scratch),
            Kind::Open => {
                Sweep::<K>::open_tours(board, self.start, self.threads, self.budget, &self.scratch)
            }
        };
        count?.across(w)
    }

    /// Runs rounds from the start until `enough(the rounds run, seconds the next is expected
    /// to take)` or the last round.
    fn sample(
        &self,
        enough: &mut dyn FnMut(&[Figures], f64) -> bool,
    ) -> Result<Sample, CountError> {
        let mut layer = self.first();
        let first = layer.states;
        let mut sizes: Vec<u64> = Vec::new();
        let mut rounds: Vec<Figures> = Vec::new();
        let mut next = 0.0;
        while layer.round < self.frontier.rounds() && !enough(&rounds, next) {
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
                keys: figures.keys,
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
    pub(crate) fn price(&self, sample: &Sample, sizes: &[u64], timing: (f64, f64)) -> Estimate {
        let (per_state, largest) = timing;
        let exponent = match (self.kind(), self.sweep_width()) {
            (Kind::Open, 7..) => SIZE_EXPONENT_OPEN,
            (_, 8..) => SIZE_EXPONENT_8,
            _ => 0.0,
        };
        let per_state_at = |states: u64| {
            per_state
                * (states as f64 / largest)
                    .max(1.0)
                    .powf(exponent)
                    .min(SIZE_FACTOR_MOST)
        };
        let room = self.budget.saturating_sub(BUFFERS) / 3 * 2;
        let spare = available_memory().unwrap_or(0) as f64;
        let file_bytes = file_bytes_of::<K>();
        let (mut seconds, mut peak, mut disk) = (0.0f64, 0.0f64, 0u64);
        let mut on_disk = false;
        let mut old = sample.first;
        for (r, &new) in sizes.iter().enumerate() {
            let predicted = self.predict(old, sizes.get(..r).unwrap_or_default());
            let tables = predicted.saturating_mul(table_bytes_of::<K>());
            let fits = old.saturating_mul(K::RECORD_BYTES).saturating_add(tables) <= room;
            // Bytes written to the scratch folder, and read from it past the page cache.
            let (mut written, mut read) = (0.0, 0.0);
            if !on_disk && !fits && old > 4096 {
                on_disk = true;
                written += file_bytes as f64 * old as f64;
                disk = disk.max(old.saturating_mul(file_bytes));
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
                None => table_bytes(predicted, new, K::RECORD_BYTES),
            };
            let mut memory = bytes * new as f64 / passes as f64;
            if on_disk {
                // The new layer is written; the old one read once a pass, from the page cache
                // as far as the memory left beside the tables and the new layer's file holds it.
                let file = file_bytes as f64 * old as f64;
                let new_file = file_bytes as f64 * new as f64;
                let cached = (spare - memory - new_file).clamp(0.0, file);
                written += new_file;
                read += (file - cached) * passes as f64;
                disk = disk.max(old.saturating_add(new).saturating_mul(file_bytes));
            } else {
                memory += K::RECORD_BYTES as f64 * old as f64;
            }
            peak = peak.max(memory);
            seconds += match sampled {
                Some(f) => f.seconds,
                // Files are written through the page cache, written back while the round
                // computes (its work or the writing, whichever is longer); a read past the
                // page cache stops the workers until the disk has delivered.
                None => {
                    let olds = old as f64 * (1.0 + LATER_PASS * (passes - 1) as f64);
                    let work = per_state_at(new) * (olds + new as f64);
                    work.max(written / DISK_RATE) + read / DISK_RATE
                }
            };
            old = new;
        }
        // The count's rules keep its tables within the budget, whatever the sizes foreseen.
        let peak = (peak as u64).min(self.budget);
        Estimate {
            seconds,
            peak_bytes: peak,
            disk_bytes: disk,
            floor: !sample.whole && self.sweep_width() > FORESEEN_WIDTH,
        }
    }
}

/// The keys made over every round of `sizes` states (each round's new layer), the first
/// sampled (`sample`): a sampled round's own, a later round's as many a state of the layer
/// before it as the last `width` rounds sampled (a row of the board) made.
fn keys_made(sample: &Sample, sizes: &[u64], width: u32) -> f64 {
    let olds: Vec<u64> = core::iter::once(sample.first)
        .chain(sample.rounds.iter().map(|f| f.states))
        .collect();
    let last = sample.rounds.len().saturating_sub(width as usize);
    let (keys, old) = sample.rounds[last..]
        .iter()
        .zip(&olds[last..])
        .fold((0u64, 0u64), |(k, o), (f, &old)| (k + f.keys, o + old));
    let per_state = keys as f64 / old.max(1) as f64;
    let mut made = 0.0;
    let mut old = sample.first;
    for (r, &new) in sizes.iter().enumerate() {
        made += match sample.rounds.get(r) {
            Some(f) => f.keys as f64,
            None => per_state * old as f64,
        };
        old = new;
    }
    made
}

/// The seconds a state read or made in the larger rounds (those of at least [`TIMED_STATES`]
/// states) of some samples counted one after the other (the board's own, then 6 x 10's): the
/// lower quartile over those rounds, as a system busy elsewhere only ever adds to a round's
/// seconds; and the states of the largest of them; none without such rounds.
pub(crate) fn timing(samples: &[&Sample]) -> Option<(f64, f64)> {
    let mut each: Vec<f64> = Vec::new();
    let mut largest = 1u64;
    for sample in samples {
        let mut old = sample.first;
        for f in &sample.rounds {
            if f.states >= TIMED_STATES || old >= TIMED_STATES {
                each.push(f.seconds / (old + f.states) as f64);
                largest = largest.max(f.states);
            }
            old = f.states;
        }
    }
    each.sort_unstable_by(f64::total_cmp);
    let quartile = each.get(each.len() / 4)?;
    Some((*quartile, largest as f64))
}

/// The layer sizes of the narrower boards counted.
struct Relatives {
    /// 6 x 10's first eight rows as counted: their rounds price a state with the sample's.
    six_counted: Sample,
    /// 6 x 10 across 6, its first eight rows: how a 6-wide board's layers come to full size.
    six: Vec<u64>,
    /// 5 x 10 across 5, its first eight rows: a 5-wide board's full size.
    five: Vec<u64>,
    /// 5 x 8 across 5: its last two rows, against 5 x 10's same rows.
    five_short: Vec<u64>,
}

impl Relatives {
    fn count<K: Word>(like: &Sweep<K>) -> Result<Relatives, CountError> {
        let first_rows = |w: u32, h: u32| -> Result<Sample, CountError> {
            let board = Board::new(w, h).map_err(|_| CountError::TooWide { limit: w })?;
            let rounds = ((FULL_ROW + 1) * w) as usize;
            like.fresh(board, w)?
                .sample(&mut |done, _| done.len() >= rounds)
        };
        let sizes = |s: &Sample| s.rounds.iter().map(|f| f.states).collect();
        let six = first_rows(6, 10)?;
        Ok(Relatives {
            six: sizes(&six),
            six_counted: six,
            five: sizes(&first_rows(5, 10)?),
            five_short: sizes(&first_rows(5, 8)?),
        })
    }

    /// The log size of the square in row `k` (from 0), file `j`, of a board `w` across, far
    /// from its last rows, from `before`, the same file's one row back: the gap to the full size
    /// closed as on 6 x 10.
    fn level(&self, w: u32, k: u32, j: u32, before: f64) -> f64 {
        let full_at = |sizes: &[u64], v| across(v, w, j, |f| log_size(sizes, v, FULL_ROW, f));
        let (six, five) = (full_at(&self.six, 6), full_at(&self.five, 5));
        let full = six + (f64::from(w) - 6.0) * (six - five);
        if k >= FULL_ROW || k == 0 {
            return full;
        }
        let kept = across(6, w, j, |f| {
            let full = log_size(&self.six, 6, FULL_ROW, f);
            let gap = |k| full - log_size(&self.six, 6, k, f);
            if gap(k - 1) > 0.0 {
                (gap(k) / gap(k - 1)).clamp(0.0, 1.0)
            } else {
                0.0
            }
        });
        full - (full - before) * kept
    }

    /// How much smaller, in log size, the square in row `k`, file `j`, of a board `w` across and
    /// `h` rows is than it would be far from the last rows: the shrinking of its last two rows
    /// up to `k`, as 5 x 8's against 5 x 10's.
    fn shrink(&self, w: u32, h: u32, k: u32, j: u32) -> f64 {
        let growth = |sizes: &[u64], row: u32| {
            across(5, w, j, |f| {
                log_size(sizes, 5, row, f) - log_size(sizes, 5, row - 1, f)
            })
        };
        (h.saturating_sub(2)..=k)
            .map(|kk| {
                // The row of 5 x 8 as far from its end as row `kk` is from the board's.
                let row = 8 - (h - kk);
                growth(&self.five_short, row) - growth(&self.five, row)
            })
            .sum()
    }
}

/// The log of the layer size (at least 1) in row `k`, file `f`, of a board `v` across.
fn log_size(sizes: &[u64], v: u32, k: u32, f: u32) -> f64 {
    let r = (k * v + f) as usize;
    (sizes.get(r).copied().unwrap_or(0).max(1) as f64).ln()
}

/// The natural log of a size, at least 1.
fn ln(size: u64) -> f64 {
    (size.max(1) as f64).ln()
}

/// A figure `at` a file of a board `v` across, taken for file `j` of a board `w` across: the
/// last two files matched from the right (the layers dip there on every width), the others
/// spread evenly, between two files read in proportion.
fn across(v: u32, w: u32, j: u32, at: impl Fn(u32) -> f64) -> f64 {
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
fn discard<K: Word>(layer: Layer<K>) {
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
            let count = Sweep::<u64>::new(board, 2, u64::MAX, &dir).unwrap();
            let e = count.estimate_tables(0.0).unwrap();
            let peak = measured_peak(&count);
            let ratio = e.peak_bytes as f64 / peak;
            assert!(
                (1.0 / 1.5..=1.5).contains(&ratio),
                "{board}: {e:?} against {peak} bytes"
            );
            assert_eq!(e.disk_bytes, 0, "{board}");
            assert!(
                !e.floor,
                "{board}: within the width foresight was checked on"
            );
        }
    }

    /// A plan for one process is the estimate, and one for four divides it: on 6 x 8 and 6 x 7
    /// closed, foreseen from their first three rows, the states of the largest layer are within
    /// 1.5 times of those the count reaches, and so is the memory of one process (its layers and
    /// tables) of the count's, with no disk and nothing sent; four processes plan for the same
    /// largest layer, each within 1.5 times of a quarter of the count's memory, sending within
    /// 1.5 times of three quarters of its share of the keys the count made, 16 bytes a key.
    #[test]
    fn a_plan_divides_the_count_foreseen_among_processes() {
        let dir = std::env::temp_dir();
        for (w, h) in [(6, 8), (6, 7)] {
            let board = Board::new(w, h).unwrap();
            let count = Sweep::<u64>::new(board, 2, u64::MAX, &dir).unwrap();
            let (mut most, mut old, mut peak) = (0u64, count.first().states, 0.0f64);
            let mut made = 0u64;
            count
                .run(&mut |r| {
                    peak = peak.max(r.bytes_per_state * r.states as f64 + 16.0 * old as f64);
                    most = most.max(r.states);
                    old = r.states;
                    made += r.keys;
                })
                .unwrap();
            let (sample, sizes, timing) = count.foreseen(0.0).unwrap();
            assert!(!sample.whole, "{board}: foreseen, not counted");
            let within = |a: f64, b: f64| (1.0 / 1.5..=1.5).contains(&(a / b));
            let one = count.plan_of(&sample, &sizes, timing, 1);
            assert!(
                within(one.states_peak as f64, most as f64),
                "{board}: {one:?}, {most}"
            );
            let memory = one.memory_bytes_per_process as f64;
            assert!(within(memory, peak), "{board}: {one:?}, {peak}");
            assert_eq!(
                (one.disk_bytes_per_process, one.sent_bytes_per_process),
                (0, 0)
            );
            assert_eq!(one.sent_keys_per_process, 0);
            let four = count.plan_of(&sample, &sizes, timing, 4);
            assert_eq!((four.processes, four.states_peak), (4, one.states_peak));
            let memory = four.memory_bytes_per_process as f64;
            assert!(within(memory, peak / 4.0), "{board}: {four:?}, {peak}");
            let sent = four.sent_keys_per_process;
            assert!(
                within(sent as f64, made as f64 / 4.0 * 0.75),
                "{board}: {four:?}, {made}"
            );
            assert!(
                four.sent_bytes_per_process.abs_diff(sent * 16) < 16,
                "{board}"
            );
            assert!(four.seconds < one.seconds, "{board}");
        }
    }

    /// The bytes `count` reaches at its fullest, run: the next layer's tables and the old
    /// layer's 16-byte records.
    fn measured_peak(count: &Sweep) -> f64 {
        let (mut old, mut peak) = (count.first().states, 0.0f64);
        count
            .run(&mut |r| {
                peak = peak.max(r.bytes_per_state * r.states as f64 + 16.0 * old as f64);
                old = r.states;
            })
            .unwrap();
        peak
    }

    /// The peak bytes of the layers and tables of an open count foreseen from its first three
    /// rows only (no time given), against those it then reaches.
    fn open_peak_ratio(w: u32, h: u32) -> f64 {
        let dir = std::env::temp_dir();
        let board = Board::new(w, h).unwrap();
        let count = Sweep::<u64>::open_tours(board, None, 2, u64::MAX, &dir).unwrap();
        let e = count.estimate_tables(0.0).unwrap();
        assert_eq!(e.disk_bytes, 0, "{board}");
        e.peak_bytes as f64 / measured_peak(&count)
    }

    /// Open tours: the peak bytes foreseen are within 1.5 times of those reached on 5 x 9 (the
    /// proportion of open to closed states carried on as 5 x 10's own falls): the estimate
    /// counts three narrower boards' first rows, 23 s on the busy machine, `--ignored`.
    #[test]
    #[ignore]
    fn open_peak_bytes_foreseen_within_half_again() {
        let ratio = open_peak_ratio(5, 9);
        assert!((1.0 / 1.5..=1.5).contains(&ratio), "5x9: {ratio}");
    }

    /// 5 x 10, 6 x 7 and 6 x 8 open within 1.5 times too (1.13, 0.94 and 1.18 times when
    /// written; 5 x 9 1.44): a minute, `--ignored`.
    #[test]
    #[ignore]
    fn open_peak_bytes_of_longer_and_wider_boards_foreseen() {
        let ratio = open_peak_ratio(5, 10);
        assert!((1.0 / 1.5..=1.5).contains(&ratio), "5x10: {ratio}");
        for (w, h) in [(6, 7), (6, 8)] {
            let ratio = open_peak_ratio(w, h);
            assert!((1.0 / 1.5..=1.5).contains(&ratio), "{w}x{h}: {ratio}");
        }
    }

    /// On a board 6 across the foreseen layers of the rows far from the last are those of
    /// 6 x 10's, which the estimate reads: 6 x 9's rows four to seven, foreseen from its first
    /// three rows, are its counted ones (the indices of rows, files and gaps are right), and its
    /// second last row shrinks to within 1.5 times of the counted one (the last row's layers
    /// hold from one state to a few tens of thousands and cost next to nothing).
    #[test]
    fn a_board_six_across_is_foreseen_as_counted() {
        let dir = std::env::temp_dir();
        let count = Sweep::<u64>::new(Board::new(6, 9).unwrap(), 2, u64::MAX, &dir).unwrap();
        let sample = count.sample(&mut |done, _| done.len() >= 18).unwrap();
        let relatives = Relatives::count(&count).unwrap();
        let foreseen = count.foresee(&sample, &relatives);
        let whole = count.sample(&mut |_, _| false).unwrap();
        let counted: Vec<u64> = whole.rounds.iter().map(|f| f.states).collect();
        assert_eq!(foreseen.len(), counted.len());
        for r in 18..42 {
            let ratio = foreseen[r] as f64 / counted[r] as f64;
            assert!(
                (ratio - 1.0).abs() < 1e-6,
                "round {r}: {} against {}",
                foreseen[r],
                counted[r]
            );
        }
        for r in 42..48 {
            let ratio = foreseen[r] as f64 / counted[r] as f64;
            assert!(
                (1.0 / 1.5..=1.5).contains(&ratio),
                "round {r}: {} against {}",
                foreseen[r],
                counted[r]
            );
        }
    }

    /// With no time given, 9 x 4 closed has its first three rows counted exactly (27 rounds);
    /// with the third row stopped past the states of its fifth layer, its first two rows and
    /// the third's rounds up to the first layer past those.
    #[test]
    fn the_third_row_stops_past_its_most_states() {
        let dir = std::env::temp_dir();
        let count = Sweep::<u128>::new(Board::new(9, 4).unwrap(), 2, u64::MAX, &dir)
            .unwrap()
            .across(9)
            .unwrap();
        let states = |s: &Sample| s.rounds.iter().map(|f| f.states).collect::<Vec<_>>();
        let all = states(&count.first_rows(0.0).unwrap());
        assert_eq!(all.len(), 27);
        let most = all[22];
        let cut = states(&count.first_rows_within(0.0, most).unwrap());
        assert_eq!(cut[..], all[..cut.len()], "the same rounds");
        let past = all[18..].iter().position(|&s| s > most).unwrap() + 19;
        assert!(past < 27, "{all:?}");
        assert_eq!(cut.len(), past, "{all:?}");
    }

    /// An estimate of a sweep past [`FORESEEN_WIDTH`] whose later rows are foreseen is a floor:
    /// 9 x 4 closed across 9 (three rows counted); counted whole (9 x 3, its three rows) it is
    /// not.
    #[test]
    fn an_estimate_past_the_width_checked_is_a_floor() {
        let dir = std::env::temp_dir();
        for (h, floor) in [(4, true), (3, false)] {
            let count = Sweep::<u128>::new(Board::new(9, h).unwrap(), 2, u64::MAX, &dir)
                .unwrap()
                .across(9)
                .unwrap();
            let e = count.estimate_tables(0.0).unwrap();
            assert_eq!(e.floor, floor, "9x{h}: {e:?}");
        }
    }

    /// Under a budget under half its in-memory peak (foreseen at 35.8 MB), 6 x 8 is foreseen out
    /// of core: the peak held within the budget and layer files on disk. (At 4 MB, its sample
    /// and the narrower boards counted out of core took 31 s, at 16 MB 9 s.)
    #[test]
    fn out_of_core_under_a_small_budget() {
        let dir = std::env::temp_dir();
        let count = Sweep::<u64>::new(Board::new(6, 8).unwrap(), 2, 16_000_000, &dir).unwrap();
        let e = count.estimate_tables(0.0).unwrap();
        assert!(e.peak_bytes <= 16_000_000, "{e:?}");
        assert!(e.disk_bytes > 10_000_000, "{e:?}");
    }
}
