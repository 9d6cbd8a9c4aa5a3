//! Endpoints over real positions and knight distances: `position`, `moves`, `forks`, `fill`,
//! `reach`, `distance`, `distances`. Field names are those of the CLI's `--json` output.

use knightbits::knight;
use knightbits::{Bitboard, Color, MoveList, Position, Role, Square, king};
use knightbits_board::{Board, Coord};
use serde_json::{Value, json};

use super::params::{ApiError, Params, short};
use crate::cmd::Piece;
use crate::output::{hex, square_names};

/// Longest FEN accepted, in bytes.
const MAX_FEN: usize = 128;

/// The position of the `fen` parameter.
pub fn position_of(p: &Params) -> Result<Position, ApiError> {
    let fen = p.required("fen")?;
    if fen.len() > MAX_FEN {
        return Err(ApiError::bad(format!(
            "fen too long: at most {MAX_FEN} bytes"
        )));
    }
    fen.parse::<Position>()
        .map_err(|e| ApiError::bad(e.to_string()))
}

/// A yes/no parameter: `true`/`1` or `false`/`0`; `false` when absent.
fn flag(p: &Params, name: &str) -> Result<bool, ApiError> {
    match p.get(name) {
        None | Some("false" | "0" | "") => Ok(false),
        Some("true" | "1") => Ok(true),
        Some(other) => Err(ApiError::bad(format!(
            "invalid {name} '{}': expected true or false",
            short(other)
        ))),
    }
}

fn uci(moves: &MoveList) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// `position`: the board of a FEN for drawing: each piece's square, letter and symbol.
pub fn position(p: &Params) -> Result<Value, ApiError> {
    let pos = position_of(p)?;
    let pieces: Vec<Value> = Square::ALL
        .iter()
        .filter_map(|&sq| {
            pos.piece_at(sq).map(|pc| {
                json!({
                    "square": sq.to_string(),
                    "piece": pc.char().to_string(),
                    "symbol": pc.symbol().to_string(),
                })
            })
        })
        .collect();
    Ok(json!({
        "fen": pos.to_string(),
        "turn": pos.turn().to_string(),
        "check": pos.is_check(),
        "pieces": pieces,
    }))
}

/// `moves`: with `fen`, the side to move's knight or king moves (`{"moves"}`); with `input`
/// (and `own`), pseudo-legal moves of pieces on squares (`{"bitboard", "squares", "moves"}`).
pub fn moves(p: &Params) -> Result<Value, ApiError> {
    let piece = p.piece()?;
    if p.get("fen").is_some() {
        if p.get("input").is_some() || p.get("own").is_some() {
            return Err(ApiError::bad(
                "give either fen or input (with own), not both",
            ));
        }
        let pos = position_of(p)?;
        let (legal, castling) = (flag(p, "legal")?, flag(p, "castling")?);
        let list = match (piece, legal) {
            (Piece::Knight, true) => pos.legal_knight_moves(),
            (Piece::Knight, false) => pos.pseudo_legal_knight_moves(),
            (Piece::King, true) => pos.legal_king_moves(castling),
            (Piece::King, false) => pos.pseudo_legal_king_moves(castling),
        };
        return Ok(json!({ "moves": uci(&list) }));
    }
    if p.get("legal").is_some() || p.get("castling").is_some() {
        return Err(ApiError::bad("legal and castling need a position (fen)"));
    }
    let pieces = p.bitboard("input")?;
    let own = match p.get("own") {
        Some(text) => crate::cmd::bitboard(text)?,
        None => Bitboard::EMPTY,
    } | pieces;
    let (targets, per_piece): (_, fn(Square) -> Bitboard) = match piece {
        Piece::Knight => (knight::moves(pieces, own), knight::attacks),
        Piece::King => (king::moves(pieces, own), king::attacks),
    };
    let mut list: Vec<String> = pieces
        .into_iter()
        .flat_map(|from| {
            (per_piece(from) - own)
                .into_iter()
                .map(move |to| format!("{from}{to}"))
        })
        .collect();
    list.sort();
    Ok(json!({
        "bitboard": hex(targets),
        "squares": square_names(targets),
        "moves": list,
    }))
}

/// `forks`: `{"squares", "moves", "safe_moves", "royal_moves"}` for the side to move, against
/// the opponent's pieces named by `targets` (letters, default `kqr`).
pub fn forks(p: &Params) -> Result<Value, ApiError> {
    let pos = position_of(p)?;
    let letters = p.get("targets").unwrap_or("kqr");
    let roles: Option<Vec<Role>> = letters.chars().map(Role::from_char).collect();
    let roles = match roles {
        Some(r) if !r.is_empty() && r.len() <= 6 => r,
        _ => {
            return Err(ApiError::bad(format!(
                "invalid targets '{}': expected piece letters from k q r b n p",
                short(letters)
            )));
        }
    };
    let forks = pos.forks_against(pos.targets(&roles));
    Ok(json!({
        "squares": square_names(forks.squares),
        "moves": uci(&forks.moves),
        "safe_moves": uci(&forks.safe_moves),
        "royal_moves": uci(&forks.royal_moves),
    }))
}

/// `attacks` with a position: the attack set of one side's knights or king.
pub fn position_attacks(p: &Params, piece: Piece) -> Result<Bitboard, ApiError> {
    let pos = position_of(p)?;
    let side: Color = p.choice("side", "", "white or black")?;
    let role = match piece {
        Piece::Knight => Role::Knight,
        Piece::King => Role::King,
    };
    Ok(pos.attacks_by(side, role))
}

fn set(bb: Bitboard) -> Value {
    json!({
        "bitboard": hex(bb),
        "squares": square_names(bb),
        "count": bb.count(),
    })
}

/// `fill`: the CLI's `fill --json`: `{"steps": [{"bitboard", "squares", "count"}, …]}`, until
/// the set stops growing or for exactly `steps` fills (1 to 64).
pub fn fill(p: &Params) -> Result<Value, ApiError> {
    let start = p.bitboard("input")?;
    let steps: Vec<Bitboard> = match p.get("steps") {
        Some(_) => {
            let n = p.int_or("steps", 1, 1..=64)? as usize;
            std::iter::successors(Some(knight::fill(start)), |&b| Some(knight::fill(b)))
                .take(n)
                .collect()
        }
        None => knight::fills(start).collect(),
    };
    Ok(json!({ "steps": steps.into_iter().map(set).collect::<Vec<Value>>() }))
}

/// `reach`: the CLI's `reach --json`: squares within `moves` moves, at exactly that distance
/// (`ring`), or ends of walks of exactly that many moves (`exactly`).
pub fn reach(p: &Params) -> Result<Value, ApiError> {
    let start = p.bitboard("input")?;
    let n = p.int_or("moves", 1, 0..=64)? as u32;
    let (exactly, ring) = (flag(p, "exactly")?, flag(p, "ring")?);
    let reached = match (exactly, ring) {
        (true, true) => return Err(ApiError::bad("exactly and ring exclude each other")),
        (true, false) => knight::reach_exactly(start, n),
        (false, true) => knight::ring(start, n),
        (false, false) => knight::reach_within(start, n),
    };
    Ok(set(reached))
}

/// `distance`: the CLI's `distance --json`: `{"distance", "path"}`, on 8x8 or any board up to
/// the library's largest side.
pub fn distance(p: &Params) -> Result<Value, ApiError> {
    let text = p.get("board").unwrap_or("8x8");
    let board: Board = text
        .parse()
        .map_err(|e| ApiError::bad(format!("invalid board '{}': {e}", short(text))))?;
    let coord = |name: &str| -> Result<Coord, ApiError> {
        let t = p.required(name)?;
        board
            .parse_coord(t)
            .map_err(|e| ApiError::bad(format!("invalid square '{}': {e}", short(t))))
    };
    let (from, to) = (coord("from")?, coord("to")?);
    let names: Option<Vec<String>> = board
        .path(from, to)
        .map(|path| path.map(|c| board.name(c).to_string()).collect());
    Ok(json!({ "distance": board.distance(from, to), "path": names }))
}

/// `distances`: the knight distance from `from` to every square, a1 first (a heat map).
pub fn distances(p: &Params) -> Result<Value, ApiError> {
    let text = p.required("from")?;
    let from: Square = text
        .parse()
        .map_err(|e| ApiError::bad(format!("invalid square '{}': {e}", short(text))))?;
    let all: Vec<u32> = Square::ALL
        .iter()
        .map(|&to| knight::distance(from, to))
        .collect();
    Ok(json!({ "from": from.to_string(), "distances": all }))
}

/// Most arrows or tour squares one picture takes.
const MAX_ARROWS: usize = 256;

/// Reads `d5c7,e1g1` as (from, to) pairs.
fn arrows(text: &str) -> Result<Vec<(Square, Square)>, ApiError> {
    let items: Vec<&str> = text.split(',').filter(|s| !s.trim().is_empty()).collect();
    if items.len() > MAX_ARROWS {
        return Err(ApiError::bad(format!(
            "too many arrows: at most {MAX_ARROWS}"
        )));
    }
    items
        .into_iter()
        .map(|item| {
            let item = item.trim();
            let pair = item
                .get(..2)
                .zip(item.get(2..))
                .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
            pair.ok_or_else(|| {
                ApiError::bad(format!(
                    "invalid arrows '{}': expected moves such as d5c7",
                    short(item)
                ))
            })
        })
        .collect()
}

/// Reads `a1,b3,c5` as squares in order.
fn path_squares(text: &str) -> Result<Vec<Square>, ApiError> {
    let items: Vec<&str> = text.split(',').filter(|s| !s.trim().is_empty()).collect();
    if items.len() > MAX_ARROWS {
        return Err(ApiError::bad(format!(
            "too many squares: at most {MAX_ARROWS}"
        )));
    }
    items
        .into_iter()
        .map(|s| {
            s.trim()
                .parse()
                .map_err(|e| ApiError::bad(format!("invalid tour square '{}': {e}", short(s))))
        })
        .collect()
}

/// `svg`: the library's SVG picture: the pieces of `fen` or of `pieces` (drawn as `piece`),
/// `marked` and `highlighted` squares, `arrows` (moves) and a `tour` (squares in order).
pub fn svg(p: &Params) -> Result<String, ApiError> {
    let drawn: Vec<(Square, char)> = if p.get("fen").is_some() {
        if p.get("pieces").is_some() {
            return Err(ApiError::bad("give either fen or pieces, not both"));
        }
        crate::picture::position_pieces(&position_of(p)?)
    } else {
        let glyph = crate::picture::glyph(p.piece()?);
        match p.get("pieces") {
            Some(text) => crate::picture::pieces_on(crate::cmd::bitboard(text)?, glyph),
            None => Vec::new(),
        }
    };
    let marked = match p.get("marked") {
        Some(t) => crate::cmd::bitboard(t)?,
        None => Bitboard::EMPTY,
    };
    let highlighted = match p.get("highlighted") {
        Some(t) => crate::cmd::bitboard(t)?,
        None => Bitboard::EMPTY,
    };
    let arrows = arrows(p.get("arrows").unwrap_or(""))?;
    let tour = path_squares(p.get("tour").unwrap_or(""))?;
    Ok(knightbits_svg::Svg::new()
        .marked(marked)
        .highlighted(highlighted)
        .pieces(&drawn)
        .arrows(&arrows)
        .tour(&tour)
        .to_string())
}

/// Largest board the explorer tours: 10,000 squares (100 x 100), so an answer stays small.
pub const MAX_TOUR_SQUARES: u32 = 10_000;

/// The tour asked for: `board` (default 8x8), `start` (default the corner a1 / 0,0),
/// `closed`.
fn tour_of(p: &Params) -> Result<knightbits_board::tour::Tour, ApiError> {
    use knightbits_board::tour::Tour;
    let text = p.get("board").unwrap_or("8x8");
    let board: Board = text
        .parse()
        .map_err(|e| ApiError::bad(format!("invalid board '{}': {e}", short(text))))?;
    if board.len() > MAX_TOUR_SQUARES {
        return Err(ApiError::bad(format!(
            "board {board} too large for the explorer: at most {MAX_TOUR_SQUARES} squares \
             (the command line tours up to 10000x10000)"
        )));
    }
    let start = match p.get("start") {
        Some(t) => board
            .parse_coord(t)
            .map_err(|e| ApiError::bad(format!("invalid start square '{}': {e}", short(t))))?,
        None => Coord::new(0, 0),
    };
    if flag(p, "closed")? {
        Tour::closed_from(board, start)
    } else {
        Tour::open(board, start)
    }
    .map_err(|e| ApiError::bad(format!("no tour on {board}: {e}")))
}

/// `tour`: the CLI's `tour --json`: `{"board", "closed", "squares"}`.
pub fn tour(p: &Params) -> Result<Value, ApiError> {
    let t = tour_of(p)?;
    let board = t.board();
    let squares: Vec<String> = t.coords().map(|c| board.name(c).to_string()).collect();
    Ok(json!({
        "board": board.to_string(),
        "closed": t.is_closed(),
        "squares": squares,
    }))
}

/// `tour-svg`: the same tour drawn by the library's [`TourSvg`](knightbits_svg::TourSvg).
pub fn tour_svg(p: &Params) -> Result<String, ApiError> {
    let t = tour_of(p)?;
    let board = t.board();
    Ok(
        knightbits_svg::TourSvg::new(board.width(), board.height(), t.squares(), t.is_closed())
            .to_string(),
    )
}
