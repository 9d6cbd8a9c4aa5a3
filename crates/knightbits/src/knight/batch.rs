//! Knight attacks and fork squares over slices of bitboards, with the SIMD kernels of
//! [`batch`](crate::batch).

use crate::batch::LengthMismatch;

/// Knight attacks of every bitboard of `input` into `output` (`output[i]` =
/// [`attacks_set`](super::attacks_set)`(input[i])`), with the fastest kernels this CPU has: AVX-512, AVX2 or
/// scalar (see [`batch`](crate::batch) for how they are chosen).
///
/// ```
/// use knightbits::{knight, Square};
/// let input = [1u64 << Square::B1 as u8, u64::MAX];
/// let mut output = [0u64; 2];
/// knight::attacks_batch(&input, &mut output)?;
/// assert_eq!(output, [knight::attacks(Square::B1).0, u64::MAX]);
/// # Ok::<(), knightbits::batch::LengthMismatch>(())
/// ```
///
/// # Errors
///
/// [`LengthMismatch`] if the slices differ in length; nothing is written then.
#[inline]
pub fn attacks_batch(input: &[u64], output: &mut [u64]) -> Result<(), LengthMismatch> {
    crate::batch::backend().knight_attacks(input, output)
}

/// Knight fork squares of every target set of `input` into `output` (`output[i]` =
/// [`fork_squares`](super::fork_squares)`(input[i])`), with the fastest kernels this CPU has.
///
/// # Errors
///
/// [`LengthMismatch`] if the slices differ in length; nothing is written then.
#[inline]
pub fn fork_squares_batch(input: &[u64], output: &mut [u64]) -> Result<(), LengthMismatch> {
    crate::batch::backend().fork_squares(input, output)
}
