//! `knightbits count-tours`: how many knight's tours a board has, with an estimate before a
//! long count, a progress bar and checkpoints.

use std::io::{self, IsTerminal};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{HumanBytes, HumanDuration, ProgressBar, ProgressDrawTarget, ProgressStyle};
#[cfg(feature = "dist")]
use knightbits_api::tour::TourCountPlan;
use knightbits_api::tour::TourCountRequest;
use knightbits_api::values::{self, Bytes};
use knightbits_board::Board;
#[cfg(feature = "dist")]
use knightbits_count::Count;
use knightbits_count::{
    CountError, FORESEEN_WIDTH, FORESIGHT_SHORT_MOST, MAX_CLOSED_WIDTH, MAX_OPEN_SQUARES, Method,
};

use crate::error::CliError;
use crate::output;

/// Counts knight's tours: directed open tours (all, or from one --start square) by meet in the
/// middle, or by a frontier programme on long narrow and large boards, and undirected closed
/// tours (--closed) by the frontier programme.
#[derive(clap::Args)]
#[command(after_help = after_help())]
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
    /// The side the frontier programme lays across, one of the board's sides (default the
    /// shorter): --board 8x6 --across 8 sweeps the board rank by rank as the chessboard is swept
    /// (the same count as --board 6x8, by wider and fewer rounds).
    #[arg(long, value_name = "N")]
    across: Option<u32>,
    /// Worker threads (default: as many as the machine runs at once).
    #[arg(long)]
    threads: Option<i64>,
    /// The memory the count may use, as bytes or with a suffix K, M, G or T (powers of 1024),
    /// default the memory available (three quarters of it for a count that goes out of core).
    /// A count square by square (see below) keeps within it by putting its layers in
    /// --scratch; another count whose estimated peak exceeds it is refused.
    /// With --plan or across processes (--processes), a process's memory.
    #[arg(long, value_name = "SIZE")]
    max_memory: Option<Bytes>,
    /// The folder where a count square by square (see below) keeps the layers that do not fit
    /// in --max-memory (default: the system's temporary folder). With --plan, a process's.
    #[arg(long, value_name = "DIR", value_parser = folder)]
    scratch: Option<PathBuf>,
    /// Keep the count's state in PATH (written to PATH.tmp, then renamed) after every unit of
    /// work (meet in the middle) or every --checkpoint-every seconds (frontier); the same command
    /// with the same PATH resumes from it. The file is removed when the count ends. A square
    /// whose layer is read from disk in passes writes the next layer to PATH.tmp and marks each
    /// pass done in PATH.pass: the same command resumes after the last pass marked.
    #[arg(long, value_name = "PATH", value_parser = in_a_folder)]
    checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints of a frontier count (0: after every square; default 30);
    /// otherwise at least ten times the last checkpoint's writing time, so large layers cost at
    /// most a tenth (across processes: the seconds alone).
    #[arg(long, value_name = "SECONDS", requires = "checkpoint")]
    checkpoint_every: Option<u64>,
    /// Print one JSON object: {"open": n} or {"closed": n}, n a JSON number of any size
    /// (never a string: 6x40 closed prints 66 digits; a reader of numbers as doubles, such as
    /// JavaScript's JSON.parse, keeps 15 or 16 of them).
    #[arg(long)]
    json: bool,
    /// Print a line on stderr as each square of a count square by square ends (the states
    /// after it, the passes over the layer before it, whether that layer was read from disk,
    /// the old states expanded over several passes, the memory of its tables a state, its
    /// seconds) and as each pass of a join ends: a log
    /// of a long count. Across --processes, process 0 prints a line as each square ends on
    /// every process (the states on all of them, the passes, its seconds), and after the
    /// split's join; the 128-bit frontier prints its rounds when it ends.
    #[arg(long)]
    verbose: bool,
    /// Start no count: print what it will take spread over --processes P processes, each
    /// owning a share of every layer by key (the sweep and the split): the states of its largest
    /// layer, each process's memory (within --max-memory) and scratch disk (in --scratch), the
    /// bytes each sends to the others (every key its workers make that another process owns),
    /// and the hours of a run, foreseen from its first rounds, the keys' exchange priced as
    /// measured on this machine (a count past 64 bits runs once per prime, two or three times
    /// up to 127 bits); past 8 across the figures are floors (the layers counted there came out
    /// several times those foreseen: the text's last line says how many at most). With --json one object: {"processes", "states_peak",
    /// "memory_bytes_per_process", "disk_bytes_per_process", "sent_bytes_per_process",
    /// "seconds", "floor"} (floor: true past 8 across).
    #[cfg(feature = "dist")]
    #[arg(long)]
    plan: bool,
    #[cfg(feature = "dist")]
    #[command(flatten)]
    dist: super::count_dist::DistArgs,
}

/// The help's notes: which method counts which board is the library's rule, in its words
/// (`Method::rule`), and the limits are its constants; neither is retyped here.
fn after_help() -> String {
    format!(
        "Examples:\n  \
knightbits count-tours --board 5x5 --json          # {{\"open\": 1728}}\n  \
knightbits count-tours --board 5x5 --start a1 --json # {{\"open\": 304}}\n  \
knightbits count-tours --board 6x6 --closed --json   # {{\"closed\": 9862}}\n  \
knightbits count-tours --board 7x7 --checkpoint 7x7.ckpt   # under a minute on 2 cores\n  \
knightbits count-tours --board 8x8 --closed --max-memory 16G --checkpoint 8x8.layer\n\n\
Methods, each chosen by the board (the library's rule):\n{rule}\n\
{out_of_core} keep within\n\
--max-memory: the layers that do not fit are kept in --scratch\n\
(the same command resumes from --checkpoint), and the count stops with one line only when\n\
that folder has no room for a layer. The split counts the top half square by square, then\n\
joins the two halves in passes (progress counts both; beside --checkpoint PATH it keeps\n\
PATH.bottom and PATH.join). Limit of the representation: boards whose shorter side is at most\n\
{closed}; open tours by meet in the middle up to {open} squares.\n\n\
Before a count expected to take more than a few seconds, an estimate of its time and peak\n\
memory (and scratch disk, square by square) is printed on stderr, from the first seconds of the\n\
count itself; a count by another method is refused when the estimated memory exceeds\n\
--max-memory. A progress bar with the time left is drawn on stderr when it is a terminal (not\n\
with --json). Ctrl-C stops a count within about a second (during the estimate, once it ends),\n\
its scratch files removed and its checkpoint kept, with one line and exit code 130 (in one\n\
process; a second Ctrl-C ends it at once).",
        rule = indented(&Method::rule()),
        out_of_core = out_of_core(),
        open = MAX_OPEN_SQUARES,
        closed = MAX_CLOSED_WIDTH,
    )
}

/// The rule's lines, each indented by two spaces.
fn indented(lines: &str) -> String {
    lines.lines().map(|line| format!("  {line}\n")).collect()
}

/// The names of the methods that go out of core, capitalised: "The sweep in compact keys and the
/// split at the middle cut".
fn out_of_core() -> String {
    let names: Vec<&str> = Method::ALL
        .iter()
        .filter(|m| m.out_of_core())
        .map(|m| m.name())
        .collect();
    let joined = names.join(" and ");
    let mut chars = joined.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
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

/// A path whose folder exists (checked before the count, not at its first checkpoint).
fn in_a_folder(s: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(s);
    match path.parent() {
        Some(dir) if dir.as_os_str().is_empty() || dir.is_dir() => Ok(path),
        Some(dir) => Err(format!("{s:?} is not in a folder that exists ({:?})", dir)),
        None => Err(format!("{s:?} is not a file path")),
    }
}

/// Seconds between checkpoints unless --checkpoint-every says.
const CHECKPOINT_EVERY: u64 = 30;

/// Seconds of the count spent on the estimate (the work goes on from there).
const SAMPLE_SECONDS: f64 = 2.0;
/// Counts estimated to take longer than this get the estimate printed.
const LONG_SECONDS: f64 = 10.0;

pub fn run(args: Args) -> Result<(), CliError> {
    let board = args.board;
    let start = match &args.start {
        Some(text) => Some(values::coord(board, "start square", text).map_err(|e| e.at("start"))?),
        None => None,
    };
    let refused = |e: CountError| CliError::Input(format!("cannot count tours of {board}: {e}"));
    let mut request = TourCountRequest::new(board, args.closed, start)?;
    if let Some(t) = args.threads {
        request = request.with_threads(t)?;
    }
    #[cfg(feature = "dist")]
    {
        request = request.with_plan(args.plan, args.dist.processes, args.checkpoint.is_some())?;
    }
    let mut job = request.job()?;
    #[cfg(feature = "dist")]
    if let Some(processes) = request.plan() {
        if let Some(w) = args.across {
            job = job.across(w).map_err(refused)?;
        }
        if let Some(b) = args.max_memory {
            job = job.with_budget(b.0);
        }
        if let Some(dir) = &args.scratch {
            job = job.with_scratch(dir);
        }
        return print_plan(job, processes, args.json);
    }
    #[cfg(feature = "dist")]
    if args.dist.processes.is_some() {
        let method = job.method().across_processes();
        job = job.by(method).map_err(refused)?;
        if method == Method::Frontier128 {
            super::count_dist::frontier_takes([
                ("--max-memory", args.max_memory.is_some()),
                ("--scratch", args.scratch.is_some()),
                ("--checkpoint-every", args.checkpoint_every.is_some()),
            ])?;
        }
    }
    if let Some(w) = args.across {
        job = job.across(w).map_err(refused)?;
    }
    job = match args.max_memory {
        Some(b) => job.with_budget(b.0),
        None => job.within_available_memory(),
    };
    if let Some(dir) = &args.scratch {
        job = job.with_scratch(dir);
    }
    if let Some(path) = &args.checkpoint {
        job = job.with_checkpoint(
            path,
            Duration::from_secs(args.checkpoint_every.unwrap_or(CHECKPOINT_EVERY)),
        );
    }
    let failed = |e: CountError| match e {
        CountError::Checkpoint => mismatch(
            args.checkpoint.as_deref().unwrap_or(Path::new("")),
            "it belongs to another count, or is not a checkpoint",
        ),
        e => refused(e),
    };
    #[cfg(feature = "dist")]
    if args.dist.processes.is_some() {
        return super::count_dist::run(&args.dist, &request, &job, args.json, args.verbose);
    }
    stop_on_ctrl_c();
    let kind = job.kind().name();
    let clock = Instant::now();
    match job.estimate(SAMPLE_SECONDS) {
        Ok(Some(e)) if e.seconds > LONG_SECONDS => {
            let disk = match e.disk_bytes {
                0 => String::new(),
                d => format!(" and {} of scratch disk", HumanBytes(d)),
            };
            let (time, peak) = (duration(e.seconds), bytes(e.peak_bytes));
            let (time, peak, floor) = match e.floor {
                true => (
                    at_least(time),
                    at_least(peak),
                    format!(
                        " (past {FORESEEN_WIDTH} across the layers counted have come out up to \
                         {FORESIGHT_SHORT_MOST} times those foreseen)"
                    ),
                ),
                false => (time, peak, String::new()),
            };
            eprintln!(
                "knightbits: counting {kind} tours of {board}: {time} and {peak} at \
                 peak{disk}, estimated from {} of counting{floor}",
                duration(clock.elapsed().as_secs_f64())
            )
        }
        Ok(_) => {}
        Err(CountError::OverBudget {
            needed,
            budget,
            seconds,
        }) => {
            let whose = if args.max_memory.is_some() {
                "--max-memory"
            } else {
                "the memory available"
            };
            return Err(CliError::Input(format!(
                "counting {kind} tours of {board} would need {} and take {}, more than \
                 {} ({whose}), estimated from {} of counting; to go on anyway, raise \
                 --max-memory",
                bytes(needed),
                duration(seconds as f64),
                HumanBytes(budget),
                duration(clock.elapsed().as_secs_f64())
            )));
        }
        Err(e) => return Err(failed(e)),
    }
    let bar = if args.json || !io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
    };
    let unit = job.method().unit();
    let template =
        format!("{{bar:40}} {{pos}}/{{len}} {unit}, {{elapsed}} so far, about {{eta}} left");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    let mut last = None;
    let outcome = job.run(&mut |p| {
        if INTERRUPTED.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        bar.set_length(p.total);
        bar.set_position(p.done);
        if args.verbose && last != Some(p.done) {
            last = Some(p.done);
            let at = clock.elapsed().as_secs_f64();
            match p.round {
                Some(r) => bar.suspend(|| {
                    eprintln!(
                        "square {}: {} states, {} pass{} over the layer{}{}{}, {:.1} bytes a \
                         state in memory, {:.1} s, at {at:.1} s",
                        r.round,
                        r.states,
                        r.passes,
                        if r.passes == 1 { "" } else { "es" },
                        if r.from_disk { " from disk" } else { "" },
                        match r.passes {
                            1 => String::new(),
                            _ => format!(" ({} old states expanded)", r.expanded),
                        },
                        match r.resumed_passes {
                            0 => String::new(),
                            n => format!(" ({n} done before, kept beside the checkpoint)"),
                        },
                        r.bytes_per_state,
                        r.seconds
                    )
                }),
                None if p.done > 0 => {
                    bar.suspend(|| eprintln!("{} of {} {unit} at {at:.1} s", p.done, p.total))
                }
                None => {}
            }
        }
        ControlFlow::Continue(())
    });
    bar.finish_and_clear();
    let outcome = outcome.map_err(|e| match e {
        CountError::Stopped { .. } if INTERRUPTED.load(Ordering::Relaxed) => {
            CliError::Interrupted(e.to_string())
        }
        e => failed(e),
    });
    let answer = request.answer(outcome?);
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

/// Prints the plan of `job` over `processes` processes (`--plan`): one JSON object with
/// `json`, else a line a figure.
#[cfg(feature = "dist")]
fn print_plan(mut job: Count, processes: u16, json: bool) -> Result<(), CliError> {
    let (board, kind) = (job.board(), job.kind().name());
    let clock = Instant::now();
    let plan = knightbits_dist::plan(&mut job, u32::from(processes), SAMPLE_SECONDS)
        .map_err(|e| CliError::Input(format!("cannot plan a count of {board}: {e}")))?;
    let plan = TourCountPlan::from(plan);
    if json {
        return output::json(&plan);
    }
    output::text(&format!(
        "{kind} tours of {board} by {} on {processes} process{}, foreseen from {} of counting:\n\
         largest layer: about {} states\n\
         memory a process: {}\n\
         scratch disk a process: {}\n\
         sent to the others, a process: {}\n\
         time: {} ({:.1} hours), a run: a count past 64 bits runs once per prime, two or \
         three times up to 127 bits\n{}",
        job.method().name(),
        if processes == 1 { "" } else { "es" },
        duration(clock.elapsed().as_secs_f64()),
        plan.states_peak,
        bytes(plan.memory_bytes_per_process),
        bytes(plan.disk_bytes_per_process),
        bytes(plan.sent_bytes_per_process),
        duration(plan.seconds),
        plan.seconds / 3600.0,
        match plan.floor {
            true => format!(
                "each figure a floor: past {FORESEEN_WIDTH} across the layers counted have come \
                 out up to {FORESIGHT_SHORT_MOST} times those foreseen\n"
            ),
            false => String::new(),
        },
    ))
}

fn mismatch(path: &Path, why: &str) -> CliError {
    CliError::Input(format!(
        "cannot resume from checkpoint {}: {why} (remove it to start over)",
        path.display()
    ))
}

/// The longest time an estimate puts in words; past it, "more than" that.
const LONGEST_SECONDS: f64 = 1e15;

/// Seconds in words, by indicatif: "about 40 seconds", "about 12 minutes", "about 2 days";
/// "under a second" below one (indicatif would say "0 seconds"); "more than 31709792 years"
/// past [`LONGEST_SECONDS`], where an estimate's figure means only that.
fn duration(s: f64) -> String {
    if s < 1.0 {
        return "under a second".to_string();
    }
    let words = HumanDuration(Duration::from_secs_f64(s.min(LONGEST_SECONDS)));
    if s >= LONGEST_SECONDS {
        format!("more than {words}")
    } else {
        format!("about {words}")
    }
}

/// Set by Ctrl-C (SIGINT) during a count in one process: the count stops within about a
/// second, its scratch files removed, its checkpoint (if any) kept to resume from, and the
/// command ends with one line and exit code 130. A second Ctrl-C ends the process at once.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Makes Ctrl-C stop the count rather than end the process (once: a process runs one count).
fn stop_on_ctrl_c() {
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

/// An estimate's words as a floor: "about 85 minutes" becomes "at least 85 minutes" (and
/// "more than …" stays).
fn at_least(words: String) -> String {
    match words.strip_prefix("about ") {
        Some(rest) => format!("at least {rest}"),
        None => words,
    }
}

/// An estimate's bytes in words: "about 1.50 GiB"; `u64::MAX`, what an estimate past 64 bits
/// of bytes holds, "more than 16.00 EiB".
fn bytes(b: u64) -> String {
    match b {
        u64::MAX => format!("more than {}", HumanBytes(b)),
        b => format!("about {}", HumanBytes(b)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A floor's words: "at least" for "about"; "more than" and "under a second" as they are.
    #[test]
    fn a_floor_says_at_least() {
        assert_eq!(at_least(duration(5_100.0)), "at least 85 minutes");
        assert_eq!(at_least(bytes(3 << 29)), "at least 1.50 GiB");
        assert_eq!(at_least(bytes(u64::MAX)), "more than 16.00 EiB");
        assert_eq!(at_least(duration(0.5)), "under a second");
    }

    #[test]
    fn sizes_print_in_binary_units() {
        assert_eq!(HumanBytes(3 << 29).to_string(), "1.50 GiB");
        assert_eq!(
            HumanBytes(40).to_string(),
            "40 B",
            "a tiny size is not 0.0 MiB"
        );
    }

    #[test]
    fn durations_read_in_words() {
        assert_eq!(duration(0.01), "under a second");
        assert_eq!(duration(40.0), "about 40 seconds");
        assert_eq!(duration(720.0), "about 12 minutes");
        assert_eq!(HumanBytes(5 << 50).to_string(), "5.00 PiB");
        assert_eq!(duration(1e15), "more than 31709792 years");
        assert_eq!(duration(1e300), "more than 31709792 years");
        assert_eq!(bytes(u64::MAX), "more than 16.00 EiB");
        assert_eq!(bytes(3 << 29), "about 1.50 GiB");
    }
}
