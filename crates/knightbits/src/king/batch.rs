//! King attacks over slices of bitboards, with the SIMD kernels of [`batch`](crate::batch).

use crate::batch::LengthMismatch;

/// King attacks of every bitboard of `input` into `output` (`output[i]` =
/// [`attacks_set`](super::attacks_set)`(input[i])`), with the fastest kernels this CPU has.
///
/// # Errors
///
/// [`LengthMismatch`] if the slices differ in length; nothing is written then.
#[inline]
pub fn attacks_batch(input: &[u64], output: &mut [u64]) -> Result<(), LengthMismatch> {
    crate::batch::backend().king_attacks(input, output)
}
