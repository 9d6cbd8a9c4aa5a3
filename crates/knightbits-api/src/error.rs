//! Why a request was refused, and the `{"error": "…", "field": "…"}` object that tells it.

use std::fmt;

use serde::Serialize;

/// A refused request. Every refusal is the asker's doing (bad input, options that exclude
/// each other, a limit), told in one line: exit code 2 on the command line, HTTP 400 in the
/// explorer, `{"error": "…"}` on a `--batch` line.
///
/// The words ([`Display`](fmt::Display)) say why; the field ([`Error::field`]) says which
/// input is at fault, as data: the request's parameter name (`fen`, `input`, `n`, `method`,
/// …), which the command line shows as its option (`--fen: …`), Python as the exception's
/// `argument`, and `/api/` as the body's `field`. A refusal with no one field at fault (two
/// inputs that exclude each other in general, a limit of the whole request) has none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    words: Words,
    field: Option<&'static str>,
}

/// What a refusal says.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Words {
    /// A value that could not be read: what it was to be, the text given, and why not.
    Invalid {
        what: &'static str,
        text: String,
        reason: String,
    },
    /// A FEN that is not a position.
    Fen(knightbits::position::FenError),
    /// A request that cannot be answered as asked.
    Refused(String),
}

impl Error {
    /// A value that could not be read: what it was to be (`bitboard`, `method`, `start
    /// square`, …), the text as given (shortened when shown), and why it was refused.
    pub fn invalid(what: &'static str, text: &str, reason: impl fmt::Display) -> Error {
        Error::invalid_because(what, text, &reason)
    }

    /// [`Error::invalid`] built once for every kind of reason (the WebAssembly module keeps
    /// one copy, not one per caller).
    #[inline(never)]
    fn invalid_because(what: &'static str, text: &str, reason: &dyn fmt::Display) -> Error {
        Error {
            words: Words::Invalid {
                what,
                text: text.to_string(),
                reason: reason.to_string(),
            },
            field: None,
        }
    }

    /// A number out of its range, `lo` to `hi`: the words of every such refusal.
    #[inline(never)]
    pub(crate) fn out_of_range(text: &str, lo: i64, hi: i64) -> Error {
        Error::invalid_because("number", text, &format_args!("expected {lo} to {hi}"))
    }

    /// A request that cannot be answered as asked.
    pub fn refused(message: impl Into<String>) -> Error {
        Error::refused_because(message.into())
    }

    /// [`Error::refused`] built once.
    #[inline(never)]
    fn refused_because(message: String) -> Error {
        Error {
            words: Words::Refused(message),
            field: None,
        }
    }

    /// The same refusal, about the field (request parameter) `field`.
    #[must_use]
    pub fn at(self, field: &'static str) -> Error {
        Error {
            field: Some(field),
            ..self
        }
    }

    /// The field (request parameter) at fault, if one is.
    pub fn field(&self) -> Option<&'static str> {
        self.field
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.words {
            Words::Invalid { what, text, reason } => {
                write!(f, "invalid {what} '{}': {reason}", shorten(text))
            }
            Words::Fen(e) => write!(f, "{e}"),
            Words::Refused(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}

impl From<knightbits::position::FenError> for Error {
    fn from(e: knightbits::position::FenError) -> Error {
        Error {
            words: Words::Fen(e),
            field: None,
        }
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

/// The answer to a refused request, where an answer must be JSON: `{"error": "…", "field":
/// "…"}`, `field` left out when no one field is at fault.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ErrorBody<'a> {
    /// The one-line message.
    pub error: &'a str,
    /// The field (request parameter) at fault, if one is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<&'a str>,
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
    fn the_error_body_names_its_field_when_it_has_one() {
        let body = ErrorBody {
            error: "no",
            field: None,
        };
        assert_eq!(serde_json::to_string(&body).unwrap(), r#"{"error":"no"}"#);
        let body = ErrorBody {
            error: "no",
            field: Some("fen"),
        };
        assert_eq!(
            serde_json::to_string(&body).unwrap(),
            r#"{"error":"no","field":"fen"}"#
        );
    }

    #[test]
    fn the_field_is_data_not_words() {
        let e = Error::refused("it needs a position (a FEN)").at("castling");
        assert_eq!(e.field(), Some("castling"));
        assert_eq!(e.to_string(), "it needs a position (a FEN)");
        assert_eq!(Error::refused("no").field(), None);
    }
}
