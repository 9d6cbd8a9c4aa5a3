//! Undirected closed tours (and undirected paths) by a frontier (transfer-matrix) dynamic
//! programme, one round per square.
//!
//! The board is laid with its shorter side `w` across and swept square by square, rank by rank.
//! A knight edge spans at most two ranks, so when square `i` is placed its earlier neighbours
//! are all among the `2w + 1` squares before it: the frontier. A state records, for each
//! frontier square, how many tour edges it has so far: none, two (finished), or one, in which
//! case it is an end of a path of chosen edges and the state says which other frontier square is
//! that path's other end (ends carry the same label, labels numbered in order of appearance).
//! Placing a square chooses zero, one or two edges back to unfinished frontier squares, joining
//! paths; a square leaving the frontier must be finished. Joining the two ends of one path closes
//! a cycle, which counts only on the last square with every square finished. Each undirected
//! cycle is one set of edges, so it is counted once.
//!
//! A state is a `u128`: four bits a frontier square (17 squares on a board 8 wide), two bits at
//! [`ENDS`] for the tour ends already placed when counting paths, and a marker bit.

use super::table::Table;
use super::workers;
use super::{CountError, Progress};
use crate::board::{Board, Coord};
use core::fmt;
use std::io::{self, Read, Write};
use std::sync::mpsc;
use std::vec::Vec;

/// The widest shorter side: a frontier of `2w + 1` squares at four bits each below [`ENDS`].
pub(crate) const MAX_WIDTH: u32 = 12;

/// A frontier square with no edge yet.
const EMPTY: u8 = 0;
/// A frontier square with both its edges.
const DONE: u8 = 15;
/// A label no normalised state uses (they use at most 12).
const FRESH: u8 = 14;
/// Counting paths: an end of a partial path whose other end is already an end of the tour.
const SINGLE: u8 = 13;
/// Counting paths: where a state keeps how many ends of the tour have left the frontier.
const ENDS: u32 = 120;
/// A layer's kind byte when counting the open tours from one square (the square follows).
const PINNED: u8 = 2;
/// A marker bit on states, so that no state is 0 (a free table slot).
const MARK: u128 = 1 << 127;

/// Which tours a frontier programme counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Closed tours, each undirected cycle once.
    Closed,
    /// Open tours, each in both directions (the programme counts undirected paths).
    Open,
}

impl Kind {
    /// `closed` or `open`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Closed => "closed",
            Kind::Open => "open",
        }
    }
}

/// The frontier programme for one board and kind of tour: [`Frontier::rounds`] rounds, one per
/// square, each taking a [`Layer`] of states to the next.
///
/// ```
/// use knightbits_board::Board;
/// use knightbits_board::count::{Frontier, Kind};
/// let f = Frontier::new(Board::new(6, 6).unwrap(), Kind::Closed).unwrap();
/// let mut layer = f.first();
/// while layer.round() < f.rounds() {
///     layer = f.step(layer, 2).unwrap();
/// }
/// assert_eq!(f.total(&layer), Ok(9862)); // OEIS A001230
/// ```
#[derive(Clone, Debug)]
pub struct Frontier {
    board: Board,
    kind: Kind,
    /// Counting the open tours from one square: its index in the sweep.
    start: Option<u32>,
    steps: Vec<Step>,
    /// Squares in the frontier window.
    cells: u32,
}

/// The states before one round of a [`Frontier`], each with its number of ways, and the ways of
/// the tours finished in earlier rounds.
pub struct Layer {
    round: u32,
    done: u128,
    parts: Vec<Part>,
}

/// A share of a layer's states: those that fit in 64 bits (every state of a board up to 7
/// wide) under `u64` keys, the others under `u128` keys; in tables while states are added, in
/// packed lists once the share is complete (a quarter of the memory, read in order), where the
/// few states with more than `u64::MAX` ways have a list of their own.
struct Part {
    narrow: Table<u64>,
    wide: Table<u128>,
    packed: Vec<(u64, u64)>,
    packed_wide: Vec<(u64, u64, u64)>,
    packed_big: Vec<(u128, u128)>,
}

/// New states on their way to the worker whose part holds them, with their ways.
type Batch = Vec<(u128, u128)>;
type Inbox = mpsc::Receiver<Batch>;
type Outbox = mpsc::Sender<Batch>;

/// States a batch holds before it is sent, and old states expanded between two looks at the
/// inbox.
const BATCH: usize = 1024;

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
    fn with_capacity(n: usize) -> Part {
        Part {
            narrow: Table::with_capacity(n),
            wide: Table::with_capacity(0),
            packed: Vec::new(),
            packed_wide: Vec::new(),
            packed_big: Vec::new(),
        }
    }

    #[inline]
    fn add(&mut self, state: u128, ways: u128) {
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
    fn add_all(&mut self, batch: Batch) {
        for (state, ways) in batch {
            self.add(state, ways);
        }
    }

    /// Moves the states from the tables to the packed lists.
    fn pack(&mut self) {
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

    fn len(&self) -> usize {
        self.narrow.len
            + self.wide.len
            + self.packed.len()
            + self.packed_wide.len()
            + self.packed_big.len()
    }

    fn bytes(&self) -> usize {
        self.narrow.bytes()
            + self.wide.bytes()
            + self.packed.capacity() * size_of::<(u64, u64)>()
            + self.packed_wide.capacity() * size_of::<(u64, u64, u64)>()
            + self.packed_big.capacity() * size_of::<(u128, u128)>()
    }

    fn overflowed(&self) -> bool {
        self.narrow.overflowed || self.wide.overflowed
    }

    /// Worker `t`'s share of the states among `threads`: a slice of each packed list, and every
    /// `threads`-th state of the tables, counted by `index` across parts.
    fn share<'a>(
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
    pub fn new(round: u32, done: u128) -> Layer {
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
    pub fn add_done(&mut self, ways: u128) -> Result<(), CountError> {
        self.done = self
            .done
            .checked_add(ways)
            .ok_or(CountError::Overflow { bits: 128 })?;
        Ok(())
    }

    /// Adds `ways` to `state`.
    pub fn add(&mut self, state: u128, ways: u128) -> Result<(), CountError> {
        let n = self.parts.len() as u64;
        let part = match self.parts.get_mut((Frontier::route(state) % n) as usize) {
            Some(p) => p,
            None => return Err(CountError::Overflow { bits: 128 }),
        };
        part.add(state, ways);
        if part.overflowed() {
            return Err(CountError::Overflow { bits: 128 });
        }
        Ok(())
    }

    /// Stores the states compactly for reading (in lists, a quarter of the tables' memory);
    /// [`Frontier::step`] returns packed layers. Adding a state afterwards unpacks the layer.
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
    pub fn bytes(&self) -> usize {
        self.parts.iter().map(Part::bytes).sum()
    }

    /// The states with their ways, in no order.
    pub fn states(&self) -> impl Iterator<Item = (u128, u128)> + '_ {
        self.parts.iter().flat_map(Part::entries)
    }

    /// Writes the layer for `frontier` (a checkpoint): a header naming the board, kind, round
    /// and finished ways, then the states, little-endian.
    pub fn write_to(&self, frontier: &Frontier, mut out: impl Write) -> io::Result<()> {
        out.write_all(MAGIC)?;
        out.write_all(&frontier.board.width().to_le_bytes())?;
        out.write_all(&frontier.board.height().to_le_bytes())?;
        out.write_all(&[frontier.code()])?;
        if let Some(s) = frontier.start {
            out.write_all(&s.to_le_bytes())?;
        }
        out.write_all(&self.round.to_le_bytes())?;
        out.write_all(&self.done.to_le_bytes())?;
        out.write_all(&(self.len() as u64).to_le_bytes())?;
        for (s, w) in self.states() {
            out.write_all(&s.to_le_bytes())?;
            out.write_all(&w.to_le_bytes())?;
        }
        out.flush()
    }

    /// Reads a layer written by [`Layer::write_to`] for the same board and kind of tour.
    pub fn read_from(frontier: &Frontier, mut input: impl Read) -> Result<Layer, LayerError> {
        let mut magic = [0u8; 8];
        input.read_exact(&mut magic).map_err(LayerError::io)?;
        if &magic != MAGIC {
            return Err(LayerError::NotALayer);
        }
        let (w, h) = (read_u32(&mut input)?, read_u32(&mut input)?);
        let mut kind = [0u8];
        input.read_exact(&mut kind).map_err(LayerError::io)?;
        let start = if kind[0] == PINNED {
            Some(read_u32(&mut input)?)
        } else {
            None
        };
        if w != frontier.board.width()
            || h != frontier.board.height()
            || kind[0] != frontier.code()
            || start != frontier.start
        {
            return Err(LayerError::OtherCount);
        }
        let round = read_u32(&mut input)?;
        if round > frontier.rounds() {
            return Err(LayerError::NotALayer);
        }
        let mut b16 = [0u8; 16];
        input.read_exact(&mut b16).map_err(LayerError::io)?;
        let done = u128::from_le_bytes(b16);
        let mut b8 = [0u8; 8];
        input.read_exact(&mut b8).map_err(LayerError::io)?;
        let n = u64::from_le_bytes(b8);
        let mut layer = Layer::new(round, done);
        let mut ways = [0u8; 16];
        for _ in 0..n {
            input.read_exact(&mut b16).map_err(LayerError::io)?;
            input.read_exact(&mut ways).map_err(LayerError::io)?;
            let s = u128::from_le_bytes(b16);
            if s & MARK != 0 {
                return Err(LayerError::NotALayer);
            }
            layer
                .add(s, u128::from_le_bytes(ways))
                .map_err(|_| LayerError::NotALayer)?;
        }
        if input.read(&mut b8).map_err(LayerError::io)? != 0 {
            return Err(LayerError::NotALayer);
        }
        layer.pack();
        Ok(layer)
    }
}

/// The first bytes of a layer file.
const MAGIC: &[u8; 8] = b"KBFRNT02";

fn read_u32(input: &mut impl Read) -> Result<u32, LayerError> {
    let mut b = [0u8; 4];
    input.read_exact(&mut b).map_err(LayerError::io)?;
    Ok(u32::from_le_bytes(b))
}

/// Why a layer could not be read.
#[derive(Debug)]
pub enum LayerError {
    /// Reading failed.
    Io(io::Error),
    /// The bytes are not a layer (or are cut short).
    NotALayer,
    /// The layer belongs to another board or kind of tour.
    OtherCount,
}

impl LayerError {
    fn io(e: io::Error) -> LayerError {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            LayerError::NotALayer
        } else {
            LayerError::Io(e)
        }
    }
}

impl fmt::Display for LayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayerError::Io(e) => write!(f, "cannot read the layer: {e}"),
            LayerError::NotALayer => f.write_str("not a frontier layer, or cut short"),
            LayerError::OtherCount => {
                f.write_str("the layer belongs to another board or kind of tour")
            }
        }
    }
}

impl core::error::Error for LayerError {}

impl Frontier {
    /// The programme for `board`; its shorter side must be at most [`super::MAX_CLOSED_WIDTH`].
    pub fn new(board: Board, kind: Kind) -> Result<Frontier, CountError> {
        let w = board.width().min(board.height());
        Frontier::across(board, kind, w, None)
    }

    /// The programme counting the directed open tours of `board` from `start` (kind
    /// [`Kind::Open`]): the undirected paths with one end pinned to `start`, which then has
    /// one edge only.
    pub fn open_from(board: Board, start: Coord) -> Result<Frontier, CountError> {
        if !board.contains(start) {
            return Err(CountError::StartOffBoard);
        }
        let w = board.width().min(board.height());
        Frontier::across(board, Kind::Open, w, Some(start))
    }

    /// The kind's byte in a layer's header.
    fn code(&self) -> u8 {
        if self.start.is_some() {
            PINNED
        } else {
            self.kind as u8
        }
    }

    /// The programme sweeping `board` with `w` squares across (one of its sides): the knight
    /// graphs of `w x h` and `h x w` are the same, so the counts are too. Open tours from
    /// `start` when given (on the board).
    pub(crate) fn across(
        board: Board,
        kind: Kind,
        w: u32,
        start: Option<Coord>,
    ) -> Result<Frontier, CountError> {
        let h = board.len() / w;
        if w > MAX_WIDTH {
            return Err(CountError::TooWide { limit: MAX_WIDTH });
        }
        let paths = kind == Kind::Open;
        // The start's index in the sweep: files across when the board is `w` wide.
        let start = start.map(|c| {
            let (f, r) = (u32::from(c.file), u32::from(c.rank));
            if board.width() == w {
                r * w + f
            } else {
                f * w + r
            }
        });
        let n = w * h;
        let k = 2 * w + 1;
        let cells = k as usize;
        let mut steps = Vec::with_capacity(n as usize);
        for i in 0..n {
            let (f, r) = (i % w, i / w);
            let last = i + 1 == n;
            // Window slots of the earlier neighbours of square i.
            let mut back = [0u32; 4];
            let mut backs = 0;
            for (df, dr) in [(-1i32, 2i32), (1, 2), (-2, 1), (2, 1)] {
                let (ff, rr) = (f as i32 + df, r as i32 - dr);
                if ff >= 0 && ff < w as i32 && rr >= 0 {
                    // i minus the neighbour's index.
                    let d = (dr * w as i32 - df) as u32;
                    back[backs] = k - d;
                    backs += 1;
                }
            }
            // Slots of the next window whose square has no neighbour after square i (it must be
            // finished) or at most one (it must have an edge already).
            let (mut finished, mut started) = (0u32, 0u32);
            // Counting paths: slots whose square has no later neighbour, or exactly one.
            let (mut lonely, mut single) = (0u32, 0u32);
            for j in 0..cells {
                let sq = i as i64 + 1 - k as i64 + j as i64;
                if sq < 0 {
                    continue;
                }
                let (sf, sr) = ((sq % w as i64) as i32, (sq / w as i64) as i32);
                let later = [(1i32, 2i32), (-1, 2), (2, 1), (-2, 1)]
                    .iter()
                    .filter(|&&(df, dr)| {
                        let (tf, tr) = (sf + df, sr + dr);
                        tf >= 0
                            && tf < w as i32
                            && (tr as u32) < h
                            && (tr * w as i32 + tf) as u32 > i
                    })
                    .count();
                if later == 0 {
                    lonely |= 1 << j;
                }
                if later == 1 {
                    single |= 1 << j;
                }
                // A path may end on a square with one edge.
                let later = later + paths as usize;
                if later == 0 {
                    finished |= 1 << j;
                }
                if later <= 1 {
                    started |= 1 << j;
                }
            }
            let rules = Rules {
                pin: start == Some(i),
                pin_leaves: start.is_some_and(|s| s + k == i),
                lonely,
                single,
                paths,
                cells,
                finished,
                started,
                last,
            };
            steps.push(Step { back, backs, rules });
        }
        Ok(Frontier {
            board,
            kind,
            start,
            steps,
            cells: k,
        })
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The kind of tour counted.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Each round's square: its earlier neighbours' slots and the rules it must respect.
    pub(crate) fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The number of rounds: one per square.
    pub fn rounds(&self) -> u32 {
        self.steps.len() as u32
    }

    /// The layer before the first round: every square before the board finished. Empty for
    /// closed tours of a board with an odd number of squares: the knight graph is bipartite (a
    /// move changes the square colour) and its colours differ in size, so no cycle covers it.
    pub fn first(&self) -> Layer {
        let mut layer = Layer::new(0, 0);
        let odd = self.board.len() % 2 == 1;
        if self.kind == Kind::Open && self.board.len() == 1 {
            // The one square is a path by itself.
            layer.done = 1;
            layer.round = 1;
        } else if !(odd && self.kind == Kind::Closed) {
            let all_done = (1u128 << (4 * self.cells)) - 1;
            // Never fails: one state with one way.
            let _ = layer.add(all_done, 1);
        }
        layer
    }

    /// Expands `state` (with `ways`) over round `round`: every next state goes to `next`, and the
    /// ways of the tours this square finishes are returned. `round` must be below
    /// [`Frontier::rounds`].
    #[inline]
    pub fn expand(
        &self,
        round: u32,
        state: u128,
        ways: u128,
        mut next: impl FnMut(u128, u128),
    ) -> u128 {
        let Some(step) = self.steps.get(round as usize) else {
            return 0;
        };
        step.expand(state, ways, &mut next)
    }

    /// The exchange key of a state: a mixed hash (splitmix64 of both halves) that spreads states
    /// evenly over workers, unrelated to the layer's table hash.
    #[inline]
    pub fn route(state: u128) -> u64 {
        fn mix(mut z: u64) -> u64 {
            z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        let s = state & !MARK;
        mix(s as u64 ^ ((s >> 64) as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93))
    }

    /// One round on `threads` threads: the layer after placing square `layer.round()`.
    ///
    /// Each worker owns one part of the next layer (the states whose [`Frontier::route`] falls
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
                    let closed = self.expand(round, s, w, |n, w| {
                        let to = (Frontier::route(n) % threads as u64) as usize;
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

    /// Runs rounds from `layer` for about `seconds` (real work, returned to go on from) and
    /// estimates the whole count on `threads` threads from them: the time a state takes in a
    /// round and the bytes a state of the next layer takes while a round runs, as in the last
    /// sampled round; the layers growing at the rate of the last sampled row (a row is the
    /// shorter side's squares), the rate slowing row by row as it slowed from the row before,
    /// until the last two rows, and shrinking in them. Rough: within a few times either way,
    /// the closer the more rows the sample reaches.
    pub fn estimate(
        &self,
        mut layer: Layer,
        threads: usize,
        seconds: f64,
    ) -> Result<(Layer, super::Estimate), CountError> {
        let started = std::time::Instant::now();
        let mut sizes: Vec<f64> = std::vec![layer.len() as f64];
        // The last step's time a state and bytes a state of the next layer (old and new layer
        // held together).
        let (mut per_state, mut bytes_per_state) = (0.0f64, 0.0f64);
        while layer.round < self.rounds() && started.elapsed().as_secs_f64() < seconds {
            let (n, before) = (layer.len().max(1) as f64, layer.bytes());
            let t = std::time::Instant::now();
            layer = self.step(layer, threads)?;
            per_state = t.elapsed().as_secs_f64() / n;
            bytes_per_state = (before + layer.bytes()) as f64 / layer.len().max(1) as f64;
            sizes.push(layer.len() as f64);
        }
        let spent = started.elapsed().as_secs_f64();
        let rounds = self.rounds() as usize;
        let done = layer.round as usize;
        let w = (self.cells as usize - 1) / 2;
        // Growth a round over the last sampled row and over the row before it: the growth
        // slows row by row, by the factor between the two (at most 1).
        let growth = |upto: usize| {
            let back = w.min(upto);
            let last = sizes.get(upto).copied().unwrap_or(0.0);
            let earlier = sizes.get(upto - back).copied().unwrap_or(0.0);
            if back > 0 && earlier > 0.0 && last > 0.0 {
                (last / earlier).ln().max(0.0) / back as f64
            } else {
                0.0
            }
        };
        let mut rate = growth(done);
        let before = if done > w { growth(done - w) } else { 0.0 };
        let slowing = if before > 0.0 {
            (rate / before).clamp(0.0, 1.0)
        } else {
            1.0
        };
        // Growing until the last two rows, where squares must be finished, shrinking in them.
        let grow_until = rounds.saturating_sub(2 * w);
        let last = sizes.last().copied().unwrap_or(0.0);
        let (mut size, mut future, mut peak) = (last, 0.0f64, last);
        for r in done..rounds {
            future += size;
            if r < grow_until {
                size *= rate.exp();
            } else {
                size /= rate.exp().max(1.0);
            }
            if (r + 1 - done).is_multiple_of(w.max(1)) {
                rate *= slowing;
            }
            peak = peak.max(size);
        }
        let peak_bytes = peak * bytes_per_state;
        let estimate = super::Estimate {
            seconds: spent + future * per_state,
            peak_bytes: peak_bytes as u64,
            disk_bytes: 0,
        };
        Ok((layer, estimate))
    }

    /// Runs every round from `layer` on `threads` threads, calling `progress` once a round.
    pub fn run(
        &self,
        mut layer: Layer,
        threads: usize,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Layer, CountError> {
        let total = u64::from(self.rounds());
        while layer.round < self.rounds() {
            progress(Progress {
                done: u64::from(layer.round),
                total,
            });
            layer = self.step(layer, threads)?;
        }
        progress(Progress { done: total, total });
        Ok(layer)
    }

    /// The number of tours once every round has run: closed tours, or directed open tours
    /// (each undirected path in both directions, but the one square of a 1 x 1 board).
    pub fn total(&self, last: &Layer) -> Result<u128, CountError> {
        if self.kind == Kind::Open && self.board.len() > 1 && self.start.is_none() {
            last.done
                .checked_mul(2)
                .ok_or(CountError::Overflow { bits: 128 })
        } else {
            Ok(last.done)
        }
    }
}

/// Placing one square: the frontier slots of its earlier neighbours and the rules.
#[derive(Clone, Debug)]
pub(crate) struct Step {
    pub(crate) back: [u32; 4],
    pub(crate) backs: usize,
    pub(crate) rules: Rules,
}

impl Step {
    /// The frontiers after placing the square from `state`, into `next`, and the ways of the
    /// tours closed.
    #[inline]
    fn expand(&self, state: u128, ways: u128, next: &mut impl FnMut(u128, u128)) -> u128 {
        let cells = self.rules.cells;
        // The state's nibbles, decoded once for every choice of edges.
        let mut a = [0u8; SLOTS];
        let mut rest = state;
        for slot in a.iter_mut().take(cells) {
            *slot = rest as u8 & 15;
            rest >>= 4;
        }
        let ends = (state >> ENDS) as u8 & 3;
        let mut closed: u128 = 0;
        let mut open = [0u32; 4];
        let mut opens = 0;
        for &j in &self.back[..self.backs] {
            if a[j as usize] != DONE {
                open[opens] = j;
                opens += 1;
            }
        }
        let choose = |picked: &[u32]| match place(a, ends, picked, &self.rules) {
            Place::Invalid => {}
            Place::Closed => closed = closed.saturating_add(ways),
            Place::State(s) => next(s, ways),
        };
        // Counting cycles, an unfinished oldest square leaves the frontier now: it takes an
        // edge from square i. Counting paths, it may leave with one edge, as an end.
        each_choice(&open[..opens], !self.rules.paths && a[0] != DONE, choose);
        closed
    }
}

/// Calls `choose` with every choice of edges from the square placed to the unfinished slots
/// `open` of its earlier neighbours (oldest first): none, one or two of them; only those with
/// slot 0 when `oldest_leaves` (the oldest square leaves unfinished and needs this edge).
#[inline]
pub(crate) fn each_choice(open: &[u32], oldest_leaves: bool, mut choose: impl FnMut(&[u32])) {
    if oldest_leaves {
        if let Some((&0, rest)) = open.split_first() {
            choose(&[0]);
            for &y in rest {
                choose(&[0, y]);
            }
        }
        return;
    }
    choose(&[]);
    for (x, &a) in open.iter().enumerate() {
        choose(&[a]);
        for &b in open.get(x + 1..).unwrap_or_default() {
            choose(&[a, b]);
        }
    }
}

/// The outcome of placing a square.
enum Place {
    /// No tour continues this way.
    Invalid,
    /// The last square closed the tour.
    Closed,
    /// The next frontier.
    State(u128),
}

/// What placing the current square must respect; masks have bit `j` for slot `j` of the next
/// window.
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    /// Counting paths rather than cycles?
    paths: bool,
    /// Counting paths from a start: is this square the start (an end, one edge at most)?
    pin: bool,
    /// Does the start leave the frontier now?
    pin_leaves: bool,
    /// Counting paths: slots whose square has no neighbour after this one.
    lonely: u32,
    /// Counting paths: slots whose square has exactly one.
    single: u32,
    /// Squares in the frontier.
    pub(crate) cells: usize,
    /// Slots that must be finished.
    pub(crate) finished: u32,
    /// Slots that must have an edge.
    pub(crate) started: u32,
    /// Is this the last square?
    pub(crate) last: bool,
}

/// Room for the widest window: `2 * MAX_WIDTH + 1` slots.
const SLOTS: usize = 2 * MAX_WIDTH as usize + 1;

/// Replaces label `from` by `to` in the first `cells` slots.
#[inline]
fn relabel(a: &mut [u8; SLOTS], cells: usize, from: u8, to: u8) {
    for c in a.iter_mut().take(cells) {
        if *c == from {
            *c = to;
        }
    }
}

/// Moves the window on (slot `j + 1` becomes slot `j`, the new square the last slot) and
/// returns the bits of the slots that are finished and that are empty.
#[inline]
fn slide(a: &mut [u8; SLOTS], cells: usize, me: u8) -> (u32, u32) {
    a.copy_within(1..cells, 0);
    a[cells - 1] = me;
    let (mut done, mut empty) = (0u32, 0u32);
    for (t, &c) in a.iter().take(cells).enumerate() {
        done |= u32::from(c == DONE) << t;
        empty |= u32::from(c == EMPTY) << t;
    }
    (done, empty)
}

/// The state of slots `a`: path labels renumbered in order of first appearance (`SINGLE`
/// kept), four bits a slot.
#[inline]
fn encode(a: &[u8; SLOTS], cells: usize) -> u128 {
    // Codes four bits each in a register (no stores for the next slot to wait on), without
    // branches, as labels are random: `assigned` has bit `c` once nibble `c` has its code.
    let mut assigned: u32 = 1 << EMPTY | 1 << DONE | 1 << SINGLE;
    let mut map: u64 = u64::from(DONE) << (4 * DONE) | u64::from(SINGLE) << (4 * SINGLE);
    let mut labels = 0u64;
    let mut code = |c: u8| {
        let c = u32::from(c & 15);
        let new = u64::from(!assigned >> c & 1);
        labels += new;
        map |= (labels * new) << (4 * c);
        assigned |= 1 << c;
        map >> (4 * c) & 15
    };
    // Sixteen slots to a u64 half, each half in a register.
    let (low, high) = a[..cells].split_at(cells.min(16));
    let mut lo = 0u64;
    for (t, &c) in low.iter().enumerate() {
        lo |= code(c) << (4 * t);
    }
    let mut hi = 0u64;
    for (t, &c) in high.iter().enumerate() {
        hi |= code(c) << (4 * t);
    }
    u128::from(lo) | u128::from(hi) << 64
}

/// `state` (at most 17 slots) with its labels renumbered as the programme numbers them.
#[cfg(test)]
pub(crate) fn encode_state(state: u128) -> u128 {
    let mut a = [0u8; SLOTS];
    for (j, slot) in a.iter_mut().take(17).enumerate() {
        *slot = (state >> (4 * j)) as u8 & 15;
    }
    encode(&a, 17)
}

/// Places the next square with edges to the frontier slots `picked`, then moves the window on.
#[inline]
fn place(mut a: [u8; SLOTS], ends: u8, picked: &[u32], rules: &Rules) -> Place {
    if rules.paths {
        return place_path(a, ends, picked, rules);
    }
    let cells = rules.cells;
    let mut me = EMPTY;
    let mut closes = false;
    for &j in picked {
        let j = j as usize;
        let u = a[j];
        if me == EMPTY {
            if u == EMPTY {
                a[j] = FRESH;
                me = FRESH;
            } else {
                a[j] = DONE;
                me = u;
            }
        } else if u == EMPTY {
            a[j] = me;
            me = DONE;
        } else if u == me {
            a[j] = DONE;
            me = DONE;
            closes = true;
        } else {
            a[j] = DONE;
            // The far end of u's path now ends the joined path.
            relabel(&mut a, cells, u, me);
            me = DONE;
        }
    }
    if a[0] != DONE {
        return Place::Invalid;
    }
    let (done, empty) = slide(&mut a, cells, me);
    if closes {
        return if rules.last && done == (1 << cells) - 1 {
            Place::Closed
        } else {
            Place::Invalid
        };
    }
    // Squares that cannot get the edges they still need.
    if rules.finished & !done != 0 || rules.started & empty != 0 {
        return Place::Invalid;
    }
    Place::State(encode(&a, cells))
}

/// [`place`] when counting Hamiltonian paths: a square may keep one edge and end the tour (at
/// most two do); the path closes on the last square only, covering every square.
#[inline]
fn place_path(mut a: [u8; SLOTS], ends: u8, picked: &[u32], rules: &Rules) -> Place {
    let cells = rules.cells;
    let mut ends = ends;
    let mut me = EMPTY;
    let mut complete = false;
    if rules.pin && picked.len() > 1 {
        return Place::Invalid;
    }
    for &j in picked {
        let j = j as usize;
        let u = a[j];
        if me == EMPTY {
            if u == EMPTY {
                a[j] = FRESH;
                me = FRESH;
            } else {
                a[j] = DONE;
                me = u;
            }
        } else if u == EMPTY {
            a[j] = me;
            me = DONE;
        } else if u == me && me != SINGLE {
            return Place::Invalid;
        } else {
            a[j] = DONE;
            if u == SINGLE && me == SINGLE {
                complete = true;
            } else if u == SINGLE {
                relabel(&mut a, cells, me, SINGLE);
            } else if me == SINGLE {
                relabel(&mut a, cells, u, SINGLE);
            } else {
                relabel(&mut a, cells, u, me);
            }
            me = DONE;
        }
    }
    if rules.pin {
        // The start ends the tour at once: with no edge yet, it is a path of one square whose
        // other end (itself) ends the tour, and its one edge will finish it.
        ends += 1;
        match me {
            EMPTY => me = SINGLE,
            SINGLE => {
                complete = true;
                me = DONE;
            }
            l => {
                relabel(&mut a, cells, l, SINGLE);
                me = DONE;
            }
        }
    }
    // The oldest square leaves the frontier: with one edge it ends the tour.
    match a[0] {
        DONE => {}
        EMPTY => return Place::Invalid,
        // The start leaving without its edge.
        SINGLE if rules.pin_leaves => return Place::Invalid,
        SINGLE => {
            complete = true;
            ends += 1;
        }
        l => {
            ends += 1;
            relabel(&mut a, cells, l, SINGLE);
            if me == l {
                me = SINGLE;
            }
        }
    }
    if ends > 2 {
        return Place::Invalid;
    }
    let (done, empty) = slide(&mut a, cells, me);
    if complete {
        return if rules.last && done == (1 << cells) - 1 {
            Place::Closed
        } else {
            Place::Invalid
        };
    }
    if rules.started & empty != 0 {
        return Place::Invalid;
    }
    // Squares that can only end the tour: unstarted ones with one later neighbour, started
    // unfinished ones with none.
    let unfinished = !done & !empty;
    let forced = (empty & rules.single).count_ones() + (unfinished & rules.lonely).count_ones();
    if u32::from(ends) + forced > 2 {
        return Place::Invalid;
    }
    if rules.last {
        // The ends still in the frontier finish the tour: one path, two ends in all.
        let (mut singles, mut labelled, mut label) = (0, 0, 0);
        for &c in a.iter().take(cells) {
            match c {
                DONE => {}
                SINGLE => singles += 1,
                l => {
                    if labelled > 0 && l != label {
                        return Place::Invalid;
                    }
                    labelled += 1;
                    label = l;
                }
            }
        }
        let one_path = (ends == 0 && singles == 0 && labelled == 2)
            || (ends == 1 && singles == 1 && labelled == 0);
        return if one_path {
            Place::Closed
        } else {
            Place::Invalid
        };
    }
    Place::State(encode(&a, cells) | u128::from(ends) << ENDS)
}
