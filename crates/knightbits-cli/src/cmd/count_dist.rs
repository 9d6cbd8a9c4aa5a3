//! `knightbits count-tours --processes P`: the method one process would use (but meet in the
//! middle's boards, swept) on timely dataflow workers, in one process or in several (one per
//! machine).

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::Instant;

use indicatif::{HumanBytes, ProgressBar, ProgressDrawTarget, ProgressStyle};
use knightbits_api::tour::TourCountRequest;
use knightbits_count::{Count, Method};
use knightbits_dist::{Cluster, Report, Square};

use crate::error::CliError;
use crate::output;

/// How a count is spread over processes (timely's cluster configuration).
#[derive(clap::Args, Debug)]
pub struct DistArgs {
    // The help is `processes_help`'s: which method runs across processes is the library's.
    #[arg(
        long,
        help = processes_help(),
        value_name = "P",
        value_parser = clap::value_parser!(u16).range(1..),
        conflicts_with = "start"
    )]
    pub processes: Option<u16>,
    /// This process's index among the P processes (0 prints the result).
    #[arg(long, value_name = "I", default_value_t = 0, requires = "processes")]
    pub process: u16,
    /// The processes' addresses, one host:port a line, in process order (P > 1).
    #[arg(long, value_name = "FILE", requires = "processes")]
    pub hostfile: Option<PathBuf>,
}

/// The help of `--processes`: the methods that run across processes are the library's
/// (`Method::across_processes`), named in its words.
fn processes_help() -> String {
    let spread: Vec<String> = Method::ALL
        .iter()
        .filter(|m| m.across_processes() == **m)
        .map(|m| m.name().to_string())
        .collect();
    let swept: Vec<String> = Method::ALL
        .iter()
        .filter(|m| m.across_processes() != **m)
        .map(|m| {
            format!(
                "{} (its boards by {})",
                m.name(),
                m.across_processes().name()
            )
        })
        .collect();
    format!(
        "Count on timely dataflow workers in P processes (P = 1: threads of this process), by \
         the method one process would use ({}), but {}. The sweep and the split's top half \
         share every layer by key (a count past 64 bits runs once per prime, as in one \
         process); the split's layer at the middle cut goes whole to every process, whose \
         workers each join their part of the top half's last layer with it. With \
         --checkpoint PATH, PATH is a directory where every worker writes its part of a layer \
         (the sweep and the split: every --checkpoint-every seconds and after every round out \
         of core, the split's layer at the cut and its top half's last; the frontier: after \
         every round), and the same command resumes from the newest complete layer (the split \
         past its top half: at its join). --max-memory is each process's budget and --scratch \
         the folder of each process's layer files (the sweep and the split). Counts every \
         start (not with --start).",
        spread.join(", "),
        swept.join(", ")
    )
}

/// Refuses the options a count across processes by the 128-bit frontier does not take
/// (it holds every layer in memory and saves after every round): `given`, each option's name
/// and whether it was given.
pub fn frontier_takes(given: [(&str, bool); 3]) -> Result<(), CliError> {
    let Some((flag, _)) = given.into_iter().find(|g| g.1) else {
        return Ok(());
    };
    Err(CliError::Input(format!(
        "{flag} is not taken by a count across --processes by the 128-bit frontier (it holds \
         every layer in memory and saves after every round)"
    )))
}

/// Runs `job` on timely workers as `args` say, and prints its answer as a count on one process
/// does (`{"closed": n}` or `{"open": n}` with `--json`), each round's figures on stderr. Process
/// 0 draws a progress bar on stderr when it is a terminal (not with `--json`) and, `verbose`,
/// prints a line as each square ends.
pub fn run(
    args: &DistArgs,
    request: &TourCountRequest,
    job: &Count,
    json: bool,
    verbose: bool,
) -> Result<(), CliError> {
    let board = job.board();
    let processes = usize::from(args.processes.unwrap_or(1));
    let addresses = match &args.hostfile {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| {
                CliError::Input(format!("cannot read host file {}: {e}", path.display()))
            })?;
            Cluster::parse_hostfile(&text).map_err(|e| CliError::Input(e.to_string()))?
        }
        None if processes > 1 => {
            return Err(CliError::Input(format!(
                "--processes {processes} needs --hostfile FILE naming them"
            )));
        }
        None => Vec::new(),
    };
    if !addresses.is_empty() && addresses.len() != processes {
        return Err(CliError::Input(format!(
            "the host file names {} processes, --processes says {processes}",
            addresses.len()
        )));
    }
    let cluster = Cluster {
        threads: job.threads(),
        process: usize::from(args.process),
        addresses,
    };
    // A worker that panics would leave the others waiting for it for ever: end the process.
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a worker panicked".into());
        eprintln!("knightbits: the count failed: {what}");
        std::process::exit(1);
    }));
    let bar = if json || !io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
    };
    let template = "{bar:40} {pos}/{len} squares, {elapsed} so far, about {eta} left";
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    let (shown, clock) = (bar.clone(), Instant::now());
    let progress = move |s: &Square| {
        shown.set_length(u64::from(s.squares));
        if s.square == 0 {
            shown.reset_eta();
        }
        shown.set_position(u64::from(s.square) + 1);
        if verbose {
            shown.suspend(|| eprintln!("{}", square_line(s, clock.elapsed().as_secs_f64())));
        }
    };
    let counted = knightbits_dist::count_reporting(job, &cluster, progress);
    bar.finish_and_clear();
    let report = counted.map_err(|e| match e {
        knightbits_dist::DistError::Start(m) => CliError::Internal(m),
        e => CliError::Input(format!("cannot count tours of {board}: {e}")),
    })?;
    let Some(report) = report else {
        return Ok(());
    };
    log(&report);
    let answer = request.answer(report.count.clone());
    if json {
        output::json(&answer)
    } else {
        output::text(&format!(
            "{} {} tours of {board}\n",
            report.count,
            answer.kind()
        ))
    }
}

/// The line `--verbose` prints as a square ends, `at` seconds into the count.
fn square_line(s: &Square, at: f64) -> String {
    let run = match s.run {
        0 => String::new(),
        r => format!("run {} (modulo another prime), ", r + 1),
    };
    if s.square == s.squares {
        return format!("{run}the join: {:.1} s, at {at:.1} s", s.seconds);
    }
    format!(
        "{run}square {}: {} states on all processes, {} pass{} over the layer{}, {:.1} s, at {at:.1} s",
        s.square,
        s.states,
        s.passes,
        if s.passes == 1 { "" } else { "es" },
        if s.from_disk { " from disk" } else { "" },
        s.seconds
    )
}

/// The states and ways after each round, then the seconds and each process's peak memory, on
/// stderr.
fn log(report: &Report) {
    for (r, (s, w)) in report.states.iter().zip(&report.ways).enumerate() {
        eprintln!("round {}: {s} states, {w} ways", r + 1);
    }
    let peaks: Vec<String> = report
        .peak_memory
        .iter()
        .map(|&b| HumanBytes(b).to_string())
        .collect();
    if let Some((run, round)) = report.resumed {
        eprintln!(
            "resumed from the checkpoint before round {round} of run {}",
            run + 1
        );
    }
    if report.runs > 1 {
        eprintln!(
            "{} runs modulo primes, their residues joined (the rounds above are the last run's)",
            report.runs
        );
    }
    eprintln!(
        "{:.2} s; peak memory of each process: {}",
        report.seconds,
        peaks.join(", ")
    );
}
