//! Pictures: `--svg FILE` compared byte for byte with the checked-in files under
//! `tests/expected/` (each was looked at rendered, and its marks are checked below against the
//! sources' answers), and `--color` with `NO_COLOR`.
//!
//! After a deliberate change to the pictures, write the files anew with
//!
//! ```text
//! KNIGHTBITS_BLESS=1 cargo test -p knightbits-cli --test pictures
//! ```
//!
//! then look at every changed picture rendered and at `git diff` before committing them: the
//! checked-in files are what a person approved, never what the code happens to write.

use std::path::PathBuf;
use std::process::{Command, Output};

fn run(args: &[&str], no_color: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_knightbits"));
    cmd.args(args).env_remove("NO_COLOR");
    if let Some(v) = no_color {
        cmd.env("NO_COLOR", v);
    }
    cmd.output().expect("the binary runs")
}

fn expected(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/expected")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs the command with `--svg` into a temporary file and returns the file's text.
fn svg_of(args: &[&str]) -> String {
    // A folder of its own for each call (tests run at once), removed with its file.
    let name = args.join("_").replace(['/', ' ', ','], "-");
    let dir = std::env::temp_dir().join(format!("knightbits-svg-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.svg"));
    let mut all: Vec<&str> = args.to_vec();
    let path = file.to_str().unwrap().to_string();
    all.extend(["--svg", &path]);
    let out = run(&all, None);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    text
}

const CASES: &[(&str, &[&str])] = &[
    ("show.svg", &["show", "0x0000142200221400"]),
    ("attacks-d4.svg", &["attacks", "d4"]),
    (
        "attacks-kings.svg",
        &["attacks", "b1,g8", "--piece", "king"],
    ),
    (
        "moves-squares.svg",
        &["moves", "c5,g4", "--own", "c5,g4,d3,b2,e2,g2,e1"],
    ),
    (
        "moves-castling.svg",
        &[
            "moves",
            "--fen",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "--piece",
            "king",
            "--legal",
            "--castling",
        ],
    ),
    (
        "forks.svg",
        &["forks", "--fen", "q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1"],
    ),
    ("fill-a1.svg", &["fill", "a1", "--steps", "2"]),
    (
        "attacks-start.svg",
        &[
            "attacks",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "--side",
            "white",
        ],
    ),
    ("tour-8x8.svg", &["tour", "--board", "8x8"]),
    (
        "tour-6x6-closed.svg",
        &["tour", "--board", "6x6", "--closed"],
    ),
    (
        "tour-10x7.svg",
        &["tour", "--board", "10x7", "--start", "c3"],
    ),
];

/// The centres of a tour picture's line, in order.
fn tour_points(svg: &str) -> Vec<(i64, i64)> {
    let start = svg.find("class=\"tour\" points=\"").unwrap() + "class=\"tour\" points=\"".len();
    let end = start + svg[start..].find('"').unwrap();
    svg[start..end]
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

/// The drawn tours are tours: every square once, each step a knight move (two squares one
/// way, one the other: 32 and 16 units), and the closed one returns to its start.
#[test]
fn svg_tours_are_knight_tours() {
    for (name, squares, closed) in [
        ("tour-8x8.svg", 64, false),
        ("tour-6x6-closed.svg", 36, true),
        ("tour-10x7.svg", 70, false),
    ] {
        let svg = expected(name);
        let points = tour_points(&svg);
        assert_eq!(points.len(), squares, "{name}");
        let mut seen = points.clone();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), squares, "{name}: a square twice");
        let mut steps: Vec<((i64, i64), (i64, i64))> =
            points.windows(2).map(|w| (w[0], w[1])).collect();
        if closed {
            steps.push((points[squares - 1], points[0]));
            assert!(svg.contains("<polygon class=\"tour\""));
        }
        for (a, b) in steps {
            let (dx, dy) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
            assert!(
                (dx, dy) == (16, 32) || (dx, dy) == (32, 16),
                "{name}: {a:?} {b:?}"
            );
        }
    }
    // 10x7 from c3: the first centre is file c (2), rank 3 (2) counted from the bottom.
    assert_eq!(
        tour_points(&expected("tour-10x7.svg"))[0],
        (2 * 16 + 8, (6 - 2) * 16 + 8)
    );
}

#[test]
fn svg_files_match_the_checked_in_pictures() {
    let bless = std::env::var_os("KNIGHTBITS_BLESS").is_some_and(|v| !v.is_empty());
    for (name, args) in CASES {
        let got = svg_of(args);
        if bless {
            let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("tests/expected")
                .join(name);
            std::fs::write(&path, &got).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
        assert_eq!(got, expected(name), "{name}: {args:?}");
        // Self-contained: one root element, nothing referenced outside the file.
        assert!(got.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(!got.contains("href"), "{name}");
        assert_eq!(got.matches("<svg").count(), 1);
    }
}

#[test]
fn svg_marks_are_the_sources_answers() {
    // The wiki's d4 diagram: eight marked squares and the knight.
    let d4 = expected("attacks-d4.svg");
    assert_eq!(d4.matches("class=\"mark\"").count(), 8);
    assert_eq!(d4.matches("class=\"piece\"").count(), 1);
    // The wiki's fills from a1: 3 squares, then 12 after the second fill.
    assert_eq!(
        expected("fill-a1.svg").matches("class=\"mark\"").count(),
        12
    );
    // The fork d5c7: one fork square framed, one arrow, six pieces.
    let forks = expected("forks.svg");
    assert_eq!(forks.matches("class=\"highlight\"").count(), 1);
    assert_eq!(forks.matches("class=\"arrow\"").count(), 1);
    assert_eq!(forks.matches("class=\"piece\"").count(), 6);
    // King on e1 with both castlings: d1 d2 e2 f1 f2 and c1 g1 = 7 moves.
    assert_eq!(
        expected("moves-castling.svg")
            .matches("class=\"arrow\"")
            .count(),
        7
    );
    // The start position: white's two knights attack a3 c3 d2 e2 f3 h3.
    assert_eq!(
        expected("attacks-start.svg")
            .matches("class=\"mark\"")
            .count(),
        6
    );
}

#[test]
fn svg_needs_one_position_and_a_writable_file() {
    let out = run(&["forks", "--batch", "--svg", "x.svg"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["show", "d4", "--svg", "/nonexistent-dir/x.svg"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("knightbits: cannot write"), "{err}");
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let esc = |o: &Output| o.stdout.contains(&0x1b);
    // The test's stdout is a pipe, so auto means no colour.
    assert!(!esc(&run(&["attacks", "d4"], None)));
    assert!(!esc(&run(&["attacks", "d4", "--color", "never"], None)));
    let always = run(&["attacks", "d4", "--color", "always"], None);
    assert!(esc(&always));
    let text = String::from_utf8(always.stdout).unwrap();
    assert!(text.contains('♞'));
    assert!(text.contains("0x0000142200221400"));
    // --color always is an explicit request and wins over NO_COLOR; auto honours it.
    assert!(esc(&run(&["show", "d4", "--color", "always"], Some("1"))));
    assert!(!esc(&run(&["show", "d4", "--color", "auto"], Some("1"))));
    let fen = run(
        &[
            "forks",
            "--fen",
            "q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1",
            "--color",
            "always",
        ],
        None,
    );
    assert!(esc(&fen));
    assert!(String::from_utf8(fen.stdout).unwrap().contains('♘'));
    // JSON never carries colour.
    assert!(!esc(&run(
        &["attacks", "d4", "--json", "--color", "always"],
        None
    )));
}

/// On a terminal (a pseudo-terminal made by util-linux `script`), auto colours the board
/// unless `NO_COLOR` is set to something non-empty.
#[test]
fn auto_colours_a_terminal_unless_no_color() {
    let on_tty = |no_color: Option<&str>| -> Vec<u8> {
        let cmd = format!("{} attacks d4", env!("CARGO_BIN_EXE_knightbits"));
        let mut c = Command::new("script");
        c.args(["-qec", &cmd, "/dev/null"]).env_remove("NO_COLOR");
        if let Some(v) = no_color {
            c.env("NO_COLOR", v);
        }
        let out = c.output().expect("util-linux script runs");
        assert!(out.status.success());
        out.stdout
    };
    assert!(on_tty(None).contains(&0x1b));
    assert!(
        on_tty(Some("")).contains(&0x1b),
        "an empty NO_COLOR is unset"
    );
    assert!(!on_tty(Some("1")).contains(&0x1b));
}
