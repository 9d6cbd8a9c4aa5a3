//! A worker's share of the sweep, for a count across workers and processes
//! (`knightbits-dist`): each worker owns the keys that [`Share::route`] sends it, holds its part
//! of each layer (in memory, or out of core in a folder of its own within its budget), expands
//! it a round at a time and hands every new key to its driver, which routes it to its owner's
//! [`Inbox`]. The rounds, the keys, the shards, the layer files and the ways modulo the run's
//! prime are the sweep's own; the driver only moves keys and agrees on the layers' sizes. A
//! count past 64 bits runs again modulo the next primes, as in one process, every worker
//! keeping the residues of the runs finished (beside its checkpoint too): [`Share::end_run`].

use super::expand::Places;
use super::file::{LayerFile, Source};
use super::residue::Runs;
use super::shard::{BATCH, Block, Shard, compact, hash};
use super::sieve::{Sieve, Sifting};
use super::store::load;
use super::word::Word;
use super::{
    BUFFERS, FEWEST_PARTS, Layer, MOST_PARTS, SHARD_STATES, Store, Sweep, Ways, add_done,
    file_bytes_of, io_error, table_bytes_of,
};
use crate::checkpoint::{Header, newest_parts, part_name, parts_of, round_dir};
use crate::error::CountError;
use crate::method::Method;
use crate::split::{BottomHalf, Gathering};
use crate::tours::Tours;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::vec::Vec;

/// A worker's share of a count by the sweep across `peers` workers: its part of the layer
/// before the next round, and the round being made. Obtained from
/// [`Count::share`](crate::Count::share).
///
/// A round, as every worker runs it: [`Share::plan`] with the layer's states summed over the
/// workers (the same on all, so that they agree on the passes); then for each pass an
/// [`Inbox`] from [`Share::inbox`], [`Share::expand`] of the worker's own keys (each new key
/// sent to the worker [`Share::route`] names, which adds it to its inbox of the same pass), and
/// [`Share::take`] of the inbox once every worker's keys of the pass have arrived; then
/// [`Share::finish`]. After the last round, [`Share::end_run`] with every worker's
/// [`Share::done`]: the count, or (its ways residues) the first layer again, modulo the next
/// prime.
///
/// A share of a count by the split at the middle cut ([`Method::Split`]) runs the rounds of
/// the top half only ([`Share::rounds`]); its layer at the cut ([`Share::cut`]) goes whole to
/// every process ([`Share::cut_records`], [`Share::gather`]), and after the last round each
/// worker joins its part of the last layer with its process's bottom half ([`Share::join`]).
pub struct Share<K: Word = u64> {
    sweep: Sweep<K>,
    index: usize,
    peers: usize,
    /// The rounds it runs: every square's, or the split's top half's.
    last: u32,
    /// The split's: the round its layer at the middle cut comes before (kept in the
    /// checkpoint until the count ends).
    cut: Option<u32>,
    layer: Layer<K>,
    /// The residues of the runs finished, modulo the primes before the sweep's.
    runs: Runs,
    /// The ways of the layer's states summed (0 for a layer resumed, not made).
    ways: u128,
    /// The folder of this worker's layer files, removed when the share is dropped.
    folder: PathBuf,
    /// The round being made.
    plan: Option<Plan<K>>,
    /// This worker's checkpoint files: the round of each and its path.
    saved: Vec<(u32, PathBuf)>,
    /// Did it start from a checkpoint's layer or residues?
    resumed: bool,
}

/// A round being made: its passes over the old layer and the next layer so far.
struct Plan<K: Word> {
    passes: u32,
    /// Shards of the whole layer (a power of two), `2^bits`.
    parts: usize,
    per_shard: usize,
    source: Source<K>,
    /// The old layer's file in this worker's folder, removed when the round ends.
    old_file: Option<PathBuf>,
    /// Out of core in several passes: the passes each old state's keys fall in.
    sieve: Option<Sieve>,
    writer: Option<LayerFile>,
    memory: Vec<Block<K::Record>>,
    done: u128,
    modulus: u8,
    states: u64,
    ways: u128,
}

/// The file of a checkpoint folder that keeps the residues of the runs finished.
const RESIDUES: &str = "residues";

/// The run of the sweep whose ways are of `modulus` (a header's): the index of its prime.
fn run_of(modulus: u8) -> u8 {
    modulus.saturating_sub(1)
}

/// The shards of a pass of the next layer that a worker fills with the keys it is sent.
pub struct Inbox<K: Word = u64> {
    shards: Vec<Shard<K>>,
    first: usize,
    bits: u32,
    batches: Vec<Vec<(K, u64, u64)>>,
}

impl<K: Word> Inbox<K> {
    /// Adds keys and their ways (each key one the worker owns, of the pass's range).
    pub fn add(&mut self, records: &[(K, u64)]) {
        for &(key, ways) in records {
            let h = hash(key);
            let part = match self.bits {
                0 => 0,
                b => (h >> (64 - b)) as usize,
            };
            let i = part.wrapping_sub(self.first);
            if let (Some(batch), Some(shard)) = (self.batches.get_mut(i), self.shards.get_mut(i)) {
                batch.push((key, h, ways));
                if batch.len() >= BATCH {
                    shard.add_all(batch);
                    batch.clear();
                }
            }
        }
    }

    /// The shards with every key added.
    fn filled(mut self) -> Vec<Shard<K>> {
        for (batch, shard) in self.batches.iter().zip(self.shards.iter_mut()) {
            shard.add_all(batch);
        }
        self.shards
    }
}

impl<K: Word> Share<K> {
    /// Worker `index`'s share of `sweep` across `peers` workers (the split's top half when
    /// `cut` gives the rows above its cut), its layer files in a folder
    /// of its own in the sweep's scratch folder; the first layer (worker 0 holds it) or, with
    /// a checkpoint folder `dir`, the newest layer complete there of the run it keeps the
    /// residues before (layers of runs finished are left for [`Share::settle`]).
    pub(crate) fn new(
        sweep: Sweep<K>,
        index: usize,
        peers: usize,
        cut: Option<u32>,
        dir: Option<&Path>,
    ) -> Result<Share<K>, CountError> {
        // Numbered too, so that counts of one process (the tests') keep apart.
        static SHARES: AtomicU64 = AtomicU64::new(0);
        let folder = sweep.scratch.join(std::format!(
            "knightbits-{}-{}-worker-{index}-of-{peers}",
            std::process::id(),
            SHARES.fetch_add(1, Ordering::Relaxed)
        ));
        fs::create_dir_all(&folder).map_err(|e| CountError::io(&folder, &e))?;
        let mut sweep = sweep;
        sweep.scratch = folder.clone();
        sweep.threads = 1;
        let mut runs = Runs::new(sweep.board(), sweep.kind());
        if let Some(dir) = dir {
            runs.read(&dir.join(RESIDUES))?;
        }
        sweep.modulo(runs.next()?);
        let w = sweep.width();
        let last = cut.map_or(sweep.rounds(), |rows| (rows + 1) * w);
        let mut share = Share {
            last,
            cut: cut.map(|rows| rows * w),
            layer: Layer {
                round: 0,
                done: 0,
                states: 0,
                modulus: sweep.first_modulus(),
                store: Store::Memory(Vec::new()),
            },
            sweep,
            index,
            peers: peers.max(1),
            runs,
            ways: 0,
            folder,
            plan: None,
            saved: Vec::new(),
            resumed: false,
        };
        match dir {
            Some(dir) if share.resume(dir)? => share.resumed = true,
            _ => {
                share.begin();
                share.resumed = share.sweep.prime > 0;
            }
        }
        Ok(share)
    }

    /// Starts the run at the first layer: worker 0 holds it, the others start empty, at its
    /// round (past the last on 1 x 1).
    fn begin(&mut self) {
        let layer = match self.index {
            0 => self.sweep.first(),
            _ => self.empty(self.sweep.frontier.first().round()),
        };
        let old = std::mem::replace(&mut self.layer, layer);
        if let Store::File(path) = &old.store {
            self.forget_file(path);
        }
        self.plan = None;
        self.ways = self.records().iter().map(|r| u128::from(K::ways(r))).sum();
    }

    /// The worker (modulo the number of workers) that owns `key`: bits of its mixed hash that
    /// choose neither its shard nor its slot.
    pub fn route(key: K) -> u64 {
        (hash(key) >> 32) & 0xffff_ffff
    }

    /// The number of rounds: one per square (the split's: those of its top half, the rows
    /// above the cut and the first past it).
    pub fn rounds(&self) -> u32 {
        self.last
    }

    /// The split's (a share of a count by [`Method::Split`]): the round its layer at the
    /// middle cut comes before, the layer every process gathers whole; `None` for the sweep.
    pub fn cut(&self) -> Option<u32> {
        self.cut
    }

    /// The run of the sweep: 0 for the first, else the runs finished before it, whose ways
    /// were residues (it adds its ways modulo the next prime).
    pub fn run(&self) -> u32 {
        u32::from(self.sweep.prime)
    }

    /// Did the share start from a checkpoint (a layer, or the residues of runs finished)?
    pub fn resumed(&self) -> bool {
        self.resumed
    }

    /// The round the layer held comes before.
    pub fn round(&self) -> u32 {
        self.layer.round
    }

    /// This worker's states of the layer held.
    pub fn states(&self) -> u64 {
        self.layer.states
    }

    /// Their ways summed (0 for a layer resumed from a checkpoint).
    pub fn ways(&self) -> u128 {
        self.ways
    }

    /// The ways of the tours this worker closed so far, and whether they are a residue
    /// modulo the run's prime (else exact).
    pub fn done(&self) -> (u128, bool) {
        (self.layer.done, self.layer.modulus != 0)
    }

    /// Is this worker's part of the layer out of core (a file)?
    pub fn out_of_core(&self) -> bool {
        matches!(self.layer.store, Store::File(_))
    }

    /// Ends the run after its last round, from every worker's [`Share::done`]: the number of
    /// tours when this run's ways were exact or the residues of the runs so far join to it
    /// (by the Chinese remainder theorem, as one process joins them); else `None`, the
    /// residue kept (in the checkpoint folder `dir` too, when given) and the share back at
    /// the first layer, modulo the next prime ([`CountError::Overflow`] past the last). Every
    /// worker ends its run with the same figures and so the same outcome.
    pub fn end_run(
        &mut self,
        done: &[(u128, bool)],
        dir: Option<&Path>,
    ) -> Result<Option<Tours>, CountError> {
        let p = self.sweep.modulus;
        let (sum, modulus) = done.iter().fold((0u128, 0u8), |(sum, m), &(d, r)| {
            add_done(sum, (d, r), m, p)
        });
        let residue = match self.sweep.total(sum, modulus) {
            Ways::Exact(n) => return Ok(Some(Tours::from(n))),
            Ways::Residue(r) => r,
        };
        if let Some(n) = self.runs.push(residue) {
            return Ok(Some(n));
        }
        if let Some(dir) = dir {
            let tmp = std::format!("{RESIDUES}.tmp-{}", part_name(self.index, self.peers));
            self.runs.write(&dir.join(RESIDUES), &dir.join(tmp))?;
        }
        self.sweep.modulo(self.runs.next()?);
        self.begin();
        Ok(None)
    }

    /// Plans the round after the layer held, whose states summed over the workers are
    /// `states` (`sizes`: the sums after each round before, to foresee the next): this
    /// worker's part of the next layer is foreseen as the whole's share; when it would not fit
    /// the budget beside the old part, the old part goes out of core and is read once per
    /// pass. Returns the number of passes, the same on every worker.
    pub fn plan(&mut self, states: u64, sizes: &[u64]) -> Result<u32, CountError> {
        let peers = self.peers as u64;
        let predicted = self.sweep.predict(states, sizes) / peers + 64;
        let table_bytes = predicted.saturating_mul(table_bytes_of::<K>());
        let room = self.sweep.budget.saturating_sub(BUFFERS) / 3 * 2;
        let fits = (states / peers)
            .saturating_mul(K::RECORD_BYTES)
            .saturating_add(table_bytes)
            <= room;
        let passes = match fits {
            true => 1,
            false => table_bytes.div_ceil(room.max(1)).clamp(1, 4096) as u32,
        };
        let empty = self.empty(0);
        let mut old = std::mem::replace(&mut self.layer, empty);
        old = match (&old.store, fits) {
            (Store::Memory(_), false) => self.sweep.spill(old)?,
            (Store::File(path), true) => {
                let path = path.clone();
                let loaded = load(old)?;
                self.forget_file(&path);
                loaded
            }
            _ => old,
        };
        let parts = (predicted / SHARD_STATES)
            .max(u64::from(passes))
            .next_power_of_two()
            .clamp(FEWEST_PARTS as u64, MOST_PARTS as u64) as usize;
        let (source, old_file, sieve) = match old.store {
            Store::Memory(blocks) => (Source::memory(blocks), None, None),
            Store::File(path) => {
                self.sweep.room_on_disk(predicted, Some(&path))?;
                let sieve = Sieve::for_round(
                    &self.sweep.layer_path(old.round + 1),
                    path.parent().unwrap_or(&self.folder),
                    old.states,
                    predicted.saturating_mul(file_bytes_of::<K>()),
                    (parts, 0, passes as usize),
                )?;
                let mine = path.starts_with(&self.folder);
                (Source::file(path.clone())?, mine.then_some(path), sieve)
            }
        };
        let writer = match fits {
            true => None,
            false => {
                Some(LayerFile::create(self.sweep.layer_path(old.round + 1)).map_err(io_error)?)
            }
        };
        self.layer = Layer {
            store: Store::Memory(Vec::new()),
            ..old
        };
        self.plan = Some(Plan {
            passes,
            parts,
            per_shard: (predicted as usize / parts).max(16),
            source,
            old_file,
            sieve,
            writer,
            memory: Vec::new(),
            done: old.done,
            modulus: old.modulus,
            states: 0,
            ways: 0,
        });
        Ok(passes)
    }

    /// An empty layer before round `round`.
    fn empty(&self, round: u32) -> Layer<K> {
        Layer {
            round,
            done: 0,
            states: 0,
            modulus: self.sweep.first_modulus(),
            store: Store::Memory(Vec::new()),
        }
    }

    /// The range of shards that pass `pass` fills.
    fn range(plan: &Plan<K>, pass: u32) -> std::ops::Range<usize> {
        let (parts, passes) = (plan.parts, plan.passes as usize);
        parts * pass as usize / passes..parts * (pass as usize + 1) / passes
    }

    /// The empty shards of pass `pass` of the round planned.
    pub fn inbox(&self, pass: u32) -> Inbox<K> {
        let Some(plan) = &self.plan else {
            return Inbox {
                shards: Vec::new(),
                first: 0,
                bits: 0,
                batches: Vec::new(),
            };
        };
        let range = Share::range(plan, pass);
        let p = self.sweep.modulus;
        Inbox {
            shards: range
                .clone()
                .map(|_| Shard::with_capacity(plan.per_shard, p))
                .collect(),
            batches: range.clone().map(|_| Vec::with_capacity(BATCH)).collect(),
            first: range.start,
            bits: plan.parts.trailing_zeros(),
        }
    }

    /// Pass `pass` of the round planned: every key of this worker's part of the old layer
    /// expanded, each new key of the pass's shards given to `send` with its ways (for the
    /// worker [`Share::route`] names); the tours closed are counted in the first pass. Out of
    /// core in several passes, the later passes expand only the states with keys in them (the
    /// first notes which: `sieve.rs`). Returns the old states expanded.
    pub fn expand(&mut self, pass: u32, send: &mut dyn FnMut(K, u64)) -> Result<u64, CountError> {
        let round = self.layer.round;
        let Some(plan) = &mut self.plan else {
            return Ok(0);
        };
        let range = Share::range(plan, pass);
        let bits = plan.parts.trailing_zeros();
        let places: &Places<K> = &self.sweep.places;
        let p = u128::from(self.sweep.modulus);
        let (mut closed, mut reduced, mut expanded) = (0u128, false, 0u64);
        let mut sifting = Sifting::new(plan.sieve.as_ref().map(|s| s.sift(pass as usize)));
        plan.source.rewind()?;
        plan.source.each_numbered(|share, records: &[K::Record]| {
            sifting.begin(share, records.len())?;
            for (i, r) in records.iter().enumerate() {
                if !sifting.expands(i) {
                    continue;
                }
                expanded += 1;
                let (key, ways) = (K::key(r), K::ways(r));
                let mut mask = 0u64;
                let c = places.expand(round, key, &mut |k| {
                    let part = match bits {
                        0 => 0,
                        b => (hash(k) >> (64 - b)) as usize,
                    };
                    mask |= sifting.bit(part);
                    if range.contains(&part) {
                        send(k, ways);
                    }
                })?;
                sifting.note(i, mask);
                let add = u128::from(ways) * u128::from(c);
                closed = closed.checked_add(add).unwrap_or_else(|| {
                    reduced = true;
                    closed % p + add % p
                });
            }
            sifting.end(share)
        })?;
        if pass == 0 {
            (plan.done, plan.modulus) = add_done(
                plan.done,
                (closed, reduced),
                plan.modulus,
                self.sweep.modulus,
            );
        }
        Ok(expanded)
    }

    /// Takes the filled shards of a pass into the next layer: in memory, or (out of core)
    /// written to its file.
    pub fn take(&mut self, inbox: Inbox<K>) -> Result<(), CountError> {
        let Some(plan) = &mut self.plan else {
            return Ok(());
        };
        let mut shards = inbox.filled();
        if shards.iter().any(|s| s.reduced) && plan.modulus == 0 {
            (plan.done, plan.modulus) = (plan.done % u128::from(self.sweep.modulus), 1);
        }
        match &mut plan.writer {
            Some(w) => {
                let pieces: Vec<&mut [K::Record]> =
                    shards.iter_mut().map(Shard::compacted).collect();
                for r in pieces.iter().flat_map(|p| p.iter()) {
                    plan.states += 1;
                    plan.ways += u128::from(K::ways(r));
                }
                w.write::<K>(pieces, 1).map_err(io_error)?;
            }
            None => {
                let blocks = compact(shards, 1);
                for r in blocks.iter().flat_map(Block::get) {
                    plan.states += 1;
                    plan.ways += u128::from(K::ways(r));
                }
                plan.memory.extend(blocks);
            }
        }
        Ok(())
    }

    /// Ends the round planned: the next layer becomes the one held.
    pub fn finish(&mut self) -> Result<(), CountError> {
        let Some(plan) = self.plan.take() else {
            return Ok(());
        };
        let round = self.layer.round + 1;
        drop(plan.source);
        if let Some(path) = &plan.old_file {
            let _ = fs::remove_file(path);
        }
        let store = match plan.writer {
            Some(w) => {
                let path = self.sweep.layer_path(round);
                w.finish(
                    &self.header(round, plan.done, plan.states, plan.modulus),
                    &path,
                )
                .map_err(io_error)?;
                Store::File(path)
            }
            None => Store::Memory(plan.memory),
        };
        self.layer = Layer {
            round,
            done: plan.done,
            states: plan.states,
            modulus: plan.modulus,
            store,
        };
        self.ways = plan.ways;
        Ok(())
    }

    /// The header of this worker's part of the layer before `round`.
    fn header(&self, round: u32, done: u128, states: u64, modulus: u8) -> Header {
        Header {
            part: self.index as u32,
            parts: self.peers as u32,
            modulus,
            ..self.sweep.header(round, done, states)
        }
    }

    /// The records of the layer held in memory.
    fn records(&self) -> Vec<K::Record> {
        match &self.layer.store {
            Store::Memory(blocks) => blocks
                .iter()
                .flat_map(|b| b.get().iter().copied())
                .collect(),
            Store::File(_) => Vec::new(),
        }
    }

    /// Writes this worker's part of the layer held to the checkpoint folder `dir` (a file
    /// `layer-RRR/part-I-of-N`, through `.tmp`, renamed when whole; out of core, a link to its
    /// layer file), with the ways of the tours it closed so far. Its parts of older layers go
    /// once the next layer is known to be complete: see [`Share::prune`].
    pub fn save(&mut self, dir: &Path) -> Result<(), CountError> {
        let here = round_dir(dir, self.layer.round);
        fs::create_dir_all(&here).map_err(|e| CountError::io(&here, &e))?;
        let path = here.join(part_name(self.index, self.peers));
        let header = self.header(
            self.layer.round,
            self.layer.done,
            self.layer.states,
            self.layer.modulus,
        );
        let located = |e: std::io::Error| CountError::io(&path, &e);
        match &mut self.layer.store {
            Store::Memory(blocks) => {
                let mut w = LayerFile::create(path.clone()).map_err(io_error)?;
                w.write::<K>(blocks.iter_mut().map(Block::get_mut).collect(), 1)
                    .map_err(io_error)?;
                w.finish(&header, &path).map_err(io_error)?;
            }
            // A layer resumed from this very file: saved already.
            Store::File(file) if *file == path => {}
            // A link to the layer's file, renamed into place (or a copy, on another disk).
            Store::File(file) => {
                let tmp = crate::checkpoint::unfinished(&path);
                let _ = fs::remove_file(&tmp);
                if fs::hard_link(&*file, &tmp).is_err() {
                    fs::copy(&*file, &tmp).map_err(located)?;
                }
                fs::rename(&tmp, &path).map_err(located)?;
            }
        }
        self.saved.push((self.layer.round, path));
        Ok(())
    }

    /// Removes this worker's checkpoint files of the layers before round `round` (the newest
    /// layer every worker is known to have saved, kept), and their folders once empty; but the
    /// split's layer at the cut ([`Share::cut`]), kept until the count ends.
    pub fn prune(&mut self, dir: &Path, round: u32) {
        let cut = self.cut;
        self.saved.retain(|(r, path)| {
            if *r >= round || Some(*r) == cut {
                return true;
            }
            let _ = fs::remove_file(path);
            let _ = fs::remove_dir(round_dir(dir, *r));
            false
        });
    }

    /// Removes this worker's checkpoint files (the count is over): its parts of every layer
    /// in `dir`, those of other runs and their unfinished `.tmp` files too (every part whose
    /// worker's number modulo this run's workers is this worker's), the residues of the runs
    /// finished, the folders once empty.
    pub fn forget(&mut self, dir: &Path) {
        self.prune(dir, u32::MAX);
        self.remove_parts(dir, |_| true);
        let _ = fs::remove_file(dir.join(RESIDUES));
        let _ = fs::remove_dir(dir);
    }

    /// Removes this worker's parts of the layers of the runs before this one from the
    /// checkpoint folder `dir` (and their folders once empty). Called once every worker has
    /// begun the run (has exchanged its first figures), so that each has kept the residues
    /// of those runs: a kill before leaves the parts to resume from, and a kill after the
    /// residues, from which the run begins again.
    pub fn settle(&mut self, dir: &Path) {
        let run = self.sweep.prime;
        self.saved.retain(
            |(_, path)| !matches!(Header::open(path), Ok(Some((h, _))) if run_of(h.modulus) < run),
        );
        self.remove_parts(
            dir,
            |path| matches!(Header::open(path), Ok(Some((h, _))) if run_of(h.modulus) < run),
        );
    }

    /// Removes from `dir` every part file of this worker (every part whose worker's number
    /// modulo this run's workers is this worker's, unfinished `.tmp` files too) that `old`
    /// says is to go, and the layers' folders once empty.
    fn remove_parts(&self, dir: &Path, old: impl Fn(&Path) -> bool) {
        let mine = |name: &str| {
            let name = name.strip_suffix(".tmp").unwrap_or(name);
            let (w, n) = name.strip_prefix("part-")?.split_once("-of-")?;
            let (w, _): (usize, usize) = (w.parse().ok()?, n.parse().ok()?);
            Some(w % self.peers == self.index)
        };
        for layer in fs::read_dir(dir).into_iter().flatten().flatten() {
            for part in fs::read_dir(layer.path()).into_iter().flatten().flatten() {
                let path = part.path();
                if let Some(true) = part.file_name().to_str().and_then(mine)
                    && old(&path)
                {
                    let _ = fs::remove_file(path);
                }
            }
            let _ = fs::remove_dir(layer.path());
        }
    }

    /// Takes the newest layer complete in the checkpoint folder `dir`: this worker's part when
    /// it was written by as many workers, else the keys it owns of every part (and worker 0
    /// the ways of every part's closed tours). False when there is none; the part files
    /// taken are removed with this worker's own once a newer layer is complete.
    fn resume(&mut self, dir: &Path) -> Result<bool, CountError> {
        let Some((round, n, parts)) = newest_parts(dir) else {
            return Ok(false);
        };
        let mine = self.sweep.header(round, 0, 0);
        let mut layer = self.empty(round);
        let mut records: Vec<K::Record> = Vec::new();
        for (w, path) in parts {
            let Some((h, _)) = Header::open(&path)? else {
                return Err(CountError::Checkpoint);
            };
            if !h.same_count(&mine) || h.round != round {
                return Err(CountError::Checkpoint);
            }
            // A layer of a run finished (its residue kept): this run begins at the first.
            if run_of(h.modulus) < self.sweep.prime {
                self.saved.clear();
                return Ok(false);
            }
            if !self.sweep.takes(h.modulus) {
                return Err(CountError::Checkpoint);
            }
            if n == self.peers {
                if w == self.index {
                    layer = Layer {
                        round,
                        done: h.done,
                        states: h.records,
                        modulus: h.modulus,
                        store: Store::File(path.clone()),
                    };
                    self.saved.push((round, path));
                }
                continue;
            }
            if self.index == 0 {
                (layer.done, layer.modulus) = add_done(
                    layer.done,
                    (h.done, h.modulus != 0),
                    layer.modulus,
                    self.sweep.modulus,
                );
            }
            layer.modulus = layer.modulus.max(h.modulus);
            let (index, peers) = (self.index as u64, self.peers as u64);
            super::file::read_records::<K>(&path, &mut |r: K::Record| {
                if Share::route(K::key(&r)) % peers == index {
                    records.push(r);
                }
            })
            .map_err(io_error)?;
            if w % self.peers == self.index {
                self.saved.push((round, path));
            }
        }
        if n != self.peers {
            layer.states = records.len() as u64;
            layer.store = Store::Memory(std::vec![Block::of(&records)]);
        }
        self.layer = layer;
        Ok(true)
    }

    /// Removes a file of the layer held when it is in this worker's folder (not a checkpoint).
    fn forget_file(&self, path: &Path) {
        if path.starts_with(&self.folder) {
            let _ = fs::remove_file(path);
        }
    }
}

impl Share<u64> {
    /// The split's: hands `send` this worker's states of the layer at the cut and their ways:
    /// the layer held when it is that one, else (a share resumed past the cut) this worker's
    /// parts of it in the checkpoint folder `dir` (every part whose worker's number modulo
    /// the workers is this one's, when another number of workers wrote them).
    /// [`CountError::NotByMethod`] for the sweep.
    pub fn cut_records(
        &self,
        dir: Option<&Path>,
        send: &mut dyn FnMut(u64, u64),
    ) -> Result<(), CountError> {
        let Some(cut) = self.cut else {
            return Err(CountError::NotByMethod {
                method: Method::Sweep,
                kind: self.sweep.kind(),
            });
        };
        if self.layer.round == cut {
            match &self.layer.store {
                Store::Memory(blocks) => {
                    for r in blocks.iter().flat_map(Block::get) {
                        send(r[0], r[1]);
                    }
                }
                Store::File(path) => Source::<u64>::file(path.clone())?.each(|records| {
                    records.iter().for_each(|r| send(r[0], r[1]));
                    Ok(())
                })?,
            }
            return Ok(());
        }
        let Some((_, n, parts)) = dir.and_then(|dir| parts_of(dir, cut)) else {
            let missing = std::io::Error::from(std::io::ErrorKind::NotFound);
            let here = dir.map_or_else(PathBuf::new, |dir| round_dir(dir, cut));
            return Err(CountError::io(&here, &missing));
        };
        for (w, path) in parts {
            let mine = match n == self.peers {
                true => w == self.index,
                false => w % self.peers == self.index,
            };
            if mine {
                super::file::read_records::<u64>(&path, &mut |r| send(r[0], r[1]))
                    .map_err(io_error)?;
            }
        }
        Ok(())
    }

    /// The split's: an empty gathering of the layer at the cut, for the first worker of a
    /// process to fill with every worker's [`Share::cut_records`] (in a file of this worker's
    /// folder).
    pub fn gather(&self) -> Result<Gathering, CountError> {
        let round = self.cut.unwrap_or(0);
        Gathering::new(
            self.folder.join("cut.layer"),
            self.sweep.header(round, 0, 0),
            self.sweep.width(),
            self.sweep.places.top(),
        )
    }

    /// The split's join, after the last round: the tours (directed) of this worker's part of
    /// the top half's last layer (the layer held, handed over) joined with its process's
    /// bottom half `half`, in passes enough for a pass's sums to fit this worker's budget
    /// beside its share of the half (the process's `workers` share it);
    /// [`CountError::Stopped`] within about a second of `stop` being set. The workers' joins
    /// add up to the count.
    pub fn join(
        &mut self,
        half: &BottomHalf,
        workers: usize,
        stop: &AtomicBool,
    ) -> Result<u128, CountError> {
        let empty = self.empty(self.layer.round);
        let layer = std::mem::replace(&mut self.layer, empty);
        half.join(layer, self.sweep.budget, workers, stop)
    }
}

impl<K: Word> Drop for Share<K> {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.folder);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Count, Method};
    use knightbits_board::Board;

    /// Runs `job` as `peers` shares in turn, keys moved between them here as a driver moves
    /// them, run after run modulo the primes; stops before round `stop.1` of run `stop.0`
    /// when given (every layer saved to the checkpoint). Returns the tours (`None` when
    /// stopped) and the most passes of a round.
    fn across<K: Word>(
        job: &Count,
        peers: usize,
        stop: Option<(u32, u32)>,
    ) -> (Option<Tours>, u32) {
        let mut shares: Vec<Share<K>> = (0..peers)
            .map(|i| job.share(i, peers, 1).unwrap())
            .collect();
        let dir = job.checkpoint_path();
        let mut most = 0;
        loop {
            let (start, rounds, run) = (shares[0].round(), shares[0].rounds(), shares[0].run());
            assert!(shares.iter().all(|s| (s.round(), s.run()) == (start, run)));
            let mut sizes = Vec::new();
            for round in start..rounds {
                let states: u64 = shares.iter().map(Share::states).sum();
                if round > start {
                    sizes.push(states);
                }
                if let Some(dir) = dir {
                    for s in &mut shares {
                        if round == start {
                            s.settle(dir);
                        }
                        s.save(dir).unwrap();
                    }
                    for s in &mut shares {
                        s.prune(dir, round);
                    }
                }
                if stop == Some((run, round)) {
                    return (None, most);
                }
                most = most.max(step(&mut shares, states, &sizes));
            }
            let done: Vec<(u128, bool)> = shares.iter().map(Share::done).collect();
            let ended: Vec<Option<Tours>> = shares
                .iter_mut()
                .map(|s| s.end_run(&done, dir).unwrap())
                .collect();
            assert!(ended.iter().all(|e| *e == ended[0]));
            if let Some(n) = ended[0].clone() {
                if let Some(dir) = dir {
                    for s in &mut shares {
                        s.forget(dir);
                    }
                }
                return (Some(n), most);
            }
        }
    }

    /// One round of `shares`, keys moved between them here as a driver moves them, from a
    /// layer of `states` states in all (`sizes` those before it); its passes. A round of
    /// several passes (out of core) expands every old state in its first pass and, in all,
    /// fewer than its passes times the layer: the later passes expand only the states with
    /// keys in them.
    fn step<K: Word>(shares: &mut [Share<K>], states: u64, sizes: &[u64]) -> u32 {
        let peers = shares.len();
        let passes: Vec<u32> = shares
            .iter_mut()
            .map(|s| s.plan(states, sizes).unwrap())
            .collect();
        assert!(passes.iter().all(|&p| p == passes[0]));
        let mut expanded = 0;
        for pass in 0..passes[0] {
            let mut inboxes: Vec<Inbox<K>> = shares.iter().map(|s| s.inbox(pass)).collect();
            for s in shares.iter_mut() {
                let mut out: Vec<Vec<(K, u64)>> = vec![Vec::new(); peers];
                expanded += s
                    .expand(pass, &mut |k, w| {
                        out[(Share::<K>::route(k) % peers as u64) as usize].push((k, w))
                    })
                    .unwrap();
                for (inbox, keys) in inboxes.iter_mut().zip(&out) {
                    inbox.add(keys);
                }
            }
            for (s, inbox) in shares.iter_mut().zip(inboxes) {
                s.take(inbox).unwrap();
            }
        }
        match u64::from(passes[0]) {
            1 => assert_eq!(expanded, states),
            p => assert!(
                states <= expanded && expanded < p * states,
                "{expanded} states expanded in {p} passes over {states}"
            ),
        }
        for s in shares.iter_mut() {
            s.finish().unwrap();
        }
        passes[0]
    }

    /// Runs `job` (by the split) as `peers` shares in turn as [`across`] runs the sweep's, in
    /// processes of `threads` shares each: each process gathers the layer at the cut from
    /// every share and makes its bottom half, with which each of its shares joins its part of
    /// the top half's last layer. Returns the joins' sum, the most passes of a round and
    /// whether a share's layer went out of core.
    fn split_across(job: &Count, peers: usize, threads: usize) -> (u128, u32, bool) {
        let mut shares: Vec<Share> = (0..peers)
            .map(|i| job.share(i, peers, threads).unwrap())
            .collect();
        let cut = shares[0].cut().unwrap();
        let rounds = shares[0].rounds();
        let mut gathered: Vec<Gathering> = (0..peers / threads)
            .map(|p| shares[p * threads].gather().unwrap())
            .collect();
        let (mut most, mut disk) = (0, false);
        let mut sizes = Vec::new();
        for round in 0..rounds {
            let states: u64 = shares.iter().map(Share::states).sum();
            if round > 0 {
                sizes.push(states);
            }
            disk |= shares.iter().any(Share::out_of_core);
            if round == cut {
                for s in &shares {
                    s.cut_records(None, &mut |k, w| {
                        gathered.iter_mut().for_each(|g| g.add(k, w).unwrap())
                    })
                    .unwrap();
                }
            }
            most = most.max(step(&mut shares, states, &sizes));
        }
        let halves: Vec<BottomHalf> = gathered
            .into_iter()
            .map(|g| g.bottom(threads).unwrap())
            .collect();
        let stop = AtomicBool::new(false);
        let total = shares
            .iter_mut()
            .enumerate()
            .map(|(i, s)| s.join(&halves[i / threads], threads, &stop).unwrap())
            .sum();
        (total, most, disk)
    }

    /// Proves shares count open tours by the split as OEIS says, 1 to 4 of them in processes
    /// of 1 or 2, in memory and (6 x 6) out of core (under 1.75 MiB a share: layers
    /// in files, rounds and the join in several passes): 5 x 6 37,568 (A083386), 6 x 6
    /// 6,637,920 (A165134), 8 x 4 62,176 (A079137, as 4 x 8), each swept across its first
    /// side.
    #[test]
    fn split_shares_count_what_oeis_says() {
        let scratch = folder("split-scratch");
        let split = |w, h| {
            Count::open(board(w, h), None)
                .unwrap()
                .by(Method::Split)
                .unwrap()
                .across(w)
                .unwrap()
        };
        for (w, h, tours) in [(5, 6, 37_568), (6, 6, 6_637_920), (8, 4, 62_176)] {
            for (peers, threads) in [(1, 1), (2, 1), (2, 2), (4, 2)] {
                let (got, _, _) = split_across(&split(w, h), peers, threads);
                assert_eq!(got, tours, "{w}x{h}, {peers} shares of {threads}");
            }
            // 8 x 4 takes 101 passes a round within this budget (47 s): 6 x 6 alone.
            if (w, h) != (6, 6) {
                continue;
            }
            let small = split(w, h).with_budget(SMALL * 2).with_scratch(&scratch);
            let (got, passes, disk) = split_across(&small, 2, 2);
            assert_eq!(got, tours, "{w}x{h} out of core");
            assert!(disk && passes > 1, "{w}x{h}: {passes} passes");
        }
        assert_eq!(fs::read_dir(&scratch).unwrap().count(), 0);
        let _ = fs::remove_dir_all(&scratch);
    }

    /// `n` tours, as [`across`] returns them.
    fn n(n: u128) -> Option<Tours> {
        Some(Tours::from(n))
    }

    /// The files and folders under `dir`.
    fn walk(dir: &Path) -> Vec<PathBuf> {
        let mut all = Vec::new();
        for e in fs::read_dir(dir).into_iter().flatten().flatten() {
            all.push(e.path());
            all.extend(walk(&e.path()));
        }
        all
    }

    fn board(w: u32, h: u32) -> Board {
        Board::new(w, h).unwrap()
    }

    fn folder(name: &str) -> PathBuf {
        crate::tests::fresh_folder("share", name)
    }

    /// Proves shares of 1, 2 and 3 workers count what OEIS says: 6 x 6 closed tours 9,862
    /// (A001230), 5 x 6 open 37,568 (A083386, directed), 3 x 8 open 792 (A118067), 5 x 5
    /// closed none (an odd number of squares), 1 x 1 open one.
    #[test]
    fn shares_count_what_oeis_says() {
        let closed = |w, h| {
            Count::closed(board(w, h))
                .unwrap()
                .by(Method::Sweep)
                .unwrap()
        };
        let open = |w, h| {
            Count::open(board(w, h), None)
                .unwrap()
                .by(Method::Sweep)
                .unwrap()
        };
        for peers in [1, 2, 3] {
            assert_eq!(
                across::<u64>(&closed(6, 6), peers, None).0,
                n(9862),
                "{peers}"
            );
            assert_eq!(
                across::<u64>(&open(5, 6), peers, None).0,
                n(37_568),
                "{peers}"
            );
            assert_eq!(across::<u64>(&open(3, 8), peers, None).0, n(792), "{peers}");
            assert_eq!(across::<u64>(&closed(5, 5), peers, None).0, n(0), "{peers}");
            assert_eq!(across::<u64>(&open(1, 1), peers, None).0, n(1), "{peers}");
        }
    }

    /// A budget a quarter of a MiB past the buffers of a round: 5 x 8's layers go out of core.
    const SMALL: u64 = BUFFERS + (256 << 10);

    /// Proves shares out of core under a budget of 1.75 MiB each (several passes a round, layers
    /// in files of each worker's folder) count 5 x 8 closed tours 44,202 (A175881) and 4 x 8
    /// open 62,176 (A079137), and leave no file in the scratch folder.
    #[test]
    fn shares_out_of_core_count_the_same() {
        let scratch = folder("scratch");
        for peers in [1, 2] {
            let job = Count::closed(board(5, 8))
                .unwrap()
                .with_budget(SMALL)
                .with_scratch(&scratch);
            let (tours, passes) = across::<u64>(&job, peers, None);
            assert_eq!(tours, n(44_202), "{peers}");
            assert!(passes > 1, "{peers} workers: {passes} passes");
            let job = Count::open(board(4, 8), None)
                .unwrap()
                .by(Method::Sweep)
                .unwrap()
                .with_budget(SMALL)
                .with_scratch(&scratch);
            assert_eq!(across::<u64>(&job, peers, None).0, n(62_176), "{peers}");
        }
        assert_eq!(fs::read_dir(&scratch).unwrap().count(), 0);
        let _ = fs::remove_dir_all(&scratch);
    }

    /// Proves a count stopped at round 20 with its layers saved resumes from the checkpoint to
    /// the same total, by as many workers or by another number (out of core too), and that
    /// the checkpoint is gone at the end.
    #[test]
    fn shares_resume_from_their_checkpoint() {
        let scratch = folder("resume-scratch");
        for (before, after, budget) in [(2, 2, u64::MAX), (2, 3, u64::MAX), (3, 1, SMALL)] {
            let dir = folder("resume");
            let job = Count::closed(board(5, 8))
                .unwrap()
                .with_budget(budget)
                .with_scratch(&scratch)
                .with_checkpoint(&dir, std::time::Duration::ZERO);
            assert_eq!(across::<u64>(&job, before, Some((0, 20))).0, None);
            let complete = newest_parts(&dir).map(|(round, n, _)| (round, n));
            assert_eq!(complete, Some((20, before)));
            let resumed: Vec<Share> = (0..after)
                .map(|i| job.share(i, after, 1).unwrap())
                .collect();
            assert!(resumed.iter().all(|s| s.round() == 20));
            drop(resumed);
            assert_eq!(
                across::<u64>(&job, after, None).0,
                n(44_202),
                "{before} then {after}"
            );
            let left: Vec<_> = walk(&dir);
            assert!(!dir.exists(), "{before} then {after}: {left:?}");
        }
        let _ = fs::remove_dir_all(&scratch);
    }

    /// Proves a count past 64 bits runs across shares modulo the primes one process runs it
    /// modulo, and a stop in its second run resumes there: 5 x 20 closed
    /// (53,034,853,662,012,222,798 tours, 66 bits, as one process counts it) by 2 shares,
    /// then by 2 stopped at round 40 of run 1 (the residue of run 0 kept beside the layer's
    /// parts) and resumed by 3 in that run, at that round; the checkpoint is gone at the end.
    #[test]
    fn shares_count_past_64_bits_and_resume_in_the_run_they_stopped_in() {
        let whole = Count::closed(board(5, 20))
            .unwrap()
            .run(&mut |_| core::ops::ControlFlow::Continue(()))
            .unwrap();
        assert_eq!(whole.to_string(), "53034853662012222798");
        let job = Count::closed(board(5, 20)).unwrap();
        assert_eq!(across::<u64>(&job, 2, None).0, Some(whole.clone()));
        let dir = folder("runs");
        let job = job.with_checkpoint(&dir, std::time::Duration::ZERO);
        assert_eq!(across::<u64>(&job, 2, Some((1, 40))).0, None);
        let kept = fs::read_to_string(dir.join(RESIDUES)).unwrap();
        assert_eq!(kept.lines().count(), 1, "{kept}");
        assert_eq!(newest_parts(&dir).map(|(r, n, _)| (r, n)), Some((40, 2)));
        let resumed: Vec<Share> = (0..3).map(|i| job.share(i, 3, 1).unwrap()).collect();
        assert!(resumed.iter().all(|s| (s.run(), s.round()) == (1, 40)));
        drop(resumed);
        assert_eq!(across::<u64>(&job, 3, None).0, Some(whole));
        assert!(!dir.exists(), "{:?}", walk(&dir));
    }

    /// Proves shares in 128-bit keys count boards swept 9 to 12 across as OEIS says, in
    /// memory and (11 x 3 open, under 1.75 MiB a worker) out of core: 10 x 3 and 12 x 3 closed
    /// 16 and 176 (A070030), 9 x 3 and 11 x 3 open 1,120 and 21,344 (A118067); 64-bit keys
    /// refuse them.
    #[test]
    fn wide_shares_count_what_oeis_says() {
        let scratch = folder("wide-scratch");
        let closed = |w, h| Count::closed(board(w, h)).unwrap().across(w).unwrap();
        let open = |w, h| {
            Count::open(board(w, h), None)
                .unwrap()
                .by(Method::Sweep)
                .unwrap()
                .across(w)
                .unwrap()
        };
        assert!(closed(10, 3).wide_keys() && !Count::closed(board(10, 3)).unwrap().wide_keys());
        for peers in [1, 2] {
            assert_eq!(across::<u128>(&closed(10, 3), peers, None).0, n(16));
            assert_eq!(across::<u128>(&closed(12, 3), peers, None).0, n(176));
            assert_eq!(across::<u128>(&open(9, 3), peers, None).0, n(1120));
            assert_eq!(across::<u128>(&open(11, 3), peers, None).0, n(21_344));
            let small = open(11, 3).with_budget(SMALL).with_scratch(&scratch);
            let (tours, passes) = across::<u128>(&small, peers, None);
            assert_eq!(tours, n(21_344), "{peers}");
            assert!(passes > 1, "{peers} workers: {passes} passes");
        }
        assert!(matches!(
            closed(10, 3).share::<u64>(0, 2, 1),
            Err(CountError::TooWide { limit: 8 })
        ));
        assert_eq!(fs::read_dir(&scratch).unwrap().count(), 0);
        let _ = fs::remove_dir_all(&scratch);
    }
}
