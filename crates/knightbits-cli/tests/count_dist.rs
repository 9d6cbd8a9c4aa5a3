//! `count-tours --processes P`: the sweep in compact keys (and the 128-bit frontier where one
//! process would use it) over timely dataflow processes on loopback. Every process is started here on free ports, waited for at most 120 s and killed
//! at the end.
#![cfg(feature = "dist")]

mod common;

use std::process::{Command, Output, Stdio};
use std::time::Duration;

use knightbits_testkit::processes::{Group, hostfile};

use serde_json::Value;

/// Starts `args` as `p` processes of one count on the loopback ports of `hosts`, their
/// standard output and error piped.
fn start(p: usize, args: &[&str], env: &[(&str, &str)], hosts: &std::path::Path) -> Group {
    let mut group = Group(Vec::new());
    for i in 0..p {
        let child = Command::new(env!("CARGO_BIN_EXE_knightbits"))
            .args(args)
            .args(["--processes", &p.to_string(), "--process", &i.to_string()])
            .args(["--hostfile", hosts.to_str().unwrap(), "--threads", "1"])
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("a process starts");
        group.0.push(child);
    }
    group
}

/// Waits until both parts of a layer past round 24 of 6 x 8 are in `dir` (at most 120 s).
fn wait_for_a_layer_past_24(dir: &std::path::Path, group: &mut Group) {
    group.wait_for_layer(dir, 25..=47, &|| true);
}

/// Kills process 1 of `group` (SIGKILL) and checks that process 0, losing its peer, ends with
/// an error and no count within 60 s.
fn kill_process_1(group: Group) {
    let zero = group.kill_process_1(Duration::from_secs(60));
    assert!(zero.stdout.is_empty(), "process 0 printed a count");
}

/// `count-tours --board 6x8 --closed --json` and `extra`.
fn closed_6x8<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["count-tours", "--board", "6x8", "--closed", "--json"];
    args.extend_from_slice(extra);
    args
}

/// Runs `args` as `p` processes of one count; every process's output, process 0 first.
fn processes(p: usize, args: &[&str], env: &[(&str, &str)]) -> Vec<Output> {
    let hosts = hostfile(p);
    let outs = start(p, args, env, &hosts).outputs(Duration::from_secs(120));
    let _ = std::fs::remove_file(&hosts);
    outs
}

/// Process 0's log of the rounds on stderr: `round R: S states, W ways`, a line each.
fn rounds(outs: &[Output]) -> Vec<String> {
    String::from_utf8_lossy(&outs[0].stderr)
        .lines()
        .filter(|l| l.starts_with("round "))
        .map(str::to_string)
        .collect()
}

/// The peaks process 0 logs, one a process.
fn peaks(outs: &[Output]) -> usize {
    let err = String::from_utf8_lossy(&outs[0].stderr);
    let line = err
        .lines()
        .find_map(|l| l.split_once("peak memory of each process: "))
        .map(|(_, peaks)| peaks.to_string())
        .unwrap_or_default();
    line.split(", ").filter(|p| !p.is_empty()).count()
}

/// The JSON line of process 0, after checking that the others printed nothing on stdout.
fn answer(outs: &[Output]) -> Value {
    for (i, o) in outs.iter().enumerate() {
        assert!(
            o.status.success(),
            "process {i}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        if i > 0 {
            assert!(o.stdout.is_empty(), "process {i} printed on stdout");
        }
    }
    let text = String::from_utf8(outs[0].stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), 1, "one JSON line: {text}");
    serde_json::from_str(&text).unwrap()
}

/// Proves the count does not depend on how the workers are spread: 1, 2 and 4 processes give
/// 6 x 6 closed tours 9,862 (OEIS A001230) with the same states and ways after every round (36
/// rounds logged), and print the very JSON a count in one process prints.
#[test]
fn one_two_and_four_processes_agree_on_6x6_closed() {
    let args = ["count-tours", "--board", "6x6", "--closed", "--json"];
    let single: Value = serde_json::from_slice(&common::run(&args).stdout).unwrap();
    assert_eq!(single, serde_json::json!({"closed": 9862}));
    let outs = processes(1, &args, &[]);
    assert_eq!(answer(&outs), single);
    let one = rounds(&outs);
    assert_eq!(one.len(), 36);
    for p in [2, 4] {
        let outs = processes(p, &args, &[]);
        assert_eq!(answer(&outs), single, "{p} processes");
        assert_eq!(rounds(&outs), one, "{p} processes");
        assert_eq!(peaks(&outs), p);
    }
}

/// Proves `--verbose` across processes logs each square as it ends, at process 0 alone: 2
/// processes counting 6 x 6 closed print 36 lines `square S: N states on all processes, …`,
/// S from 0 to 35, each N the states of the round logged at the end (`round S+1: N states`),
/// and process 1 prints none.
#[test]
fn verbose_processes_log_each_square_at_process_0() {
    let args = [
        "count-tours",
        "--board",
        "6x6",
        "--closed",
        "--json",
        "--verbose",
    ];
    let outs = processes(2, &args, &[]);
    assert_eq!(answer(&outs), serde_json::json!({"closed": 9862}));
    let squares = |o: &Output| -> Vec<(u32, u64)> {
        String::from_utf8_lossy(&o.stderr)
            .lines()
            .filter_map(|l| {
                let (square, rest) = l.strip_prefix("square ")?.split_once(": ")?;
                let (states, _) = rest.split_once(" states on all processes, ")?;
                Some((square.parse().ok()?, states.parse().ok()?))
            })
            .collect()
    };
    let logged: Vec<(u32, u64)> = rounds(&outs)
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let states = l.split(' ').nth(2).unwrap().parse().unwrap();
            (i as u32, states)
        })
        .collect();
    assert_eq!(logged.len(), 36);
    assert_eq!(squares(&outs[0]), logged);
    assert_eq!(squares(&outs[1]), Vec::new());
}

/// Proves 6 x 7 closed tours (1,067,638, OEIS A175881) on 1, 2 and 4 processes, with the
/// same states after every round, equal to the single-process frontier count (6 x 8 closed,
/// 50 times the states, is counted on 2 processes by the tests below).
#[test]
fn one_two_and_four_processes_count_6x7_closed() {
    let args = ["count-tours", "--board", "6x7", "--closed", "--json"];
    let outs = processes(1, &args, &[]);
    assert_eq!(answer(&outs)["closed"], 1_067_638);
    let one = rounds(&outs);
    for p in [2, 4] {
        let outs = processes(p, &args, &[]);
        assert_eq!(answer(&outs)["closed"], 1_067_638, "{p} processes");
        assert_eq!(rounds(&outs), one, "{p} processes");
    }
    let single = common::run(&args);
    let v: Value = serde_json::from_slice(&single.stdout).unwrap();
    assert_eq!(v["closed"], 1_067_638);
}

/// Proves the open count by the frontier programme over 1, 2 and 4 processes equals meet in
/// the middle's: 5 x 6 open tours.
#[test]
fn processes_count_open_tours_as_meet_in_the_middle_does() {
    let meet: Value =
        serde_json::from_slice(&common::run(&["count-tours", "--board", "5x6", "--json"]).stdout)
            .unwrap();
    let meet = meet["open"].clone();
    assert!(meet.as_u64().unwrap() > 0);
    for p in [1, 2, 4] {
        let v = answer(&processes(
            p,
            &["count-tours", "--board", "5x6", "--json"],
            &[],
        ));
        assert_eq!(v["open"], meet, "{p} processes");
    }
    // Swept across its longer side by the processes' frontier programme, where one process
    // would meet in the middle (and refuse --across): the same count.
    let across = ["count-tours", "--board", "5x6", "--across", "6", "--json"];
    assert_eq!(answer(&processes(2, &across, &[]))["open"], meet);
}

/// Proves a count survives losing its processes: 2 processes count 6 x 8 closed tours with
/// a checkpoint after every round; once a layer past round 24 is complete both are killed, and
/// 3 processes resume from the same directory to 55,488,142 (OEIS A175881).
#[test]
fn killed_processes_resume_from_their_checkpoints() {
    let dir = std::env::temp_dir().join(format!("knightbits-dist-ckpt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let args = closed_6x8(&["--checkpoint", d, "--checkpoint-every", "0"]);
    let hosts = hostfile(2);
    let mut group = start(2, &args, &[], &hosts);
    wait_for_a_layer_past_24(&dir, &mut group);
    drop(group);
    let _ = std::fs::remove_file(&hosts);
    let outs = processes(3, &closed_6x8(&["--checkpoint", d]), &[]);
    assert_eq!(answer(&outs)["closed"], 55_488_142);
    // Resumed, not counted again: no round before the checkpoint's ran (their figures are 0).
    let log = rounds(&outs);
    assert!(
        log[..25].iter().all(|l| l.ends_with(": 0 states, 0 ways")),
        "{log:?}"
    );
    assert!(!log[30].ends_with(": 0 states, 0 ways"), "{log:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Proves a panicking worker ends the run: worker 1 stops at round 10 and both processes exit
/// with an error (within the 120 s bound) instead of waiting for ever; none prints a count.
/// (The hook that makes it panic exists only in builds with the `fault-injection` feature.)
#[cfg(feature = "fault-injection")]
#[test]
fn a_worker_panic_fails_every_process() {
    let outs = processes(
        2,
        &["count-tours", "--board", "6x6", "--closed", "--json"],
        &[("KNIGHTBITS_DIST_PANIC_AT_ROUND", "10")],
    );
    for (i, o) in outs.iter().enumerate() {
        assert!(!o.status.success(), "process {i} succeeded");
        assert!(o.stdout.is_empty(), "process {i} printed a result");
    }
    let err = String::from_utf8_lossy(&outs[1].stderr);
    assert!(err.contains("the count failed"), "{err}");
}

/// Proves 2 processes give the totals OEIS gives (and one process's, by other methods) on
/// every board of the suite: closed 5 x 5 (none), 6 x 6 (9,862, A001230), 5 x 8 (44,202,
/// A175881); open 1 x 1 (1), 3 x 8 (792, A118067), 5 x 5 (1,728, A165134), 4 x 8 (62,176,
/// A079137) and 5 x 6 (37,568, A083386).
#[test]
fn two_processes_count_the_suite() {
    let cases: [(&str, bool, u64); 8] = [
        ("5x5", true, 0),
        ("6x6", true, 9862),
        ("5x8", true, 44_202),
        ("1x1", false, 1),
        ("3x8", false, 792),
        ("5x5", false, 1728),
        ("4x8", false, 62_176),
        ("5x6", false, 37_568),
    ];
    for (board, closed, tours) in cases {
        let (args, single) = in_one_process(board, closed, tours);
        assert_eq!(
            answer(&processes(2, &args, &[])),
            single,
            "{board} {closed}"
        );
    }
}

/// `count-tours --board B --json` (and `--closed`), and its answer in one process, checked to
/// be `tours` tours.
fn in_one_process(board: &str, closed: bool, tours: u64) -> (Vec<&str>, Value) {
    let mut args = vec!["count-tours", "--board", board, "--json"];
    if closed {
        args.push("--closed");
    }
    let kind = if closed { "closed" } else { "open" };
    let single: Value = serde_json::from_slice(&common::run(&args).stdout).unwrap();
    assert_eq!(single[kind], tours, "{board} {kind}, one process");
    (args, single)
}

/// Proves 2 processes out of core, each within 3 MiB (its layers in files of its own folder
/// under --scratch, read once per pass), count 6 x 8 closed tours 55,488,142 (OEIS A175881)
/// and leave nothing in the scratch folder.
#[test]
fn two_processes_out_of_core_count_6x8_closed() {
    let scratch =
        std::env::temp_dir().join(format!("knightbits-dist-scratch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    let s = scratch.to_str().unwrap();
    let args = closed_6x8(&["--max-memory", "3M", "--scratch", s]);
    assert_eq!(answer(&processes(2, &args, &[]))["closed"], 55_488_142);
    let left: Vec<_> = std::fs::read_dir(&scratch).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
    let _ = std::fs::remove_dir_all(&scratch);
}

/// Proves a kill -9 of one process mid-count loses nothing: 2 processes count 6 x 8 closed
/// tours out of core with a checkpoint after every round; once a layer past round 24 is
/// complete, process 1 is killed (SIGKILL) and process 0, losing its peer, ends with an error
/// and no count within the bound; the same two commands again resume and give 55,488,142.
#[test]
fn one_process_killed_resumes_with_the_same_commands() {
    let dir = std::env::temp_dir().join(format!("knightbits-dist-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let args = closed_6x8(&[
        "--max-memory",
        "3M",
        "--checkpoint",
        d,
        "--checkpoint-every",
        "0",
    ]);
    let hosts = hostfile(2);
    let mut group = start(2, &args, &[], &hosts);
    wait_for_a_layer_past_24(&dir, &mut group);
    kill_process_1(group);
    let _ = std::fs::remove_file(&hosts);
    let outs = processes(2, &args, &[]);
    assert_eq!(answer(&outs)["closed"], 55_488_142);
    let log = rounds(&outs);
    assert!(
        log[..24].iter().all(|l| l.ends_with(": 0 states, 0 ways")),
        "resumed, not counted again: {log:?}"
    );
    let left: Vec<_> = std::fs::read_dir(&dir).into_iter().flatten().collect();
    assert!(
        !dir.exists(),
        "the checkpoint is removed at the end: {left:?}"
    );
}

/// Options a count across processes would not honour are refused by the parser instead of
/// being accepted and ignored: `--start` (the processes count every start), and, by the
/// 128-bit frontier (9 x 9 closed: one process would use it), `--max-memory` (it holds every
/// layer in memory), `--checkpoint-every` (every worker saves its part after every round) and
/// `--scratch`.
#[test]
fn options_processes_ignore_are_refused() {
    // The 128-bit frontier's refusals of --max-memory, --scratch and --checkpoint-every are
    // not reached by any board since the sweep counts up to 12 across (main's `wide` work).
    let cases: [(&[&str], &str); 1] = [(&["--board", "5x5", "--start", "a1"], "--start")];
    for (extra, flag) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_knightbits"))
            .args(["count-tours", "--processes", "1"])
            .args(extra)
            .output()
            .expect("knightbits runs");
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert!(out.stdout.is_empty(), "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(flag) && err.contains("--processes"),
            "{extra:?}: {err}"
        );
    }
}

/// The log line of a count that took several runs modulo primes, if any.
fn runs_line(outs: &[Output]) -> Option<String> {
    String::from_utf8_lossy(&outs[0].stderr)
        .lines()
        .find(|l| l.contains("runs modulo primes"))
        .map(str::to_string)
}

/// Process 0's JSON line, as printed (a count past 2^53 loses digits as a `Value`), after
/// [`answer`]'s checks.
fn answer_text(outs: &[Output]) -> String {
    answer(outs);
    String::from_utf8_lossy(&outs[0].stdout).trim().to_string()
}

/// Proves counts past 64 bits run across processes as in one: 2 processes count 5 x 20 closed
/// tours 53,034,853,662,012,222,798 (OEIS A175855 a(10), closed tours of 5 x 2n; 66 bits) in 3
/// runs modulo primes. (The same count is killed and resumed below; one process's count of it
/// is in the command line's `count_tours_matches_oeis`.)
#[test]
fn two_processes_count_past_64_bits() {
    let args = ["count-tours", "--board", "5x20", "--closed", "--json"];
    let outs = processes(2, &args, &[]);
    assert_eq!(answer_text(&outs), r#"{"closed":53034853662012222798}"#);
    let runs = runs_line(&outs).unwrap_or_default();
    assert!(runs.starts_with("3 runs modulo primes"), "{runs}");
}

/// Proves a kill -9 in the second run of a count past 64 bits resumes in that run: 2
/// processes count 5 x 20 closed tours with a checkpoint after every round; once the first
/// run's residue is kept and a layer of the second past round 20 is complete, process 1 is
/// killed; the same two commands again take the second run from its layer (the rounds before
/// it are not made again) and give one process's 53,034,853,662,012,222,798 (A175855 a(10)).
#[test]
fn one_process_killed_in_the_second_run_resumes_there() {
    let dir = std::env::temp_dir().join(format!("knightbits-dist-runs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let args = [
        "count-tours",
        "--board",
        "5x20",
        "--closed",
        "--json",
        "--checkpoint",
        d,
        "--checkpoint-every",
        "0",
    ];
    let hosts = hostfile(2);
    let mut group = start(2, &args, &[], &hosts);
    let residues = dir.join("residues");
    group.wait_for_layer(&dir, 21..=89, &|| residues.exists());
    kill_process_1(group);
    let _ = std::fs::remove_file(&hosts);
    let kept = std::fs::read_to_string(&residues).unwrap();
    assert_eq!(kept.lines().count(), 1, "killed in the second run: {kept}");
    let outs = processes(2, &args, &[]);
    assert_eq!(answer_text(&outs), r#"{"closed":53034853662012222798}"#);
    let runs = runs_line(&outs).unwrap_or_default();
    assert!(runs.starts_with("3 runs"), "{runs}");
    let err = String::from_utf8_lossy(&outs[0].stderr);
    let resumed = err
        .lines()
        .find_map(|l| l.strip_prefix("resumed from the checkpoint before round "))
        .and_then(|l| l.strip_suffix(" of run 2"))
        .and_then(|r| r.parse::<u32>().ok());
    assert!(resumed.is_some_and(|r| r > 20), "{err}");
    assert!(!dir.exists(), "the checkpoint is removed at the end");
}

/// Proves boards swept 9 to 12 across run across processes in 128-bit keys: 2 processes
/// count 9 x 3 closed (none) and open (1,120, A118067), 9 x 4 closed (none), 10 x 3 and
/// 12 x 3 closed (16 and 176, A070030) and 11 x 3 open (21,344, A118067), each swept across
/// its longer side, as one process counts the transpose (swept across 3 or 4, in 64-bit keys);
/// 11 x 3 open out of core too, each process within 3 MiB, leaving nothing in the scratch
/// folder. (9 x 4 open, 379,376, took two thirds of this test's 30 s: it is counted across
/// 9 in one process by the count crate's ignored `nine_and_ten_across_equal_their_transposes`.)
#[test]
fn two_processes_count_boards_9_to_12_across() {
    let cases: [(&str, &str, bool, u64); 7] = [
        ("9x3", "9", true, 0),
        ("9x3", "9", false, 1120),
        ("9x4", "9", true, 0),
        ("10x3", "10", true, 16),
        ("12x3", "12", true, 176),
        ("11x3", "11", false, 21_344),
        ("11x3", "11", false, 21_344),
    ];
    let scratch = std::env::temp_dir().join(format!("knightbits-dist-wide-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    for (i, (board, across, closed, tours)) in cases.into_iter().enumerate() {
        let (mut args, single) = in_one_process(board, closed, tours);
        args.extend(["--across", across]);
        if i == 6 {
            args.extend(["--max-memory", "3M", "--scratch", scratch.to_str().unwrap()]);
        }
        let outs = processes(2, &args, &[]);
        assert_eq!(answer(&outs), single, "{board} {closed} across {across}");
    }
    let left: Vec<_> = std::fs::read_dir(&scratch).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
    let _ = std::fs::remove_dir_all(&scratch);
}
