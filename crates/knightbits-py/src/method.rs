//! Attack sets and fork squares of pieces on squares, and the techniques that compute them
//! (table lookup, shifts with wrap masks, …): each answer is the API's request, built as the
//! command line's `attacks` and `forks` build it (a method name read by `values::method_or_lookup`,
//! the core's `Leaper::method`, so a name is read in any case and refused with the command
//! line's words).

use knightbits::Bitboard;
use knightbits::technique::Leaper;
use knightbits_api::attacks::{self as api, AttacksRequest, ForkSquaresRequest};
use knightbits_api::values;
use pyo3::prelude::*;

use crate::args;
use crate::errors::{Kind, named};

/// The attack set of `set` by `piece`'s method named `name`, or by its lookup when there is
/// no name: the API's `attacks` of pieces on squares.
fn attacks(piece: Leaper, name: Option<&Bound<'_, PyAny>>, set: Bitboard) -> PyResult<u64> {
    let name = match name.filter(|n| !n.is_none()) {
        Some(n) => Some(args::text(n, "method", "a method")?),
        None => None,
    };
    let method = values::method_or_lookup(piece, name.as_deref())
        .map_err(|e| named(Kind::Option, "method", e))?;
    Ok(api::attacks(&AttacksRequest::pieces(set, method))
        .bitboard
        .0)
}

/// The knight's attacks of `set` (the functions named after the knight).
fn knight(method: Option<&Bound<'_, PyAny>>, set: Bitboard) -> PyResult<u64> {
    attacks(Leaper::Knight, method, set)
}

/// The king's attacks of `set` (the functions named after the king).
fn king(method: Option<&Bound<'_, PyAny>>, set: Bitboard) -> PyResult<u64> {
    attacks(Leaper::King, method, set)
}

/// The squares a knight on ``square`` (an int, a1 = 0 … h8 = 63) attacks, as a bitboard int.
///
/// >>> knight_attacks(27) == 0x0000142200221400  # d4
/// True
#[pyfunction]
pub fn knight_attacks(square: &Bound<'_, PyAny>) -> PyResult<u64> {
    knight(None, Bitboard::from_square(args::square(square, "square")?))
}

/// The squares a king on ``square`` (an int, a1 = 0 … h8 = 63) attacks, as a bitboard int.
#[pyfunction]
pub fn king_attacks(square: &Bound<'_, PyAny>) -> PyResult<u64> {
    king(None, Bitboard::from_square(args::square(square, "square")?))
}

/// The squares attacked by the knights on ``bitboard`` (an int or ``chess.SquareSet``), as a
/// bitboard int. ``method`` (any case) picks how the set is computed: a lookup table per
/// knight, or the eight shifts of the whole set with file masks against wrapping, in the
/// variants ``techniques("knight")`` lists; all give the same set.
#[pyfunction]
#[pyo3(signature = (bitboard, method = None))]
pub fn knight_attacks_set(
    bitboard: &Bound<'_, PyAny>,
    method: Option<&Bound<'_, PyAny>>,
) -> PyResult<u64> {
    knight(method, args::bitboard(bitboard, "bitboard")?)
}

/// The squares attacked by the kings on ``bitboard``, as a bitboard int; ``method`` (any case)
/// is one of ``techniques("king")``, all of which give the same set.
#[pyfunction]
#[pyo3(signature = (bitboard, method = None))]
pub fn king_attacks_set(
    bitboard: &Bound<'_, PyAny>,
    method: Option<&Bound<'_, PyAny>>,
) -> PyResult<u64> {
    king(method, args::bitboard(bitboard, "bitboard")?)
}

/// Every square (empty or occupied) from which a knight attacks at least two of ``targets``
/// (a bitboard int), as a bitboard int: the squares where a knight would fork them.
#[pyfunction]
pub fn fork_squares(targets: &Bound<'_, PyAny>) -> PyResult<u64> {
    let targets = args::bitboard(targets, "targets")?;
    Ok(api::fork_squares(&ForkSquaresRequest::new(targets))
        .bitboard
        .0)
}

/// The names of the ways ``piece`` (``chess.KNIGHT``, ``chess.KING`` or their names) has to
/// compute an attack set (a lookup table, shifts with wrap masks, ...), for the ``method=``
/// argument of ``knight_attacks_set`` and ``king_attacks_set``.
#[pyfunction]
#[pyo3(signature = (piece = None), text_signature = "(piece='knight')")]
pub fn techniques(piece: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<&'static str>> {
    let piece = match piece {
        Some(p) if !p.is_none() => args::piece(p, "piece")?,
        _ => Leaper::default(),
    };
    Ok(piece.methods().iter().map(|m| m.name()).collect())
}
