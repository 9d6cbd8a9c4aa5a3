//! The contract every front end keeps (issue 20): input that means something else is refused,
//! never reinterpreted; a flag that would change nothing in its combination is refused; each
//! message names the real fault; a valid question whose answer is "none" is answered, not
//! refused. Each case is an example of the issue or one of its siblings.

mod common;

use common::{assert_bad_input, json_of, run};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const FORK: &str = "q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1";

#[test]
fn a_whole_fen_where_squares_are_expected_is_refused_and_points_to_fen() {
    // Every command that reads a set of squares, with a whole FEN or a placement and more.
    let placement_and_more = "8/8/8/8/3N4/8/8/8 garbage";
    for input in [START, FORK, placement_and_more, "8/8/8/8/3N4/8/8/8 w"] {
        for args in [
            vec!["attacks", input],
            vec!["forks", input],
            vec!["moves", input],
            vec!["moves", "d4", "--own", input],
            vec!["show", input],
            vec!["count", input],
            vec!["fill", input],
            vec!["reach", input, "--moves", "1"],
            vec!["steps", input],
            vec!["convert", input, "--from", "a1-b1", "--to", "h1-g1"],
        ] {
            assert_bad_input(&args, "--fen");
        }
    }
    // The placement alone is still a set of squares.
    let set = json_of(&["attacks", "8/8/8/8/3N4/8/8/8", "--json"]);
    assert_eq!(set["count"], 8);
}

#[test]
fn every_numeric_input_is_read_in_the_commands_numbering() {
    // d4 is bit 28 in h1-g1 (0x10000000); e6 is bit 43 (0x0000080000000000).
    let answer = json_of(&[
        "moves",
        "0x10000000",
        "--mapping",
        "h1-g1",
        "--own",
        "0x0000080000000000",
        "--json",
    ]);
    let moves: Vec<&str> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(moves.len(), 7, "{moves:?}");
    assert!(!moves.contains(&"d4e6"), "--own e6 in h1-g1 removes d4e6");
    // Names are the same in every numbering.
    let named = json_of(&[
        "moves",
        "0x10000000",
        "--mapping",
        "h1-g1",
        "--own",
        "e6",
        "--json",
    ]);
    assert_eq!(named["moves"], answer["moves"]);
}

#[test]
fn a_flag_that_would_change_nothing_is_refused() {
    for (args, needle) in [
        (
            vec!["attacks", "--fen", FORK, "--method", "halves"],
            "--method",
        ),
        (vec!["attacks", "--batch", "--method", "prefix"], "--method"),
        (
            vec!["attacks", "--fen", FORK, "--mapping", "h1-g1"],
            "--mapping",
        ),
        (
            vec!["moves", "--fen", FORK, "--mapping", "h1-g1"],
            "--mapping",
        ),
        (vec!["attacks", "d4", "--one-based"], "--one-based"),
        (vec!["show", "d4", "--one-based"], "--one-based"),
        (vec!["steps", "d4", "--one-based"], "--one-based"),
        (vec!["moves", "d4", "--one-based"], "--one-based"),
        (
            vec!["moves", "--fen", FORK, "--piece", "knight", "--castling"],
            "--castling: castling is a king move",
        ),
        (vec!["moves", "--fen", FORK, "--castling"], "piece king"),
        (
            vec!["moves", "d4", "--legal"],
            "--legal: it needs a position",
        ),
        (
            vec!["moves", "e1", "--piece", "king", "--castling"],
            "--castling: it needs a position",
        ),
        (
            vec!["attacks", "d4", "--side", "white"],
            "--side: it needs a position",
        ),
        (vec!["forks", "e8,a8", "--targets", "kq"], "--targets"),
    ] {
        assert_bad_input(&args, needle);
    }
}

#[test]
fn a_method_of_the_other_piece_is_named_as_theirs() {
    assert_bad_input(
        &["attacks", "d4", "--method", "shifts"],
        "shifts is the king's method, not the knight's",
    );
    assert_bad_input(
        &["steps", "d4", "--method", "shifts"],
        "shifts is the king's method",
    );
    assert_bad_input(
        &["attacks", "d4", "--piece", "king", "--method", "halves"],
        "halves is the knight's method, not the king's",
    );
    // A name no piece has gets clap's list of every name.
    assert_bad_input(&["attacks", "d4", "--method", "magic"], "magic");
}

#[test]
fn the_refusals_write_nothing_to_stdout() {
    let out = run(&["attacks", START]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn messages_name_the_real_fault() {
    for (args, needle) in [
        (
            vec!["distance", "a1", "c2", "--board", "27x27"],
            "squares have names on boards of at most 26 files: write file,rank",
        ),
        (
            vec!["tour", "--board", "30x30", "--start", "b2"],
            "squares have names on boards of at most 26 files",
        ),
        (
            vec!["distance", "0,0", "1,1,1", "--board", "3x3"],
            "'1,1,1': not a square",
        ),
        (
            vec!["distance", "0,0", "x,1", "--board", "3x3"],
            "'x,1': not a square",
        ),
        (
            vec!["distance", "a1", "d4", "--board", "3x3"],
            "'d4': square is not on the board 3x3",
        ),
        (
            vec!["distance", "0,0", "3,0", "--board", "3x3"],
            "square is not on the board 3x3",
        ),
        (
            vec!["catch", "--knight", "z9", "--pawn", "a2", "--side", "white"],
            "invalid knight square 'z9': expected a square name, a1 to h8",
        ),
    ] {
        assert_bad_input(&args, needle);
        let out = run(&args);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.matches("invalid").count(), 1, "one prefix: {err}");
    }
}

/// Text for people: one thing is not "1 things", and an empty list says "none".
#[test]
fn counts_and_empty_lists_read_as_words() {
    let text = |args: &[&str]| {
        let out = run(args);
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(text(&["reach", "a1", "--moves", "0"]).ends_with("\n1 square\n"));
    assert!(text(&["attacks", "a1", "--piece", "king"]).ends_with("\n3 squares\n"));
    assert!(text(&["forks", "a1"]).ends_with("fork target squares (0): none\n"));
    assert!(text(&["show", "0"]).ends_with("squares: none\n"));
    assert!(text(&["moves", "a1", "--own", "b3,c2"]).ends_with("0 moves: none\n"));
    let one = text(&["moves", "a1", "--own", "b3"]);
    assert!(one.ends_with("1 move: a1c2\n"), "{one}");
    let forks = text(&["forks", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]);
    assert!(
        forks.contains("fork squares: none\nfork moves: none\n"),
        "{forks}"
    );
    for line in text(&["steps", "0", "--method", "halves"]).lines() {
        assert!(!line.ends_with(": "), "an empty list after a label: {line}");
    }
    for word in ["1 steps", "1 squares", "1 moves"] {
        for args in [
            &["reach", "a1", "--moves", "0"][..],
            &["moves", "a1", "--own", "b3"],
        ] {
            assert!(!text(args).contains(word), "{args:?}");
        }
    }
}

#[test]
fn count_tours_names_its_start_and_tiny_estimates_read_plainly() {
    let out = run(&["count-tours", "--board", "5x5", "--start", "A1"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "304 open tours of 5x5 from a1\n"
    );
    let out = run(&["count-tours", "--board", "6x5", "--max-memory", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("0.0 MiB"), "{err}");
    assert!(err.contains("more than 1 B (--max-memory)"), "{err}");
    assert!(!err.contains("first 2 s"), "{err}");
}

/// 9 x 9 open goes to the sweep in 128-bit keys, which keeps within its memory out of core,
/// not to the 128-bit frontier (which holds every layer, foreseen past 16 EiB): the help's rule
/// says so, from the library's words. (An estimate past its integers still says "more than":
/// the unit test `durations_read_in_words`.)
#[test]
fn nine_by_nine_goes_to_the_sweep() {
    let out = run(&["count-tours", "--help"]);
    let help = String::from_utf8(out.stdout).unwrap();
    let sweep = help
        .lines()
        .find(|l| l.contains("the sweep in compact keys:"))
        .unwrap_or_else(|| panic!("{help}"));
    assert!(sweep.contains("9x9") && sweep.contains("10x10"), "{sweep}");
    assert!(sweep.contains("128-bit ones beyond"), "{sweep}");
}

/// Where only the pieces matter (attack sets with --side), a placement needs no king, in
/// every front end, and is echoed as given: nothing is invented for the fields it lacks.
#[test]
fn a_placement_without_kings_is_read_where_kings_do_not_matter() {
    let knight = "8/8/8/8/3N4/8/8/8";
    let expected = json_of(&["attacks", knight, "--json"]);
    assert_eq!(expected["count"], 8);
    assert_eq!(
        json_of(&["attacks", "--fen", knight, "--side", "white", "--json"]),
        expected
    );
    let out = common::run_with_input(
        &["attacks", "--batch", "--side", "white"],
        &format!("{knight}\n{knight} w - - 0 1\n"),
    );
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0], expected, "a placement alone, no king");
    // A whole FEN is a position, and a position needs its kings.
    assert!(lines[1]["error"].as_str().unwrap().contains("king"));
    let text =
        String::from_utf8(run(&["attacks", "--fen", knight, "--side", "white"]).stdout).unwrap();
    assert!(text.contains(&format!("\n{knight}\n")), "{text}");
    assert!(!text.contains(" w - - 0 1"), "no invented fields: {text}");
    // Black's knights of the same placement: none.
    assert_eq!(
        json_of(&["attacks", "--fen", knight, "--side", "black", "--json"])["count"],
        0
    );
    // Where the side to move matters, a placement alone is still refused.
    assert_bad_input(&["attacks", "--fen", knight], "no side to move");
    assert_bad_input(&["moves", "--fen", knight], "no side to move");
}

/// Old spellings still work, with a note on stderr; bad input with an old spelling still gets
/// its one line alone.
#[test]
fn old_spellings_work_with_a_note() {
    for (old, new) in [
        (
            vec![
                "catch", "--knight", "d8", "--pawn", "a5", "--color", "white", "--json",
            ],
            vec![
                "catch", "--knight", "d8", "--pawn", "a5", "--side", "white", "--json",
            ],
        ),
        (
            vec!["fill", "a1", "--steps", "2", "--json"],
            vec!["fill", "a1", "--moves", "2", "--json"],
        ),
    ] {
        let out = run(&old);
        assert!(out.status.success(), "{old:?}");
        let note = String::from_utf8(out.stderr).unwrap();
        assert!(note.contains("old spelling"), "{old:?}: {note}");
        assert_eq!(out.stdout, run(&new).stdout, "{old:?}");
    }
    assert_bad_input(
        &[
            "catch", "--knight", "z9", "--pawn", "a2", "--color", "white",
        ],
        "invalid knight square",
    );
    assert_bad_input(&["fill", "z9", "--steps", "2"], "invalid bitboard");
    assert_bad_input(
        &[
            "catch", "--knight", "d8", "--pawn", "a5", "--color", "white", "--side", "white",
        ],
        "cannot be used",
    );
}
