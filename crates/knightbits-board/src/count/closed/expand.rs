//! The work of a round: placing a square on old states and sending the new ones to their shards.

use super::file::Source;
use super::key::{Place, normalise};
use super::path::{PathPlace, Sweep};
use super::shard::{BATCH, Block, Shard, hash};
use super::{Key, io_error};
use crate::count::counter::stopped;
use crate::count::error::CountError;
use crate::count::frontier::Frontier;
use crate::count::method::Kind;
use crate::count::method::Method;
use crate::count::workers;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::vec::Vec;

/// How each round places its square on keys: closed tours' keys or open tours'.
#[derive(Debug)]
pub(super) enum Places {
    Closed(Vec<Place>),
    Open(Vec<PathPlace>),
}

impl Places {
    pub(super) fn of(frontier: &Frontier) -> Places {
        let steps = frontier.steps().iter();
        match frontier.kind() {
            Kind::Closed => Places::Closed(steps.map(Place::of).collect()),
            Kind::Open => {
                let (w, n) = (frontier.across_width(), frontier.rounds());
                let sweep = Sweep::new(w, n);
                let places = steps.enumerate();
                Places::Open(
                    places
                        .map(|(i, step)| PathPlace::of(step, &sweep, i as u32))
                        .collect(),
                )
            }
        }
    }

    /// The key of a 128-bit frontier state (the first layer's, with no end of a tour placed).
    pub(super) fn key_of(state: u128) -> Key {
        normalise((state >> 4) as u64)
    }

    /// One pass of round `round` on `threads` threads: the old states of `source` expanded
    /// into `shards` (those of the layer's from index `first`, of the `2^bits`), and each
    /// worker's ways of the tours completed.
    pub(super) fn run(
        &self,
        round: u32,
        threads: usize,
        pass: Pass<'_>,
    ) -> Result<Vec<Result<u128, CountError>>, CountError> {
        fn on<P: Expand>(
            places: &[P],
            round: u32,
            threads: usize,
            pass: Pass<'_>,
        ) -> Result<Vec<Result<u128, CountError>>, CountError> {
            let place = places.get(round as usize).ok_or(CountError::Checkpoint)?;
            let work = Work { place, pass };
            Ok(workers::map((0..threads).collect(), |_| work.run()))
        }
        match self {
            Places::Closed(places) => on(places, round, threads, pass),
            Places::Open(places) => on(places, round, threads, pass),
        }
    }
}

/// Placing a square on a key: the keys after it, and the number of ways it completes a tour.
pub(super) trait Expand: Sync {
    fn expand(&self, key: Key, next: &mut impl FnMut(Key)) -> u32;
}

impl Expand for Place {
    #[inline]
    fn expand(&self, key: Key, next: &mut impl FnMut(Key)) -> u32 {
        Place::expand(self, key, next)
    }
}

impl Expand for PathPlace {
    #[inline]
    fn expand(&self, key: Key, next: &mut impl FnMut(Key)) -> u32 {
        PathPlace::expand(self, key, next)
    }
}

/// What a pass reads and fills.
#[derive(Clone, Copy)]
pub(super) struct Pass<'a> {
    pub(super) source: &'a Source,
    pub(super) shards: &'a [Mutex<Shard>],
    /// The shard index of `shards[0]` among all of the layer's.
    pub(super) first: usize,
    /// Bits of the hash that choose a shard.
    pub(super) bits: u32,
    /// Set when the count must stop: the workers leave the round.
    pub(super) stop: &'a AtomicBool,
}

/// Old states a worker expands between two looks at the stop flag.
const STOP_EVERY: usize = 1024;

/// One worker's part of a pass.
struct Work<'a, P> {
    place: &'a P,
    pass: Pass<'a>,
}

impl<P: Expand> Work<'_, P> {
    /// Expands old states until none is left: the ways of the tours closed.
    fn run(&self) -> Result<u128, CountError> {
        let Pass {
            source,
            shards,
            first,
            bits,
            stop,
        } = self.pass;
        let mut batches: Vec<Vec<(Key, u64, u64)>> = (0..shards.len())
            .map(|_| Vec::with_capacity(BATCH))
            .collect();
        let (mut chunk, mut bytes) = (Block::Heap(Vec::new()), Vec::new());
        let mut closed = 0u128;
        let flush = |i: usize, batch: &mut Vec<(Key, u64, u64)>| {
            if let Some(shard) = shards.get(i) {
                shard
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .add_all(batch);
            }
            batch.clear();
        };
        loop {
            match source.next(&mut chunk, &mut bytes) {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => return Err(io_error(e)),
            }
            for (i, &[key, ways]) in chunk.get().iter().enumerate() {
                if i % STOP_EVERY == 0 && stop.load(Ordering::Relaxed) {
                    return Err(stopped(Method::Frontier64, 0, 0, None));
                }
                let c = self.place.expand(key, &mut |k| {
                    let h = hash(k);
                    let part = if bits == 0 {
                        0
                    } else {
                        (h >> (64 - bits)) as usize
                    };
                    if let Some(i) = part.checked_sub(first)
                        && let Some(batch) = batches.get_mut(i)
                    {
                        batch.push((k, h, ways));
                        if batch.len() >= BATCH {
                            flush(i, batch);
                        }
                    }
                });
                closed = closed
                    .checked_add(u128::from(ways) * u128::from(c))
                    .ok_or(CountError::Overflow { bits: 128 })?;
            }
        }
        for (i, batch) in batches.iter_mut().enumerate() {
            if !batch.is_empty() {
                flush(i, batch);
            }
        }
        Ok(closed)
    }
}
