//! `fill`, `reach` and `distance` end to end, against figures from the wiki and by hand.

mod common;

use common::{assert_bad_input, json_of, run};
use serde_json::json;

#[test]
fn the_wiki_six_fills_from_a1() {
    let v = json_of(&["fill", "a1", "--json"]);
    let counts: Vec<u64> = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["count"].as_u64().unwrap())
        .collect();
    assert_eq!(counts, [3, 12, 32, 53, 63, 64]);
    assert_eq!(v["steps"][0]["squares"], json!(["a1", "c2", "b3"]));
    assert_eq!(v["steps"][5]["bitboard"], "0xffffffffffffffff");
    let three = json_of(&["fill", "a1", "--moves", "8", "--json"]);
    assert_eq!(three["steps"].as_array().unwrap().len(), 8);
    let text = String::from_utf8(run(&["fill", "a1"]).stdout).unwrap();
    // The wiki's drawing starts with the knight alone on a1 (step 0).
    assert_eq!(v["start"]["squares"], json!(["a1"]));
    assert!(text.starts_with("0. Start            1. Fill             2. Fill\n"));
    assert!(text.contains("squares at the start: 1, after each fill: 3, 12, 32, 53, 63, 64"));
}

#[test]
fn reach_within_exactly_and_ring() {
    // From a1: one move reaches b3 and c2; within two also a1 itself and the 9 of move two.
    assert_eq!(
        json_of(&["reach", "a1", "--moves", "1", "--json"])["squares"],
        json!(["a1", "c2", "b3"])
    );
    assert_eq!(
        json_of(&["reach", "a1", "--moves", "2", "--json"])["count"],
        12
    );
    // Two moves from a1, by hand: via b3 to a1 c1 d2 d4 c5 a5, via c2 to a1 a3 b4 d4 e3 e1.
    let two = json_of(&["reach", "a1", "--moves", "2", "--exactly", "--json"]);
    assert_eq!(
        two["squares"],
        json!(["a1", "c1", "e1", "d2", "a3", "e3", "b4", "d4", "a5", "c5"])
    );
    let ring = json_of(&["reach", "a1", "--moves", "2", "--ring", "--json"]);
    assert_eq!(
        ring["squares"],
        json!(["c1", "e1", "d2", "a3", "e3", "b4", "d4", "a5", "c5"])
    );
}

#[test]
fn distances_and_paths() {
    let v = json_of(&["distance", "a1", "h8", "--json"]);
    assert_eq!(v["distance"], 6);
    let path: Vec<&str> = v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert_eq!(path.len(), 7);
    assert_eq!((path[0], path[6]), ("a1", "h8"));
    for step in path.windows(2) {
        let (a, b) = (step[0].as_bytes(), step[1].as_bytes());
        let (df, dr) = (a[0] as i64 - b[0] as i64, a[1] as i64 - b[1] as i64);
        assert!(knightbits_testkit::is_knight_step(df, dr), "{step:?}");
    }
    // Unreachable: the centre of 3x3, and any other square of a 1x8 board.
    assert_eq!(
        json_of(&["distance", "a1", "b2", "--board", "3x3", "--json"]),
        json!({"distance": null, "path": null})
    );
    assert_eq!(
        json_of(&["distance", "a1", "a2", "--board", "1x8", "--json"]),
        json!({"distance": null, "path": null})
    );
    // (1,0) on a big board is 3 moves; far corners of 10000x10000 are 6666 apart.
    assert_eq!(
        json_of(&["distance", "0,0", "1,0", "--board", "100x100", "--json"])["distance"],
        3
    );
    let big = json_of(&[
        "distance",
        "0,0",
        "9999,9999",
        "--board",
        "10000x10000",
        "--json",
    ]);
    assert_eq!(big["distance"], 6666);
    assert_eq!(big["path"].as_array().unwrap().len(), 6667);
    assert_eq!(big["path"][0], json!([0, 0]));
}

#[test]
fn bad_sizes_and_squares_exit_2() {
    for args in [
        &["distance", "a1", "h8", "--board", "0x8"][..],
        &["distance", "a1", "h8", "--board", "10001x8"],
        &["distance", "a1", "h8", "--board", "8by8"],
        &["distance", "a1", "h8", "--board", ""],
        &["distance", "a1", "i1"],
        &["distance", "a1", "8,0"],
        &["distance", "a1", "a1", "--board", "30x30"],
        &["fill", "a1", "--moves", "0"],
        &["fill", "z1"],
        &["reach", "a1"],
        &["reach", "a1", "--moves", "-1"],
        &["reach", "a1", "--moves", "2", "--exactly", "--ring"],
    ] {
        assert_bad_input(args, "");
    }
}
