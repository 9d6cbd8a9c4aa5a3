//! Knight's tour counts across worker threads and processes on [timely dataflow].
//!
//! A count job of `knightbits_count::Count` runs here by its method: the sweep in compact keys
//! ([`Count::share`]: each worker holds its share of every layer, expands it and sends each new
//! key to the worker that owns it, which adds it into its shards; within each process's memory
//! budget, out of core past it; 64-bit keys up to 8 across, 128-bit ones up to 12, as
//! [`Count::wide_keys`] says; a count past 64 bits once per prime, the residues joined as one
//! process joins them), the split at the middle cut (its top half as the sweep; the layer at
//! the cut sent whole to every process, which makes its bottom half from it; each worker joins
//! its part of the top half's last layer with that half, and the workers' sums add up:
//! [`Share::cut_records`](knightbits_count::Share::cut_records),
//! [`Share::join`](knightbits_count::Share::join)), or else the 128-bit frontier programme, one round per square,
//! through the rounds the job hands out ([`Count::frontier`]): every worker expands the states
//! it holds, the new states are exchanged by [`State::route`] (a mixed hash of the state), and
//! each worker sums what it receives, with checked arithmetic, into its share of the next
//! layer. The count crate owns the rules, the layers and the checkpoint format; this crate only
//! moves keys and states between workers. Each round's states and ways are summed at worker 0,
//! which also receives every process's finished tours and peak memory. The same code runs as
//! one process with several threads or as several processes (one per machine), as timely's
//! cluster configuration says.
//!
//! [timely dataflow]: https://github.com/TimelyDataflow/timely-dataflow

#![deny(missing_docs)]

mod plan;
mod sweep;

pub use plan::{ExchangeCost, exchange_cost, plan};

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use knightbits_board::Board;
use knightbits_count::{Count, CountError, Frontier, Kind, Layer, Method, State, Tours};
use timely::communication::initialize::WorkerGuards;
use timely::dataflow::InputHandle;
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};

/// Where the workers of a count run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// Worker threads in each process.
    pub threads: usize,
    /// This process's index, below `addresses.len()`.
    pub process: usize,
    /// `host:port` of every process, in process order (one process: may be empty).
    pub addresses: Vec<String>,
}

impl Cluster {
    /// One process with `threads` worker threads.
    pub fn local(threads: usize) -> Cluster {
        Cluster {
            threads: threads.max(1),
            process: 0,
            addresses: Vec::new(),
        }
    }

    /// Reads a host file as timely does: one `host:port` a line (blank lines and lines
    /// starting with `#` skipped).
    pub fn parse_hostfile(text: &str) -> Result<Vec<String>, DistError> {
        let mut hosts = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            match line.rsplit_once(':') {
                Some((host, port)) if !host.is_empty() && port.parse::<u16>().is_ok() => {
                    hosts.push(line.to_string())
                }
                _ => {
                    return Err(DistError::Config(format!(
                        "line {} of the host file is not host:port: {line:?}",
                        i + 1
                    )));
                }
            }
        }
        if hosts.is_empty() {
            return Err(DistError::Config("the host file names no process".into()));
        }
        Ok(hosts)
    }

    fn config(&self) -> Result<timely::Config, DistError> {
        let processes = self.addresses.len().max(1);
        if self.process >= processes {
            return Err(DistError::Config(format!(
                "process {} is not among the {processes} processes of the host file",
                self.process
            )));
        }
        let communication = if processes == 1 {
            if self.threads > 1 {
                timely::CommunicationConfig::Process(self.threads)
            } else {
                timely::CommunicationConfig::Thread
            }
        } else {
            timely::CommunicationConfig::Cluster {
                threads: self.threads.max(1),
                process: self.process,
                addresses: self.addresses.clone(),
                report: false,
                zerocopy: false,
            }
        };
        Ok(timely::Config {
            communication,
            worker: timely::WorkerConfig::default(),
        })
    }
}

/// The result of a count, as worker 0 (in process 0) has it.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The number of tours (closed: undirected cycles; open: directed tours), of any size.
    pub count: Tours,
    /// The board.
    pub board: Board,
    /// The kind of tour.
    pub kind: Kind,
    /// Wall seconds at worker 0.
    pub seconds: f64,
    /// States after each round, summed over the workers.
    pub states: Vec<u64>,
    /// Ways of the states after each round, summed over the workers.
    pub ways: Vec<u128>,
    /// Peak resident memory of each process in bytes (0 where the system does not say).
    pub peak_memory: Vec<u64>,
    /// Runs of the count, one a prime its ways were added modulo (the sweep): 1 when they
    /// stayed exact, else as many as the join of their residues took. The figures above are
    /// the last run's.
    pub runs: u32,
    /// The run and the round before which this call resumed the count from its checkpoint
    /// (the sweep), if it did.
    pub resumed: Option<(u32, u32)>,
}

impl Report {
    /// `job`'s report: its count, begun at `started`, the states and ways after each round,
    /// each process's peak; one run.
    fn of(
        job: &Count,
        count: Tours,
        started: Instant,
        (states, ways): (Vec<u64>, Vec<u128>),
        peak_memory: Vec<u64>,
    ) -> Report {
        Report {
            count,
            board: job.board(),
            kind: job.kind(),
            seconds: started.elapsed().as_secs_f64(),
            states,
            ways,
            peak_memory,
            runs: 1,
            resumed: None,
        }
    }
}

/// Why a count across workers failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DistError {
    /// The cluster is not configured right.
    Config(String),
    /// Timely could not start (for example a peer could not be reached).
    Start(String),
    /// The count itself failed (too wide a board, an overflow).
    Count(CountError),
    /// A checkpoint could not be written or read.
    Checkpoint(String),
}

impl fmt::Display for DistError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DistError::Config(m) => f.write_str(m),
            DistError::Start(m) => write!(f, "cannot start the workers: {m}"),
            DistError::Count(e) => write!(f, "{e}"),
            DistError::Checkpoint(m) => write!(f, "checkpoint: {m}"),
        }
    }
}

impl std::error::Error for DistError {}

/// One round's figures from one worker: (round, states after it, ways after it, tours it
/// finished, peak bytes of the process or 0, whether its sums failed).
type Stats = (u32, u64, u128, u128, u64, bool);

/// What a worker hands back when the run ends: its index, its error, and (worker 0) every
/// worker's figures.
type Outcome = (usize, Option<DistError>, Vec<Stats>);

/// Counts the tours of `job` (its board, kind, budget, scratch folder and checkpoint) on the
/// workers of `cluster`: by the sweep when the job's method is [`Method::Sweep`], by the split
/// when it is [`Method::Split`] (the top half as the sweep, the layer at the cut sent whole to
/// every process, each worker joining its part of the top half's last layer with its process's
/// bottom half), else by the frontier programme. Returns
/// `Some(report)` in process 0 and `None` in the others; every process must make the same call.
///
/// With a checkpoint, its path is a folder where each worker writes its part of a layer
/// ([`Share::save`](knightbits_count::Share::save), every [`Count::checkpoint_every`] and after
/// every round out of core, and the split's layer at the cut and its top half's last layer
/// always; [`Frontier::save_part`] after every round) and from which any number of workers
/// resume (the split's layer at the cut is read again by the worker that wrote each part, or
/// by any when the folder is shared; the split resumed past its top half runs its join again
/// from its first pass). A checkpoint that cannot be read is an error of the call (the
/// sweep) or panics the workers (the frontier: the run would miss their part), as does a file
/// that cannot be written mid-count; a count overflowing in any worker makes process 0 return
/// an error, never a smaller count. A panicking worker ends its process's other workers too
/// (they stop stepping the dataflow), and the call returns [`DistError::Start`] with its message; a caller of several
/// processes then ends its process (the command line does), so that the peers, losing their
/// connection, end too.
pub fn count(job: &Count, cluster: &Cluster) -> Result<Option<Report>, DistError> {
    count_with(job, cluster, fault::panic_at(), None)
}

/// [`count`], telling `progress` of each square as worker 0 (in process 0) learns every
/// worker's figures of it: the sweep and the split's top half, square by square, and the
/// split's join once done. The 128-bit frontier tells nothing until it ends. `progress` runs
/// on worker 0's thread and holds it up for as long as it takes.
pub fn count_reporting(
    job: &Count,
    cluster: &Cluster,
    progress: impl Fn(&Square) + Send + Sync + 'static,
) -> Result<Option<Report>, DistError> {
    count_with(job, cluster, fault::panic_at(), Some(Arc::new(progress)))
}

/// What a count across workers tells as it goes ([`count_reporting`]): a square of a run
/// (or the split's join) done, with every worker's figures of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Square {
    /// The run, one a prime the ways are added modulo (0 first; a count past 64 bits runs
    /// again from square 0).
    pub run: u32,
    /// The square placed (0 first); the split's join is square `squares`.
    pub square: u32,
    /// Squares in a run.
    pub squares: u32,
    /// States after it, summed over the workers (0 after the join).
    pub states: u64,
    /// Passes over the layer before it (the same on every worker; 1 in memory; 0 for the
    /// join).
    pub passes: u32,
    /// Was worker 0's part of the layer before it read from a file (out of core)?
    pub from_disk: bool,
    /// Wall seconds of the square at worker 0, the wait for the others' figures included.
    pub seconds: f64,
}

/// Where a count tells its progress: worker 0 calls it.
type Reporter = Arc<dyn Fn(&Square) + Send + Sync>;

/// [`count`], with a worker asked to panic at round `panic_at` (tests) and `progress` told of
/// each square.
fn count_with(
    job: &Count,
    cluster: &Cluster,
    panic_at: Option<u32>,
    progress: Option<Reporter>,
) -> Result<Option<Report>, DistError> {
    if matches!(job.method(), Method::Sweep | Method::Split) {
        return match job.wide_keys() {
            true => sweep::count::<u128>(job, cluster, panic_at, progress),
            false => sweep::count::<u64>(job, cluster, panic_at, progress),
        };
    }
    let frontier = job.frontier().map_err(DistError::Count)?;
    let config = cluster.config()?;
    let started = Instant::now();
    let shared = Shared {
        frontier: frontier.clone(),
        checkpoint: job.checkpoint_path().map(Path::to_path_buf),
        threads: cluster.threads.max(1),
        panic_at,
    };
    let guards = execute(config, move |worker, fallen| shared.work(worker, fallen))?;
    let mut report = None;
    for result in guards.join() {
        let (index, error, gathered) = result?;
        if let Some(e) = error {
            return Err(e);
        }
        if index == 0 {
            report = Some(gathered);
        }
    }
    match report {
        Some(gathered) => gather(&frontier, job, started, gathered).map(Some),
        None => Ok(None),
    }
}

/// What every worker knows of the count.
#[derive(Clone)]
struct Shared {
    frontier: Frontier,
    checkpoint: Option<PathBuf>,
    /// Worker threads a process.
    threads: usize,
    /// The round where a test asks a worker to panic.
    panic_at: Option<u32>,
}

/// A layer being summed from the states workers send, and the first failure of a sum.
type Next = Rc<RefCell<BTreeMap<u32, Layer>>>;

impl Shared {
    /// One worker's part of the count: each round it expands its states, sends each new state
    /// to the worker its route names, and sums what it receives into its part of the next
    /// layer; its figures go to worker 0.
    fn work(&self, worker: &mut timely::worker::Worker, fallen: &Fallen) -> Outcome {
        let (index, peers) = (worker.index(), worker.peers());
        let frontier = &self.frontier;
        let rounds = frontier.rounds();
        // The next layers being summed, by round: a faster worker's states of the round after
        // may arrive while this one still waits for the round before.
        let next: Next = Rc::new(RefCell::new(BTreeMap::new()));
        let failed: Rc<RefCell<Option<DistError>>> = Rc::new(RefCell::new(None));
        let stats: Rc<RefCell<Vec<Stats>>> = Rc::new(RefCell::new(Vec::new()));
        let mut states_in = InputHandle::new();
        let mut stats_in = InputHandle::new();
        let (sum_next, sum_failed, gathered) = (next.clone(), failed.clone(), stats.clone());
        let sums = frontier.clone();
        let (probe, figures_probe) = worker.dataflow::<u32, _, _>(|scope| {
            let states = scope
                .input_from(&mut states_in)
                .container::<Vec<(u32, State, u128)>>()
                .exchange(|x: &(u32, State, u128)| x.1.route())
                .inspect(move |&(r, s, w)| {
                    let mut next = sum_next.borrow_mut();
                    let layer = next.entry(r).or_insert_with(|| sums.empty(r));
                    if let Err(e) = layer.add(s, w) {
                        *sum_failed.borrow_mut() = Some(DistError::Count(e));
                    }
                });
            let figures = scope
                .input_from(&mut stats_in)
                .container::<Vec<Stats>>()
                .exchange(|_: &Stats| 0)
                .inspect(move |x: &Stats| gathered.borrow_mut().push(*x));
            (states.probe().0, figures.probe().0)
        });
        let mut error = None;
        // Worker 0 starts with the first layer; the others with nothing.
        let resumed = match self.checkpoint.as_deref() {
            Some(dir) => frontier.resume_part(dir, index, peers),
            None => Ok(None),
        };
        let (start, mut layer) = match resumed {
            Ok(Some(layer)) => (layer.round(), layer),
            Ok(None) if index != 0 => (0, frontier.empty(0)),
            Ok(None) => (0, frontier.first()),
            // Going on without this worker's part would give a wrong count: end the run.
            Err(e) => panic!("checkpoint: {e}"),
        };
        // Tours finished by this worker, including those of the checkpoint it resumed from.
        let mut finished = if start > 0 { layer.done() } else { 0 };
        for round in start..rounds {
            fault::maybe_panic(self.panic_at, round, index, peers);
            let mut sent = 0usize;
            let mut done_here: u128 = 0;
            for (s, w) in layer.states() {
                let closed = frontier.expand(round, s, w, |n, w| {
                    states_in.send((round + 1, n, w));
                    sent += 1;
                });
                done_here = done_here.saturating_add(closed);
                if sent >= 1 << 16 {
                    sent = 0;
                    fallen.step(worker);
                }
            }
            drop(layer);
            states_in.advance_to(round + 1);
            while probe.less_than(states_in.time()) {
                fallen.step(worker);
            }
            if error.is_none() {
                error = failed.borrow_mut().take();
            }
            layer = next
                .borrow_mut()
                .remove(&(round + 1))
                .unwrap_or_else(|| frontier.empty(round + 1));
            layer.pack();
            finished = finished.saturating_add(done_here);
            if let Some(dir) = self.checkpoint.as_deref() {
                // Every part of the layer before this round is written (each worker writes its
                // part before it sends the round's states): the older parts can go.
                if let Err(e) = frontier.save_part(dir, &layer, finished, index, peers) {
                    error.get_or_insert(DistError::Checkpoint(e.to_string()));
                }
            }
            // The tours of a resumed checkpoint are counted with its first round.
            let carried = if round == start && start > 0 {
                finished - done_here
            } else {
                0
            };
            stats_in.send(
                self.figures(&layer, round, rounds, index, done_here + carried, {
                    // A failed sum is reported to worker 0, so that no process prints a wrong count.
                    matches!(error, Some(DistError::Count(_))) || finished == u128::MAX
                }),
            );
            stats_in.advance_to(round + 1);
        }
        stats_in.advance_to(rounds + 1);
        states_in.advance_to(rounds + 1);
        while probe.less_than(&(rounds + 1)) || figures_probe.less_than(&(rounds + 1)) {
            fallen.step(worker);
        }
        let gathered = stats.borrow().clone();
        (index, error, gathered)
    }

    /// A worker's figures after round `round`.
    fn figures(
        &self,
        layer: &Layer,
        round: u32,
        rounds: u32,
        index: usize,
        finished: u128,
        failing: bool,
    ) -> Stats {
        let ways = layer
            .states()
            .fold(0u128, |sum, (_, w)| sum.saturating_add(w));
        // The first worker of each process reports the process's peak memory.
        let peak = if round + 1 == rounds && index.is_multiple_of(self.threads) {
            knightbits_count::peak_memory().unwrap_or(0)
        } else {
            0
        };
        (round + 1, layer.len() as u64, ways, finished, peak, failing)
    }
}

/// Runs `work` on every worker of `config`: threads of this process, or processes connected
/// here (rather than by timely, which reports its attempts on stdout).
fn execute<R, F>(config: timely::Config, work: F) -> Result<Workers<R>, DistError>
where
    R: Send + 'static,
    F: Fn(&mut timely::worker::Worker, &Fallen) -> R + Send + Sync + 'static,
{
    let fallen = Fallen::default();
    let first = fallen.clone();
    let work = move |worker: &mut timely::worker::Worker| match panic::catch_unwind(
        AssertUnwindSafe(|| work(worker, &fallen)),
    ) {
        Ok(r) => r,
        Err(payload) => {
            fallen.fall(&*payload);
            panic::resume_unwind(payload)
        }
    };
    match config.communication {
        timely::CommunicationConfig::Cluster {
            threads, process, addresses, ..
        } => {
            let sockets = connect(&addresses, process).map_err(|e| DistError::Start(e.to_string()))?;
            let hooks = timely::communication::Hooks::default();
            let local = timely::communication::allocator::ProcessBuilder::new_typed_vector(
                threads,
                hooks.refill.clone(),
                hooks.spill.clone(),
            );
            let (builders, guard) =
                timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets(
                    local, sockets, process, threads, hooks,
                )
                .map_err(|e| DistError::Start(e.to_string()))?;
            let builders = builders
                .into_iter()
                .map(timely::communication::AllocatorBuilder::Tcp)
                .collect();
            timely::execute::execute_from(builders, Box::new(guard), config.worker, work)
        }
        _ => timely::execute(config, work),
    }
    .map(|guards| Workers {
        guards,
        fallen: first,
    })
    .map_err(DistError::Start)
}

/// The workers of this process, running.
pub(crate) struct Workers<R: Send + 'static> {
    guards: WorkerGuards<R>,
    fallen: Fallen,
}

impl<R: Send + 'static> Workers<R> {
    /// What each worker returned, once all have ended; a worker that panicked gives
    /// [`DistError::Start`] with the first panic's message (timely's own says only `Any`).
    pub(crate) fn join(self) -> Vec<Result<R, DistError>> {
        let results = self.guards.join();
        let first = self.fallen.message();
        results
            .into_iter()
            .map(|r| r.map_err(|e| DistError::Start(first.clone().unwrap_or(e))))
            .collect()
    }
}

/// The report from every worker's figures, gathered at worker 0.
fn gather(
    frontier: &Frontier,
    job: &Count,
    started: Instant,
    gathered: Vec<Stats>,
) -> Result<Report, DistError> {
    if gathered.iter().any(|x| x.5) {
        return Err(DistError::Count(CountError::Overflow { bits: 128 }));
    }
    let rounds = frontier.rounds() as usize;
    let mut states = vec![0u64; rounds];
    let mut ways = vec![0u128; rounds];
    let mut finished: u128 = 0;
    let mut peak_memory = Vec::new();
    for (round, s, w, done, peak, _) in gathered {
        let r = round as usize - 1;
        if let (Some(a), Some(b)) = (states.get_mut(r), ways.get_mut(r)) {
            *a += s;
            *b = b.saturating_add(w);
        }
        finished = finished
            .checked_add(done)
            .ok_or(DistError::Count(CountError::Overflow { bits: 128 }))?;
        if peak > 0 {
            peak_memory.push(peak);
        }
    }
    // A 1 x 1 board's one path is finished before the first round.
    let before = frontier.first().done();
    let count = finished
        .checked_add(before)
        .ok_or(CountError::Overflow { bits: 128 })
        .and_then(|ways| frontier.tours(ways))
        .map_err(DistError::Count)?;
    Ok(Report::of(
        job,
        Tours::from(count),
        started,
        (states, ways),
        peak_memory,
    ))
}

/// Fault injection for tests, compiled only with the `fault-injection` feature: when
/// `KNIGHTBITS_DIST_PANIC_AT_ROUND` is set to a round, worker 1 (or worker 0 alone) panics
/// there, to check that a failing worker ends the run.
mod fault {
    /// The round the environment asks a worker to panic at.
    #[cfg(feature = "fault-injection")]
    pub(crate) fn panic_at() -> Option<u32> {
        std::env::var("KNIGHTBITS_DIST_PANIC_AT_ROUND")
            .ok()
            .and_then(|r| r.parse().ok())
    }

    #[cfg(not(feature = "fault-injection"))]
    pub(crate) fn panic_at() -> Option<u32> {
        None
    }

    /// Panics in the worker chosen, at the round asked.
    pub(crate) fn maybe_panic(at: Option<u32>, round: u32, index: usize, peers: usize) {
        if at == Some(round) && index == 1.min(peers - 1) {
            panic!("worker {index} stops at round {round}, as KNIGHTBITS_DIST_PANIC_AT_ROUND asks");
        }
    }
}

/// Whether a worker of this process has panicked, and its message. Timely has no way to
/// cancel a dataflow: the other workers would wait for that worker's messages for ever. Each
/// steps through [`Fallen::step`], which ends it too (with a panic naming the first), so the
/// call returns instead of hanging; a worker at work that does not step (the split's join)
/// polls [`Fallen::flag`].
#[derive(Clone, Default)]
pub(crate) struct Fallen(Arc<Mutex<Option<String>>>, Arc<AtomicBool>);

impl Fallen {
    /// Marks the process's workers as ended by a panic whose payload is `payload`.
    fn fall(&self, payload: &(dyn std::any::Any + Send)) {
        let message = match (
            payload.downcast_ref::<&str>(),
            payload.downcast_ref::<String>(),
        ) {
            (Some(s), _) => s.to_string(),
            (_, Some(s)) => s.clone(),
            _ => "a worker panicked".to_string(),
        };
        let mut first = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        first.get_or_insert(message);
        self.1.store(true, Ordering::Relaxed);
    }

    /// Set once a worker of the process has panicked.
    pub(crate) fn flag(&self) -> &AtomicBool {
        &self.1
    }

    /// The first panic's message, if a worker has panicked.
    fn message(&self) -> Option<String> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// One step of `worker`, unless a worker of the process has panicked: then this one
    /// panics too.
    pub(crate) fn step(&self, worker: &mut timely::worker::Worker) {
        if let Some(message) = self.message() {
            panic!("another worker of this process panicked: {message}");
        }
        worker.step();
    }
}

/// How long a process waits for its peers to answer.
const CONNECT_WITHIN: std::time::Duration = std::time::Duration::from_secs(60);

/// Connects process `me` with every other process as timely does (each process dials the
/// lower ones and sends its index as a big-endian `u64`, and accepts the higher ones), quietly
/// and for at most [`CONNECT_WITHIN`].
fn connect(addresses: &[String], me: usize) -> std::io::Result<Vec<Option<std::net::TcpStream>>> {
    use std::io::{Read, Write};
    use std::net::{TcpListener, TcpStream};
    let deadline = Instant::now() + CONNECT_WITHIN;
    let late = || {
        std::io::Error::new(
            std::io::ErrorKind::TimedOut,
            "a peer did not answer within 60 s",
        )
    };
    let listener = TcpListener::bind(addresses.get(me).map_or("", String::as_str))?;
    listener.set_nonblocking(true)?;
    let mut sockets: Vec<Option<TcpStream>> = (0..addresses.len()).map(|_| None).collect();
    for (i, address) in addresses.iter().enumerate().take(me) {
        let stream = loop {
            match TcpStream::connect(address) {
                Ok(s) => break s,
                Err(_) if Instant::now() < deadline => {
                    std::thread::sleep(std::time::Duration::from_millis(50))
                }
                Err(_) => return Err(late()),
            }
        };
        stream.set_nodelay(true)?;
        (&stream).write_all(&(me as u64).to_be_bytes())?;
        sockets[i] = Some(stream);
    }
    while sockets.iter().skip(me + 1).any(Option::is_none) {
        match listener.accept() {
            Ok((stream, _)) => {
                stream.set_nonblocking(false)?;
                stream.set_nodelay(true)?;
                let mut id = [0u8; 8];
                (&stream).read_exact(&mut id)?;
                let id = u64::from_be_bytes(id) as usize;
                match sockets.get_mut(id) {
                    Some(slot) if id > me => *slot = Some(stream),
                    _ => {
                        return Err(std::io::Error::new(
                            std::io::ErrorKind::InvalidData,
                            "a peer sent a process index out of range",
                        ));
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    return Err(late());
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(e) => return Err(e),
        }
    }
    Ok(sockets)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(w: u32, h: u32) -> Board {
        Board::new(w, h).unwrap()
    }

    fn closed(w: u32, h: u32) -> Count {
        Count::closed(board(w, h)).unwrap()
    }

    #[test]
    fn host_files_read_as_timely_reads_them() {
        assert_eq!(
            Cluster::parse_hostfile("# two\n127.0.0.1:4000\n\nnode2:4001\n"),
            Ok(vec!["127.0.0.1:4000".to_string(), "node2:4001".to_string()])
        );
        assert!(Cluster::parse_hostfile("node1\n").is_err());
        assert!(Cluster::parse_hostfile("node1:port\n").is_err());
        assert!(Cluster::parse_hostfile("\n# none\n").is_err());
    }

    /// The count of `w x h` open tours by the split, swept `w` across.
    fn split(w: u32, h: u32) -> Count {
        Count::open(board(w, h), None)
            .unwrap()
            .by(Method::Split)
            .unwrap()
            .across(w)
            .unwrap()
    }

    /// Proves a worker's panic reaches the caller, for the sweep, the 128-bit frontier and the
    /// split: worker 1 of one process's two panics at round 3 of 6 x 6 closed (6 x 6 open by
    /// the split: round 3, and round 24, the top half done, as its join begins, while the other
    /// may be joining, which steps no dataflow), the other (which would wait for its messages
    /// for ever) ends too, and the call returns the panic's message as an error. The count
    /// runs in a thread of its own, so a hang fails the test after two minutes instead of
    /// holding the suite.
    #[test]
    fn a_worker_panic_ends_its_siblings_and_reaches_the_caller() {
        let jobs = [
            (Method::Sweep, 3),
            (Method::Frontier128, 3),
            (Method::Split, 3),
            (Method::Split, 24),
        ];
        for (method, round) in jobs {
            let job = match method {
                Method::Split => split(6, 6),
                method => closed(6, 6).by(method).unwrap(),
            };
            let (send, receive) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                let _ =
                    send.send(count_with(&job, &Cluster::local(2), Some(round), None).map(|_| ()));
            });
            let outcome = receive
                .recv_timeout(std::time::Duration::from_secs(120))
                .unwrap_or_else(|_| panic!("{method:?}: the count did not return"));
            let Err(DistError::Start(message)) = outcome else {
                panic!("{method:?}: {outcome:?}");
            };
            assert!(
                message.contains(&format!("worker 1 stops at round {round}")),
                "{method:?}: {message}"
            );
        }
    }

    /// Proves the split counts on the threads of one process as OEIS says, and as one
    /// process's count by the split: 5 x 6 37,568 (A083386), 6 x 6 6,637,920 (A165134) and
    /// 8 x 4 62,176 (A079137, as 4 x 8), on 1, 2 and 3 threads.
    #[test]
    fn threads_of_one_process_split_as_oeis_says() {
        for (w, h, n) in [(5, 6, 37_568u128), (6, 6, 6_637_920), (8, 4, 62_176)] {
            let one = split(w, h)
                .run(&mut |_| std::ops::ControlFlow::Continue(()))
                .unwrap();
            assert_eq!(one, Tours::from(n), "{w}x{h}");
            for threads in [1, 2, 3] {
                let report = count(&split(w, h), &Cluster::local(threads))
                    .unwrap()
                    .unwrap();
                assert_eq!(report.count, Tours::from(n), "{w}x{h} on {threads}");
                let top = (h / 2 + 1) * w;
                assert_eq!(report.states.len(), top as usize, "{w}x{h}: the top half");
            }
        }
    }

    /// Proves a split stopped by a worker's panic resumes from its checkpoint (saved after
    /// every round) to 6 x 6's 6,637,920 open tours (A165134): stopped at round 20, past the
    /// cut (before round 18), it resumes there (or at 19) on 3 threads, the layer at the cut gathered
    /// again from the checkpoint's parts; stopped at round 24, its top half done, it resumes
    /// at the join, no round run again. The checkpoint is gone at the end.
    #[test]
    fn a_stopped_split_resumes_past_its_cut_and_at_its_join() {
        let dir =
            std::env::temp_dir().join(format!("knightbits-dist-split-{}", std::process::id()));
        for (at, threads) in [(20, 3), (24, 2)] {
            let _ = std::fs::remove_dir_all(&dir);
            let job = || split(6, 6).with_checkpoint(&dir, std::time::Duration::ZERO);
            let stopped = count_with(&job(), &Cluster::local(2), Some(at), None);
            assert!(matches!(stopped, Err(DistError::Start(_))), "{stopped:?}");
            let report = count(&job(), &Cluster::local(threads)).unwrap().unwrap();
            assert_eq!(report.count, Tours::from(6_637_920u128), "stopped at {at}");
            // The layer before the stop's round is complete, that of its round too unless the
            // other worker fell before it saved it (round 20); the top half's last layer is
            // saved before its figures go out, so always before a panic at the join.
            let from = if at == 20 { 19 } else { at };
            assert!(
                matches!(report.resumed, Some((0, r)) if (from..=at).contains(&r)),
                "stopped at {at}: {:?}",
                report.resumed
            );
            assert!(!dir.exists(), "stopped at {at}: the checkpoint is removed");
        }
    }

    /// Proves a count tells each square once, in order, as it ends, with the states every
    /// worker's figures sum to (the report's, made apart from them): 6 x 6 closed by the sweep
    /// on 2 threads tells squares 0 to 35 of one run; 5 x 6 open by the split tells its top
    /// half's squares (0 to 19), then its join (square 20 of 20) with no states.
    #[test]
    fn a_count_tells_each_square_as_it_ends() {
        for (job, join) in [(closed(6, 6), false), (split(5, 6), true)] {
            let told: Arc<Mutex<Vec<Square>>> = Arc::default();
            let into = told.clone();
            let report = count_reporting(&job, &Cluster::local(2), move |s| {
                into.lock().unwrap().push(*s)
            })
            .unwrap()
            .unwrap();
            let told = told.lock().unwrap().clone();
            let squares = report.states.len() as u32;
            let (top, tail) = told.split_at(squares as usize);
            assert!(
                top.iter().enumerate().all(|(i, s)| s.square == i as u32),
                "{told:?}"
            );
            assert!(
                told.iter().all(|s| s.run == 0 && s.squares == squares),
                "{told:?}"
            );
            let states: Vec<u64> = top.iter().map(|s| s.states).collect();
            assert_eq!(states, report.states);
            assert!(
                top.iter().all(|s| s.passes == 1 && !s.from_disk),
                "{told:?}"
            );
            match join {
                true => assert!(
                    matches!(tail, [s] if s.square == squares && s.states == 0),
                    "{tail:?}"
                ),
                false => assert_eq!((tail, squares), (&[][..], job.board().len())),
            }
        }
    }

    /// Proves the dataflow count equals the library's on 1 and 2 threads of one process:
    /// 6 x 6 closed (OEIS A001230: 9,862) and 5 x 6 open (the meet in the middle count),
    /// with the same states and ways after every round.
    #[test]
    fn threads_of_one_process_agree_with_the_library() {
        let one = count(&closed(6, 6), &Cluster::local(1)).unwrap().unwrap();
        let two = count(&closed(6, 6), &Cluster::local(2)).unwrap().unwrap();
        assert_eq!(one.count, 9862);
        assert_eq!(
            (&two.count, &two.states, &two.ways),
            (&Tours::from(9862u128), &one.states, &one.ways)
        );
        let open = count(&Count::open(board(5, 6), None).unwrap(), &Cluster::local(2))
            .unwrap()
            .unwrap();
        assert_eq!(
            Ok(open.count),
            knightbits_count::count_open_tours(board(5, 6), None, 2)
                .map(|n| Tours::from(u128::from(n)))
        );
    }

    #[test]
    fn a_process_outside_the_host_file_is_refused() {
        let c = Cluster {
            threads: 1,
            process: 2,
            addresses: vec!["127.0.0.1:1".into(), "127.0.0.1:2".into()],
        };
        assert!(matches!(
            count(&closed(6, 6), &c),
            Err(DistError::Config(_))
        ));
    }
}
