//! Questions about real positions and pieces that move: `position`, `moves`, `forks`.

use knightbits::position::{Move, MoveKind, MoveList, Position};
use knightbits::technique::Leaper;
use knightbits::{Bitboard, Color, Square};
use serde::Serialize;

use super::form::{self, Named, query};
use super::values::Targets;
use super::{Error, Moves, Squares, display, rules};

/// `position`: the board of a FEN, for drawing. In `/api/position`: `fen`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRequest {
    /// The position.
    pub position: Position,
}

query!(PositionRequest { position: "fen" });

/// One piece on the board: `{"square", "piece", "symbol"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Placed {
    /// Where it stands.
    pub square: Square,
    /// Its FEN letter.
    pub piece: char,
    /// Its Unicode symbol.
    pub symbol: char,
}

/// The answer to `position`: `{"fen", "turn", "check", "pieces"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionBoard {
    /// The position in FEN, as the library writes it.
    #[serde(rename = "fen", serialize_with = "display")]
    pub position: Position,
    /// The side to move.
    pub turn: Color,
    /// Whether the side to move is in check.
    pub check: bool,
    /// Every piece, a1 first.
    pub pieces: Vec<Placed>,
}

/// Answers `position`.
pub fn position(req: &PositionRequest) -> PositionBoard {
    let pos = &req.position;
    PositionBoard {
        position: *pos,
        turn: pos.turn(),
        check: pos.is_check(),
        pieces: Square::ALL
            .iter()
            .filter_map(|&square| {
                pos.piece_at(square).map(|p| Placed {
                    square,
                    piece: p.char(),
                    symbol: p.symbol(),
                })
            })
            .collect(),
    }
}

/// `moves` of pieces on squares: anywhere they attack but onto their own side's pieces
/// (pseudo-legal moves without a position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMovesRequest {
    /// The moving pieces.
    pub pieces: Bitboard,
    /// The mover's other pieces (the moving pieces count as own too).
    pub own: Bitboard,
    /// Which piece moves.
    pub piece: Leaper,
}

/// The answer to `moves` of pieces on squares: `{"bitboard", "squares", "count", "moves"}`,
/// the target squares as `attacks` gives a set, then the moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceMoves {
    /// The squares the pieces can move to.
    pub bitboard: Bitboard,
    /// Their names.
    pub squares: Squares,
    /// How many squares.
    pub count: u32,
    /// Every move.
    pub moves: Moves,
}

/// Answers `moves` of pieces on squares.
pub fn piece_moves(req: &PieceMovesRequest) -> PieceMoves {
    let (pieces, own) = (req.pieces, req.own | req.pieces);
    let leaper = req.piece;
    let targets = leaper.moves(pieces, own);
    let list = pieces
        .into_iter()
        .flat_map(|from| {
            (leaper.attacks(from) - own)
                .into_iter()
                .map(move |to| Move {
                    from,
                    to,
                    // Without a position a move's kind is not known.
                    kind: MoveKind::Quiet,
                })
        })
        .collect();
    PieceMoves {
        bitboard: targets,
        squares: Squares(targets),
        count: targets.count(),
        moves: Moves::sorted(list),
    }
}

/// `moves` in a position: the side to move's knights or king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionMovesRequest {
    /// The position.
    pub position: Position,
    /// Which piece moves.
    pub piece: Leaper,
    /// Only legal moves (pins, checks, no king move into check); else pseudo-legal.
    pub legal: bool,
    /// Castling included (king moves only).
    pub castling: bool,
}

/// The answer to `moves` in a position: `{"moves"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionMoves {
    /// Every move.
    pub moves: Moves,
}

/// Answers `moves` in a position.
pub fn position_moves(req: &PositionMovesRequest) -> PositionMoves {
    let pos = &req.position;
    let list: MoveList = match (req.piece, req.legal) {
        (Leaper::Knight, true) => pos.legal_knight_moves(),
        (Leaper::Knight, false) => pos.pseudo_legal_knight_moves(),
        (Leaper::King, true) => pos.legal_king_moves(req.castling),
        (Leaper::King, false) => pos.pseudo_legal_king_moves(req.castling),
    };
    PositionMoves {
        moves: Moves::from(&list),
    }
}

/// `moves`: of pieces on squares, or in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesRequest {
    /// Pieces on squares.
    Pieces(PieceMovesRequest),
    /// A position.
    Position(PositionMovesRequest),
}

/// The parameters of `/api/moves`: with `fen`, the side to move's moves (`legal`,
/// `castling`); with `input` (and `own`), pseudo-legal moves of pieces on squares; of the
/// `piece` kind.
struct MovesQuery {
    fen: Option<Position>,
    piece: Leaper,
    legal: Option<Named<bool>>,
    castling: Option<Named<bool>>,
    input: Option<Named<Bitboard>>,
    own: Option<Named<Bitboard>>,
}

query!(MovesQuery { fen, piece = Leaper::Knight, legal, castling, input, own });
query!(MovesRequest via MovesQuery);

impl TryFrom<MovesQuery> for MovesRequest {
    type Error = Error;

    fn try_from(q: MovesQuery) -> Result<MovesRequest, Error> {
        let piece = q.piece;
        if let Some(position) = q.fen {
            let both = |_: &Bitboard| rules::pieces_or_position(true, true);
            form::rule(&q.input, both)?;
            form::rule(&q.own, both)?;
            let castling = match &q.castling {
                Some(c) => c.read(|&c| rules::castling(piece, c))?,
                None => false,
            };
            return Ok(MovesRequest::Position(PositionMovesRequest {
                position,
                piece,
                legal: form::value(&q.legal).unwrap_or(false),
                castling,
            }));
        }
        let alone = |_: &bool| rules::needs_position(true, false);
        form::rule(&q.legal, alone)?;
        form::rule(&q.castling, alone)?;
        Ok(MovesRequest::Pieces(PieceMovesRequest {
            pieces: form::value(&q.input).ok_or_else(|| form::missing("input"))?,
            own: form::value(&q.own).unwrap_or(Bitboard::EMPTY),
            piece,
        }))
    }
}

/// The answer to `moves`, as the request asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum MoveSet {
    /// Of pieces on squares.
    Pieces(PieceMoves),
    /// In a position.
    Position(PositionMoves),
}

/// Answers `moves`.
pub fn moves(req: &MovesRequest) -> MoveSet {
    match req {
        MovesRequest::Pieces(r) => MoveSet::Pieces(piece_moves(r)),
        MovesRequest::Position(r) => MoveSet::Position(position_moves(r)),
    }
}

/// `forks`: the side to move's knight forks against some of the opponent's pieces. In
/// `/api/forks`: the position `fen`, against `targets` (letters, default kqr).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForksRequest {
    /// The position.
    pub position: Position,
    /// Which enemy pieces are targets.
    pub targets: Targets,
}

query!(ForksRequest { position: "fen", targets = Targets::default() });

/// The answer to `forks`: `{"squares", "moves", "forced_moves", "royal_moves"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Forks {
    /// Every square, empty or occupied, from which a knight attacks at least two targets.
    pub squares: Squares,
    /// The legal knight moves onto those squares.
    pub moves: Moves,
    /// Those whose destination no enemy pawn or knight attacks: the wiki's "forced" set.
    pub forced_moves: Moves,
    /// The legal knight moves that give check and attack a queen.
    pub royal_moves: Moves,
}

/// Answers `forks`.
pub fn forks(req: &ForksRequest) -> Forks {
    let forks = req
        .position
        .forks_against(req.targets.squares(&req.position));
    Forks {
        squares: Squares(forks.squares),
        moves: Moves::from(&forks.moves),
        forced_moves: Moves::from(&forks.forced_moves),
        royal_moves: Moves::from(&forks.royal_moves),
    }
}
