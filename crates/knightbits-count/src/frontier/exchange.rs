//! A round across worker threads: each owns a part of the next layer, and new states go to their owner.

use super::layer::{Batch, Part};
use super::{Frontier, Layer, State};
use crate::error::CountError;
use crate::workers;
use std::boxed::Box;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
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
    pub(crate) fn step(&self, layer: Layer, threads: usize) -> Result<Layer, CountError> {
        let never = AtomicBool::new(false);
        match self.step_until(layer, threads, &never)? {
            ControlFlow::Continue(next) | ControlFlow::Break(next) => Ok(next),
        }
    }

    /// [`Frontier::step`], abandoned as soon as `stop` is set: `Break` with the old layer,
    /// whole (the round only reads it), when the workers saw the flag before the round's end;
    /// each looks at it every [`BATCH`] old states.
    pub(crate) fn step_until(
        &self,
        layer: Layer,
        threads: usize,
        stop: &AtomicBool,
    ) -> Result<ControlFlow<Layer, Layer>, CountError> {
        let round = layer.round;
        if round >= self.rounds() {
            return Ok(ControlFlow::Continue(layer));
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
            let mut cut = false;
            'expand: for p in &old.parts {
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
                        if stop.load(Ordering::Relaxed) {
                            cut = true;
                            break 'expand;
                        }
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
            if cut {
                // Only until every worker has dropped its senders: the round is abandoned.
                for batch in inbox {
                    drop(batch);
                }
                return Share::Cut;
            }
            for batch in inbox {
                part.add_all(batch);
            }
            if part.overflowed() || finished == u128::MAX {
                return Share::Overflow;
            }
            part.pack();
            Share::Done(Box::new(part), finished)
        });
        if expanded.iter().any(|s| matches!(s, Share::Cut)) {
            return Ok(ControlFlow::Break(layer));
        }
        drop(layer);
        let mut done = done;
        let mut parts = Vec::with_capacity(threads);
        for outcome in expanded {
            let Share::Done(part, finished) = outcome else {
                return Err(CountError::Overflow { bits: 128 });
            };
            done = done
                .checked_add(finished)
                .ok_or(CountError::Overflow { bits: 128 })?;
            parts.push(*part);
        }
        Ok(ControlFlow::Continue(Layer {
            round: round + 1,
            done,
            parts,
        }))
    }
}

/// What a worker of a round hands back.
enum Share {
    /// Its part of the next layer and the ways of the tours it finished.
    Done(Box<Part>, u128),
    /// A sum passed 128 bits.
    Overflow,
    /// It saw the stop flag and left the round.
    Cut,
}
