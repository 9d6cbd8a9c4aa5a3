//! A compact hash table of counts for meet in the middle: keys of up to 64 bits, 8 bytes a
//! slot.
//!
//! A key is first mixed by a bijection of its `bits`-bit values. The top bits of the mixed key
//! choose one of up to 4,096 shards; the slot stores only the rest of the mixed key (the
//! remainder) beside the count, so that a 48-bit key shares one `u64` with a 28-bit count, and
//! the key is recovered by undoing the mix. Each shard is an open-addressing table with linear
//! probing that grows on its own, so growing never holds two copies of the whole table. A
//! count too large for its field keeps the low part in the slot and the rest in a side map.
//! Counts are added through a [`Filler`], which gathers them and enters them a batch at a time,
//! first touching every slot of the batch so that the memory accesses overlap.

use std::collections::HashMap;
use std::vec::Vec;

/// Counts keyed by `bits`-bit keys.
pub(crate) struct PackedTable {
    mixer: Mixer,
    /// Bits of the mixed key stored in a slot; the bits above choose the shard.
    rem_bits: u32,
    /// Bits of the count stored in a slot: `64 - rem_bits`.
    count_bits: u32,
    shards: Vec<Shard>,
    /// The parts of counts that did not fit their slot, by key.
    spill: HashMap<u64, u64>,
    /// Entries.
    pub(crate) len: usize,
    /// Set when a count went past `u64::MAX`.
    pub(crate) overflowed: bool,
}

/// One shard: slots of `remainder << count_bits | count`, 0 for a free slot (every stored count
/// is at least 1).
#[derive(Default)]
struct Shard {
    slots: Vec<u64>,
    len: usize,
}

/// The most shard bits: 4,096 shards (their headers stay in cache).
const MAX_SHARD_BITS: u32 = 12;

/// Keys of at most this many bits go in one shard.
const ONE_SHARD_BITS: u32 = 24;

impl PackedTable {
    /// An empty table for keys of `bits` bits (at most 64).
    pub(crate) fn new(bits: u32) -> PackedTable {
        // Small tables (boards of up to 25 squares) keep one shard; wider keys spread over up to
        // 4,096 shards, leaving 28 bits of a slot for the count of a 48-bit key.
        let shard_bits = bits.saturating_sub(ONE_SHARD_BITS).min(MAX_SHARD_BITS);
        let rem_bits = bits - shard_bits;
        let mut shards = Vec::new();
        shards.resize_with(1 << shard_bits, Shard::default);
        PackedTable {
            mixer: Mixer::new(bits),
            rem_bits,
            count_bits: 64 - rem_bits,
            shards,
            spill: HashMap::new(),
            len: 0,
            overflowed: false,
        }
    }

    /// The number of shards (for sharing the reading of a table among threads).
    pub(crate) fn shards(&self) -> usize {
        self.shards.len()
    }

    /// Adds `count` (at least 1) to the entry of `key`.
    #[inline]
    pub(crate) fn add(&mut self, key: u64, count: u64) {
        let mixed = self.mixer.mix(key);
        let shard = shift_right(mixed, self.rem_bits) as usize;
        let rem = mixed & low_mask(self.rem_bits);
        self.add_rem(shard, rem, count);
    }

    /// Adds `count` to the entry of remainder `rem` in shard `shard`.
    #[inline]
    fn add_rem(&mut self, shard: usize, rem: u64, count: u64) {
        let count_bits = self.count_bits;
        let field_max = low_mask(count_bits);
        let Some(s) = self.shards.get_mut(shard) else {
            return;
        };
        if 4 * (s.len + 1) > 3 * s.slots.len() {
            s.grow(count_bits);
        }
        let mask = s.slots.len() - 1;
        let mut i = slot_of(rem, s.slots.len());
        let tag = shift_left(rem, count_bits);
        loop {
            let Some(slot) = s.slots.get_mut(i) else {
                return;
            };
            if *slot == 0 {
                let field = count.min(field_max);
                *slot = tag | field;
                s.len += 1;
                self.len += 1;
                if field < count {
                    self.spill_add(shard, rem, count - field);
                }
                return;
            }
            if *slot & !field_max == tag && (*slot != 0) {
                let field = *slot & field_max;
                match field.checked_add(count) {
                    Some(sum) if sum <= field_max => *slot = tag | sum,
                    _ => {
                        // Keep a nonzero field: the slot stays occupied.
                        let total = field as u128 + count as u128;
                        let keep = field_max;
                        *slot = tag | keep;
                        let extra = total - keep as u128;
                        match u64::try_from(extra) {
                            Ok(extra) => self.spill_add(shard, rem, extra),
                            Err(_) => self.overflowed = true,
                        }
                    }
                }
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn spill_add(&mut self, shard: usize, rem: u64, extra: u64) {
        let key = self.key_of(shard, rem);
        self.spill_key(key, extra);
    }

    /// Adds `extra` to the spilled part of `key`'s count, which with a full field must stay
    /// within a `u64`.
    fn spill_key(&mut self, key: u64, extra: u64) {
        let room = u64::MAX - low_mask(self.count_bits);
        let e = self.spill.entry(key).or_insert(0);
        match e.checked_add(extra) {
            Some(sum) if sum <= room => *e = sum,
            _ => self.overflowed = true,
        }
    }

    /// The key stored as remainder `rem` in shard `shard`.
    #[inline]
    fn key_of(&self, shard: usize, rem: u64) -> u64 {
        self.mixer
            .unmix(shift_left(shard as u64, self.rem_bits) | rem)
    }

    /// The count of `key` (0 when absent).
    #[inline]
    pub(crate) fn get(&self, key: u64) -> u64 {
        let mixed = self.mixer.mix(key);
        let shard = shift_right(mixed, self.rem_bits) as usize;
        let rem = mixed & low_mask(self.rem_bits);
        let Some(s) = self.shards.get(shard) else {
            return 0;
        };
        if s.slots.is_empty() {
            return 0;
        }
        let field_max = low_mask(self.count_bits);
        let tag = shift_left(rem, self.count_bits);
        let mask = s.slots.len() - 1;
        let mut i = slot_of(rem, s.slots.len());
        loop {
            match s.slots.get(i).copied() {
                Some(0) | None => return 0,
                Some(slot) if slot & !field_max == tag => {
                    let field = slot & field_max;
                    if self.spill.is_empty() {
                        return field;
                    }
                    return field + self.spill.get(&key).copied().unwrap_or(0);
                }
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// The entries of shard `shard` as (key, count), in no order.
    pub(crate) fn shard_entries(&self, shard: usize) -> impl Iterator<Item = (u64, u64)> + '_ {
        let field_max = low_mask(self.count_bits);
        let slots = self.shards.get(shard).map_or(&[][..], |s| &s.slots[..]);
        slots.iter().filter(|&&s| s != 0).map(move |&slot| {
            let key = self.key_of(shard, shift_right(slot, self.count_bits));
            let mut count = slot & field_max;
            if !self.spill.is_empty() {
                count += self.spill.get(&key).copied().unwrap_or(0);
            }
            (key, count)
        })
    }

    /// Every entry as (key, count), in no order.
    #[cfg(test)]
    pub(crate) fn entries(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        (0..self.shards.len()).flat_map(move |s| self.shard_entries(s))
    }

    /// Adds every entry of `other` (a table for keys of the same width), emptying it shard by
    /// shard as it goes.
    pub(crate) fn merge(&mut self, mut other: PackedTable) {
        self.overflowed |= other.overflowed;
        let field_max = low_mask(self.count_bits);
        for shard in 0..self.shards.len() {
            let Some(theirs) = other.shards.get_mut(shard) else {
                continue;
            };
            let mut theirs = core::mem::take(theirs);
            if let Some(ours) = self.shards.get_mut(shard)
                && ours.len < theirs.len
            {
                core::mem::swap(ours, &mut theirs);
                self.len = self.len + ours.len - theirs.len;
            }
            for slot in theirs.slots {
                if slot != 0 {
                    self.add_rem(shard, shift_right(slot, self.count_bits), slot & field_max);
                }
            }
        }
        for (key, extra) in other.spill.drain() {
            self.spill_key(key, extra);
        }
    }
}

/// Adds counts to a table a batch at a time (see the module documentation).
pub(crate) struct Filler {
    table: PackedTable,
    pending: Vec<(u64, u64)>,
}

/// Counts gathered before they are entered.
const BATCH: usize = 64;

impl Filler {
    /// A filler of an empty table for keys of `bits` bits.
    pub(crate) fn new(bits: u32) -> Filler {
        Filler {
            table: PackedTable::new(bits),
            pending: Vec::with_capacity(BATCH),
        }
    }

    /// Adds `count` (at least 1) to the entry of `key`.
    #[inline]
    pub(crate) fn add(&mut self, key: u64, count: u64) {
        self.pending.push((key, count));
        if self.pending.len() >= BATCH {
            self.flush();
        }
    }

    fn flush(&mut self) {
        let t = &mut self.table;
        // Touch the home slot of every key first: the loads are independent, so their cache
        // and page misses overlap instead of following one another.
        let mut touched = 0u64;
        for &(key, _) in &self.pending {
            let mixed = t.mixer.mix(key);
            let shard = shift_right(mixed, t.rem_bits) as usize;
            if let Some(s) = t.shards.get(shard)
                && !s.slots.is_empty()
            {
                let rem = mixed & low_mask(t.rem_bits);
                touched ^= s
                    .slots
                    .get(slot_of(rem, s.slots.len()))
                    .copied()
                    .unwrap_or(0);
            }
        }
        core::hint::black_box(touched);
        for (key, count) in self.pending.drain(..) {
            t.add(key, count);
        }
    }

    /// Entries and bytes of slots so far.
    pub(crate) fn size(&mut self) -> (usize, usize) {
        self.flush();
        let slots: usize = self.table.shards.iter().map(|s| s.slots.len()).sum();
        (self.table.len, slots * size_of::<u64>())
    }

    /// The filled table.
    pub(crate) fn into_table(mut self) -> PackedTable {
        self.flush();
        self.table
    }
}

impl Shard {
    fn grow(&mut self, count_bits: u32) {
        let size = (self.slots.len() * 2).max(8);
        let old = core::mem::replace(&mut self.slots, std::vec![0; size]);
        let mask = size - 1;
        for slot in old {
            if slot != 0 {
                let mut i = slot_of(shift_right(slot, count_bits), size);
                while self.slots.get(i).is_some_and(|&s| s != 0) {
                    i = (i + 1) & mask;
                }
                if let Some(s) = self.slots.get_mut(i) {
                    *s = slot;
                }
            }
        }
    }
}

/// The home slot of a remainder in a shard of `size` slots (a power of two).
#[inline]
fn slot_of(rem: u64, size: usize) -> usize {
    let bits = size.trailing_zeros();
    shift_right(rem.wrapping_mul(0x9E37_79B9_7F4A_7C15), 64 - bits) as usize & (size - 1)
}

/// The `bits` low bits set (all for 64).
#[inline]
fn low_mask(bits: u32) -> u64 {
    if bits >= 64 { !0 } else { (1 << bits) - 1 }
}

/// `x >> s`, 0 for `s >= 64`.
#[inline]
fn shift_right(x: u64, s: u32) -> u64 {
    x.checked_shr(s).unwrap_or(0)
}

/// `x << s`, 0 for `s >= 64`.
#[inline]
fn shift_left(x: u64, s: u32) -> u64 {
    x.checked_shl(s).unwrap_or(0)
}

/// A bijection of the `bits`-bit values (multiply by an odd constant, xor-shift, twice): spreads
/// structured keys (sets of squares) over shards and slots, and can be undone.
#[derive(Clone, Copy, Debug)]
struct Mixer {
    mask: u64,
    shift: u32,
}

const MUL1: u64 = 0x9E37_79B9_7F4A_7C15;
const MUL2: u64 = 0xBF58_476D_1CE4_E5B9;

impl Mixer {
    fn new(bits: u32) -> Mixer {
        Mixer {
            mask: low_mask(bits),
            // At least half the width: one xor-shift undoes itself.
            shift: bits.div_ceil(2).max(1),
        }
    }

    #[inline]
    fn mix(self, x: u64) -> u64 {
        let mut y = x.wrapping_mul(MUL1) & self.mask;
        y ^= y >> self.shift;
        y = y.wrapping_mul(MUL2) & self.mask;
        y ^ (y >> self.shift)
    }

    #[inline]
    fn unmix(self, y: u64) -> u64 {
        let mut x = y ^ (y >> self.shift);
        x = x.wrapping_mul(inverse(MUL2)) & self.mask;
        x ^= x >> self.shift;
        x.wrapping_mul(inverse(MUL1)) & self.mask
    }
}

/// The inverse of odd `a` modulo 2^64 (Newton's iteration, each step doubling the good bits).
const fn inverse(a: u64) -> u64 {
    let mut x = a;
    let mut i = 0;
    while i < 6 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mix is undone for every width, on edge values and a spread of others.
    #[test]
    fn mixing_is_a_bijection() {
        assert_eq!(MUL1.wrapping_mul(inverse(MUL1)), 1);
        for bits in 0..=64 {
            let m = Mixer::new(bits);
            let mut x = 0x0123_4567_89AB_CDEFu64;
            for _ in 0..200 {
                let k = x & m.mask;
                assert_eq!(m.unmix(m.mix(k)), k, "{bits}");
                assert!(m.mix(k) <= m.mask);
                x = x.rotate_left(7).wrapping_mul(MUL2).wrapping_add(1);
            }
            assert_eq!(m.unmix(m.mix(m.mask)), m.mask);
            assert_eq!(m.unmix(m.mix(0)), 0);
        }
    }

    /// Against a `HashMap`: adds, gets, entries, merging, and counts past the slot's field
    /// (keys of 60 bits leave 24 bits for the count).
    #[test]
    fn table_matches_a_hash_map() {
        for bits in [1u32, 8, 24, 33, 48, 60, 64] {
            let mask = low_mask(bits);
            let mut t = PackedTable::new(bits);
            let mut u = PackedTable::new(bits);
            let mut expect: HashMap<u64, u64> = HashMap::new();
            let mut x = 12345u64;
            for i in 0..20_000u64 {
                x = x.wrapping_mul(MUL1).wrapping_add(i);
                let key = ((x >> 7) % 3000 * 0x1_0001) & mask;
                let count = if i % 1000 == 0 { 1 << 30 } else { 1 + i % 5 };
                if i % 3 == 0 {
                    u.add(key, count)
                } else {
                    t.add(key, count)
                }
                *expect.entry(key).or_default() += count;
            }
            t.merge(u);
            assert_eq!(t.len, expect.len(), "{bits}");
            for (&k, &c) in &expect {
                assert_eq!(t.get(k), c, "{bits} {k}");
            }
            let got: HashMap<u64, u64> = t.entries().collect();
            assert_eq!(got, expect);
            assert!(!t.overflowed);
        }
        let mut t = PackedTable::new(48);
        t.add(5, u64::MAX);
        assert!(!t.overflowed);
        assert_eq!(t.get(5), u64::MAX);
        t.add(5, 1);
        assert!(t.overflowed);
    }
}
