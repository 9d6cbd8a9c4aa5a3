//! `Position` and `Forks`: one position's questions, with python-chess's conventions.

use knightbits::position::Setup;
use knightbits::position::{MoveList, Position};
use knightbits::{Bitboard, Color};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use pyo3::types::{PyTuple, PyType};

use crate::args;
use crate::method::Piece;

/// UCI strings of a move list (sorted, as the library gives them).
pub fn uci(moves: &MoveList) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// A list of UCI strings as Python writes it: `['d5c7', 'd5e7']`.
fn list(moves: &[String]) -> String {
    let items: Vec<String> = moves.iter().map(|m| format!("'{m}'")).collect();
    format!("[{}]", items.join(", "))
}

/// The legal moves of `piece` in `pos`, castling included for the king.
pub fn legal_moves(pos: &Position, piece: Piece) -> MoveList {
    match piece {
        Piece::Knight => pos.legal_knight_moves(),
        Piece::King => pos.legal_king_moves(true),
    }
}

/// A chess position, read from a FEN string or a python-chess ``chess.Board`` (through its
/// bitboards, not a FEN round trip) and checked as the library checks a FEN: one king a side,
/// no pawn on rank 1 or 8, the side not to move not in check, castling rights with king and
/// rook in place, an en passant square a double push can have left. Immutable, hashable,
/// picklable.
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

    /// The squares of `side`'s pieces of type `piece` (a name such as "knight" or a
    /// python-chess piece type), as a bitboard int.
    fn pieces(&self, side: &Bound<'_, PyAny>, piece: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(self.pos.pieces(args::side(side)?, args::role(piece)?).0)
    }

    /// The legal moves of the side to move's knights or king (``piece="knight"`` or
    /// ``"king"``), as sorted UCI strings; castling is the king's move (``e1g1``).
    #[pyo3(signature = (piece = "knight"))]
    fn legal_moves(&self, piece: &str) -> PyResult<Vec<String>> {
        Ok(uci(&legal_moves(&self.pos, Piece::parse(piece)?)))
    }

    /// The squares `side`'s pieces of type `piece` attack, as a bitboard int (knight and king
    /// sets ignore occupancy; sliders stop at the first piece).
    fn attacks(&self, side: &Bound<'_, PyAny>, piece: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(self.pos.attacks_by(args::side(side)?, args::role(piece)?).0)
    }

    /// Is the side to move in check?
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// The knight forks of the side to move against the opponent's pieces named by
    /// ``targets`` (letters, default king, queens and rooks).
    #[pyo3(signature = (targets = "kqr"))]
    fn forks(&self, targets: &str) -> PyResult<Forks> {
        let targets = self.pos.targets(&args::roles(targets)?);
        Ok(Forks::of(&self.pos, targets))
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

/// The knight forks of the side to move (the CLI's ``forks --json`` fields): ``squares``, every
/// square (empty or occupied) from which a knight attacks at least two targets, as a bitboard
/// int; ``moves``, the legal knight moves landing on one; ``forced_moves``, those whose
/// destination no enemy pawn or knight attacks; ``royal_moves``, the legal knight moves that
/// give check and attack a queen. Moves are sorted UCI strings.
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
    /// The legal knight moves that give check and attack a queen.
    #[pyo3(get)]
    pub royal_moves: Vec<String>,
}

impl Forks {
    /// The forks of `pos` against `targets`.
    pub fn of(pos: &Position, targets: Bitboard) -> Forks {
        let f = pos.forks_against(targets);
        Forks {
            squares: f.squares.0,
            moves: uci(&f.moves),
            forced_moves: uci(&f.forced_moves),
            royal_moves: uci(&f.royal_moves),
        }
    }
}

#[pymethods]
impl Forks {
    #[new]
    fn new(
        squares: u64,
        moves: Vec<String>,
        forced_moves: Vec<String>,
        royal_moves: Vec<String>,
    ) -> Forks {
        Forks {
            squares,
            moves,
            forced_moves,
            royal_moves,
        }
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
/// into plain parts (so the checks can run with the GIL released).
pub enum Source {
    /// A FEN string.
    Fen(pyo3::pybacked::PyBackedStr),
    /// A `chess.Board`'s bitboards.
    Setup(Setup),
    /// A `knightbits.Position`, already checked.
    Position(Position),
}

impl Source {
    /// Reads a FEN `str`, a `knightbits.Position` or a `chess.Board` (through its attributes).
    pub fn read(obj: &Bound<'_, PyAny>) -> PyResult<Source> {
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(Source::Fen(s.clone().try_into()?));
        }
        if let Ok(p) = obj.cast::<PyPosition>() {
            return Ok(Source::Position(p.get().pos));
        }
        board_setup(obj).map(Source::Setup)
    }

    /// The position, checked as a FEN is.
    pub fn position(&self) -> Result<Position, String> {
        match self {
            Source::Fen(fen) => Position::from_fen(fen).map_err(|e| e.to_string()),
            Source::Setup(setup) => Position::from_setup(*setup).map_err(|e| e.to_string()),
            Source::Position(pos) => Ok(*pos),
        }
    }
}

/// Reads a `chess.Board` (python-chess) through its attributes: `occupied_co` (index `True` is
/// white), `pawns` … `kings`, `turn`, `castling_rights`, `ep_square` (a potential en passant
/// square, as knightbits keeps it), `halfmove_clock` and `fullmove_number`.
fn board_setup<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Setup> {
    let py = obj.py();
    // python-chess keeps these as plain instance attributes: one dict lookup each in the
    // instance's `__dict__` (fewer steps than `getattr`), `getattr` for anything else.
    let dict = obj
        .getattr(intern!(py, "__dict__"))
        .ok()
        .and_then(|d| d.cast_into::<PyDict>().ok());
    let attr = |name: &Bound<'py, PyString>| -> PyResult<Bound<'py, PyAny>> {
        match dict
            .as_ref()
            .map(|d| d.get_item(name))
            .transpose()?
            .flatten()
        {
            Some(value) => Ok(value),
            None => obj.getattr(name),
        }
    };
    let Ok(occupied) = attr(intern!(py, "occupied_co")) else {
        return Err(PyTypeError::new_err(format!(
            "a position is a FEN string, a chess.Board or a knightbits.Position, not {}",
            args::type_name(obj)
        )));
    };
    let bits = |name: &Bound<'py, PyString>| -> PyResult<Bitboard> { args::bitboard(&attr(name)?) };
    let ep = attr(intern!(py, "ep_square"))?;
    let counter = |name: &Bound<'py, PyString>| -> PyResult<u32> {
        attr(name)?
            .extract::<u32>()
            .map_err(|_| PyValueError::new_err(format!("board.{name} is not a count below 2**32")))
    };
    Ok(Setup {
        by_color: [
            args::bitboard(&occupied.get_item(1)?)?,
            args::bitboard(&occupied.get_item(0)?)?,
        ],
        by_role: [
            bits(intern!(py, "pawns"))?,
            bits(intern!(py, "knights"))?,
            bits(intern!(py, "bishops"))?,
            bits(intern!(py, "rooks"))?,
            bits(intern!(py, "queens"))?,
            bits(intern!(py, "kings"))?,
        ],
        turn: if attr(intern!(py, "turn"))?.is_truthy()? {
            Color::White
        } else {
            Color::Black
        },
        castling: bits(intern!(py, "castling_rights"))?,
        ep_square: if ep.is_none() {
            None
        } else {
            Some(args::square(&ep)?)
        },
        halfmoves: counter(intern!(py, "halfmove_clock"))?,
        fullmoves: counter(intern!(py, "fullmove_number"))?,
    })
}

/// A position argument, checked (a bad one is a `ValueError` with the library's message).
pub fn position(obj: &Bound<'_, PyAny>) -> PyResult<Position> {
    Source::read(obj)?.position().map_err(PyValueError::new_err)
}
