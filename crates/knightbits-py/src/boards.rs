//! Boards of any size (`knightbits-board`): distance, path, tours and tour counts. A square is
//! an int, ``rank * width + file`` (so python-chess's numbers on 8 x 8), or a
//! ``(file, rank)`` pair counted from 0.

use knightbits::mapping::Numbering;
use knightbits_api::bits::{self, ConvertRequest};
use knightbits_api::tour::{self as tours, TourRequest};
use knightbits_api::walks::{self, DistanceRequest};
use knightbits_board::{Board, Coord};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::args;
use crate::errors::{Kind, named};

/// The board `width` x `height`, each side read as an int in 1..=`Board::MAX_SIDE`.
fn board(width: &Bound<'_, PyAny>, height: &Bound<'_, PyAny>) -> PyResult<Board> {
    let max = i64::from(Board::MAX_SIDE);
    let w = args::int_in(width, "width", "a board side", 1, max)?;
    let h = args::int_in(height, "height", "a board side", 1, max)?;
    // Both in 1..=MAX_SIDE, so the casts are exact.
    Board::new(w as u32, h as u32).map_err(|e| named(Kind::Board, "width, height", e))
}

/// The board, `closed` (default false) and `start` (default none) of a tour question.
pub(crate) fn tour_question(
    width: &Bound<'_, PyAny>,
    height: &Bound<'_, PyAny>,
    closed: Option<&Bound<'_, PyAny>>,
    start: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Board, bool, Option<Coord>)> {
    let b = board(width, height)?;
    let closed = match closed.filter(|c| !c.is_none()) {
        Some(c) => args::flag(c, "closed")?,
        None => false,
    };
    let start = start
        .filter(|s| !s.is_none())
        .map(|s| coord(b, s, "start"))
        .transpose()?;
    Ok((b, closed, start))
}

/// A square of `board`: an int index or a `(file, rank)` pair.
fn coord(board: Board, obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Coord> {
    let off = || {
        named(
            Kind::Square,
            name,
            format!(
                "square {} is not on the {}x{} board",
                args::repr(obj),
                board.width(),
                board.height()
            ),
        )
    };
    if let Ok(t) = obj.cast::<PyTuple>()
        && t.len() == 2
    {
        let f = args::int_in(&t.get_item(0)?, name, "a file", i64::MIN, i64::MAX);
        let r = args::int_in(&t.get_item(1)?, name, "a rank", i64::MIN, i64::MAX);
        let (f, r) = match (f, r) {
            (Ok(f), Ok(r)) => (f, r),
            _ => {
                return Err(named(
                    Kind::Type,
                    name,
                    "a (file, rank) pair holds two ints",
                ));
            }
        };
        return u16::try_from(f)
            .ok()
            .zip(u16::try_from(r).ok())
            .map(|(f, r)| Coord::new(f, r))
            .filter(|&c| board.contains(c))
            .ok_or_else(off);
    }
    let i = args::int_in(obj, name, "a square", i64::MIN, i64::MAX).map_err(|e| {
        if e.is_instance_of::<pyo3::exceptions::PyTypeError>(obj.py()) {
            named(
                Kind::Type,
                name,
                format!(
                    "a square is an int (rank * width + file) or a (file, rank) pair, not {}",
                    args::type_name(obj)
                ),
            )
        } else {
            off()
        }
    })?;
    u32::try_from(i)
        .ok()
        .filter(|&i| i < board.len())
        .map(|i| board.coord(i))
        .ok_or_else(off)
}

/// The same squares renumbered from numbering ``frm`` to numbering ``to``. A numbering is
/// named by the squares it puts at bit 0 and bit 1: ``"a1-b1"`` (little-endian rank-file,
/// python-chess's), ``"h1-g1"`` (little-endian rank-file mirrored, as some engines and the
/// Chess Programming Wiki's examples number), ``"a1-a2"``, ``"h1-h2"``, ``"a8-b8"``,
/// ``"a8-a7"``, ``"h8-g8"``, ``"h8-h7"``; names are read in any case.
///
/// >>> hex(convert(0xA1100110A, frm="h1-g1", to="a1-b1"))
/// '0x5088008850'
#[pyfunction]
pub fn convert(
    bitboard: &Bound<'_, PyAny>,
    frm: &Bound<'_, PyAny>,
    to: &Bound<'_, PyAny>,
) -> PyResult<u64> {
    let bits = args::bitboard(bitboard, "bitboard")?;
    let numbering = |obj: &Bound<'_, PyAny>, name: &str| -> PyResult<Numbering> {
        args::text(obj, name, "a numbering")?
            .to_ascii_lowercase()
            .parse()
            .map_err(|e| named(Kind::Option, name, e))
    };
    // The squares are read in `frm` (LERF underneath), then written in `to`.
    let lerf = numbering(frm, "frm")?.to_lerf(bits.0);
    let request = ConvertRequest::new(lerf, numbering(to, "to")?);
    Ok(bits::convert(&request).bits.0)
}

/// The fewest knight moves from ``from_square`` to ``to_square`` on a ``width`` x ``height``
/// board, or None when the knight cannot get there (a 3 x 3 board's centre).
#[pyfunction]
#[pyo3(signature = (from_square, to_square, width = None, height = None),
       text_signature = "(from_square, to_square, width=8, height=8)")]
pub fn distance(
    from_square: &Bound<'_, PyAny>,
    to_square: &Bound<'_, PyAny>,
    width: Option<&Bound<'_, PyAny>>,
    height: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<u32>> {
    Ok(walks::distance(&distance_request(from_square, to_square, width, height)?).distance)
}

/// The API's `distance` request from the arguments of `distance` and `path`, built by its
/// constructor as the command line's `distance` builds it.
fn distance_request(
    from_square: &Bound<'_, PyAny>,
    to_square: &Bound<'_, PyAny>,
    width: Option<&Bound<'_, PyAny>>,
    height: Option<&Bound<'_, PyAny>>,
) -> PyResult<DistanceRequest> {
    let b = sized(from_square.py(), width, height)?;
    DistanceRequest::new(
        b,
        coord(b, from_square, "from_square")?,
        coord(b, to_square, "to_square")?,
    )
    .map_err(|e| named(Kind::Square, e.field().unwrap_or("from_square"), &e))
}

/// The board of `width` and `height`, 8 each when not given.
fn sized(
    py: Python<'_>,
    width: Option<&Bound<'_, PyAny>>,
    height: Option<&Bound<'_, PyAny>>,
) -> PyResult<Board> {
    let eight = 8u32.into_pyobject(py)?.into_any();
    board(width.unwrap_or(&eight), height.unwrap_or(&eight))
}

/// One shortest knight path from ``from_square`` to ``to_square``, both included, as square
/// ints (``rank * width + file``), or None when there is none.
#[pyfunction]
#[pyo3(signature = (from_square, to_square, width = None, height = None),
       text_signature = "(from_square, to_square, width=8, height=8)")]
pub fn path(
    from_square: &Bound<'_, PyAny>,
    to_square: &Bound<'_, PyAny>,
    width: Option<&Bound<'_, PyAny>>,
    height: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Vec<u32>>> {
    let request = distance_request(from_square, to_square, width, height)?;
    let board = request.board();
    Ok(walks::distance(&request)
        .path
        .map(|p| p.coords.iter().map(|&c| board.index(c)).collect()))
}

/// A knight's tour of a ``width`` x ``height`` board as square ints (``rank * width + file``):
/// open (Warnsdorff's rule: always move to the square with the fewest onward moves, ties
/// broken by Roth's rule, the square farthest from the centre; known constructions as a
/// fallback) from ``start`` (default 0, the a1 corner), or closed (divide and conquer: closed
/// tours of small boards joined into one). A board without one raises ``BoardError`` saying
/// why: no closed tour exists on the boards Schwenk's theorem (1991) excludes, with both sides
/// odd, a side of 1, 2 or 4, or 3 x 4, 3 x 6 or 3 x 8 (the message calls it "schwenk"). A
/// closed tour is read from ``start`` too (default 0), as the command line's ``tour --closed``.
/// The GIL is released while it runs.
#[pyfunction]
#[pyo3(signature = (width, height, closed = None, start = None),
       text_signature = "(width, height, closed=False, start=None)")]
pub fn tour(
    py: Python<'_>,
    width: &Bound<'_, PyAny>,
    height: &Bound<'_, PyAny>,
    closed: Option<&Bound<'_, PyAny>>,
    start: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<u32>> {
    let (b, closed, start) = tour_question(width, height, closed, start)?;
    let request = TourRequest::new(b, start.unwrap_or(Coord::new(0, 0)), closed)
        .map_err(|e| named(Kind::Square, "start", &e))?;
    let answer = py
        .detach(|| tours::tour(&request))
        .map_err(|e| named(Kind::Board, "width, height", &e))?;
    match answer.path {
        Some(path) => Ok(path.0.into_squares()),
        None => Err(named(
            Kind::Board,
            "width, height",
            answer.reason.unwrap_or_default(),
        )),
    }
}
