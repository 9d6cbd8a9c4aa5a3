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
            "--castling is a king move",
        ),
        (vec!["moves", "--fen", FORK, "--castling"], "--piece king"),
        (vec!["moves", "d4", "--legal"], "--fen"),
        (
            vec!["moves", "e1", "--piece", "king", "--castling"],
            "--fen",
        ),
        (vec!["attacks", "d4", "--side", "white"], "--fen"),
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
