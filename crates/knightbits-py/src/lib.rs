//! The `knightbits` Python package's native module, `knightbits._knightbits`: the core's and
//! the board crate's answers with python-chess's conventions (squares are ints a1 = 0 … h8 =
//! 63, bitboards are ints, `chess.Board` accepted wherever a position is), numpy batches with
//! the GIL released. No technique is written here: every answer is one call into the crates
//! below.

#![deny(missing_docs)]

mod args;
mod arrays;
mod boards;
mod count;
mod errors;
mod fens;
mod method;
mod position;

use knightbits::technique::Leaper;
use knightbits::{king, knight};
use pyo3::prelude::*;

/// The squares a knight on ``square`` (an int, a1 = 0 … h8 = 63) attacks, as a bitboard int.
///
/// >>> knight_attacks(27) == 0x0000142200221400  # d4
/// True
#[pyfunction]
fn knight_attacks(square: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(knight::attacks(args::square(square, "square")?).0)
}

/// The squares a king on ``square`` (an int, a1 = 0 … h8 = 63) attacks, as a bitboard int.
#[pyfunction]
fn king_attacks(square: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(king::attacks(args::square(square, "square")?).0)
}

/// The squares attacked by the knights on ``bitboard`` (an int or ``chess.SquareSet``), as a
/// bitboard int. ``method`` (any case) picks how the set is computed: a lookup table per
/// knight, or the eight shifts of the whole set with file masks against wrapping, in the
/// variants ``techniques("knight")`` lists; all give the same set.
#[pyfunction]
#[pyo3(signature = (bitboard, method = None))]
fn knight_attacks_set(
    bitboard: &Bound<'_, PyAny>,
    method: Option<&Bound<'_, PyAny>>,
) -> PyResult<u64> {
    let set = args::bitboard(bitboard, "bitboard")?;
    Ok(method::attacks(Leaper::Knight, method, set)?.0)
}

/// The squares attacked by the kings on ``bitboard``, as a bitboard int; ``method`` (any case)
/// is one of ``techniques("king")``, all of which give the same set.
#[pyfunction]
#[pyo3(signature = (bitboard, method = None))]
fn king_attacks_set(
    bitboard: &Bound<'_, PyAny>,
    method: Option<&Bound<'_, PyAny>>,
) -> PyResult<u64> {
    let set = args::bitboard(bitboard, "bitboard")?;
    Ok(method::attacks(Leaper::King, method, set)?.0)
}

/// Every square (empty or occupied) from which a knight attacks at least two of ``targets``
/// (a bitboard int), as a bitboard int: the squares where a knight would fork them.
#[pyfunction]
fn fork_squares(targets: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(knight::fork_squares(args::bitboard(targets, "targets")?).0)
}

/// The names of the ways ``piece`` (``chess.KNIGHT``, ``chess.KING`` or their names) has to
/// compute an attack set (a lookup table, shifts with wrap masks, ...), for the ``method=``
/// argument of ``knight_attacks_set`` and ``king_attacks_set``.
#[pyfunction]
#[pyo3(signature = (piece = None), text_signature = "(piece='knight')")]
fn techniques(piece: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<&'static str>> {
    let piece = match piece {
        Some(p) if !p.is_none() => args::piece(p, "piece")?,
        _ => Leaper::default(),
    };
    Ok(method::names(piece))
}

/// The instruction set the batch kernels use on this machine (``"avx512"``, ``"avx2"`` or
/// ``"scalar"``), detected at run time.
#[pyfunction]
fn simd() -> &'static str {
    knightbits::batch::backend().isa().name()
}

/// The native module.
#[pymodule]
fn _knightbits(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(knight_attacks, m)?)?;
    m.add_function(wrap_pyfunction!(king_attacks, m)?)?;
    m.add_function(wrap_pyfunction!(knight_attacks_set, m)?)?;
    m.add_function(wrap_pyfunction!(king_attacks_set, m)?)?;
    m.add_function(wrap_pyfunction!(fork_squares, m)?)?;
    m.add_function(wrap_pyfunction!(techniques, m)?)?;
    m.add_function(wrap_pyfunction!(simd, m)?)?;
    m.add_function(wrap_pyfunction!(arrays::knight_attacks_batch, m)?)?;
    m.add_function(wrap_pyfunction!(arrays::king_attacks_batch, m)?)?;
    m.add_function(wrap_pyfunction!(arrays::fork_squares_batch, m)?)?;
    m.add_function(wrap_pyfunction!(fens::forks_batch, m)?)?;
    m.add_function(wrap_pyfunction!(fens::legal_moves_batch, m)?)?;
    m.add_function(wrap_pyfunction!(boards::convert, m)?)?;
    m.add_function(wrap_pyfunction!(boards::distance, m)?)?;
    m.add_function(wrap_pyfunction!(boards::path, m)?)?;
    m.add_function(wrap_pyfunction!(boards::tour, m)?)?;
    m.add_function(wrap_pyfunction!(count::count_tours, m)?)?;
    m.add_class::<position::PyPosition>()?;
    m.add_class::<position::Forks>()?;
    m.add_class::<fens::batch::MoveBatch>()?;
    m.add_class::<fens::batch::ForksBatch>()?;
    Ok(())
}
