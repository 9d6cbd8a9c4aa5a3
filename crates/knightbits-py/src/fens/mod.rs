//! Batches of positions: `forks_batch` and `legal_moves_batch` over a sequence of FENs (or
//! boards), parsed and answered with the GIL released, results as numpy arrays (moves as CSR:
//! offsets and from/to squares) with a plain-Python form beside them, one row per move as a
//! dict of arrays (or a pandas DataFrame), and row selection by index, slice or index array.

use knightbits::position::{MoveList, Position, Role};
use knightbits::technique::Leaper;
use numpy::ToPyArray;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyString;

pub(crate) mod batch;

use self::batch::{Csr, Errors, ForksBatch, MoveBatch};
use crate::args;
use crate::errors::{Failure, Kind, named};
use crate::position::{self, DEFAULT_TARGETS, Source};

/// Reads every item of `fens` with the GIL held (strings are kept, boards read into parts).
/// An item that is no position at all (a wrong type, a variant's board) raises at once, or is
/// kept as its error when `masked`. A bare string or bytes is refused: it is one FEN, and
/// iterating it would read each character as a position.
fn sources(fens: &Bound<'_, PyAny>, masked: bool) -> PyResult<Vec<Source>> {
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

/// Parses every source; the first error is returned with its index unless `masked`.
#[allow(clippy::type_complexity)]
fn positions(
    sources: &[Source],
    masked: bool,
) -> Result<Vec<Result<Position, Failure>>, (usize, Failure)> {
    let mut out = Vec::with_capacity(sources.len());
    for (i, s) in sources.iter().enumerate() {
        let p = s.position();
        if let (Err(e), false) = (&p, masked) {
            return Err((i, e.clone()));
        }
        out.push(p);
    }
    Ok(out)
}

/// The fewest positions a thread of [`in_parallel`] is given.
const MIN_CHUNK: usize = 1024;
/// The most threads [`in_parallel`] starts.
const MAX_THREADS: usize = 8;

/// Runs `work` on consecutive chunks of `sources`, one chunk per core (at most
/// [`MAX_THREADS`], each of at least [`MIN_CHUNK`] positions; a small batch runs on the
/// calling thread alone), and returns the chunks' results in order. An error carries the
/// index within its chunk; it is returned with its index in `sources` (the first one).
fn in_parallel<T: Send>(
    sources: &[Source],
    work: impl Fn(&[Source]) -> Result<T, (usize, Failure)> + Sync,
) -> Result<Vec<T>, (usize, Failure)> {
    if sources.len() < 2 * MIN_CHUNK {
        return work(sources).map(|t| vec![t]);
    }
    // Read once: `available_parallelism` reads the process's cgroup limits each call.
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let cores = *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let threads = cores.min(MAX_THREADS).min(sources.len() / MIN_CHUNK).max(1);
    if threads == 1 {
        return work(sources).map(|t| vec![t]);
    }
    let size = sources.len().div_ceil(threads);
    let chunks: Vec<&[Source]> = sources.chunks(size).collect();
    let results: Vec<Result<T, (usize, Failure)>> = std::thread::scope(|scope| {
        let work = &work;
        let handles: Vec<_> = chunks[1..]
            .iter()
            .map(|chunk| scope.spawn(move || work(chunk)))
            .collect();
        let mut results = vec![work(chunks[0])];
        // A chunk's thread cannot panic (the work returns errors), so join only fails if
        // the work itself has a bug: re-raise it on this thread then.
        results.extend(
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))),
        );
        results
    });
    results
        .into_iter()
        .enumerate()
        .map(|(k, r)| r.map_err(|(i, f)| (k * size + i, f)))
        .collect()
}

/// Splits parse results into the valid mask and the error messages.
fn validity(parsed: &[Result<Position, Failure>]) -> (Vec<bool>, Errors) {
    let valid = parsed.iter().map(Result::is_ok).collect();
    let errors = parsed
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.as_ref().err().map(|e| (i, e.message().to_string())))
        .collect();
    (valid, errors)
}

/// The knight forks of every position of ``fens`` (a sequence of FEN strings, ``chess.Board``s
/// or ``Position``s; a bare string is refused) for its side to move, against the opponent's
/// pieces named by ``targets`` (piece letters, default king, queens and rooks): a
/// ``ForksBatch``. The FENs are parsed and answered with the GIL released, a large batch
/// split across the machine's cores (one thread per 1,024 positions, at most 8). A position that
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
    let sources = sources(fens, masked)?;
    let (parsed, squares, lists) = py
        .detach(|| {
            let parts = in_parallel(&sources, |chunk| {
                let parsed = positions(chunk, masked)?;
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
                Ok((parsed, squares, lists))
            })?;
            let mut all = (
                Vec::with_capacity(sources.len()),
                Vec::with_capacity(sources.len()),
                [
                    Csr::with_rows(sources.len()),
                    Csr::with_rows(sources.len()),
                    Csr::with_rows(sources.len()),
                ],
            );
            for (parsed, squares, lists) in parts {
                all.0.extend(parsed);
                all.1.extend(squares);
                for (into, part) in all.2.iter_mut().zip(lists) {
                    into.append(part);
                }
            }
            Ok(all)
        })
        .map_err(|(i, f): (usize, Failure)| f.raise("fens", i))?;
    let (valid, errors) = validity(&parsed);
    let valid = valid.to_pyarray(py).unbind();
    let [moves, forced, royal] = lists;
    Ok(ForksBatch {
        squares: squares.to_pyarray(py).unbind(),
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
    let (piece, castling): (Leaper, bool) = position::piece_and_castling(piece, castling)?;
    let sources = sources(fens, masked)?;
    let (parsed, csr) = py
        .detach(|| {
            let parts = in_parallel(&sources, |chunk| {
                let parsed = positions(chunk, masked)?;
                let mut csr = Csr::with_rows(parsed.len());
                let none = MoveList::default();
                for p in &parsed {
                    match p {
                        Ok(pos) => csr.push(&position::legal_moves(pos, piece, castling)),
                        Err(_) => csr.push(&none),
                    }
                }
                Ok((parsed, csr))
            })?;
            let mut all = (
                Vec::with_capacity(sources.len()),
                Csr::with_rows(sources.len()),
            );
            for (parsed, csr) in parts {
                all.0.extend(parsed);
                all.1.append(csr);
            }
            Ok(all)
        })
        .map_err(|(i, f): (usize, Failure)| f.raise("fens", i))?;
    let (valid, errors) = validity(&parsed);
    Ok(csr.into_py(py, &valid.to_pyarray(py).unbind(), &errors))
}
