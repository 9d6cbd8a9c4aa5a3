//! Batches of positions: `forks_batch` and `legal_moves_batch` over a sequence of FENs (or
//! boards), parsed and answered with the GIL released, results as numpy arrays (moves as CSR:
//! offsets and from/to squares) with a plain-Python form beside them, one row per move as a
//! dict of arrays (or a pandas DataFrame), and row selection by index, slice or index array.

use knightbits::position::{Position, Role};
use numpy::IntoPyArray;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyList, PyString, PyTuple};

pub(crate) mod batch;

use self::batch::{Csr, Errors, ForksBatch, MoveBatch};
use crate::args;
use crate::errors::{Failure, Kind, named};
use crate::position::{self, DEFAULT_TARGETS, Source, fen_position};

/// The positions of a batch as read from Python with the GIL held.
enum Items {
    /// A list or tuple of `str` only: the FENs joined by NUL (one call into Python, one
    /// UTF-8 text) and where each starts; FEN `i` ends one byte before `starts[i + 1]`.
    Joined {
        text: PyBackedStr,
        starts: Vec<usize>,
    },
    /// Anything else (boards, `Position`s, `None`, other iterables): item by item.
    Sources(Vec<Source>),
}

impl Items {
    fn len(&self) -> usize {
        match self {
            Items::Joined { starts, .. } => starts.len() - 1,
            Items::Sources(sources) => sources.len(),
        }
    }

    /// Item `i`'s position or why it is none.
    fn position(&self, i: usize) -> Result<Position, Failure> {
        match self {
            Items::Joined { text, starts } => fen_position(&text[starts[i]..starts[i + 1] - 1]),
            Items::Sources(sources) => sources[i].position(),
        }
    }
}

/// Reads `fens` (see [`sources`]); a list or tuple of `str` with no NUL in them is joined
/// into one text instead of read string by string.
fn items(fens: &Bound<'_, PyAny>, masked: bool) -> PyResult<Items> {
    let exact = fens.is_exact_instance_of::<PyList>() || fens.is_exact_instance_of::<PyTuple>();
    if exact && let Some(joined) = joined(fens) {
        return Ok(joined);
    }
    sources(fens, masked).map(Items::Sources)
}

/// `"\0".join(fens)` split back at each NUL, or `None` (and nothing raised) when an item is
/// no `str`, a `str` holds a NUL or does not encode as UTF-8: the item-by-item reading then
/// decides. `fens` is an exact list or tuple, so the join runs no Python code of the caller's.
fn joined(fens: &Bound<'_, PyAny>) -> Option<Items> {
    let py = fens.py();
    let n = fens.len().ok().filter(|&n| n > 0)?;
    let text = intern!(py, "\0")
        .call_method1(intern!(py, "join"), (fens,))
        .ok()?;
    let text: PyBackedStr = text.cast_into::<PyString>().ok()?.try_into().ok()?;
    // The split needs no Python: other threads run meanwhile.
    let starts = py.detach(|| {
        let mut starts = Vec::with_capacity(n + 1);
        starts.push(0);
        // A `char` pattern searches with `memchr`, a word at a time.
        starts.extend(text.match_indices('\0').map(|(i, _)| i + 1));
        starts.push(text.len() + 1);
        starts
    });
    (starts.len() == n + 1).then_some(Items::Joined { text, starts })
}

/// Reads every item of `fens` with the GIL held (strings are kept, boards read into parts).
/// An item that is no position at all (a wrong type, a variant's board) raises at once, or is
/// kept as its error when `masked`. A bare string or bytes is refused: it is one FEN, and
/// iterating it would read each character as a position.
fn sources(fens: &Bound<'_, PyAny>, masked: bool) -> PyResult<Vec<Source>> {
    let iter = fens.try_iter().map_err(|_| {
        named(
            Kind::Type,
            "fens",
            format!(
                "a sequence of FEN strings, chess.Boards or knightbits.Positions, not {}",
                args::type_name(fens)
            ),
        )
    })?;
    let mut out = Vec::with_capacity(fens.len().unwrap_or(0));
    for (i, item) in iter.enumerate() {
        let source = Source::read(&item?, "fens")?;
        if let (Source::Bad(failure), false) = (&source, masked) {
            return Err(failure.raise("fens", i));
        }
        out.push(source);
    }
    Ok(out)
}

/// Refuses a bare string or bytes given as a batch: it is one FEN, and iterating it would
/// read each character as a position.
fn not_one_string(fens: &Bound<'_, PyAny>) -> PyResult<()> {
    if fens.is_instance_of::<PyString>() || fens.hasattr(intern!(fens.py(), "decode"))? {
        return Err(named(
            Kind::Type,
            "fens",
            format!(
                "a sequence of positions, not a single {} (pass [fen] for one)",
                args::type_name(fens)
            ),
        ));
    }
    Ok(())
}

/// The positions a chunk of [`in_parallel`] holds (a thread claims one chunk at a time).
const CHUNK: usize = 1024;
/// The most threads [`in_parallel`] starts.
const MAX_THREADS: usize = 8;

/// What a chunk of a batch gives: its rows' answers, `valid` flags and masked errors.
struct Part<T> {
    rows: T,
    valid: Vec<bool>,
    errors: Vec<(usize, String)>,
}

/// Answers rows `0..n` in chunks of [`CHUNK`]: `work(i, pos)` appends row `i`'s answer to a
/// `T` (made by `empty` for each chunk), `skip` appends an empty row for a position that does
/// not read (`masked`; otherwise the first such position's error is returned with its index).
/// A batch of two chunks or more is shared by one thread per core (at most [`MAX_THREADS`]),
/// each claiming the next chunk when done with one, so a core slowed by other work takes
/// fewer chunks; the parts come back in row order.
fn in_parallel<T: Send>(
    items: &Items,
    masked: bool,
    empty: impl Fn(usize) -> T + Sync,
    work: impl Fn(&mut T, Position) + Sync,
    skip: impl Fn(&mut T) + Sync,
) -> Result<Vec<Part<T>>, (usize, Failure)> {
    let n = items.len();
    let chunk = |range: std::ops::Range<usize>| -> Result<Part<T>, (usize, Failure)> {
        let mut part = Part {
            rows: empty(range.len()),
            valid: Vec::with_capacity(range.len()),
            errors: Vec::new(),
        };
        for i in range {
            match items.position(i) {
                Ok(pos) => {
                    work(&mut part.rows, pos);
                    part.valid.push(true);
                }
                Err(failure) if masked => {
                    skip(&mut part.rows);
                    part.valid.push(false);
                    part.errors.push((i, failure.message().to_string()));
                }
                Err(failure) => return Err((i, failure)),
            }
        }
        Ok(part)
    };
    // Read once: `available_parallelism` reads the process's cgroup limits each call.
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let cores = *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let chunks = n.div_ceil(CHUNK);
    let threads = cores.min(MAX_THREADS).min(chunks);
    if threads <= 1 {
        return chunk(0..n).map(|part| vec![part]);
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let claim = || {
        let mut done = Vec::new();
        loop {
            let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if k >= chunks {
                return done;
            }
            done.push((k, chunk(k * CHUNK..n.min((k + 1) * CHUNK))));
        }
    };
    let mut done: Vec<_> = std::thread::scope(|scope| {
        let claim = &claim;
        let handles: Vec<_> = (1..threads).map(|_| scope.spawn(claim)).collect();
        let mut done = claim();
        // A chunk cannot panic (the work returns errors), so join only fails if the work
        // itself has a bug: re-raise it on this thread then.
        for h in handles {
            done.extend(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
        }
        done
    });
    done.sort_unstable_by_key(|&(k, _)| k);
    done.into_iter().map(|(_, part)| part).collect()
}

/// The parts' `valid` flags and errors, in row order.
fn validity<T>(parts: &[Part<T>]) -> (Vec<bool>, Errors) {
    let valid = parts.iter().flat_map(|p| p.valid.iter().copied()).collect();
    let errors = parts
        .iter()
        .flat_map(|p| p.errors.iter().cloned())
        .collect();
    (valid, errors)
}

/// The knight forks of every position of ``fens`` (a sequence of FEN strings, ``chess.Board``s
/// or ``Position``s; a bare string is refused) for its side to move, against the opponent's
/// pieces named by ``targets`` (piece letters, default king, queens and rooks): a
/// ``ForksBatch``. The FENs are parsed and answered with the GIL released, a batch of more
/// than 1,024 positions shared by a thread per core (at most 8) in chunks of 1,024. A position that
/// does not read (a bad FEN, None, a variant's board) raises the package's error with its
/// ``index``, or with ``errors="mask"`` is marked in ``valid`` and ``errors`` and the batch
/// goes on.
#[pyfunction]
#[pyo3(signature = (fens, targets = None, errors = None),
       text_signature = "(fens, targets='kqr', errors='raise')")]
pub fn forks_batch(
    py: Python<'_>,
    fens: &Bound<'_, PyAny>,
    targets: Option<&Bound<'_, PyAny>>,
    errors: Option<&Bound<'_, PyAny>>,
) -> PyResult<ForksBatch> {
    let masked = errors
        .filter(|e| !e.is_none())
        .map(args::mask)
        .transpose()?
        .unwrap_or(false);
    let roles: Vec<Role> = match targets.filter(|t| !t.is_none()) {
        Some(t) => args::roles(t, "targets")?,
        None => DEFAULT_TARGETS.to_vec(),
    };
    not_one_string(fens)?;
    let items = items(fens, masked)?;
    let targets = |pos: &Position| pos.targets(&roles);
    let (parts, squares, lists) = py
        .detach(|| {
            let parts = in_parallel(
                &items,
                masked,
                |rows| {
                    (
                        Vec::with_capacity(rows),
                        [(); 3].map(|()| Csr::with_rows(rows)),
                    )
                },
                |(squares, [moves, forced, royal]), pos| {
                    let f = pos.fork_sets(targets(&pos));
                    squares.push(f.squares.0);
                    moves.push(f.moves());
                    forced.push(f.forced_moves());
                    royal.push(f.royal_moves());
                },
                |(squares, lists)| {
                    squares.push(0);
                    lists.iter_mut().for_each(|l| l.push(std::iter::empty()));
                },
            )?;
            let n = items.len();
            let mut squares = Vec::with_capacity(n);
            let mut lists = [(); 3].map(|()| Csr::with_rows(n));
            for part in &parts {
                squares.extend_from_slice(&part.rows.0);
                for (into, rows) in lists.iter_mut().zip(&part.rows.1) {
                    into.append(rows);
                }
            }
            Ok((parts, squares, lists))
        })
        .map_err(|(i, f): (usize, Failure)| f.raise("fens", i))?;
    let (valid, errors) = validity(&parts);
    let valid = valid.into_pyarray(py).unbind();
    let [moves, forced, royal] = lists;
    Ok(ForksBatch {
        squares: squares.into_pyarray(py).unbind(),
        moves: Py::new(py, moves.into_py(py, &valid, &errors))?,
        forced_moves: Py::new(py, forced.into_py(py, &valid, &errors))?,
        royal_moves: Py::new(py, royal.into_py(py, &valid, &errors))?,
        valid,
        errors,
    })
}

/// The legal moves of the side to move's knights or king (``piece=chess.KNIGHT`` or
/// ``chess.KING``, or their names; castling only with ``castling=True``) in every position of
/// ``fens`` (FEN strings, ``chess.Board``s or ``Position``s): a ``MoveBatch``. Parsed and
/// answered with the GIL released; positions that do not read as in ``forks_batch``.
#[pyfunction]
#[pyo3(signature = (fens, piece = None, errors = None, castling = None),
       text_signature = "(fens, piece='knight', errors='raise', castling=False)")]
pub fn legal_moves_batch(
    py: Python<'_>,
    fens: &Bound<'_, PyAny>,
    piece: Option<&Bound<'_, PyAny>>,
    errors: Option<&Bound<'_, PyAny>>,
    castling: Option<&Bound<'_, PyAny>>,
) -> PyResult<MoveBatch> {
    let masked = errors
        .filter(|e| !e.is_none())
        .map(args::mask)
        .transpose()?
        .unwrap_or(false);
    let request = position::legal_moves_request(piece, castling)?;
    not_one_string(fens)?;
    let items = items(fens, masked)?;
    let (parts, csr) = py
        .detach(|| {
            let parts = in_parallel(
                &items,
                masked,
                Csr::with_rows,
                |csr, pos| csr.push(request.moves(&pos).iter().copied()),
                |csr| csr.push(std::iter::empty()),
            )?;
            let mut csr = Csr::with_rows(items.len());
            for part in &parts {
                csr.append(&part.rows);
            }
            Ok((parts, csr))
        })
        .map_err(|(i, f): (usize, Failure)| f.raise("fens", i))?;
    let (valid, errors) = validity(&parts);
    Ok(csr.into_py(py, &valid.into_pyarray(py).unbind(), &errors))
}
