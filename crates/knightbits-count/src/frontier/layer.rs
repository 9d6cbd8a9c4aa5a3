//! A layer: the states before one round with their ways, in per-worker parts.

#[cfg(doc)]
use super::Frontier;
use super::{ENDS, MARK};
use crate::error::CountError;
use crate::table::Table;
use core::fmt;
use std::vec::Vec;

/// New states on their way to the worker whose part holds them, with their ways.
pub(super) type Batch = Vec<(u128, u128)>;

/// A state of the frontier programme, opaque: what the squares of the frontier window hold
/// (no edge yet, finished, or an end of a path) and, counting paths, how many ends of the tour
/// have left it. States are made by [`Frontier::first`] and [`Frontier::expand`], held by a
/// [`Layer`], and moved between workers by their [`State::route`] (with the `serde` feature,
/// serialised as the exchange between processes needs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct State(pub(crate) u128);

impl State {
    /// The exchange key of a state: a mixed hash (splitmix64 of both halves) that spreads
    /// states evenly over workers, unrelated to the layer's table hash.
    #[inline]
    pub fn route(self) -> u64 {
        fn mix(mut z: u64) -> u64 {
            z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        let s = self.0 & !MARK;
        mix(s as u64 ^ ((s >> 64) as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93))
    }
}

/// The states before one round of a [`Frontier`], each with its number of ways, and the ways of
/// the tours finished in earlier rounds.
pub struct Layer {
    pub(super) round: u32,
    pub(super) done: u128,
    pub(super) parts: Vec<Part>,
}

/// A share of a layer's states: those that fit in 64 bits (every state of a board up to 7
/// wide) under `u64` keys, the others under `u128` keys; in tables while states are added, in
/// packed lists once the share is complete (a quarter of the memory, read in order), where the
/// few states with more than `u64::MAX` ways have a list of their own.
pub(super) struct Part {
    narrow: Table<u64>,
    wide: Table<u128>,
    packed: Vec<(u64, u64)>,
    packed_wide: Vec<(u64, u64, u64)>,
    packed_big: Vec<(u128, u128)>,
}

/// The bits of a state's frontier slots that a narrow key holds.
const LOW: u128 = (1 << 60) - 1;
/// The bits of frontier slots 15 and up.
const HIGH: u128 = ((1 << ENDS) - 1) & !LOW;

/// The narrow key of a state whose slots 15 and up are empty: the low 60 bits, the ends, a
/// marker.
#[inline]
fn narrow_key(state: u128) -> u64 {
    state as u64 & LOW as u64 | ((state >> ENDS) as u64 & 3) << 60 | 1 << 63
}

/// The wide key packed as its two halves.
#[inline]
fn wide_key(lo: u64, hi: u64) -> u128 {
    u128::from(hi) << 64 | u128::from(lo)
}

/// The state of a narrow key.
#[inline]
fn from_narrow(key: u64) -> u128 {
    let k = u128::from(key);
    (k & LOW) | (k >> 60 & 3) << ENDS
}

impl Part {
    pub(super) fn with_capacity(n: usize) -> Part {
        Part {
            narrow: Table::with_capacity(n),
            wide: Table::with_capacity(0),
            packed: Vec::new(),
            packed_wide: Vec::new(),
            packed_big: Vec::new(),
        }
    }

    #[inline]
    pub(super) fn add(&mut self, state: u128, ways: u128) {
        if !self.packed.is_empty() || !self.packed_wide.is_empty() || !self.packed_big.is_empty() {
            self.unpack();
        }
        self.insert(state, ways);
    }

    /// Adds to the tables.
    #[inline]
    fn insert(&mut self, state: u128, ways: u128) {
        if state & HIGH == 0 {
            self.narrow.add(narrow_key(state), ways);
        } else {
            self.wide.add(state | MARK, ways);
        }
    }

    /// Adds every state of `batch`.
    pub(super) fn add_all(&mut self, batch: Batch) {
        for (state, ways) in batch {
            self.add(state, ways);
        }
    }

    /// Moves the states from the tables to the packed lists.
    pub(super) fn pack(&mut self) {
        let narrow = core::mem::replace(&mut self.narrow, Table::with_capacity(0));
        self.packed.reserve_exact(narrow.len);
        for (k, w) in narrow.entries() {
            match u64::try_from(w) {
                Ok(w) => self.packed.push((k, w)),
                Err(_) => self.packed_big.push((from_narrow(k), w)),
            }
        }
        drop(narrow);
        let wide = core::mem::replace(&mut self.wide, Table::with_capacity(0));
        self.packed_wide.reserve_exact(wide.len);
        for (s, w) in wide.entries() {
            match u64::try_from(w) {
                Ok(w) => self.packed_wide.push((s as u64, (s >> 64) as u64, w)),
                Err(_) => self.packed_big.push((s & !MARK, w)),
            }
        }
    }

    /// Moves the packed states back into the tables.
    fn unpack(&mut self) {
        for (k, w) in core::mem::take(&mut self.packed) {
            self.narrow.add(k, u128::from(w));
        }
        for (lo, hi, w) in core::mem::take(&mut self.packed_wide) {
            self.wide.add(wide_key(lo, hi), u128::from(w));
        }
        for (s, w) in core::mem::take(&mut self.packed_big) {
            self.insert(s, w);
        }
    }

    /// The packed states of the share `t` of `threads` (the slice of each list), and the
    /// states of the tables.
    fn slices(&self, t: usize, threads: usize) -> impl Iterator<Item = (u128, u128)> + '_ {
        let slice = |n: usize| n * t / threads..n * (t + 1) / threads;
        let packed = self.packed[slice(self.packed.len())]
            .iter()
            .map(|&(k, w)| (from_narrow(k), u128::from(w)));
        let packed_wide = self.packed_wide[slice(self.packed_wide.len())]
            .iter()
            .map(|&(lo, hi, w)| (wide_key(lo, hi) & !MARK, u128::from(w)));
        let big = self.packed_big[slice(self.packed_big.len())]
            .iter()
            .copied();
        packed.chain(packed_wide).chain(big)
    }

    /// The states still in the tables.
    fn tables(&self) -> impl Iterator<Item = (u128, u128)> + '_ {
        let narrow = self.narrow.entries().map(|(k, w)| (from_narrow(k), w));
        let wide = self.wide.entries().map(|(s, w)| (s & !MARK, w));
        narrow.chain(wide)
    }

    fn entries(&self) -> impl Iterator<Item = (u128, u128)> + '_ {
        self.slices(0, 1).chain(self.tables())
    }

    pub(super) fn len(&self) -> usize {
        self.narrow.len
            + self.wide.len
            + self.packed.len()
            + self.packed_wide.len()
            + self.packed_big.len()
    }

    pub(super) fn bytes(&self) -> usize {
        self.narrow.bytes()
            + self.wide.bytes()
            + self.packed.capacity() * size_of::<(u64, u64)>()
            + self.packed_wide.capacity() * size_of::<(u64, u64, u64)>()
            + self.packed_big.capacity() * size_of::<(u128, u128)>()
    }

    pub(super) fn overflowed(&self) -> bool {
        self.narrow.overflowed || self.wide.overflowed
    }

    /// Worker `t`'s share of the states among `threads`: a slice of each packed list, and every
    /// `threads`-th state of the tables, counted by `index` across parts.
    pub(super) fn share<'a>(
        &'a self,
        t: usize,
        threads: usize,
        index: &'a mut usize,
    ) -> impl Iterator<Item = (u128, u128)> + 'a {
        let tables = self.tables().filter(move |_| {
            *index += 1;
            *index % threads == t
        });
        self.slices(t, threads).chain(tables)
    }
}
impl fmt::Debug for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Layer")
            .field("round", &self.round)
            .field("done", &self.done)
            .field("states", &self.len())
            .finish()
    }
}

impl Layer {
    /// An empty layer before round `round`, with `done` ways of finished tours.
    pub(crate) fn new(round: u32, done: u128) -> Layer {
        Layer {
            round,
            done,
            parts: std::vec![Part::with_capacity(0)],
        }
    }

    /// The round this layer comes before (the number of squares placed).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Ways of the tours finished before this round.
    pub fn done(&self) -> u128 {
        self.done
    }

    /// Adds `ways` to finished tours.
    pub(crate) fn add_done(&mut self, ways: u128) -> Result<(), CountError> {
        self.done = self
            .done
            .checked_add(ways)
            .ok_or(CountError::Overflow { bits: 128 })?;
        Ok(())
    }

    /// Adds `ways` to `state`: [`CountError::Overflow`] when its ways pass 128 bits.
    pub fn add(&mut self, state: State, ways: u128) -> Result<(), CountError> {
        let n = self.parts.len() as u64;
        let part = match self.parts.get_mut((state.route() % n) as usize) {
            Some(p) => p,
            None => return Err(CountError::Overflow { bits: 128 }),
        };
        part.add(state.0, ways);
        if part.overflowed() {
            return Err(CountError::Overflow { bits: 128 });
        }
        Ok(())
    }

    /// Stores the states compactly for reading (in lists, a quarter of the tables' memory), once
    /// every state of a round is added. Adding a state afterwards unpacks the layer.
    pub fn pack(&mut self) {
        for p in &mut self.parts {
            p.pack();
        }
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.parts.iter().map(Part::len).sum()
    }

    /// Has the layer no state?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes held by the layer's tables.
    pub(crate) fn bytes(&self) -> usize {
        self.parts.iter().map(Part::bytes).sum()
    }

    /// The states with their ways, in no order.
    pub fn states(&self) -> impl Iterator<Item = (State, u128)> + '_ {
        self.parts
            .iter()
            .flat_map(Part::entries)
            .map(|(s, w)| (State(s), w))
    }
}
