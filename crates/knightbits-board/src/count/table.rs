//! A hash table of counts for the counters.

use std::vec::Vec;

/// Counts keyed by nonzero `u64`s: open addressing, linear probing, key 0 marks a free slot.
pub(crate) struct Table {
    keys: Vec<u64>,
    counts: Vec<u64>,
    pub(crate) len: usize,
    /// Set when a count went past `u64::MAX`.
    pub(crate) overflowed: bool,
}

impl Table {
    /// An empty table that holds `n` entries before it grows.
    pub(crate) fn with_capacity(n: usize) -> Table {
        let size = (2 * n).next_power_of_two().max(16);
        Table {
            keys: std::vec![0; size],
            counts: std::vec![0; size],
            len: 0,
            overflowed: false,
        }
    }

    /// The entries, in no order.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.keys
            .iter()
            .zip(&self.counts)
            .filter(|&(&k, _)| k != 0)
            .map(|(&k, &c)| (k, c))
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        let bits = self.keys.len().trailing_zeros();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// Adds `count` to the entry of `key`.
    #[inline]
    pub(crate) fn add(&mut self, key: u64, count: u64) {
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

    /// The count of `key` (0 when absent).
    #[inline]
    pub(crate) fn get(&self, key: u64) -> u64 {
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        loop {
            match self.keys.get(i).copied() {
                Some(k) if k == key => return self.counts.get(i).copied().unwrap_or(0),
                Some(0) | None => return 0,
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
    pub(crate) fn merge(&mut self, other: &Table) {
        self.overflowed |= other.overflowed;
        for (&k, &c) in other.keys.iter().zip(&other.counts) {
            if k != 0 {
                self.add(k, c);
            }
        }
    }
}
