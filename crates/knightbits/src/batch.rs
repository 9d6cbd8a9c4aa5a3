//! The batch kernels' configuration: knight attacks, king attacks, fork squares and bit counts
//! over whole slices of plain `u64` bitboards run with AVX-512, AVX2 or portable scalar code;
//! [`Backend`] is a set of kernels, [`Isa`] its instruction set, [`LengthMismatch`] the one
//! error. The kernels themselves sit next to their per-bitboard routines (see the table under
//! "Where the kernels are").
//!
//! # Dispatch
//!
//! The kernel set is chosen at run time, in every build (the default `no_std` one included):
//! on x86-64 the first call reads CPUID and XGETBV through `core::arch`, which tell what the
//! processor has and whether the operating system saves the AVX and AVX-512 registers, and
//! caches the answer in an atomic; later calls cost one relaxed load and a predictable branch.
//! No feature flag and no `-C target-cpu` is needed, and the `std` feature changes nothing here.
//!
//! - [`Isa::Avx512`] needs AVX-512 F and VPOPCNTDQ, and the OS saving the opmask and ZMM state
//!   (XCR0 bits 5, 6 and 7, with 1 and 2): Zen 4 and later, Ice Lake and later. A CPU with
//!   AVX-512 F but no VPOPCNTDQ (Skylake-X) runs the AVX2 kernels.
//! - [`Isa::Avx2`] needs AVX and AVX2, and the OS saving the YMM state (XCR0 bits 1 and 2).
//! - Otherwise, on other targets, and on x86-64 targets without SSE2 (such as
//!   `x86_64-unknown-none`, which has no SIMD registers), the scalar loop runs; the SIMD
//!   kernels are not even compiled there.
//!
//! [`backend`] is the set the free functions ([`knight::attacks_batch`] and the others below)
//! use: the best one detected, unless [`set_backend`] chose another, for example
//! [`Backend::SCALAR`] for reproducible timing or to test the fallback. A [`Backend`] value
//! runs its own kernels whatever was chosen, so kernel sets can be compared side by side.
//!
//! [`knight::attacks_batch`]: crate::knight::attacks_batch
//! [`Leaper::attacks_set`]: crate::technique::Leaper::attacks_set
//! [`Leaper::attacks_batch`]: crate::technique::Leaper::attacks_batch
//!
//! # Lengths
//!
//! Output and input must have the same length; otherwise nothing is written and
//! [`LengthMismatch`] is returned. Empty slices are fine.
//!
//! # Where the kernels are
//!
//! Each kernel has one function that picks the fastest kernel set, next to the per-bitboard
//! function it computes, and one [`Backend`] method that runs a given set (defined there too,
//! with the scalar lane it passes to the kernels):
//!
//! | per bitboard | batch, fastest kernels | batch, chosen kernels |
//! |---|---|---|
//! | [`Leaper::attacks_set`] (every leaper: [`knight::attacks_set`](crate::knight::attacks_set), …) | [`Leaper::attacks_batch`] ([`knight::attacks_batch`](crate::knight::attacks_batch), …) | [`Backend::attacks`] |
//! | [`knight::fork_squares`](crate::knight::fork_squares) | [`knight::fork_squares_batch`](crate::knight::fork_squares_batch) | [`Backend::fork_squares`] |
//! | [`u64::count_ones`] | [`popcount::batch`](crate::popcount::batch) | [`Backend::popcount`] |
//!
//! ```
//! use knightbits::batch::{Backend, Isa, LengthMismatch};
//! use knightbits::technique::Leaper;
//! use knightbits::{knight, Bitboard, Square};
//! let input = [Bitboard::from_square(Square::B1).0, u64::MAX, 0];
//! let mut output = [0u64; 3];
//! knight::attacks_batch(&input, &mut output)?;
//! assert_eq!(output[0], knight::attacks(Square::B1).0);
//! assert_eq!(output[2], 0);
//! assert!(knight::attacks_batch(&input, &mut [0u64; 2]).is_err());
//! let mut scalar = [0u64; 3];
//! Backend::new(Isa::Scalar).unwrap().attacks(Leaper::Knight, &input, &mut scalar)?;
//! assert_eq!(scalar, output);
//! # Ok::<(), LengthMismatch>(())
//! ```

use core::fmt;

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[allow(unsafe_code)]
mod simd;

/// The output slice of a batch call did not have the input's length; nothing was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LengthMismatch {
    /// Length of the input slice.
    pub input: usize,
    /// Length of the output slice.
    pub output: usize,
}

impl fmt::Display for LengthMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "output length {} does not match input length {}",
            self.output, self.input
        )
    }
}

impl core::error::Error for LengthMismatch {}

crate::macros::named! {
    /// An instruction set the batch kernels are written for.
    pub enum Isa {
        /// Portable Rust, one bitboard at a time (the compiler may still vectorize it).
        Scalar = "scalar",
        /// 256-bit AVX2: four bitboards per instruction.
        Avx2 = "avx2",
        /// 512-bit AVX-512 (F and VPOPCNTDQ): eight bitboards per instruction.
        Avx512 = "avx512",
    }
    all: "Every instruction set, slowest first.",
    name: "A short lower-case name: `scalar`, `avx2` or `avx512`."
}

/// A set of batch kernels this CPU can run: holding one proves its instruction set is available.
///
/// ```
/// use knightbits::batch::{Backend, Isa};
/// use knightbits::technique::Leaper;
/// let scalar = Backend::new(Isa::Scalar).unwrap();
/// let best = Backend::detect();
/// let input = [1u64 << 27, u64::MAX];
/// let (mut a, mut b) = ([0u64; 2], [0u64; 2]);
/// scalar.attacks(Leaper::King, &input, &mut a).unwrap();
/// best.attacks(Leaper::King, &input, &mut b).unwrap();
/// assert_eq!(a, b);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backend(Kernels);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kernels {
    Scalar,
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    Avx2(simd::Avx2),
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    Avx512(simd::Avx512),
}

impl Backend {
    /// The portable kernels, available everywhere.
    pub const SCALAR: Backend = Backend(Kernels::Scalar);

    /// The fastest kernels this CPU runs (see the [module docs](self) for how this is
    /// decided); detected on the first call, then cached. [`set_backend`] does not change it.
    #[inline]
    pub fn detect() -> Backend {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        {
            Backend::from_detected(simd::detect())
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
        {
            Backend::SCALAR
        }
    }

    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    #[inline]
    fn from_detected(found: simd::Detected) -> Backend {
        match found {
            simd::Detected::Avx512(token) => Backend(Kernels::Avx512(token)),
            simd::Detected::Avx2(token) => Backend(Kernels::Avx2(token)),
            simd::Detected::Scalar => Backend::SCALAR,
        }
    }

    /// The kernels for `isa`, or `None` if this CPU (or this target) cannot run them.
    pub fn new(isa: Isa) -> Option<Backend> {
        match isa {
            Isa::Scalar => Some(Backend::SCALAR),
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            Isa::Avx2 => simd::Avx2::new().map(|t| Backend(Kernels::Avx2(t))),
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            Isa::Avx512 => simd::Avx512::new().map(|t| Backend(Kernels::Avx512(t))),
            #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
            Isa::Avx2 | Isa::Avx512 => None,
        }
    }

    /// The instruction set of these kernels.
    pub const fn isa(self) -> Isa {
        match self.0 {
            Kernels::Scalar => Isa::Scalar,
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            Kernels::Avx2(_) => Isa::Avx2,
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            Kernels::Avx512(_) => Isa::Avx512,
        }
    }

    /// Runs the kernel `kernel` of this set over `input` into `output`; `lane` is the scalar
    /// formula of that kernel, used by the scalar set, for the tails of the AVX2 set and by
    /// every set where no SIMD kernel is written (`None`: the compiler vectorizes the loop).
    /// The leaper definition passes each piece's own (`Backend::attacks`), and
    /// `knight::batch` the forks': this module calls no piece's function, so the pieces
    /// depend on it and not the other way round.
    #[inline]
    pub(crate) fn map<F: Fn(u64) -> u64 + Copy>(
        self,
        kernel: Option<Kernel>,
        lane: F,
        input: &[u64],
        output: &mut [u64],
    ) -> Result<(), LengthMismatch> {
        check(input.len(), output.len())?;
        match (self.0, kernel) {
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            (Kernels::Avx2(t), Some(kernel)) => t.map(kernel, lane, input, output),
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            (Kernels::Avx512(t), Some(kernel)) => t.map(kernel, input, output),
            _ => {
                for (o, &i) in output.iter_mut().zip(input) {
                    *o = lane(i);
                }
            }
        }
        Ok(())
    }

    /// `output[i]` = number of set bits of `input[i]`, as `u32` like [`u64::count_ones`], with
    /// these kernels.
    ///
    /// # Errors
    ///
    /// [`LengthMismatch`] if the slices differ in length; nothing is written then.
    #[inline]
    pub fn popcount(self, input: &[u64], output: &mut [u32]) -> Result<(), LengthMismatch> {
        check(input.len(), output.len())?;
        match self.0 {
            Kernels::Scalar => {
                for (o, &i) in output.iter_mut().zip(input) {
                    *o = i.count_ones();
                }
            }
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            Kernels::Avx2(t) => t.popcount(input, output),
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            Kernels::Avx512(t) => t.popcount(input, output),
        }
        Ok(())
    }
}

/// The kernel set the free batch functions use ([`knight::attacks_batch`],
/// [`knight::fork_squares_batch`], [`king::attacks_batch`], [`popcount::batch`]): the one
/// last given to [`set_backend`], else [`Backend::detect`]'s, chosen at the first call.
///
/// ```
/// use knightbits::batch::{self, Backend};
/// assert!(batch::backend().isa() <= Backend::detect().isa());
/// ```
///
/// [`knight::attacks_batch`]: crate::knight::attacks_batch
/// [`knight::fork_squares_batch`]: crate::knight::fork_squares_batch
/// [`king::attacks_batch`]: crate::king::attacks_batch
/// [`popcount::batch`]: crate::popcount::batch
#[inline]
pub fn backend() -> Backend {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        Backend::from_detected(simd::active())
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        Backend::SCALAR
    }
}

/// Makes `backend` the kernel set of the free batch functions, for the whole process: for
/// example [`Backend::SCALAR`] to time or test the portable loop, then [`Backend::detect`] to
/// go back. Only a [`Backend`] this CPU runs can exist, so any value is safe to install.
///
/// ```
/// use knightbits::batch::{self, Backend};
/// use knightbits::knight;
/// batch::set_backend(Backend::SCALAR);
/// assert_eq!(batch::backend(), Backend::SCALAR);
/// let mut out = [0u64; 2];
/// knight::attacks_batch(&[1 << 1, 1 << 6], &mut out).unwrap(); // the scalar loop
/// batch::set_backend(Backend::detect());
/// assert_eq!(batch::backend(), Backend::detect());
/// ```
#[inline]
pub fn set_backend(backend: Backend) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        let chosen = match backend.0 {
            Kernels::Scalar => simd::Detected::Scalar,
            Kernels::Avx2(token) => simd::Detected::Avx2(token),
            Kernels::Avx512(token) => simd::Detected::Avx512(token),
        };
        simd::set_active(&chosen);
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        let _ = backend;
    }
}

/// A `u64 -> u64` kernel the SIMD sets have, written lane-wise in `simd`; the leaper
/// definition says which leaper has one (`kernel: Knight`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kernel {
    /// [`knight::attacks_set`](crate::knight::attacks_set).
    Knight,
    /// [`king::attacks_set`](crate::king::attacks_set).
    King,
    /// [`knight::fork_squares`](crate::knight::fork_squares).
    Forks,
}

#[inline]
fn check(input: usize, output: usize) -> Result<(), LengthMismatch> {
    if input == output {
        Ok(())
    } else {
        Err(LengthMismatch { input, output })
    }
}

#[cfg(test)]
mod tests;
