//! Open tours by a split at the middle cut (McKay's split of the board, which Chernov used for
//! the chessboard's open tours): a board with an even number of rows is cut between its two
//! middle rows, and each open tour is its part above the cut joined to its part below.
//!
//! Sweeping the rows above the cut gives a layer `A`: for the last two rows above it, the
//! edges each square still needs and which path ends pair up (and which lead to an end of the
//! tour). Turned half round, the board maps the rows above the cut onto those below, so `A`
//! turned half round is the layer of the rows below, swept from the far side: the bottom half
//! costs nothing. The top half then goes on over the first row past the cut, each of its
//! squares placed inside the tour with its edges back across the cut
//! ([`PathPlace::crossing`](super::path::PathPlace::crossing)): its layer `T` tells how many
//! edges those squares have from above, what the row before the cut still needs, and which
//! path ends pair up. The edges left, between the row before the cut and the second row past
//! it (two rows on, one file aside), form two paths through those rows' squares ([`Ladder`]),
//! so how many edges each square takes tells which. A tour is a state of `T`, a set of those
//! edges and a state of `A` turned whose squares get exactly the edges they need, and whose
//! paths join into one path: one cycle through a node outside the board that neighbours both
//! ends of the tour.
//!
//! The join sums the states of `T`, each with each set of ladder edges it takes, by group (the
//! edges each square of the two rows past the cut takes from below, and the ends of the tour
//! each half holds) and by how their paths pair the nodes where the halves meet. Each state of
//! `A` turned is then tested against the sums of its group.
//!
//! The ends of the tour are placed by the halves' sweeps (the squares of the first row past the
//! cut by the bottom half's): one in each half, or both in the top half, where tours count twice
//! for those with both ends below ([`Sweep::halves`](super::sweep::Sweep::halves)). The layers
//! keep one key of each state and its image turned over left to right; the bottom half is
//! joined with both images, which counts every tour twice: once each way round.
//!
//! The layer at the cut is kept in a file (`PATH.bottom` beside a checkpoint `PATH`) and read
//! again once the top half is done. With a checkpoint, each round's layer past the cut is
//! written to it, so that a stopped count resumes there.

use super::expand::Places;
use super::file::Source;
use super::key::{DONE, EMPTY, LOOSE, normalise, oldest, slot, slots_of, turn_over};
use super::path::{decode, unmark};
use super::{ClosedCount, Layer, Record, Store, read_records};
use crate::count::error::CountError;
use crate::count::method::{Kind, Method};
use crate::count::report::Round;
use crate::count::workers;
use std::fs;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::vec::Vec;

/// What the join did: states on each side and pairs of them compared.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Joined {
    /// States of the bottom half, both images of each.
    pub(crate) bottom: u64,
    /// States of the top half past the cut.
    pub(crate) top: u64,
    /// The top half's sums by group and pairing of the nodes where the halves meet.
    pub(crate) pairings: u64,
    /// Passes of the join over the top half's layer.
    pub(crate) passes: u64,
    /// Pairs of a bottom state and a top sum whose squares' edges match, each tested.
    pub(crate) pairs: u64,
    /// Pairs that make one path.
    pub(crate) tours: u64,
    /// Passes done.
    pub(crate) done: u64,
    /// Pairs the pass in hand is to test, once its sums are made.
    pub(crate) ahead: u64,
}

/// The directed open tours of `count`'s board (an open count of all tours, an even number of
/// rows, at least four) by the split at the middle cut, calling `progress` after each round
/// and `joining` twice a pass of the join (its sums made, its pairs tested).
pub(crate) fn open_tours(
    count: ClosedCount,
    progress: &mut dyn FnMut(Round),
    joining: &mut dyn FnMut(&Joined),
) -> Result<(u128, Joined), CountError> {
    let checkpoint = count.checkpoint.clone();
    let mut files = Vec::new();
    let outcome = split(count, &mut files, progress, joining);
    // A checkpoint and the bottom half beside it stay for the count to resume after an error.
    if outcome.is_ok() || checkpoint.is_none() {
        for path in files.iter().chain(&checkpoint) {
            let _ = fs::remove_file(path);
        }
    }
    outcome
}

/// [`open_tours`], adding to `files` the files it makes.
fn split(
    mut count: ClosedCount,
    files: &mut Vec<PathBuf>,
    progress: &mut dyn FnMut(Round),
    joining: &mut dyn FnMut(&Joined),
) -> Result<(u128, Joined), CountError> {
    let w = count.width();
    let rows = count.rounds() / w.max(1);
    if count.kind() != Kind::Open || count.start.is_some() || rows % 2 == 1 || rows < 4 {
        return Err(CountError::NotByMethod {
            method: Method::Frontier64,
            kind: count.kind(),
        });
    }
    let cut = rows / 2;
    count.places = Places::split(&count.frontier, cut);
    let top = count.places.top();
    // The layer at the cut (the bottom half) is kept in a file, beside the checkpoint if there
    // is one, and read when the top half is done.
    let kept = {
        let mut kept = count.layer_path(cut * w).into_os_string();
        kept.push(".bottom");
        if count.checkpoint.is_none() {
            // Counts of one process in the same scratch folder each keep their own.
            static KEPT: AtomicU64 = AtomicU64::new(0);
            kept.push(KEPT.fetch_add(1, Ordering::Relaxed).to_string());
        }
        PathBuf::from(kept)
    };
    files.push(kept.clone());
    // A split's checkpoint has the sweep's header: told apart only once the split is a method.
    let mut layer = match count.resume()? {
        Some(layer) => layer,
        None => count.first(),
    };
    let mut sizes = Vec::new();
    let mut step = |layer: Layer, sizes: &mut Vec<u64>| -> Result<Layer, CountError> {
        let (mut next, figures) = count.step(layer, sizes)?;
        if let Store::File(path) = &next.store {
            files.push(path.clone());
        }
        sizes.push(next.states);
        // Past the cut, each round's layer is the checkpoint (out of core it is there already),
        // the last one too: a join stopped starts again from it.
        if let Some(path) = &count.checkpoint
            && next.round > cut * w
        {
            count
                .write_layer(&mut next, path)
                .map_err(super::io_error)?;
        }
        progress(figures);
        Ok(next)
    };
    while layer.round < cut * w {
        layer = step(layer, &mut sizes)?;
    }
    if layer.round == cut * w {
        if let Store::File(path) = &layer.store {
            let _ = fs::remove_file(&kept);
            fs::hard_link(path, &kept)
                .or_else(|_| fs::copy(path, &kept).map(|_| ()))
                .map_err(|e| CountError::io(&kept, &e))?;
        } else {
            count
                .write_layer(&mut layer, &kept)
                .map_err(super::io_error)?;
        }
    }
    while layer.round < (cut + 1) * w {
        layer = step(layer, &mut sizes)?;
    }
    let at_cut = Layer {
        round: cut * w,
        done: 0,
        states: 0,
        store: Store::File(kept.clone()),
    };
    let below = Bottom::of(&at_cut, w, top)?;
    // Passes enough for the top half's sums to fit the budget beside the bottom half (and the
    // layer, in memory).
    let held = match layer.store {
        Store::Memory(_) => layer.states * 16,
        Store::File(_) => 0,
    };
    let room = count.budget.saturating_sub(below.bytes() + held).max(1);
    let passes = (layer.states * PAIRING_BYTES).div_ceil(room).clamp(1, 4096);
    below.join(layer, top, count.threads, passes, joining)
}

/// The most nodes of the join: the squares of the three rows around the cut on a board 8
/// across, and the square outside the board that neighbours both ends of the tour.
const NODES: usize = 25;

/// A slot's code as edges needed (the bottom half's squares, and the top half's before the
/// cut) or as edges had (the top half's past it).
#[inline]
fn needs(code: u64) -> u64 {
    match code {
        EMPTY => 2,
        DONE => 0,
        _ => 1,
    }
}

#[inline]
fn had(code: u64) -> u64 {
    2 - needs(code)
}

/// The edges between the rows just before and just past the cut's first row (the knight's
/// moves two rows on and one file aside): two paths through those rows' squares, so the edges
/// a square of each take are told by how many each takes. For each number of edges of the row
/// before (two bits a square), the numbers of the row past it and the edges.
struct Ladder {
    /// The edges: nodes of the row before (`0..w`) and past (`2w..3w`).
    edges: Vec<(u8, u8)>,
    /// Indexed by the row before's numbers: the row past's numbers and the edges (a bit each).
    by_before: Vec<Vec<(u64, u32)>>,
}

impl Ladder {
    fn new(w: u32) -> Ladder {
        let mut edges = Vec::new();
        for x in 0..w {
            for y in [x.wrapping_sub(1), x + 1] {
                if y < w {
                    edges.push((x as u8, (2 * w + y) as u8));
                }
            }
        }
        let mut by_before = vec![Vec::new(); 1 << (2 * w)];
        for set in 0u32..1 << edges.len() {
            let (mut before, mut past) = (0u64, 0u64);
            for (e, &(a, b)) in edges.iter().enumerate() {
                if set >> e & 1 == 1 {
                    before += 1 << (2 * u32::from(a));
                    past += 1 << (2 * (u32::from(b) - 2 * w));
                }
            }
            by_before[before as usize].push((past, set));
        }
        Ladder { edges, by_before }
    }
}

/// Union-find over the join's nodes.
struct Joins {
    parent: [u8; NODES],
    /// A union closed a cycle.
    cycle: bool,
}

impl Joins {
    fn new() -> Joins {
        Joins {
            parent: core::array::from_fn(|i| i as u8),
            cycle: false,
        }
    }

    fn root(&mut self, mut a: usize) -> usize {
        while self.parent[a] as usize != a {
            let up = self.parent[a] as usize;
            self.parent[a] = self.parent[up];
            a = up;
        }
        a
    }

    fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.root(a), self.root(b));
        if ra == rb {
            self.cycle = true;
        } else {
            self.parent[ra] = rb as u8;
        }
    }
}

/// Calls `pair` with the two nodes of each path of the codes `code(0..n)` at nodes `node(j)`:
/// labels pairwise, a loose one with the square outside the board (node `out`).
#[inline]
fn each_path(
    n: usize,
    code: impl Fn(usize) -> u64,
    node: impl Fn(usize) -> usize,
    out: usize,
    mut pair: impl FnMut(usize, usize),
) {
    let mut first = [usize::MAX; 16];
    for j in 0..n {
        match code(j) {
            EMPTY | DONE => {}
            LOOSE => pair(node(j), out),
            l => {
                let f = &mut first[l as usize & 15];
                if *f == usize::MAX {
                    *f = node(j);
                } else {
                    pair(*f, node(j));
                }
            }
        }
    }
}

/// Bits of a group key: two a square of the cut's first row and of the next, and the ends of
/// the tour the bottom half holds.
const GROUP_BITS: u32 = 34;

/// The most nodes where the halves' paths meet: the cut's first row's squares with one edge,
/// the next row's with one edge to come from the bottom half, and the square outside.
const MEETS: usize = 17;

/// The nodes of group `group` where the halves' paths meet, in order (the first row's, the
/// next row's, the square outside when each half holds one end of the tour), and how many.
fn meets(group: u64, w: usize) -> ([u8; MEETS], usize) {
    let (mut nodes, mut len) = ([0u8; MEETS], 0);
    let mut push = |v: usize| {
        nodes[len] = v as u8;
        len += 1;
    };
    for x in 0..w {
        if group >> (2 * x) & 3 == 1 {
            push(w + x);
        }
    }
    for y in 0..w {
        if group >> (16 + 2 * y) & 3 == 1 {
            push(2 * w + y);
        }
    }
    if group >> 32 == 1 {
        push(3 * w);
    }
    (nodes, len)
}

/// The groups one pass of the join takes: those whose hash is `pass` modulo `passes`.
#[derive(Clone, Copy, Debug)]
struct Part {
    pass: u64,
    passes: u64,
}

impl Part {
    #[inline]
    fn holds(self, group: u64) -> bool {
        self.passes == 1
            || (group.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) % self.passes == self.pass
    }
}

/// Bytes a sum of the top half takes while the join builds it: a slot of a thread's table, and
/// its place in the sorted list.
const PAIRING_BYTES: u64 = 64;

/// The bottom half: the states of the layer before the cut turned half round, both images left
/// to right, grouped by what their squares need.
struct Bottom {
    /// Group key (edges needed by the cut's first row and by the row past it, two bits a
    /// square, and the ends of the tour placed), the codes of those rows' nodes (`w..3w`, four
    /// bits each), ways; sorted by group.
    states: Vec<(u64, u64, u64)>,
    /// The groups of `states`.
    groups: std::collections::HashSet<u64, Hasher>,
    w: u32,
    ladder: Ladder,
}

/// The top half's states joined with the edges of the ladder, summed by group and by how
/// their paths pair the nodes where the halves meet (five bits a node: its partner's place).
type Pairings = std::collections::HashMap<u128, u64, Hasher>;

/// A multiplicative hash of group and pairing keys (the standard one is slow for them).
#[derive(Clone, Copy, Default)]
struct Hasher(u64);

impl core::hash::BuildHasher for Hasher {
    type Hasher = Hasher;
    fn build_hasher(&self) -> Hasher {
        Hasher(0)
    }
}

impl core::hash::Hasher for Hasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.write_u128(u128::from(x));
    }
    fn write_u128(&mut self, x: u128) {
        let h = (x as u64 ^ (x >> 64) as u64 ^ self.0).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = h ^ h >> 29;
    }
}

impl Bottom {
    fn of(layer: &Layer, w: u32, top: u32) -> Result<Bottom, CountError> {
        let n = 2 * w;
        let mut states = Vec::new();
        let mut add = |[key, ways]: Record| {
            // States with both ends placed are only the top half's.
            if unmark(key).is_some() {
                return;
            }
            let (x, o) = decode(key, top);
            if o != DONE {
                return;
            }
            for image in [x, normalise(turn_over(x, w))] {
                let (mut codes, mut group) = (0u64, 0u64);
                let mut loose = 0;
                for j in 0..n {
                    let c = slot(image, j);
                    // Slot j turned half round: the row two before the cut to the row past
                    // the cut's first, the row before the cut to its first.
                    let node = 3 * w - 1 - j;
                    let bits = if j < w {
                        16 + 2 * (w - 1 - j)
                    } else {
                        2 * (2 * w - 1 - j)
                    };
                    codes |= c << (4 * (node - w));
                    group |= needs(c) << bits;
                    loose += u64::from(c == LOOSE);
                }
                states.push((group | loose << 32, codes, ways));
            }
        };
        match &layer.store {
            Store::Memory(blocks) => blocks.iter().flat_map(|b| b.get()).for_each(|&r| add(r)),
            Store::File(path) => read_records(path, &mut add).map_err(super::io_error)?,
        }
        states.sort_unstable_by_key(|s| s.0);
        let groups = states.iter().map(|s| s.0).collect();
        Ok(Bottom {
            states,
            groups,
            w,
            ladder: Ladder::new(w),
        })
    }

    /// Bytes of the bottom half in memory.
    fn bytes(&self) -> u64 {
        (self.states.capacity() * 24 + self.groups.capacity() * 9) as u64
    }

    /// The tours (directed) of the top half's last layer `layer` joined to this half, on
    /// `threads` threads, in `passes` passes (each over the groups of one part of the hash).
    fn join(
        &self,
        layer: Layer,
        top: u32,
        threads: usize,
        passes: u64,
        joining: &mut dyn FnMut(&Joined),
    ) -> Result<(u128, Joined), CountError> {
        let source = match layer.store {
            Store::Memory(blocks) => Source::memory(blocks),
            Store::File(path) => Source::file(path)?,
        };
        let threads = threads.max(1);
        let mut total = 0u128;
        let mut joined = Joined {
            bottom: self.states.len() as u64,
            passes,
            ..Joined::default()
        };
        for pass in 0..passes.max(1) {
            let part = Part { pass, passes };
            source.rewind()?;
            let sums = workers::map((0..threads).collect(), |_| {
                let mut pairings = Pairings::default();
                let mut states = 0u64;
                source.each(|records| {
                    states += self.pair_top(records, top, part, &mut pairings);
                    Ok(())
                })?;
                Ok::<_, CountError>((pairings, states))
            });
            let mut all: Vec<(u128, u64)> = Vec::new();
            for sum in sums {
                let (pairings, states) = sum?;
                if pass == 0 {
                    joined.top += states;
                }
                all.extend(pairings);
            }
            let group = |k: u128| k as u64 & ((1 << GROUP_BITS) - 1);
            all.sort_unstable_by_key(|&(k, _)| (group(k), k));
            all.dedup_by(|b, a| {
                let same = a.0 == b.0;
                if same {
                    a.1 = a.1.saturating_add(b.1);
                }
                same
            });
            // A sum that reached the top of a u64 may have passed it.
            if all.iter().any(|p| p.1 == u64::MAX) {
                return Err(CountError::Overflow { bits: 64 });
            }
            joined.pairings += all.len() as u64;
            joined.ahead = 0;
            for sums in all.chunk_by(|a, b| group(a.0) == group(b.0)) {
                let g = group(sums[0].0);
                let lo = self.states.partition_point(|s| s.0 < g);
                let hi = self.states.partition_point(|s| s.0 <= g);
                joined.ahead += (sums.len() * (hi - lo)) as u64;
            }
            joining(&joined);
            let chunk = self.states.len().div_ceil(threads).max(1);
            let parts: Vec<&[(u64, u64, u64)]> = self.states.chunks(chunk).collect();
            let outcomes = workers::map(parts, |states| self.join_bottom(states, part, &all));
            for (t, pairs, tours) in outcomes {
                // Sums saturate: one at the top of a u128 may have passed it.
                total = total
                    .checked_add(t)
                    .filter(|&t| t != u128::MAX)
                    .ok_or(CountError::Overflow { bits: 128 })?;
                joined.pairs += pairs;
                joined.tours += tours;
            }
            joined.done += 1;
            joining(&joined);
        }
        Ok((total, joined))
    }

    /// Adds the top half's states `records` joined with each set of ladder edges they take
    /// to `pairings`, those of groups in `part`: the states.
    fn pair_top(&self, records: &[Record], top: u32, part: Part, pairings: &mut Pairings) -> u64 {
        let w = self.w as usize;
        let out = 3 * w;
        let mut states = 0;
        for &[key, ways] in records {
            let (x, ends) = match unmark(key) {
                Some(closed) if oldest(closed) == DONE => (closed, 2),
                Some(_) => continue,
                None => match decode(key, top) {
                    (x, DONE) => (x, u64::from(slots_of(x, LOOSE).count_ones())),
                    _ => continue,
                },
            };
            states += 1;
            // Edges the row before the cut needs, those the cut's first row has.
            let (mut before, mut first) = (0u64, 0u64);
            for j in 0..w {
                before |= needs(slot(x, j as u32)) << (2 * j);
                first |= had(slot(x, (w + j) as u32)) << (2 * j);
            }
            let Some(sets) = self.ladder.by_before.get(before as usize) else {
                continue;
            };
            let mut paths = Joins::new();
            each_path(
                2 * w,
                |j| slot(x, j as u32),
                |j| j,
                out,
                |a, b| {
                    paths.join(a, b);
                },
            );
            for &(past, set) in sets {
                let group = first | past << 16 | (2 - ends) << 32;
                if !part.holds(group) || !self.groups.contains(&group) {
                    continue;
                }
                let mut joins = Joins { ..paths };
                for (e, &(a, b)) in self.ladder.edges.iter().enumerate() {
                    if set >> e & 1 == 1 {
                        joins.join(usize::from(a), usize::from(b));
                    }
                }
                // A cycle above the bottom half's squares is no tour.
                if joins.cycle {
                    continue;
                }
                let (nodes, len) = meets(group, w);
                let mut first_at = [u8::MAX; NODES];
                let mut pairing = 0u128;
                for (i, &v) in nodes[..len].iter().enumerate() {
                    let r = joins.root(usize::from(v));
                    match first_at[r] {
                        u8::MAX => first_at[r] = i as u8,
                        j => {
                            pairing |= (j as u128) << (5 * i) | (i as u128) << (5 * usize::from(j));
                        }
                    }
                }
                let k = u128::from(group) | pairing << GROUP_BITS;
                let sum = pairings.entry(k).or_insert(0);
                *sum = sum.saturating_add(ways);
            }
        }
        states
    }

    /// The tours of the bottom half's states `states` in `part` joined to the top half's
    /// `pairings` (sorted by group): the ways, the pairs tested and those that make one path.
    fn join_bottom(
        &self,
        states: &[(u64, u64, u64)],
        part: Part,
        pairings: &[(u128, u64)],
    ) -> (u128, u64, u64) {
        let w = self.w as usize;
        let out = 3 * w;
        let (mut total, mut pairs, mut tours) = (0u128, 0u64, 0u64);
        let group_of = |k: u128| k as u64 & ((1 << GROUP_BITS) - 1);
        for &(group, codes, ways) in states {
            if !part.holds(group) {
                continue;
            }
            let lo = pairings.partition_point(|p| group_of(p.0) < group);
            let hi = lo + pairings[lo..].partition_point(|p| group_of(p.0) <= group);
            if lo == hi {
                continue;
            }
            let (nodes, len) = meets(group, w);
            let mut at = [u8::MAX; NODES];
            for (i, &v) in nodes[..len].iter().enumerate() {
                at[usize::from(v)] = i as u8;
            }
            let mut below = [0u8; MEETS];
            each_path(
                2 * w,
                |j| codes >> (4 * j) & 15,
                |j| w + j,
                out,
                |a, b| {
                    let (i, j) = (at[a], at[b]);
                    if let (Some(x), Some(y)) = (below.get_mut(usize::from(i)), Some(j)) {
                        *x = y;
                    }
                    if let Some(y) = below.get_mut(usize::from(j)) {
                        *y = i;
                    }
                },
            );
            for &(k, top_ways) in &pairings[lo..hi] {
                pairs += 1;
                let above = k >> GROUP_BITS;
                // Alternately a path above and one below, from node 0: back at 0 after all?
                let (mut i, mut seen) = (0usize, 0usize);
                loop {
                    let j = (above >> (5 * i)) as usize & 31;
                    i = usize::from(below.get(j).copied().unwrap_or(0));
                    seen += 2;
                    if i == 0 || seen > len {
                        break;
                    }
                }
                if i == 0 && seen == len {
                    tours += 1;
                    total = total.saturating_add(u128::from(top_ways) * u128::from(ways));
                }
            }
        }
        (total, pairs, tours)
    }
}
