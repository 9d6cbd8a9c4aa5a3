//! Errors of the tool and how they end the process: one line on stderr and an exit code.

use std::fmt::Display;
use std::io::{self, Write};
use std::process::ExitCode;

/// A failure that ends the run.
#[derive(Debug)]
pub enum CliError {
    /// Bad input or usage: exit code 2.
    Input(String),
    /// Something failed that the user did not cause: exit code 1.
    Internal(String),
    /// Standard output was closed (for example by `| head`): end quietly.
    Closed,
}

impl CliError {
    /// A bad-input error whose message names what was read and why it was refused.
    pub fn input(what: &str, text: &str, reason: impl Display) -> CliError {
        CliError::Input(format!("invalid {what} '{}': {reason}", shorten(text)))
    }

    /// Prints the one line and gives the exit code.
    pub fn exit(self) -> ExitCode {
        let (line, code) = match self {
            CliError::Input(m) => (m, 2),
            CliError::Internal(m) => (format!("internal error: {m}"), 1),
            CliError::Closed => return ExitCode::SUCCESS,
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

/// Keeps a quoted input short enough for one line; control characters are escaped.
fn shorten(text: &str) -> String {
    let escaped: String = text.chars().flat_map(char::escape_default).collect();
    if escaped.chars().count() > 60 {
        let head: String = escaped.chars().take(57).collect();
        format!("{head}...")
    } else {
        escaped
    }
}

/// Handles a clap failure: help and version go to stdout with exit 0; every usage error is
/// reduced to its first line on stderr with exit 2.
pub fn clap_exit(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
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
            let _ = writeln!(io::stderr().lock(), "knightbits: {line} (see --help)");
            ExitCode::from(2)
        }
    }
}
