//! The sources' techniques by name: the one place this crate reads method names, through the
//! core's one list of both pieces' methods (`technique::Method`).

use knightbits::position::Role;
use knightbits::technique::Method;
use knightbits::{Bitboard, king, knight};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The attack set of `set` by `piece`'s method named `name`, or by the default (the crate's
/// `attacks_set`) when there is no name.
pub fn attacks(piece: Piece, name: Option<&str>, set: Bitboard) -> PyResult<Bitboard> {
    let Some(name) = name else {
        return Ok(match piece {
            Piece::Knight => knight::attacks_set(set),
            Piece::King => king::attacks_set(set),
        });
    };
    let method = Method::of(piece.role(), name).map_err(|_| {
        PyValueError::new_err(format!(
            "unknown {} method {name:?}: expected one of {}",
            piece.name(),
            names(piece).join(", ")
        ))
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
    /// Reads `"knight"` or `"king"` (or `"n"`, `"k"`), any case.
    pub fn parse(text: &str) -> PyResult<Piece> {
        match text.parse::<knightbits::position::Role>() {
            Ok(knightbits::position::Role::Knight) => Ok(Piece::Knight),
            Ok(knightbits::position::Role::King) => Ok(Piece::King),
            _ => Err(PyValueError::new_err(format!(
                "invalid piece {text:?}: expected knight or king"
            ))),
        }
    }

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
