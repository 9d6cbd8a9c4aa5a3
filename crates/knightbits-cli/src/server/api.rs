//! The JSON endpoints. Each reads its query, calls the library and answers one JSON object
//! whose field names are those of the CLI's `--json` output for the same question.

use axum::Router;
use axum::extract::RawQuery;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use knightbits::mapping::Numbering;
use knightbits::{Bitboard, Square, king, knight, popcount};
use serde_json::{Value, json};

use super::params::{ApiError, Params, short};
use super::{play, steps};
use crate::cmd::{self, Piece};
use crate::output::{hex, square_names};

/// An endpoint: the parameter names it accepts and the function that answers.
type Handler = fn(&Params) -> Result<Value, ApiError>;

/// Every endpoint, mounted under `/api/`.
const ENDPOINTS: &[(&str, &[&str], Handler)] = &[
    ("meta", &[], meta),
    ("show", &["input", "numbering", "from"], show),
    (
        "op",
        &["bitboard", "op", "square", "n", "other", "numbering"],
        op,
    ),
    (
        "attacks",
        &["input", "piece", "method", "fen", "side"],
        attacks,
    ),
    (
        "steps",
        &["input", "piece", "method", "numbering", "toggle", "by"],
        steps,
    ),
    ("convert", &["input", "from", "to"], convert),
    ("count", &["input", "method"], count),
    ("fork-squares", &["targets"], fork_squares),
    ("slide", &["squares", "by"], slide),
    ("position", &["fen"], play::position),
    (
        "moves",
        &["fen", "piece", "legal", "castling", "input", "own"],
        play::moves,
    ),
    ("forks", &["fen", "targets"], play::forks),
    ("fill", &["input", "steps"], play::fill),
    ("reach", &["input", "moves", "exactly", "ring"], play::reach),
    ("distance", &["from", "to", "board"], play::distance),
    ("distances", &["from"], play::distances),
    ("tour", &["board", "start", "closed"], play::tour),
];

/// Parameters of `/api/svg`.
const SVG_PARAMS: &[&str] = &[
    "fen",
    "pieces",
    "piece",
    "marked",
    "highlighted",
    "arrows",
    "tour",
];

/// An endpoint answering an SVG picture.
type Picture = fn(&Params) -> Result<String, ApiError>;

/// The picture endpoints: their parameter names and the function that draws.
const PICTURES: &[(&str, &[&str], Picture)] = &[
    ("svg", SVG_PARAMS, play::svg),
    ("tour-svg", &["board", "start", "closed"], play::tour_svg),
];

/// The names of every endpoint under `/api/`, JSON and pictures.
pub fn endpoint_names() -> impl Iterator<Item = &'static str> {
    ENDPOINTS
        .iter()
        .map(|e| e.0)
        .chain(PICTURES.iter().map(|p| p.0))
}

/// Answers `/api/{name}?{query}` without the network: the JSON text (or SVG) of the answer, or
/// the refusal. The routes call exactly this; the fuzz target calls it directly.
pub fn call(name: &str, query: Option<&str>) -> Result<String, ApiError> {
    if let Some(&(_, accepted, handler)) = ENDPOINTS.iter().find(|e| e.0 == name) {
        return Params::parse(query, accepted)
            .and_then(|p| handler(&p))
            .map(|v| v.to_string());
    }
    if let Some(&(_, accepted, draw)) = PICTURES.iter().find(|p| p.0 == name) {
        return Params::parse(query, accepted).and_then(|p| draw(&p));
    }
    Err(ApiError::status(
        axum::http::StatusCode::NOT_FOUND,
        "no such endpoint",
    ))
}

/// The API routes: every endpoint answers through [`call`].
pub fn routes() -> Router {
    let mut router = Router::new();
    for &(name, _, _) in ENDPOINTS {
        router = router.route(
            &format!("/api/{name}"),
            get(move |RawQuery(query): RawQuery| async move {
                respond(call(name, query.as_deref()), "application/json")
            }),
        );
    }
    for &(name, _, _) in PICTURES {
        router = router.route(
            &format!("/api/{name}"),
            get(move |RawQuery(query): RawQuery| async move {
                respond(call(name, query.as_deref()), "image/svg+xml")
            }),
        );
    }
    router
}

/// An answer with its content type, never cached; or the refusal.
fn respond(answer: Result<String, ApiError>, kind: &'static str) -> Response {
    match answer {
        Ok(body) => {
            let mut res = body.into_response();
            let h = res.headers_mut();
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
            h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            res
        }
        Err(e) => e.into_response(),
    }
}

const KNIGHT_METHODS: &str = "lookup, post-mask, pre-mask, prefix, halves or translate";
const KING_METHODS: &str = "lookup, shifts or translate";
const COUNT_METHODS: &str = "loop, table16, clear-lowest or hardware";

/// The names the page offers in its pickers.
fn meta(_: &Params) -> Result<Value, ApiError> {
    Ok(json!({
        "numberings": Numbering::ALL.map(Numbering::name),
        "knight_methods": knight::Method::ALL.map(knight::Method::name),
        "king_methods": king::Method::ALL.map(king::Method::name),
        "count_methods": popcount::Method::ALL.map(popcount::Method::name),
        "version": env!("CARGO_PKG_VERSION"),
    }))
}

/// A bitboard seen in `numbering`: the CLI's `show --json` fields, plus the forms the page
/// shows (decimal, binary, value in the numbering, every square's index, a Rust constant, the
/// count by each popcount method).
fn view(bb: Bitboard, numbering: Numbering) -> Value {
    let value = numbering.from_lerf(bb);
    json!({
        "bitboard": hex(bb),
        "squares": square_names(bb),
        "count": bb.count(),
        "numbering": numbering.name(),
        "indices": bb.into_iter().map(|sq| numbering.index(sq)).collect::<Vec<u8>>(),
        "value": format!("{value:#018x}"),
        "decimal": bb.0.to_string(),
        "binary": format!("{:#066b}", bb.0),
        "grid": Square::ALL.iter().map(|&sq| numbering.index(sq)).collect::<Vec<u8>>(),
        "rust": format!("const BITBOARD: u64 = {};", rust_hex(bb.0)),
        "popcounts": popcount::Method::ALL
            .iter()
            .map(|m| (m.name().to_string(), json!(m.count(bb.0))))
            .collect::<serde_json::Map<String, Value>>(),
    })
}

/// `0x0000_1422_0022_1400`: hex in groups of four, as rustfmt leaves a long literal.
fn rust_hex(v: u64) -> String {
    let digits = format!("{v:016x}");
    let groups: Vec<&str> = (0..4).map(|i| &digits[i * 4..i * 4 + 4]).collect();
    format!("0x{}", groups.join("_"))
}

fn numbering(p: &Params, name: &str, default: &str) -> Result<Numbering, ApiError> {
    p.choice(name, default, "")
}

/// `show`: a bitboard in any form; a number is read in `from` (default: `numbering`).
fn show(p: &Params) -> Result<Value, ApiError> {
    let shown = numbering(p, "numbering", "a1-b1")?;
    let from = numbering(p, "from", shown.name())?;
    let bb = cmd::read_in(p.required("input")?, from)?;
    Ok(view(bb, shown))
}

/// `op`: one edit of the page's board, answered with the new board's view.
fn op(p: &Params) -> Result<Value, ApiError> {
    let bb = p.bitboard("bitboard")?;
    let name = p.required("op")?;
    let square = || -> Result<Square, ApiError> {
        let text = p.required("square")?;
        text.parse()
            .map_err(|e| ApiError::bad(format!("invalid square '{}': {e}", short(text))))
    };
    let other = || p.bitboard("other");
    let result = match name {
        "toggle" => {
            let mut b = bb;
            b.toggle(square()?);
            b
        }
        "insert" => bb.with(square()?),
        "remove" => bb.without(square()?),
        "clear" => Bitboard::EMPTY,
        "fill" => Bitboard::FULL,
        "invert" => !bb,
        "shift" => {
            let n = p.int_or("n", 1, -63..=63)?;
            bb.shift(n as i32)
        }
        "and" => bb & other()?,
        "or" => bb | other()?,
        "xor" => bb ^ other()?,
        "andnot" => bb - other()?,
        "flip-vertical" => bb.flip_vertical(),
        "mirror-horizontal" => bb.mirror_horizontal(),
        "flip-diagonal" => bb.flip_diagonal(),
        "rotate-180" => bb.rotate_180(),
        _ => {
            return Err(ApiError::bad(format!(
                "invalid op '{}': expected toggle, insert, remove, clear, fill, invert, \
                 shift, and, or, xor, andnot, flip-vertical, mirror-horizontal, \
                 flip-diagonal or rotate-180",
                short(name)
            )));
        }
    };
    Ok(view(result, numbering(p, "numbering", "a1-b1")?))
}

fn method_list(piece: Piece) -> &'static str {
    match piece {
        Piece::Knight => KNIGHT_METHODS,
        Piece::King => KING_METHODS,
    }
}

/// `attacks`: the CLI's `attacks --json`: `{"bitboard", "squares", "count"}`, of pieces on
/// squares (`input`, by `method`) or of one side's pieces in a position (`fen`, `side`).
fn attacks(p: &Params) -> Result<Value, ApiError> {
    let piece = p.piece()?;
    let result = if p.get("fen").is_some() {
        if p.get("input").is_some() || p.get("method").is_some() {
            return Err(ApiError::bad(
                "give either fen and side, or input (and method)",
            ));
        }
        play::position_attacks(p, piece)?
    } else {
        let pieces = p.bitboard("input")?;
        crate::cmd::attacks::attacks(pieces, piece, p.get("method").unwrap_or("lookup"))?
    };
    Ok(json!({
        "bitboard": hex(result),
        "squares": square_names(result),
        "count": result.count(),
    }))
}

/// `steps`: the technique's intermediate bitboards, and the attack set they add up to. The
/// page's edits come along so one request answers one click: `toggle` adds or removes a piece
/// first, `by` slides the pieces first (as [`slide`]); the pieces used are in `"pieces"`.
fn steps(p: &Params) -> Result<Value, ApiError> {
    let mut pieces = p.bitboard("input")?;
    let mut moved = true;
    if let Some(text) = p.get("toggle") {
        let sq: Square = text
            .parse()
            .map_err(|e| ApiError::bad(format!("invalid toggle '{}': {e}", short(text))))?;
        pieces.toggle(sq);
    }
    if let Some(by) = p.get("by") {
        (pieces, moved) = slid(pieces, by)?;
    }
    let piece = p.piece()?;
    let method = p.get("method").unwrap_or("lookup");
    let Some(trace) = steps::trace(pieces, piece, method) else {
        return Err(ApiError::bad(format!(
            "invalid method '{}': expected {}",
            short(method),
            method_list(piece)
        )));
    };
    // The board shows the library's method itself; the trace adds up to the same set.
    let result = crate::cmd::attacks::attacks(pieces, piece, method)?;
    debug_assert_eq!(result, steps::union(&trace));
    let mut v = json!({
        "method": method,
        "bitboard": hex(result),
        "squares": square_names(result),
        "count": result.count(),
        "steps": trace.iter().map(steps::Step::json).collect::<Vec<Value>>(),
    });
    // The same pieces by every method of the piece, for the page's comparison table.
    let names: Vec<&str> = match piece {
        Piece::Knight => knight::Method::ALL.map(knight::Method::name).to_vec(),
        Piece::King => king::Method::ALL.map(king::Method::name).to_vec(),
    };
    let mut each = Vec::new();
    for name in names {
        let bb = crate::cmd::attacks::attacks(pieces, piece, name)?;
        each.push(json!({ "method": name, "bitboard": hex(bb), "count": bb.count() }));
    }
    v["methods"] = Value::Array(each);
    v["pieces"] = json!({
        "bitboard": hex(pieces),
        "squares": square_names(pieces),
        "moved": moved,
    });
    if p.get("numbering").is_some() {
        v["view"] = view(result, numbering(p, "numbering", "a1-b1")?);
    }
    Ok(v)
}

/// `convert`: the CLI's `convert --json`: `{"bitboard"}`.
fn convert(p: &Params) -> Result<Value, ApiError> {
    let from = numbering(p, "from", "a1-b1")?;
    let to = numbering(p, "to", "a1-b1")?;
    let lerf = cmd::read_in(p.required("input")?, from)?;
    Ok(json!({ "bitboard": format!("{:#018x}", to.from_lerf(lerf)) }))
}

/// `count`: the CLI's `count --json`: `{"count"}`, by the chosen method.
fn count(p: &Params) -> Result<Value, ApiError> {
    let bb = p.bitboard("input")?;
    let method: popcount::Method = p.choice("method", "hardware", COUNT_METHODS)?;
    Ok(json!({ "count": method.count(bb.0), "method": method.name() }))
}

/// `fork-squares`: the squares from which a knight attacks two or more of `targets`.
fn fork_squares(p: &Params) -> Result<Value, ApiError> {
    let targets = p.bitboard("targets")?;
    let forks = knight::fork_squares(targets);
    Ok(json!({
        "bitboard": hex(forks),
        "squares": square_names(forks),
        "count": forks.count(),
    }))
}

/// Every piece one step `by` (see [`slide`]); `(pieces, false)` if one would leave the board.
fn slid(pieces: Bitboard, by: &str) -> Result<(Bitboard, bool), ApiError> {
    let step = |sq: Square| -> Option<Square> {
        match by {
            "north" => sq.offset(0, 1),
            "south" => sq.offset(0, -1),
            "east" => sq.offset(1, 0),
            "west" => sq.offset(-1, 0),
            "a" => Numbering::H1G1.square(Numbering::H1G1.index(sq) + 1),
            "d" => Numbering::H1G1
                .index(sq)
                .checked_sub(1)
                .and_then(|i| Numbering::H1G1.square(i)),
            _ => None,
        }
    };
    if !matches!(by, "north" | "south" | "east" | "west" | "a" | "d") {
        return Err(ApiError::bad(format!(
            "invalid by '{}': expected north, south, east, west, a or d",
            short(by)
        )));
    }
    let moved: Option<Bitboard> = pieces.into_iter().map(step).collect();
    Ok(match moved {
        Some(b) => (b, true),
        None => (pieces, false),
    })
}

/// `slide`: every piece one step `by` north, south, east or west, or by the devlog's keys
/// `a` (one square left in its h1-first numbering, wrapping to the rank above) and `d` (one
/// right, wrapping to the rank below). If any piece would leave the board none moves.
fn slide(p: &Params) -> Result<Value, ApiError> {
    let pieces = p.bitboard("squares")?;
    let (result, ok) = slid(pieces, p.required("by")?)?;
    Ok(json!({
        "bitboard": hex(result),
        "squares": square_names(result),
        "moved": ok,
    }))
}
