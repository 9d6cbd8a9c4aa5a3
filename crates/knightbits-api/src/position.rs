//! Questions about real positions and pieces that move: `position`, `moves`, `forks`.

use knightbits::position::{Move, MoveKind, MoveList, Position};
use knightbits::technique::Leaper;
use knightbits::{Bitboard, Color, Square};
use serde::Serialize;

use super::form::{self, Named, query};
use super::values::Targets;
use super::{Error, Moves, Squares, display, rules};

/// `position`: the board of a FEN, for drawing. In `/api/position`: `fen`. Built by
/// [`PositionRequest::new`] (a [`Position`] is valid once read); its field is private:
///
/// ```compile_fail,E0451
/// use knightbits::position::Position;
/// let r = knightbits_api::position::PositionRequest { position: Position::default() };
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRequest {
    position: Position,
}

impl PositionRequest {
    /// The board of `position`.
    pub fn new(position: Position) -> Self {
        PositionRequest { position }
    }
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
/// (pseudo-legal moves without a position). Built by [`PieceMovesRequest::new`] (or from the
/// raw form, [`MovesForm`]): it has no `legal` or `castling`, which need a position. Its fields
/// are private:
///
/// ```compile_fail,E0451
/// use knightbits::{Bitboard, technique::Leaper};
/// use knightbits_api::position::PieceMovesRequest;
/// let r = PieceMovesRequest { pieces: Bitboard::FULL, own: Bitboard::EMPTY, piece: Leaper::default() };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMovesRequest {
    pieces: Bitboard,
    own: Bitboard,
    piece: Leaper,
}

impl PieceMovesRequest {
    /// The moves of the `piece`s on `pieces`, not onto `own` (the moving pieces count as own
    /// too).
    pub fn new(pieces: Bitboard, own: Bitboard, piece: Leaper) -> Self {
        PieceMovesRequest { pieces, own, piece }
    }
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

/// `moves` in positions: the side to move's knights or king, legal or pseudo-legal, with
/// castling or not. Built only by [`PositionMovesRequest::new`] (or from the raw form,
/// [`MovesForm`]), which applies the rulebook: castling is asked only of a king. Its fields
/// are private, so castling for a knight cannot be built around the constructor:
///
/// ```compile_fail,E0451
/// use knightbits::technique::Leaper;
/// use knightbits_api::position::PositionMovesRequest;
/// let knight_castles = PositionMovesRequest { piece: Leaper::Knight, legal: true, castling: true };
/// ```
///
/// ```
/// use knightbits::technique::Leaper;
/// use knightbits_api::position::PositionMovesRequest;
/// let e = PositionMovesRequest::new(Leaper::Knight, true, true).unwrap_err();
/// assert_eq!(e.field(), Some("castling"));
/// assert!(PositionMovesRequest::new(Leaper::King, true, true).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionMovesRequest {
    piece: Leaper,
    legal: bool,
    castling: bool,
}

impl PositionMovesRequest {
    /// The moves of `piece`, only legal ones when `legal` (pins, checks, no king move into
    /// check), castling included when `castling`.
    ///
    /// # Errors
    ///
    /// Castling asked of another piece than the king ([`rules::castling`], field `castling`).
    pub fn new(piece: Leaper, legal: bool, castling: bool) -> Result<Self, Error> {
        Ok(PositionMovesRequest {
            piece,
            legal,
            castling: rules::castling(piece, castling)?,
        })
    }

    /// Which piece moves.
    pub fn piece(&self) -> Leaper {
        self.piece
    }

    /// Only legal moves; else pseudo-legal.
    pub fn legal(&self) -> bool {
        self.legal
    }

    /// Castling included (a king's moves only).
    pub fn castling(&self) -> bool {
        self.castling
    }

    /// The moves the request asks for in `position`, as the library lists them (sorted): the
    /// core chooses the move function for the piece, legal or pseudo-legal.
    pub fn moves(&self, position: &Position) -> MoveList {
        if self.legal {
            position.legal_moves(self.piece, self.castling)
        } else {
            position.pseudo_legal_moves(self.piece, self.castling)
        }
    }
}

/// The answer to `moves` in a position: `{"moves"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionMoves {
    /// Every move.
    pub moves: Moves,
}

/// Answers `moves` in `position`.
pub fn position_moves(req: &PositionMovesRequest, position: &Position) -> PositionMoves {
    PositionMoves {
        moves: Moves::from(&req.moves(position)),
    }
}

/// `moves`: of pieces on squares, or in a position. Each variant holds a request that only its
/// constructor builds, so this enum holds no combination the rulebook refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesRequest {
    /// Pieces on squares.
    Pieces(PieceMovesRequest),
    /// A position.
    Position(Position, PositionMovesRequest),
}

/// The raw form of `moves`, every option as a front end read it: the position and the
/// pieces in whatever form the front end holds them until they are read (the query: a
/// position and a bitboard; the command line: its `--fen`/`--batch` source and its INPUT), or
/// `None` when not given. [`MovesAsked::try_from`] applies the rulebook to it; nothing else
/// decides whether a rule applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovesForm<P, Q> {
    /// The position(s), if given.
    pub position: Option<P>,
    /// The moving pieces on squares, if given.
    pub pieces: Option<Q>,
    /// Which piece moves.
    pub piece: Leaper,
    /// Only legal moves asked for.
    pub legal: bool,
    /// Castling asked for.
    pub castling: bool,
}

/// `moves` as the rulebook lets it be asked: of pieces (if given: the command line and the
/// query each say in their own words that they are missing), or in positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesAsked<P, Q> {
    /// Pseudo-legal moves of the pieces (if given) of `piece`.
    Pieces(Option<Q>, Leaper),
    /// The side to move's moves in the position(s), as the request says.
    Position(P, PositionMovesRequest),
}

impl<P, Q> TryFrom<MovesForm<P, Q>> for MovesAsked<P, Q> {
    type Error = Error;

    /// Pieces or a position, not both (field `input`); `legal` and `castling` only with a
    /// position (their fields); castling only for a king (field `castling`).
    fn try_from(f: MovesForm<P, Q>) -> Result<Self, Error> {
        rules::pieces_or_position(f.pieces.is_some(), f.position.is_some())
            .map_err(|e| e.at("input"))?;
        match f.position {
            Some(position) => Ok(MovesAsked::Position(
                position,
                PositionMovesRequest::new(f.piece, f.legal, f.castling)?,
            )),
            None => {
                rules::needs_position(f.legal, false).map_err(|e| e.at("legal"))?;
                rules::needs_position(f.castling, false).map_err(|e| e.at("castling"))?;
                Ok(MovesAsked::Pieces(f.pieces, f.piece))
            }
        }
    }
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

query!(MovesQuery { fen, piece = Leaper::default(), legal, castling, input, own });
query!(MovesRequest via MovesQuery);

impl TryFrom<MovesQuery> for MovesRequest {
    type Error = Error;

    fn try_from(q: MovesQuery) -> Result<MovesRequest, Error> {
        if q.fen.is_some() {
            form::rule(&q.own, |_| rules::pieces_or_position(true, true))?;
        }
        let asked = MovesAsked::try_from(MovesForm {
            position: q.fen,
            pieces: form::value(&q.input),
            piece: q.piece,
            legal: form::value(&q.legal).unwrap_or(false),
            castling: form::value(&q.castling).unwrap_or(false),
        })?;
        Ok(match asked {
            MovesAsked::Position(position, request) => MovesRequest::Position(position, request),
            MovesAsked::Pieces(pieces, piece) => MovesRequest::Pieces(PieceMovesRequest::new(
                pieces.ok_or_else(|| form::missing("input"))?,
                form::value(&q.own).unwrap_or(Bitboard::EMPTY),
                piece,
            )),
        })
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
        MovesRequest::Position(position, r) => MoveSet::Position(position_moves(r, position)),
    }
}

/// `forks`: the side to move's knight forks against some of the opponent's pieces. In
/// `/api/forks`: the position `fen`, against `targets` (letters, default kqr). Built by
/// [`ForksRequest::new`]; its fields are private:
///
/// ```compile_fail,E0451
/// use knightbits::position::Position;
/// use knightbits_api::{position::ForksRequest, values::Targets};
/// let r = ForksRequest { position: Position::default(), targets: Targets::default() };
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForksRequest {
    position: Position,
    targets: Targets,
}

impl ForksRequest {
    /// The side to move's forks in `position` against the opponent's `targets`.
    pub fn new(position: Position, targets: Targets) -> Self {
        ForksRequest { position, targets }
    }
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
