//! Knight attacks and fork squares over slices of bitboards, with the SIMD kernels of
//! [`batch`](crate::batch).

use crate::batch::{Backend, Kernel, LengthMismatch};
use crate::bitboard::Bitboard;

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

impl Backend {
    /// `output[i]` = attacks of the knights in `input[i]` (as [`knight::attacks_set`]), with
    /// these kernels; the scalar lane is the branch-free formula
    /// ([`technique::halves`](crate::knight::technique::halves)), which the compiler vectorizes.
    ///
    /// # Errors
    ///
    /// [`LengthMismatch`] if the slices differ in length; nothing is written then.
    ///
    /// [`knight::attacks_set`]: crate::knight::attacks_set
    #[inline]
    pub fn knight_attacks(self, input: &[u64], output: &mut [u64]) -> Result<(), LengthMismatch> {
        self.map(Kernel::Knight, attacks_lane, input, output)
    }

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
        self.map(Kernel::Forks, forks_lane, input, output)
    }
}

/// The scalar lanes, one bitboard each. The attacks' is the branch-free formula (equal to
/// [`attacks_set`](super::attacks_set) on every set): a batch holds sets of every size, and
/// the compiler vectorizes a branch-free loop.
#[inline(always)]
fn attacks_lane(knights: u64) -> u64 {
    super::technique::halves(Bitboard(knights)).0
}

#[inline(always)]
fn forks_lane(targets: u64) -> u64 {
    super::fork_squares(Bitboard(targets)).0
}
