//! Query parameters of the API and its errors: `{"error": "…"}` with a 4xx status.

use std::str::FromStr;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use knightbits::Bitboard;

use crate::cmd::{self, Piece};
use crate::error::CliError;

/// Most parameters one request may carry.
const MAX_PARAMS: usize = 16;

/// A refused request: its status and one-line message.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    /// A bad parameter: HTTP 400.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::status(StatusCode::BAD_REQUEST, message)
    }

    /// An error with the given status.
    pub fn status(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// The HTTP status of the refusal.
    pub fn status_code(&self) -> StatusCode {
        self.status
    }

    /// The one-line message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl From<CliError> for ApiError {
    fn from(e: CliError) -> ApiError {
        match e {
            CliError::Input(m) => ApiError::bad(m),
            CliError::Internal(m) => ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, m),
            CliError::Closed => ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, "closed"),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut res = (self.status, super::error_body(&self.message)).into_response();
        res.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        res.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        res
    }
}

/// The decoded query of one request, checked against the names an endpoint accepts.
pub struct Params {
    pairs: Vec<(String, String)>,
}

impl Params {
    /// Decodes `query`; an unknown or repeated name is an error.
    pub fn parse(query: Option<&str>, accepted: &[&str]) -> Result<Params, ApiError> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        for (k, v) in form_urlencoded::parse(query.unwrap_or("").as_bytes()) {
            if pairs.len() == MAX_PARAMS {
                return Err(ApiError::bad(format!(
                    "too many parameters: at most {MAX_PARAMS}"
                )));
            }
            if !accepted.contains(&k.as_ref()) {
                let mut names = accepted.join(", ");
                if names.is_empty() {
                    names = "none".into();
                }
                return Err(ApiError::bad(format!(
                    "unknown parameter '{}': expected {names}",
                    short(&k)
                )));
            }
            if pairs.iter().any(|(name, _)| *name == k) {
                return Err(ApiError::bad(format!("parameter '{k}' given twice")));
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

    /// The value of `name`, which must be given.
    pub fn required(&self, name: &str) -> Result<&str, ApiError> {
        self.get(name)
            .ok_or_else(|| ApiError::bad(format!("missing parameter '{name}'")))
    }

    /// A bitboard in any accepted form, which must be given.
    pub fn bitboard(&self, name: &str) -> Result<Bitboard, ApiError> {
        Ok(cmd::bitboard(self.required(name)?)?)
    }

    /// A named choice read by the library's parser; `default` when absent.
    pub fn choice<T: FromStr>(&self, name: &str, default: &str, valid: &str) -> Result<T, ApiError>
    where
        T::Err: std::fmt::Display,
    {
        Ok(cmd::choice(name, self.get(name).unwrap_or(default), valid)?)
    }

    /// The piece: `knight` (default) or `king`.
    pub fn piece(&self) -> Result<Piece, ApiError> {
        match self.get("piece").unwrap_or("knight") {
            "knight" => Ok(Piece::Knight),
            "king" => Ok(Piece::King),
            other => Err(ApiError::bad(format!(
                "invalid piece '{}': expected knight or king",
                short(other)
            ))),
        }
    }

    /// An integer within `range`; `default` when absent.
    pub fn int_or(
        &self,
        name: &str,
        default: i64,
        range: std::ops::RangeInclusive<i64>,
    ) -> Result<i64, ApiError> {
        let Some(text) = self.get(name) else {
            return Ok(default);
        };
        let n: i64 = text.trim().parse().map_err(|_| {
            ApiError::bad(format!("invalid {name} '{}': not an integer", short(text)))
        })?;
        if !range.contains(&n) {
            return Err(ApiError::bad(format!(
                "invalid {name} '{n}': expected {} to {}",
                range.start(),
                range.end()
            )));
        }
        Ok(n)
    }
}

/// A user's text cut short enough for one error line.
pub fn short(text: &str) -> String {
    let escaped: String = text.chars().flat_map(char::escape_default).collect();
    if escaped.chars().count() > 40 {
        let head: String = escaped.chars().take(37).collect();
        format!("{head}...")
    } else {
        escaped
    }
}
