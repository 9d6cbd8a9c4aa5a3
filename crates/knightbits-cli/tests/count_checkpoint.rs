//! `count-tours --checkpoint`: a count killed mid-way resumes from its checkpoint and ends with
//! the same total; a checkpoint of another count is refused.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{json_of, run};

/// Kills the child when dropped, so that no count outlives its test.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The count of `args` started, its output dropped.
fn started(args: &[&str]) -> Killed {
    let child = Command::new(env!("CARGO_BIN_EXE_knightbits"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("count starts");
    Killed(child)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("knightbits-ckpt-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&dir);
    dir
}

/// A folder of the test's own, made.
fn folder(name: &str) -> PathBuf {
    let dir = scratch(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Starts `args`, waits (at most 60 s) until `path` holds a checkpoint that differs from the
/// first one seen, then kills the count: so the kill lands after at least two checkpoints.
fn kill_after_checkpoints(args: &[&str], path: &Path) {
    let mut child = started(args);
    let started = Instant::now();
    let mut first: Option<Vec<u8>> = None;
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no second checkpoint within 60 s"
        );
        if let Ok(Some(status)) = child.0.try_wait() {
            panic!("the count ended ({status}) before it could be interrupted");
        }
        if let Ok(bytes) = std::fs::read(path) {
            match &first {
                None => first = Some(bytes),
                Some(f) if *f != bytes => break,
                Some(_) => {}
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.0.kill().expect("kill");
    let _ = child.0.wait();
}

/// Kills the count of `args` after two checkpoints at `path`, checks the checkpoint is kept,
/// runs the same command again and checks the checkpoint is removed when it ends: its answer.
fn kill_and_resume(args: &[&str], path: &Path) -> serde_json::Value {
    kill_after_checkpoints(args, path);
    assert!(path.exists(), "the checkpoint is kept after a kill");
    let answer = json_of(args);
    assert!(
        !path.exists(),
        "the checkpoint is removed when the count ends"
    );
    answer
}

/// A frontier count of `board` on one thread with a checkpoint after every square.
fn frontier_args<'a>(board: &'a str, closed: bool, path: &'a str) -> Vec<&'a str> {
    let mut args = std::vec!["count-tours", "--board", board, "--threads", "1", "--json"];
    if closed {
        args.push("--closed");
    }
    args.extend(["--checkpoint", path, "--checkpoint-every", "0"]);
    args
}

/// Proves a closed count survives a kill: 6x8 closed tours (55,488,142, OEIS A175881 a(8))
/// are interrupted after two checkpoints and resumed to that total, as an uninterrupted run
/// gives it.
#[test]
fn a_killed_closed_count_resumes_to_the_same_total() {
    let path = scratch("closed");
    let args = frontier_args("6x8", true, path.to_str().unwrap());
    let expected = serde_json::json!({"closed": 55_488_142u64});
    assert_eq!(kill_and_resume(&args, &path), expected);
    // Uninterrupted (its estimate may be printed on stderr: the count is long enough).
    let out = run(&["count-tours", "--board", "6x8", "--closed", "--json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v, expected);
}

/// Proves an open count by meet in the middle survives a kill: the open tours of 6x6 from a1
/// are interrupted after two middle squares and resumed to the total of an uninterrupted run.
#[test]
fn a_killed_open_count_resumes_to_the_same_total() {
    let path = scratch("open");
    let p = path.to_str().unwrap();
    let args = [
        "count-tours",
        "--board",
        "6x6",
        "--start",
        "a1",
        "--threads",
        "1",
        "--json",
        "--checkpoint",
        p,
    ];
    assert_uninterrupted_from_a1("6x6", kill_and_resume(&args, &path));
}

/// Checks `resumed` is the answer of an uninterrupted count of the open tours of `board` from
/// a1, and not none.
fn assert_uninterrupted_from_a1(board: &str, resumed: serde_json::Value) {
    let out = run(&["count-tours", "--board", board, "--start", "a1", "--json"]);
    assert!(out.status.success());
    let whole: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(resumed, whole);
    assert!(resumed["open"].as_u64().is_some_and(|n| n > 0), "{resumed}");
}

/// Proves an open count from one start by the frontier programme (a long narrow board)
/// survives a kill: the open tours of 5x9 from a1 (about 2 s; 5x8 could end on a quiet
/// machine before a second checkpoint was seen) are interrupted after two checkpoints and
/// resumed to the total of an uninterrupted run.
#[test]
fn a_killed_open_frontier_count_from_a_start_resumes_to_the_same_total() {
    let path = scratch("open-frontier-start");
    let mut args = frontier_args("5x9", false, path.to_str().unwrap());
    args.extend(["--start", "a1"]);
    assert_uninterrupted_from_a1("5x9", kill_and_resume(&args, &path));
}

/// Proves an open count by the frontier programme (every start of a long narrow board)
/// survives a kill: 5x8's 36,122,108 directed tours (OEIS A083386 a(8) = 18,061,054 undirected
/// paths, both directions) are interrupted after two checkpoints and resumed to that total.
#[test]
fn a_killed_open_frontier_count_resumes_to_the_same_total() {
    let path = scratch("open-frontier");
    let args = frontier_args("5x8", false, path.to_str().unwrap());
    assert_eq!(
        kill_and_resume(&args, &path),
        serde_json::json!({"open": 36_122_108u64})
    );
}

/// Proves a checkpoint is only taken by the count that wrote it: an open count's checkpoint
/// given to another board, to a start square, to a closed count and to a frontier count of open
/// tours is refused with one line.
#[test]
fn a_checkpoint_of_another_count_is_refused() {
    let path = scratch("other");
    std::fs::write(
        &path,
        r#"{"format":"knightbits open-tour count 2","board":"5x8","start":null,"units":["1"]}"#,
    )
    .unwrap();
    let p = path.to_str().unwrap();
    for args in [
        &["count-tours", "--board", "6x6", "--checkpoint", p][..],
        &[
            "count-tours",
            "--board",
            "5x8",
            "--start",
            "a1",
            "--checkpoint",
            p,
        ],
        &[
            "count-tours",
            "--board",
            "5x8",
            "--closed",
            "--checkpoint",
            p,
        ],
        &["count-tours", "--board", "5x8", "--checkpoint", p],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("cannot resume from checkpoint"), "{err}");
    }
    assert!(path.exists(), "a refused checkpoint is left alone");
    let _ = std::fs::remove_file(&path);
}

/// Proves the memory limit is a budget, not a refusal, for closed counts: 6x8 closed under
/// 4 MiB (a tenth of its tables in memory) goes out of core into --scratch and gives the same
/// 55,488,142 tours (OEIS A175881 a(8)), leaving nothing in the folder; the peak memory of
/// such a count is measured in the board crate's tests.
#[test]
fn a_closed_count_past_its_memory_goes_out_of_core() {
    let dir = folder("scratch-dir");
    let d = dir.to_str().unwrap();
    let args = [
        "count-tours",
        "--board",
        "6x8",
        "--closed",
        "--max-memory",
        "4M",
        "--scratch",
        d,
        "--json",
    ];
    assert_eq!(json_of(&args), serde_json::json!({"closed": 55_488_142u64}));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "layers left");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Proves a square whose layer is read from disk in passes survives kill -9 between passes:
/// 6x7 closed under 4 MiB (its layers from square 25 on read from disk, in up to 11 passes) is
/// killed as soon as PATH.pass marks a pass done, and the same command resumes after the
/// passes marked (its log says so) to OEIS A175881's 1,067,638, leaving no file behind. A kill
/// that lands after the round's last pass (the mark gone) is tried again, five times at most.
#[test]
fn a_count_killed_between_passes_resumes_after_them() {
    let dir = folder("passes");
    let path = dir.join("6x7.layer");
    let mark = dir.join("6x7.layer.pass");
    let (d, p) = (dir.to_str().unwrap(), path.to_str().unwrap());
    let args = [
        "count-tours",
        "--board",
        "6x7",
        "--closed",
        "--threads",
        "1",
        "--max-memory",
        "4M",
        "--scratch",
        d,
        "--checkpoint",
        p,
        "--verbose",
        "--json",
    ];
    for attempt in 0.. {
        assert!(attempt < 5, "no kill landed between passes in 5 tries");
        let mut child = started(&args);
        let started = Instant::now();
        while !mark.exists() {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "no pass marked within 60 s"
            );
            if let Ok(Some(status)) = child.0.try_wait() {
                panic!("the count ended ({status}) before a pass was marked");
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        child.0.kill().expect("kill -9");
        let _ = child.0.wait();
        if mark.exists() {
            break;
        }
        for entry in std::fs::read_dir(&dir).unwrap() {
            let _ = std::fs::remove_file(entry.unwrap().path());
        }
    }
    let out = run(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v, serde_json::json!({"closed": 1_067_638u64}));
    assert!(
        stderr.contains(" done before, kept beside the checkpoint)"),
        "the resumed square says its passes done before: {stderr}"
    );
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "files left: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Proves a checkpoint path of the wrong shape is refused with one line and exit 2 before any
/// counting: in a folder that does not exist (by the parser), or a folder where a file goes
/// (by the count, which cannot read it as a checkpoint).
#[test]
fn a_checkpoint_path_of_the_wrong_shape_is_refused() {
    let dir = folder("wrong-shape");
    let missing = dir.join("no-such-folder").join("x.ckpt");
    let cases = [
        (missing.to_str().unwrap(), "is not in a folder that exists"),
        (dir.to_str().unwrap(), "is a directory"),
    ];
    for (path, says) in cases {
        for closed in [false, true] {
            let mut args = vec!["count-tours", "--board", "6x6", "--checkpoint", path];
            if closed {
                args.push("--closed");
            }
            let out = Command::new(env!("CARGO_BIN_EXE_knightbits"))
                .args(&args)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert!(out.stdout.is_empty(), "{args:?}");
            let err = String::from_utf8(out.stderr).unwrap();
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            assert!(err.contains(says), "{args:?}: {err}");
        }
    }
    assert!(!missing.parent().unwrap().exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ctrl-C (SIGINT) stops a count out of core (6x8 closed under 3 MiB on one thread, the signal
/// sent as soon as its first file is on disk) within seconds: exit code 130 and one line
/// saying how far it came. Without a checkpoint the line says so and the scratch folder is
/// left empty; with one it says the same command resumes, and it does: to OEIS A175881's
/// 55,488,142, no file left behind.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_count_and_keeps_only_its_checkpoint() {
    let dir = folder("ctrl-c");
    let checkpoint = dir.join("6x8.layer");
    let scratch_dir = dir.join("layers");
    std::fs::create_dir_all(&scratch_dir).unwrap();
    let args = |with_checkpoint: bool| {
        let mut a = vec![
            "count-tours".to_string(),
            "--board".into(),
            "6x8".into(),
            "--closed".into(),
            "--max-memory".into(),
            "3M".into(),
            "--threads".into(),
            "1".into(),
            "--scratch".into(),
            scratch_dir.display().to_string(),
        ];
        if with_checkpoint {
            a.extend(["--checkpoint".into(), checkpoint.display().to_string()]);
        }
        a
    };
    for with_checkpoint in [false, true] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_knightbits"))
            .args(args(with_checkpoint))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("count starts");
        let began = Instant::now();
        let on_disk = || match with_checkpoint {
            true => checkpoint.exists(),
            false => std::fs::read_dir(&scratch_dir).unwrap().next().is_some(),
        };
        while !on_disk() {
            assert!(began.elapsed() < Duration::from_secs(60), "no file in 60 s");
            if let Ok(Some(status)) = child.try_wait() {
                panic!("the count ended ({status}) before it went out of core");
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let sent = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if began.elapsed() > Duration::from_secs(60) {
                let _ = child.kill();
                panic!("the count did not stop within 60 s of Ctrl-C");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
        assert_eq!(status.code(), Some(130), "{err}");
        let last = err.lines().last().unwrap_or_default();
        assert!(last.starts_with("knightbits: stopped after "), "{err}");
        let left: Vec<_> = std::fs::read_dir(&scratch_dir).unwrap().collect();
        match with_checkpoint {
            false => {
                assert!(last.ends_with("with no checkpoint to resume from"), "{err}");
                assert!(
                    left.is_empty(),
                    "files left in the scratch folder: {left:?}"
                );
            }
            true => {
                assert!(last.ends_with("run the same command to resume"), "{err}");
                assert!(checkpoint.exists(), "the checkpoint is kept");
                let again: Vec<String> = args(true);
                let again: Vec<&str> = again.iter().map(String::as_str).collect();
                let json = json_of(&[again.as_slice(), &["--json"]].concat());
                assert_eq!(json["closed"], 55_488_142u64, "{json}");
                assert!(!checkpoint.exists(), "the checkpoint is removed at the end");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
