//! Why a request was refused, and the `{"error": "…"}` object that tells it.

use std::fmt;

use serde::Serialize;

/// A refused request. Every refusal is the asker's doing (bad input, options that exclude
/// each other, a limit), told in one line: exit code 2 on the command line, HTTP 400 in the
/// explorer, `{"error": "…"}` on a `--batch` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A value that could not be read: what it was to be, the text given, and why not.
    Invalid {
        /// What the text was to be: `bitboard`, `method`, `start square`, …
        what: &'static str,
        /// The text as given (shortened when shown).
        text: String,
        /// Why it was refused.
        reason: String,
    },
    /// A FEN that is not a position.
    Fen(knightbits::position::FenError),
    /// A request that cannot be answered as asked.
    Refused(String),
}

impl Error {
    /// A value that could not be read.
    pub fn invalid(what: &'static str, text: &str, reason: impl fmt::Display) -> Error {
        Error::Invalid {
            what,
            text: text.to_string(),
            reason: reason.to_string(),
        }
    }

    /// A request that cannot be answered as asked.
    pub fn refused(message: impl Into<String>) -> Error {
        Error::Refused(message.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Invalid { what, text, reason } => {
                write!(f, "invalid {what} '{}': {reason}", shorten(text))
            }
            Error::Fen(e) => write!(f, "{e}"),
            Error::Refused(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}

impl From<knightbits::position::FenError> for Error {
    fn from(e: knightbits::position::FenError) -> Error {
        Error::Fen(e)
    }
}

/// Longest quoted input in a message, in characters after escaping.
const MAX_QUOTED: usize = 60;

/// A text quoted in a one-line message: control characters (and anything non-ASCII) escaped,
/// cut to 60 characters with `...`.
pub fn shorten(text: &str) -> String {
    let escaped: String = text.chars().flat_map(char::escape_default).collect();
    if escaped.chars().count() > MAX_QUOTED {
        let head: String = escaped.chars().take(MAX_QUOTED - 3).collect();
        format!("{head}...")
    } else {
        escaped
    }
}

/// The answer to a refused request, where an answer must be JSON: `{"error": "…"}`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ErrorBody<'a> {
    /// The one-line message.
    pub error: &'a str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_text_is_escaped_and_cut() {
        assert_eq!(shorten("d4\n"), "d4\\n");
        let long = "x".repeat(100);
        let cut = shorten(&long);
        assert_eq!(cut.chars().count(), MAX_QUOTED);
        assert!(cut.ends_with("..."));
        let e = Error::invalid("bitboard", &long, "too long");
        assert_eq!(e.to_string(), format!("invalid bitboard '{cut}': too long"));
    }

    #[test]
    fn the_error_body_is_one_field() {
        let body = ErrorBody { error: "no" };
        assert_eq!(serde_json::to_string(&body).unwrap(), r#"{"error":"no"}"#);
    }
}
