//! Attack-set techniques by name (table lookup, shifts with wrap masks, …): the one place this
//! crate reads method names, through the API's reader (`values::method`, the core's
//! `Leaper::method`), so a name is read in any case and refused with the command line's words.

use knightbits::Bitboard;
use knightbits::technique::Leaper;
use knightbits_api::values;
use pyo3::prelude::*;

use crate::args;
use crate::errors::{Kind, named};

/// The attack set of `set` by `piece`'s method named `name`, or by the default (the crate's
/// `attacks_set`) when there is no name.
pub fn attacks(
    piece: Leaper,
    name: Option<&Bound<'_, PyAny>>,
    set: Bitboard,
) -> PyResult<Bitboard> {
    let Some(name) = name.filter(|n| !n.is_none()) else {
        return Ok(piece.attacks_set(set));
    };
    let name = args::text(name, "method", "a method")?;
    let method = values::method(piece, &name).map_err(|e| named(Kind::Option, "method", e))?;
    Ok(method.attacks(set))
}

/// The names of `piece`'s methods, in the core's order.
pub fn names(piece: Leaper) -> Vec<&'static str> {
    piece.methods().iter().map(|m| m.name()).collect()
}
