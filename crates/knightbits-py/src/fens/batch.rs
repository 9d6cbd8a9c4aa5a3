//! The batch result classes, `MoveBatch` and `ForksBatch`: row selection, rows, tables and pickling.

use std::collections::BTreeMap;

use knightbits::Square;
use knightbits::position::{Move, MoveKind};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods, ToPyArray};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyTuple, PyType};

use crate::args;
use crate::errors::{Kind, named};
use crate::position::Forks;

/// The rows a key selects: one row (an int), or several (a slice, an index array, a boolean
/// mask: whatever numpy's indexing of `arange(n)` accepts).
enum Rows {
    One(usize),
    Many(Vec<usize>),
}

/// Reads `key` as rows of a batch of `n`: Python's rules (negative from the end, IndexError
/// past the end), numpy's for arrays and slices.
fn rows(key: &Bound<'_, PyAny>, n: usize) -> PyResult<Rows> {
    let py = key.py();
    if key.is_instance_of::<PyInt>() && !key.is_instance_of::<PyBool>() {
        let i: i64 = key.extract().unwrap_or(i64::MAX);
        let j = if i < 0 { i + n as i64 } else { i };
        return usize::try_from(j)
            .ok()
            .filter(|&j| j < n)
            .map(Rows::One)
            .ok_or_else(|| PyIndexError::new_err(format!("batch index {i} out of range")));
    }
    let numpy = py.import("numpy")?;
    let all = numpy.call_method1("arange", (n,))?;
    let picked = all.get_item(key).map_err(|e| {
        if e.is_instance_of::<PyIndexError>(py) {
            e
        } else {
            named(
                Kind::Type,
                "index",
                format!(
                    "a batch is indexed by an int, a slice, an int array or a boolean mask, not {}",
                    args::type_name(key)
                ),
            )
        }
    })?;
    let picked = numpy.call_method1("asarray", (picked, "int64"))?;
    if picked.getattr("ndim")?.extract::<usize>()? == 0 {
        return Ok(Rows::One(picked.call_method0("item")?.extract::<usize>()?));
    }
    let picked = picked.call_method0("ravel")?;
    let picked = picked.cast::<PyArray1<i64>>()?.readonly();
    Ok(Rows::Many(
        picked.as_slice()?.iter().map(|&i| i as usize).collect(),
    ))
}

/// A constructor's numpy array argument of element type `T`, refused by name otherwise.
fn array<T: numpy::Element>(
    obj: &Bound<'_, PyAny>,
    name: &str,
    dtype: &str,
) -> PyResult<Py<PyArray1<T>>> {
    obj.cast::<PyArray1<T>>()
        .map(|a| a.clone().unbind())
        .map_err(|_| {
            named(
                Kind::Type,
                name,
                format!("a 1-D numpy.{dtype} array, not {}", args::type_name(obj)),
            )
        })
}

/// A constructor's `errors` argument: a dict of index to message.
fn error_map(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Errors> {
    match obj.filter(|o| !o.is_none()) {
        None => Ok(Errors::new()),
        Some(o) => o.extract::<Errors>().map_err(|_| {
            named(
                Kind::Type,
                "errors",
                format!("a dict of int to str, not {}", args::type_name(o)),
            )
        }),
    }
}

/// Move lists in CSR form, filled as the batch goes.
#[derive(Clone, Default)]
pub(super) struct Csr {
    offsets: Vec<i64>,
    from: Vec<u8>,
    to: Vec<u8>,
}

impl Csr {
    pub(super) fn with_rows(rows: usize) -> Csr {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        Csr {
            offsets,
            ..Csr::default()
        }
    }

    /// Appends the rows of `other` after this one's.
    pub(super) fn append(&mut self, other: &Csr) {
        let base = self.from.len() as i64;
        self.offsets
            .extend(other.offsets[1..].iter().map(|o| o + base));
        self.from.extend_from_slice(&other.from);
        self.to.extend_from_slice(&other.to);
    }

    /// Appends a row of `moves`.
    pub(super) fn push(&mut self, moves: impl IntoIterator<Item = Move>) {
        for m in moves {
            self.from.push(m.from as u8);
            self.to.push(m.to as u8);
        }
        self.offsets.push(self.from.len() as i64);
    }

    pub(super) fn into_py(
        self,
        py: Python<'_>,
        valid: &Py<PyArray1<bool>>,
        errors: &Errors,
    ) -> MoveBatch {
        MoveBatch {
            offsets: self.offsets.into_pyarray(py).unbind(),
            from_squares: self.from.into_pyarray(py).unbind(),
            to_squares: self.to.into_pyarray(py).unbind(),
            valid: valid.clone_ref(py),
            errors: errors.clone(),
        }
    }
}

/// The message of each row that did not parse, by index.
pub(super) type Errors = BTreeMap<usize, String>;

/// What `__reduce__` gives: a class and the arguments to call it with.
type Reduced<'py> = (Bound<'py, PyType>, Bound<'py, PyTuple>);

/// The errors of the rows `picked`, renumbered in their new order.
fn pick_errors(errors: &Errors, picked: &[usize]) -> Errors {
    picked
        .iter()
        .enumerate()
        .filter_map(|(new, old)| errors.get(old).map(|e| (new, e.clone())))
        .collect()
}

/// `pandas.DataFrame(table)`, or an `ImportError` saying how to get pandas.
fn dataframe<'py>(table: Bound<'py, PyDict>) -> PyResult<Bound<'py, PyAny>> {
    let py = table.py();
    let pandas = py.import("pandas").map_err(|_| {
        pyo3::exceptions::PyImportError::new_err(
            "to_pandas() needs pandas (pip install pandas); table() gives the same columns as a dict of numpy arrays",
        )
    })?;
    pandas.call_method1("DataFrame", (table,))
}

/// Moves of a batch of positions in CSR form: the moves of position ``i`` are
/// ``from_squares[offsets[i]:offsets[i+1]]`` to ``to_squares[…]`` (numpy ``int64`` offsets,
/// ``uint8`` squares a1 = 0), sorted as UCI text; ``valid[i]`` is False for a position that
/// did not read (with ``errors="mask"``), and ``errors`` maps its index to the message.
/// ``batch[i]`` gives position ``i``'s moves as UCI strings; ``batch[2:5]``, ``batch[[0, 3]]``
/// or ``batch[mask]`` a new ``MoveBatch`` of those rows; ``batch.table()`` one row per move.
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
    /// False where the position did not read.
    #[pyo3(get)]
    valid: Py<PyArray1<bool>>,
    /// The message of each position that did not read, by index.
    #[pyo3(get)]
    errors: Errors,
}

impl MoveBatch {
    /// Are the arrays one CSR table: offsets from 0, never falling, ending at the number of
    /// moves, one more than the rows; squares below 64?
    fn check(&self, py: Python<'_>) -> PyResult<()> {
        let offsets = self.offsets.bind(py).readonly();
        let offsets = offsets.as_slice()?;
        let from = self.from_squares.bind(py).readonly();
        let to = self.to_squares.bind(py).readonly();
        let (from, to) = (from.as_slice()?, to.as_slice()?);
        let ok = offsets.len() == self.valid.bind(py).len() + 1
            && offsets.first() == Some(&0)
            && offsets.windows(2).all(|w| w[0] <= w[1])
            && offsets.last().is_some_and(|&l| l as usize == from.len())
            && from.len() == to.len()
            && from.iter().chain(to).all(|&s| s < 64);
        if ok {
            Ok(())
        } else {
            Err(named(
                Kind::Value,
                "offsets",
                "offsets, from_squares, to_squares and valid are not one move table",
            ))
        }
    }

    /// Row `i`'s moves as `(from, to)` square numbers.
    fn pairs(&self, py: Python<'_>, i: usize) -> PyResult<Vec<(u8, u8)>> {
        let offsets = self.offsets.bind(py).readonly();
        let offsets = offsets.as_slice()?;
        let from = self.from_squares.bind(py).readonly();
        let to = self.to_squares.bind(py).readonly();
        let (from, to) = (from.as_slice()?, to.as_slice()?);
        let (a, b) = (offsets[i] as usize, offsets[i + 1] as usize);
        Ok((a..b).map(|k| (from[k], to[k])).collect())
    }

    fn row(&self, py: Python<'_>, i: usize) -> PyResult<Vec<String>> {
        self.pairs(py, i)?
            .into_iter()
            .map(|(f, t)| {
                let square = |n: u8| {
                    Square::from_index(n).ok_or_else(|| {
                        named(
                            Kind::Square,
                            "from_squares",
                            format!("square {n} is not in 0..=63"),
                        )
                    })
                };
                // `Move`'s Display is the UCI text; the kind does not show in it.
                let m = Move {
                    from: square(f)?,
                    to: square(t)?,
                    kind: MoveKind::Quiet,
                };
                Ok(m.to_string())
            })
            .collect()
    }

    /// A new batch of the rows `picked`.
    fn select(&self, py: Python<'_>, picked: &[usize]) -> PyResult<MoveBatch> {
        let mut csr = Csr::with_rows(picked.len());
        for &i in picked {
            for (f, t) in self.pairs(py, i)? {
                csr.from.push(f);
                csr.to.push(t);
            }
            csr.offsets.push(csr.from.len() as i64);
        }
        let valid = self.valid.bind(py).readonly();
        let valid = valid.as_slice()?;
        let valid: Vec<bool> = picked.iter().map(|&i| valid[i]).collect();
        Ok(csr.into_py(
            py,
            &valid.to_pyarray(py).unbind(),
            &pick_errors(&self.errors, picked),
        ))
    }

    /// The row (position index) of every move, in order.
    fn positions(&self, py: Python<'_>) -> PyResult<Vec<i64>> {
        let offsets = self.offsets.bind(py).readonly();
        let offsets = offsets.as_slice()?;
        let mut out = Vec::with_capacity(self.from_squares.bind(py).len());
        for (i, w) in offsets.windows(2).enumerate() {
            out.extend(std::iter::repeat_n(i as i64, (w[1] - w[0]) as usize));
        }
        Ok(out)
    }
}

#[pymethods]
impl MoveBatch {
    #[new]
    #[pyo3(signature = (offsets, from_squares, to_squares, valid, errors = None),
           text_signature = "(offsets, from_squares, to_squares, valid, errors={})")]
    fn new(
        offsets: &Bound<'_, PyAny>,
        from_squares: &Bound<'_, PyAny>,
        to_squares: &Bound<'_, PyAny>,
        valid: &Bound<'_, PyAny>,
        errors: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<MoveBatch> {
        let batch = MoveBatch {
            offsets: array(offsets, "offsets", "int64")?,
            from_squares: array(from_squares, "from_squares", "uint8")?,
            to_squares: array(to_squares, "to_squares", "uint8")?,
            valid: array(valid, "valid", "bool")?,
            errors: error_map(errors)?,
        };
        batch.check(offsets.py())?;
        Ok(batch)
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.valid.bind(py).len()
    }

    /// ``batch[i]``: position ``i``'s moves as UCI strings; ``batch[2:5]``, ``batch[[0, 3]]``,
    /// ``batch[mask]``: a new ``MoveBatch`` of those rows.
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Ok(match rows(key, self.__len__(py))? {
            Rows::One(i) => self.row(py, i)?.into_pyobject(py)?.into_any().unbind(),
            Rows::Many(picked) => Py::new(py, self.select(py, &picked)?)?.into_any(),
        })
    }

    /// Every position's moves as lists of UCI strings.
    fn tolist(&self, py: Python<'_>) -> PyResult<Vec<Vec<String>>> {
        (0..self.__len__(py)).map(|i| self.row(py, i)).collect()
    }

    /// One row per move, as a dict of numpy arrays of equal length: ``position`` (the batch
    /// index, int64), ``from_square`` and ``to_square`` (uint8, a1 = 0).
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("position", self.positions(py)?.to_pyarray(py))?;
        d.set_item(
            "from_square",
            self.from_squares.bind(py).call_method0("copy")?,
        )?;
        d.set_item("to_square", self.to_squares.bind(py).call_method0("copy")?)?;
        Ok(d)
    }

    /// ``table()`` as a pandas ``DataFrame`` (pandas is optional: ``ImportError`` without it).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        dataframe(self.table(py)?)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "<MoveBatch: {} positions, {} moves, {} invalid>",
            self.__len__(py),
            self.from_squares.bind(py).len(),
            self.errors.len()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let py = slf.py();
        let b = slf.get();
        let parts = vec![
            b.offsets.clone_ref(py).into_any(),
            b.from_squares.clone_ref(py).into_any(),
            b.to_squares.clone_ref(py).into_any(),
            b.valid.clone_ref(py).into_any(),
            b.errors.clone().into_pyobject(py)?.into_any().unbind(),
        ];
        Ok((py.get_type::<MoveBatch>(), PyTuple::new(py, parts)?))
    }
}

/// The forks of a batch of positions: ``squares`` (numpy ``uint64``, one bitboard per
/// position; ``square_mask()`` gives them as a boolean ``(N, 64)`` array), ``moves``,
/// ``forced_moves`` and ``royal_moves`` (each a ``MoveBatch``, defined as in ``Forks``),
/// ``valid`` (numpy ``bool``) and ``errors`` (index -> message, for ``errors="mask"``).
/// ``batch[i]`` is position ``i``'s ``Forks``; ``batch[2:5]``, ``batch[[0, 3]]`` or
/// ``batch[mask]`` a new ``ForksBatch``; ``batch.table()`` one row per move with its flags.
#[pyclass(module = "knightbits", name = "ForksBatch", frozen)]
pub struct ForksBatch {
    /// The fork squares of each position (0 where the position did not read).
    #[pyo3(get)]
    pub(super) squares: Py<PyArray1<u64>>,
    /// The legal knight moves onto a fork square.
    #[pyo3(get)]
    pub(super) moves: Py<MoveBatch>,
    /// The moves onto a fork square that no enemy pawn or knight attacks.
    #[pyo3(get)]
    pub(super) forced_moves: Py<MoveBatch>,
    /// The legal knight moves after which the knight gives check and attacks a queen.
    #[pyo3(get)]
    pub(super) royal_moves: Py<MoveBatch>,
    /// False where the position did not read.
    #[pyo3(get)]
    pub(super) valid: Py<PyArray1<bool>>,
    /// The message of each position that did not read, by index.
    #[pyo3(get)]
    pub(super) errors: Errors,
}

impl ForksBatch {
    fn forks(&self, py: Python<'_>, j: usize) -> PyResult<Forks> {
        Ok(Forks {
            squares: self.squares.bind(py).readonly().as_slice()?[j],
            moves: self.moves.get().row(py, j)?,
            forced_moves: self.forced_moves.get().row(py, j)?,
            royal_moves: self.royal_moves.get().row(py, j)?,
        })
    }
}

#[pymethods]
impl ForksBatch {
    #[new]
    #[pyo3(text_signature = "(squares, moves, forced_moves, royal_moves, valid, errors)")]
    fn new(
        squares: &Bound<'_, PyAny>,
        moves: &Bound<'_, PyAny>,
        forced_moves: &Bound<'_, PyAny>,
        royal_moves: &Bound<'_, PyAny>,
        valid: &Bound<'_, PyAny>,
        errors: &Bound<'_, PyAny>,
    ) -> PyResult<ForksBatch> {
        let batch = |obj: &Bound<'_, PyAny>, name: &str| -> PyResult<Py<MoveBatch>> {
            obj.cast::<MoveBatch>()
                .map(|b| b.clone().unbind())
                .map_err(|_| {
                    named(
                        Kind::Type,
                        name,
                        format!("a MoveBatch, not {}", args::type_name(obj)),
                    )
                })
        };
        let py = squares.py();
        let made = ForksBatch {
            squares: array(squares, "squares", "uint64")?,
            moves: batch(moves, "moves")?,
            forced_moves: batch(forced_moves, "forced_moves")?,
            royal_moves: batch(royal_moves, "royal_moves")?,
            valid: array(valid, "valid", "bool")?,
            errors: error_map(Some(errors))?,
        };
        let n = made.valid.bind(py).len();
        let lengths = [
            made.squares.bind(py).len(),
            made.moves.get().__len__(py),
            made.forced_moves.get().__len__(py),
            made.royal_moves.get().__len__(py),
        ];
        if lengths.iter().any(|&l| l != n) {
            return Err(named(
                Kind::Value,
                "valid",
                "squares, moves, forced_moves, royal_moves and valid differ in length",
            ));
        }
        Ok(made)
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.valid.bind(py).len()
    }

    /// ``batch[i]``: position ``i``'s ``Forks``; ``batch[2:5]``, ``batch[[0, 3]]``,
    /// ``batch[mask]``: a new ``ForksBatch`` of those rows.
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let picked = match rows(key, self.__len__(py))? {
            Rows::One(j) => return Ok(Py::new(py, self.forks(py, j)?)?.into_any()),
            Rows::Many(picked) => picked,
        };
        let squares = self.squares.bind(py).readonly();
        let squares = squares.as_slice()?;
        let squares: Vec<u64> = picked.iter().map(|&i| squares[i]).collect();
        let moves = self.moves.get().select(py, &picked)?;
        let valid = moves.valid.clone_ref(py);
        let batch = ForksBatch {
            squares: squares.to_pyarray(py).unbind(),
            moves: Py::new(py, moves)?,
            forced_moves: Py::new(py, self.forced_moves.get().select(py, &picked)?)?,
            royal_moves: Py::new(py, self.royal_moves.get().select(py, &picked)?)?,
            valid,
            errors: pick_errors(&self.errors, &picked),
        };
        Ok(Py::new(py, batch)?.into_any())
    }

    /// Every position's ``Forks``.
    fn tolist(&self, py: Python<'_>) -> PyResult<Vec<Forks>> {
        (0..self.__len__(py)).map(|i| self.forks(py, i)).collect()
    }

    /// The fork squares as a boolean numpy array of shape ``(N, 64)``: ``[i, s]`` is True
    /// when square ``s`` (a1 = 0) is a fork square of position ``i``.
    fn square_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let squares = self.squares.bind(py).readonly();
        let rows: Vec<Vec<bool>> = squares
            .as_slice()?
            .iter()
            .map(|&b| (0..64).map(|s| b >> s & 1 == 1).collect())
            .collect();
        if rows.is_empty() {
            return Ok(PyArray2::zeros(py, [0, 64], false));
        }
        Ok(PyArray2::from_vec2(py, &rows)?)
    }

    /// One row per move that is a fork move or a royal move, as a dict of numpy arrays of
    /// equal length: ``position`` (the batch index, int64), ``from_square`` and ``to_square``
    /// (uint8, a1 = 0), and the flags ``fork`` (lands on a fork square: in ``moves``),
    /// ``forced`` (in ``forced_moves``) and ``royal`` (in ``royal_moves``). Sorted by position,
    /// then as UCI text.
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let (mut position, mut from, mut to) = (Vec::new(), Vec::new(), Vec::new());
        let (mut fork, mut forced, mut royal) = (Vec::new(), Vec::new(), Vec::new());
        let (m, f, r) = (
            self.moves.get(),
            self.forced_moves.get(),
            self.royal_moves.get(),
        );
        for i in 0..self.__len__(py) {
            let (moves, forced_row, royal_row) =
                (m.pairs(py, i)?, f.pairs(py, i)?, r.pairs(py, i)?);
            let mut all: Vec<(u8, u8)> = moves.iter().chain(&royal_row).copied().collect();
            // The order of UCI text: from square's name, then to square's (file before rank).
            let key = |&(a, b): &(u8, u8)| ((a & 7, a >> 3), (b & 7, b >> 3));
            all.sort_by_key(key);
            all.dedup();
            for mv in all {
                position.push(i as i64);
                from.push(mv.0);
                to.push(mv.1);
                fork.push(moves.contains(&mv));
                forced.push(forced_row.contains(&mv));
                royal.push(royal_row.contains(&mv));
            }
        }
        let d = PyDict::new(py);
        d.set_item("position", position.to_pyarray(py))?;
        d.set_item("from_square", from.to_pyarray(py))?;
        d.set_item("to_square", to.to_pyarray(py))?;
        d.set_item("fork", fork.to_pyarray(py))?;
        d.set_item("forced", forced.to_pyarray(py))?;
        d.set_item("royal", royal.to_pyarray(py))?;
        Ok(d)
    }

    /// ``table()`` as a pandas ``DataFrame`` (pandas is optional: ``ImportError`` without it).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        dataframe(self.table(py)?)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "<ForksBatch: {} positions, {} invalid>",
            self.__len__(py),
            self.errors.len()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let py = slf.py();
        let b = slf.get();
        let parts = vec![
            b.squares.clone_ref(py).into_any(),
            b.moves.clone_ref(py).into_any(),
            b.forced_moves.clone_ref(py).into_any(),
            b.royal_moves.clone_ref(py).into_any(),
            b.valid.clone_ref(py).into_any(),
            b.errors.clone().into_pyobject(py)?.into_any().unbind(),
        ];
        Ok((py.get_type::<ForksBatch>(), PyTuple::new(py, parts)?))
    }
}
