//! Query parameters of the API and its errors: `{"error": "…"}` with a 4xx status. Values are
//! read by the request layer's own readers ([`crate::values`]), as on the command line.

use knightbits::position::Position;
use knightbits::{Bitboard, Square};
use knightbits_board::{Board, Coord};

use crate::values::{self, Choice};
use crate::{Error, ErrorBody, shorten};

/// Most parameters one request may carry.
const MAX_PARAMS: usize = 16;
/// Longest FEN accepted, in bytes.
const MAX_FEN: usize = 128;

/// A refused query: its HTTP status and one-line message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryError {
    status: u16,
    message: String,
}

impl QueryError {
    /// A bad parameter: HTTP 400.
    pub fn bad(message: impl Into<String>) -> QueryError {
        QueryError::status(400, message)
    }

    /// A refusal with the given HTTP status.
    pub fn status(status: u16, message: impl Into<String>) -> QueryError {
        QueryError {
            status,
            message: message.into(),
        }
    }

    /// The HTTP status of the refusal.
    pub fn status_code(&self) -> u16 {
        self.status
    }

    /// The one-line message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The JSON body: `{"error": "…"}`.
    pub fn body(&self) -> String {
        serde_json::to_string(&ErrorBody {
            error: &self.message,
        })
        .unwrap_or_default()
    }
}

impl From<Error> for QueryError {
    fn from(e: Error) -> QueryError {
        QueryError::bad(e.to_string())
    }
}

/// The refusal of parameter `name`'s value, naming the parameter where the message does not
/// already (`parameter 'input': invalid bitboard 'z9': …`): the message is the command
/// line's, which names its argument by its place.
fn of(name: &str, e: Error) -> QueryError {
    match &e {
        Error::Invalid { what, .. } if *what == name => e.into(),
        _ => QueryError::bad(format!("parameter '{name}': {e}")),
    }
}

/// The decoded query of one request, checked against the names an endpoint accepts.
pub struct Params {
    pairs: Vec<(String, String)>,
}

impl Params {
    /// Decodes `query`; an unknown or repeated name is an error.
    pub fn parse(query: Option<&str>, accepted: &[&str]) -> Result<Params, QueryError> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        for (k, v) in form_urlencoded::parse(query.unwrap_or("").as_bytes()) {
            if pairs.len() == MAX_PARAMS {
                return Err(QueryError::bad(format!(
                    "too many parameters: at most {MAX_PARAMS}"
                )));
            }
            if !accepted.contains(&k.as_ref()) {
                let mut names = accepted.join(", ");
                if names.is_empty() {
                    names = "none".into();
                }
                return Err(QueryError::bad(format!(
                    "unknown parameter '{}': expected {names}",
                    shorten(&k)
                )));
            }
            if pairs.iter().any(|(name, _)| *name == k) {
                return Err(QueryError::bad(format!("parameter '{k}' given twice")));
            }
            pairs.push((k.into_owned(), v.into_owned()));
        }
        Ok(Params { pairs })
    }

    /// The value of `name`, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether `name` is given.
    pub fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// The value of `name`, which must be given.
    pub fn required(&self, name: &str) -> Result<&str, QueryError> {
        self.get(name)
            .ok_or_else(|| QueryError::bad(format!("missing parameter '{name}'")))
    }

    /// A bitboard in any accepted form, which must be given.
    pub fn bitboard(&self, name: &str) -> Result<Bitboard, QueryError> {
        values::bitboard(self.required(name)?).map_err(|e| of(name, e))
    }

    /// A bitboard whose numbers are written in `numbering`, which must be given.
    pub fn bitboard_in(
        &self,
        name: &str,
        numbering: knightbits::mapping::Numbering,
    ) -> Result<Bitboard, QueryError> {
        values::bitboard_in(self.required(name)?, numbering).map_err(|e| of(name, e))
    }

    /// The pieces of the `fen` parameter where they alone matter (a placement alone, or a
    /// whole FEN), which must be given.
    pub fn placement(&self) -> Result<knightbits::position::Placement, QueryError> {
        values::placement(self.required("fen")?).map_err(|e| of("fen", e))
    }

    /// A bitboard in any accepted form; `None` when absent.
    pub fn bitboard_opt(&self, name: &str) -> Result<Option<Bitboard>, QueryError> {
        self.get(name)
            .map(values::bitboard)
            .transpose()
            .map_err(|e| of(name, e))
    }

    /// A named choice; `None` when absent.
    pub fn choice<T: Choice>(&self, name: &'static str) -> Result<Option<T>, QueryError> {
        Ok(self
            .get(name)
            .map(|text| values::choice(name, text))
            .transpose()?)
    }

    /// A named choice; `default` when absent.
    pub fn choice_or<T: Choice>(&self, name: &'static str, default: T) -> Result<T, QueryError> {
        Ok(self.choice(name)?.unwrap_or(default))
    }

    /// A square name of the 8x8 board, which must be given; refused as an invalid `what`.
    pub fn square(&self, name: &str, what: &'static str) -> Result<Square, QueryError> {
        values::square(what, self.required(name)?).map_err(|e| of(name, e))
    }

    /// The board size `board`; 8x8 when absent.
    pub fn board(&self) -> Result<Board, QueryError> {
        Ok(self
            .get("board")
            .map(values::board)
            .transpose()
            .map_err(|e| of("board", e))?
            .unwrap_or(Board::CHESS))
    }

    /// A square of `board`, which must be given; refused as an invalid `what`.
    pub fn coord(&self, board: Board, name: &str, what: &'static str) -> Result<Coord, QueryError> {
        values::coord(board, what, self.required(name)?).map_err(|e| of(name, e))
    }

    /// The position of the `fen` parameter (at most 128 bytes), which must be given.
    pub fn position(&self) -> Result<Position, QueryError> {
        let fen = self.required("fen")?;
        if fen.len() > MAX_FEN {
            return Err(QueryError::bad(format!(
                "fen too long: at most {MAX_FEN} bytes"
            )));
        }
        values::position(fen).map_err(|e| of("fen", e))
    }

    /// A yes/no parameter: `true`/`1` or `false`/`0`; `false` when absent.
    pub fn flag(&self, name: &'static str) -> Result<bool, QueryError> {
        match self.get(name) {
            None | Some("false" | "0" | "") => Ok(false),
            Some("true" | "1") => Ok(true),
            Some(other) => Err(Error::invalid(name, other, "expected true or false").into()),
        }
    }

    /// An integer within `range`; `default` when absent.
    pub fn int_or(
        &self,
        name: &'static str,
        default: i64,
        range: std::ops::RangeInclusive<i64>,
    ) -> Result<i64, QueryError> {
        let Some(text) = self.get(name) else {
            return Ok(default);
        };
        let n: i64 = text
            .trim()
            .parse()
            .map_err(|_| Error::invalid(name, text, "not an integer"))?;
        if !range.contains(&n) {
            return Err(Error::invalid(
                name,
                &n.to_string(),
                format!("expected {} to {}", range.start(), range.end()),
            )
            .into());
        }
        Ok(n)
    }
}
