//! One name per idea (issue 20, item 10): this test walks every subcommand's clap definition
//! and the JSON answer of every `/api/` endpoint (which `--json` and `--batch` print too, see
//! tests/server.rs), and fails on a second name for an idea it knows:
//!
//! - the side a piece plays for (values `white`, `black`) is `side`; `color` is only the
//!   terminal's colours (values `auto`, `always`, `never`);
//! - a count of knight moves is `moves`, never `steps`, `plies` or `jumps`;
//! - in JSON, `bitboard` is a LERF set: its `squares` beside it are its squares, a1 first;
//!   `squares` is always a set (a1 first); an ordered route is `path`, never `route` or
//!   `squares`; a value in another numbering is `bits` with its `numbering` beside it.

use std::collections::BTreeSet;

use knightbits::{Bitboard, Square};
use knightbits_api::query;
use serde_json::Value;

/// Words the vocabulary never uses, each with the name it has instead.
const SYNONYMS: [(&str, &str); 8] = [
    ("colour", "color (terminal) or side (a piece's)"),
    ("route", "path"),
    ("plies", "moves"),
    ("jumps", "moves"),
    ("player", "side"),
    ("numbering_name", "numbering"),
    ("mapping_name", "mapping"),
    ("lerf", "bitboard"),
];

#[test]
fn every_option_has_the_one_name_of_its_idea() {
    let cli = knightbits_cli::command();
    let mut seen = 0;
    for sub in cli.get_subcommands() {
        for arg in sub.get_arguments().filter(|a| !a.is_hide_set()) {
            let Some(long) = arg.get_long() else { continue };
            seen += 1;
            let values: BTreeSet<String> = arg
                .get_possible_values()
                .iter()
                .map(|v| v.get_name().to_string())
                .collect();
            let is = |names: &[&str]| names.iter().all(|n| values.contains(*n));
            let at = format!("{} --{long}", sub.get_name());
            if is(&["white", "black"]) {
                assert_eq!(long, "side", "{at}: a piece's side is --side");
            }
            if is(&["auto", "always", "never"]) {
                assert_eq!(long, "color", "{at}: the terminal's colours are --color");
            }
            if long == "color" || long == "side" {
                assert!(!values.is_empty(), "{at} names its values");
            }
            if long == "side" {
                assert!(is(&["white", "black"]), "{at}");
            }
            if long == "color" {
                assert!(is(&["auto", "always", "never"]), "{at}");
            }
            // A count of knight moves is --moves: the visible flags of fill and reach.
            assert_ne!(long, "steps", "{at}: a count of moves is --moves");
            for (word, instead) in SYNONYMS {
                assert!(!long.contains(word), "{at}: say {instead}");
            }
        }
    }
    assert!(seen > 40, "{seen} options read");
    for sub in ["fill", "reach"] {
        let cmd = cli.find_subcommand(sub).unwrap();
        assert!(
            cmd.get_arguments().any(|a| a.get_long() == Some("moves")),
            "{sub} --moves"
        );
    }
}

/// The parameters of every `/api/` endpoint (the fields of its request type) follow the same
/// rules as the options: `side` for a piece's side, `moves` for a count of moves, no synonym;
/// and the page's own state (a toggled square, a slide of the page's pieces) is no parameter
/// of the trace it asks for.
#[test]
fn every_parameter_has_the_one_name_of_its_idea() {
    let mut seen = 0;
    for name in query::endpoint_names() {
        for &p in query::parameters(name).unwrap() {
            seen += 1;
            let at = format!("/api/{name}?{p}");
            assert_ne!(p, "color", "{at}: a piece's side is side");
            assert_ne!(p, "steps", "{at}: a count of moves is moves");
            for (word, instead) in SYNONYMS {
                assert!(!p.contains(word), "{at}: say {instead}");
            }
        }
    }
    assert!(seen > 60, "{seen} parameters read");
    for name in ["fill", "reach"] {
        assert!(
            query::parameters(name).unwrap().contains(&"moves"),
            "{name}"
        );
    }
    assert!(query::parameters("catch").unwrap().contains(&"side"));
    let explore = query::parameters("explore").unwrap();
    assert!(
        !explore.contains(&"toggle") && !explore.contains(&"by"),
        "{explore:?}"
    );
}

/// A sample query for every endpoint, answered as JSON (the SVG ones are pictures).
const SAMPLES: [(&str, &str); 24] = [
    ("meta", ""),
    ("show", "input=d4,e5&numbering=h1-g1"),
    ("op", "bitboard=0x8000000&op=shift&n=1"),
    ("attacks", "input=b1,g1"),
    ("attacks", "fen=8/8/8/8/3N4/8/8/8&side=white"),
    ("explore", "input=d4&method=halves"),
    ("convert", "input=0xA1100110A&from=h1-g1&to=a1-b1"),
    ("count", "input=d4,e5"),
    ("fork-squares", "targets=e8,a8,h8"),
    ("slide", "squares=d4&by=east"),
    ("slider-attacks", "rooks=a1&occupied=a4"),
    ("position", "fen=q3k2r/3p4/8/3N4/8/8/8/4K3+w+-+-+0+1"),
    ("moves", "fen=q3k2r/3p4/8/3N4/8/8/8/4K3+w+-+-+0+1"),
    ("moves", "input=d4&own=e6"),
    ("forks", "fen=q3k2r/3p4/8/3N4/8/8/8/4K3+w+-+-+0+1"),
    ("table", "piece=king"),
    ("steps", "input=d4&method=pre-mask&numbering=h1-g1"),
    ("catch", "knight=a1&pawn=a2&side=white"),
    ("fill", "input=a1&moves=2"),
    ("reach", "input=a1&moves=2"),
    ("distance", "from=a1&to=h8"),
    ("distances", "from=a1"),
    ("tour", "board=5x5"),
    ("tour", "board=3x3"),
];

#[test]
fn every_endpoint_answers_in_the_one_vocabulary() {
    let json_endpoints: BTreeSet<&str> = query::endpoint_names()
        .filter(|n| !n.contains("svg"))
        .collect();
    let sampled: BTreeSet<&str> = SAMPLES.iter().map(|(n, _)| *n).collect();
    assert_eq!(json_endpoints, sampled, "a sample for every JSON endpoint");
    for (name, q) in SAMPLES {
        let answer =
            query::call(name, Some(q)).unwrap_or_else(|e| panic!("{name}?{q}: {}", e.message()));
        let v: Value = serde_json::from_str(&answer.body).unwrap();
        check(&v, &format!("{name}?{q}"));
    }
}

/// Walks a JSON answer and checks every key against the rules above.
fn check(v: &Value, at: &str) {
    match v {
        Value::Object(map) => {
            for (key, value) in map {
                for (word, instead) in SYNONYMS {
                    assert!(!key.contains(word), "{at}: key {key}: say {instead}");
                }
                assert!(
                    !key.contains("color"),
                    "{at}: key {key}: a piece's side is side"
                );
                let here = format!("{at} .{key}");
                match key.as_str() {
                    "bitboard" => {
                        let bb = bitboard(value, &here);
                        if let Some(squares) = map.get("squares") {
                            let names: Vec<String> =
                                bb.into_iter().map(|s| s.to_string()).collect();
                            assert_eq!(squares, &Value::from(names), "{here}: LERF");
                        }
                    }
                    "squares" => {
                        if let Some(list) = value.as_array() {
                            let order: Vec<u8> = list
                                .iter()
                                .filter_map(Value::as_str)
                                .map(|s| s.parse::<Square>().unwrap() as u8)
                                .collect();
                            assert!(
                                order.windows(2).all(|w| w[0] < w[1]),
                                "{here}: a set, a1 first"
                            );
                        }
                    }
                    "bits" => assert!(map.contains_key("numbering"), "{here}: bits and numbering"),
                    _ => {}
                }
                check(value, &here);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| check(i, at)),
        _ => {}
    }
}

fn bitboard(v: &Value, at: &str) -> Bitboard {
    let text = v
        .as_str()
        .unwrap_or_else(|| panic!("{at}: a bitboard is \"0x…\""));
    assert!(text.starts_with("0x") && text.len() == 18, "{at}: {text}");
    Bitboard(u64::from_str_radix(&text[2..], 16).unwrap())
}

/// The checker itself fails on what it is for: the tour's old `"squares"` (a route, not a set).
#[test]
#[should_panic(expected = "a set, a1 first")]
fn a_route_called_squares_fails_the_check() {
    check(
        &serde_json::json!({"board": "5x5", "squares": ["c3", "a2"]}),
        "old tour",
    );
}

/// The checker fails on a bitboard in another numbering called "bitboard" (the old convert).
#[test]
#[should_panic(expected = "LERF")]
fn a_bitboard_that_is_not_lerf_fails_the_check() {
    check(
        &serde_json::json!({"bitboard": "0x0000000000000001", "squares": ["h1"]}),
        "old convert",
    );
}
