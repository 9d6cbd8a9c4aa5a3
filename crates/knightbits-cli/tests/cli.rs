//! The `knightbits` binary end to end: outputs against values from the sources, and every
//! class of bad input ending with exit code 2, one line on stderr and nothing on stdout.

mod common;

use common::{assert_bad_input, json_of, run};
use serde_json::json;

#[test]
fn attacks_of_d4_by_every_knight_method_are_the_wiki_diagram() {
    let expected = json!({
        "bitboard": "0x0000142200221400",
        "squares": ["c2", "e2", "b3", "f3", "b5", "f5", "c6", "e6"],
        "count": 8,
    });
    for method in [
        "lookup",
        "post-mask",
        "pre-mask",
        "prefix",
        "halves",
        "translate",
    ] {
        assert_eq!(
            json_of(&["attacks", "d4", "--method", method, "--json"]),
            expected,
            "{method}"
        );
    }
    // The same knight written in other input forms.
    for input in [
        "0x8000000",
        "134217728",
        "0b1000000000000000000000000000",
        "0x8000000ULL",
        "8/8/8/8/3N4/8/8/8",
    ] {
        assert_eq!(json_of(&["attacks", input, "--json"]), expected, "{input}");
    }
}

#[test]
fn king_attacks_by_every_method() {
    for method in ["lookup", "shifts", "translate"] {
        let v = json_of(&[
            "attacks", "g2", "--piece", "king", "--method", method, "--json",
        ]);
        assert_eq!(
            v["squares"],
            json!(["f1", "g1", "h1", "f2", "h2", "f3", "g3", "h3"]),
            "{method}"
        );
    }
}

#[test]
fn text_output_shows_the_diagram_rank_8_on_top() {
    let out = run(&["attacks", "d4"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "8 . . . . . . . .");
    assert_eq!(lines[2], "6 . . 1 . 1 . . .");
    assert_eq!(lines[8], "  a b c d e f g h");
    assert_eq!(lines[9], "0x0000142200221400");
}

#[test]
fn moves_reproduce_the_engine_wiki_example() {
    let v = json_of(&["moves", "c5,g4", "--own", "c5,g4,d3,b2,e2,g2,e1", "--json"]);
    assert_eq!(
        v["squares"],
        json!([
            "f2", "h2", "b3", "e3", "a4", "e4", "e5", "a6", "e6", "f6", "h6", "b7", "d7"
        ])
    );
    assert_eq!(v["moves"][0], "c5a4");
    assert_eq!(v["moves"].as_array().unwrap().len(), 13);
    assert!(
        !v["moves"].as_array().unwrap().contains(&json!("g4d3")),
        "own piece on d3"
    );
}

#[test]
fn count_by_every_method() {
    for method in ["loop", "table16", "clear-lowest", "hardware"] {
        let v = json_of(&["count", "0xffff00000000ffff", "--method", method, "--json"]);
        assert_eq!(v, json!({"count": 32}), "{method}");
    }
}

#[test]
fn convert_and_show_the_devlog_masks() {
    let v = json_of(&[
        "convert",
        "0xA1100110A",
        "--from",
        "h1-g1",
        "--to",
        "a1-b1",
        "--json",
    ]);
    assert_eq!(v, json!({"bitboard": "0x0000005088008850"}));
    let back = json_of(&[
        "convert",
        "0x0000005088008850",
        "--from",
        "a1-b1",
        "--to",
        "h1-g1",
        "--json",
    ]);
    assert_eq!(back, json!({"bitboard": "0x0000000a1100110a"}));
    let king = json_of(&["show", "0x70507", "--mapping", "h1-g1", "--json"]);
    assert_eq!(
        king["squares"],
        json!(["f1", "g1", "h1", "f2", "h2", "f3", "g3", "h3"])
    );
    assert_eq!(king["indices"], json!([2, 1, 0, 10, 8, 18, 17, 16]));
}

/// Every class of bad input: exit code 2, exactly one line on stderr, nothing on stdout.
#[test]
fn bad_input_gives_one_line_and_exit_2() {
    let cases: &[&[&str]] = &[
        &["attacks", "z9"],
        &["attacks", "d4,z9"],
        &["attacks", ""],
        &["attacks", "0x10000000000000000"],
        &["attacks", "18446744073709551616"],
        &["attacks", "0b2"],
        &["attacks", "-1"],
        &["attacks", "8/8/8"],
        &["attacks", "d4", "--method", "magic"],
        &["attacks", "d4", "--piece", "king", "--method", "prefix"],
        &["attacks", "d4", "--piece", "queen"],
        &["attacks"],
        &["attacks", "d4", "--bogus"],
        &["moves", "d4", "--own", "x"],
        &["count", "d4", "--method", "fast"],
        &["count", ""],
        &["show", "d4", "--mapping", "a1-c1"],
        &["convert", "1", "--from", "a1-b1"],
        &["convert", "1", "--from", "a1-b1", "--to", "lefr"],
        &["frobnicate"],
        &[],
    ];
    for args in cases {
        assert_bad_input(args, "");
    }
}

#[test]
fn help_and_version_succeed() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["attacks", "--help"],
        &["convert", "--help"],
    ] {
        let out = run(args);
        assert!(out.status.success(), "{args:?}");
        assert!(!out.stdout.is_empty());
    }
    let help = String::from_utf8(run(&["attacks", "--help"]).stdout).unwrap();
    assert!(help.contains("Examples:"));
}
