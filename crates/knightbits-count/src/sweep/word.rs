//! The word a key is held in: a `u64` for boards up to 8 across (16 slots of four bits), a
//! `u128` for boards up to [`WIDE_WIDTH`] across (32 slots: the key's, and a last one that
//! marks open tours' keys, `path.rs`). The sweep is generic over it, so that boards up to 8
//! across keep their 64-bit keys, records and files.

use core::fmt::{Debug, LowerHex};
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// The widest sweep in 128-bit keys: its 2w slots below the last of the 32 (which marks open
/// tours' keys), and its labels below the codes that are not labels (closed keys' labels go
/// up to the width; 13 is the first code past them).
pub(crate) const WIDE_WIDTH: u32 = 12;

/// The word a key of the sweep is held in, four bits a slot: `u64` for boards up to 8
/// across, `u128` up to 12 (the only two; sealed). A count across processes names it to pick
/// its [`Share`](crate::Share)'s keys: [`Count::wide_keys`](crate::Count::wide_keys) says which.
pub trait Word:
    sealed::Sealed
    + Copy
    + Eq
    + Ord
    + Hash
    + Default
    + Debug
    + LowerHex
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// Slots of four bits.
    const SLOTS: u32;
    /// The widest sweep whose keys it holds.
    const MAX_WIDTH: u32;
    /// No bit set.
    const ZERO: Self;
    /// Bit 0 of every slot.
    const LOW: Self;
    /// A key and its ways, as a layer holds them in memory.
    type Record: bytemuck::Pod + Default + Debug + Send + Sync;
    /// Bytes of a [`Word::Record`].
    const RECORD_BYTES: u64;
    /// A slot's code (below 16) as a word.
    fn of(code: u64) -> Self;
    /// The lowest 64 bits.
    fn low(self) -> u64;
    /// The product, modulo the word.
    fn wrapping_mul(self, other: Self) -> Self;
    /// The negation, modulo the word.
    fn wrapping_neg(self) -> Self;
    /// The clear bits below the lowest set one.
    fn trailing_zeros(self) -> u32;
    /// The set bits.
    fn count_ones(self) -> u32;
    /// The word with every bit of `u128` (past its own, `None`).
    fn from_u128(x: u128) -> Option<Self>;
    /// The word as a `u128`.
    fn to_u128(self) -> u128;
    /// The hash that spreads keys over shards and slots: splitmix64's finaliser.
    fn spread(self) -> u64;
    /// The record of `key` and its ways.
    fn record(key: Self, ways: u64) -> Self::Record;
    /// A record's key.
    fn key(r: &Self::Record) -> Self;
    /// A record's ways.
    fn ways(r: &Self::Record) -> u64;
    /// A record's ways, to change.
    fn ways_mut(r: &mut Self::Record) -> &mut u64;
}

/// Only this module's words are words.
mod sealed {
    /// A word of the sweep's keys.
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
}

/// splitmix64's finaliser.
#[inline]
pub(crate) fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Word for u64 {
    const SLOTS: u32 = 16;
    const MAX_WIDTH: u32 = 8;
    const ZERO: u64 = 0;
    const LOW: u64 = 0x1111_1111_1111_1111;
    type Record = [u64; 2];
    const RECORD_BYTES: u64 = 16;
    #[inline]
    fn of(code: u64) -> u64 {
        code
    }
    #[inline]
    fn low(self) -> u64 {
        self
    }
    #[inline]
    fn wrapping_mul(self, other: u64) -> u64 {
        u64::wrapping_mul(self, other)
    }
    #[inline]
    fn wrapping_neg(self) -> u64 {
        u64::wrapping_neg(self)
    }
    #[inline]
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
    #[inline]
    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }
    #[inline]
    fn from_u128(x: u128) -> Option<u64> {
        u64::try_from(x).ok()
    }
    #[inline]
    fn to_u128(self) -> u128 {
        u128::from(self)
    }
    #[inline]
    fn spread(self) -> u64 {
        mix(self)
    }
    #[inline]
    fn record(key: u64, ways: u64) -> [u64; 2] {
        [key, ways]
    }
    #[inline]
    fn key(r: &[u64; 2]) -> u64 {
        r[0]
    }
    #[inline]
    fn ways(r: &[u64; 2]) -> u64 {
        r[1]
    }
    #[inline]
    fn ways_mut(r: &mut [u64; 2]) -> &mut u64 {
        &mut r[1]
    }
}

impl Word for u128 {
    const SLOTS: u32 = 32;
    const MAX_WIDTH: u32 = WIDE_WIDTH;
    const ZERO: u128 = 0;
    const LOW: u128 = 0x1111_1111_1111_1111_1111_1111_1111_1111;
    /// The key's low and high 64 bits, and the ways: 24 bytes, no padding.
    type Record = [u64; 3];
    const RECORD_BYTES: u64 = 24;
    #[inline]
    fn of(code: u64) -> u128 {
        u128::from(code)
    }
    #[inline]
    fn low(self) -> u64 {
        self as u64
    }
    #[inline]
    fn wrapping_mul(self, other: u128) -> u128 {
        u128::wrapping_mul(self, other)
    }
    #[inline]
    fn wrapping_neg(self) -> u128 {
        u128::wrapping_neg(self)
    }
    #[inline]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    #[inline]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
    #[inline]
    fn from_u128(x: u128) -> Option<u128> {
        Some(x)
    }
    #[inline]
    fn to_u128(self) -> u128 {
        self
    }
    #[inline]
    fn spread(self) -> u64 {
        mix(self as u64 ^ mix((self >> 64) as u64))
    }
    #[inline]
    fn record(key: u128, ways: u64) -> [u64; 3] {
        [key as u64, (key >> 64) as u64, ways]
    }
    #[inline]
    fn key(r: &[u64; 3]) -> u128 {
        u128::from(r[0]) | u128::from(r[1]) << 64
    }
    #[inline]
    fn ways(r: &[u64; 3]) -> u64 {
        r[2]
    }
    #[inline]
    fn ways_mut(r: &mut [u64; 3]) -> &mut u64 {
        &mut r[2]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record gives back its key and ways, in both words (hand-made keys past 64 bits).
    #[test]
    fn records_hold_their_keys_and_ways() {
        let key = 0xf_0123_4567_89ab_cdefu128;
        let mut r = <u128 as Word>::record(key, 7);
        assert_eq!((u128::key(&r), u128::ways(&r)), (key, 7));
        *u128::ways_mut(&mut r) = 9;
        assert_eq!(r, [0x0123_4567_89ab_cdef, 0xf, 9]);
        let r = <u64 as Word>::record(0xabc, 5);
        assert_eq!((u64::key(&r), u64::ways(&r)), (0xabc, 5));
        // Keys differing only past 64 bits hash apart.
        assert_ne!(Word::spread(1u128), Word::spread(1u128 | 1 << 64));
        assert_eq!(Word::spread(5u64), mix(5));
    }
}
