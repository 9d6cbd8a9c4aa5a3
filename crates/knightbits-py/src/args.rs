//! Reading Python arguments: squares, bitboards, sides, pieces and positions, each refused with
//! a `ValueError` (a bad value) or a `TypeError` (a wrong type) carrying one line.

use knightbits::position::Role;
use knightbits::{Bitboard, Color, Square};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

/// A `ValueError` with the library's message.
pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// An int as python-chess numbers squares: a1 = 0 … h8 = 63. Only an `int` (or a numpy
/// integer scalar) is a square: a `chess.SquareSet` has `__index__` too, but it is a set.
pub fn square(obj: &Bound<'_, PyAny>) -> PyResult<Square> {
    let py = obj.py();
    let int = if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        obj.clone()
    } else if obj.hasattr(intern!(py, "dtype"))? && obj.hasattr(intern!(py, "__index__"))? {
        obj.call_method0(intern!(py, "__index__"))?
    } else {
        return Err(PyTypeError::new_err(format!(
            "a square is an int from 0 (a1) to 63 (h8), not {}",
            type_name(obj)
        )));
    };
    int.extract::<i64>()
        .ok()
        .and_then(|i| u8::try_from(i).ok())
        .and_then(Square::from_index)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "square {} is not in 0..=63 (a1 = 0, h8 = 63)",
                int.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })
}

/// A bitboard: any int-like value (`int`, `chess.SquareSet`, a numpy integer) from 0 to
/// 2^64 - 1, bit `n` being square `n`.
pub fn bitboard(obj: &Bound<'_, PyAny>) -> PyResult<Bitboard> {
    let py = obj.py();
    if obj.is_instance_of::<PyInt>()
        && let Ok(bits) = obj.extract::<u64>()
    {
        return Ok(Bitboard(bits));
    }
    if obj.is_instance_of::<PyBool>() || !obj.hasattr(intern!(py, "__index__"))? {
        return Err(PyTypeError::new_err(format!(
            "a bitboard is an int from 0 to 2**64 - 1 (or a chess.SquareSet), not {}",
            type_name(obj)
        )));
    }
    let int = obj.call_method0(intern!(py, "__index__"))?;
    if let Ok(bits) = int.extract::<u64>() {
        return Ok(Bitboard(bits));
    }
    let negative = int.lt(0)?;
    Err(PyValueError::new_err(if negative {
        format!("bitboard {} is negative", int.repr()?)
    } else {
        format!("bitboard {int} does not fit in 64 bits")
    }))
}

/// A side: python-chess's `chess.WHITE` (`True`) / `chess.BLACK` (`False`), or the library's
/// names `"white"` / `"black"`.
pub fn side(obj: &Bound<'_, PyAny>) -> PyResult<Color> {
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(if b.is_true() {
            Color::White
        } else {
            Color::Black
        });
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return s.to_cow()?.parse::<Color>().map_err(value_error);
    }
    Err(PyTypeError::new_err(format!(
        "a side is chess.WHITE, chess.BLACK, \"white\" or \"black\", not {}",
        type_name(obj)
    )))
}

/// A role by the library's name (`"knight"`) or letter (`"n"`), or python-chess's piece type
/// number (`chess.KNIGHT` = 2).
pub fn role(obj: &Bound<'_, PyAny>) -> PyResult<Role> {
    if let Ok(s) = obj.cast::<PyString>() {
        return s.to_cow()?.parse::<Role>().map_err(value_error);
    }
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        let n: i64 = obj.extract().unwrap_or(0);
        return usize::try_from(n - 1)
            .ok()
            .and_then(|i| Role::ALL.get(i).copied())
            .ok_or_else(|| {
                PyValueError::new_err(format!("piece type {n} is not in 1..=6 (chess.PAWN..KING)"))
            });
    }
    Err(PyTypeError::new_err(format!(
        "a piece is a name such as \"knight\" or a chess piece type, not {}",
        type_name(obj)
    )))
}

/// The roles of a targets string such as `"kqr"`.
pub fn roles(targets: &str) -> PyResult<Vec<Role>> {
    targets
        .chars()
        .map(|c| {
            Role::from_char(c.to_ascii_lowercase()).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "targets {targets:?}: {c:?} is not a piece letter (p n b r q k)"
                ))
            })
        })
        .collect()
}
