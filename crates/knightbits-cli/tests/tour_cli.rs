//! `knightbits tour` end to end: every tour printed is checked by a validator written here.

mod common;

use std::collections::HashSet;

use common::{assert_bad_input, json_of, run};
use serde_json::{Value, json};

/// Reads a square name (`c3`) or a `[file, rank]` pair as (file, rank).
fn square(v: &Value) -> (i64, i64) {
    if let Some(pair) = v.as_array() {
        (pair[0].as_i64().unwrap(), pair[1].as_i64().unwrap())
    } else {
        let text = v.as_str().unwrap();
        let file = text.as_bytes()[0] as i64 - b'a' as i64;
        (file, text[1..].parse::<i64>().unwrap() - 1)
    }
}

/// Each square of the board once, each step a knight move, closed tours return to the start.
fn check(v: &Value, w: i64, h: i64, closed: bool) {
    assert_eq!(v["board"], format!("{w}x{h}"));
    assert_eq!(v["closed"], closed);
    let squares: Vec<(i64, i64)> = v["path"].as_array().unwrap().iter().map(square).collect();
    assert_eq!(squares.len() as i64, w * h);
    let distinct: HashSet<_> = squares.iter().collect();
    assert_eq!(distinct.len(), squares.len());
    assert!(
        squares
            .iter()
            .all(|&(f, r)| (0..w).contains(&f) && (0..h).contains(&r))
    );
    let knight =
        |a: (i64, i64), b: (i64, i64)| knightbits_testkit::is_knight_step(a.0 - b.0, a.1 - b.1);
    assert!(squares.windows(2).all(|s| knight(s[0], s[1])));
    if closed {
        assert!(knight(squares[0], squares[squares.len() - 1]));
    }
}

#[test]
fn open_and_closed_tours_validate() {
    for (w, h) in [(8, 8), (5, 5), (3, 4), (7, 9), (30, 27)] {
        let v = json_of(&["tour", "--board", &format!("{w}x{h}"), "--json"]);
        check(&v, w, h, false);
    }
    let v = json_of(&["tour", "--board", "5x5", "--start", "c3", "--json"]);
    assert_eq!(v["path"][0], "c3");
    check(&v, 5, 5, false);
    for (w, h) in [(6, 6), (8, 8), (3, 10), (10, 3), (12, 5)] {
        let v = json_of(&["tour", "--board", &format!("{w}x{h}"), "--closed", "--json"]);
        check(&v, w, h, true);
    }
    let v = json_of(&[
        "tour", "--board", "40x40", "--closed", "--start", "(39,0)", "--json",
    ]);
    assert_eq!(v["path"][0], json!([39, 0]));
    check(&v, 40, 40, true);
}

#[test]
fn text_shows_move_numbers_with_rank_8_on_top() {
    let out = run(&["tour", "--board", "8x8"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("  8 "));
    assert!(
        lines[7].starts_with("  1  1 "),
        "the tour starts on a1: {}",
        lines[7]
    );
    assert!(lines[9].starts_with("open tour of 8x8, 64 squares, from a1"));
}

#[test]
fn boards_without_tours_are_answered_with_the_reason() {
    // "No tour" is an answer (exit 0, "path": null and the reason), not bad input.
    for (args, needle) in [
        (&["tour", "--board", "4x4"][..], "no open knight's tour"),
        (&["tour", "--board", "3x3"], "no open knight's tour"),
        (&["tour", "--board", "2x8"], "no open knight's tour"),
        (&["tour", "--board", "1x5"], "no open knight's tour"),
        (
            &["tour", "--board", "5x5", "--closed"],
            "no closed knight's tour",
        ),
        (
            &["tour", "--board", "4x8", "--closed"],
            "no closed knight's tour",
        ),
        (
            &["tour", "--board", "3x8", "--closed"],
            "no closed knight's tour",
        ),
        (
            &["tour", "--board", "5x5", "--start", "b1"],
            "corners' colour",
        ),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with("no "), "{args:?}: {text}");
        assert!(text.contains(needle), "{args:?}: {text}");
        let mut json = args.to_vec();
        json.push("--json");
        let v = json_of(&json);
        assert!(v["path"].is_null(), "{args:?}");
        assert!(v["reason"].as_str().unwrap().contains(needle), "{args:?}");
    }
}

#[test]
fn bad_tour_input_exits_2_with_the_reason() {
    for (args, needle) in [
        (&["tour", "--board", "0x5"][..], "board sides"),
        (&["tour", "--board", "10001x5"], "board sides"),
        (
            &["tour", "--board", "5x5", "--start", "f1"],
            "not on the board",
        ),
        (&["tour"], "--board"),
    ] {
        assert_bad_input(args, needle);
    }
}

/// Counts against OEIS: A165134 (directed open tours of n x n: 5x5 1,728, 304 from a corner),
/// A001230 (closed tours of n x n: 6x6 9,862), A070030 (closed tours of 3 x n: 3x10 16,
/// 3x12 176), A175855 (closed tours of 5 x 2n: 5x20 past 2^64, by the sweep modulo primes),
/// A083386 and A079137 (open tours of 5 x 9 and 4 x 20 by the frontier programme).
#[test]
fn count_tours_matches_oeis() {
    assert_eq!(
        json_of(&["count-tours", "--board", "5x5", "--json"]),
        serde_json::json!({"open": 1728})
    );
    assert_eq!(
        json_of(&["count-tours", "--board", "5x5", "--start", "a1", "--json"]),
        serde_json::json!({"open": 304})
    );
    assert_eq!(
        json_of(&["count-tours", "--board", "5x5", "--start", "e5", "--json"]),
        serde_json::json!({"open": 304})
    );
    assert_eq!(
        json_of(&["count-tours", "--board", "3x10", "--closed", "--json"]),
        serde_json::json!({"closed": 16})
    );
    assert_eq!(
        json_of(&["count-tours", "--board", "12x3", "--closed", "--json"]),
        serde_json::json!({"closed": 176})
    );
    assert_eq!(
        json_of(&["count-tours", "--board", "4x4", "--json"]),
        serde_json::json!({"open": 0})
    );
    assert_eq!(
        json_of(&["count-tours", "--board", "5x5", "--closed", "--json"]),
        serde_json::json!({"closed": 0})
    );
    let text = String::from_utf8(run(&["count-tours", "--board", "5x5"]).stdout).unwrap();
    assert_eq!(text, "1728 open tours of 5x5\n");
    // Open tours by the frontier programme (long narrow boards, and past 64 squares):
    // A083386 a(9) = 264,895,640 undirected paths of 5 x 9, A079137 a(20) = 20,241,304,810,488
    // of 4 x 20, each counted in both directions.
    // (5x9 takes seconds: on a busy machine its estimate may be printed on stderr.)
    let out = run(&["count-tours", "--board", "5x9", "--json"]);
    assert!(out.status.success());
    assert_eq!(
        serde_json::from_slice::<Value>(&out.stdout).unwrap(),
        serde_json::json!({"open": 529_791_280u64})
    );
    assert_eq!(
        json_of(&["count-tours", "--board", "20x4", "--json"]),
        serde_json::json!({"open": 40_482_609_620_976u64})
    );
    // Past 2^64 (A175855 a(10), 5 x 20 closed, 66 bits): the JSON number carries every digit.
    let out = run(&["count-tours", "--board", "5x20", "--closed", "--json"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "{\"closed\":53034853662012222798}\n"
    );
}

/// `--across` lays a board's other side across and counts the same: 3 x 8 and 8 x 3 open swept
/// across 8 (OEIS A118067 a(8): 792 directed open tours), 8 x 4 open swept across 8 (A079137
/// a(8), twice 31,088 undirected paths: 62,176), 6 x 5 closed swept across 6 (A175881 a(5): 8).
#[test]
fn count_tours_across_the_longer_side_counts_the_same() {
    for (args, want) in [
        (
            &["--board", "3x8", "--across", "8"][..],
            json!({"open": 792}),
        ),
        (&["--board", "8x3", "--across", "8"], json!({"open": 792})),
        (&["--board", "8x3", "--across", "3"], json!({"open": 792})),
        (
            &["--board", "8x4", "--across", "8"],
            json!({"open": 62_176}),
        ),
        (
            &["--board", "6x5", "--closed", "--across", "6"],
            json!({"closed": 8}),
        ),
    ] {
        let mut all = std::vec!["count-tours", "--json"];
        all.extend_from_slice(args);
        assert_eq!(json_of(&all), want, "{args:?}");
    }
}

/// `--verbose` logs each square of a count square by square on stderr, in order, with its
/// states (3 x 10 closed: 30 squares, none left after the last), and each unit of meet in the
/// middle; the count on stdout is unchanged.
#[test]
fn count_tours_verbose_logs_each_square() {
    let out = run(&["count-tours", "--board", "3x10", "--closed", "--verbose"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "16 closed tours of 3x10\n"
    );
    let log = String::from_utf8_lossy(&out.stderr);
    let squares: Vec<&str> = log.lines().collect();
    assert_eq!(squares.len(), 30, "{log}");
    for (i, line) in squares.iter().enumerate() {
        assert!(line.starts_with(&format!("square {i}: ")), "{line}");
        assert!(line.contains(" states, 1 pass over the layer, "), "{line}");
    }
    assert!(squares[29].starts_with("square 29: 0 states"), "{log}");
    let meet = run(&["count-tours", "--board", "5x5", "--verbose"]);
    let log = String::from_utf8_lossy(&meet.stderr);
    assert!(
        log.lines().any(|l| l.contains(" middle squares at ")),
        "{log}"
    );
}

/// The limits left are those of the representation (a set of squares in 64 bits, a frontier
/// of 12 squares across) and the memory the count may use, judged by an estimate from the
/// count's first seconds: 6x5 open tours by meet in the middle need more than 1 byte (a count
/// square by square keeps within the memory by going out of core, into a scratch folder that
/// must exist).
#[test]
fn count_tours_refuses_what_it_cannot_hold() {
    for (args, needle) in [
        (
            &["count-tours", "--board", "6x5", "--max-memory", "1"][..],
            "more than 1 B (--max-memory), estimated from",
        ),
        (
            &[
                "count-tours",
                "--board",
                "6x8",
                "--closed",
                "--scratch",
                "/no/such/folder",
            ],
            "\"/no/such/folder\" is not a folder",
        ),
        (
            &["count-tours", "--board", "13x13", "--start", "a1"],
            "shorter side is at most 12",
        ),
        (
            &["count-tours", "--board", "13x13", "--closed"],
            "shorter side is at most 12",
        ),
        (
            &["count-tours", "--board", "13x13"],
            "the frontier programme counts tours on boards whose shorter side is at most 12",
        ),
        (
            &["count-tours", "--board", "5x5", "--max-memory", "lots"],
            "not a size such as 4G",
        ),
        (
            &["count-tours", "--board", "5x5", "--start", "f1"],
            "not on the board",
        ),
        (
            &["count-tours", "--board", "5x5", "--start", "a1", "--closed"],
            "cannot be used",
        ),
        (&["count-tours", "--board", "0x5"], "board sides"),
        (
            &["count-tours", "--board", "8x6", "--across", "7"],
            "cannot count tours of 8x6: 7 is not a side of the board",
        ),
        (
            &["count-tours", "--board", "5x5", "--across", "5"],
            "cannot count tours of 5x5: meet in the middle lays no side across the board",
        ),
        (
            &["count-tours", "--board", "8x6", "--across", "wide"],
            "invalid value",
        ),
        (
            &["count-tours", "--board", "13x6", "--across", "13"],
            "shorter side is at most",
        ),
    ] {
        assert_bad_input(args, needle);
    }
}

/// Beyond 26 files the board has no letters: files and ranks are labelled from 0, as the
/// `file,rank` pairs count them, and JSON gives `[file, rank]` pairs.
#[test]
fn a_wide_board_is_labelled_as_its_coordinates_count() {
    let v = json_of(&["tour", "--board", "27x3", "--json"]);
    assert_eq!(v["path"][0], json!([0, 0]));
    let text = String::from_utf8(run(&["tour", "--board", "27x3"]).stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].trim_start().starts_with("2 "), "{text}");
    assert!(lines[2].trim_start().starts_with("0 "), "{text}");
    assert!(lines[3].trim_start().starts_with("0  1  2"), "{text}");
    assert!(lines[3].trim_end().ends_with("26"), "{text}");
}
