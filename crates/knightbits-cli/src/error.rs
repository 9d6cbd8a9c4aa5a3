//! Errors of the tool and how they end the process: one line on stderr and an exit code.

use std::io::{self, Write};
use std::process::ExitCode;

use knightbits_api as api;

/// A failure that ends the run.
#[derive(Debug)]
pub enum CliError {
    /// Bad input or usage: exit code 2.
    Input(String),
    /// Something failed that the user did not cause: exit code 1.
    Internal(String),
    /// Standard output was closed (for example by `| head`): end quietly.
    Closed,
    /// Stopped by Ctrl-C (SIGINT), saying how far it came: exit code 130, as the shell gives
    /// a process that SIGINT ends.
    Interrupted(String),
}

impl CliError {
    /// Prints the one line and gives the exit code.
    pub fn exit(self) -> ExitCode {
        let (line, code) = match self {
            CliError::Input(m) => (m, 2),
            CliError::Internal(m) => (format!("internal error: {m}"), 1),
            CliError::Closed => return ExitCode::SUCCESS,
            CliError::Interrupted(m) => (m, 130),
        };
        let _ = writeln!(io::stderr().lock(), "knightbits: {line}");
        ExitCode::from(code)
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        if e.kind() == io::ErrorKind::BrokenPipe {
            CliError::Closed
        } else {
            CliError::Internal(e.to_string())
        }
    }
}

impl From<api::Error> for CliError {
    /// A refused request is bad input: exit code 2. The line names the option at fault
    /// (`--fen: …`) from the refusal's field, then says the refusal's words.
    fn from(e: api::Error) -> CliError {
        match e.field().and_then(option) {
            Some(option) => CliError::Input(format!("{option}: {e}")),
            None => CliError::Input(e.to_string()),
        }
    }
}

/// The command line's option for a request's field (`fen` is `--fen`, `max_memory` is
/// `--max-memory`); none for `input`, the positional INPUT, whose words say what it is.
fn option(field: &str) -> Option<String> {
    (field != "input").then(|| format!("--{}", field.replace('_', "-")))
}

/// Tells on stderr that `old` is an old spelling, still read, of `new`.
pub fn deprecated(old: &str, new: &str) {
    let _ = writeln!(
        io::stderr().lock(),
        "knightbits: note: {old} is an old spelling of {new}, read as {new}; it will go"
    );
}

/// Handles a clap failure: help and version go to stdout with exit 0; every usage error is
/// reduced to its first line on stderr with exit 2, the refused value quoted short.
pub fn clap_exit(mut e: clap::Error) -> ExitCode {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if let Some(ContextValue::String(value)) = e.get(ContextKind::InvalidValue) {
        let short = api::shorten(value);
        e.insert(ContextKind::InvalidValue, ContextValue::String(short));
    }
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = writeln!(
                io::stderr().lock(),
                "knightbits: a subcommand is required (see --help)"
            );
            ExitCode::from(2)
        }
        _ => {
            // clap's message is its first paragraph (a list of missing arguments continues
            // on indented lines); usage and tips follow a blank line and are dropped.
            let rendered = e.render().to_string();
            let paragraph: Vec<&str> = rendered
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            let joined = paragraph.join(" ");
            let line = joined.strip_prefix("error: ").unwrap_or(&joined);
            // Keep clap's suggestion ("a similar subcommand exists: 'attacks'") on the line.
            let tips: Vec<&str> = rendered
                .lines()
                .filter_map(|l| l.trim().strip_prefix("tip: "))
                .filter(|t| t.contains("similar"))
                .collect();
            let tip = if tips.is_empty() {
                String::new()
            } else {
                format!("; {}", tips.join("; "))
            };
            let _ = writeln!(io::stderr().lock(), "knightbits: {line}{tip} (see --help)");
            ExitCode::from(2)
        }
    }
}
