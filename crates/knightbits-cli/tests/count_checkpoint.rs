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

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("knightbits-ckpt-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&dir);
    dir
}

/// Starts `args`, waits (at most 60 s) until `path` holds a checkpoint that differs from the
/// first one seen, then kills the count: so the kill lands after at least two checkpoints.
fn kill_after_checkpoints(args: &[&str], path: &Path) {
    let child = Command::new(env!("CARGO_BIN_EXE_knightbits"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("count starts");
    let mut child = Killed(child);
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

/// Proves a closed count survives a kill: 6x8 closed tours (55,488,142, the count of
/// Knuth's table of closed tours on 6 x n, as the frontier programme's tests give it) are
/// interrupted after two checkpoints and resumed to the same total as an uninterrupted run.
#[test]
fn a_killed_closed_count_resumes_to_the_same_total() {
    let path = scratch("closed");
    let p = path.to_str().unwrap();
    let args = [
        "count-tours",
        "--board",
        "6x8",
        "--closed",
        "--threads",
        "1",
        "--json",
        "--checkpoint",
        p,
        "--checkpoint-every",
        "0",
    ];
    kill_after_checkpoints(&args, &path);
    assert!(path.exists(), "the checkpoint is kept after a kill");
    assert_eq!(json_of(&args), serde_json::json!({"closed": 55_488_142u64}));
    assert!(
        !path.exists(),
        "the checkpoint is removed when the count ends"
    );
    // Uninterrupted (its estimate may be printed on stderr: the count is long enough).
    let out = run(&["count-tours", "--board", "6x8", "--closed", "--json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v, serde_json::json!({"closed": 55_488_142u64}));
}

/// Proves an open count survives a kill: 5x8 open tours (36,122,108 directed tours, as the
/// frontier programme counts them independently in the library's tests) are interrupted after
/// two middle squares and resumed to the same total.
#[test]
fn a_killed_open_count_resumes_to_the_same_total() {
    let path = scratch("open");
    let p = path.to_str().unwrap();
    let args = [
        "count-tours",
        "--board",
        "5x8",
        "--threads",
        "1",
        "--json",
        "--checkpoint",
        p,
    ];
    kill_after_checkpoints(&args, &path);
    assert!(path.exists());
    assert_eq!(json_of(&args), serde_json::json!({"open": 36_122_108u64}));
    assert!(!path.exists());
}

/// Proves a checkpoint is only taken by the count that wrote it: an open count's checkpoint
/// given to another board, to a start square and to a closed count is refused with one line.
#[test]
fn a_checkpoint_of_another_count_is_refused() {
    let path = scratch("other");
    std::fs::write(
        &path,
        r#"{"format":"knightbits open-tour count 1","board":"5x8","start":null,"units":["1"]}"#,
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
