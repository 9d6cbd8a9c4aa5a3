//! A round across worker threads: each owns a part of the next layer, and new states go to their owner.

use super::layer::{Batch, Part};
use super::{Frontier, Layer, State};
use crate::count::error::CountError;
use crate::count::workers;
use std::sync::mpsc;
use std::vec::Vec;

type Inbox = mpsc::Receiver<Batch>;
type Outbox = mpsc::Sender<Batch>;

/// States a batch holds before it is sent, and old states expanded between two looks at the
/// inbox.
const BATCH: usize = 1024;

impl Frontier {
    /// One round on `threads` threads: the layer after placing square `layer.round()`.
    ///
    /// Each worker owns one part of the next layer (the states whose [`State::route`] falls
    /// to it, as in a distributed count) and expands a share of the old states: a new state of
    /// its own part goes into its table, any other is sent, in batches, to the worker that owns
    /// it, which adds what it receives while it expands and after, until every worker has sent
    /// its last. Every state is added once, into the one table that holds it.
    pub fn step(&self, layer: Layer, threads: usize) -> Result<Layer, CountError> {
        let round = layer.round;
        if round >= self.rounds() {
            return Ok(layer);
        }
        let threads = if layer.len() >= 4096 {
            threads.max(1)
        } else {
            1
        };
        let done = layer.done;
        // Room in each worker's part for its share of a layer as large as this one.
        let expected = layer.len() / threads + 16;
        let (outboxes, inboxes): (Vec<_>, Vec<_>) = (0..threads).map(|_| mpsc::channel()).unzip();
        let jobs: Vec<(usize, Inbox, Vec<Outbox>)> = inboxes
            .into_iter()
            .enumerate()
            .map(|(t, inbox)| (t, inbox, outboxes.clone()))
            .collect();
        drop(outboxes);
        let old = &layer;
        let expanded = workers::map(jobs, |(t, inbox, outboxes)| {
            let mut part = Part::with_capacity(expected);
            let mut batches: Vec<Batch> = (0..threads).map(|_| Vec::new()).collect();
            let mut finished: u128 = 0;
            let mut index = 0usize;
            let mut since_drain = 0usize;
            for p in &old.parts {
                for (s, w) in p.share(t, threads, &mut index) {
                    let closed = self.expand_bits(round, s, w, |n, w| {
                        let to = (State(n).route() % threads as u64) as usize;
                        if to == t {
                            part.add(n, w);
                        } else if let (Some(batch), Some(outbox)) =
                            (batches.get_mut(to), outboxes.get(to))
                        {
                            batch.push((n, w));
                            if batch.len() >= BATCH {
                                // A closed inbox means its worker panicked: the panic reaches
                                // the caller when the workers are joined.
                                let _ = outbox.send(core::mem::take(batch));
                            }
                        }
                    });
                    // Saturates, never wraps: `u128::MAX` is taken for an overflow below.
                    finished = finished.saturating_add(closed);
                    since_drain += 1;
                    if since_drain >= BATCH {
                        since_drain = 0;
                        while let Ok(batch) = inbox.try_recv() {
                            part.add_all(batch);
                        }
                    }
                }
            }
            for (batch, outbox) in batches.into_iter().zip(&outboxes) {
                if !batch.is_empty() {
                    let _ = outbox.send(batch);
                }
            }
            // Every worker holds a sender to every inbox, its own included: the inbox ends
            // once all of them are dropped, after their last batch.
            drop(outboxes);
            for batch in inbox {
                part.add_all(batch);
            }
            if part.overflowed() || finished == u128::MAX {
                return None;
            }
            part.pack();
            Some((part, finished))
        });
        drop(layer);
        let mut done = done;
        let mut parts = Vec::with_capacity(threads);
        for outcome in expanded {
            let (part, finished) = outcome.ok_or(CountError::Overflow { bits: 128 })?;
            done = done
                .checked_add(finished)
                .ok_or(CountError::Overflow { bits: 128 })?;
            parts.push(part);
        }
        Ok(Layer {
            round: round + 1,
            done,
            parts,
        })
    }
}
