//! Running the `knightbits` binary from the end-to-end tests.
#![allow(dead_code)] // each test file uses its own share of these

use std::process::{Command, Output};

use serde_json::Value;

/// The binary under test.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_knightbits"))
}

/// Runs the binary with `args` and collects everything it wrote.
pub fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

/// Runs the binary with `args`, `stdin` on its standard input, and collects what it wrote.
pub fn run_with_input(args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(stdin.as_bytes())
        .expect("the binary reads its input");
    child.wait_with_output().expect("the binary ends")
}

/// Runs a command that must succeed with one JSON object on one line and nothing on stderr.
pub fn json_of(args: &[&str]) -> Value {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8 output");
    assert_eq!(text.lines().count(), 1, "{args:?}: one JSON line: {text}");
    serde_json::from_str(&text).expect("valid JSON")
}

/// Asserts a run failed as bad input: exit code 2, nothing on stdout, one line on stderr that
/// contains `needle`.
pub fn assert_bad_input(args: &[&str], needle: &str) {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    let err = String::from_utf8(out.stderr).expect("utf-8 stderr");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("knightbits: "), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
}

/// Starts `knightbits serve --port 0` with `extra` options (the binary named by
/// `KNIGHTBITS_SERVER_BIN` if set, for release-mode load runs) and reads the address it prints.
pub fn spawn_server(extra: &[&str]) -> (std::process::Child, std::net::SocketAddr) {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let bin = std::env::var("KNIGHTBITS_SERVER_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_knightbits").to_string());
    let mut child = Command::new(bin)
        .args(["serve", "--port", "0"])
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("piped stdout"))
        .read_line(&mut line)
        .expect("the server prints its URL");
    let url = line.trim();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .parse()
        .expect("an address");
    (child, addr)
}
