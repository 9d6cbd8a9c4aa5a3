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
    #[arg(value_parser = ["bash", "zsh", "fish"], ignore_case = true)]
    shell: String,
}

/// Prints the manual page (roff): the tool, its options and its subcommands.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  knightbits man > knightbits.1 && man ./knightbits.1")]
pub struct ManArgs {}

pub fn run(args: Args, mut cmd: clap::Command) -> Result<(), CliError> {
    let shell = match args.shell.to_ascii_lowercase().as_str() {
        "bash" => Shell::Bash,
        "zsh" => Shell::Zsh,
        _ => Shell::Fish,
    };
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "knightbits", &mut out);
    io::stdout().lock().write_all(&out)?;
    Ok(())
}

pub fn man(_: ManArgs, cmd: clap::Command) -> Result<(), CliError> {
    let mut out = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut out)?;
    io::stdout().lock().write_all(&out)?;
    Ok(())
}
