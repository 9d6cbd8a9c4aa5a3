//! `/api/` queries read into the request types. Each request type declares its parameters
//! once, with [`query!`](crate::form::query): the field each parameter fills, its name where
//! it is not the field's, its default where it has one. That one list gives the names the
//! endpoint takes ([`FromQuery::PARAMS`]) and the reader of the request, so the endpoint table
//! never retypes them, and a query is refused with the parameter at fault named: an unknown
//! one (with the names the request takes), a missing one, one given twice, or one whose value
//! is refused. Values are read by the request layer's own readers ([`crate::values`]), as on
//! the command line, chosen by each field's type ([`Value`]). A refusal is `{"error": "…",
//! "field": "…"}` with a 4xx status: the words as the command line says them, and the
//! parameter at fault as data (left out where no one parameter of the request is: an unknown
//! parameter, whose words name it, too many parameters, an unknown endpoint, a request that
//! is not UTF-8).
//!
//! (A serde `Deserialize` per request type, tried, says the same, but its code per type and
//! per field made `knightbits.wasm` 305,499 bytes, over its 300,000-byte budget; with this
//! reader, one small function per request, it is 295,249.)

use knightbits::position::Position;
use knightbits::{Bitboard, Square};
use knightbits_board::Board;

use crate::values::{self, Choice, Targets, one_of};
use crate::{Error, ErrorBody, shorten};

/// Most parameters one request may carry.
const MAX_PARAMS: usize = 16;
/// Longest FEN accepted, in bytes.
pub const MAX_FEN: usize = 128;

/// A refused query: its HTTP status, one-line message and the parameter at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryError {
    status: u16,
    message: String,
    field: Option<&'static str>,
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
            field: None,
        }
    }

    /// The HTTP status of the refusal.
    pub fn status_code(&self) -> u16 {
        self.status
    }

    /// The one-line message (the words, without the parameter's name).
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The parameter at fault, if one is.
    pub fn field(&self) -> Option<&'static str> {
        self.field
    }

    /// The JSON body: `{"error": "…", "field": "…"}`, `field` left out when no one parameter
    /// is at fault.
    pub fn body(&self) -> String {
        serde_json::to_string(&ErrorBody {
            error: &self.message,
            field: self.field(),
        })
        .unwrap_or_default()
    }
}

impl From<Error> for QueryError {
    /// One copy for every reader (the WebAssembly module keeps it once, not once per request
    /// type).
    #[inline(never)]
    fn from(e: Error) -> QueryError {
        QueryError {
            status: 400,
            message: e.to_string(),
            field: e.field(),
        }
    }
}

/// The words of a parameter that is needed and not given.
pub const MISSING: &str = "missing parameter";

/// A parameter that the other parameters given need (and that has no value to be named by).
pub fn missing(name: &'static str) -> Error {
    Error::refused(MISSING).at(name)
}

/// A request read from the parameters of a query.
pub trait FromQuery: Sized {
    /// The parameters it takes, in the order declared.
    const PARAMS: &'static [&'static str];

    /// Reads it from a query checked against [`FromQuery::PARAMS`].
    fn from_query(params: &Params) -> Result<Self, QueryError>;
}

/// Reads the request `R` from a query string (`input=d4&method=halves`).
pub fn read<R: FromQuery>(query: Option<&str>) -> Result<R, QueryError> {
    R::from_query(&Params::parse(query, R::PARAMS)?)
}

/// The words of a parameter given more than once.
pub const GIVEN_TWICE: &str = "given twice";

/// The decoded query of one request, checked against the names it takes.
pub struct Params {
    pairs: Vec<(String, String)>,
}

impl Params {
    /// Decodes `query`; an unknown name, one given twice, or more than 16 parameters, is an
    /// error.
    pub fn parse(query: Option<&str>, accepted: &[&'static str]) -> Result<Params, QueryError> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        for (k, v) in form_urlencoded::parse(query.unwrap_or("").as_bytes()) {
            if pairs.len() == MAX_PARAMS {
                return Err(QueryError::bad(format!(
                    "too many parameters: at most {MAX_PARAMS}"
                )));
            }
            if !accepted.contains(&k.as_ref()) {
                let names = match one_of(accepted.iter().copied()) {
                    names if names.is_empty() => "none".to_string(),
                    names => names,
                };
                // No field of the request is at fault: the words name the parameter.
                return Err(QueryError::bad(format!(
                    "unknown parameter '{}': expected {names}",
                    shorten(&k)
                )));
            }
            if let Some(&name) = accepted
                .iter()
                .find(|&&name| name == k && pairs.iter().any(|(given, _)| given == name))
            {
                return Err(Error::refused(GIVEN_TWICE).at(name).into());
            }
            pairs.push((k.into_owned(), v.into_owned()));
        }
        Ok(Params { pairs })
    }

    /// The text of `name`, if given.
    #[inline(never)]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of `name` read by `read`, if given; a refusal names the parameter.
    pub fn with<T>(
        &self,
        name: &'static str,
        read: impl FnOnce(&str) -> Result<T, Error>,
    ) -> Result<Option<T>, QueryError> {
        match self.get(name) {
            None => Ok(None),
            Some(text) => match read(text) {
                Ok(value) => Ok(Some(value)),
                Err(e) => Err(refused_at(e, name)),
            },
        }
    }

    /// The value of `name`, read by its type; `default` when absent.
    pub fn or<T: Value>(&self, name: &'static str, default: T) -> Result<T, QueryError> {
        Ok(self.with(name, T::read)?.unwrap_or(default))
    }
}

/// The refusal of parameter `name`'s value: one copy for every type a parameter is read as
/// (the WebAssembly module keeps it once, not once per [`Params::with`]).
#[inline(never)]
fn refused_at(e: Error, name: &'static str) -> QueryError {
    e.at(name).into()
}

/// What a field of a request is read as: a value (a required parameter), an optional one, or
/// either with its name ([`Named`]).
pub trait Field: Sized {
    /// The field from parameter `name`.
    fn field(params: &Params, name: &'static str) -> Result<Self, QueryError>;
}

impl<T: Value> Field for T {
    fn field(params: &Params, name: &'static str) -> Result<T, QueryError> {
        params
            .with(name, T::read)?
            .ok_or_else(|| missing(name).into())
    }
}

impl<T: Value> Field for Option<T> {
    fn field(params: &Params, name: &'static str) -> Result<Option<T>, QueryError> {
        params.with(name, T::read)
    }
}

impl<T: Value> Field for Named<T> {
    fn field(params: &Params, name: &'static str) -> Result<Named<T>, QueryError> {
        Ok(Named {
            name,
            value: T::field(params, name)?,
        })
    }
}

impl<T: Value> Field for Option<Named<T>> {
    fn field(params: &Params, name: &'static str) -> Result<Option<Named<T>>, QueryError> {
        Ok(params
            .with(name, T::read)?
            .map(|value| Named { name, value }))
    }
}

/// A parameter's value with its name, where the value is read further or checked once the
/// other parameters are known (a number in the numbering another names, a side that needs a
/// position): a refusal about it names it, without the name written again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named<T> {
    name: &'static str,
    value: T,
}

impl<T> Named<T> {
    /// The value.
    pub fn value(&self) -> &T {
        &self.value
    }

    /// A refusal about this parameter.
    pub fn refused(&self, e: Error) -> Error {
        e.at(self.name)
    }

    /// What `read` makes of the value; a refusal names the parameter.
    pub fn read<U>(&self, read: impl FnOnce(&T) -> Result<U, Error>) -> Result<U, Error> {
        read(&self.value).map_err(|e| self.refused(e))
    }
}

/// A value read from one parameter's text.
pub trait Value: Sized {
    /// Reads the text.
    fn read(text: &str) -> Result<Self, Error>;
}

impl<T: Choice> Value for T {
    /// A name from the choice's list.
    fn read(text: &str) -> Result<T, Error> {
        values::choice(T::WHAT, text)
    }
}

impl Value for Bitboard {
    /// Any accepted form, LERF.
    fn read(text: &str) -> Result<Bitboard, Error> {
        values::bitboard(text)
    }
}

impl Value for Square {
    /// A square name of the 8x8 board.
    fn read(text: &str) -> Result<Square, Error> {
        values::square("square", text)
    }
}

impl Value for Board {
    /// A board size `WxH`.
    fn read(text: &str) -> Result<Board, Error> {
        values::board(text)
    }
}

impl Value for Targets {
    /// Piece letters.
    fn read(text: &str) -> Result<Targets, Error> {
        Targets::read(text)
    }
}

impl Value for Position {
    /// A whole FEN, at most [`MAX_FEN`] bytes.
    fn read(text: &str) -> Result<Position, Error> {
        values::position(Fen::read(text)?.text())
    }
}

impl Value for bool {
    /// A yes/no flag: `true`/`1`, or `false`/`0`/empty.
    fn read(text: &str) -> Result<bool, Error> {
        match text {
            "true" | "1" => Ok(true),
            "false" | "0" | "" => Ok(false),
            _ => Err(Error::invalid("flag", text, "expected true or false")),
        }
    }
}

impl Value for Vec<(Square, Square)> {
    /// Moves as square pairs, `d5c7,e1g1` (arrows).
    fn read(text: &str) -> Result<Self, Error> {
        values::square_pairs("arrows", text)
    }
}

impl Value for Vec<Square> {
    /// Squares in order, `a1,b3,c5` (a route).
    fn read(text: &str) -> Result<Self, Error> {
        values::square_list("square", text)
    }
}

/// Refuses a parameter given where it would change nothing, saying `why`.
pub fn unwanted<T>(param: &Option<Named<T>>, why: &str) -> Result<(), Error> {
    match param {
        Some(p) => Err(p.refused(Error::refused(why))),
        None => Ok(()),
    }
}

/// Applies `rule` to an optional parameter's value, if given: a refusal names the parameter.
pub fn rule<T>(
    param: &Option<Named<T>>,
    rule: impl FnOnce(&T) -> Result<(), Error>,
) -> Result<(), Error> {
    match param {
        Some(p) => p.read(rule),
        None => Ok(()),
    }
}

/// The value of an optional parameter, if given.
pub fn value<T: Copy>(param: &Option<Named<T>>) -> Option<T> {
    param.as_ref().map(|p| p.value)
}

/// A shift of a bitboard, -63 to 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shift(pub i32);

impl Value for Shift {
    fn read(text: &str) -> Result<Shift, Error> {
        Ok(Shift(int(text, -63, 63)? as i32))
    }
}

impl Value for String {
    /// The text as given, read once the other parameters are known (a number in the
    /// numbering another names, the method of the piece another names).
    fn read(text: &str) -> Result<String, Error> {
        Ok(text.to_string())
    }
}

/// The text of a FEN, at most [`MAX_FEN`] bytes, read as a position or as a placement alone
/// as the other parameters say.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fen(String);

impl Fen {
    /// The text.
    pub fn text(&self) -> &str {
        &self.0
    }
}

impl Value for Fen {
    fn read(text: &str) -> Result<Fen, Error> {
        if text.len() > MAX_FEN {
            return Err(Error::refused(format!(
                "FEN too long: at most {MAX_FEN} bytes"
            )));
        }
        Ok(Fen(text.to_string()))
    }
}

/// An integer from `lo` to `hi`.
pub fn int(text: &str, lo: i64, hi: i64) -> Result<i64, Error> {
    let n: i64 = text
        .trim()
        .parse()
        .map_err(|_| Error::invalid("number", text, "not an integer"))?;
    if !(lo..=hi).contains(&n) {
        return Err(Error::out_of_range(text, lo, hi));
    }
    Ok(n)
}

/// Declares the parameters of a request type, one per field, each written once:
///
/// ```text
/// query!(CountRequest {
///     bitboard: "input",                      // the parameter `input` (required: a Value)
///     method = popcount::Method::Hardware,    // `method`, with a default
/// });
/// query!(FillRequest { start: "input", moves ~ moves_1_to_64 });  // read by a function
/// query!(ShowRequest via ShowQuery);          // read as a query form, then converted
/// ```
///
/// A field of type `Option<T>` is optional; one of a [`Value`] type without a default is
/// required; `~ f` reads the text with `f` (an optional parameter), then the default if any.
/// Every field of the struct is listed, or the reader does not compile.
macro_rules! query {
    ($ty:ident via $form:ident) => {
        impl $crate::form::FromQuery for $ty {
            const PARAMS: &'static [&'static str] = <$form as $crate::form::FromQuery>::PARAMS;

            fn from_query(
                params: &$crate::form::Params,
            ) -> Result<$ty, $crate::form::QueryError> {
                let form = <$form as $crate::form::FromQuery>::from_query(params)?;
                Ok($ty::try_from(form)?)
            }
        }
    };
    ($ty:ident { $($field:ident $(: $name:literal)? $(~ $reader:path)? $(= $default:expr)?),* $(,)? }) => {
        impl $crate::form::FromQuery for $ty {
            const PARAMS: &'static [&'static str] =
                &[$($crate::form::query!(@name $field $($name)?)),*];

            // A request of no parameters reads none.
            #[allow(unused_variables)]
            fn from_query(
                params: &$crate::form::Params,
            ) -> Result<$ty, $crate::form::QueryError> {
                Ok($ty {
                    $($field: $crate::form::query!(
                        @read params, $crate::form::query!(@name $field $($name)?),
                        [$($reader)?], [$($default)?]
                    ),)*
                })
            }
        }
    };
    (@name $field:ident) => { stringify!($field) };
    (@name $field:ident $name:literal) => { $name };
    (@read $p:ident, $name:expr, [], []) => {
        $crate::form::Field::field($p, $name)?
    };
    (@read $p:ident, $name:expr, [], [$default:expr]) => {
        $p.or($name, $default)?
    };
    (@read $p:ident, $name:expr, [$reader:path], []) => {
        $p.with($name, $reader)?
    };
    (@read $p:ident, $name:expr, [$reader:path], [$default:expr]) => {
        $p.with($name, $reader)?.unwrap_or($default)
    };
}
pub(crate) use query;
