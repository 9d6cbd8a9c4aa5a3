//! Batches of positions: `forks_batch` and `legal_moves_batch` over a sequence of FENs (or
//! boards), parsed and answered with the GIL released, results as numpy arrays (moves as CSR:
//! offsets and from/to squares) with a plain-Python form beside them.

use std::collections::BTreeMap;

use knightbits::Square;
use knightbits::position::{Move, MoveKind, MoveList, Position, Role};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods, ToPyArray};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use crate::args;
use crate::method::Piece;
use crate::position::{self, Forks, Source};

/// Reads every item of `fens` with the GIL held (strings are kept, boards read into parts).
fn sources(fens: &Bound<'_, PyAny>) -> PyResult<Vec<Source>> {
    let mut out = Vec::with_capacity(fens.len().unwrap_or(0));
    for (i, item) in fens.try_iter()?.enumerate() {
        out.push(Source::read(&item?).map_err(|e| {
            let py = fens.py();
            PyErr::from_type(e.get_type(py), format!("fens[{i}]: {}", e.value(py)))
        })?);
    }
    Ok(out)
}

/// How a bad FEN is handled: `"raise"` (a `ValueError` naming its index) or `"mask"` (its
/// `valid` entry is False, its results empty, and the batch goes on).
fn mask(errors: &str) -> PyResult<bool> {
    match errors {
        "raise" => Ok(false),
        "mask" => Ok(true),
        _ => Err(PyValueError::new_err(format!(
            "errors={errors:?}: expected \"raise\" or \"mask\""
        ))),
    }
}

/// Parses every source; the first error is returned with its index unless `masked`.
fn positions(sources: &[Source], masked: bool) -> Result<Vec<Result<Position, String>>, String> {
    let mut out = Vec::with_capacity(sources.len());
    for (i, s) in sources.iter().enumerate() {
        let p = s.position();
        if let (Err(e), false) = (&p, masked) {
            return Err(format!("fens[{i}]: {e}"));
        }
        out.push(p);
    }
    Ok(out)
}

/// Python's index `i` (negative from the end) into `n` rows, or an `IndexError`.
fn row_index(i: isize, n: usize) -> PyResult<usize> {
    let j = if i < 0 { i + n as isize } else { i };
    usize::try_from(j)
        .ok()
        .filter(|&j| j < n)
        .ok_or_else(|| PyIndexError::new_err("batch index out of range"))
}

/// What `__reduce__` gives: a class and the arguments to call it with.
type Reduced<'py> = (Bound<'py, PyType>, Bound<'py, PyTuple>);

/// `__reduce__`'s answer: rebuild a `T` by calling it with `parts`.
fn reduce<'py, T: pyo3::PyTypeInfo>(
    py: Python<'py>,
    parts: Vec<Py<PyAny>>,
) -> PyResult<Reduced<'py>> {
    Ok((py.get_type::<T>(), PyTuple::new(py, parts)?))
}

/// Move lists in CSR form, filled as the batch goes.
#[derive(Clone, Default)]
struct Csr {
    offsets: Vec<i64>,
    from: Vec<u8>,
    to: Vec<u8>,
}

impl Csr {
    fn with_rows(rows: usize) -> Csr {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        Csr {
            offsets,
            ..Csr::default()
        }
    }

    fn push(&mut self, moves: &MoveList) {
        for m in moves.iter() {
            self.from.push(m.from as u8);
            self.to.push(m.to as u8);
        }
        self.offsets.push(self.from.len() as i64);
    }

    fn into_py(self, py: Python<'_>, valid: &Py<PyArray1<bool>>) -> MoveBatch {
        MoveBatch {
            offsets: self.offsets.to_pyarray(py).unbind(),
            from_squares: self.from.to_pyarray(py).unbind(),
            to_squares: self.to.to_pyarray(py).unbind(),
            valid: valid.clone_ref(py),
        }
    }
}

/// Moves of a batch of positions in CSR form: the moves of position ``i`` are
/// ``from_squares[offsets[i]:offsets[i+1]]`` to ``to_squares[…]`` (numpy ``int64`` offsets,
/// ``uint8`` squares a1 = 0), sorted as UCI text; ``valid[i]`` is False for a FEN that did not
/// parse (with ``errors="mask"``). ``batch[i]`` and ``batch.tolist()`` give UCI strings.
#[pyclass(module = "knightbits", name = "MoveBatch", frozen)]
pub struct MoveBatch {
    /// Row ``i``'s moves are ``offsets[i]`` to ``offsets[i+1]``; ``len(offsets) == len(batch) + 1``.
    #[pyo3(get)]
    offsets: Py<PyArray1<i64>>,
    /// The squares the moves leave (a1 = 0).
    #[pyo3(get)]
    from_squares: Py<PyArray1<u8>>,
    /// The squares the moves land on (a1 = 0).
    #[pyo3(get)]
    to_squares: Py<PyArray1<u8>>,
    /// False where the FEN did not parse.
    #[pyo3(get)]
    valid: Py<PyArray1<bool>>,
}

impl MoveBatch {
    fn row(&self, py: Python<'_>, i: usize) -> PyResult<Vec<String>> {
        let offsets = self.offsets.bind(py).readonly();
        let offsets = offsets.as_slice()?;
        let from = self.from_squares.bind(py).readonly();
        let to = self.to_squares.bind(py).readonly();
        let (from, to) = (from.as_slice()?, to.as_slice()?);
        let (a, b) = (offsets[i] as usize, offsets[i + 1] as usize);
        (a..b)
            .map(|k| {
                let square = |n: u8| {
                    Square::from_index(n).ok_or_else(|| {
                        PyValueError::new_err(format!("square {n} is not in 0..=63"))
                    })
                };
                // `Move`'s Display is the UCI text; the kind does not show in it.
                let m = Move {
                    from: square(from[k])?,
                    to: square(to[k])?,
                    kind: MoveKind::Quiet,
                };
                Ok(m.to_string())
            })
            .collect()
    }
}

#[pymethods]
impl MoveBatch {
    #[new]
    fn new(
        offsets: Py<PyArray1<i64>>,
        from_squares: Py<PyArray1<u8>>,
        to_squares: Py<PyArray1<u8>>,
        valid: Py<PyArray1<bool>>,
    ) -> MoveBatch {
        MoveBatch {
            offsets,
            from_squares,
            to_squares,
            valid,
        }
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.valid.bind(py).len()
    }

    /// The moves of position ``i`` as UCI strings.
    fn __getitem__(&self, py: Python<'_>, i: isize) -> PyResult<Vec<String>> {
        self.row(py, row_index(i, self.__len__(py))?)
    }

    /// Every position's moves as lists of UCI strings.
    fn tolist(&self, py: Python<'_>) -> PyResult<Vec<Vec<String>>> {
        (0..self.__len__(py)).map(|i| self.row(py, i)).collect()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "<MoveBatch: {} positions, {} moves>",
            self.__len__(py),
            self.from_squares.bind(py).len()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        reduce::<MoveBatch>(slf.py(), slf.get().parts(slf.py())?)
    }
}

impl MoveBatch {
    /// The constructor's arguments that rebuild `self` (for pickling).
    fn parts(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let b = self;
        Ok(vec![
            b.offsets.clone_ref(py).into_any(),
            b.from_squares.clone_ref(py).into_any(),
            b.to_squares.clone_ref(py).into_any(),
            b.valid.clone_ref(py).into_any(),
        ])
    }
}

/// The forks of a batch of positions: ``squares`` (numpy ``uint64``, one bitboard per
/// position), ``moves``, ``forced_moves`` and ``royal_moves`` (each a ``MoveBatch``), ``valid``
/// (numpy ``bool``) and ``errors`` (index -> message, for ``errors="mask"``). ``batch[i]`` is
/// position ``i``'s ``Forks``.
#[pyclass(module = "knightbits", name = "ForksBatch", frozen)]
pub struct ForksBatch {
    /// The fork squares of each position (0 where the FEN did not parse).
    #[pyo3(get)]
    squares: Py<PyArray1<u64>>,
    /// The legal knight moves onto a fork square.
    #[pyo3(get)]
    moves: Py<MoveBatch>,
    /// The moves whose destination no enemy pawn or knight attacks.
    #[pyo3(get)]
    forced_moves: Py<MoveBatch>,
    /// The legal knight moves that give check and attack a queen.
    #[pyo3(get)]
    royal_moves: Py<MoveBatch>,
    /// False where the FEN did not parse.
    #[pyo3(get)]
    valid: Py<PyArray1<bool>>,
    /// The message of each FEN that did not parse, by index.
    #[pyo3(get)]
    errors: BTreeMap<usize, String>,
}

#[pymethods]
impl ForksBatch {
    #[new]
    fn new(
        squares: Py<PyArray1<u64>>,
        moves: Py<MoveBatch>,
        forced_moves: Py<MoveBatch>,
        royal_moves: Py<MoveBatch>,
        valid: Py<PyArray1<bool>>,
        errors: BTreeMap<usize, String>,
    ) -> ForksBatch {
        ForksBatch {
            squares,
            moves,
            forced_moves,
            royal_moves,
            valid,
            errors,
        }
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.valid.bind(py).len()
    }

    /// Position ``i``'s forks.
    fn __getitem__(&self, py: Python<'_>, i: isize) -> PyResult<Forks> {
        let j = row_index(i, self.__len__(py))?;
        Ok(Forks {
            squares: self.squares.bind(py).readonly().as_slice()?[j],
            moves: self.moves.get().row(py, j)?,
            forced_moves: self.forced_moves.get().row(py, j)?,
            royal_moves: self.royal_moves.get().row(py, j)?,
        })
    }

    /// Every position's ``Forks``.
    fn tolist(&self, py: Python<'_>) -> PyResult<Vec<Forks>> {
        (0..self.__len__(py) as isize)
            .map(|i| self.__getitem__(py, i))
            .collect()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "<ForksBatch: {} positions, {} invalid>",
            self.__len__(py),
            self.errors.len()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        reduce::<ForksBatch>(slf.py(), slf.get().parts(slf.py())?)
    }
}

impl ForksBatch {
    /// The constructor's arguments that rebuild `self` (for pickling).
    fn parts(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let b = self;
        Ok(vec![
            b.squares.clone_ref(py).into_any(),
            b.moves.clone_ref(py).into_any(),
            b.forced_moves.clone_ref(py).into_any(),
            b.royal_moves.clone_ref(py).into_any(),
            b.valid.clone_ref(py).into_any(),
            b.errors.clone().into_pyobject(py)?.into_any().unbind(),
        ])
    }
}

/// Splits parse results into the valid mask and the error messages.
fn validity(parsed: &[Result<Position, String>]) -> (Vec<bool>, BTreeMap<usize, String>) {
    let valid = parsed.iter().map(Result::is_ok).collect();
    let errors = parsed
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.as_ref().err().map(|e| (i, e.clone())))
        .collect();
    (valid, errors)
}

/// The knight forks of every position of ``fens`` (a sequence of FEN strings, ``chess.Board``s
/// or ``Position``s) for its side to move, against the opponent's pieces named by ``targets``:
/// a ``ForksBatch``. The FENs are parsed and answered with the GIL released. A bad FEN raises
/// ``ValueError`` naming its index, or with ``errors="mask"`` is marked in ``valid`` and
/// ``errors`` and the batch goes on.
#[pyfunction]
#[pyo3(signature = (fens, targets = "kqr", errors = "raise"))]
pub fn forks_batch(
    py: Python<'_>,
    fens: &Bound<'_, PyAny>,
    targets: &str,
    errors: &str,
) -> PyResult<ForksBatch> {
    let masked = mask(errors)?;
    let roles: Vec<Role> = args::roles(targets)?;
    let sources = sources(fens)?;
    let (parsed, squares, lists) = py
        .detach(|| {
            let parsed = positions(&sources, masked)?;
            let mut squares = Vec::with_capacity(parsed.len());
            let mut lists = [
                Csr::with_rows(parsed.len()),
                Csr::with_rows(parsed.len()),
                Csr::with_rows(parsed.len()),
            ];
            let none = MoveList::default();
            for p in &parsed {
                match p {
                    Ok(pos) => {
                        let f = pos.forks_against(pos.targets(&roles));
                        squares.push(f.squares.0);
                        lists[0].push(&f.moves);
                        lists[1].push(&f.forced_moves);
                        lists[2].push(&f.royal_moves);
                    }
                    Err(_) => {
                        squares.push(0);
                        lists.iter_mut().for_each(|l| l.push(&none));
                    }
                }
            }
            Ok::<_, String>((parsed, squares, lists))
        })
        .map_err(PyValueError::new_err)?;
    let (valid, errors) = validity(&parsed);
    let valid = valid.to_pyarray(py).unbind();
    let [moves, forced, royal] = lists;
    Ok(ForksBatch {
        squares: squares.to_pyarray(py).unbind(),
        moves: Py::new(py, moves.into_py(py, &valid))?,
        forced_moves: Py::new(py, forced.into_py(py, &valid))?,
        royal_moves: Py::new(py, royal.into_py(py, &valid))?,
        valid,
        errors,
    })
}

/// The legal moves of the side to move's knights or king (castling as the king's move) in
/// every position of ``fens`` (FEN strings, ``chess.Board``s or ``Position``s): a
/// ``MoveBatch``. Parsed and answered with the GIL released; bad FENs as in ``forks_batch``.
#[pyfunction]
#[pyo3(signature = (fens, piece = "knight", errors = "raise"))]
pub fn legal_moves_batch(
    py: Python<'_>,
    fens: &Bound<'_, PyAny>,
    piece: &str,
    errors: &str,
) -> PyResult<MoveBatch> {
    let masked = mask(errors)?;
    let piece = Piece::parse(piece)?;
    let sources = sources(fens)?;
    let (valid, csr) = py
        .detach(|| {
            let parsed = positions(&sources, masked)?;
            let mut csr = Csr::with_rows(parsed.len());
            let none = MoveList::default();
            for p in &parsed {
                match p {
                    Ok(pos) => csr.push(&position::legal_moves(pos, piece)),
                    Err(_) => csr.push(&none),
                }
            }
            Ok::<_, String>((parsed.iter().map(Result::is_ok).collect::<Vec<bool>>(), csr))
        })
        .map_err(PyValueError::new_err)?;
    let valid = valid.to_pyarray(py).unbind();
    Ok(csr.into_py(py, &valid))
}
