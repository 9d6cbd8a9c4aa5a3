//! Boards of any size (`knightbits-board`): distance, path, tours and tour counts. A square is
//! an int, ``rank * width + file`` (so python-chess's numbers on 8 x 8), or a
//! ``(file, rank)`` pair counted from 0.

use knightbits::mapping::{Numbering, convert as renumber};
use knightbits_board::count::{self, Count};
use knightbits_board::tour::Tour;
use knightbits_board::{Board, Coord};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyTuple};

use crate::args::{self, value_error};

fn board(width: u32, height: u32) -> PyResult<Board> {
    Board::new(width, height).map_err(value_error)
}

/// A square of `board`: an int index or a `(file, rank)` pair.
fn coord(board: Board, obj: &Bound<'_, PyAny>) -> PyResult<Coord> {
    let off = || {
        PyValueError::new_err(format!(
            "square {} is not on the {}x{} board",
            obj.repr().map(|r| r.to_string()).unwrap_or_default(),
            board.width(),
            board.height()
        ))
    };
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        let i: i64 = obj.extract().map_err(|_| off())?;
        return u32::try_from(i)
            .ok()
            .filter(|&i| i < board.len())
            .map(|i| board.coord(i))
            .ok_or_else(off);
    }
    if let Ok(t) = obj.cast::<PyTuple>()
        && let Ok((f, r)) = t.extract::<(i64, i64)>()
    {
        let c = u16::try_from(f)
            .ok()
            .zip(u16::try_from(r).ok())
            .map(|(f, r)| Coord::new(f, r))
            .filter(|&c| board.contains(c));
        return c.ok_or_else(off);
    }
    Err(PyTypeError::new_err(
        "a square is an int (rank * width + file) or a (file, rank) pair",
    ))
}

/// The same squares renumbered from numbering ``frm`` to ``to``. Numberings are named by the
/// squares at bit 0 and bit 1: ``"a1-b1"`` (LERF, python-chess's), ``"h1-g1"`` (the engine
/// wiki's and the devlog's), ``"a1-a2"``, ``"h1-h2"``, ``"a8-b8"``, ``"a8-a7"``, ``"h8-g8"``,
/// ``"h8-h7"``.
///
/// >>> hex(convert(0xA1100110A, frm="h1-g1", to="a1-b1"))
/// '0x5088008850'
#[pyfunction]
pub fn convert(bitboard: &Bound<'_, PyAny>, frm: &str, to: &str) -> PyResult<u64> {
    let bits = args::bitboard(bitboard)?.0;
    let from: Numbering = frm.parse().map_err(value_error)?;
    let to: Numbering = to.parse().map_err(value_error)?;
    Ok(renumber(bits, from, to))
}

/// The fewest knight moves from ``frm`` to ``to`` on a ``width`` x ``height`` board, or None
/// when the knight cannot get there (a 3 x 3 board's centre).
#[pyfunction]
#[pyo3(signature = (frm, to, width = 8, height = 8))]
pub fn distance(
    frm: &Bound<'_, PyAny>,
    to: &Bound<'_, PyAny>,
    width: u32,
    height: u32,
) -> PyResult<Option<u32>> {
    let b = board(width, height)?;
    Ok(b.distance(coord(b, frm)?, coord(b, to)?))
}

/// One shortest knight path from ``frm`` to ``to``, both included, as square ints
/// (``rank * width + file``), or None when there is none.
#[pyfunction]
#[pyo3(signature = (frm, to, width = 8, height = 8))]
pub fn path(
    frm: &Bound<'_, PyAny>,
    to: &Bound<'_, PyAny>,
    width: u32,
    height: u32,
) -> PyResult<Option<Vec<u32>>> {
    let b = board(width, height)?;
    Ok(b.path(coord(b, frm)?, coord(b, to)?)
        .map(|p| p.map(|c| b.index(c)).collect()))
}

/// A knight's tour of a ``width`` x ``height`` board as square ints (``rank * width + file``):
/// open (Warnsdorff's rule with Roth's tie-break, constructions as fallback) from ``start``
/// (default 0, the a1 corner), or closed (divide and conquer). A board without one raises
/// ``ValueError`` saying why. The GIL is released while it runs.
#[pyfunction]
#[pyo3(signature = (width, height, closed = false, start = None))]
pub fn tour(
    py: Python<'_>,
    width: u32,
    height: u32,
    closed: bool,
    start: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<u32>> {
    let b = board(width, height)?;
    let start = start.map(|s| coord(b, s)).transpose()?;
    let t = py.detach(|| match (closed, start) {
        (false, s) => Tour::open(b, s.unwrap_or(Coord::new(0, 0))),
        (true, None) => Tour::closed(b),
        (true, Some(s)) => Tour::closed_from(b, s),
    });
    Ok(t.map_err(value_error)?.into_squares())
}

/// The number of knight's tours of a ``width`` x ``height`` board: directed open tours (from
/// ``start``, or from every square), or undirected closed tours with ``closed=True``, on
/// ``threads`` threads (default: every core), with the GIL released. Meant for boards that
/// finish in seconds (5 x 5: 1,728 open; 6 x 6: 9,862 closed); the call cannot be interrupted,
/// so larger counts belong to ``knightbits count-tours`` (estimates, checkpoints).
#[pyfunction]
#[pyo3(signature = (width, height, closed = false, start = None, threads = None))]
pub fn count_tours(
    py: Python<'_>,
    width: u32,
    height: u32,
    closed: bool,
    start: Option<&Bound<'_, PyAny>>,
    threads: Option<usize>,
) -> PyResult<u128> {
    let b = board(width, height)?;
    let start = start.map(|s| coord(b, s)).transpose()?;
    if closed && start.is_some() {
        return Err(PyValueError::new_err(
            "closed tours are counted without a start (every closed tour passes every square)",
        ));
    }
    let threads = threads.unwrap_or_else(count::available_threads).max(1);
    let job = if closed {
        Count::closed(b)
    } else {
        Count::open(b, start)
    }
    .map_err(value_error)?;
    py.detach(|| job.with_threads(threads).run(&mut |_| {}))
        .map_err(value_error)
}
