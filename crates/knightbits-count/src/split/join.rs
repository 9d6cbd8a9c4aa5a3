//! The split's join: the top half's states summed by group and by how their paths pair the
//! nodes where the halves meet, each state of the bottom half tested against the sums of its
//! group (see `mod.rs`).

use crate::error::CountError;
use crate::sweep::file::Source;
use crate::sweep::key::{DONE, EMPTY, LOOSE, normalise, oldest, slot, slots_of, turn_over};
use crate::sweep::path::{decode, unmark};
use crate::sweep::residue::prime;
use crate::sweep::shard::{BATCH, Shard, compact, filled, flush, hash};
use crate::sweep::{FEWEST_PARTS, Layer, MOST_PARTS, Record, Store};
use crate::workers;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::vec::Vec;

/// Shares of the bottom half a thread of the join takes in turn.
const SHARES: usize = 64;

/// What the join did: states on each side and pairs of them compared.
#[derive(Clone, Copy, Debug, Default)]
#[cfg_attr(
    not(test),
    expect(dead_code, reason = "its figures are for the tests and the timed runs")
)]
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

/// What the join calls once each pass's sums are made (no tours yet) and once it is done
/// (with the tours so far); an error ends the join.
pub(super) type Passed<'a> = dyn FnMut(&Joined, Option<u128>) -> Result<(), CountError> + 'a;

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
pub(super) const MEETS: usize = 17;

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

/// Bytes a state of the top half's last layer takes in a pass of the join, for the sums it
/// makes (at most about one a state): a 16-byte slot of a shard at its loosest (the load limit,
/// then grown by half), and its copy in the sorted list.
pub(super) const PAIRING_BYTES: u64 = 48;

/// Sums a shard is meant to hold.
const SHARD_SUMS: u64 = 1 << 20;

/// The bottom half: the states of the layer before the cut turned half round, both images left
/// to right, grouped by what their squares need.
pub(super) struct Bottom {
    /// Group key (edges needed by the cut's first row and by the row past it, two bits a
    /// square, and the ends of the tour placed), the codes of those rows' nodes (`w..3w`, four
    /// bits each), ways; sorted by group.
    states: Vec<(u64, u64, u64)>,
    /// The groups of `states`.
    groups: std::collections::HashSet<u64, Hasher>,
    w: u32,
    /// The key slot of the top half's last square.
    top: u32,
    ladder: Ladder,
}

/// Bits of a sum's key below its group: the rank of the pairing of the group's meeting nodes
/// among all perfect matchings of them (at most 16 nodes: 15!! = 2,027,025 matchings).
const RANK_BITS: u32 = 21;

// A sum's key, its group then its rank, is 64 bits at most.
const _: () = assert!(GROUP_BITS + RANK_BITS <= u64::BITS);

/// The rank of the perfect matching `partner` of nodes `0..len` among all of them: for each
/// node in turn not yet matched, which of the nodes left after it is its partner.
#[inline]
pub(super) fn rank(partner: &[u8; MEETS], len: usize) -> u64 {
    let mut left: u32 = (1 << len) - 1;
    let mut rank = 0u64;
    while left != 0 {
        let i = left.trailing_zeros();
        left &= !(1 << i);
        let p = u32::from(partner[i as usize]) & 31;
        let digit = (left & ((1u32 << p) - 1)).count_ones();
        rank = rank * u64::from(left.count_ones()) + u64::from(digit);
        left &= !(1 << p);
    }
    rank
}

/// The perfect matching of nodes `0..len` of rank `rank`: [`rank`] undone.
pub(super) fn unrank(mut rank: u64, len: usize) -> [u8; MEETS] {
    let pairs = len / 2;
    let mut digits = [0u32; MEETS / 2];
    for k in (0..pairs).rev() {
        let radix = (len - 1 - 2 * k) as u64;
        digits[k] = (rank % radix) as u32;
        rank /= radix;
    }
    let mut partner = [0u8; MEETS];
    let mut left: u32 = (1 << len) - 1;
    for &digit in &digits[..pairs] {
        let i = left.trailing_zeros();
        left &= !(1 << i);
        let mut after = left;
        for _ in 0..digit {
            after &= after - 1;
        }
        let p = after.trailing_zeros();
        left &= !(1 << p);
        partner[i as usize] = p as u8;
        partner[p as usize] = i as u8;
    }
    partner
}

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
    /// The bottom half from `layer`, the layer at the cut, sorted on `threads` threads;
    /// [`CountError::Stopped`] (no pass done) within about a second of `stop` being set.
    pub(super) fn of(
        layer: &Layer,
        w: u32,
        top: u32,
        threads: usize,
        stop: &AtomicBool,
    ) -> Result<Bottom, CountError> {
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
        let stopped = || CountError::Stopped {
            done: 0,
            total: 0,
            unit: "",
            checkpoint: None,
        };
        let mut each = |records: &[Record]| {
            if stop.load(Ordering::Relaxed) {
                return Err(stopped());
            }
            records.iter().for_each(|&r| add(r));
            Ok(())
        };
        match &layer.store {
            Store::Memory(blocks) => blocks.iter().try_for_each(|b| each(b.get()))?,
            Store::File(path) => Source::<u64>::file(path.clone())?.each(each)?,
        }
        if !workers::sort_until(&mut states, &|s| s.0, threads, stop) {
            return Err(stopped());
        }
        let groups = states.iter().map(|s| s.0).collect();
        Ok(Bottom {
            states,
            groups,
            w,
            top,
            ladder: Ladder::new(w),
        })
    }

    /// Bytes of the bottom half in memory.
    pub(super) fn bytes(&self) -> u64 {
        (self.states.capacity() * 24 + self.groups.capacity() * 9) as u64
    }

    /// The tours (directed) of the top half's last layer `layer` joined to this half, on
    /// `threads` threads, in `passes` passes (each over the groups of one part of the hash),
    /// the first `from.0` of them done before with `from.1` tours; calling `joining` once each
    /// pass's sums are made, and with the tours so far once it is done. [`CountError::Stopped`]
    /// (with the passes done, the rest to be filled in) within about a second of `stop` being
    /// set.
    pub(super) fn join(
        &self,
        layer: Layer,
        threads: usize,
        passes: u64,
        from: (u64, u128),
        stop: &AtomicBool,
        joining: &mut Passed<'_>,
    ) -> Result<(u128, Joined), CountError> {
        let layer_states = layer.states;
        let source: Source<u64> = match layer.store {
            Store::Memory(blocks) => Source::memory(blocks),
            Store::File(path) => Source::file(path)?,
        };
        let threads = threads.max(1);
        let (done, mut total) = from;
        let mut joined = Joined {
            bottom: self.states.len() as u64,
            passes,
            done,
            ..Joined::default()
        };
        // The passes done: the caller fills in the rest.
        let stopped = |done| CountError::Stopped {
            done,
            total: 0,
            unit: "",
            checkpoint: None,
        };
        for pass in done..passes.max(1) {
            let part = Part { pass, passes };
            source.rewind()?;
            // The pass's sums in shards by key hash, as a round's layer; each worker adds its
            // own in batches.
            let expected = (joined.top.max(layer_states) / passes).max(1 << 10);
            let parts = (expected / SHARD_SUMS)
                .next_power_of_two()
                .clamp(FEWEST_PARTS as u64, MOST_PARTS as u64) as usize;
            let bits = parts.trailing_zeros();
            let shards: Vec<Mutex<Shard<u64>>> = (0..parts)
                .map(|_| Mutex::new(Shard::with_capacity(expected as usize / parts, prime(0))))
                .collect();
            let counted = workers::map((0..threads).collect(), |_| {
                let mut batches: Vec<Vec<(u64, u64, u64)>> =
                    (0..parts).map(|_| Vec::with_capacity(BATCH)).collect();
                let flush = |i, batch: &mut _| flush(&shards, i, batch);
                let mut states = 0u64;
                source.each(|records| {
                    if stop.load(Ordering::Relaxed) {
                        return Err(stopped(pass));
                    }
                    states += self.pair_top(records, part, &mut |key, ways| {
                        let h = hash(key);
                        let i = (h >> 32 >> (32 - bits)) as usize;
                        if let Some(batch) = batches.get_mut(i) {
                            batch.push((key, h, ways));
                            if batch.len() >= BATCH {
                                flush(i, batch);
                            }
                        }
                    });
                    Ok(())
                })?;
                for (i, batch) in batches.iter_mut().enumerate() {
                    flush(i, batch);
                }
                Ok::<_, CountError>(states)
            });
            let mut states = 0;
            for s in counted {
                states += s?;
            }
            joined.top = states;
            // A sum past the first prime below 2^64 is past what the join's sums hold.
            let (shards, reduced) = filled(shards);
            if reduced {
                return Err(CountError::Overflow { bits: 64 });
            }
            // Sorted by key: by group, then by pairing.
            let blocks = compact(shards, threads);
            let mut all: Vec<Record> =
                Vec::with_capacity(blocks.iter().map(|b| b.get().len()).sum());
            for block in blocks {
                all.extend_from_slice(block.get());
            }
            if !workers::sort_until(&mut all, &|r| r[0], threads, stop) {
                return Err(stopped(pass));
            }
            joined.pairings += all.len() as u64;
            joined.ahead = 0;
            for sums in all.chunk_by(|a, b| a[0] >> RANK_BITS == b[0] >> RANK_BITS) {
                let g = sums[0][0] >> RANK_BITS;
                let lo = self.states.partition_point(|s| s.0 < g);
                let hi = self.states.partition_point(|s| s.0 <= g);
                joined.ahead += (sums.len() * (hi - lo)) as u64;
            }
            joining(&joined, None)?;
            // The bottom half in many shares, each thread taking the next: the pairs crowd into
            // some groups, and halves of the bottom half left a thread idle for minutes.
            let chunk = self.states.len().div_ceil(threads * SHARES).max(1);
            let shares: Vec<&[(u64, u64, u64)]> = self.states.chunks(chunk).collect();
            let next = AtomicUsize::new(0);
            let outcomes = workers::map((0..threads).collect(), |_| {
                let mut sum = (0u128, 0u64, 0u64);
                while let Some(states) = shares.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let (t, pairs, tours) = self.join_bottom(states, part, &all, stop);
                    sum = (sum.0.saturating_add(t), sum.1 + pairs, sum.2 + tours);
                }
                sum
            });
            drop(all);
            if stop.load(Ordering::Relaxed) {
                return Err(stopped(pass));
            }
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
            joining(&joined, Some(total))?;
        }
        Ok((total, joined))
    }

    /// Hands `sum` the key and ways of the top half's states `records` joined with each set of
    /// ladder edges they take, those of groups in `part` (the key: the group, then the rank of
    /// how the paths pair the nodes where the halves meet); returns the states.
    fn pair_top(&self, records: &[Record], part: Part, sum: &mut impl FnMut(u64, u64)) -> u64 {
        let (w, top) = (self.w as usize, self.top);
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
                let mut partner = [0u8; MEETS];
                for (i, &v) in nodes[..len].iter().enumerate() {
                    let r = joins.root(usize::from(v));
                    match first_at[r] {
                        u8::MAX => first_at[r] = i as u8,
                        j => {
                            partner[i] = j;
                            partner[usize::from(j)] = i as u8;
                        }
                    }
                }
                sum(group << RANK_BITS | rank(&partner, len), ways);
            }
        }
        states
    }

    /// The tours of the bottom half's states `states` in `part` joined to the top half's sums
    /// `sums` (sorted by key): the ways, the pairs tested and those that make one path.
    fn join_bottom(
        &self,
        states: &[(u64, u64, u64)],
        part: Part,
        sums: &[Record],
        stop: &AtomicBool,
    ) -> (u128, u64, u64) {
        let w = self.w as usize;
        let out = 3 * w;
        let (mut total, mut pairs, mut tours) = (0u128, 0u64, 0u64);
        // The sums of the group in hand, their pairings unranked.
        let mut pairings: Vec<([u8; MEETS], u64)> = Vec::new();
        let mut held = u64::MAX;
        for (i, &(group, codes, ways)) in states.iter().enumerate() {
            if i % 1024 == 0 && stop.load(Ordering::Relaxed) {
                break;
            }
            if !part.holds(group) {
                continue;
            }
            let (nodes, len) = meets(group, w);
            if group != held {
                held = group;
                let lo = sums.partition_point(|r| r[0] >> RANK_BITS < group);
                let hi = lo + sums[lo..].partition_point(|r| r[0] >> RANK_BITS <= group);
                pairings.clear();
                pairings.extend(
                    sums[lo..hi]
                        .iter()
                        .map(|&[k, ways]| (unrank(k & ((1 << RANK_BITS) - 1), len), ways)),
                );
            }
            if pairings.is_empty() {
                continue;
            }
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
            for &(above, top_ways) in &pairings {
                pairs += 1;
                // Alternately a path above and one below, from node 0: back at 0 after all?
                let (mut i, mut seen) = (0usize, 0usize);
                loop {
                    let j = usize::from(above.get(i).copied().unwrap_or(0));
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
