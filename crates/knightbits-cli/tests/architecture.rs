//! ARCHITECTURE.md stays true to the workspace: every member crate is named there, every crate
//! directory it names exists, and the layering it states holds (crates point down only: the
//! core and the board crate depend on no other crate of the workspace above them; the core's
//! top-level modules form no circle).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The workspace's members, as `Cargo.toml` lists them (`crates/knightbits`, `xtask`, …).
fn members() -> Vec<String> {
    let manifest = read("Cargo.toml");
    let start = manifest.find("members = [").expect("a members list");
    let list = &manifest[start..];
    let list = &list[..list.find(']').expect("the list ends")];
    let members: Vec<String> = list
        .split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect();
    assert!(members.len() >= 9, "{members:?}");
    members
}

/// Every `crates/NAME` path ARCHITECTURE.md writes in backquotes, with its first component.
fn named_crate_dirs(text: &str) -> BTreeSet<String> {
    let mut dirs = BTreeSet::new();
    for quoted in text.split('`').skip(1).step_by(2) {
        if let Some(rest) = quoted.strip_prefix("crates/") {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            dirs.insert(format!("crates/{name}"));
        }
    }
    dirs
}

#[test]
fn every_member_crate_is_named_in_architecture_md() {
    let text = read("ARCHITECTURE.md");
    for member in members() {
        assert!(
            text.contains(&format!("`{member}`")),
            "ARCHITECTURE.md does not name the workspace member `{member}`"
        );
    }
}

#[test]
fn every_crate_architecture_md_names_exists() {
    let text = read("ARCHITECTURE.md");
    let named = named_crate_dirs(&text);
    assert!(named.len() >= 9, "{named:?}");
    let members = members();
    for dir in named {
        assert!(
            root().join(&dir).join("Cargo.toml").is_file(),
            "ARCHITECTURE.md names {dir}, which is not a crate"
        );
        assert!(members.contains(&dir), "{dir} is not a workspace member");
    }
}

/// The workspace crates a crate's `Cargo.toml` depends on, in `[dependencies]` only.
fn workspace_dependencies(member: &str) -> BTreeSet<String> {
    let manifest = read(&format!("{member}/Cargo.toml"));
    let mut deps = BTreeSet::new();
    let mut in_deps = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
            continue;
        }
        if in_deps && line.contains("path = \"../") {
            let name = line.split(['=', ' ', '.']).next().unwrap_or("");
            deps.insert(name.to_string());
        }
    }
    deps
}

#[test]
fn the_crates_point_down_only() {
    // The layers, bottom first: a crate may depend only on crates of lower layers.
    let layers: &[&[&str]] = &[
        &["knightbits", "knightbits-testkit"],
        &["knightbits-board", "knightbits-svg"],
        &["knightbits-count"],
        &["knightbits-api", "knightbits-dist"],
        &[
            "knightbits-cli",
            "knightbits-wasm",
            "knightbits-py",
            "xtask",
        ],
        // The fuzz targets' checks ask the command line's own functions.
        &["knightbits-fuzz"],
    ];
    let layer = |name: &str| layers.iter().position(|l| l.contains(&name));
    let mut checked = 0;
    for member in members() {
        let name = member.rsplit('/').next().unwrap();
        let mine = layer(name).unwrap_or_else(|| panic!("{name} is in no layer"));
        for dep in workspace_dependencies(&member) {
            let theirs = layer(&dep).unwrap_or_else(|| panic!("{dep} is in no layer"));
            assert!(
                theirs < mine,
                "{name} depends on {dep}, which is not below it"
            );
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} dependencies read");
}

/// A source file's code outside its `#[cfg(test)] mod tests` and its comment lines.
fn code_of(text: &str) -> String {
    let code = text.split("#[cfg(test)]\nmod tests {").next().unwrap();
    code.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level modules of the core that each of its modules uses (outside tests).
fn core_module_uses() -> BTreeMap<String, BTreeSet<String>> {
    let src = root().join("crates/knightbits/src");
    let lib = read("crates/knightbits/src/lib.rs");
    let modules: Vec<String> = lib
        .lines()
        .filter_map(|l| {
            l.trim()
                .strip_prefix("pub mod ")
                .or(l.trim().strip_prefix("mod "))
        })
        .map(|m| m.trim_end_matches(';').to_string())
        .collect();
    let mut uses = BTreeMap::new();
    for module in &modules {
        let mut files = Vec::new();
        let file = src.join(format!("{module}.rs"));
        if file.is_file() {
            files.push(file);
        }
        let mut dirs = vec![src.join(module)];
        while let Some(dir) = dirs.pop() {
            for entry in fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    files.push(path);
                }
            }
        }
        let mut used = BTreeSet::new();
        for file in files {
            if file.file_name().is_some_and(|n| n == "tests.rs") {
                continue;
            }
            let code = code_of(&fs::read_to_string(&file).unwrap());
            used.extend(
                crate_paths(&code)
                    .into_iter()
                    .filter(|m| m != module && modules.contains(m)),
            );
        }
        uses.insert(module.clone(), used);
    }
    uses
}

/// The first segment of every `crate::` path in `code`, through `crate::{a, b::c}` groups.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut found = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // Top-level items of the group: split at commas outside inner braces.
            let (mut depth, mut start) = (0, 0);
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        found.insert(ident(&group[start..j]));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        found.insert(ident(&group[start..j]));
                        start = j + 1;
                    }
                    _ => {}
                }
            }
        } else {
            found.insert(ident(rest));
        }
    }
    found.remove("");
    found
}

#[test]
fn the_cores_modules_form_no_circle() {
    assert_eq!(
        crate_paths("use crate::{king, knight::Direction};\nlet x = crate::batch::backend();"),
        BTreeSet::from(["batch".to_string(), "king".into(), "knight".into()])
    );
    let uses = core_module_uses();
    assert!(uses["technique"].contains("knight"), "{uses:?}");
    // A file two folders down is read (knight/technique/halves.rs names the trace).
    assert!(uses["knight"].contains("trace"), "{uses:?}");
    // Depth-first search for a path back to the start.
    fn reaches(
        uses: &BTreeMap<String, BTreeSet<String>>,
        from: &str,
        to: &str,
        seen: &mut BTreeSet<String>,
    ) -> bool {
        uses.get(from)
            .into_iter()
            .flatten()
            .any(|next| next == to || (seen.insert(next.clone()) && reaches(uses, next, to, seen)))
    }
    for module in uses.keys() {
        assert!(
            !reaches(&uses, module, module, &mut BTreeSet::new()),
            "the core's module {module} uses itself through others: {uses:?}"
        );
    }
}

/// Every `.rs` file under `dir` (relative to the workspace), as `(path, code outside its
/// `#[cfg(test)] mod tests` and comments)`.
fn sources(dir: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut dirs = vec![root().join(dir)];
    while let Some(d) = dirs.pop() {
        for entry in fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let code = code_of(&fs::read_to_string(&path).unwrap());
                let rel = path.strip_prefix(root()).unwrap().to_string_lossy();
                found.push((rel.replace("crates/../", "").replace("../../", ""), code));
            }
        }
    }
    found.sort();
    found
}

/// The front ends' modules that name the core (`knightbits::`), the board crate
/// (`knightbits_board::`) or the count crate (`knightbits_count::`) directly rather than only
/// through the API, each with why: types and pure value functions (a bitboard, a square, a
/// move list, the batch kernels) are fine to take from below; a rule about input, or the choice
/// of which function answers a user's question, is not (those are the API's requests). A module
/// that starts naming the core must be added here, on purpose, with its reason.
const FRONT_ENDS_ON_THE_CORE: &[&str] = &[
    // The command line: the typed values clap parses (pieces, methods, numberings, sides,
    // boards) and prints (bitboards, diagrams), and the count job it drives.
    "crates/knightbits-cli/src/args.rs", // value parsers: Leaper, Method, Numbering, squares
    "crates/knightbits-cli/src/cmd/attacks.rs", // Leaper, Method, Color, Position: values
    "crates/knightbits-cli/src/cmd/catch.rs", // Square, Color: values
    "crates/knightbits-cli/src/cmd/convert.rs", // Numbering: a value
    "crates/knightbits-cli/src/cmd/count.rs", // popcount::Method: a value
    "crates/knightbits-cli/src/cmd/count_dist.rs", // the Count job handed to the dist crate
    "crates/knightbits-cli/src/cmd/count_tours.rs", // the Count job, its progress and errors
    "crates/knightbits-cli/src/cmd/distance.rs", // Board, squares: values; a diagram
    "crates/knightbits-cli/src/cmd/fill.rs", // Bitboard and the core's diagram text
    "crates/knightbits-cli/src/cmd/forks.rs", // Position: a value read by the API
    "crates/knightbits-cli/src/cmd/moves.rs", // Leaper, Numbering, Position: values
    "crates/knightbits-cli/src/cmd/show.rs", // Numbering and the core's diagram text
    "crates/knightbits-cli/src/cmd/steps.rs", // Leaper, Method, Numbering: values
    "crates/knightbits-cli/src/cmd/table.rs", // Leaper: a value
    "crates/knightbits-cli/src/cmd/tour.rs", // Board, Coord: values
    "crates/knightbits-cli/src/output.rs", // Bitboard: printed
    "crates/knightbits-cli/src/picture.rs", // Bitboard, Placement: drawn
    "crates/knightbits-cli/src/positions.rs", // Position, Placement: values read by the API
    // Python: python-chess's values read into the core's types, numpy batches on the core's
    // kernels, the count job with its progress callback. Every function that takes a user's
    // question builds the API's request (method.rs: attacks, fork squares; boards.rs:
    // convert, distance, path, tour; position.rs and fens/: legal moves through
    // `PositionMovesRequest`, forks through `ForksRequest`; count.rs: `TourCountRequest`).
    "crates/knightbits-py/src/args.rs", // Python objects read into Square, Bitboard, Leaper…
    "crates/knightbits-py/src/arrays.rs", // the batch kernels on numpy arrays (pure functions)
    "crates/knightbits-py/src/boards.rs", // Board, Coord, Numbering: values
    "crates/knightbits-py/src/count.rs", // the Count job, its progress and errors
    "crates/knightbits-py/src/fens/batch.rs", // Move, Square: values into numpy arrays
    "crates/knightbits-py/src/fens/mod.rs", // Position, Role: values; forks of a batch (pure)
    "crates/knightbits-py/src/method.rs", // Leaper, Bitboard: values
    "crates/knightbits-py/src/position.rs", // Position from chess.Board; its pieces (pure)
];

#[test]
fn front_end_modules_name_the_core_only_as_listed() {
    let mut naming = Vec::new();
    for dir in [
        "crates/knightbits-cli/src",
        "crates/knightbits-py/src",
        "crates/knightbits-wasm/src",
    ] {
        for (path, code) in sources(dir) {
            if ["knightbits::", "knightbits_board::", "knightbits_count::"]
                .iter()
                .any(|below| code.contains(below))
            {
                naming.push(path);
            }
        }
    }
    assert!(naming.len() > 10, "{naming:?}");
    let mut listed: Vec<String> = FRONT_ENDS_ON_THE_CORE
        .iter()
        .map(|s| s.to_string())
        .collect();
    listed.sort();
    assert_eq!(
        naming, listed,
        "front-end modules that name the core directly, against FRONT_ENDS_ON_THE_CORE"
    );
    // The wasm module asks the API only.
    assert!(!naming.iter().any(|p| p.contains("knightbits-wasm")));
}

/// The struct literals of request types (`…Request {`) in `code`, by type name: a type
/// named after `->`, `for`, `impl`, `struct` or `enum` is not a literal.
fn request_literals(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("Request") {
        let name_start = code[..at]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let name = &code[name_start..at + "Request".len()];
        let after = code[at + "Request".len()..].trim_start();
        let before = code[..name_start].trim_end();
        let declared = ["->", "for", "impl", "struct", "enum"]
            .iter()
            .any(|word| before.ends_with(word));
        if after.starts_with('{') && !declared && name.starts_with(char::is_uppercase) {
            found.push(name.to_string());
        }
    }
    found
}

/// The rulebook is applied where the API builds a request (its constructors and raw forms),
/// never by a front end: no front-end module calls `rules::` or writes a request type as a
/// struct literal (privacy refuses that too: the API's compile-fail doctests on every
/// request type show it).
#[test]
fn front_ends_build_requests_only_through_constructors() {
    assert_eq!(
        request_literals(
            "let r = FillRequest { start, moves };\nfn f() -> TourRequest {\n\
             impl From<X> for ShowRequest {\nstruct SlideRequest {\nlet q = Request<Body>;"
        ),
        ["FillRequest"]
    );
    let mut checked = 0;
    for dir in [
        "crates/knightbits-cli/src",
        "crates/knightbits-py/src",
        "crates/knightbits-wasm/src",
    ] {
        for (path, code) in sources(dir) {
            assert!(
                !code.contains("rules::") || code.contains("rules::MAX_"),
                "{path} applies a rule of the rulebook itself"
            );
            let literals = request_literals(&code);
            assert!(
                literals.is_empty(),
                "{path} builds {literals:?} around their constructors"
            );
            checked += 1;
        }
    }
    assert!(checked > 30, "{checked}");
}
