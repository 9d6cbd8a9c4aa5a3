//! The split at the middle cut across processes on loopback. Each process is this test binary
//! run again (its test `process`, which counts only when `KB_SPLIT_PROCESS` names the process),
//! started here on free ports, waited for at most 120 s and killed at the end. The split is
//! asked for by the library (`Count::by`): one process picks it only for boards 8 wide and
//! longer (8 x 8 open takes hours), so the boards here are smaller ones split on request,
//! each swept across its first side.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use knightbits_board::Board;
use knightbits_count::{Count, Method, Tours};
use knightbits_dist::{Cluster, count};
use knightbits_testkit::processes::{Group, hostfile};

/// The count of `w x h` open tours by the split, swept `w` across.
fn split(w: u32, h: u32) -> Count {
    Count::open(Board::new(w, h).unwrap(), None)
        .unwrap()
        .by(Method::Split)
        .unwrap()
        .across(w)
        .unwrap()
}

/// One process of a count, when `KB_SPLIT_PROCESS` is set (else nothing): the board
/// `KB_SPLIT_BOARD` (`WxH`) on `KB_SPLIT_THREADS` threads, the processes of the host file
/// `KB_SPLIT_HOSTS`, within `KB_SPLIT_BUDGET` bytes and in the scratch folder
/// `KB_SPLIT_SCRATCH` when given, with the checkpoint folder `KB_SPLIT_CHECKPOINT` (saved after
/// every round) when given. Process 0 prints `tours N resumed R` on a line of its own; a
/// failure (a peer gone) ends the process with status 1, as the command line does.
#[test]
fn process() {
    let Ok(index) = std::env::var("KB_SPLIT_PROCESS") else {
        return;
    };
    std::panic::set_hook(Box::new(|info| {
        eprintln!("the count failed: {info}");
        std::process::exit(1);
    }));
    let var = |name: &str| std::env::var(name).ok();
    let board = var("KB_SPLIT_BOARD").unwrap();
    let (w, h) = board.split_once('x').unwrap();
    let mut job = split(w.parse().unwrap(), h.parse().unwrap());
    if let Some(b) = var("KB_SPLIT_BUDGET") {
        job = job.with_budget(b.parse().unwrap());
    }
    if let Some(dir) = var("KB_SPLIT_SCRATCH") {
        job = job.with_scratch(Path::new(&dir));
    }
    if let Some(dir) = var("KB_SPLIT_CHECKPOINT") {
        job = job.with_checkpoint(Path::new(&dir), Duration::ZERO);
    }
    let hosts = std::fs::read_to_string(var("KB_SPLIT_HOSTS").unwrap()).unwrap();
    let cluster = Cluster {
        threads: var("KB_SPLIT_THREADS").unwrap().parse().unwrap(),
        process: index.parse().unwrap(),
        addresses: Cluster::parse_hostfile(&hosts).unwrap(),
    };
    match count(&job, &cluster) {
        Ok(Some(report)) => println!("\ntours {} resumed {:?}", report.count, report.resumed),
        Ok(None) => {}
        Err(e) => {
            eprintln!("the count failed: {e}");
            std::process::exit(1);
        }
    }
}

/// Starts `p` processes of `threads` threads counting `board` on the ports of `hosts`, with
/// the environment `env` besides.
fn start(p: usize, threads: usize, board: &str, hosts: &Path, env: &[(&str, &str)]) -> Group {
    let me = std::env::current_exe().unwrap();
    let mut group = Group(Vec::new());
    for i in 0..p {
        let child = Command::new(&me)
            .args(["process", "--exact", "--nocapture", "--test-threads", "1"])
            .env("KB_SPLIT_PROCESS", i.to_string())
            .env("KB_SPLIT_BOARD", board)
            .env("KB_SPLIT_THREADS", threads.to_string())
            .env("KB_SPLIT_HOSTS", hosts)
            .envs(env.iter().map(|&(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("a process starts");
        group.0.push(child);
    }
    group
}

/// The count process 0 printed and where it resumed, after checking that every process
/// ended well and only process 0 printed a count.
fn tours(outs: &[Output]) -> (String, String) {
    let line = |o: &Output| {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .find_map(|l| l.strip_prefix("tours ").map(str::to_string))
    };
    for (i, o) in outs.iter().enumerate() {
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "process {i}: {err}");
        assert_eq!(line(o).is_some(), i == 0, "process {i}: {err}");
    }
    let line = line(&outs[0]).unwrap_or_default();
    let (n, resumed) = line.split_once(" resumed ").unwrap_or_default();
    (n.to_string(), resumed.to_string())
}

/// Counts `board` as `p` processes of `threads` threads with the environment `env`: the count
/// and where it resumed.
fn processes(p: usize, threads: usize, board: &str, env: &[(&str, &str)]) -> (String, String) {
    let hosts = hostfile(p);
    let outs = start(p, threads, board, &hosts, env).outputs(Duration::from_secs(120));
    let _ = std::fs::remove_file(&hosts);
    tours(&outs)
}

/// Open tours of the boards split here, as OEIS gives them: 5 x 6 37,568 (A083386, twice the
/// undirected paths), 6 x 6 6,637,920 (A165134), 8 x 4 62,176 (A079137, as 4 x 8), and 6 x 8
/// 49,929,787,608 (docs/tour-counts.md: one process's sweep, meet in the middle's before it).
const BOARDS: [(u32, u32, u128); 4] = [
    (5, 6, 37_568),
    (6, 6, 6_637_920),
    (8, 4, 62_176),
    (6, 8, 49_929_787_608),
];

/// Proves 2 processes of 1 thread and of 2 count open tours by the split as one process does
/// and as OEIS says, on every board of [`BOARDS`] (6 x 8 on 2 x 1 only).
#[test]
fn two_processes_split_as_one_process_and_oeis_say() {
    for (w, h, n) in BOARDS {
        let one = split(w, h)
            .run(&mut |_| std::ops::ControlFlow::Continue(()))
            .unwrap();
        assert_eq!(one, Tours::from(n), "{w}x{h}, one process");
        let board = format!("{w}x{h}");
        for threads in [1, 2] {
            if threads == 2 && w * h > 40 {
                continue;
            }
            let (got, resumed) = processes(2, threads, &board, &[]);
            assert_eq!(got, n.to_string(), "{board}, 2 processes of {threads}");
            assert_eq!(resumed, "None");
        }
    }
}

/// A folder of the temporary folder named after `name` and this process, empty.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("knightbits-split-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Proves 2 processes out of core, each within 3.5 MiB (its layers in files of its own folder
/// under the scratch folder, rounds in several passes), count 6 x 6 open tours by the split
/// as OEIS says, and leave nothing in the scratch folder.
#[test]
fn two_processes_out_of_core_split_as_oeis_says() {
    let scratch = folder("scratch");
    let budget = (7u64 << 19).to_string();
    let env = [
        ("KB_SPLIT_BUDGET", budget.as_str()),
        ("KB_SPLIT_SCRATCH", scratch.to_str().unwrap()),
    ];
    let (got, _) = processes(2, 1, "6x6", &env);
    assert_eq!(got, "6637920");
    let left: Vec<_> = std::fs::read_dir(&scratch).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
    let _ = std::fs::remove_dir_all(&scratch);
}

/// Starts 2 processes counting 6 x 8 (cut before round 24, top half 30 rounds) with a
/// checkpoint in `dir` after every round, kills process 1 with SIGKILL once both parts of a
/// layer before a round of `rounds` are there (process 0, losing its peer, then ends with an
/// error and no count within 60 s), and runs the same two commands again: their count and
/// where they resumed. (A kill in the join is not timed here: 6 x 8's join takes under a
/// second past its last layer; the library's `a_stopped_split_resumes_past_its_cut_and_at_its_join`
/// stops one there.)
fn killed_and_resumed(dir: &Path, rounds: std::ops::RangeInclusive<u32>) -> (String, String) {
    // The processes ended by the kill leave their folders there: removed at the end.
    let scratch = folder("kill-scratch");
    let env = [
        ("KB_SPLIT_CHECKPOINT", dir.to_str().unwrap()),
        ("KB_SPLIT_SCRATCH", scratch.to_str().unwrap()),
    ];
    let hosts = hostfile(2);
    let mut group = start(2, 1, "6x8", &hosts, &env);
    group.wait_for_layer(dir, rounds, &|| true);
    let zero = group.kill_process_1(Duration::from_secs(60));
    assert!(
        !String::from_utf8_lossy(&zero.stdout).contains("tours "),
        "process 0 printed a count"
    );
    let outs = start(2, 1, "6x8", &hosts, &env).outputs(Duration::from_secs(120));
    let _ = std::fs::remove_file(&hosts);
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(!dir.exists(), "the checkpoint is removed at the end");
    tours(&outs)
}

/// Proves a kill -9 of one process past the cut loses nothing: once a layer between the cut
/// and the end of the top half is complete in the checkpoint, process 1 is killed; the same
/// two commands again resume from that layer (the layer at the cut gathered again from the
/// checkpoint's parts) and give 49,929,787,608.
#[test]
fn one_process_killed_past_the_cut_resumes_there() {
    let dir = folder("kill-cut");
    let (got, resumed) = killed_and_resumed(&dir, 25..=29);
    assert_eq!(got, "49929787608");
    let round = resumed
        .strip_prefix("Some((0, ")
        .and_then(|r| r.strip_suffix("))"))
        .and_then(|r| r.parse::<u32>().ok());
    assert!(round.is_some_and(|r| r > 24), "{resumed}");
}
