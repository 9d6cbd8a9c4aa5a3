//! A hash table of counts for the frontier programme.

use core::sync::atomic::{AtomicU64, Ordering};
use std::vec::Vec;

/// Seeds handed to new tables, so that no two tables share a slot order (adding one table's
/// entries, in its slot order, to a table with the same hash would pile them into one run).
static SEEDS: AtomicU64 = AtomicU64::new(0);

/// Counts keyed by nonzero `u128`s: open addressing, linear probing, key 0 marks a free slot.
/// The slot hash is seeded per table and unrelated to [`super::Frontier::route`].
pub(crate) struct Table {
    keys: Vec<u128>,
    counts: Vec<u64>,
    pub(crate) len: usize,
    seed: u64,
    /// Set when a count went past `u64::MAX`.
    pub(crate) overflowed: bool,
}

impl Table {
    /// An empty table that holds `n` entries before it grows.
    pub(crate) fn with_capacity(n: usize) -> Table {
        let size = (2 * n).next_power_of_two().max(16);
        let seed = SEEDS
            .fetch_add(1, Ordering::Relaxed)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            | 1;
        Table {
            keys: std::vec![0; size],
            counts: std::vec![0; size],
            len: 0,
            seed,
            overflowed: false,
        }
    }

    /// The entries, in no order.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (u128, u64)> + '_ {
        self.keys
            .iter()
            .zip(&self.counts)
            .filter(|&(&k, _)| k != 0)
            .map(|(&k, &c)| (k, c))
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.keys.len() * (size_of::<u128>() + size_of::<u64>())
    }

    #[inline]
    fn slot(&self, key: u128) -> usize {
        let bits = self.keys.len().trailing_zeros();
        let x = (key as u64 ^ self.seed)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29)
            ^ ((key >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (x.wrapping_mul(0xFF51_AFD7_ED55_8CCD) >> (64 - bits)) as usize
    }

    /// Adds `count` to the entry of `key`.
    #[inline]
    pub(crate) fn add(&mut self, key: u128, count: u64) {
        if 2 * (self.len + 1) > self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        loop {
            match self.keys.get(i).copied() {
                Some(k) if k == key => {
                    if let Some(c) = self.counts.get_mut(i) {
                        match c.checked_add(count) {
                            Some(sum) => *c = sum,
                            None => self.overflowed = true,
                        }
                    }
                    return;
                }
                Some(0) => {
                    if let (Some(k), Some(c)) = (self.keys.get_mut(i), self.counts.get_mut(i)) {
                        *k = key;
                        *c = count;
                    }
                    self.len += 1;
                    return;
                }
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let size = self.keys.len() * 2;
        let keys = core::mem::replace(&mut self.keys, std::vec![0; size]);
        let counts = core::mem::replace(&mut self.counts, std::vec![0; size]);
        self.len = 0;
        let overflowed = self.overflowed;
        for (k, c) in keys.into_iter().zip(counts) {
            if k != 0 {
                self.add(k, c);
            }
        }
        self.overflowed = overflowed;
    }

    /// Adds every entry of `other`.
    pub(crate) fn merge(&mut self, other: Table) {
        self.overflowed |= other.overflowed;
        for (k, c) in other.entries() {
            self.add(k, c);
        }
    }
}
