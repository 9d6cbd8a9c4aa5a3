//! The sweep in compact keys across workers (64-bit keys up to 8 across, 128-bit ones past
//! it, as in one process): each worker holds its share of every layer
//! ([`Share`]), expands it a pass at a time and sends each new key to the worker that owns it
//! ([`Share::route`]), which adds it into its shards of the pass ([`Inbox`]). After each round
//! every worker's figures are broadcast, so that all agree on the next round's passes and on
//! when to save a checkpoint. A count whose ways are residues runs again modulo the next
//! prime, as in one process: after the last round every worker ends its run with everyone's
//! figures ([`Share::end_run`]), so that all agree on the count or on the next run.
//!
//! The split at the middle cut runs its top half so (its shares sweep the rows above the cut
//! and the first past it). The layer at the cut goes whole to every process: each worker
//! sends its part of it to the first worker of every process ([`Share::cut_records`]), which
//! gathers it in a file ([`Gathering`]) and, once the top half is done, makes the process's
//! [`BottomHalf`] from it; each worker then joins its part of the top half's last layer with
//! that half ([`Share::join`]) and the workers' sums, broadcast as the figures are, add up to
//! the count.

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use knightbits_count::{BottomHalf, Count, Gathering, Inbox, Share, Tours, Word};
use timely::dataflow::operators::vec::Broadcast;
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};
use timely::dataflow::{InputHandle, InputHandleVec, ProbeHandle};

use crate::{Cluster, CountError, DistError, Fallen, Report, Reporter, Square, execute, fault};

/// A worker's figures of a layer: the run of the sweep (one a prime), the round the layer
/// comes before, the worker, its states, their ways, the ways of the tours it closed so far
/// and whether they are a residue, whether it asks for a checkpoint, the peak memory of its
/// process (first worker of each process, last layer) or 0, and whether this process made
/// the layer (not resumed it).
type Figures = (u32, u32, u32, u64, u128, u128, bool, bool, u64, bool);

/// What a worker hands back: its index, its error, and (worker 0) the figures of every worker
/// and the number of tours.
type Outcome = (usize, Option<DistError>, Vec<Figures>, Option<Tours>);

/// A key of the sweep that travels between processes: `u64` or `u128`.
pub(crate) trait Key: Word + timely::ExchangeData {
    /// `share` as a share in 64-bit keys, as the split's are (it stops at 8 across); `None`
    /// for 128-bit keys.
    fn narrow(share: &mut Share<Self>) -> Option<&mut Share<u64>>;
}

impl Key for u64 {
    fn narrow(share: &mut Share<u64>) -> Option<&mut Share<u64>> {
        Some(share)
    }
}

impl Key for u128 {
    fn narrow(_: &mut Share<u128>) -> Option<&mut Share<u64>> {
        None
    }
}

/// A state of the split's layer at the cut on its way to a process: the worker that gathers
/// for that process, the key and its ways.
type CutRecord = (u64, u64, u64);

/// Counts `job` (by the sweep or the split, in keys of `K`) on the workers of `cluster`, each
/// with its share.
pub(crate) fn count<K: Key>(
    job: &Count,
    cluster: &Cluster,
    panic_at: Option<u32>,
    progress: Option<Reporter>,
) -> Result<Option<Report>, DistError> {
    let config = cluster.config()?;
    let threads = cluster.threads.max(1);
    let peers = threads * cluster.addresses.len().max(1);
    let first = cluster.process * threads;
    // The shares are made here, so that a checkpoint that cannot be read is an error of the
    // call rather than of a worker.
    let mut shares = Vec::new();
    for i in first..first + threads {
        shares.push(Some(
            job.share::<K>(i, peers, threads)
                .map_err(DistError::Count)?,
        ));
    }
    let first_share = shares.first().and_then(|s| s.as_ref());
    let rounds = first_share.map_or(0, Share::rounds);
    let resumed = first_share
        .filter(|s| s.resumed())
        .map(|s| (s.run(), s.round()));
    let shared = Arc::new(Mutex::new(shares));
    let checkpoint = job.checkpoint_path().map(|p| p.to_path_buf());
    let every = job.checkpoint_every();
    let started = Instant::now();
    // The split's bottom half, made once for the workers of this process.
    let bottom: Arc<OnceLock<BottomHalf>> = Arc::default();
    let guards = execute(config, move |worker, fallen| {
        let mine = worker.index() - first;
        let share = shared
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get_mut(mine)
            .and_then(Option::take);
        let Some(share) = share else {
            panic!("worker {} has no share of the count", worker.index());
        };
        let run = Run {
            checkpoint: checkpoint.clone(),
            every,
            threads,
            panic_at,
            bottom: bottom.clone(),
            progress: progress.clone().filter(|_| worker.index() == 0),
        };
        run.work(worker, fallen, share)
    })?;
    let mut gathered = None;
    for result in guards.join() {
        let (index, error, figures, count) = result?;
        if let Some(e) = error {
            return Err(e);
        }
        if index == 0 {
            gathered = Some((figures, count));
        }
    }
    match gathered {
        Some((figures, Some(count))) => {
            let mut report = report(job, rounds, started, figures, count);
            report.resumed = resumed;
            Ok(Some(report))
        }
        _ => Ok(None),
    }
}

/// What every worker knows of the run.
struct Run {
    checkpoint: Option<PathBuf>,
    every: Duration,
    /// Worker threads a process.
    threads: usize,
    panic_at: Option<u32>,
    /// The split's bottom half of this process, once made.
    bottom: Arc<OnceLock<BottomHalf>>,
    /// Told of each square (worker 0 only).
    progress: Option<Reporter>,
}

/// The shards of the pass being filled, and keys sent for a later pass (a worker ahead).
struct Receiving<K: Key> {
    current: Option<(u32, Inbox<K>)>,
    early: Vec<(u32, Vec<(K, u64)>)>,
}

impl<K: Key> Default for Receiving<K> {
    fn default() -> Self {
        Receiving {
            current: None,
            early: Vec::new(),
        }
    }
}

impl<K: Key> Receiving<K> {
    fn add(&mut self, epoch: u32, records: &[(K, u64)]) {
        match &mut self.current {
            Some((e, inbox)) if *e == epoch => inbox.add(records),
            _ => self.early.push((epoch, records.to_vec())),
        }
    }

    /// Fills `inbox` from now on, for pass `epoch`, with what came for it early.
    fn start(&mut self, epoch: u32, mut inbox: Inbox<K>) {
        let early = std::mem::take(&mut self.early);
        for (e, records) in early {
            match e == epoch {
                true => inbox.add(&records),
                false => self.early.push((e, records)),
            }
        }
        self.current = Some((epoch, inbox));
    }
}

/// Keys sent between two steps of the worker.
const STEP_EVERY: usize = 1 << 16;

impl Run {
    fn work<K: Key>(
        &self,
        worker: &mut timely::worker::Worker,
        fallen: &Fallen,
        mut share: Share<K>,
    ) -> Outcome {
        let (index, peers) = (worker.index(), worker.peers());
        let rounds = share.rounds();
        let cut = share.cut();
        let receiving: Rc<RefCell<Receiving<K>>> = Rc::default();
        let gathered: Rc<RefCell<Vec<Figures>>> = Rc::default();
        // The split: the first worker of each process gathers the layer at the cut.
        let gathering: Rc<RefCell<Option<Gathering>>> = Rc::default();
        if cut.is_some() && index.is_multiple_of(self.threads) {
            match K::narrow(&mut share).map(|s| s.gather()) {
                Some(Ok(g)) => *gathering.borrow_mut() = Some(g),
                Some(Err(e)) => panic!("{e}"),
                None => panic!("the split's keys are 64 bits"),
            }
        }
        let mut keys_in = InputHandle::new();
        let mut figures_in = InputHandle::new();
        let mut cut_in = InputHandleVec::new();
        let (into, seen, gather) = (receiving.clone(), gathered.clone(), gathering.clone());
        let (probe, figures_probe, cut_probe) = worker.dataflow::<u32, _, _>(|scope| {
            let keys = scope
                .input_from(&mut keys_in)
                .container::<Vec<(K, u64)>>()
                .exchange(|x: &(K, u64)| Share::<K>::route(x.0))
                .inspect_core(move |event| {
                    if let Ok((stamp, records)) = event
                        && let Some(&epoch) = stamp.into_iter().next()
                    {
                        into.borrow_mut().add(epoch, records);
                    }
                });
            let figures = scope
                .input_from(&mut figures_in)
                .container::<Vec<Figures>>()
                .broadcast()
                .inspect(move |x: &Figures| seen.borrow_mut().push(*x));
            let cut = scope
                .input_from(&mut cut_in)
                .container::<Vec<CutRecord>>()
                .exchange(|x: &CutRecord| x.0)
                .inspect(move |&(_, key, ways): &CutRecord| {
                    if let Some(g) = gather.borrow_mut().as_mut()
                        && let Err(e) = g.add(key, ways)
                    {
                        panic!("{e}");
                    }
                });
            (keys.probe().0, figures.probe().0, cut.probe().0)
        });
        let processes = peers / self.threads.max(1);
        let mut epoch = 0u32;
        // The figures' time: one exchange after another, run after run.
        let mut tick = 0u32;
        let mut saved_at = Instant::now();
        let mut error: Option<DistError> = None;
        let count = loop {
            let (run, start) = (share.run(), share.round());
            let mut sizes: Vec<u64> = Vec::new();
            let mut last_saved: Option<u32> = None;
            // The passes of the square being placed, whether its old layer was out of core,
            // and when it began: for `progress`.
            let (mut passes, mut from_disk, mut began) = (1u32, false, Instant::now());
            for round in start..=rounds {
                // The split: the layer at the cut to every process as the top half reaches it,
                // or (resumed past it) from this worker's parts of it in the checkpoint.
                if cut.is_some_and(|c| round == c || (round == start && start > c)) {
                    self.send_cut(
                        worker,
                        fallen,
                        &mut share,
                        &mut cut_in,
                        &cut_probe,
                        processes,
                    );
                }
                // The split's top half done: its last layer goes to the checkpoint (the join
                // may take hours).
                if let Some(dir) = &self.checkpoint
                    && cut.is_some()
                    && round == rounds
                    && round > start
                    && let Err(e) = share.save(dir)
                {
                    panic!("checkpoint: {e}");
                }
                // This worker's figures of the layer before `round`, then everyone's.
                let wants = self.checkpoint.is_some()
                    && round < rounds
                    && (saved_at.elapsed() >= self.every || share.out_of_core());
                let last = round == rounds && cut.is_none();
                let peak = self.peak(last, index);
                let (done, residue) = share.done();
                figures_in.send((
                    run,
                    round,
                    index as u32,
                    share.states(),
                    share.ways(),
                    done,
                    residue,
                    wants,
                    peak,
                    round > start,
                ));
                tick += 1;
                figures_in.advance_to(tick);
                while figures_probe.less_than(figures_in.time()) {
                    fallen.step(worker);
                }
                let (states, save, here) = {
                    let all = gathered.borrow();
                    let this = all.iter().filter(|f| (f.0, f.1) == (run, round));
                    this.fold((0u64, false, 0usize), |(s, w, n), f| {
                        (s + f.3, w || f.7, n + 1)
                    })
                };
                // Checkpoints of different runs or rounds would make a wrong count.
                if here != peers {
                    panic!(
                        "the workers resumed from different checkpoints ({here} of {peers} at \
                         round {round} of run {run}): remove the checkpoint folder"
                    );
                }
                if round > start
                    && let Some(tell) = &self.progress
                {
                    tell(&Square {
                        run,
                        square: round - 1,
                        squares: rounds,
                        states,
                        passes,
                        from_disk,
                        seconds: began.elapsed().as_secs_f64(),
                    });
                }
                if round == rounds {
                    // Every worker saved the split's last layer: the older ones can go (but
                    // the layer at the cut).
                    if let Some(dir) = &self.checkpoint
                        && cut.is_some()
                        && round > start
                    {
                        share.prune(dir, round);
                    }
                    break;
                }
                if round > start {
                    sizes.push(states);
                }
                if let Some(dir) = &self.checkpoint {
                    // Every worker has begun this run, the residues of those before kept: their
                    // layers can go.
                    if round == start {
                        share.settle(dir);
                    }
                    // Every worker saved the layer of the last checkpoint before this round's
                    // figures: the older ones can go.
                    if let Some(r) = last_saved {
                        share.prune(dir, r);
                    }
                    // The split's layer at the cut is kept whatever the time (resumed there,
                    // it is there already): a count resumed past it gathers it again from
                    // there.
                    if save || (Some(round) == cut && round > start) {
                        if let Err(e) = share.save(dir) {
                            panic!("checkpoint: {e}");
                        }
                        last_saved = Some(round);
                        saved_at = Instant::now();
                    }
                }
                fault::maybe_panic(self.panic_at, round, index, peers);
                began = Instant::now();
                from_disk = share.out_of_core();
                passes = match share.plan(states, &sizes) {
                    Ok(p) => p,
                    Err(e) => panic!("{e}"),
                };
                for pass in 0..passes {
                    receiving.borrow_mut().start(epoch, share.inbox(pass));
                    let mut sent = 0usize;
                    let expanded = share.expand(pass, &mut |key, ways| {
                        keys_in.send((key, ways));
                        sent += 1;
                        if sent >= STEP_EVERY {
                            sent = 0;
                            fallen.step(worker);
                        }
                    });
                    if let Err(e) = expanded {
                        panic!("{e}");
                    }
                    epoch += 1;
                    keys_in.advance_to(epoch);
                    while probe.less_than(keys_in.time()) {
                        fallen.step(worker);
                    }
                    let inbox = receiving.borrow_mut().current.take();
                    if let Some((_, inbox)) = inbox
                        && let Err(e) = share.take(inbox)
                    {
                        error.get_or_insert(DistError::Count(e));
                    }
                }
                if let Err(e) = share.finish() {
                    panic!("{e}");
                }
            }
            if cut.is_some() {
                began = Instant::now();
                let joined = self.join(worker, fallen, &mut share, &gathering);
                figures_in.send((
                    run,
                    rounds + 1,
                    index as u32,
                    0,
                    0,
                    joined,
                    false,
                    false,
                    self.peak(true, index),
                    true,
                ));
                tick += 1;
                figures_in.advance_to(tick);
                while figures_probe.less_than(figures_in.time()) {
                    fallen.step(worker);
                }
                if let Some(tell) = &self.progress {
                    tell(&Square {
                        run,
                        square: rounds,
                        squares: rounds,
                        states: 0,
                        passes: 0,
                        from_disk: false,
                        seconds: began.elapsed().as_secs_f64(),
                    });
                }
                // Every worker's join, the same on all: their sum is the count.
                let sum = gathered
                    .borrow()
                    .iter()
                    .filter(|f| (f.0, f.1) == (run, rounds + 1))
                    .try_fold(0u128, |sum, f| sum.checked_add(f.5));
                match sum {
                    Some(n) => break Some(Tours::from(n)),
                    None => {
                        error.get_or_insert(DistError::Count(CountError::Overflow { bits: 128 }));
                        break None;
                    }
                }
            }
            // Every worker's tours closed, from the last round's figures: the same on all.
            let done: Vec<(u128, bool)> = gathered
                .borrow()
                .iter()
                .filter(|f| (f.0, f.1) == (run, rounds))
                .map(|f| (f.5, f.6))
                .collect();
            match share.end_run(&done, self.checkpoint.as_deref()) {
                Ok(Some(n)) => break Some(n),
                Ok(None) => {}
                Err(e) => {
                    error.get_or_insert(DistError::Count(e));
                    break None;
                }
            }
        };
        if let Some(dir) = &self.checkpoint {
            share.forget(dir);
        }
        let figures = gathered.borrow().clone();
        let count = count.filter(|_| index == 0);
        (index, error, figures, count)
    }
}

impl Run {
    /// The peak memory of this process when `last` (the last figures) and the worker is the
    /// first of its process, else 0.
    fn peak(&self, last: bool, index: usize) -> u64 {
        match last && index.is_multiple_of(self.threads) {
            true => knightbits_count::peak_memory().unwrap_or(0),
            false => 0,
        }
    }

    /// The split's layer at the cut, this worker's part of it, sent to the worker that gathers
    /// for each process, every worker's received before it returns.
    fn send_cut<K: Key>(
        &self,
        worker: &mut timely::worker::Worker,
        fallen: &Fallen,
        share: &mut Share<K>,
        cut_in: &mut InputHandleVec<u32, CutRecord>,
        probe: &ProbeHandle<u32>,
        processes: usize,
    ) {
        let Some(share) = K::narrow(share) else {
            panic!("the split's keys are 64 bits");
        };
        let mut sent = 0usize;
        let threads = self.threads as u64;
        let sending = share.cut_records(self.checkpoint.as_deref(), &mut |key, ways| {
            for p in 0..processes as u64 {
                cut_in.send((p * threads, key, ways));
            }
            sent += processes;
            if sent >= STEP_EVERY {
                sent = 0;
                fallen.step(worker);
            }
        });
        if let Err(e) = sending {
            panic!("{e}");
        }
        cut_in.advance_to(1);
        while probe.less_than(cut_in.time()) {
            fallen.step(worker);
        }
    }

    /// The split's join of this worker's part of the top half's last layer with the bottom
    /// half of its process, which the first worker of the process makes from the layer it
    /// gathered (the others wait for it): the worker's tours.
    fn join<K: Key>(
        &self,
        worker: &mut timely::worker::Worker,
        fallen: &Fallen,
        share: &mut Share<K>,
        gathering: &RefCell<Option<Gathering>>,
    ) -> u128 {
        let Some(share) = K::narrow(share) else {
            panic!("the split's keys are 64 bits");
        };
        let taken = gathering.borrow_mut().take();
        if let Some(g) = taken {
            match g.bottom(self.threads) {
                Ok(half) => {
                    let _ = self.bottom.set(half);
                }
                Err(e) => panic!("{e}"),
            }
        }
        let half = loop {
            if let Some(half) = self.bottom.get() {
                break half;
            }
            fallen.step(worker);
            std::thread::sleep(Duration::from_millis(1));
        };
        fault::maybe_panic(
            self.panic_at,
            share.rounds(),
            worker.index(),
            worker.peers(),
        );
        match share.join(half, self.threads, fallen.flag()) {
            Ok(tours) => tours,
            Err(e) => {
                // Stopped by a worker's panic: this one ends with its message.
                fallen.step(worker);
                panic!("{e}")
            }
        }
    }
}

/// The report from every worker's figures of the last run, gathered at worker 0.
fn report(
    job: &Count,
    rounds: u32,
    started: Instant,
    figures: Vec<Figures>,
    count: Tours,
) -> Report {
    let n = rounds as usize;
    let mut states = vec![0u64; n];
    let mut ways = vec![0u128; n];
    let mut peak_memory = Vec::new();
    let last = figures.iter().map(|f| f.0).max().unwrap_or(0);
    // The last figures: after the last round, or after the split's join.
    let end = figures
        .iter()
        .filter(|f| f.0 == last)
        .map(|f| f.1)
        .max()
        .unwrap_or(rounds);
    for (_, round, _, s, w, _, _, _, peak, made) in figures.into_iter().filter(|f| f.0 == last) {
        if made && let Some(r) = (round as usize).checked_sub(1).filter(|&r| r < n) {
            states[r] += s;
            ways[r] = ways[r].saturating_add(w);
        }
        if round == end && peak > 0 {
            peak_memory.push(peak);
        }
    }
    let mut report = Report::of(job, count, started, (states, ways), peak_memory);
    report.runs = last + 1;
    report
}
