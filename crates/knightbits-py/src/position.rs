//! `Position` and `Forks`: one position's questions, with python-chess's conventions.

use knightbits::position::Setup;
use knightbits::position::{MoveList, Position, Role};
use knightbits::technique::Leaper;
use knightbits::{Bitboard, Color};
use knightbits_api::position::{ForksRequest, PositionMovesRequest};
use knightbits_api::values::Targets;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use pyo3::types::{PyTuple, PyType};

use crate::args;
use crate::errors::{self, Failure, Kind, named};

/// The default fork targets: king, queens and rooks (the library's [`Position::FORK_ROLES`]).
pub const DEFAULT_TARGETS: [Role; 3] = Position::FORK_ROLES;

/// `pieces`'s arguments in python-chess's order (piece type, color); the old order (color,
/// piece type) is swapped back with a `DeprecationWarning`.
fn ordered<'py>(
    first: &Bound<'py, PyAny>,
    second: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    if args::is_side(first) && !args::is_side(second) {
        let py = first.py();
        PyErr::warn(
            py,
            &py.get_type::<pyo3::exceptions::PyDeprecationWarning>(),
            c"Position.pieces(color, piece_type) is deprecated: python-chess's order is pieces(piece_type, color)",
            1,
        )?;
        return Ok((second.clone(), first.clone()));
    }
    Ok((first.clone(), second.clone()))
}

/// UCI strings of a move list (sorted, as the library gives them).
pub fn uci(moves: &MoveList) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// A list of UCI strings as Python writes it: `['d5c7', 'd5e7']`.
fn list(moves: &[String]) -> String {
    let items: Vec<String> = moves.iter().map(|m| format!("'{m}'")).collect();
    format!("[{}]", items.join(", "))
}

/// The `piece` and `castling` arguments of `legal_moves`, as the API's request of legal
/// moves, built by its constructor: castling is the king's move, so `castling=True` with the
/// knight is refused there (`rules::castling`), in the command line's words, for the argument
/// the refusal names.
pub fn legal_moves_request(
    piece: Option<&Bound<'_, PyAny>>,
    castling: Option<&Bound<'_, PyAny>>,
) -> PyResult<PositionMovesRequest> {
    let piece = match piece.filter(|p| !p.is_none()) {
        Some(p) => args::piece(p, "piece")?,
        None => Leaper::default(),
    };
    let castling = match castling.filter(|c| !c.is_none()) {
        Some(c) => args::flag(c, "castling")?,
        None => false,
    };
    PositionMovesRequest::new(piece, true, castling)
        .map_err(|e| named(Kind::Option, e.field().unwrap_or("castling"), &e))
}

/// A chess position, read from a FEN string or a python-chess ``chess.Board`` (through its
/// bitboards, not a FEN round trip) and checked as the library checks a FEN: one king a side,
/// no pawn on rank 1 or 8, the side not to move not in check, castling rights with king and
/// rook in place, an en passant square a double push can have left. Standard chess only: a
/// board of another variant (``uci_variant`` other than ``"chess"``, or chess960 with castling
/// rights) raises ``VariantError``. Immutable, hashable, picklable.
///
/// >>> p = Position("q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1")
/// >>> p.forks().moves
/// ['d5c7']
#[pyclass(module = "knightbits", name = "Position", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPosition {
    pub pos: Position,
}

#[pymethods]
impl PyPosition {
    #[new]
    fn new(fen_or_board: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        Ok(PyPosition {
            pos: position(fen_or_board)?,
        })
    }

    /// The position as a FEN, all six fields.
    fn fen(&self) -> String {
        self.pos.to_string()
    }

    /// The side to move: True for white, as python-chess's ``board.turn``.
    #[getter]
    fn turn(&self) -> bool {
        self.pos.turn() == knightbits::Color::White
    }

    /// The squares of ``color``'s pieces of type ``piece_type``, as a bitboard int, in
    /// python-chess's order: ``pos.pieces(chess.KNIGHT, chess.WHITE)``. A piece type is
    /// python-chess's number or a name (``"knight"``, any case); a color is ``chess.WHITE`` /
    /// ``chess.BLACK`` or ``"white"`` / ``"black"``. The old order (color first) still works
    /// and warns (``DeprecationWarning``).
    fn pieces(&self, piece_type: &Bound<'_, PyAny>, color: &Bound<'_, PyAny>) -> PyResult<u64> {
        let (piece_type, color) = ordered(piece_type, color)?;
        Ok(self
            .pos
            .pieces(
                args::side(&color, "color")?,
                args::role(&piece_type, "piece_type")?,
            )
            .0)
    }

    /// The legal moves of the side to move's knights or king (``piece=chess.KNIGHT`` or
    /// ``chess.KING``, or their names), as sorted UCI strings. Castling is the king's move
    /// (``e1g1``, as python-chess writes it in standard chess), listed only with
    /// ``castling=True``, as the command line's ``--castling``.
    #[pyo3(signature = (piece = None, castling = None),
           text_signature = "(self, /, piece='knight', castling=False)")]
    fn legal_moves(
        &self,
        piece: Option<&Bound<'_, PyAny>>,
        castling: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<String>> {
        let request = legal_moves_request(piece, castling)?;
        Ok(uci(&request.moves(&self.pos)))
    }

    /// The squares ``color``'s pieces of type ``piece_type`` attack together, as a bitboard
    /// int (knight and king sets ignore occupancy; bishops, rooks and queens stop at the
    /// first piece in each direction; pawns attack diagonally forward). python-chess's
    /// ``Board.attacks(square)`` is one square's attacks; this is a whole piece type's.
    fn attacks_by(&self, piece_type: &Bound<'_, PyAny>, color: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(self
            .pos
            .attacks_by(
                args::side(color, "color")?,
                args::role(piece_type, "piece_type")?,
            )
            .0)
    }

    /// Is the side to move in check?
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// The knight forks of the side to move against the opponent's pieces named by
    /// ``targets`` (piece letters, any case; default king, queens and rooks): a ``Forks``.
    #[pyo3(signature = (targets = None), text_signature = "(self, /, targets='kqr')")]
    fn forks(&self, targets: Option<&Bound<'_, PyAny>>) -> PyResult<Forks> {
        let roles = match targets.filter(|t| !t.is_none()) {
            Some(t) => args::roles(t, "targets")?,
            None => DEFAULT_TARGETS.to_vec(),
        };
        let request = ForksRequest::new(self.pos, Targets::of(&roles));
        Ok(Forks::from(knightbits_api::position::forks(&request)))
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.pos)
    }

    fn __str__(&self) -> String {
        self.pos.diagram(Bitboard::EMPTY).to_string()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        Ok((
            py.get_type::<PyPosition>(),
            PyTuple::new(py, [slf.get().pos.to_string()])?,
        ))
    }
}

/// The knight forks of the side to move (the command line's ``forks --json`` fields):
/// ``squares``, every square (empty or occupied) from which a knight attacks at least two
/// targets, as a bitboard int; ``moves``, the legal knight moves landing on one;
/// ``forced_moves``, those whose destination no enemy pawn or knight attacks (the fork cannot
/// be answered by taking the knight with a pawn or knight); ``royal_moves``, the legal knight
/// moves after which the moved knight itself gives check and attacks a queen (a "royal
/// fork"). Discovered checks are not royal: the knight does not attack the king (in
/// ``4k3/1q6/8/8/4N3/8/8/4R1K1 w - - 0 1``, e4c5 gives check by the rook and attacks the queen,
/// and is not listed). ``royal_moves`` does not depend on ``targets``. Moves are sorted UCI
/// strings.
#[pyclass(module = "knightbits", name = "Forks", frozen, eq)]
#[derive(Clone, PartialEq, Eq)]
pub struct Forks {
    /// The fork squares, as a bitboard int.
    #[pyo3(get)]
    pub squares: u64,
    /// The legal knight moves onto a fork square.
    #[pyo3(get)]
    pub moves: Vec<String>,
    /// The moves whose destination no enemy pawn or knight attacks.
    #[pyo3(get)]
    pub forced_moves: Vec<String>,
    /// The legal knight moves after which the knight gives check and attacks a queen.
    #[pyo3(get)]
    pub royal_moves: Vec<String>,
}

impl From<knightbits_api::position::Forks> for Forks {
    /// The API's answer to `forks`, with python-chess's ints and UCI strings.
    fn from(f: knightbits_api::position::Forks) -> Forks {
        let uci = |moves: &knightbits_api::Moves| -> Vec<String> {
            moves.as_slice().iter().map(|m| m.to_string()).collect()
        };
        Forks {
            squares: f.squares.0.0,
            moves: uci(&f.moves),
            forced_moves: uci(&f.forced_moves),
            royal_moves: uci(&f.royal_moves),
        }
    }
}

#[pymethods]
impl Forks {
    #[new]
    #[pyo3(text_signature = "(squares, moves, forced_moves, royal_moves)")]
    fn new(
        squares: &Bound<'_, PyAny>,
        moves: &Bound<'_, PyAny>,
        forced_moves: &Bound<'_, PyAny>,
        royal_moves: &Bound<'_, PyAny>,
    ) -> PyResult<Forks> {
        let list = |obj: &Bound<'_, PyAny>, name: &str| -> PyResult<Vec<String>> {
            if obj.is_instance_of::<PyString>() {
                return Err(named(Kind::Type, name, "a list of UCI strings, not a str"));
            }
            obj.extract::<Vec<String>>().map_err(|_| {
                named(
                    Kind::Type,
                    name,
                    format!("a list of UCI strings, not {}", args::type_name(obj)),
                )
            })
        };
        Ok(Forks {
            squares: args::bitboard(squares, "squares")?.0,
            moves: list(moves, "moves")?,
            forced_moves: list(forced_moves, "forced_moves")?,
            royal_moves: list(royal_moves, "royal_moves")?,
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "Forks(squares={:#018x}, moves={}, forced_moves={}, royal_moves={})",
            self.squares,
            list(&self.moves),
            list(&self.forced_moves),
            list(&self.royal_moves)
        )
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyType>,
        (u64, Vec<String>, Vec<String>, Vec<String>),
    )> {
        let f = slf.get().clone();
        Ok((
            slf.py().get_type::<Forks>(),
            (f.squares, f.moves, f.forced_moves, f.royal_moves),
        ))
    }
}

/// What a position argument holds before it is checked: the FEN text, or a board already read
/// into plain parts (so the checks can run with the GIL released), or why it is not one.
pub enum Source {
    /// A FEN string.
    Fen(pyo3::pybacked::PyBackedStr),
    /// A `chess.Board`'s bitboards.
    Setup(Setup),
    /// A `knightbits.Position`, already checked.
    Position(Position),
    /// Not a position (a wrong type, a variant's board): the error, raised or masked later.
    Bad(Failure),
}

/// The error for an argument that is not a position at all.
fn not_a_position(obj: &Bound<'_, PyAny>) -> Failure {
    Failure {
        kind: Kind::Type,
        message: format!(
            "a position is a FEN string, a chess.Board or a knightbits.Position, not {}",
            args::type_name(obj)
        ),
        fen: None,
    }
}

impl Source {
    /// Reads a FEN `str`, a `knightbits.Position` or a `chess.Board` (through its attributes)
    /// given as `argument`; anything else is a `Source::Bad`.
    pub fn read(obj: &Bound<'_, PyAny>, argument: &str) -> PyResult<Source> {
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(Source::Fen(s.clone().try_into()?));
        }
        if let Ok(p) = obj.cast::<PyPosition>() {
            return Ok(Source::Position(p.get().pos));
        }
        match board_setup(obj, argument) {
            Ok(setup) => Ok(Source::Setup(setup)),
            Err(Ok(failure)) => Ok(Source::Bad(failure)),
            Err(Err(e)) => Err(e),
        }
    }

    /// The position, checked as a FEN is (a board's errors say "invalid board").
    pub fn position(&self) -> Result<Position, Failure> {
        match self {
            Source::Fen(fen) => fen_position(fen),
            Source::Setup(setup) => Position::from_setup(*setup).map_err(|e| {
                let text = e.to_string();
                let detail = text
                    .strip_prefix("invalid fen: ")
                    .or_else(|| text.strip_prefix("invalid setup: "))
                    .unwrap_or(&text);
                Failure {
                    kind: Kind::Position,
                    message: format!("invalid board: {detail}"),
                    fen: None,
                }
            }),
            Source::Position(pos) => Ok(*pos),
            Source::Bad(f) => Err(f.clone()),
        }
    }
}

/// The position of a FEN, or its `FenError` carrying the text.
pub fn fen_position(fen: &str) -> Result<Position, Failure> {
    Position::from_fen(fen).map_err(|e| Failure {
        kind: Kind::Fen,
        message: e.to_string(),
        fen: Some(fen.to_string()),
    })
}

/// The first board class whose `uci_variant` was seen to be `"chess"` (python-chess's
/// `chess.Board`, in practice).
static STANDARD: pyo3::sync::PyOnceLock<Py<PyType>> = pyo3::sync::PyOnceLock::new();

/// Reads a `chess.Board` (python-chess) through its attributes: `occupied_co` (index `True` is
/// white), `pawns` … `kings`, `turn`, `castling_rights`, `ep_square` (a potential en passant
/// square, as knightbits keeps it), `halfmove_clock` and `fullmove_number`. A board of a
/// variant, a `chess.BaseBoard` or a board whose attributes do not read is an `Ok(Failure)`;
/// `Err` only for an error of Python itself (such as `MemoryError`).
fn board_setup<'py>(obj: &Bound<'py, PyAny>, argument: &str) -> Result<Setup, PyResult<Failure>> {
    let py = obj.py();
    let fail = |kind: Kind, message: String| Failure {
        kind,
        message,
        fen: None,
    };
    let read = (|| -> PyResult<Result<Setup, Failure>> {
        // python-chess keeps these as plain instance attributes: one dict lookup each in the
        // instance's `__dict__` (fewer steps than `getattr`), `getattr` for anything else.
        let dict = obj
            .getattr(intern!(py, "__dict__"))
            .ok()
            .and_then(|d| d.cast_into::<PyDict>().ok());
        let attr = |name: &Bound<'py, PyString>| -> PyResult<Option<Bound<'py, PyAny>>> {
            match dict
                .as_ref()
                .map(|d| d.get_item(name))
                .transpose()?
                .flatten()
            {
                Some(value) => Ok(Some(value)),
                None => Ok(obj.getattr(name).ok()),
            }
        };
        let Some(occupied) = attr(intern!(py, "occupied_co"))? else {
            return Ok(Err(not_a_position(obj)));
        };
        // python-chess's boards name their rules in the class attribute `uci_variant`; the
        // first class seen to say "chess" is remembered, so its boards skip the lookup.
        let class = obj.get_type();
        let known = STANDARD.get(py).is_some_and(|t| class.is(t));
        if !known
            && let Ok(variant) = obj.getattr(intern!(py, "uci_variant"))
            && !variant.is_none()
            && variant.ne(intern!(py, "chess"))?
        {
            return Ok(Err(fail(
                Kind::Variant,
                format!(
                    "variant '{}' is not supported (standard chess only)",
                    variant.str()?
                ),
            )));
        }
        let Some(turn) = attr(intern!(py, "turn"))? else {
            return Ok(Err(fail(
                Kind::Type,
                format!(
                    "a {} has no side to move, castling rights or en passant square: pass a \
                     chess.Board (chess.Board(board.board_fen()) makes one, white to move)",
                    args::type_name(obj)
                ),
            )));
        };
        let need = |name: &Bound<'py, PyString>| -> PyResult<Bound<'py, PyAny>> {
            attr(name)?.ok_or_else(|| {
                named(
                    Kind::Type,
                    "board",
                    format!(
                        "a chess.Board has .{name}, this {} has not",
                        args::type_name(obj)
                    ),
                )
            })
        };
        let bits = |name: &Bound<'py, PyString>, label: &str| -> PyResult<Bitboard> {
            args::bitboard(&need(name)?, label)
        };
        let castling = bits(intern!(py, "castling_rights"), "board.castling_rights")?;
        if let Some(c960) = attr(intern!(py, "chess960"))?
            && c960.is_truthy()?
            && castling.0 != 0
        {
            return Ok(Err(fail(
                Kind::Variant,
                "variant 'chess960' with castling rights is not supported (its castling moves \
                 differ): clear board.castling_rights or use standard chess"
                    .into(),
            )));
        }
        if !known {
            let _ = STANDARD.set(py, class.unbind());
        }
        let ep = need(intern!(py, "ep_square"))?;
        let counter = |name: &Bound<'py, PyString>| -> PyResult<u32> {
            need(name)?.extract::<u32>().map_err(|_| {
                named(
                    Kind::Position,
                    &format!("board.{name}"),
                    "not a count below 2**32",
                )
            })
        };
        let occupied_name = "board.occupied_co";
        Ok(Ok(Setup {
            by_color: [
                args::bitboard(&occupied.get_item(1)?, occupied_name)?,
                args::bitboard(&occupied.get_item(0)?, occupied_name)?,
            ],
            by_role: [
                bits(intern!(py, "pawns"), "board.pawns")?,
                bits(intern!(py, "knights"), "board.knights")?,
                bits(intern!(py, "bishops"), "board.bishops")?,
                bits(intern!(py, "rooks"), "board.rooks")?,
                bits(intern!(py, "queens"), "board.queens")?,
                bits(intern!(py, "kings"), "board.kings")?,
            ],
            turn: if turn.is_truthy()? {
                Color::White
            } else {
                Color::Black
            },
            castling,
            ep_square: if ep.is_none() {
                None
            } else {
                Some(args::square(&ep, "board.ep_square")?)
            },
            halfmoves: counter(intern!(py, "halfmove_clock"))?,
            fullmoves: counter(intern!(py, "fullmove_number"))?,
        }))
    })();
    match read {
        Ok(Ok(setup)) => Ok(setup),
        Ok(Err(failure)) => Err(Ok(failure)),
        // The package's own errors (a bad attribute) are kept; anything else an odd object
        // raised while being read is reported as not a board.
        Err(e) => Err(errors::failure_of(py, e, argument)),
    }
}

/// A position argument, checked (a bad one raises the package's error: `FenError`,
/// `PositionError`, `VariantError` or `ArgumentTypeError`).
pub fn position(obj: &Bound<'_, PyAny>) -> PyResult<Position> {
    let argument = "fen_or_board";
    Source::read(obj, argument)?.position().map_err(|f| {
        // The argument is the only one: its message is the library's line as it is.
        errors::build(f.kind, argument, f.message, None, f.fen.as_deref())
    })
}
