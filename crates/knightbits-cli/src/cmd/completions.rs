//! `knightbits completions SHELL` and `knightbits man`: shell completions and the manual
//! page, generated from the same clap definitions that parse the command line.

use std::io::{self, Write};

use clap_complete::Shell;

use crate::error::CliError;

/// Prints a completion script for a shell.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits completions bash > /etc/bash_completion.d/knightbits\n  \
knightbits completions zsh > ~/.zfunc/_knightbits\n  \
knightbits completions fish > ~/.config/fish/completions/knightbits.fish"
)]
pub struct Args {
    /// The shell.
    #[arg(ignore_case = true)]
    shell: Shell,
}

/// Prints the manual page (roff): the tool, its options and its subcommands, or the page of
/// one subcommand.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits man > knightbits.1 && man ./knightbits.1\n  \
knightbits man count-tours > knightbits-count-tours.1"
)]
pub struct ManArgs {
    /// The subcommand whose page to print (knightbits-COMMAND(1)); without it, the tool's page.
    command: Option<String>,
}

pub fn run(args: Args, mut cmd: clap::Command) -> Result<(), CliError> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "knightbits", &mut out);
    io::stdout().lock().write_all(&out)?;
    Ok(())
}

pub fn man(args: ManArgs, cmd: clap::Command) -> Result<(), CliError> {
    let page = match args.command {
        None => cmd,
        Some(name) => {
            let sub = cmd
                .get_subcommands()
                .find(|c| c.get_name().eq_ignore_ascii_case(&name))
                .ok_or_else(|| {
                    let names: Vec<&str> = cmd.get_subcommands().map(|c| c.get_name()).collect();
                    CliError::Input(format!("no command '{name}': one of {}", names.join(", ")))
                })?;
            let name = sub.get_name();
            sub.clone()
                .display_name(format!("knightbits-{name}"))
                .bin_name(format!("knightbits {name}"))
                .version(env!("CARGO_PKG_VERSION"))
        }
    };
    let mut out = Vec::new();
    clap_mangen::Man::new(page).render(&mut out)?;
    let roff = String::from_utf8_lossy(&out);
    io::stdout().lock().write_all(typeset(&roff).as_bytes())?;
    Ok(())
}

/// clap_mangen's page, made exact for groff: example lines (indented, as the `--help` texts
/// write them) are set without filling, so no command is re-wrapped; every character past
/// ASCII is written as groff's `\[uXXXX]`, so `groff -ww` has nothing to warn about.
fn typeset(roff: &str) -> String {
    let mut out = String::with_capacity(roff.len());
    let mut verbatim = false;
    for line in roff.lines() {
        let example = line.starts_with("  ") && !line.trim().is_empty();
        if example != verbatim {
            out += if example { ".nf\n" } else { ".fi\n" };
            verbatim = example;
        }
        for c in line.chars() {
            if c.is_ascii() {
                out.push(c);
            } else {
                out += &format!("\\[u{:04X}]", c as u32);
            }
        }
        out.push('\n');
    }
    if verbatim {
        out += ".fi\n";
    }
    out
}
