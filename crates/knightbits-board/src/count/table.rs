//! A hash table of counts for the frontier programme.

use core::sync::atomic::{AtomicU64, Ordering};
use std::vec::Vec;

/// Seeds handed to new tables, so that no two tables share a slot order (adding one table's
/// entries, in its slot order, to a table with the same hash would pile them into one run).
static SEEDS: AtomicU64 = AtomicU64::new(0);

/// A table key: a `u64` when the states fit (boards up to 7 wide), else a `u128`.
pub(crate) trait Key: Copy + Eq + Default {
    /// The two halves, low first.
    fn halves(self) -> (u64, u64);
}

impl Key for u64 {
    #[inline]
    fn halves(self) -> (u64, u64) {
        (self, 0)
    }
}

impl Key for u128 {
    #[inline]
    fn halves(self) -> (u64, u64) {
        (self as u64, (self >> 64) as u64)
    }
}

/// Counts keyed by nonzero keys: open addressing, linear probing, key 0 marks a free slot.
/// The slot hash is seeded per table and unrelated to [`super::Frontier::route`].
pub(crate) struct Table<K: Key> {
    keys: Vec<K>,
    counts: Vec<u64>,
    pub(crate) len: usize,
    seed: u64,
    /// Set when a count went past `u64::MAX`.
    pub(crate) overflowed: bool,
}

impl<K: Key> Table<K> {
    /// An empty table that holds `n` entries before it grows.
    pub(crate) fn with_capacity(n: usize) -> Table<K> {
        let size = (2 * n).next_power_of_two().max(16);
        let seed = SEEDS
            .fetch_add(1, Ordering::Relaxed)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            | 1;
        Table {
            keys: std::vec![K::default(); size],
            counts: std::vec![0; size],
            len: 0,
            seed,
            overflowed: false,
        }
    }

    /// The entries, in no order.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (K, u64)> + '_ {
        self.keys
            .iter()
            .zip(&self.counts)
            .filter(|&(&k, _)| k != K::default())
            .map(|(&k, &c)| (k, c))
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.keys.len() * (size_of::<K>() + size_of::<u64>())
    }

    #[inline]
    fn slot(&self, key: K) -> usize {
        let bits = self.keys.len().trailing_zeros();
        let (lo, hi) = key.halves();
        // Multiplicative hashing: the top bits of the product.
        let x = (lo ^ self.seed ^ hi.wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (x >> (64 - bits)) as usize
    }

    /// Adds `count` to the entry of `key`.
    #[inline]
    pub(crate) fn add(&mut self, key: K, count: u64) {
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
                Some(k) if k == K::default() => {
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
        let keys = core::mem::replace(&mut self.keys, std::vec![K::default(); size]);
        let counts = core::mem::replace(&mut self.counts, std::vec![0; size]);
        self.len = 0;
        let overflowed = self.overflowed;
        for (k, c) in keys.into_iter().zip(counts) {
            if k != K::default() {
                self.add(k, c);
            }
        }
        self.overflowed = overflowed;
    }
}
