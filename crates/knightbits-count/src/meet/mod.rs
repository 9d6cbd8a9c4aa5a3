//! Directed open tours by meet in the middle.
//!
//! Every directed tour `v0 … v(n-1)` of an `n`-square board has one middle square `m = v(a-1)`,
//! `a = ⌈n / 2⌉`. Read from `m`, the tour is two paths leaving `m`: the first half backwards
//! (`a` squares, ending on the start `v0`) and the second half forwards (`b = n + 1 - a`
//! squares, `b` is `a` or `a + 1`), sharing only `m` and together covering the board. So for
//! each middle square the counter walks once, depth first, every path of `a` squares from `m`,
//! and counts them in two tables keyed by their set of squares: the first-half table (only the
//! paths ending in the orbit of the requested start, if any) and the second-half table (every path, extended
//! by one more square when `b = a + 1`). A first-half set `S` completes to tours with every
//! second-half path covering the unvisited remainder plus `m`, read backwards from its far end:
//! the count is Σ first(S) · second(complement of S ∪ {m}). When `a = b` and every start is
//! counted, the two tables are one.
//!
//! Colours: a knight always changes colour, so a tour alternates colours: its start lies on a
//! colour with `⌈n / 2⌉` squares, and its middle square, `a - 1` moves on, on a known colour.
//! On a board with an odd number of squares that is the larger colour (25 of the 49 squares of
//! 7 x 7), and the middle squares of the other colour are not walked.
//!
//! Symmetry: only one middle square per orbit of the board's symmetry group is walked, weighted
//! by the orbit's size (with a start square, its first halves end anywhere in the start's orbit
//! and the count is scaled back: [`count_unit`]), and only one first move per orbit of the
//! symmetries fixing the middle square; the tables are keyed by the least image of a set under
//! those symmetries. The walk of one middle square is shared among the threads by its first
//! moves.
//!
//! Tables: keys are sets without the bit of `m` (48 bits on 7 x 7), in the compact table of
//! `packed.rs` (8 bytes a slot, in shards that grow one at a time). Each thread fills its own
//! tables; they are merged shard by shard, and the sum over the first-half table is shared
//! among the threads by shard.
//!
//! Pruning, at every square of the walk: the walk's path (from its end `e`, `r` more squares)
//! and the other half (from `m`) must still be able to cover the unvisited squares, two paths
//! alternating colours whose final squares have known colours. Every unvisited square needs two
//! tour edges, except a final square, which needs one; its edges come from unvisited squares of
//! the other colour, plus at most one from `e` (to the walk's next square) and one from `m`.
//! Hence, colour by colour:
//!
//! - shortfall: the squares of one colour lacking unvisited neighbours (one edge missing for a
//!   single neighbour, two for none) lack no more edges than the final squares of that colour
//!   still to come, plus one for `e` and one for `m` when they touch such a square;
//! - bare squares: a square without unvisited neighbours can only be the walk's final square,
//!   next to `e` with one square left (or the other half's, next to `m`, on tiny boards);
//! - the other half's first square: some neighbour of `m` must stay unvisited;
//! - forced edges: on a colour that holds no final square (the smaller colour of an odd board),
//!   a square with exactly two usable neighbours (or one, plus a port) uses them all, so no
//!   square may receive three such forced edges;
//! - reach (in the last three squares of the walk): an unvisited square with fewer than two
//!   neighbours among the unvisited squares and `m` cannot be crossed by the other half, so
//!   all but one of them (the other half's final square, of its colour) must lie within the
//!   walk's remaining reach from `e`, and at most `r + 1` exist.
//!
//! A finished half enters a table only when one path from `m` can cover the rest: the same
//! shortfall and forced-edge rules for that one path. Whether the rest is connected is left to
//! the sum: a rest in pieces is covered by no path, so it has no entry to pair with. Each rule
//! only removes paths that complete to no tour, so the counts are exact; the tests check every
//! rule on every tour of the boards small enough to list them.

mod job;
mod orbits;
mod plan;
mod sample;
#[cfg(test)]
mod tests;

pub(crate) use self::job::MeetCount;

use super::error::CountError;
use super::grid::{Degrees, Grid, Perm};
use super::packed::{Filler, PackedTable as Table};
use super::workers;
use orbits::{orbit, orbits};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::vec::Vec;

/// The middle squares a count walks, one per orbit of the board's symmetries, with the size of
/// the orbit (with or without a start square: see [`count_unit`]).
pub(crate) fn units(grid: &Grid) -> Vec<(u32, u64)> {
    let colours = middle_colours(grid);
    orbits(grid)
        .into_iter()
        .filter(|&(m, _)| colours[grid.colour(m)])
        .collect()
}

/// Directed open tours through the unit `(m, weight)` of [`units`], on `threads` threads;
/// `None` when `stop` was set before the walk ended.
///
/// With a start square `s`, the tours from `s` whose middle square is in the orbit `M` of `m`
/// are those from the orbit `O` of `s` through `m`, scaled: a symmetry `g` maps the tours from
/// `s` through `g m` to those from `g⁻¹ s` through `m`, so summing over all `g` of the group `G`
/// counts each middle of `M` `|G| / |M|` times and each start of `O` `|G| / |O|` times, and
/// tours(s, M) = T(O, m) · |M| / |O|, with `T(O, m)` the tours from any square of `O` through
/// `m`: one walk of `m` with the first halves ending anywhere in `O`.
pub(crate) fn count_unit(
    grid: &Grid,
    (m, weight): (u32, u64),
    start: Option<u32>,
    threads: usize,
    stop: &AtomicBool,
) -> Result<Option<u128>, CountError> {
    let starts = start.map(|s| orbit(grid, s));
    let Some(through) = middle(grid, m, starts, threads, stop)? else {
        return Ok(None);
    };
    let through = through
        .checked_mul(u128::from(weight))
        .ok_or(CountError::Overflow { bits: 64 })?;
    Ok(Some(
        through / u128::from(starts.map_or(1, u64::count_ones)),
    ))
}

/// Directed open tours whose middle square is `m` (the tests check the units against search).
#[cfg(test)]
pub(crate) fn count_through(grid: &Grid, m: u32, threads: usize) -> Result<u64, CountError> {
    if !middle_colours(grid)[grid.colour(m)] {
        return Ok(0);
    }
    let through = middle(grid, m, None, threads, &AtomicBool::new(false))?.unwrap_or(0);
    u64::try_from(through).map_err(|_| CountError::Overflow { bits: 64 })
}

/// Directed open tours from square `s` summed over every middle square, each walked with the
/// first halves ending on `s` alone: no symmetry between middle squares, a reference for the
/// orbit scaling of [`count_unit`].
#[cfg(test)]
pub(super) fn count_from_every_middle(grid: &Grid, s: u32, threads: usize) -> u128 {
    let colours = middle_colours(grid);
    (0..grid.len)
        .filter(|&m| colours[grid.colour(m)])
        .map(|m| {
            middle(grid, m, Some(1 << s), threads, &AtomicBool::new(false))
                .unwrap()
                .unwrap()
        })
        .sum()
}

/// For each colour, can a tour's middle square have it? A tour alternates colours, so its start
/// lies on a colour with `⌈n / 2⌉` squares and its middle square, `a - 1` moves on, on that
/// colour or the other as `a - 1` is even or odd.
fn middle_colours(grid: &Grid) -> [bool; 2] {
    let a = grid.len.div_ceil(2);
    let mut ok = [false; 2];
    for c in 0..2 {
        if grid.class[c].count_ones() == a {
            ok[c ^ ((a - 1) & 1) as usize] = true;
        }
    }
    ok
}

/// Directed open tours with middle square `m` (starting on a square of `starts` when given);
/// `None` when `stop` was set before the walk ended.
fn middle(
    grid: &Grid,
    m: u32,
    starts: Option<u64>,
    threads: usize,
    stop: &AtomicBool,
) -> Result<Option<u128>, CountError> {
    let walk = Walk::new(grid, m, starts);
    let Some((first, second)) = walk.tables(threads, stop) else {
        return Ok(None);
    };
    if first.overflowed || second.as_ref().is_some_and(|t| t.overflowed) {
        return Err(CountError::Overflow { bits: 64 });
    }
    let second = second.as_ref().unwrap_or(&first);
    // Σ over first-half classes C: (F(C) / |C|) · G(class of the remainder), where F and G sum
    // over a class and the remainder's class has the size of C (the map commutes with the
    // symmetries). The shards of the first-half table are shared among the threads.
    let next = AtomicUsize::new(0);
    let sums = workers::map((0..threads.max(1)).collect(), |_| {
        let mut sum: u128 = 0;
        loop {
            let shard = next.fetch_add(1, Ordering::Relaxed);
            if shard >= first.shards() {
                return sum;
            }
            for (key, ways) in first.shard_entries(shard) {
                let set = walk.expand(key);
                let rest = walk.canon((grid.full & !set) | (1 << m));
                let partner = second.get(walk.compress(rest));
                if partner != 0 {
                    sum += (ways / walk.class(set)) as u128 * partner as u128;
                }
            }
        }
    });
    Ok(Some(sums.into_iter().sum()))
}

/// The rules for pruning a walk at one length of its path.
#[derive(Clone, Copy, Debug, Default)]
struct Rule {
    /// How many final squares (of the walk's path and of the other half) each colour may still
    /// hold.
    ends: [u32; 2],
    /// May a square without unvisited neighbours be the walk's final square, next to its end
    /// (one square left)?
    bare_at_end: bool,
    /// May it be the other half's final square, next to `m` (a half of two squares)?
    bare_at_m: bool,
    /// The most squares the walk's path may still take.
    reach: u32,
    /// The colour classes the other half may end on, as a mask of squares.
    other_end: u64,
    /// The squares of the colour with no final square left (none on boards with an even
    /// number of squares): each needs exactly two tour edges.
    forced: u64,
}

/// How one path from `m` must cover the squares a finished half leaves.
#[derive(Clone, Copy, Debug, Default)]
struct Finish {
    /// Its length, counting `m`.
    len: u32,
    /// The final squares each colour holds (its last square: 1 on one colour).
    ends: [u32; 2],
    /// The squares of the colour holding no final square.
    forced: u64,
}

/// The depth-first walk of the paths of `len` squares from the middle square `m`.
struct Walk<'a> {
    grid: &'a Grid,
    m: u32,
    len: u32,
    /// Is the second half one square longer than the first?
    longer: bool,
    /// The squares the first half may end on (any when `None`).
    starts: Option<u64>,
    /// Are the first-half and second-half tables separate?
    separate: bool,
    /// The symmetries other than the identity that fix `m`.
    perms: Vec<Perm>,
    /// For each first move walked, the size of its orbit; 0 for the moves not walked.
    firsts: [u64; 64],
    /// The neighbours of `m`.
    near: u64,
    /// The pruning rules by the length of the walk's path.
    rules: [Rule; 65],
    /// The rule for the rest of a finished first half, and of a finished second half.
    finish: [Finish; 2],
}

/// A path: squares, end, length, unvisited neighbours of every square, and how many paths it
/// stands for (its images under the symmetries fixing the middle square).
type Prefix = (u64, u32, u32, Degrees, u64);

/// A first-half table and, unless it is the same, a second-half table, being filled.
type Tables = (Filler, Option<Filler>);

/// The walk's path is completed to this length before checking how far it may still reach.
const REACH: u32 = 3;

impl<'a> Walk<'a> {
    /// The walk of the paths from middle square `m` (first halves ending in `starts`, if given).
    fn new(grid: &'a Grid, m: u32, starts: Option<u64>) -> Walk<'a> {
        let n = grid.len;
        let a = n.div_ceil(2);
        let b = n + 1 - a;
        // The symmetries fixing the middle square and the set of starts (all of those fixing
        // `m` when the set is a union of orbits): the tables are keyed by the least image of a
        // set under them, and only one first move per orbit is walked.
        let image = |map: &[u8; 64], set: u64| {
            (0..n)
                .filter(|&i| set & 1 << i != 0)
                .fold(0u64, |o, i| o | 1 << map[i as usize])
        };
        let fixing: Vec<[u8; 64]> = grid
            .symmetries()
            .filter(|map| map[m as usize] as u32 == m && starts.is_none_or(|s| image(map, s) == s))
            .collect();
        let perms: Vec<Perm> = fixing
            .iter()
            .filter(|map| (0..n).any(|i| map[i as usize] as u32 != i))
            .map(|map| Perm::new(map, n))
            .collect();
        let mut firsts = [0u64; 64];
        let mut seen = 0u64;
        let mut t = grid.adj[m as usize];
        while t != 0 {
            let i = t.trailing_zeros();
            t &= t - 1;
            if seen & (1 << i) == 0 {
                let orbit = fixing.iter().fold(0u64, |o, map| o | 1 << map[i as usize]);
                seen |= orbit;
                firsts[i as usize] = orbit.count_ones() as u64;
            }
        }
        let longer = b > a;
        let separate = longer || starts.is_some();
        // The colour of the square `k` squares along a path from m (m being the first).
        let cm = grid.colour(m);
        let colour_at = |k: u32| cm ^ ((k - 1) & 1) as usize;
        // The roles of a walked path: (its length, the other half's length). As a first half
        // it has a squares; as a second half (a separate table), b.
        let mut roles = std::vec![(a, b)];
        if separate {
            roles.push((b, a));
        }
        let mut rules = [Rule::default(); 65];
        for len in 1..a {
            let mut rule = Rule::default();
            for &(own, other) in &roles {
                let r = own - len;
                let mut ends = [0u32; 2];
                ends[colour_at(own)] += 1;
                ends[colour_at(other)] += 1;
                for (most, e) in rule.ends.iter_mut().zip(ends) {
                    *most = (*most).max(e);
                }
                rule.bare_at_end |= r == 1;
                rule.bare_at_m |= other == 2;
                rule.reach = rule.reach.max(r);
                rule.other_end |= grid.class[colour_at(other)];
            }
            for c in 0..2 {
                if rule.ends[c] == 0 {
                    rule.forced |= grid.class[c];
                }
            }
            rules[len as usize] = rule;
        }
        let finish_of = |other: u32| {
            let mut ends = [0u32; 2];
            if other > 1 {
                ends[colour_at(other)] = 1;
            }
            let forced = (0..2)
                .filter(|&c| ends[c] == 0)
                .fold(0, |f, c| f | grid.class[c]);
            Finish {
                len: other,
                ends,
                forced,
            }
        };
        Walk {
            grid,
            m,
            len: a,
            longer,
            starts,
            separate,
            perms,
            firsts,
            near: grid.adj[m as usize],
            rules,
            finish: [finish_of(b), finish_of(a)],
        }
    }
}

impl Walk<'_> {
    /// The key of `set`: its least image under the symmetries.
    #[inline]
    fn canon(&self, set: u64) -> u64 {
        self.perms
            .iter()
            .fold(set, |best, p| best.min(p.apply(set)))
    }

    /// `set` (holding `m`) without the bit of `m`: the table key, one bit shorter.
    #[inline]
    fn compress(&self, set: u64) -> u64 {
        let low = (1u64 << self.m) - 1;
        (set & low) | (set >> 1 & !low)
    }

    /// The set of a table key.
    #[inline]
    fn expand(&self, key: u64) -> u64 {
        let low = (1u64 << self.m) - 1;
        (key & low) | (key & !low) << 1 | 1 << self.m
    }

    /// How many distinct images `set` has.
    fn class(&self, set: u64) -> u64 {
        let mut images = [set; 8];
        for (slot, p) in images.iter_mut().skip(1).zip(&self.perms) {
            *slot = p.apply(set);
        }
        let images = &mut images[..=self.perms.len()];
        images.sort_unstable();
        1 + images.windows(2).filter(|w| w[0] != w[1]).count() as u64
    }

    /// Can the walk's path (`len` squares, ending on `end`) and the other half from `m` still
    /// cover the squares outside `visited`, given how many unvisited neighbours every square
    /// has?
    #[inline]
    fn viable(&self, visited: u64, end: u32, len: u32, deg: Degrees) -> bool {
        let g = self.grid;
        let rule = &self.rules[len as usize & 63];
        let free = g.full & !visited;
        if free & self.near == 0 {
            // The other half has no first square left.
            return false;
        }
        let (once, twice) = (deg.once(), deg.twice());
        let near_end = g.adj[end as usize];
        let bare = free & !once;
        if bare != 0 {
            let zone = if rule.bare_at_end { near_end } else { 0 }
                | if rule.bare_at_m { self.near } else { 0 };
            if bare & !zone != 0 {
                return false;
            }
        }
        let short = free & !twice;
        for c in 0..2 {
            // The ports reach only squares of the colour they serve.
            let short = short & g.class[c];
            let supply =
                rule.ends[c] + (short & self.near != 0) as u32 + (short & near_end != 0) as u32;
            if more_than(short, supply, short & bare) {
                return false;
            }
        }
        if rule.reach <= REACH {
            let low = free & !(twice | (once & self.near));
            let mut reach = near_end & free;
            for _ in 1..rule.reach {
                reach |= g.attacks(reach) & free;
            }
            let far = low & !reach;
            if far & far.wrapping_sub(1) != 0
                || far & !(rule.other_end & (once | self.near)) != 0
                || more_than(low, rule.reach + 1, 0)
            {
                return false;
            }
        }
        let forced = ((short & once) | (free & twice & !deg.thrice() & !(near_end | self.near)))
            & rule.forced;
        !three_or_more(forced) || g.three_neighbours(forced) & free == 0
    }

    /// Can one path from `m` of `finish.len` squares cover the squares outside `visited`, given
    /// how many unvisited neighbours every square has? (Connectivity is left to the sum: a
    /// remainder in pieces is covered by no path, so it has no entry to pair with.)
    #[inline]
    fn finishable(&self, visited: u64, deg: Degrees, finish: &Finish) -> bool {
        let g = self.grid;
        let free = g.full & !visited;
        if free == 0 {
            return true;
        }
        let (once, twice) = (deg.once(), deg.twice());
        let bare = free & !once;
        if bare != 0 && (finish.len != 2 || bare & !self.near != 0) {
            return false;
        }
        let short = free & !twice;
        for c in 0..2 {
            let short = short & g.class[c];
            let supply = finish.ends[c] + (short & self.near != 0) as u32;
            if more_than(short, supply, short & bare) {
                return false;
            }
        }
        let forced = ((short & once) | (free & twice & !deg.thrice() & !self.near)) & finish.forced;
        !three_or_more(forced) || g.three_neighbours(forced) & free == 0
    }

    /// Enters a finished path (squares `visited`, ending on `end`) in the tables.
    #[inline]
    fn leaf(&self, visited: u64, end: u32, deg: Degrees, ways: u64, tables: &mut Tables) {
        let (first, second) = tables;
        let [as_first, as_second] = &self.finish;
        if self.starts.is_none_or(|s| s & 1 << end != 0) && self.finishable(visited, deg, as_first)
        {
            first.add(self.compress(self.canon(visited)), ways);
        }
        if let Some(second) = second {
            if self.longer {
                let mut to = self.grid.adj[end as usize] & !visited;
                while to != 0 {
                    let t = to.trailing_zeros();
                    to &= to - 1;
                    let v = visited | (1 << t);
                    if self.finishable(v, deg.minus(self.grid.adj[t as usize]), as_second) {
                        second.add(self.compress(self.canon(v)), ways);
                    }
                }
            } else if self.finishable(visited, deg, as_second) {
                second.add(self.compress(self.canon(visited)), ways);
            }
        }
    }

    /// Walks every viable path extending the one covering `visited`, `len` squares long and
    /// ending on `end`, into the tables; `deg` counts the unvisited neighbours of every square.
    fn walk(&self, at: Prefix, tables: &mut Tables) {
        let (visited, end, len, deg, ways) = at;
        if len == self.len {
            self.leaf(visited, end, deg, ways, tables);
            return;
        }
        let mut next = self.grid.adj[end as usize] & !visited;
        if len + 1 == self.len {
            // The leaves test themselves.
            while next != 0 {
                let t = next.trailing_zeros();
                next &= next - 1;
                let d = deg.minus(self.grid.adj[t as usize]);
                self.leaf(visited | (1 << t), t, d, ways, tables);
            }
            return;
        }
        while next != 0 {
            let t = next.trailing_zeros();
            next &= next - 1;
            let v = visited | (1 << t);
            let d = deg.minus(self.grid.adj[t as usize]);
            if self.viable(v, t, len + 1, d) {
                self.walk((v, t, len + 1, d, ways), tables);
            }
        }
    }

    /// The viable paths of `depth` squares from `m` (all of them, when shorter than that), as
    /// (squares, end, length): the units of work shared among threads.
    fn prefixes(&self, depth: u32) -> Vec<Prefix> {
        let mut out = Vec::new();
        let root = 1u64 << self.m;
        let deg = self.grid.degrees(self.grid.full & !root);
        self.collect((root, self.m, 1, deg, 1), depth.min(self.len), &mut out);
        out
    }

    fn collect(&self, at: Prefix, depth: u32, out: &mut Vec<Prefix>) {
        let (visited, end, len, deg, ways) = at;
        if len == depth {
            out.push(at);
            return;
        }
        let mut next = self.grid.adj[end as usize] & !visited;
        while next != 0 {
            let t = next.trailing_zeros();
            next &= next - 1;
            // One first move per orbit, standing for the whole orbit.
            let ways = if len == 1 {
                self.firsts[t as usize]
            } else {
                ways
            };
            if ways == 0 {
                continue;
            }
            let v = visited | (1 << t);
            let d = deg.minus(self.grid.adj[t as usize]);
            if len + 1 == self.len || self.viable(v, t, len + 1, d) {
                self.collect((v, t, len + 1, d, ways), depth, out);
            }
        }
    }

    /// The first-half and second-half tables, walked on `threads` threads.
    fn tables(&self, threads: usize, stop: &AtomicBool) -> Option<(Table, Option<Table>)> {
        let work = self.prefixes(PREFIX);
        let next = AtomicUsize::new(0);
        let bits = self.grid.len - 1;
        let mut done = workers::map((0..threads.max(1)).collect(), |_| {
            let mut tables = (Filler::new(bits), self.separate.then(|| Filler::new(bits)));
            // Each prefix is walked as its extensions by a few squares, looking for a stop
            // between them: their walks are short (a few milliseconds on 7 x 7).
            let mut finer = Vec::new();
            let depth = (PREFIX + FINER).min(self.len);
            while let Some(&at) = work.get(next.fetch_add(1, Ordering::Relaxed)) {
                finer.clear();
                self.collect(at, depth, &mut finer);
                for &at in &finer {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    self.walk(at, &mut tables);
                }
            }
            let (first, second) = tables;
            (first.into_table(), second.map(Filler::into_table))
        });
        // Merge the smaller tables into the largest.
        done.sort_by_key(|t| core::cmp::Reverse(t.0.len));
        let mut rest = done.into_iter();
        let (mut first, mut second) = rest
            .next()
            .unwrap_or_else(|| (Table::new(bits), self.separate.then(|| Table::new(bits))));
        for (f, s) in rest {
            first.merge(f);
            if let (Some(all), Some(s)) = (second.as_mut(), s) {
                all.merge(s);
            }
        }
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        Some((first, second))
    }
}

/// Does `set` hold more than `k` squares, counting those of `twice` (a subset) twice?
#[inline]
fn more_than(set: u64, k: u32, twice: u64) -> bool {
    if twice != 0 {
        return set.count_ones() + twice.count_ones() > k;
    }
    // Most sets hold at most two squares: no count needed.
    let s1 = set & set.wrapping_sub(1);
    match k {
        0 => set != 0,
        1 => s1 != 0,
        _ => s1 & s1.wrapping_sub(1) != 0 && set.count_ones() > k,
    }
}

/// Does `set` hold three squares or more?
#[inline]
fn three_or_more(set: u64) -> bool {
    let s1 = set & set.wrapping_sub(1);
    s1 & s1.wrapping_sub(1) != 0
}

/// Length of the paths handed to threads as units of work.
const PREFIX: u32 = 6;

/// Squares a unit of work is extended by before each extension is walked, looking for a stop
/// between them.
const FINER: u32 = 4;

/// Checks the pruning against one directed tour `v0 … v(n-1)` (square bits): read from its
/// middle square, each half passes [`Walk::viable`] at every length short of a finished half
/// and [`Walk::finishable`] once finished, in the walks of every start and of its own start,
/// in the role (first or second half) each walk gives it. `None` when it does; otherwise which
/// half, walk and length failed.
#[cfg(test)]
pub(super) fn pruning_failure(grid: &Grid, tour: &[u32]) -> Option<std::string::String> {
    let n = grid.len as usize;
    let a = n.div_ceil(2);
    let m = tour[a - 1];
    let first: Vec<u32> = tour[..a].iter().rev().copied().collect();
    let second: Vec<u32> = tour[a - 1..].to_vec();
    for start in [None, Some(tour[0])] {
        let walk = Walk::new(grid, m, start.map(|s| 1 << s));
        // In a walk with one table, both halves are checked as first halves (same length).
        let halves: [(&[u32], usize); 2] = if walk.separate {
            [(&first, 0), (&second, 1)]
        } else {
            [(&first, 0), (&second, 0)]
        };
        for (half, role) in halves {
            let mut visited = 0u64;
            for (i, &sq) in half.iter().enumerate() {
                visited |= 1 << sq;
                let len = i as u32 + 1;
                let deg = grid.degrees(grid.full & !visited);
                let ok = if len < walk.len {
                    len == 1 || walk.viable(visited, sq, len, deg)
                } else if len as usize == half.len() {
                    walk.finishable(visited, deg, &walk.finish[role])
                } else {
                    // The walk's length of a second half one square longer: checked whole.
                    true
                };
                if !ok {
                    return Some(std::format!(
                        "start {start:?}, half {role} {half:?}, fails at length {len}"
                    ));
                }
            }
        }
    }
    None
}
