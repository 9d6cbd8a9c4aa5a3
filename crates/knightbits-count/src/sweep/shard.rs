//! The next layer's tables: open addressing in shards by key hash, filled a batch at a time.

use super::residue::add_mod;
use super::word::Word;
use super::workers;
use std::sync::{Mutex, PoisonError};
use std::vec::Vec;

/// The hash of a key ([`Word::spread`]). Its top bits choose a shard, its low 32 bits the
/// slot within it.
#[inline]
pub(crate) fn hash<K: Word>(key: K) -> u64 {
    key.spread()
}

/// A shard fills to this share of its slots (in 256ths) before it grows by half.
pub(crate) const MAX_LOAD: usize = 205;

/// Entries gathered for one shard before they are added together.
pub(crate) const BATCH: usize = 64;

/// Records in one block of memory, zeroed when made: on the heap when small, else mapped for
/// the block alone, so that its memory goes back to the system when it is dropped (freed heap
/// memory stays with the process). Tables that large ask for huge pages, as every access to a
/// large table would otherwise also miss the processor's address cache.
pub(crate) enum Block<R = [u64; 2]> {
    Heap(Vec<R>),
    Mapped(memmap2::MmapMut),
}

/// The smallest page of memory.
const PAGE: usize = 4096;

/// Blocks of at least this many bytes are mapped.
const MAPPED: usize = 64 << 10;

/// Blocks of at least this many bytes ask for huge pages.
#[cfg(target_os = "linux")]
const HUGE: usize = 4 << 20;

impl<R: bytemuck::Pod> Block<R> {
    pub(crate) fn zeroed(n: usize) -> Block<R> {
        let size = core::mem::size_of::<R>();
        if n * size >= MAPPED
            && let Ok(map) = memmap2::MmapOptions::new().len(n * size).map_anon()
            && bytemuck::try_cast_slice::<u8, R>(&map).is_ok()
        {
            #[cfg(target_os = "linux")]
            if n * size >= HUGE {
                let _ = map.advise(memmap2::Advice::HugePage);
            }
            let mut block = Block::Mapped(map);
            // Written now, a word a page, as the heap's below.
            for r in block.get_mut().iter_mut().step_by(PAGE / size) {
                *r = R::zeroed();
            }
            return block;
        }
        // Written now: zeroed memory from the system is mapped to one shared page at the
        // first look and copied at the first write, each copy stopping every thread of the
        // process to flush its address cache.
        let mut v = Vec::with_capacity(n);
        v.resize(n, R::zeroed());
        Block::Heap(v)
    }

    /// A block of `records`.
    pub(crate) fn of(records: &[R]) -> Block<R> {
        let mut b = Block::zeroed(records.len());
        b.get_mut().copy_from_slice(records);
        b
    }

    pub(crate) fn get(&self) -> &[R] {
        match self {
            Block::Heap(v) => v,
            // Never empty: the cast was checked when the map was made.
            Block::Mapped(m) => bytemuck::try_cast_slice(m).unwrap_or_default(),
        }
    }

    pub(crate) fn get_mut(&mut self) -> &mut [R] {
        match self {
            Block::Heap(v) => v,
            Block::Mapped(m) => bytemuck::try_cast_slice_mut(m).unwrap_or_default(),
        }
    }
}

/// One shard of a layer being built: open addressing with linear probing (the ways of key 0,
/// if it ever came, are kept aside). Ways are added modulo a prime below 2^64 (the `residue`
/// module's), noting whether any sum was reduced.
pub(crate) struct Shard<K: Word> {
    slots: Block<K::Record>,
    size: usize,
    len: usize,
    zero: u64,
    modulus: u64,
    pub(crate) reduced: bool,
    /// Keys added, before equal keys merged: the keys a worker across processes would send.
    pub(crate) made: u64,
}

impl<K: Word> Shard<K> {
    /// Room for `n` entries, ways added modulo `modulus` (a prime: ways below it are
    /// exact until a sum is reduced).
    pub(crate) fn with_capacity(n: usize, modulus: u64) -> Shard<K> {
        let size = (n * 256 / MAX_LOAD).max(16);
        Shard {
            slots: Block::zeroed(size),
            size,
            len: 0,
            zero: 0,
            modulus,
            reduced: false,
            made: 0,
        }
    }

    #[inline]
    fn slot(hash: u64, size: usize) -> usize {
        (((hash & 0xffff_ffff) * size as u64) >> 32) as usize
    }

    /// Adds a batch of `(key, hash, ways)`.
    pub(crate) fn add_all(&mut self, batch: &[(K, u64, u64)]) {
        self.made += batch.len() as u64;
        if (self.len + batch.len()) * 256 > self.size * MAX_LOAD {
            self.grow(self.len + batch.len());
        }
        let size = self.size;
        // Touch every slot first: the loads do not depend on each other, so they overlap.
        let slots = self.slots.get();
        let mut touched = 0u64;
        for &(_, h, _) in batch {
            if let Some(s) = slots.get(Shard::<K>::slot(h, size)) {
                touched ^= K::ways(s);
            }
        }
        std::hint::black_box(touched);
        for &(key, h, ways) in batch {
            self.add(key, h, ways);
        }
    }

    #[inline]
    fn add(&mut self, key: K, h: u64, ways: u64) {
        if key == K::ZERO {
            let (sum, r) = add_mod(self.zero, ways, self.modulus);
            self.zero = sum;
            self.reduced |= r;
            return;
        }
        let slots = self.slots.get_mut();
        let mut i = Shard::<K>::slot(h, slots.len());
        loop {
            match slots.get_mut(i) {
                Some(s) if K::key(s) == key => {
                    let w = K::ways_mut(s);
                    let (sum, r) = add_mod(*w, ways, self.modulus);
                    *w = sum;
                    self.reduced |= r;
                    return;
                }
                Some(s) if K::key(s) == K::ZERO => {
                    *s = K::record(key, ways);
                    self.len += 1;
                    return;
                }
                Some(_) => i += 1,
                None => i = 0,
            }
        }
    }

    /// Room for `n` entries at the load limit and half as many again.
    #[cold]
    fn grow(&mut self, n: usize) {
        let size = (n * 256 / MAX_LOAD * 3 / 2).max(self.size * 3 / 2);
        let old = core::mem::replace(&mut self.slots, Block::zeroed(size));
        self.size = size;
        self.len = 0;
        for r in old.get() {
            let key = K::key(r);
            if key != K::ZERO {
                self.add(key, hash(key), K::ways(r));
            }
        }
    }

    /// The entries as flat records at the front of the table, moved there in place.
    pub(crate) fn compacted(&mut self) -> &mut [K::Record] {
        let slots = self.slots.get_mut();
        let mut n = 0;
        for i in 0..slots.len() {
            if let Some(&s) = slots.get(i)
                && K::key(&s) != K::ZERO
            {
                if let Some(t) = slots.get_mut(n) {
                    *t = s;
                }
                n += 1;
            }
        }
        if self.zero != 0
            && let Some(t) = slots.get_mut(n)
        {
            *t = K::record(K::ZERO, self.zero);
            n += 1;
        }
        slots.get_mut(..n).unwrap_or_default()
    }

    /// The entries as flat records, in a block of their own.
    fn into_records(self) -> Block<K::Record> {
        let mut out = Block::zeroed(self.len + usize::from(self.zero != 0));
        let records = out.get_mut();
        let entries = self.slots.get().iter().filter(|s| K::key(s) != K::ZERO);
        for (r, &s) in records.iter_mut().zip(entries) {
            *r = s;
        }
        if self.zero != 0
            && let Some(last) = records.last_mut()
        {
            *last = K::record(K::ZERO, self.zero);
        }
        out
    }

    pub(crate) fn bytes(&self) -> u64 {
        self.size as u64 * K::RECORD_BYTES
    }
}

/// Adds `batch` to shard `i` of `shards`, and empties it.
pub(crate) fn flush<K: Word>(shards: &[Mutex<Shard<K>>], i: usize, batch: &mut Vec<(K, u64, u64)>) {
    if let Some(shard) = shards.get(i) {
        shard
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .add_all(batch);
    }
    batch.clear();
}

/// The shards filled, and whether some sum of ways was reduced modulo their prime.
pub(crate) fn filled<K: Word>(shards: Vec<Mutex<Shard<K>>>) -> (Vec<Shard<K>>, bool) {
    let shards: Vec<Shard<K>> = shards
        .into_iter()
        .map(|m| m.into_inner().unwrap_or_else(PoisonError::into_inner))
        .collect();
    let reduced = shards.iter().any(|s| s.reduced);
    (shards, reduced)
}

/// The shards' entries as flat records, compacted by `threads` threads.
pub(crate) fn compact<K: Word>(shards: Vec<Shard<K>>, threads: usize) -> Vec<Block<K::Record>> {
    let queue = Mutex::new(shards.into_iter().enumerate().collect::<Vec<_>>());
    let done = workers::map((0..threads).collect(), |_| {
        let mut out = Vec::new();
        loop {
            let next = queue.lock().unwrap_or_else(PoisonError::into_inner).pop();
            match next {
                Some((i, s)) => out.push((i, s.into_records())),
                None => return out,
            }
        }
    });
    let mut all: Vec<(usize, Block<K::Record>)> = done.into_iter().flatten().collect();
    all.sort_unstable_by_key(|&(i, _)| i);
    all.into_iter().map(|(_, r)| r).collect()
}
