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
    assert_eq!(
        v,
        json!({"numbering": "a1-b1", "bits": "0x0000005088008850"})
    );
    let back = json_of(&[
        "convert",
        "0x0000005088008850",
        "--from",
        "a1-b1",
        "--to",
        "h1-g1",
        "--json",
    ]);
    assert_eq!(
        back,
        json!({"numbering": "h1-g1", "bits": "0x0000000a1100110a"})
    );
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

/// Clap reads the typed options itself: a value outside the library's lists ends the run
/// before anything is computed, with exit code 2, nothing on stdout and one line that names
/// the option and the values it takes.
#[test]
fn clap_refuses_bad_typed_values() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &["attacks", "d4", "--method", "magic"],
            "--method <METHOD>",
            "lookup, post-mask, pre-mask, prefix, halves, translate, shifts",
        ),
        (
            &["attacks", "d4", "--piece", "queen"],
            "--piece <PIECE>",
            "knight, king",
        ),
        (
            &["moves", "d4", "--piece", "bishop"],
            "--piece <PIECE>",
            "knight, king",
        ),
        (
            &["attacks", "--fen", fen, "--side", "green"],
            "--side <SIDE>",
            "white, black",
        ),
        (
            &["show", "d4", "--mapping", "a1-c1"],
            "--mapping <MAPPING>",
            "a1-b1, h1-g1, a1-a2, h1-h2, a8-b8, a8-a7, h8-g8, h8-h7",
        ),
        (
            &["convert", "1", "--from", "lefr", "--to", "a1-b1"],
            "--from <FROM>",
            "a1-b1, h1-g1",
        ),
        (
            &["convert", "1", "--from", "a1-b1", "--to", "z"],
            "--to <TO>",
            "a1-b1, h1-g1",
        ),
        (
            &["count", "d4", "--method", "fast"],
            "--method <METHOD>",
            "loop, table16, clear-lowest, hardware",
        ),
        (
            &["distance", "a1", "h8", "--board", "8*8"],
            "--board <WxH>",
            "WxH",
        ),
        (
            &["tour", "--board", "0x8"],
            "--board <WxH>",
            "from 1 to 10000",
        ),
        (&["count-tours", "--board", "x"], "--board <WxH>", "WxH"),
    ];
    for (args, option, told) in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("knightbits: invalid value '"),
            "{args:?}: {err}"
        );
        assert!(err.contains(&format!("for '{option}'")), "{args:?}: {err}");
        assert!(err.contains(told), "{args:?}: {err}");
    }
    // A long refused value is quoted short, and on one line even with a line break in it.
    let long = "x".repeat(10_000);
    assert_bad_input(&["attacks", "d4", "--method", &long], "...' for '--method");
    assert_bad_input(&["show", "d4", "--mapping", "a1\nb1"], "'a1\\nb1'");
    // The library's readers decide what is accepted: any case and `lerf` for numberings.
    assert_eq!(
        json_of(&["show", "0xA1100110A", "--mapping", "LERF", "--json"])["numbering"],
        "a1-b1"
    );
}

/// `--method` takes a knight or a king method; a name the chosen piece does not have is
/// refused with that piece's methods, from the library's lists.
#[test]
fn a_method_of_the_other_piece_is_refused_with_the_right_list() {
    assert_bad_input(
        &["attacks", "d4", "--piece", "king", "--method", "prefix"],
        "invalid method 'prefix': prefix is the knight's method, not the king's; the king's \
         are lookup, shifts or translate",
    );
    assert_bad_input(
        &["attacks", "d4", "--method", "shifts"],
        "invalid method 'shifts': shifts is the king's method, not the knight's; the \
         knight's are lookup, post-mask, pre-mask, prefix, halves or translate",
    );
    let help = String::from_utf8(run(&["attacks", "--help"]).stdout).unwrap();
    assert!(help.contains("Knight: lookup, post-mask, pre-mask, prefix, halves, translate."));
    assert!(help.contains("King: lookup, shifts, translate"));
}
