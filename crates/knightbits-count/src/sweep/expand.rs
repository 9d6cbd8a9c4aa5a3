//! The work of a round: placing a square on old states and sending the new ones to their shards.

use super::file::Source;
use super::key::{Place, normalise};
use super::order::Order;
use super::path::PathPlace;
use super::shard::{BATCH, Shard, flush, hash};
use super::sieve::{Sieve, Sift, Sifting};
use super::word::Word;
use crate::counter::stopped;
use crate::error::CountError;
use crate::frontier::Frontier;
use crate::method::Kind;
use crate::method::Method;
use crate::workers;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::vec::Vec;

/// How each round places its square on keys: closed tours' keys or open tours'.
#[derive(Debug)]
enum Steps<K> {
    Closed(Vec<Place<K>>),
    Open(Vec<PathPlace<K>>),
}

/// How each round places its square, and after which rounds keys are turned over.
#[derive(Debug)]
pub(crate) struct Places<K> {
    steps: Steps<K>,
    /// The sweep's width, when the board is swept in rows (it is turned over within them).
    w: u32,
    /// The rounds after which a key is replaced by the least of it and its image turned over
    /// left to right: the ends of rows after which every row is placed by the same rules on
    /// its squares turned over too, so a state and its image complete as many tours.
    turn: Vec<bool>,
}

impl<K: Word> Places<K> {
    pub(crate) fn of(frontier: &Frontier) -> Places<K> {
        let steps = frontier.steps().iter();
        let (w, n) = (frontier.across_width(), frontier.rounds());
        // The start of tours counted from one square is on one side of the board.
        let free = frontier.steps().iter().all(|s| !s.rules.pin);
        let sweep = Order::new(w, n, free);
        let open = frontier.kind() == Kind::Open;
        let (steps, symmetric) = match frontier.kind() {
            Kind::Closed => (Steps::Closed(steps.map(Place::of).collect()), true),
            Kind::Open => {
                let places = steps.enumerate();
                let placed = places
                    .map(|(i, step)| PathPlace::of(step, &sweep, i as u32))
                    .collect();
                (Steps::Open(placed), free)
            }
        };
        // Rows from the last back: the rows after row `r` all placed alike on both sides.
        let mut turn = vec![false; n as usize];
        let rows = n.checked_div(w).unwrap_or(0);
        let mut alike = symmetric && rows * w == n;
        for r in (0..rows).rev() {
            if let Some(t) = turn.get_mut((r * w + w - 1) as usize) {
                *t = alike && r + 1 < rows;
            }
            // Row r's rules on its squares: the first end of a tour and a tour counted twice
            // allowed on all or none of them.
            let of = |i| {
                let h = sweep.halves(i);
                (h.first, h.twice)
            };
            alike &= !open || (r * w..r * w + w).all(|i| of(i) == of(r * w));
        }
        Places { steps, w, turn }
    }

    /// Open tours' places for a count split after row `cut` (`split.rs`): the rounds of the
    /// rows before it as in [`Places::of`], the last of them keeping the states with no end of
    /// the tour placed, then the row past the cut by [`PathPlace::crossing`]; none after.
    pub(crate) fn split(frontier: &Frontier, cut: u32) -> Places<K> {
        let mut places = Places::of(frontier);
        let w = places.w;
        let sweep = Order::new(w, frontier.rounds(), true);
        if let Steps::Open(steps) = &mut places.steps {
            let at = (cut * w) as usize;
            steps.truncate(at + w as usize);
            if let Some(last) = steps.get_mut(at.wrapping_sub(1)) {
                *last = last.keeping_none();
            }
            for (i, (place, step)) in steps.iter_mut().zip(frontier.steps()).enumerate().skip(at) {
                *place = PathPlace::crossing(step, &sweep, i as u32, cut);
            }
        }
        places
    }

    /// The key slot each round's square takes (the last slot of a key).
    pub(crate) fn top(&self) -> u32 {
        match &self.steps {
            Steps::Closed(p) => p.first().map_or(0, |p| p.top),
            Steps::Open(p) => p.first().map_or(0, PathPlace::top),
        }
    }

    /// Turns keys over after the same rounds as `other` (a count of the same width), so that
    /// their layers compare (estimates).
    pub(crate) fn turn_as(&mut self, other: &Places<K>) {
        for (t, &o) in self.turn.iter_mut().zip(&other.turn) {
            *t = o;
        }
    }

    /// Does the layer after round `round` keep the least of each key and its image turned
    /// over?
    #[cfg(test)]
    pub(crate) fn turns(&self, round: u32) -> bool {
        self.turn.get(round as usize) == Some(&true)
    }

    /// The key a layer after round `round` keeps for `key` (see [`Places::turns`]).
    #[cfg(test)]
    pub(crate) fn kept(&self, round: u32, key: K) -> K {
        let Some(true) = self.turn.get(round as usize) else {
            return key;
        };
        match &self.steps {
            Steps::Closed(p) => p[round as usize].canonical(key, self.w),
            Steps::Open(p) => p[round as usize].canonical(key, self.w),
        }
    }

    /// The key of a 128-bit frontier state (the first layer's, with no end of a tour placed).
    pub(crate) fn key_of(state: u128) -> K {
        normalise(K::from_u128(state >> 4).unwrap_or(K::ZERO))
    }

    /// Places round `round`'s square on `key`: each key after it goes to `next` (turned over
    /// where the layer after the round keeps the least of a key and its image), and the number
    /// of ways it completes a tour is returned. The step of a round, one key at a time, for a
    /// driver that moves the keys itself (a count across workers, [`Share`](super::Share)).
    pub(crate) fn expand(
        &self,
        round: u32,
        key: K,
        next: &mut impl FnMut(K),
    ) -> Result<u32, CountError> {
        let turn = match self.turn.get(round as usize) {
            Some(true) => Some(self.w),
            _ => None,
        };
        let missing = CountError::Checkpoint;
        Ok(match &self.steps {
            Steps::Closed(p) => placed(p.get(round as usize).ok_or(missing)?, key, turn, next),
            Steps::Open(p) => placed(p.get(round as usize).ok_or(missing)?, key, turn, next),
        })
    }

    /// One pass of round `round` on `threads` threads: the old states of `source` expanded
    /// into `shards` (those of the layer's from index `first`, of the `2^bits`), and each
    /// worker's ways of the tours completed.
    pub(crate) fn run(
        &self,
        round: u32,
        threads: usize,
        pass: Pass<'_, K>,
    ) -> Result<Vec<Result<Closed, CountError>>, CountError> {
        fn on<K: Word, P: Expand<K>>(
            places: &[P],
            round: u32,
            threads: usize,
            pass: Pass<'_, K>,
            turn: Option<u32>,
        ) -> Result<Vec<Result<Closed, CountError>>, CountError> {
            let place = places.get(round as usize).ok_or(CountError::Checkpoint)?;
            let work = Work { place, pass, turn };
            Ok(workers::map((0..threads).collect(), |_| work.run()))
        }
        let turn = match self.turn.get(round as usize) {
            Some(true) => Some(self.w),
            _ => None,
        };
        match &self.steps {
            Steps::Closed(places) => on(places, round, threads, pass, turn),
            Steps::Open(places) => on(places, round, threads, pass, turn),
        }
    }
}

/// `place` put on `key`: the keys after it to `next`, turned over in rows `turn` wide when
/// given; the ways it completes a tour.
#[inline]
fn placed<K: Word, P: Expand<K>>(
    place: &P,
    key: K,
    turn: Option<u32>,
    next: &mut impl FnMut(K),
) -> u32 {
    place.expand(key, &mut |k| {
        next(match turn {
            Some(w) => place.canonical(k, w),
            None => k,
        })
    })
}

/// A worker's ways of the tours closed in a pass, and whether they were reduced modulo the
/// pass's prime.
pub(crate) type Closed = (u128, bool);

/// Placing a square on a key: the keys after it, and the number of ways it completes a tour.
pub(crate) trait Expand<K>: Sync {
    fn expand(&self, key: K, next: &mut impl FnMut(K)) -> u32;
    /// The least of `key` and its image turned over, at the end of a row `w` across.
    fn canonical(&self, key: K, w: u32) -> K;
}

impl<K: Word> Expand<K> for Place<K> {
    #[inline]
    fn expand(&self, key: K, next: &mut impl FnMut(K)) -> u32 {
        Place::expand(self, key, next)
    }
    #[inline]
    fn canonical(&self, key: K, w: u32) -> K {
        Place::canonical(key, w)
    }
}

impl<K: Word> Expand<K> for PathPlace<K> {
    #[inline]
    fn expand(&self, key: K, next: &mut impl FnMut(K)) -> u32 {
        PathPlace::expand(self, key, next)
    }
    #[inline]
    fn canonical(&self, key: K, w: u32) -> K {
        PathPlace::canonical(self, key, w)
    }
}

/// What a pass reads and fills.
pub(crate) struct Pass<'a, K: Word> {
    pub(crate) source: &'a Source<K>,
    pub(crate) shards: &'a [Mutex<Shard<K>>],
    /// The shard index of `shards[0]` among all of the layer's.
    pub(crate) first: usize,
    /// Bits of the hash that choose a shard.
    pub(crate) bits: u32,
    /// Set when the count must stop: the workers leave the round.
    pub(crate) stop: &'a AtomicBool,
    /// The prime the ways are added modulo.
    pub(crate) modulus: u64,
    /// A pass of several over a layer file: the old states' masks of passes, and what this
    /// pass does with them.
    pub(crate) sieve: Option<(&'a Sieve, Sift)>,
    /// Old states expanded, added to as each worker ends.
    pub(crate) expanded: &'a AtomicU64,
}

impl<K: Word> Clone for Pass<'_, K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K: Word> Copy for Pass<'_, K> {}

/// Old states a worker expands between two looks at the stop flag.
const STOP_EVERY: usize = 1024;

/// One worker's part of a pass.
struct Work<'a, K: Word, P> {
    place: &'a P,
    pass: Pass<'a, K>,
    /// Keys are turned over in rows this wide after this round.
    turn: Option<u32>,
}

impl<K: Word, P: Expand<K>> Work<'_, K, P> {
    /// Expands old states until none is left: the ways of the tours closed, and whether they
    /// were reduced modulo the pass's prime (when they passed a `u128`).
    fn run(&self) -> Result<(u128, bool), CountError> {
        let Pass {
            source,
            shards,
            first,
            bits,
            stop,
            modulus,
            sieve,
            expanded,
        } = self.pass;
        let mut reduced = false;
        let mut states = 0u64;
        let mut sifting = Sifting::new(sieve);
        let mut batches: Vec<Vec<(K, u64, u64)>> = (0..shards.len())
            .map(|_| Vec::with_capacity(BATCH))
            .collect();
        let mut closed = 0u128;
        let flush = |i, batch: &mut _| flush(shards, i, batch);
        source.each_numbered(|share, records: &[K::Record]| {
            sifting.begin(share, records.len())?;
            for (i, r) in records.iter().enumerate() {
                let (key, ways) = (K::key(r), K::ways(r));
                if i % STOP_EVERY == 0 && stop.load(Ordering::Relaxed) {
                    return Err(stopped(Method::Sweep, 0, 0, None));
                }
                // A state that makes no key in this pass is not expanded (its closed tours
                // were counted in the round's first pass).
                if !sifting.expands(i) {
                    continue;
                }
                states += 1;
                let mut mask = 0u64;
                let c = placed(self.place, key, self.turn, &mut |k| {
                    let h = hash(k);
                    let part = if bits == 0 {
                        0
                    } else {
                        (h >> (64 - bits)) as usize
                    };
                    mask |= sifting.bit(part);
                    if let Some(i) = part.checked_sub(first)
                        && let Some(batch) = batches.get_mut(i)
                    {
                        batch.push((k, h, ways));
                        if batch.len() >= BATCH {
                            flush(i, batch);
                        }
                    }
                });
                sifting.note(i, mask);
                let add = u128::from(ways) * u128::from(c);
                closed = closed.checked_add(add).unwrap_or_else(|| {
                    reduced = true;
                    let p = u128::from(modulus);
                    closed % p + add % p
                });
            }
            sifting.end(share)
        })?;
        for (i, batch) in batches.iter_mut().enumerate() {
            if !batch.is_empty() {
                flush(i, batch);
            }
        }
        expanded.fetch_add(states, Ordering::Relaxed);
        Ok((closed, reduced))
    }
}
