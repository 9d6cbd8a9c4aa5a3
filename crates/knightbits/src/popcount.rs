//! Counting the squares of a bitboard: the article's three ways and the hardware instruction.
//!
//! The article counts the knight's moves from a square (2 in a corner, 8 in the centre) by
//! looping over all 64 bits, by adding four lookups in a 65,536-entry table of 16-bit chunks,
//! and by clearing the lowest set bit until nothing is left. All four agree on every input.

use crate::batch::LengthMismatch;

/// "The easiest way": shift right one bit at a time and count the ones; 64 steps.
///
/// ```
/// assert_eq!(knightbits::popcount::loop_bits(0x0000_1422_0022_1400), 8);
/// ```
#[inline]
pub const fn loop_bits(bits: u64) -> u32 {
    let mut count = 0;
    let mut i = 0;
    while i < 64 {
        count += ((bits >> i) & 1) as u32;
        i += 1;
    }
    count
}

/// `TABLE16[i]` is the number of set bits of the 16-bit value `i` (64 KiB, built at compile
/// time: each entry is the entry for `i >> 1` plus the lowest bit).
pub static TABLE16: [u8; 65536] = {
    let mut table = [0u8; 65536];
    let mut i = 1;
    while i < 65536 {
        table[i] = table[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    table
};

/// "The fastest way" of the article: four lookups in [`TABLE16`], one per 16-bit chunk.
///
/// ```
/// assert_eq!(knightbits::popcount::table16(u64::MAX), 64);
/// ```
#[inline]
pub const fn table16(bits: u64) -> u32 {
    TABLE16[(bits & 0xffff) as usize] as u32
        + TABLE16[((bits >> 16) & 0xffff) as usize] as u32
        + TABLE16[((bits >> 32) & 0xffff) as usize] as u32
        + TABLE16[(bits >> 48) as usize] as u32
}

/// "The trickiest way": `bits &= bits - 1` clears the lowest set bit; count the steps until
/// zero. As many steps as set bits, so the best for sparse sets such as knight moves.
///
/// ```
/// assert_eq!(knightbits::popcount::clear_lowest(0b1001_0101_0001_0000), 5);
/// ```
#[inline]
pub const fn clear_lowest(mut bits: u64) -> u32 {
    let mut count = 0;
    while bits != 0 {
        bits &= bits - 1;
        count += 1;
    }
    count
}

/// The processor's population count (`popcnt` where the target has it).
#[inline]
pub const fn hardware(bits: u64) -> u32 {
    bits.count_ones()
}

/// Bit count of every bitboard of `input` into `output` (`u32`, as [`u64::count_ones`]), with
/// the fastest kernels this CPU has: AVX-512 `vpopcntq`, AVX2 nibble tables, or the hardware
/// count one at a time (see [`batch`](crate::batch)).
///
/// ```
/// let mut counts = [0u32; 3];
/// knightbits::popcount::batch(&[0, u64::MAX, 0x0000_1422_0022_1400], &mut counts)?;
/// assert_eq!(counts, [0, 64, 8]);
/// # Ok::<(), knightbits::batch::LengthMismatch>(())
/// ```
///
/// # Errors
///
/// [`LengthMismatch`] if the slices differ in length; nothing is written then.
#[inline]
pub fn batch(input: &[u64], output: &mut [u32]) -> Result<(), LengthMismatch> {
    crate::batch::backend().popcount(input, output)
}

crate::macros::named! {
    /// A way to count bits; every one gives the same count.
    pub enum Method {
        /// [`loop_bits`].
        Loop = "loop",
        /// [`table16`].
        Table16 = "table16",
        /// [`clear_lowest`].
        ClearLowest = "clear-lowest",
        /// [`hardware`].
        Hardware = "hardware",
    }
    all: "Every method.",
    name: "The name on the command line: `loop`, `table16`, `clear-lowest`, `hardware`.",
    parse
}

impl Method {
    /// The number of set bits of `bits` by this method.
    pub fn count(self, bits: u64) -> u32 {
        match self {
            Method::Loop => loop_bits(bits),
            Method::Table16 => table16(bits),
            Method::ClearLowest => clear_lowest(bits),
            Method::Hardware => hardware(bits),
        }
    }
}
