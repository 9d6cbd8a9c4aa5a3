//! `knightbits count-tours`: how many knight's tours a board has, with an estimate before a
//! long count, a progress bar and checkpoints.

use std::fs;
use std::io::{self, BufReader, BufWriter, IsTerminal};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::{Duration, Instant};

use indicatif::{HumanBytes, HumanDuration, ProgressBar, ProgressDrawTarget, ProgressStyle};
use knightbits_api::tour::TourCount;
use knightbits_api::values;
use knightbits_board::count::{
    self, ClosedCount, CountError, Estimate, Frontier, Kind, Layer, OpenMethod, OpenTours,
};
use knightbits_board::{Board, Coord};
use serde::{Deserialize, Serialize};

use crate::error::CliError;
use crate::output;

/// Counts knight's tours: directed open tours (all, or from one --start square) by meet in the
/// middle, or by a frontier programme on long narrow and large boards, and undirected closed
/// tours (--closed) by the frontier programme.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
knightbits count-tours --board 5x5 --json          # {\"open\": 1728}\n  \
knightbits count-tours --board 5x5 --start a1 --json # {\"open\": 304}\n  \
knightbits count-tours --board 6x6 --closed --json   # {\"closed\": 9862}\n  \
knightbits count-tours --board 7x7 --checkpoint 7x7.ckpt   # about 7 minutes on 2 cores\n  \
knightbits count-tours --board 8x8 --closed --max-memory 16G --checkpoint 8x8.layer\n\n\
Closed tours of boards up to 8 wide are counted square by square within --max-memory: the\n\
layers that do not fit are kept in --scratch (the same command resumes from --checkpoint), and\n\
the count stops with one line only when that folder has no room for a layer. Before another\n\
count expected to take more than a few seconds, an estimate of its time and peak memory is\n\
printed on stderr, from the first seconds of the count itself; such a count is refused when\n\
the estimated memory exceeds --max-memory. A progress bar with the time left is drawn on\n\
stderr when it is a terminal (not with --json). Open tours (from every start or from --start)\n\
are counted by the frontier programme on boards at least 8 long and at most 6 wide and on\n\
boards past 64 squares, by meet in the middle on the others. Limit of the representation:\n\
boards whose shorter side is at most 12.")]
pub struct Args {
    /// Board size WxH.
    #[arg(long, value_name = "WxH", value_parser = clap::value_parser!(Board))]
    board: Board,
    /// Count only the open tours starting on this square.
    #[arg(long, conflicts_with = "closed")]
    start: Option<String>,
    /// Count closed tours (undirected: each cycle once).
    #[arg(long)]
    closed: bool,
    /// Worker threads (default: as many as the machine runs at once).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// The memory the count may use, as bytes or with a suffix K, M, G or T (powers of 1024),
    /// default the memory available (three quarters of it for a closed count). A closed count
    /// of a board up to 8 wide keeps within it by putting its layers in --scratch; another
    /// count whose estimated peak exceeds it is refused.
    #[arg(long, value_name = "SIZE")]
    max_memory: Option<Bytes>,
    /// The folder where a closed count keeps the layers that do not fit in --max-memory
    /// (default: the system's temporary folder).
    #[arg(long, value_name = "DIR", value_parser = folder, requires = "closed")]
    #[cfg_attr(feature = "dist", arg(conflicts_with = "processes"))]
    scratch: Option<PathBuf>,
    /// Keep the count's state in PATH (written to PATH.tmp, then renamed) after every unit of
    /// work (meet in the middle) or every --checkpoint-every seconds (frontier); the same command
    /// with the same PATH resumes from it. The file is removed when the count ends.
    #[arg(long, value_name = "PATH")]
    checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints of a frontier count (0: after every square).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 30,
        requires = "checkpoint"
    )]
    checkpoint_every: u64,
    /// Print one JSON object: {"open": n} or {"closed": n}.
    #[arg(long)]
    json: bool,
    #[cfg(feature = "dist")]
    #[command(flatten)]
    dist: super::count_dist::DistArgs,
}

/// A folder that exists.
fn folder(s: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(s);
    if path.is_dir() {
        Ok(path)
    } else {
        Err(format!("{s:?} is not a folder"))
    }
}

/// A number of bytes, written plainly or with a suffix K, M, G or T (powers of 1024).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bytes(pub u64);

impl FromStr for Bytes {
    type Err = String;

    fn from_str(s: &str) -> Result<Bytes, String> {
        let t = s.trim();
        let t = t
            .strip_suffix("iB")
            .or_else(|| t.strip_suffix('B'))
            .unwrap_or(t);
        let not_a_size = || format!("{s:?} is not a size such as 4G or 512M");
        let (digits, suffix) = match t.char_indices().last() {
            Some((i, c)) if c.is_ascii_alphabetic() => (&t[..i], Some(c)),
            _ => (t, None),
        };
        let n: f64 = digits.trim().parse().map_err(|_| not_a_size())?;
        let shift = match suffix.map(|c| c.to_ascii_uppercase()) {
            None => 0,
            Some('K') => 10,
            Some('M') => 20,
            Some('G') => 30,
            Some('T') => 40,
            Some(c) => return Err(format!("unknown size suffix {c:?} (K, M, G or T)")),
        };
        let bytes = n * (1u64 << shift) as f64;
        if !(bytes.is_finite() && bytes >= 1.0 && bytes < u64::MAX as f64) {
            return Err(not_a_size());
        }
        Ok(Bytes(bytes as u64))
    }
}

impl std::fmt::Display for Bytes {
    /// indicatif's binary units: `40 B`, `2.25 KiB`, `1.50 GiB`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", HumanBytes(self.0))
    }
}

/// Seconds of the count spent on the estimate (the work goes on from there for closed tours).
const SAMPLE_SECONDS: f64 = 2.0;
/// Counts estimated to take longer than this get the estimate printed.
const LONG_SECONDS: f64 = 10.0;

pub fn run(args: Args) -> Result<(), CliError> {
    let board = args.board;
    #[cfg(feature = "dist")]
    if args.dist.processes.is_some() {
        return super::count_dist::run(
            &args.dist,
            board,
            args.closed,
            args.threads,
            args.checkpoint.clone(),
            args.json,
        );
    }
    let threads = args
        .threads
        .map_or_else(count::available_threads, usize::from);
    let limit = args
        .max_memory
        .or_else(|| count::available_memory().map(Bytes));
    let bar = args.json || !io::stderr().is_terminal();
    let ctx = Context {
        board,
        threads,
        limit,
        explicit: args.max_memory.is_some(),
        quiet_bar: bar,
        checkpoint: args.checkpoint.clone(),
        every: Duration::from_secs(args.checkpoint_every),
    };
    let start = match &args.start {
        Some(text) => Some(values::coord(board, "start square", text)?),
        None => None,
    };
    let scratch = args.scratch.clone().unwrap_or_else(std::env::temp_dir);
    let answer = if args.closed {
        TourCount::Closed(ctx.closed(&scratch)?)
    } else if OpenMethod::for_board(board) == OpenMethod::Frontier {
        TourCount::Open(ctx.frontier(Kind::Open, start)?)
    } else {
        TourCount::Open(ctx.open(start, args.start.as_deref())?.into())
    };
    if let Some(path) = &args.checkpoint {
        let _ = fs::remove_file(path);
    }
    if args.json {
        output::json(&answer)
    } else {
        let from = match &args.start {
            Some(text) => format!(" from {}", text.to_ascii_lowercase()),
            None => String::new(),
        };
        output::text(&format!(
            "{} {} tours of {board}{from}\n",
            answer.count(),
            answer.kind()
        ))
    }
}

/// What a count needs besides its kind.
struct Context {
    board: Board,
    threads: usize,
    limit: Option<Bytes>,
    /// Was the limit given (rather than the memory available)?
    explicit: bool,
    quiet_bar: bool,
    checkpoint: Option<PathBuf>,
    /// Time between checkpoints of a closed count.
    every: Duration,
}

impl Context {
    fn refused(&self, e: CountError) -> CliError {
        CliError::Input(format!("cannot count tours of {}: {e}", self.board))
    }

    /// Prints the estimate of a long count, and refuses it when its memory exceeds the limit;
    /// `sampled` is the time the estimate took (the count's first seconds, or all of it).
    fn judge(&self, kind: &str, e: &Estimate, sampled: Duration) -> Result<(), CliError> {
        let sampled = duration(sampled.as_secs_f64());
        let peak = Bytes(e.peak_bytes);
        if let Some(limit) = self.limit
            && e.peak_bytes > limit.0
        {
            let whose = if self.explicit {
                "--max-memory"
            } else {
                "the memory available"
            };
            return Err(CliError::Input(format!(
                "counting {kind} tours of {} would need about {peak} and take {}, more than \
                 {limit} ({whose}), estimated from {sampled} of counting; to go on anyway, \
                 raise --max-memory",
                self.board,
                duration(e.seconds)
            )));
        }
        if e.seconds > LONG_SECONDS {
            eprintln!(
                "knightbits: counting {kind} tours of {}: {} and about {peak} at peak, \
                 estimated from {sampled} of counting (rough)",
                self.board,
                duration(e.seconds)
            );
        }
        Ok(())
    }

    fn bar(&self, len: u64, unit: &str) -> ProgressBar {
        let target = if self.quiet_bar {
            ProgressDrawTarget::hidden()
        } else {
            ProgressDrawTarget::stderr()
        };
        let bar = ProgressBar::with_draw_target(Some(len), target);
        let template =
            format!("{{bar:40}} {{pos}}/{{len}} {unit}, {{elapsed}} so far, about {{eta}} left");
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style);
        }
        bar
    }

    /// Closed tours: in 64-bit states within the memory limit (out of core in `scratch` past
    /// it) on boards up to 8 wide, by the 128-bit frontier programme on the others and where
    /// some ways pass 64 bits.
    fn closed(&self, scratch: &Path) -> Result<u128, CliError> {
        // Given, or three quarters of the memory available: the rest is for the system's cache
        // of the layer files and for the processes beside the count.
        let budget = match self.limit {
            Some(b) if self.explicit => b.0,
            Some(b) => b.0 / 4 * 3,
            None => u64::MAX,
        };
        let count = match ClosedCount::new(self.board, self.threads, budget, scratch) {
            Ok(count) => count,
            Err(CountError::TooWide { .. }) => return self.frontier(Kind::Closed, None),
            Err(e) => return Err(self.refused(e)),
        };
        let count = match &self.checkpoint {
            Some(path) => count.with_checkpoint(path, self.every.as_secs_f64()),
            None => count,
        };
        let bar = self.bar(u64::from(count.rounds()), "squares");
        let outcome = count.run(&mut |r| bar.set_position(u64::from(r.round) + 1));
        bar.finish_and_clear();
        match outcome {
            Ok(total) => Ok(total),
            Err(CountError::Overflow { bits: 64 }) => self.frontier(Kind::Closed, None),
            Err(CountError::Checkpoint) => Err(mismatch(
                self.checkpoint.as_deref().unwrap_or(Path::new("")),
                "it belongs to another count, or is not a checkpoint",
            )),
            Err(e) => Err(self.refused(e)),
        }
    }

    /// Closed or open tours (from `start`, if given) by the frontier programme, round by round.
    fn frontier(&self, kind: Kind, start: Option<Coord>) -> Result<u128, CliError> {
        let f = match start {
            Some(c) => Frontier::open_from(self.board, c),
            None => Frontier::new(self.board, kind),
        }
        .map_err(|e| self.refused(e))?;
        let mut layer = match self.resume_layer(&f)? {
            Some(layer) => layer,
            None => {
                let clock = Instant::now();
                let (layer, estimate) = f
                    .estimate(f.first(), self.threads, SAMPLE_SECONDS)
                    .map_err(|e| self.refused(e))?;
                if layer.round() < f.rounds() {
                    self.judge(kind.name(), &estimate, clock.elapsed())?;
                }
                layer
            }
        };
        let bar = self.bar(u64::from(f.rounds()), "squares");
        bar.set_position(u64::from(layer.round()));
        let mut saved = Instant::now();
        while layer.round() < f.rounds() {
            layer = f.step(layer, self.threads).map_err(|e| self.refused(e))?;
            bar.set_position(u64::from(layer.round()));
            if let Some(path) = &self.checkpoint
                && saved.elapsed() >= self.every
                && layer.round() < f.rounds()
            {
                save(path, |out| layer.write_to(&f, out))?;
                saved = Instant::now();
            }
        }
        bar.finish_and_clear();
        f.total(&layer).map_err(|e| self.refused(e))
    }

    /// The layer kept at the checkpoint, if there is one.
    fn resume_layer(&self, f: &Frontier) -> Result<Option<Layer>, CliError> {
        let Some(path) = &self.checkpoint else {
            return Ok(None);
        };
        let Ok(file) = fs::File::open(path) else {
            return Ok(None);
        };
        Layer::read_from(f, BufReader::new(file))
            .map(Some)
            .map_err(|e| mismatch(path, &e.to_string()))
    }

    /// Open tours by meet in the middle, unit by unit.
    fn open(&self, start: Option<Coord>, start_text: Option<&str>) -> Result<u64, CliError> {
        let plan = OpenTours::new(self.board, start).map_err(|e| self.refused(e))?;
        let id = OpenCheckpoint {
            format: OPEN_FORMAT.to_string(),
            board: self.board.to_string(),
            start: start_text.map(str::to_ascii_lowercase),
            units: Vec::new(),
        };
        let mut done = match self.resume_open(&id)? {
            Some(units) => units,
            None => {
                let clock = Instant::now();
                let estimate = plan.estimate(self.threads, SAMPLE_SECONDS);
                self.judge("open", &estimate, clock.elapsed())?;
                Vec::new()
            }
        };
        let bar = self.bar(plan.units() as u64, "middle squares");
        bar.set_position(done.len() as u64);
        while done.len() < plan.units() {
            let ways = plan
                .count_unit(done.len(), self.threads)
                .map_err(|e| self.refused(e))?;
            done.push(ways);
            bar.set_position(done.len() as u64);
            if let Some(path) = &self.checkpoint
                && done.len() < plan.units()
            {
                let state = OpenCheckpoint {
                    units: done.iter().map(u128::to_string).collect(),
                    ..id.clone()
                };
                save(path, |out| {
                    serde_json::to_writer(out, &state).map_err(io::Error::from)
                })?;
            }
        }
        bar.finish_and_clear();
        let sum = done
            .iter()
            .try_fold(0u128, |s, &w| s.checked_add(w))
            .ok_or_else(|| self.refused(CountError::Overflow { bits: 64 }))?;
        plan.total(sum).map_err(|e| self.refused(e))
    }

    /// The units counted at the checkpoint, if there is one.
    fn resume_open(&self, id: &OpenCheckpoint) -> Result<Option<Vec<u128>>, CliError> {
        let Some(path) = &self.checkpoint else {
            return Ok(None);
        };
        let Ok(file) = fs::File::open(path) else {
            return Ok(None);
        };
        let kept: OpenCheckpoint = serde_json::from_reader(BufReader::new(file))
            .map_err(|_| mismatch(path, "not a checkpoint of an open-tour count"))?;
        if kept.format != id.format || kept.board != id.board || kept.start != id.start {
            return Err(mismatch(path, "it belongs to another count"));
        }
        let units = kept
            .units
            .iter()
            .map(|u| u.parse::<u128>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| mismatch(path, "not a checkpoint of an open-tour count"))?;
        Ok(Some(units))
    }
}

/// The first field of an open-tour checkpoint.
const OPEN_FORMAT: &str = "knightbits open-tour count 2";

/// The checkpoint of an open-tour count: the tours of each unit counted so far, in order.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct OpenCheckpoint {
    format: String,
    board: String,
    start: Option<String>,
    /// Decimal, as JSON numbers stop at 64 bits in many readers.
    units: Vec<String>,
}

fn mismatch(path: &Path, why: &str) -> CliError {
    CliError::Input(format!(
        "cannot resume from checkpoint {}: {why} (remove it to start over)",
        path.display()
    ))
}

/// Writes a checkpoint: to PATH.tmp, then renamed over PATH.
fn save(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<fs::File>) -> io::Result<()>,
) -> Result<(), CliError> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let failed =
        |e: io::Error| CliError::Input(format!("cannot write checkpoint {}: {e}", path.display()));
    let file = fs::File::create(&tmp).map_err(failed)?;
    let mut out = BufWriter::new(file);
    write(&mut out).map_err(failed)?;
    let file = out.into_inner().map_err(|e| failed(e.into_error()))?;
    file.sync_all().map_err(failed)?;
    fs::rename(&tmp, path).map_err(failed)
}

/// Seconds in words, by indicatif: "about 40 seconds", "about 12 minutes", "about 2 days";
/// "under a second" below one (indicatif would say "0 seconds").
fn duration(s: f64) -> String {
    if s < 1.0 {
        return "under a second".to_string();
    }
    format!(
        "about {}",
        HumanDuration(Duration::from_secs_f64(s.min(1e15)))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_and_without_suffixes() {
        assert_eq!("4096".parse(), Ok(Bytes(4096)));
        assert_eq!("4G".parse(), Ok(Bytes(4 << 30)));
        assert_eq!("512M".parse(), Ok(Bytes(512 << 20)));
        assert_eq!("1.5GiB".parse(), Ok(Bytes(3 << 29)));
        assert_eq!("2kB".parse(), Ok(Bytes(2048)));
        assert!("".parse::<Bytes>().is_err());
        assert!("4Q".parse::<Bytes>().is_err());
        assert!("-1G".parse::<Bytes>().is_err());
        assert_eq!(Bytes(3 << 29).to_string(), "1.50 GiB");
        assert_eq!(Bytes(40).to_string(), "40 B", "a tiny size is not 0.0 MiB");
    }

    #[test]
    fn durations_read_in_words() {
        assert_eq!(duration(0.01), "under a second");
        assert_eq!(duration(40.0), "about 40 seconds");
        assert_eq!(duration(720.0), "about 12 minutes");
        assert_eq!(Bytes(5 << 50).to_string(), "5.00 PiB");
    }
}
