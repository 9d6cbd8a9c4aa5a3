//! The numpy batch kernels: a 1-D `uint64` array in (read in place when C-contiguous), a new
//! array out or the caller's `out=`, the core's SIMD kernel running with the GIL released.

use knightbits::batch::LengthMismatch;
use knightbits::{king, knight};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

type Kernel = fn(&[u64], &mut [u64]) -> Result<(), LengthMismatch>;

/// `a` as a 1-D `uint64` array, refused with a `TypeError` naming what it is otherwise. A
/// strided view is copied to a contiguous one (numpy's `ascontiguousarray`); nothing else is
/// converted, so a signed or float array never turns into bitboards silently.
fn input<'py>(a: &Bound<'py, PyAny>, what: &str) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let Ok(untyped) = a.cast::<PyUntypedArray>() else {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a 1-D numpy.uint64 array, not {} (numpy.asarray(x, dtype=numpy.uint64) converts a list)",
            a.get_type().name()?
        )));
    };
    let dtype = untyped.dtype();
    let Ok(array) = a.cast::<PyArray1<u64>>() else {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a 1-D numpy.uint64 array, not a {}-D {} array (a.astype(numpy.uint64) converts it)",
            untyped.ndim(),
            dtype.str()?
        )));
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

/// Runs `kernel` from `a` into `out` (or a new array) with the GIL released.
fn run<'py>(
    py: Python<'py>,
    kernel: Kernel,
    a: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let a = input(a, "a")?;
    let len = a.len();
    let out = match out {
        None => PyArray1::<u64>::zeros(py, len, false),
        Some(o) => {
            let o = o
                .cast::<PyArray1<u64>>()
                .map_err(|_| PyTypeError::new_err("out must be a 1-D numpy.uint64 array"))?;
            if !o.is_c_contiguous() {
                return Err(PyTypeError::new_err("out must be C-contiguous"));
            }
            if o.len() != len {
                return Err(PyValueError::new_err(format!(
                    "out has {} elements, a has {len}",
                    o.len()
                )));
            }
            o.clone()
        }
    };
    if a.is(&out) {
        // In place: the kernels read a whole vector before writing it, but a slice cannot be
        // borrowed both ways; copy the input once.
        let copy = a.to_vec()?;
        let mut w = out
            .try_readwrite()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let dst = w
            .as_slice_mut()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        py.detach(|| kernel(&copy, dst))
            .map_err(super::args::value_error)?;
        drop(w);
        return Ok(out);
    }
    let r = a
        .try_readonly()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mut w = out
        .try_readwrite()
        .map_err(|_| PyValueError::new_err("out must not share memory with a (or pass out=a)"))?;
    let src = r
        .as_slice()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let dst = w
        .as_slice_mut()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.detach(|| kernel(src, dst))
        .map_err(super::args::value_error)?;
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
