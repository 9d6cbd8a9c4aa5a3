//! The help and the manual pages tell the truth about this build: every example of every
//! `--help` runs (exit 0; where the example's comment shows a JSON answer, it is that answer),
//! every manual page renders through groff with warnings as errors, and the synopsis's
//! `-V|--version` works on every subcommand.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::run;

/// The subcommands, as `--help` lists them.
fn subcommands() -> Vec<String> {
    let help = String::from_utf8(run(&["--help"]).stdout).unwrap();
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&name| name != "help")
        .map(str::to_string)
        .collect()
}

/// The example lines of a help text: the indented lines after `Examples:`.
fn examples(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| l.trim() != "Examples:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect()
}

/// Words of a command line as a shell splits them (single quotes only, which is all the
/// examples use); the command ends at `#`, `>`, `|`, `&&` or `(`.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '\'' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    let end = words
        .iter()
        .position(|w| ["#", ">", "|", "&&"].contains(&w.as_str()) || w.starts_with('('))
        .unwrap_or(words.len());
    words.truncate(end);
    words
}

/// Examples this test does not run, each with its reason.
const NOT_RUN: [(&str, &str); 5] = [
    (
        "knightbits serve",
        "a server runs until stopped (tests/server.rs starts one)",
    ),
    (
        "knightbits count-tours --board 7x7",
        "about 2 minutes on two cores",
    ),
    (
        "knightbits count-tours --board 8x8 --closed",
        "about an hour on two cores, out of core (BENCHMARKS.md)",
    ),
    (
        "knightbits tour --board 1000x1000",
        "a million squares of JSON in a debug build",
    ),
    ("knightbits man > knightbits.1 && man", "opens a pager"),
];

#[test]
fn every_example_of_every_help_runs() {
    let mut ran = 0;
    let mut pages = vec![String::new()];
    pages.extend(subcommands());
    for page in &pages {
        let mut args: Vec<&str> = Vec::new();
        if !page.is_empty() {
            args.push(page);
        }
        args.push("--help");
        let help = String::from_utf8(run(&args).stdout).unwrap();
        let list = examples(&help);
        assert!(!list.is_empty(), "{page} --help has no examples");
        for line in list {
            if NOT_RUN.iter().any(|(start, _)| line.starts_with(start)) {
                continue;
            }
            // `cat positions.fen | knightbits …`: the FEN lines come on standard input.
            let (stdin, command) = match line.split_once(" | ") {
                Some((_, command)) => (
                    "q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1\n".to_string(),
                    command.to_string(),
                ),
                None => (String::new(), line.clone()),
            };
            let words = words(&command);
            assert_eq!(words[0], "knightbits", "{line}");
            let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
            let out = common::run_with_input(&args, &stdin);
            assert!(
                out.status.success(),
                "{line}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            // `# {"open": 1728}`: the answer the example promises.
            if let Some((_, shown)) = line.split_once("# {") {
                let shown: serde_json::Value = serde_json::from_str(&format!("{{{shown}")).unwrap();
                let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                assert_eq!(got, shown, "{line}");
            }
            ran += 1;
        }
    }
    assert!(ran > 50, "{ran} examples ran");
}

/// groff, or (outside CI only) `None` with a note: in CI the test must not skip.
fn groff() -> Option<Command> {
    let found = Command::new("groff").arg("--version").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "groff is missing in CI (.ci/run installs it)"
        );
        eprintln!("groff not found: manual pages not rendered");
        return None;
    }
    Some(Command::new("groff"))
}

#[test]
fn every_manual_page_renders_through_groff_without_a_warning() {
    let mut pages = vec![String::new()];
    pages.extend(subcommands());
    for page in pages {
        let args: Vec<&str> = if page.is_empty() {
            vec!["man"]
        } else {
            vec!["man", &page]
        };
        let roff = run(&args);
        assert!(roff.status.success(), "man {page}");
        let Some(mut groff) = groff() else {
            return;
        };
        let mut child = groff
            .args(["-ww", "-z", "-man", "-Tutf8"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(&roff.stdout).unwrap();
        let out = child.wait_with_output().unwrap();
        let warnings = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && warnings.is_empty(),
            "man {page}: {warnings}"
        );
        // Example lines are set as written: a FEN stays on its line.
        let text = String::from_utf8_lossy(&roff.stdout);
        assert!(!text.contains("\n--json\n"), "man {page}");
    }
}

#[test]
fn every_subcommand_answers_its_synopsis_version_flag() {
    let version = env!("CARGO_PKG_VERSION");
    for page in subcommands() {
        for flag in ["-V", "--version"] {
            let out = run(&[&page, flag]);
            assert!(out.status.success(), "{page} {flag}");
            let text = String::from_utf8(out.stdout).unwrap();
            assert!(text.trim_end().ends_with(version), "{page} {flag}: {text}");
        }
        let roff = String::from_utf8(run(&["man", &page]).stdout).unwrap();
        assert!(roff.contains("\\-\\-version"), "{page}");
    }
}

/// The help names only options this build takes: every `--option` a help text mentions is
/// one of the command's own (so a build without `dist` never describes `--processes`).
#[test]
fn every_option_a_help_mentions_is_taken_by_its_command() {
    let cli = knightbits_cli::command();
    for sub in cli.get_subcommands() {
        let name = sub.get_name();
        let help = String::from_utf8(run(&[name, "--help"]).stdout).unwrap();
        let mut longs: Vec<&str> = sub.get_arguments().filter_map(|a| a.get_long()).collect();
        longs.extend(["help", "version"]);
        for word in help.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
            if let Some(option) = word.strip_prefix("--")
                && !option.is_empty()
            {
                assert!(longs.contains(&option), "{name} --help mentions --{option}");
            }
        }
    }
}
