//! Reading Python arguments: squares, bitboards, sides, pieces and positions, each refused with
//! a `ValueError` (a bad value) or a `TypeError` (a wrong type) carrying one line.

use knightbits::position::{Position, Role, Setup};
use knightbits::{Bitboard, Color, Square};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};

use crate::position::PyPosition;

/// A `ValueError` with the library's message.
pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
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

/// What a position argument holds before it is checked: the FEN text, or a board already read
/// into plain parts (so the checks can run with the GIL released).
pub enum Source {
    /// A FEN string.
    Fen(pyo3::pybacked::PyBackedStr),
    /// A `chess.Board`'s bitboards.
    Setup(Setup),
    /// A `knightbits.Position`, already checked.
    Position(Position),
}

impl Source {
    /// Reads a FEN `str`, a `knightbits.Position` or a `chess.Board` (through its attributes).
    pub fn read(obj: &Bound<'_, PyAny>) -> PyResult<Source> {
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(Source::Fen(s.clone().try_into()?));
        }
        if let Ok(p) = obj.cast::<PyPosition>() {
            return Ok(Source::Position(p.get().pos));
        }
        board_setup(obj).map(Source::Setup)
    }

    /// The position, checked as a FEN is.
    pub fn position(&self) -> Result<Position, String> {
        match self {
            Source::Fen(fen) => Position::from_fen(fen).map_err(|e| e.to_string()),
            Source::Setup(setup) => Position::from_setup(*setup).map_err(|e| e.to_string()),
            Source::Position(pos) => Ok(*pos),
        }
    }
}

/// Reads a `chess.Board` (python-chess) through its attributes: `occupied_co` (index `True` is
/// white), `pawns` … `kings`, `turn`, `castling_rights`, `ep_square` (a potential en passant
/// square, as knightbits keeps it), `halfmove_clock` and `fullmove_number`.
fn board_setup<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Setup> {
    let py = obj.py();
    // python-chess keeps these as plain instance attributes: one dict lookup each in the
    // instance's `__dict__` (fewer steps than `getattr`), `getattr` for anything else.
    let dict = obj
        .getattr(intern!(py, "__dict__"))
        .ok()
        .and_then(|d| d.cast_into::<PyDict>().ok());
    let attr = |name: &Bound<'py, PyString>| -> PyResult<Bound<'py, PyAny>> {
        match dict
            .as_ref()
            .map(|d| d.get_item(name))
            .transpose()?
            .flatten()
        {
            Some(value) => Ok(value),
            None => obj.getattr(name),
        }
    };
    let Ok(occupied) = attr(intern!(py, "occupied_co")) else {
        return Err(PyTypeError::new_err(format!(
            "a position is a FEN string, a chess.Board or a knightbits.Position, not {}",
            type_name(obj)
        )));
    };
    let bits = |name: &Bound<'py, PyString>| -> PyResult<Bitboard> { bitboard(&attr(name)?) };
    let ep = attr(intern!(py, "ep_square"))?;
    let counter = |name: &Bound<'py, PyString>| -> PyResult<u32> {
        attr(name)?
            .extract::<u32>()
            .map_err(|_| PyValueError::new_err(format!("board.{name} is not a count below 2**32")))
    };
    Ok(Setup {
        by_color: [
            bitboard(&occupied.get_item(1)?)?,
            bitboard(&occupied.get_item(0)?)?,
        ],
        by_role: [
            bits(intern!(py, "pawns"))?,
            bits(intern!(py, "knights"))?,
            bits(intern!(py, "bishops"))?,
            bits(intern!(py, "rooks"))?,
            bits(intern!(py, "queens"))?,
            bits(intern!(py, "kings"))?,
        ],
        turn: if attr(intern!(py, "turn"))?.is_truthy()? {
            Color::White
        } else {
            Color::Black
        },
        castling: bits(intern!(py, "castling_rights"))?,
        ep_square: if ep.is_none() {
            None
        } else {
            Some(square(&ep)?)
        },
        halfmoves: counter(intern!(py, "halfmove_clock"))?,
        fullmoves: counter(intern!(py, "fullmove_number"))?,
    })
}

/// A position argument, checked (a bad one is a `ValueError` with the library's message).
pub fn position(obj: &Bound<'_, PyAny>) -> PyResult<Position> {
    Source::read(obj)?.position().map_err(PyValueError::new_err)
}
