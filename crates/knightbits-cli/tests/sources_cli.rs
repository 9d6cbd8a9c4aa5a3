//! The sources' own forms from the command line: the article's square numbers and counts, the
//! devlog's and the engine wiki's h1-first forms, the wiki's fork target squares and pawn race,
//! checked against the sources' figures and the testkit, not against the code under test.

mod common;

use common::{assert_bad_input, json_of, run};
use serde_json::{Value, json};

fn names(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// The testkit's knight attacks of one square (LERF index), as names.
fn knight_names(square: u8) -> Vec<String> {
    let bits = knightbits_testkit::knight(square);
    (0..64)
        .filter(|i| bits >> i & 1 == 1)
        .map(|i| format!("{}{}", (b'a' + i % 8) as char, i / 8 + 1))
        .collect()
}

#[test]
fn an_index_is_one_square_a_bare_number_a_bitboard() {
    // The article's knightNr 27: d4. The bare number 27 is a1, b1, d1, e1.
    let d4 = json_of(&["attacks", "--index", "27", "--json"]);
    assert_eq!(names(&d4["squares"]), knight_names(27));
    let bare = json_of(&["attacks", "27", "--json"]);
    let union: std::collections::BTreeSet<String> =
        [0u8, 1, 3, 4].into_iter().flat_map(knight_names).collect();
    assert_eq!(bare["count"], union.len());
    // h1 = bit 0: bit 18 is f3 (LERF 21); the devlog's square 19, counted from 1, too.
    for args in [
        &["attacks", "--index", "18", "--mapping", "h1-g1", "--json"][..],
        &[
            "attacks",
            "--index",
            "19",
            "--mapping",
            "h1-g1",
            "--one-based",
            "--json",
        ],
        &[
            "attacks",
            "--index",
            "19",
            "--mapping",
            "H1-G1",
            "--one-based",
            "--json",
        ],
    ] {
        assert_eq!(
            names(&json_of(args)["squares"]),
            knight_names(21),
            "{args:?}"
        );
    }
    let shown = json_of(&["show", "--index", "27", "--json"]);
    assert_eq!(shown["squares"], json!(["d4"]));
    let moves = json_of(&["moves", "--index", "27", "--own", "e6", "--json"]);
    assert_eq!(moves["count"], 7);
    assert_eq!(moves["moves"].as_array().unwrap().len(), 7);
}

#[test]
fn steps_in_h1_g1_are_the_devlogs_and_the_engine_wikis_forms() {
    // The devlog: its mask 0xA1100110A around its square 19, shifted by 10 to d4 (its 29).
    let knight = json_of(&[
        "steps",
        "d4",
        "--method",
        "translate",
        "--mapping",
        "h1-g1",
        "--json",
    ]);
    let steps = knight["steps"].as_array().unwrap();
    assert_eq!(steps[0]["formula"], "0x0000000a1100110a around f3");
    assert_eq!(steps[0]["set"], "0x0000000a1100110a");
    assert_eq!(steps[1]["shift"], 10);
    assert_eq!(steps[1]["set"], format!("{:#018x}", 0xA_1100_110Au64 << 10));
    assert_eq!(names(&knight["squares"]), knight_names(27));
    // The king: 0x70507 around its square 10 (g2); at a1 (its square 8) shifted down by 2.
    let king = json_of(&[
        "steps",
        "a1",
        "--piece",
        "king",
        "--method",
        "translate",
        "--mapping",
        "h1-g1",
        "--json",
    ]);
    assert_eq!(king["steps"][0]["formula"], "0x0000000000070507 around g2");
    assert_eq!(king["steps"][1]["formula"], "(mask >> 2) & not-HG-file");
    // The engine wiki's eight moves, as it writes them, by its numbers.
    let engine = [
        (1, "(b & not-AB-file) << 10"),
        (2, "(b & not-A-file) << 17"),
        (3, "(b & not-H-file) << 15"),
        (4, "(b & not-HG-file) << 6"),
        (5, "(b & not-HG-file) >> 10"),
        (6, "(b & not-H-file) >> 17"),
        (7, "(b & not-A-file) >> 15"),
        (8, "(b & not-AB-file) >> 6"),
    ];
    let pre = json_of(&[
        "steps",
        "d4",
        "--method",
        "pre-mask",
        "--mapping",
        "h1-g1",
        "--json",
    ]);
    for (number, formula) in engine {
        let step = pre["steps"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["move"] == number)
            .unwrap();
        assert_eq!(step["formula"], formula, "move {number}");
    }
    // In LERF, the wiki's form.
    let wiki = json_of(&["steps", "d4", "--method", "pre-mask", "--json"]);
    assert_eq!(wiki["steps"][0]["formula"], "(b & notHFile) << 17");
    assert!(wiki["steps"][0].get("move").is_none());
    let text = String::from_utf8(
        run(&["steps", "d4", "--method", "pre-mask", "--mapping", "h1-g1"]).stdout,
    )
    .unwrap();
    assert!(
        text.contains("move 1 (noWeWe): (b & not-AB-file) << 10"),
        "{text}"
    );
}

#[test]
fn the_articles_table() {
    for (piece, total, histogram) in [
        (
            "knight",
            336,
            json!({"2": 4, "3": 8, "4": 20, "6": 16, "8": 16}),
        ),
        ("king", 420, json!({"3": 4, "5": 24, "8": 36})),
    ] {
        let v = json_of(&["table", "--piece", piece, "--json"]);
        assert_eq!(v["total"], total);
        assert_eq!(v["histogram"], histogram);
        let expected: Vec<u32> = (0..64)
            .map(|sq| match piece {
                "knight" => knightbits_testkit::knight(sq).count_ones(),
                _ => knightbits_testkit::king(sq).count_ones(),
            })
            .collect();
        assert_eq!(v["counts"], json!(expected));
    }
    let text = String::from_utf8(run(&["table"]).stdout).unwrap();
    assert!(text.starts_with("8 2 3 4 4 4 4 3 2\n"), "{text}");
    assert!(text.contains("total: 336"));
    assert!(text.contains("2: 4, 3: 8, 4: 20, 6: 16, 8: 16"));
}

#[test]
fn fork_target_squares_of_a_bare_set() {
    // Every square from which the testkit's knight attacks at least two targets.
    for targets in [&[60u8, 56, 63][..], &[27, 36], &[0, 63], &[3, 4, 59, 60]] {
        let text: Vec<String> = targets
            .iter()
            .map(|&t| format!("{}{}", (b'a' + t % 8) as char, t / 8 + 1))
            .collect();
        let v = json_of(&["forks", &text.join(","), "--json"]);
        let expected: Vec<String> = (0..64u8)
            .filter(|&sq| {
                let a = knightbits_testkit::knight(sq);
                targets.iter().filter(|&&t| a >> t & 1 == 1).count() >= 2
            })
            .map(|i| format!("{}{}", (b'a' + i % 8) as char, i / 8 + 1))
            .collect();
        assert_eq!(names(&v["squares"]), expected, "{text:?}");
        assert_eq!(v["count"], expected.len());
    }
}

#[test]
fn catch_a_passed_pawn() {
    let v = json_of(&[
        "catch", "--knight", "d8", "--pawn", "a5", "--side", "white", "--json",
    ]);
    assert_eq!(
        v,
        json!({"caught": true, "square": "a7", "knight_moves": 2, "pawn_moves": 1,
               "path": ["d8", "c6", "a7"], "line": ["d8c6", "a5a6", "c6a7"]})
    );
    let slow = json_of(&[
        "catch", "--knight", "h1", "--pawn", "a6", "--side", "white", "--json",
    ]);
    assert_eq!(slow["caught"], false);
    assert_eq!(slow["path"], Value::Null);
    let text = String::from_utf8(
        run(&["catch", "--knight", "D8", "--pawn", "A5", "--side", "White"]).stdout,
    )
    .unwrap();
    assert!(text.starts_with("caught on a7"), "{text}");
    assert!(text.contains("line: d8c6 a5a6 c6a7"));
}

#[test]
fn completions_and_the_manual_come_from_the_same_definitions() {
    for shell in ["bash", "zsh", "fish"] {
        let out = run(&["completions", shell]);
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains("catch") && text.contains("--one-based"),
            "{shell}"
        );
    }
    let man = String::from_utf8(run(&["man"]).stdout).unwrap();
    assert!(man.starts_with(".ie") || man.contains(".TH"), "{man}");
    assert!(man.contains("steps"));
    // One subcommand's page: its own title and its own options, not the tool's list.
    let page = String::from_utf8(run(&["man", "count-tours"]).stdout).unwrap();
    assert!(page.contains(".TH knightbits-count-tours"), "{page}");
    assert!(page.contains("checkpoint") && !page.contains("completions"));
}

#[test]
fn names_and_words_in_any_case() {
    assert_eq!(json_of(&["distance", "A1", "H8", "--json"])["distance"], 6);
    assert_eq!(
        json_of(&[
            "attacks",
            "D4",
            "--method",
            "Post-Mask",
            "--piece",
            "Knight",
            "--json"
        ]),
        json_of(&["attacks", "d4", "--json"])
    );
    assert_eq!(
        json_of(&["count", "d4,e5", "--method", "HARDWARE", "--json"])["count"],
        2
    );
    let out = run(&["reach", "a1", "--moves", "1", "--color", "Never"]);
    assert!(out.status.success());
    assert!(!String::from_utf8(out.stdout).unwrap().contains('\x1b'));
}

#[test]
fn suggestions_and_one_line_refusals() {
    assert_bad_input(&["atacks", "d4"], "'attacks'");
    assert_bad_input(&["attacks", "d4", "--jsn"], "'--json'");
    assert_bad_input(&["attacks", "--index", "64"], "expected 0 to 63");
    assert_bad_input(&["steps", "d4", "--mapping", "a1-a2"], "keep ranks");
    assert_bad_input(
        &["catch", "--knight", "a1", "--pawn", "a8", "--side", "white"],
        "rank 1 or rank 8",
    );
}
