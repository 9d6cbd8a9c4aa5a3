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
/// The slot hash is seeded per table and unrelated to [`State::route`](super::State::route). Counts are
/// `u128`, held as a low `u64` a slot and a high `u64` a slot that is only allocated once some
/// count passes `u64::MAX`: tables of smaller counts pay nothing for it.
pub(crate) struct Table<K: Key> {
    keys: Vec<K>,
    counts: Vec<u64>,
    /// The high halves of the counts: empty, or as long as `counts`.
    high: Vec<u64>,
    pub(crate) len: usize,
    seed: u64,
    /// Set when a count went past `u128::MAX`.
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
            high: Vec::new(),
            len: 0,
            seed,
            overflowed: false,
        }
    }

    /// The entries, in no order.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (K, u128)> + '_ {
        self.keys
            .iter()
            .zip(&self.counts)
            .enumerate()
            .filter(|&(_, (&k, _))| k != K::default())
            .map(|(i, (&k, &c))| {
                let high = self.high.get(i).copied().unwrap_or(0);
                (k, u128::from(high) << 64 | u128::from(c))
            })
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.keys.len() * (size_of::<K>() + size_of::<u64>()) + self.high.len() * size_of::<u64>()
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
    pub(crate) fn add(&mut self, key: K, count: u128) {
        if 2 * (self.len + 1) > self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        loop {
            match self.keys.get(i).copied() {
                Some(k) if k == key => {
                    if let Some(c) = self.counts.get_mut(i) {
                        let (low, carry) = c.overflowing_add(count as u64);
                        *c = low;
                        let high = (count >> 64) as u64;
                        if carry || high != 0 {
                            self.add_high(i, high, carry);
                        }
                    }
                    return;
                }
                Some(k) if k == K::default() => {
                    if let (Some(k), Some(c)) = (self.keys.get_mut(i), self.counts.get_mut(i)) {
                        *k = key;
                        *c = count as u64;
                    }
                    self.len += 1;
                    let high = (count >> 64) as u64;
                    if high != 0 {
                        self.add_high(i, high, false);
                    }
                    return;
                }
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Adds `high` and a carry to the high half of slot `i`'s count.
    #[cold]
    fn add_high(&mut self, i: usize, high: u64, carry: bool) {
        if self.high.is_empty() {
            self.high = std::vec![0; self.keys.len()];
        }
        let sum = high.checked_add(u64::from(carry));
        match (self.high.get_mut(i), sum) {
            (Some(h), Some(x)) => match h.checked_add(x) {
                Some(v) => *h = v,
                None => self.overflowed = true,
            },
            _ => self.overflowed = true,
        }
    }

    fn grow(&mut self) {
        let size = self.keys.len() * 2;
        let keys = core::mem::replace(&mut self.keys, std::vec![K::default(); size]);
        let counts = core::mem::replace(&mut self.counts, std::vec![0; size]);
        let high = core::mem::take(&mut self.high);
        self.len = 0;
        let overflowed = self.overflowed;
        for (i, (k, c)) in keys.into_iter().zip(counts).enumerate() {
            if k != K::default() {
                let h = high.get(i).copied().unwrap_or(0);
                self.add(k, u128::from(h) << 64 | u128::from(c));
            }
        }
        self.overflowed = overflowed;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Proves counts past `u64::MAX` are kept whole: carries out of the low half, counts added
    /// with a high half, both through growth of the table (1,000 keys from 16 slots), and a
    /// count past `u128::MAX` is flagged.
    #[test]
    fn counts_carry_past_64_bits() {
        let mut t: Table<u64> = Table::with_capacity(0);
        for key in 1..=1000u64 {
            t.add(key, u128::from(u64::MAX));
            t.add(key, u128::from(key));
            if key % 2 == 0 {
                t.add(key, 3 << 64);
            }
        }
        assert!(!t.overflowed);
        let mut seen = 0;
        for (key, count) in t.entries() {
            let extra = if key % 2 == 0 { 3u128 << 64 } else { 0 };
            assert_eq!(
                count,
                u128::from(u64::MAX) + u128::from(key) + extra,
                "{key}"
            );
            seen += 1;
        }
        assert_eq!(seen, 1000);
        t.add(7, u128::MAX);
        assert!(t.overflowed);
        // A table whose counts stay below 2^64 holds no high halves.
        let mut small: Table<u64> = Table::with_capacity(0);
        small.add(1, u128::from(u64::MAX));
        assert_eq!(small.high.len(), 0);
    }
}
