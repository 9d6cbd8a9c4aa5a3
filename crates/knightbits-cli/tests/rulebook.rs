//! The rulebook (`knightbits_api::rules`, `knightbits_api::values::method`): each rule about
//! input, driven through the command line and through the server's query function (what
//! `/api/…` answers), refused with the same words by both.

mod common;

use common::run;
use knightbits::technique::Leaper;
use knightbits_api::query::call;
use knightbits_api::rules;

const FEN: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

/// The CLI's one line on stderr (exit 2, nothing on stdout) and the server's 400 message.
fn refusals(cli: &[&str], endpoint: &str, query: &str) -> (String, String) {
    let out = run(cli);
    assert_eq!(out.status.code(), Some(2), "{cli:?}");
    assert!(out.stdout.is_empty(), "{cli:?} wrote to stdout");
    let line = String::from_utf8(out.stderr).unwrap();
    assert_eq!(line.lines().count(), 1, "{cli:?}: {line}");
    let e = call(endpoint, Some(query)).unwrap_err();
    assert_eq!(e.status_code(), 400, "{endpoint}?{query}");
    (line, e.message().to_string())
}

/// Asserts both refusals carry `words`.
fn same_words(cli: &[&str], endpoint: &str, query: &str, words: &str) {
    let (line, message) = refusals(cli, endpoint, query);
    assert!(line.contains(words), "{cli:?}: {line} (wanted {words:?})");
    assert!(
        message.contains(words),
        "/api/{endpoint}?{query}: {message} (wanted {words:?})"
    );
}

fn fen_query(rest: &str) -> String {
    format!("fen={}{rest}", FEN.replace(' ', "+"))
}

#[test]
fn castling_only_for_a_king() {
    let words = rules::castling(Leaper::Knight, true)
        .unwrap_err()
        .to_string();
    assert_eq!(
        words,
        "castling is a king move: it needs piece king, not knight"
    );
    same_words(
        &["moves", "--fen", FEN, "--castling"],
        "moves",
        &fen_query("&castling=true"),
        &words,
    );
    // The king may castle, in both.
    assert!(
        run(&["moves", "--fen", FEN, "--piece", "king", "--castling"])
            .status
            .success()
    );
    assert!(call("moves", Some(&fen_query("&piece=king&castling=true"))).is_ok());
}

#[test]
fn pieces_or_a_position_not_both() {
    let words = rules::PIECES_OR_POSITION;
    same_words(
        &["moves", "--index", "27", "--fen", FEN],
        "moves",
        &fen_query("&input=d4"),
        words,
    );
    same_words(
        &["attacks", "d4", "--fen", FEN],
        "attacks",
        &fen_query("&input=d4"),
        words,
    );
    same_words(
        &["attacks", "--index", "27", "--fen", FEN],
        "attacks",
        &fen_query("&input=d4"),
        words,
    );
}

#[test]
fn options_of_a_position_need_one() {
    let words = rules::NEEDS_A_POSITION;
    same_words(
        &["moves", "d4", "--legal"],
        "moves",
        "input=d4&legal=true",
        words,
    );
    same_words(
        &["moves", "e1", "--piece", "king", "--castling"],
        "moves",
        "input=e1&piece=king&castling=true",
        words,
    );
    same_words(
        &["attacks", "d4", "--side", "white"],
        "attacks",
        "input=d4&side=white",
        words,
    );
}

#[test]
fn a_method_is_its_pieces_in_any_case() {
    let words = knightbits_api::values::method(Leaper::Knight, "SHIFTS")
        .unwrap_err()
        .to_string();
    assert_eq!(
        words,
        "invalid method 'shifts': shifts is the king's method, not the knight's; the \
         knight's are lookup, post-mask, pre-mask, prefix, halves or translate"
    );
    same_words(
        &["attacks", "d4", "--method", "SHIFTS"],
        "attacks",
        "input=d4&method=SHIFTS",
        &words,
    );
    same_words(
        &["steps", "d4", "--piece", "king", "--method", "prefix"],
        "steps",
        "input=d4&piece=king&method=prefix",
        "prefix is the knight's method, not the king's",
    );
    // Names in any case: the same method by both.
    let cli = run(&[
        "attacks", "d4", "--piece", "KING", "--method", "Shifts", "--json",
    ]);
    assert!(cli.status.success());
    let api = call("attacks", Some("input=d4&piece=KING&method=Shifts")).unwrap();
    let cli: serde_json::Value = serde_json::from_slice(&cli.stdout).unwrap();
    let api: serde_json::Value = serde_json::from_str(&api.body).unwrap();
    assert_eq!(cli["bitboard"], api["bitboard"]);
    assert_eq!(cli["count"], 8);
}

#[test]
fn a_piece_is_a_leaper() {
    let (line, message) = refusals(
        &["attacks", "d4", "--piece", "queen"],
        "attacks",
        "input=d4&piece=queen",
    );
    // Clap refuses at parse time, with the names of the one list.
    for name in Leaper::ALL.map(Leaper::name) {
        assert!(line.contains(name), "{line}");
        assert!(message.contains(name), "{message}");
    }
}

/// A tour count's limits are the board crate's, told by the API's request: the command says
/// the request's words.
#[test]
fn a_tour_count_past_the_limits_is_refused_in_the_requests_words() {
    use knightbits_api::tour::TourCountRequest;
    use knightbits_count::MAX_CLOSED_WIDTH;
    let side = MAX_CLOSED_WIDTH + 1;
    let board: knightbits_board::Board = format!("{side}x{side}").parse().unwrap();
    let refusal = TourCountRequest::new(board, true, None).unwrap_err();
    assert_eq!(refusal.field(), Some("board"));
    let words = refusal.to_string();
    assert!(words.contains(&MAX_CLOSED_WIDTH.to_string()), "{words}");
    let out = run(&["count-tours", "--board", &board.to_string(), "--closed"]);
    assert_eq!(out.status.code(), Some(2));
    let line = String::from_utf8(out.stderr).unwrap();
    assert_eq!(line, format!("knightbits: --board: {words}\n"));
}

/// The thread range is the request's: refused by its constructor, with its field.
#[test]
fn threads_past_the_range_are_refused_by_the_request() {
    use knightbits_api::tour::TourCountRequest;
    let request = TourCountRequest::new("5x5".parse().unwrap(), false, None).unwrap();
    for threads in ["0", "1025", "70000"] {
        let refusal = request.with_threads(threads.parse().unwrap()).unwrap_err();
        assert_eq!(refusal.field(), Some("threads"));
        let out = run(&["count-tours", "--board", "5x5", "--threads", threads]);
        assert_eq!(out.status.code(), Some(2));
        let line = String::from_utf8(out.stderr).unwrap();
        assert_eq!(line, format!("knightbits: --threads: {refusal}\n"));
    }
}

/// The rules that the command line's clap arguments once applied themselves (ranges, options
/// that exclude each other) are the request constructors' now: the same words in both.
#[test]
fn limits_of_walks_races_and_traces_are_the_requests() {
    for (cli, endpoint, query, words) in [
        (
            &["reach", "a1", "--moves", "2", "--exactly", "--ring"][..],
            "reach",
            "input=a1&moves=2&exactly=true&ring=true",
            "exactly and ring exclude each other",
        ),
        (
            &["fill", "a1", "--moves", "65"],
            "fill",
            "input=a1&moves=65",
            "invalid number '65': expected 1 to 64",
        ),
        (
            &["reach", "a1", "--moves", "65"],
            "reach",
            "input=a1&moves=65",
            "invalid number '65': expected 0 to 64",
        ),
        (
            &["catch", "--knight", "d4", "--pawn", "d8", "--side", "white"],
            "catch",
            "knight=d4&pawn=d8&side=white",
            "a pawn cannot stand on rank 1 or rank 8",
        ),
        (
            &["steps", "d4", "--mapping", "a1-a2"],
            "steps",
            "input=d4&numbering=a1-a2",
            "steps are written in numberings that keep ranks along the bits",
        ),
    ] {
        same_words(cli, endpoint, query, words);
    }
    // The command line names its own option for the request's field.
    let (line, _) = refusals(
        &["steps", "d4", "--mapping", "a1-a2"],
        "steps",
        "input=d4&numbering=a1-a2",
    );
    assert!(
        line.starts_with("knightbits: --mapping: steps are written"),
        "{line}"
    );
}
