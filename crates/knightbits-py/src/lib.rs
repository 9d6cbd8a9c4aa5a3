//! The `knightbits` Python package's native module, `knightbits._knightbits`: the API's
//! answers with python-chess's conventions (squares are ints a1 = 0 … h8 = 63, bitboards are
//! ints, `chess.Board` accepted wherever a position is), numpy batches with the GIL released.
//! No technique and no rule about input is written here: a question is the API's request,
//! built by its constructor as the command line builds it; values and the batch kernels come
//! from the core. This file only registers the functions of the modules below.

#![deny(missing_docs)]

mod args;
mod arrays;
mod boards;
mod count;
mod errors;
mod fens;
mod method;
mod position;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _knightbits(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(method::knight_attacks, m)?)?;
    m.add_function(wrap_pyfunction!(method::king_attacks, m)?)?;
    m.add_function(wrap_pyfunction!(method::knight_attacks_set, m)?)?;
    m.add_function(wrap_pyfunction!(method::king_attacks_set, m)?)?;
    m.add_function(wrap_pyfunction!(method::fork_squares, m)?)?;
    m.add_function(wrap_pyfunction!(method::techniques, m)?)?;
    m.add_function(wrap_pyfunction!(arrays::simd, m)?)?;
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
