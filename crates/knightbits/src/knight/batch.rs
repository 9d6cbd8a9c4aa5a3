//! Knight fork squares over slices of bitboards, with the SIMD kernels of
//! [`batch`](crate::batch).

use crate::batch::{Backend, Kernel, LengthMismatch};
use crate::bitboard::Bitboard;

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

impl Backend {
    /// `output[i]` = knight fork squares of the targets `input[i]` (as
    /// [`knight::fork_squares`]), with these kernels.
    ///
    /// # Errors
    ///
    /// [`LengthMismatch`] if the slices differ in length; nothing is written then.
    ///
    /// [`knight::fork_squares`]: crate::knight::fork_squares
    #[inline]
    pub fn fork_squares(self, input: &[u64], output: &mut [u64]) -> Result<(), LengthMismatch> {
        self.map(Some(Kernel::Forks), forks_lane, input, output)
    }
}

/// The scalar lane, one bitboard.
#[inline(always)]
fn forks_lane(targets: u64) -> u64 {
    super::fork_squares(Bitboard(targets)).0
}
