//! The package's exceptions (`knightbits._errors`, written in Python so that each can derive
//! from both `knightbits.Error` and `ValueError` or `TypeError`): built here with the name of
//! the argument at fault and, in batches, the row.

use std::fmt::Display;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyModule};

/// Which of the package's exceptions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `ArgumentTypeError` (a `TypeError`): the argument has the wrong type.
    Type,
    /// `ArgumentValueError` (a `ValueError`): a value out of range.
    Value,
    /// `SquareError`: a square off the board.
    Square,
    /// `OptionError`: a name that is not one of an option's values.
    Option,
    /// `PositionError`: a board that breaks the rules.
    Position,
    /// `FenError`: a FEN that is not a legal position.
    Fen,
    /// `VariantError`: a board of a variant knightbits does not play.
    Variant,
    /// `BoardError`: a board size or tour request that cannot be served.
    Board,
}

impl Kind {
    const ALL: [Kind; 8] = [
        Kind::Type,
        Kind::Value,
        Kind::Square,
        Kind::Option,
        Kind::Position,
        Kind::Fen,
        Kind::Variant,
        Kind::Board,
    ];

    fn class(self) -> &'static str {
        match self {
            Kind::Type => "ArgumentTypeError",
            Kind::Value => "ArgumentValueError",
            Kind::Square => "SquareError",
            Kind::Option => "OptionError",
            Kind::Position => "PositionError",
            Kind::Fen => "FenError",
            Kind::Variant => "VariantError",
            Kind::Board => "BoardError",
        }
    }
}

/// An error described without the GIL (a batch's row), raised later by [`Failure::raise`].
#[derive(Clone, Debug)]
pub struct Failure {
    /// The exception class.
    pub kind: Kind,
    /// The message, without the argument's name.
    pub message: String,
    /// The FEN text, for a `FenError`.
    pub fen: Option<String>,
}

impl Failure {
    /// The exception for row `index` of the batch `argument`: its message starts with
    /// `argument[index]: `.
    pub fn raise(&self, argument: &str, index: usize) -> PyErr {
        let text = format!("{argument}[{index}]: {}", self.message);
        build(self.kind, argument, text, Some(index), self.fen.as_deref())
    }

    /// The message as a batch's `errors` shows it.
    pub fn message(&self) -> &str {
        &self.message
    }
}

static MODULE: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// The exception `kind` with `message` as its whole text.
pub fn build(
    kind: Kind,
    argument: &str,
    message: String,
    index: Option<usize>,
    fen: Option<&str>,
) -> PyErr {
    Python::attach(|py| {
        let made = (|| -> PyResult<PyErr> {
            let module = MODULE.get_or_try_init(py, || {
                Ok::<_, PyErr>(py.import("knightbits._errors")?.unbind())
            })?;
            let class = module.bind(py).getattr(kind.class())?;
            let kwargs = PyDict::new(py);
            kwargs.set_item("argument", argument)?;
            kwargs.set_item("index", index)?;
            if kind == Kind::Fen {
                kwargs.set_item("fen", fen)?;
            }
            Ok(PyErr::from_value(class.call((message,), Some(&kwargs))?))
        })();
        made.unwrap_or_else(|e| e)
    })
}

/// The exception `kind` for `argument`, its message `argument: detail` (or `detail` alone
/// when it starts with the argument's name, as in "out must be ...").
pub fn named(kind: Kind, argument: &str, detail: impl Display) -> PyErr {
    let detail = detail.to_string();
    let message = if detail.starts_with(&format!("{argument} ")) {
        detail
    } else {
        format!("{argument}: {detail}")
    };
    build(kind, argument, message, None, None)
}

/// `e` as a [`Failure`] of reading `what`: the package's own error kept as it is, any other
/// `Exception` an odd object raised reported as an `ArgumentTypeError`; a `BaseException`
/// that is not an `Exception` (`KeyboardInterrupt`) is passed on.
pub fn failure_of(py: Python<'_>, e: PyErr, what: &str) -> PyResult<Failure> {
    if !e.is_instance_of::<pyo3::exceptions::PyException>(py) {
        return Err(e);
    }
    let class = e.get_type(py).name()?.to_string();
    let kind = Kind::ALL.into_iter().find(|k| k.class() == class);
    let text = e.value(py).str()?.to_string();
    Ok(match kind {
        Some(kind) => Failure {
            kind,
            message: text,
            fen: None,
        },
        None => Failure {
            kind: Kind::Type,
            message: format!("{what}: could not read it as a chess.Board ({class}: {text})"),
            fen: None,
        },
    })
}
