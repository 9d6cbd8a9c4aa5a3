//! docs/cli.md's reference is what the clap definitions say: regenerated here and compared.
//! After a change to a command's options or help, refresh it with
//! `KNIGHTBITS_BLESS=1 cargo test -p knightbits-cli --features dist --test reference`.

use std::path::PathBuf;

use knightbits_cli::reference::{MARKER, markdown};

fn path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/cli.md")
}

/// The part of docs/cli.md after the marker line equals the reference generated from the
/// command line's definitions (the build with `--features dist`, which adds the options of a
/// count across processes; CI tests with every feature).
#[test]
#[cfg_attr(
    not(feature = "dist"),
    ignore = "the reference documents the build with --features dist"
)]
fn docs_cli_md_matches_the_clap_definitions() {
    knightbits_testkit::generated_lines(
        &path(),
        MARKER,
        None,
        &format!("\n{}\n", markdown(knightbits_cli::command())),
        "KNIGHTBITS_BLESS=1 cargo test -p knightbits-cli --features dist --test reference",
    );
}

/// Every option of every command appears in the reference, with its help.
#[test]
fn the_reference_names_every_option_with_its_help() {
    let mut cmd = knightbits_cli::command();
    cmd.build();
    let text = markdown(cmd.clone());
    for sub in cmd.get_subcommands().filter(|c| c.get_name() != "help") {
        let section = text
            .split(&format!("\n## knightbits {}\n", sub.get_name()))
            .nth(1)
            .unwrap_or_else(|| panic!("no section for {}", sub.get_name()));
        let section = section.split("\n## ").next().unwrap();
        for arg in sub.get_arguments().filter(|a| !a.is_hide_set()) {
            if let Some(long) = arg.get_long().filter(|l| !["help", "version"].contains(l)) {
                assert!(
                    section.contains(&format!("- `--{long}")),
                    "{}: --{long}",
                    sub.get_name()
                );
            }
        }
        assert!(
            section.contains("```text\nknightbits "),
            "{}",
            sub.get_name()
        );
    }
}
