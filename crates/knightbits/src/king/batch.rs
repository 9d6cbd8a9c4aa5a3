//! King attacks over slices of bitboards, with the SIMD kernels of [`batch`](crate::batch).

use crate::batch::{Backend, Kernel, LengthMismatch};
use crate::bitboard::Bitboard;

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

impl Backend {
    /// `output[i]` = attacks of the kings in `input[i]` (as [`king::attacks_set`]), with
    /// these kernels.
    ///
    /// # Errors
    ///
    /// [`LengthMismatch`] if the slices differ in length; nothing is written then.
    ///
    /// [`king::attacks_set`]: crate::king::attacks_set
    #[inline]
    pub fn king_attacks(self, input: &[u64], output: &mut [u64]) -> Result<(), LengthMismatch> {
        self.map(Kernel::King, attacks_lane, input, output)
    }
}

/// The scalar lane, one bitboard each.
#[inline(always)]
fn attacks_lane(kings: u64) -> u64 {
    super::attacks_set(Bitboard(kings)).0
}
