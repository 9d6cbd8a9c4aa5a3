//! Attack-set techniques by name (table lookup, shifts with wrap masks, …): the one place this
//! crate reads method names, through the core's one list of both pieces' methods
//! (`technique::Method`). Names are read in any case.

use knightbits::position::Role;
use knightbits::technique::Method;
use knightbits::{Bitboard, king, knight};
use pyo3::prelude::*;

use crate::args;
use crate::errors::{Kind, named};

/// The attack set of `set` by `piece`'s method named `name`, or by the default (the crate's
/// `attacks_set`) when there is no name.
pub fn attacks(piece: Piece, name: Option<&Bound<'_, PyAny>>, set: Bitboard) -> PyResult<Bitboard> {
    let Some(name) = name.filter(|n| !n.is_none()) else {
        return Ok(match piece {
            Piece::Knight => knight::attacks_set(set),
            Piece::King => king::attacks_set(set),
        });
    };
    let name = args::text(name, "method", "a method")?;
    let method = Method::of(piece.role(), &name.to_ascii_lowercase()).map_err(|_| {
        named(
            Kind::Option,
            "method",
            format!(
                "unknown {} method {name:?}: expected one of {}",
                piece.name(),
                names(piece).join(", ")
            ),
        )
    })?;
    Ok(method.attacks(set))
}

/// The names of `piece`'s methods, in the core's order.
pub fn names(piece: Piece) -> Vec<&'static str> {
    Method::ALL
        .iter()
        .filter(|m| m.piece() == piece.role())
        .map(|m| m.name())
        .collect()
}

/// The two pieces that have techniques.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// The knight.
    Knight,
    /// The king.
    King,
}

impl Piece {
    /// The core's role of the piece.
    pub fn role(self) -> Role {
        match self {
            Piece::Knight => Role::Knight,
            Piece::King => Role::King,
        }
    }

    /// `"knight"` or `"king"`.
    pub fn name(self) -> &'static str {
        match self {
            Piece::Knight => "knight",
            Piece::King => "king",
        }
    }
}
