//! The numpy batch kernels: a 1-D `uint64` array in (read in place when C-contiguous), a new
//! array out or the caller's `out=`, the core's SIMD kernel running with the GIL released.

use knightbits::batch::LengthMismatch;
use knightbits::{king, knight};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use crate::args;
use crate::errors::{Kind, named};

type Kernel = fn(&[u64], &mut [u64]) -> Result<(), LengthMismatch>;

/// `numpy.empty`, looked up once.
static EMPTY: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// `a` as a 1-D `uint64` array, refused with an `ArgumentTypeError` naming what it is
/// otherwise. A strided view is copied to a contiguous one (numpy's `ascontiguousarray`);
/// nothing else is converted, so a signed or float array never turns into bitboards silently.
fn input<'py>(a: &Bound<'py, PyAny>, what: &str) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let Ok(untyped) = a.cast::<PyUntypedArray>() else {
        return Err(named(
            Kind::Type,
            what,
            format!(
                "must be a 1-D numpy.uint64 array, not {} (numpy.asarray(x, dtype=numpy.uint64) converts a list)",
                args::type_name(a)
            ),
        ));
    };
    let dtype = untyped.dtype();
    let Ok(array) = a.cast::<PyArray1<u64>>() else {
        return Err(named(
            Kind::Type,
            what,
            format!(
                "must be a 1-D numpy.uint64 array, not a {}-D {} array (a.astype(numpy.uint64) converts it)",
                untyped.ndim(),
                dtype.str()?
            ),
        ));
    };
    if array.is_c_contiguous() {
        Ok(array.clone())
    } else {
        let numpy = a.py().import("numpy")?;
        Ok(numpy
            .call_method1("ascontiguousarray", (array,))?
            .cast_into::<PyArray1<u64>>()?)
    }
}

/// A numpy borrow error (the array is borrowed elsewhere) as the package's error.
fn borrow_error(what: &str, e: impl std::fmt::Display) -> PyErr {
    named(Kind::Value, what, e)
}

/// Runs `kernel` from `a` into `out` (or a new array) with the GIL released.
fn run<'py>(
    py: Python<'py>,
    kernel: Kernel,
    a: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let a = input(a, "a")?;
    let len = a.len();
    let Some(out) = out.filter(|o| !o.is_none()) else {
        // A new array from `numpy.empty`: no zero fill before the kernel writes every element,
        // and numpy's allocator (huge pages for large arrays), so as fast as `a.copy()`.
        let empty = EMPTY.get_or_try_init(py, || {
            Ok::<_, PyErr>(py.import("numpy")?.getattr("empty")?.unbind())
        })?;
        let out = empty
            .bind(py)
            .call1((len, intern!(py, "uint64")))?
            .cast_into::<PyArray1<u64>>()?;
        let r = a.try_readonly().map_err(|e| borrow_error("a", e))?;
        let mut w = out.try_readwrite().map_err(|e| borrow_error("out", e))?;
        let src = r.as_slice().map_err(|e| borrow_error("a", e))?;
        let dst = w.as_slice_mut().map_err(|e| borrow_error("out", e))?;
        py.detach(|| kernel(src, dst))
            .map_err(|e| named(Kind::Value, "out", e))?;
        drop((r, w));
        return Ok(out);
    };
    let o = out.cast::<PyArray1<u64>>().map_err(|_| {
        named(
            Kind::Type,
            "out",
            format!(
                "out must be a 1-D numpy.uint64 array, not {}",
                args::type_name(out)
            ),
        )
    })?;
    if !o.is_c_contiguous() {
        return Err(named(Kind::Type, "out", "out must be C-contiguous"));
    }
    let writeable = o
        .getattr(pyo3::intern!(py, "flags"))?
        .getattr(pyo3::intern!(py, "writeable"))?
        .is_truthy()?;
    if !writeable {
        return Err(named(Kind::Value, "out", "out is read-only"));
    }
    if o.len() != len {
        return Err(named(
            Kind::Value,
            "out",
            format!("out has {} elements, a has {len}", o.len()),
        ));
    }
    let out = o.clone();
    if a.is(&out) {
        // In place: the kernels read a whole vector before writing it, but a slice cannot be
        // borrowed both ways; copy the input once.
        let copy = a.to_vec()?;
        let mut w = out.try_readwrite().map_err(|e| borrow_error("out", e))?;
        let dst = w.as_slice_mut().map_err(|e| borrow_error("out", e))?;
        py.detach(|| kernel(&copy, dst))
            .map_err(|e| named(Kind::Value, "out", e))?;
        drop(w);
        return Ok(out);
    }
    let r = a.try_readonly().map_err(|e| borrow_error("a", e))?;
    let mut w = out.try_readwrite().map_err(|_| {
        named(
            Kind::Value,
            "out",
            "out must not share memory with a (or pass out=a)",
        )
    })?;
    let src = r.as_slice().map_err(|e| borrow_error("a", e))?;
    let dst = w.as_slice_mut().map_err(|e| borrow_error("out", e))?;
    py.detach(|| kernel(src, dst))
        .map_err(|e| named(Kind::Value, "out", e))?;
    drop((r, w));
    Ok(out)
}

/// The knight attack set of every bitboard of `a` (a 1-D numpy.uint64 array): a new uint64
/// array, or `out` (same length) filled and returned. SIMD (AVX-512, AVX2 or scalar, picked at
/// run time), with the GIL released; `a` is read in place when C-contiguous.
#[pyfunction]
#[pyo3(signature = (a, /, out = None))]
pub fn knight_attacks_batch<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    run(py, knight::attacks_batch, a, out)
}

/// The king attack set of every bitboard of `a` (a 1-D numpy.uint64 array), as
/// `knight_attacks_batch`.
#[pyfunction]
#[pyo3(signature = (a, /, out = None))]
pub fn king_attacks_batch<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    run(py, king::attacks_batch, a, out)
}

/// The fork squares of every target set of `a` (a 1-D numpy.uint64 array): the squares from
/// which a knight attacks at least two of the targets, as `knight_attacks_batch`.
#[pyfunction]
#[pyo3(signature = (a, /, out = None))]
pub fn fork_squares_batch<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    run(py, knight::fork_squares_batch, a, out)
}

/// The instruction set the batch kernels use on this machine (``"avx512"``, ``"avx2"`` or
/// ``"scalar"``), detected at run time.
#[pyfunction]
pub fn simd() -> &'static str {
    knightbits::batch::backend().isa().name()
}
