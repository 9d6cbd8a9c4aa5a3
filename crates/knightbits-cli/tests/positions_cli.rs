//! The position subcommands end to end: --fen answers, --batch streaming, bad FENs.

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

use common::{assert_bad_input, bin, json_of};
use serde_json::{Value, json};

mod common;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// White knight d5; black queen a8, king e8, rook h8, pawn d7: d5c7 forks king, queen and rook.
const FORK: &str = "q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn legal_knight_moves_of_the_start_position() {
    let v = json_of(&[
        "moves", "--fen", START, "--piece", "knight", "--legal", "--json",
    ]);
    assert_eq!(v, json!({"moves": ["b1a3", "b1c3", "g1f3", "g1h3"]}));
}

#[test]
fn castling_only_when_asked() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let without = json_of(&[
        "moves", "--fen", fen, "--piece", "king", "--legal", "--json",
    ]);
    assert_eq!(
        without,
        json!({"moves": ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]})
    );
    let with = json_of(&[
        "moves",
        "--fen",
        fen,
        "--piece",
        "king",
        "--legal",
        "--castling",
        "--json",
    ]);
    assert_eq!(
        with,
        json!({"moves": ["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"]})
    );
    // Kiwipete: 48 moves in all, of which the king has d1, f1 and both castlings.
    let kiwi = json_of(&[
        "moves",
        "--fen",
        KIWIPETE,
        "--piece",
        "king",
        "--legal",
        "--castling",
        "--json",
    ]);
    assert_eq!(kiwi, json!({"moves": ["e1c1", "e1d1", "e1f1", "e1g1"]}));
}

#[test]
fn a_pinned_knight_does_not_move_but_its_pseudo_legal_moves_exist() {
    // The knight on e2 is pinned by the rook on e8.
    let fen = "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1";
    assert_eq!(
        json_of(&["moves", "--fen", fen, "--legal", "--json"]),
        json!({"moves": []})
    );
    let pseudo = json_of(&["moves", "--fen", fen, "--json"]);
    assert_eq!(
        pseudo,
        json!({"moves": ["e2c1", "e2c3", "e2d4", "e2f4", "e2g1", "e2g3"]})
    );
}

#[test]
fn attacks_of_a_side_ignore_occupancy_for_knights() {
    let v = json_of(&["attacks", "--fen", START, "--side", "black", "--json"]);
    assert_eq!(v["squares"], json!(["a6", "c6", "f6", "h6", "d7", "e7"]));
    assert_eq!(v["bitboard"], "0x0018a50000000000");
    let king = json_of(&[
        "attacks", "--fen", START, "--side", "white", "--piece", "king", "--json",
    ]);
    assert_eq!(king["squares"], json!(["d1", "f1", "d2", "e2", "f2"]));
    // Without --side, the side to move; with it, a placement alone is enough.
    let to_move = json_of(&["attacks", "--fen", START, "--json"]);
    assert_eq!(
        to_move["squares"],
        json!(["d2", "e2", "a3", "c3", "f3", "h3"])
    );
    let placement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let black = json_of(&["attacks", "--fen", placement, "--side", "BLACK", "--json"]);
    assert_eq!(black, v);
}

#[test]
fn forks_of_the_family_fork_position() {
    let v = json_of(&["forks", "--fen", FORK, "--json"]);
    assert_eq!(
        v,
        json!({"squares": ["c7"], "moves": ["d5c7"], "forced_moves": ["d5c7"], "royal_moves": ["d5c7"]})
    );
    // King e8 and rook h8 share no knight square (e8: c7 d6 f6 g7; h8: f7 g6).
    let kr = json_of(&["forks", "--fen", FORK, "--targets", "kr", "--json"]);
    assert_eq!(kr["squares"], json!([]));
    // King e8 and pawn d7 (b6 b8 c5 e5 f6 f8): f6, which the d5 knight reaches.
    let kp = json_of(&["forks", "--fen", FORK, "--targets", "kp", "--json"]);
    assert_eq!(kp["squares"], json!(["f6"]));
    assert_eq!(kp["moves"], json!(["d5f6"]));
    assert_eq!(
        kp["royal_moves"],
        json!(["d5c7"]),
        "royal forks do not depend on the targets"
    );
}

#[test]
fn text_output_shows_the_board_and_the_moves() {
    let out = bin().args(["forks", "--fen", FORK]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("8  ♛"), "{text}");
    assert!(text.contains("[.]"), "the fork square is marked");
    assert!(text.contains("fork moves: d5c7"));
}

/// 100,000 lines in, 100,000 JSON lines out, in order; bad lines answered in place.
#[test]
fn batch_streams_one_line_out_per_line_in() {
    let mut child = bin()
        .args(["moves", "--batch", "--legal"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut w = std::io::BufWriter::new(&mut stdin);
        for i in 0..100_000 {
            match i % 4 {
                0 => writeln!(w, "{START}"),
                1 => writeln!(w, "not a fen {i}"),
                2 => w.write_all(b"\xff\xfe\n"),
                _ => writeln!(w, "{FORK}"),
            }
            .unwrap();
        }
    });
    let reader = BufReader::new(child.stdout.take().unwrap());
    let mut n = 0;
    for line in reader.lines() {
        let v: Value = serde_json::from_str(&line.unwrap()).unwrap();
        match n % 4 {
            0 => assert_eq!(v["moves"].as_array().unwrap().len(), 4),
            1 => assert!(v["error"].as_str().unwrap().starts_with("invalid fen: ")),
            2 => assert_eq!(v["error"], "line is not valid UTF-8"),
            _ => assert_eq!(v["moves"].as_array().unwrap().len(), 8),
        }
        n += 1;
    }
    writer.join().unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(n, 100_000);
}

#[test]
fn batch_works_for_every_position_subcommand() {
    for args in [
        &["attacks", "--batch", "--side", "white"][..],
        &["moves", "--batch", "--piece", "king"],
        &["forks", "--batch"],
    ] {
        let out = common::run_with_input(args, &format!("{FORK}\nx\n{START}\n"));
        assert!(out.status.success());
        let lines: Vec<Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 3, "{args:?}");
        assert!(lines[0]["error"].is_null());
        assert!(
            lines[1]["error"]
                .as_str()
                .unwrap()
                .starts_with("invalid fen")
        );
        assert!(lines[2]["error"].is_null());
    }
}

/// Bad FENs and options: exit 2, one line on stderr, nothing on stdout.
#[test]
fn bad_positions_and_options_exit_2_with_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["moves", "--fen", "x"], "invalid fen"),
        (
            &["moves", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
            "invalid fen",
        ),
        (
            &[
                "moves",
                "--fen",
                "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ],
            "invalid fen",
        ),
        (&["moves", "--fen", START, "--own", "d4"], "cannot be used"),
        (&["moves", "d4", "--legal"], "--legal: it needs a position"),
        (&["moves", "d4", "--fen", START], "not both"),
        (
            &["attacks", "d4", "--side", "white"],
            "--side: it needs a position",
        ),
        (&["attacks"], "attacks needs pieces"),
        (
            &[
                "moves",
                "--fen",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            ],
            "no side to move",
        ),
        (&["attacks", "--fen", "8/8/8/8/8/8/8/8"], "no side to move"),
        (&["attacks", "--fen", START, "--side", "green"], "green"),
        (&["forks"], "forks needs targets"),
        (
            &["forks", "--fen", START, "--targets", "kx"],
            "invalid targets",
        ),
        (
            &["forks", "--fen", START, "--targets", ""],
            "invalid targets",
        ),
        (&["forks", "--fen", START, "--batch"], "cannot be used"),
    ];
    for (args, needle) in cases {
        assert_bad_input(args, needle);
    }
}

/// A 20 MB line is answered with an error without being kept; the next line still works.
#[test]
fn batch_skips_an_extremely_long_line() {
    let mut child = bin()
        .args(["forks", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..20 {
            stdin.write_all(&chunk).unwrap();
        }
        stdin.write_all(format!("\n{FORK}\n").as_bytes()).unwrap();
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["error"], "line longer than 4096 bytes");
    assert_eq!(lines[1]["moves"], json!(["d5c7"]));
}

/// A reader that stops early (`| head -1`) ends the run quietly: exit 0, nothing on stderr.
#[test]
fn batch_ends_quietly_when_stdout_closes() {
    let mut child = bin()
        .args(["moves", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdin.write_all(format!("{START}\n").as_bytes()).unwrap();
    stdin.flush().unwrap();
    // Output is buffered until the input ends or the buffer fills: write plenty, then close.
    let writer = std::thread::spawn(move || {
        for _ in 0..200_000 {
            if writeln!(stdin, "{START}").is_err() {
                break;
            }
        }
    });
    reader.read_line(&mut first).unwrap();
    assert!(first.contains("b1a3"));
    drop(reader);
    writer.join().unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Every `--batch` line is byte for byte what `--fen FEN --json` prints for that line's FEN;
/// a bad line is `{"error": …}` with the message `--fen` gives on stderr.
#[test]
fn batch_lines_equal_the_per_fen_json_output() {
    let fens = [
        START,
        FORK,
        KIWIPETE,
        "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "not a fen",
        "8/8/8/8/8/8/8/8 w - - 0 1",
    ];
    for options in [
        &["attacks", "--side", "white"][..],
        &["attacks", "--side", "black", "--piece", "king"],
        &["moves"],
        &["moves", "--legal"],
        &["moves", "--piece", "king"],
        &["moves", "--piece", "king", "--legal", "--castling"],
        &["forks"],
        &["forks", "--targets", "kp"],
    ] {
        let mut child = bin()
            .args(options)
            .arg("--batch")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(fens.join("\n").as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{options:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), fens.len(), "{options:?}");
        for (fen, line) in fens.iter().zip(lines) {
            let one = bin()
                .args(options)
                .args(["--fen", fen, "--json"])
                .output()
                .unwrap();
            let expected = if one.status.success() {
                String::from_utf8(one.stdout).unwrap()
            } else {
                assert_eq!(one.status.code(), Some(2), "{options:?} {fen}");
                let err = String::from_utf8(one.stderr).unwrap();
                // The line names the option; a batch line is its own input, and says the
                // words alone.
                let message = err.trim_end().strip_prefix("knightbits: --fen: ").unwrap();
                format!("{}\n", json!({ "error": message }))
            };
            assert_eq!(format!("{line}\n"), expected, "{options:?} {fen}");
        }
    }
}
