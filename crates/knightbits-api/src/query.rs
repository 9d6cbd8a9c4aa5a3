//! The explorer's endpoints, `/api/{name}?{query}`: each reads its query into a request of
//! this crate, calls the request's function and serializes its response, so field names and
//! values are those of the command line's `--json` output for the same question. The server
//! mounts [`call`] under `/api/`; the WebAssembly page calls it directly.

use knightbits::mapping::Numbering;
use knightbits::position::Placement;
use knightbits::{Bitboard, popcount};
use knightbits_board::Coord;
use serde::Serialize;

use crate::attacks::{self, AttacksRequest, StepsRequest};
use crate::bits::{
    self, ConvertRequest, CountRequest, ForkSquaresRequest, Op, OpRequest, ShowRequest,
    SlideRequest,
};
use crate::params::Params;
pub use crate::params::QueryError;
use crate::picture::{self, Drawing};
use crate::position::{
    self, ForksRequest, MovesRequest, PieceMovesRequest, PositionMovesRequest, PositionRequest,
};
use crate::sliders::{self, SliderRequest};
use crate::sources::{self, CatchRequest, TableRequest, ToMove, TraceRequest};
use crate::tour::{self, KnightsTour, TourRequest};
use crate::values::{self, Piece, Targets};
use crate::walks::{self, DistanceRequest, DistancesRequest, FillRequest, Reach, ReachRequest};
use knightbits::technique::Method;

/// An endpoint's answer: the body, JSON or SVG.
type Handler = fn(&Params) -> Result<String, QueryError>;

/// What an endpoint answers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Json,
    Svg,
}

impl Kind {
    fn content_type(self) -> &'static str {
        match self {
            Kind::Json => "application/json",
            Kind::Svg => "image/svg+xml",
        }
    }
}

/// Every endpoint, mounted under `/api/`: its name, the parameter names it accepts, what it
/// answers, and the function that answers.
const ENDPOINTS: &[(&str, &[&str], Kind, Handler)] = &[
    ("meta", &[], Kind::Json, |_| json(&bits::meta())),
    ("show", &["input", "numbering", "from"], Kind::Json, |p| {
        json(&bits::view(&show(p)?))
    }),
    (
        "op",
        &["bitboard", "op", "square", "n", "other", "numbering"],
        Kind::Json,
        |p| json(&bits::op(&op(p)?)),
    ),
    (
        "attacks",
        &["input", "piece", "method", "fen", "side"],
        Kind::Json,
        |p| json(&attacks::attacks(&attacks(p)?)),
    ),
    (
        "explore",
        &["input", "piece", "method", "numbering", "toggle", "by"],
        Kind::Json,
        |p| json(&attacks::steps(&steps(p)?)),
    ),
    ("convert", &["input", "from", "to"], Kind::Json, |p| {
        json(&bits::convert(&convert(p)?))
    }),
    ("count", &["input", "method"], Kind::Json, |p| {
        json(&bits::count_by(&count(p)?))
    }),
    ("fork-squares", &["targets"], Kind::Json, |p| {
        json(&bits::fork_squares(&ForkSquaresRequest {
            targets: p.bitboard("targets")?,
        }))
    }),
    ("slide", &["squares", "by"], Kind::Json, |p| {
        json(&bits::slide(&slide(p)?))
    }),
    (
        "slider-attacks",
        &["rooks", "bishops", "queens", "occupied"],
        Kind::Json,
        |p| json(&sliders::slider_attacks(&slider_request(p)?)?),
    ),
    ("position", &["fen"], Kind::Json, |p| {
        json(&position::position(&PositionRequest {
            position: p.position()?,
        }))
    }),
    (
        "moves",
        &["fen", "piece", "legal", "castling", "input", "own"],
        Kind::Json,
        |p| json(&position::moves(&moves(p)?)),
    ),
    ("forks", &["fen", "targets"], Kind::Json, |p| {
        json(&position::forks(&forks(p)?))
    }),
    ("table", &["piece"], Kind::Json, |p| {
        json(&sources::table(&TableRequest {
            piece: p.choice_or("piece", Piece::Knight)?,
        }))
    }),
    (
        "steps",
        &["input", "piece", "method", "numbering"],
        Kind::Json,
        |p| json(&sources::trace(&trace(p)?)?),
    ),
    (
        "catch",
        &["knight", "pawn", "side", "to_move"],
        Kind::Json,
        |p| json(&sources::catch(&catch(p)?)?),
    ),
    ("fill", &["input", "moves"], Kind::Json, |p| {
        json(&walks::fill(&fill(p)?))
    }),
    (
        "reach",
        &["input", "moves", "exactly", "ring"],
        Kind::Json,
        |p| json(&walks::reach(&reach(p)?)),
    ),
    ("distance", &["from", "to", "board"], Kind::Json, |p| {
        json(&walks::distance(&distance(p)?))
    }),
    ("distances", &["from"], Kind::Json, |p| {
        json(&walks::distances(&DistancesRequest {
            from: p.square("from", "square")?,
        }))
    }),
    ("tour", &["board", "start", "closed"], Kind::Json, |p| {
        json(&tour(p)?)
    }),
    (
        "svg",
        &[
            "fen",
            "pieces",
            "piece",
            "marked",
            "highlighted",
            "arrows",
            "tour",
        ],
        Kind::Svg,
        |p| Ok(drawing(p)?.svg()),
    ),
    ("tour-svg", &["board", "start", "closed"], Kind::Svg, |p| {
        Ok(picture::tour_svg(&tour(p)?)?)
    }),
];

/// An endpoint's answer: its body and the body's media type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The JSON text or the SVG picture.
    pub body: String,
    /// `application/json` or `image/svg+xml`.
    pub content_type: &'static str,
}

/// The names of every endpoint, JSON and pictures.
pub fn endpoint_names() -> impl Iterator<Item = &'static str> {
    ENDPOINTS.iter().map(|e| e.0)
}

/// Answers `/api/{name}?{query}`: the JSON text (or SVG) of the answer with its media type, or
/// the refusal with its HTTP status (400 for a bad parameter, 404 for an unknown endpoint).
pub fn call(name: &str, query: Option<&str>) -> Result<Answer, QueryError> {
    match ENDPOINTS.iter().find(|e| e.0 == name) {
        Some(&(_, accepted, kind, handler)) => Params::parse(query, accepted)
            .and_then(|p| handler(&p))
            .map(|body| Answer {
                body,
                content_type: kind.content_type(),
            }),
        None => Err(QueryError::status(404, "no such endpoint")),
    }
}

/// A response as JSON text.
fn json(response: &impl Serialize) -> Result<String, QueryError> {
    serde_json::to_string(response).map_err(|e| QueryError::status(500, e.to_string()))
}

/// `show`: `input` in any form; a number is read in `from` (default: `numbering`), seen in
/// `numbering` (default a1-b1).
fn show(p: &Params) -> Result<ShowRequest, QueryError> {
    let numbering = p.choice_or("numbering", Numbering::A1B1)?;
    let from = p.choice_or("from", numbering)?;
    Ok(ShowRequest {
        bitboard: p.bitboard_in("input", from)?,
        numbering,
    })
}

/// `op`: the `bitboard`, the edit `op` with its operand (`square`, `n` from -63 to 63, default
/// 1, or `other`), and the `numbering` the answer is seen in.
fn op(p: &Params) -> Result<OpRequest, QueryError> {
    let bitboard = p.bitboard("bitboard")?;
    let name = values::choice("op", p.required("op")?)?;
    let op = Op::named(
        name,
        || p.square("square", "square"),
        || Ok(p.int_or("n", 1, -63..=63)? as i32),
        || p.bitboard("other"),
    )?;
    Ok(OpRequest {
        bitboard,
        op,
        numbering: p.choice_or("numbering", Numbering::A1B1)?,
    })
}

/// The `method` of `piece` (default lookup).
fn method(p: &Params, piece: Piece) -> Result<Method, QueryError> {
    match p.get("method") {
        Some(name) => Ok(piece.method(name)?),
        None => Ok(Method::lookup(piece.role())),
    }
}

/// `attacks`: pieces on squares (`input`, by `method`), or one side's pieces in a position
/// (`fen`, `side`), of the `piece` kind.
fn attacks(p: &Params) -> Result<AttacksRequest, QueryError> {
    let piece = p.choice_or("piece", Piece::Knight)?;
    if p.has("fen") {
        if p.has("input") || p.has("method") {
            return Err(QueryError::bad(
                "give either fen and side, or input (and method)",
            ));
        }
        // Only the placement matters when the side is named; else the side to move.
        let (placement, side) = match p.get("side") {
            Some(side) => (p.placement()?, values::choice("side", side)?),
            None => {
                let position = p.position()?;
                (Placement::from(position), position.turn())
            }
        };
        return Ok(AttacksRequest::Placement {
            placement,
            side,
            piece,
        });
    }
    let pieces = p.bitboard("input")?;
    Ok(AttacksRequest::Pieces {
        pieces,
        method: method(p, piece)?,
    })
}

/// `explore`: the page's pieces `input`, edited by `toggle` (a square) then `by` (a slide), the
/// `piece` and `method`, and a `numbering` for the view.
fn steps(p: &Params) -> Result<StepsRequest, QueryError> {
    let pieces = p.bitboard("input")?;
    let toggle = match p.get("toggle") {
        Some(text) => Some(values::square("toggle", text)?),
        None => None,
    };
    let slide = p.choice("by")?;
    let piece = p.choice_or("piece", Piece::Knight)?;
    Ok(StepsRequest {
        pieces,
        toggle,
        slide,
        method: method(p, piece)?,
        numbering: p.choice("numbering")?,
    })
}

/// `steps` (the command line's `steps`): the pieces `input` (a number read in `numbering`),
/// the `piece` and `method`, the steps written in `numbering` (default a1-b1).
fn trace(p: &Params) -> Result<TraceRequest, QueryError> {
    let numbering = p.choice_or("numbering", Numbering::A1B1)?;
    let pieces = p.bitboard_in("input", numbering)?;
    let piece = p.choice_or("piece", Piece::Knight)?;
    Ok(TraceRequest {
        pieces,
        method: method(p, piece)?,
        numbering,
    })
}

/// `catch`: a `knight` square, a `pawn` square of `side` (white or black), who moves first
/// (`to_move`: knight, the default, or pawn).
fn catch(p: &Params) -> Result<CatchRequest, QueryError> {
    Ok(CatchRequest {
        knight: p.square("knight", "knight square")?,
        pawn: p.square("pawn", "pawn square")?,
        side: values::choice("side", p.required("side")?)?,
        to_move: p.choice_or("to_move", ToMove::Knight)?,
    })
}

/// `convert`: `input` read in `from`, written in `to` (both default a1-b1).
fn convert(p: &Params) -> Result<ConvertRequest, QueryError> {
    let from = p.choice_or("from", Numbering::A1B1)?;
    let to = p.choice_or("to", Numbering::A1B1)?;
    Ok(ConvertRequest {
        bitboard: p.bitboard_in("input", from)?,
        to,
    })
}

/// `count`: `input` counted by `method` (default hardware).
fn count(p: &Params) -> Result<CountRequest, QueryError> {
    let bitboard = p.bitboard("input")?;
    Ok(CountRequest {
        bitboard,
        method: p.choice_or("method", popcount::Method::Hardware)?,
    })
}

/// `slide`: the pieces `squares`, one step `by`.
fn slide(p: &Params) -> Result<SlideRequest, QueryError> {
    let pieces = p.bitboard("squares")?;
    Ok(SlideRequest {
        pieces,
        by: values::choice("by", p.required("by")?)?,
    })
}

/// `slider-attacks`: `rooks`, `bishops`, `queens` and the other `occupied` squares, each a
/// bitboard in any form (default none).
fn slider_request(p: &Params) -> Result<SliderRequest, QueryError> {
    let set = |name| Ok::<_, QueryError>(p.bitboard_opt(name)?.unwrap_or(Bitboard::EMPTY));
    Ok(SliderRequest {
        rooks: set("rooks")?,
        bishops: set("bishops")?,
        queens: set("queens")?,
        occupied: set("occupied")?,
    })
}

/// `moves`: with `fen`, the side to move's moves (`legal`, `castling`); with `input` (and
/// `own`), pseudo-legal moves of pieces on squares; of the `piece` kind.
fn moves(p: &Params) -> Result<MovesRequest, QueryError> {
    let piece = p.choice_or("piece", Piece::Knight)?;
    if p.has("fen") {
        if p.has("input") || p.has("own") {
            return Err(QueryError::bad(
                "give either fen or input (with own), not both",
            ));
        }
        let position = p.position()?;
        return Ok(MovesRequest::Position(PositionMovesRequest {
            position,
            piece,
            legal: p.flag("legal")?,
            castling: p.flag("castling")?,
        }));
    }
    if p.has("legal") || p.has("castling") {
        return Err(QueryError::bad("legal and castling need a position (fen)"));
    }
    let pieces = p.bitboard("input")?;
    Ok(MovesRequest::Pieces(PieceMovesRequest {
        pieces,
        own: p.bitboard_opt("own")?.unwrap_or(Bitboard::EMPTY),
        piece,
    }))
}

/// `forks`: the position `fen`, against `targets` (letters, default kqr).
fn forks(p: &Params) -> Result<ForksRequest, QueryError> {
    let position = p.position()?;
    let targets = match p.get("targets") {
        Some(letters) => Targets::read(letters)?,
        None => Targets::default(),
    };
    Ok(ForksRequest { position, targets })
}

/// `fill`: from `input`, until the set stops growing or for exactly `moves` fills (1 to 64).
fn fill(p: &Params) -> Result<FillRequest, QueryError> {
    let start = p.bitboard("input")?;
    let moves = match p.get("moves") {
        Some(_) => Some(p.int_or("moves", 1, 1..=64)? as u32),
        None => None,
    };
    Ok(FillRequest { start, moves })
}

/// `reach`: from `input` in `moves` moves (0 to 64, default 1): within, `exactly` or `ring`.
fn reach(p: &Params) -> Result<ReachRequest, QueryError> {
    let start = p.bitboard("input")?;
    let moves = p.int_or("moves", 1, 0..=64)? as u32;
    let kind = Reach::from_flags(p.flag("exactly")?, p.flag("ring")?)?;
    Ok(ReachRequest { start, moves, kind })
}

/// `distance`: `from` and `to` on `board` (default 8x8).
fn distance(p: &Params) -> Result<DistanceRequest, QueryError> {
    let board = p.board()?;
    Ok(DistanceRequest {
        board,
        from: p.coord(board, "from", "square")?,
        to: p.coord(board, "to", "square")?,
    })
}

/// Largest board the explorer tours: 10,000 squares (100 x 100), so an answer stays small.
pub const MAX_TOUR_SQUARES: u32 = 10_000;

/// `tour` and `tour-svg`: a tour of `board` (default 8x8, at most [`MAX_TOUR_SQUARES`]) from
/// `start` (default the corner a1 / 0,0), `closed` or open.
fn tour(p: &Params) -> Result<KnightsTour, QueryError> {
    let board = p.board()?;
    if board.len() > MAX_TOUR_SQUARES {
        return Err(QueryError::bad(format!(
            "board {board} too large for the explorer: at most {MAX_TOUR_SQUARES} squares \
             (the command line tours up to 10000x10000)"
        )));
    }
    let start = match p.get("start") {
        Some(_) => p.coord(board, "start", "start square")?,
        None => Coord::new(0, 0),
    };
    let closed = p.flag("closed")?;
    Ok(tour::tour(&TourRequest {
        board,
        start,
        closed,
    })?)
}

/// `svg`: the pieces of `fen` or of `pieces` (drawn as `piece`), `marked` and `highlighted`
/// squares, `arrows` (moves such as d5c7) and a `tour` (squares in order).
fn drawing(p: &Params) -> Result<Drawing, QueryError> {
    let pieces = if p.has("fen") {
        if p.has("pieces") {
            return Err(QueryError::bad("give either fen or pieces, not both"));
        }
        // A picture needs the placement only.
        Drawing::position_pieces(&p.placement()?)
    } else {
        let piece = p.choice_or("piece", Piece::Knight)?;
        let squares = p.bitboard_opt("pieces")?.unwrap_or(Bitboard::EMPTY);
        Drawing::pieces_on(squares, piece)
    };
    Ok(Drawing {
        title: String::new(),
        pieces,
        marked: p.bitboard_opt("marked")?.unwrap_or(Bitboard::EMPTY),
        highlighted: p.bitboard_opt("highlighted")?.unwrap_or(Bitboard::EMPTY),
        arrows: values::square_pairs("arrows", p.get("arrows").unwrap_or(""))?,
        tour: values::square_list("tour square", p.get("tour").unwrap_or(""))?,
    })
}
