//! `count_tours`: the library's count job (`knightbits_count::Count`) driven from
//! Python as the command line drives it: threads, a memory budget, a scratch folder, a
//! checkpoint, and a progress callback; the GIL released while counting, taken back for the
//! callback and to look for Ctrl-C at least every `PROGRESS_EVERY` (100 ms).

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use knightbits_api::tour::TourCountRequest;
use knightbits_api::values::Bytes;
use knightbits_count::{self as count, CountError, Progress, Tours};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyInt, PyString};

use crate::args;
use crate::boards::tour_question;
use crate::errors::{Kind, named};

/// Seconds between the checkpoints of a frontier count (as the command line's default).
const CHECKPOINT_EVERY: Duration = Duration::from_secs(30);

/// The number of knight's tours of a ``width`` x ``height`` board: directed open tours (from
/// ``start``, or from every square), or undirected closed tours with ``closed=True``, on
/// ``threads`` threads (1 to 1024, default: every core), as ``knightbits count-tours`` counts
/// them, an ``int`` of any size (``count_tours(6, 25, closed=True)`` has 39 digits). ``max_memory`` (bytes, as an int or a string such as ``"10G"``; default the memory
/// available) bounds the memory of a count of a board up to 8 wide, which keeps the layers
/// past it in the folder ``scratch`` (default the system's temporary folder). With
/// ``checkpoint`` (a file path), the count keeps its work there as it goes and when stopped,
/// and the same call resumes from it; the file is removed when the count ends. ``across``
/// (one of the board's sides, default the shorter) is the side the frontier programme lays
/// across: ``count_tours(8, 6, across=8)`` sweeps the board rank by rank as the chessboard is
/// swept, to the same count; another number raises ``ArgumentValueError``.
/// ``progress(p)`` is called whenever a unit of work ends and at least every 0.1 s while the
/// count runs, with ``p`` a dict ``{"done": int, "total": int, "unit": "squares" | "middle
/// squares"}``; an exception it raises stops the count (its checkpoint kept) and is raised
/// again here. Ctrl-C stops the count within a second with ``KeyboardInterrupt``, its checkpoint
/// kept. The GIL is released while counting, except while ``progress`` runs.
#[pyfunction]
#[pyo3(signature = (width, height, closed = None, start = None, threads = None, *,
                    progress = None, max_memory = None, scratch = None, checkpoint = None,
                    across = None),
       text_signature = "(width, height, closed=False, start=None, threads=None, *, \
                         progress=None, max_memory=None, scratch=None, checkpoint=None, \
                         across=None)")]
#[allow(clippy::too_many_arguments)]
pub fn count_tours(
    py: Python<'_>,
    width: &Bound<'_, PyAny>,
    height: &Bound<'_, PyAny>,
    closed: Option<&Bound<'_, PyAny>>,
    start: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
    scratch: Option<&Bound<'_, PyAny>>,
    checkpoint: Option<&Bound<'_, PyAny>>,
    across: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let (b, closed, start) = tour_question(width, height, closed, start)?;
    let threads = given(threads)
        .map(|t| args::int_in(&t, "threads", "a thread count", i64::MIN, i64::MAX))
        .transpose()?;
    let progress = match given(progress) {
        Some(p) if p.is_callable() => Some(p.unbind()),
        Some(p) => {
            return Err(named(
                Kind::Type,
                "progress",
                format!("progress is a callable, not {}", args::type_name(&p)),
            ));
        }
        None => None,
    };
    let budget = given(max_memory).map(|m| memory(&m)).transpose()?;
    let scratch = given(scratch).map(|s| folder(&s)).transpose()?;
    let checkpoint = given(checkpoint).map(|c| file(&c)).transpose()?;
    let across = given(across)
        .map(|a| args::int_in(&a, "across", "a side of the board", 1, i64::from(u32::MAX)))
        .transpose()?;
    // The API's request holds the count's rules (no start for closed tours, the board's
    // limits, the thread range); its refusal names its field: an `OptionError` for the
    // start, an `ArgumentValueError` for the threads, a `BoardError` for the board.
    let refused = |e: knightbits_api::Error| match e.field() {
        Some("start") => named(Kind::Option, "start", e),
        Some("threads") => named(Kind::Value, "threads", e),
        _ => named(Kind::Board, "width, height", e),
    };
    let mut request = TourCountRequest::new(b, closed, start).map_err(refused)?;
    if let Some(t) = threads {
        request = request.with_threads(t).map_err(refused)?;
    }
    let job = request.job().map_err(refused)?;
    let mut job = match request.threads() {
        Some(_) => job,
        None => job.with_threads(count::available_threads()),
    };
    if let Some(w) = across {
        job = job
            .across(w as u32)
            .map_err(|e| named(Kind::Value, "across", e))?;
    }
    job = match budget {
        Some(bytes) => job.with_budget(bytes),
        None => job.within_available_memory(),
    };
    if let Some(dir) = &scratch {
        job = job.with_scratch(dir);
    }
    if let Some(path) = &checkpoint {
        job = job.with_checkpoint(path, CHECKPOINT_EVERY);
    }
    let unit = job.method().unit();
    let mut raised: Option<PyErr> = None;
    let outcome = py.detach(|| {
        job.run(&mut |p: Progress| {
            Python::attach(|py| {
                let called = match &progress {
                    Some(f) => report(py, f, p, unit),
                    None => Ok(()),
                };
                match called.and_then(|()| py.check_signals()) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => {
                        raised = Some(e);
                        ControlFlow::Break(())
                    }
                }
            })
        })
    });
    // The callback's exception (or KeyboardInterrupt) once the count has stopped.
    if let Some(e) = raised {
        return Err(e);
    }
    let tours = outcome.map_err(|e| match e {
        CountError::Io { .. } => PyOSError::new_err(e.to_string()),
        CountError::Checkpoint => named(Kind::Value, "checkpoint", e),
        e => named(Kind::Board, "width, height", e),
    })?;
    int(py, &tours)
}

/// A number of tours as a Python `int`, of any size: one way for every size,
/// `int.from_bytes` of its bytes least significant first, so that a count past 64 bits
/// (`tests/test_count.py`) proves the way a count past 128 bits takes.
fn int(py: Python<'_>, n: &Tours) -> PyResult<Py<PyAny>> {
    let bytes = PyBytes::new(py, &n.to_bytes_le());
    Ok(py
        .get_type::<PyInt>()
        .call_method1("from_bytes", (bytes, "little"))?
        .unbind())
}

/// An argument given and not None.
fn given<'py>(o: Option<&Bound<'py, PyAny>>) -> Option<Bound<'py, PyAny>> {
    o.filter(|x| !x.is_none()).cloned()
}

/// Calls `f` with the dict of `p`.
fn report(py: Python<'_>, f: &Py<PyAny>, p: Progress, unit: &str) -> PyResult<()> {
    let d = PyDict::new(py);
    d.set_item("done", p.done)?;
    d.set_item("total", p.total)?;
    d.set_item("unit", unit)?;
    f.bind(py).call1((d,)).map(drop)
}

/// `max_memory`: an int of bytes, or a string read as the command line reads `--max-memory`.
fn memory(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    if obj.is_instance_of::<PyString>() {
        let text: String = obj.extract()?;
        return text
            .parse::<Bytes>()
            .map(|b| b.0)
            .map_err(|e| named(Kind::Value, "max_memory", e));
    }
    let what = "a memory budget in bytes";
    args::int_in(obj, "max_memory", what, 1, i64::MAX).map(|b| b as u64)
}

/// A path argument: a `str` or an `os.PathLike`.
fn path(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<PathBuf> {
    obj.extract::<PathBuf>().map_err(|_| {
        named(
            Kind::Type,
            name,
            format!(
                "a path is a str or os.PathLike, not {}",
                args::type_name(obj)
            ),
        )
    })
}

/// `scratch`: a folder that exists.
fn folder(obj: &Bound<'_, PyAny>) -> PyResult<PathBuf> {
    let dir = path(obj, "scratch")?;
    if dir.is_dir() {
        Ok(dir)
    } else {
        let why = format!("{} is not a folder", dir.display());
        Err(named(Kind::Value, "scratch", why))
    }
}

/// `checkpoint`: a file path whose folder exists.
fn file(obj: &Bound<'_, PyAny>) -> PyResult<PathBuf> {
    let file = path(obj, "checkpoint")?;
    match file.parent() {
        Some(dir) if dir.as_os_str().is_empty() || dir.is_dir() => Ok(file),
        _ => {
            let why = format!("{} is not in a folder that exists", file.display());
            Err(named(Kind::Value, "checkpoint", why))
        }
    }
}
