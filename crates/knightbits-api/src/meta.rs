//! `meta`: the names the explorer offers in its pickers, from the library's lists.

use knightbits::mapping::Numbering;
use knightbits::popcount;
use knightbits::position::Position;
use knightbits::technique::Leaper;
use serde::Serialize;

use super::form::query;
use super::rules;
use super::values::Choice;

/// `meta`: the names the page offers in its pickers. It takes no parameter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MetaRequest {}

query!(MetaRequest {});

/// The answer to `meta`: the names the page offers in its pickers, from the library's lists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Meta {
    /// The eight numberings.
    pub numberings: Vec<&'static str>,
    /// Every leaper with its methods, in the library's order.
    pub pieces: Vec<MetaPiece>,
    /// The roles a knight fork is about (the library's default fork targets): `king`, `queen`,
    /// `rook`.
    pub fork_targets: Vec<&'static str>,
    /// The popcount methods.
    pub count_methods: Vec<&'static str>,
    /// The tool's version.
    pub version: &'static str,
}

/// A piece in `meta`: `{"name", "glyph", "key", "castling", "methods"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MetaPiece {
    /// The piece's name: `knight`, `king`.
    pub name: &'static str,
    /// Its chess symbol as the page draws it (the black one, filled): `♞`, `♚`.
    pub glyph: char,
    /// Its letter (FEN's, lower case), the page's key for its tool: `n`, `k`.
    pub key: char,
    /// Whether its moves may include castling (the rulebook's [`rules::castling`]).
    pub castling: bool,
    /// Its methods' names, lookup first.
    pub methods: Vec<&'static str>,
}

/// Answers `meta`.
pub fn meta() -> Meta {
    Meta {
        numberings: names::<Numbering>(),
        pieces: Leaper::ALL
            .into_iter()
            .map(|leaper| MetaPiece {
                name: leaper.name(),
                glyph: leaper.glyph(),
                key: leaper.letter(),
                castling: rules::castling(leaper, true).is_ok(),
                methods: leaper.methods().iter().map(|m| m.name()).collect(),
            })
            .collect(),
        fork_targets: Position::FORK_ROLES.iter().map(|r| r.name()).collect(),
        count_methods: names::<popcount::Method>(),
        version: env!("CARGO_PKG_VERSION"),
    }
}

/// The names of every value of a choice, in order.
fn names<T: Choice>() -> Vec<&'static str> {
    T::ALL.iter().map(|c| c.name()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page codes against this shape: every leaper with its methods, from the library:
    /// the knight and the king as written here, then any other piece of the definition the
    /// same way (its name, glyph, letter, castling and methods as the core has them).
    #[test]
    fn meta_lists_each_piece_with_its_methods() {
        let json = serde_json::to_value(meta()).unwrap();
        let pieces = json["pieces"].as_array().unwrap();
        assert_eq!(
            pieces[..2],
            [
                serde_json::json!({"name": "knight", "glyph": "♞", "key": "n", "castling": false, "methods": ["lookup", "post-mask", "pre-mask", "prefix", "halves", "translate"]}),
                serde_json::json!({"name": "king", "glyph": "♚", "key": "k", "castling": true, "methods": ["lookup", "shifts", "translate"]}),
            ]
        );
        assert_eq!(pieces.len(), Leaper::ALL.len());
        for (piece, leaper) in pieces.iter().zip(Leaper::ALL) {
            let methods: Vec<&str> = leaper.methods().iter().map(|m| m.name()).collect();
            assert_eq!(
                *piece,
                serde_json::json!({"name": leaper.name(), "glyph": leaper.glyph().to_string(), "key": leaper.letter().to_string(), "castling": leaper.castles(), "methods": methods})
            );
        }
        assert!(json.get("knight_methods").is_none());
        assert_eq!(
            json["fork_targets"],
            serde_json::json!(["king", "queen", "rook"])
        );
        assert_eq!(json["count_methods"][0], "loop");
    }
}
