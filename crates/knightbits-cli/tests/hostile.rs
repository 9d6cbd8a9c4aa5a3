//! Hostile input, end to end: every subcommand with every class of bad input ends with exit
//! code 2, exactly one line on stderr, and nothing on stdout.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::process::Command;

/// One argument list per (subcommand, class of bad input).
fn cases() -> Vec<(&'static str, Vec<OsString>)> {
    let long = "d4,".repeat(40_000) + "z9"; // 120 KB (the kernel caps one argument at 128 KiB)
    let huge_number = "9".repeat(10_000);
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let non_utf8 = OsString::from_vec(vec![0x64, 0xff, 0x34]);
    let s = |v: &[&str]| v.iter().map(OsString::from).collect::<Vec<_>>();
    let with = |v: &[&str], extra: OsString| {
        let mut args = s(v);
        args.push(extra);
        args
    };
    vec![
        // malformed
        ("malformed", s(&["attacks", "d9"])),
        ("malformed", s(&["moves", "c5", "--own", "0xg"])),
        ("malformed", s(&["forks", "--fen", "not/a/fen w - - 0 1"])),
        ("malformed", s(&["count", "0b012"])),
        ("malformed", s(&["show", "0x1", "--mapping", "a1-a1"])),
        (
            "malformed",
            s(&["convert", "0x1", "--from", "x", "--to", "a1-b1"]),
        ),
        ("malformed", s(&["fill", "a1,,b2"])),
        ("malformed", s(&["reach", "a1", "--moves", "two"])),
        ("malformed", s(&["distance", "a1", "h8", "--board", "8*8"])),
        ("malformed", s(&["tour", "--board", "axb"])),
        ("malformed", s(&["steps", "d9", "--method", "translate"])),
        ("malformed", s(&["steps", "d4", "--mapping", "z1-z2"])),
        ("malformed", s(&["table", "--piece", "queen"])),
        ("malformed", s(&["forks", "e8,a9"])),
        (
            "malformed",
            s(&["catch", "--knight", "i1", "--pawn", "a5", "--side", "white"]),
        ),
        (
            "malformed",
            s(&["catch", "--knight", "d8", "--pawn", "a5", "--side", "red"]),
        ),
        ("malformed", s(&["completions", "tcsh"])),
        ("malformed", s(&["man", "bogus"])),
        ("malformed", s(&["attacks", "--index", "x"])),
        // empty
        ("empty", s(&["attacks", ""])),
        ("empty", s(&["moves", "", "--own", "a1"])),
        ("empty", s(&["forks", "--fen", ""])),
        ("empty", s(&["count", ""])),
        ("empty", s(&["show", ""])),
        (
            "empty",
            s(&["convert", "", "--from", "a1-b1", "--to", "a1-b1"]),
        ),
        ("empty", s(&["fill", ""])),
        ("empty", s(&["reach", "", "--moves", "1"])),
        ("empty", s(&["distance", "", "h8"])),
        ("empty", s(&["tour", "--board", ""])),
        ("empty", s(&["steps", ""])),
        ("empty", s(&["forks", ""])),
        (
            "empty",
            s(&["catch", "--knight", "", "--pawn", "a5", "--side", "white"]),
        ),
        ("empty", s(&["attacks"])),
        ("empty", s(&["completions"])),
        // oversized
        ("oversized", s(&["attacks", &huge_number])),
        ("oversized", s(&["count", "0x1_0000_0000_0000_0000"])),
        (
            "oversized",
            s(&[
                "distance",
                "a1",
                "a2",
                "--board",
                &format!("{huge_number}x8"),
            ]),
        ),
        ("oversized", s(&["tour", "--board", "10001x10001"])),
        ("oversized", s(&["fill", "a1", "--moves", "65"])),
        ("oversized", s(&["attacks", "--index", "65"])),
        ("oversized", s(&["steps", &huge_number])),
        ("oversized", s(&["show", "--index", "1000"])),
        ("oversized", s(&["reach", "a1", "--moves", "4294967296"])),
        // out of range
        ("out of range", s(&["distance", "a1", "i9"])),
        ("out of range", s(&["distance", "(8,0)", "a1"])),
        (
            "out of range",
            s(&["tour", "--board", "8x8", "--start", "(8,8)"]),
        ),
        ("out of range", s(&["tour", "--board", "0x8"])),
        ("out of range", s(&["reach", "a1", "--moves", "-3"])),
        ("out of range", s(&["attacks", "--index", "64"])),
        ("out of range", s(&["moves", "--index", "0", "--one-based"])),
        ("out of range", s(&["steps", "d4", "--mapping", "h1-h2"])),
        (
            "out of range",
            s(&["catch", "--knight", "d8", "--pawn", "a1", "--side", "white"]),
        ),
        (
            "out of range",
            s(&["attacks", "--fen", fen, "--side", "red"]),
        ),
        // non-UTF-8 bytes
        ("non-utf8", with(&["attacks"], non_utf8.clone())),
        ("non-utf8", with(&["count"], non_utf8.clone())),
        ("non-utf8", with(&["forks", "--fen"], non_utf8.clone())),
        ("non-utf8", with(&["distance", "a1"], non_utf8.clone())),
        ("non-utf8", with(&["tour", "--board"], non_utf8.clone())),
        ("non-utf8", with(&["steps"], non_utf8.clone())),
        ("non-utf8", with(&["forks"], non_utf8.clone())),
        (
            "non-utf8",
            with(
                &["catch", "--side", "white", "--pawn", "a5", "--knight"],
                non_utf8.clone(),
            ),
        ),
        // extremely long lines
        ("long", s(&["attacks", &long])),
        ("long", s(&["show", &long])),
        ("long", s(&["forks", "--fen", &long])),
        ("long", s(&["distance", &long, "a1"])),
        ("long", s(&["steps", &long])),
        ("long", s(&["forks", &long])),
        (
            "long",
            s(&[
                "catch", "--knight", &long, "--pawn", "a5", "--side", "white",
            ]),
        ),
        // conflicting options
        (
            "conflict",
            s(&["attacks", "d4", "--fen", fen, "--side", "white"]),
        ),
        ("conflict", s(&["moves", "--fen", fen, "--batch"])),
        ("conflict", s(&["moves", "--fen", fen, "--own", "a1"])),
        ("conflict", s(&["moves", "d4", "--castling"])),
        (
            "conflict",
            s(&["reach", "a1", "--moves", "2", "--exactly", "--ring"]),
        ),
        ("conflict", s(&["forks", "--fen", fen, "--batch"])),
        ("conflict", s(&["forks", "e8,a8", "--fen", fen])),
        ("conflict", s(&["attacks", "d4", "--index", "27"])),
        ("conflict", s(&["attacks", "--index", "27", "--fen", fen])),
        ("conflict", s(&["attacks", "d4", "--side", "white"])),
        ("conflict", s(&["show", "--one-based"])),
        (
            "conflict",
            s(&["steps", "d4", "--piece", "king", "--method", "prefix"]),
        ),
        ("conflict", s(&["moves", "--fen", "8/8/8/8/8/8/8/8"])),
        (
            "conflict",
            s(&["attacks", "d4", "--piece", "king", "--method", "halves"]),
        ),
        // unknown
        ("unknown", s(&["bogus"])),
        ("unknown", s(&["attacks", "d4", "--unknown-flag"])),
        ("unknown", s(&["tour", "--board", "8x8", "extra"])),
        ("unknown", s(&["table", "extra"])),
        ("unknown", s(&["man", "--bogus"])),
    ]
}

#[test]
fn every_subcommand_with_every_class_of_bad_input() {
    for (class, args) in cases() {
        let out = Command::new(env!("CARGO_BIN_EXE_knightbits"))
            .args(&args)
            .output()
            .unwrap();
        let shown: Vec<String> = args
            .iter()
            .map(|a| a.to_string_lossy().chars().take(40).collect())
            .collect();
        assert_eq!(out.status.code(), Some(2), "{class}: {shown:?}");
        assert!(out.stdout.is_empty(), "{class}: {shown:?} wrote to stdout");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{class}: {shown:?}: {err}");
        assert!(err.len() < 400, "{class}: {shown:?}: the line is short");
        assert!(
            !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
            "{class}: {err}"
        );
    }
}
