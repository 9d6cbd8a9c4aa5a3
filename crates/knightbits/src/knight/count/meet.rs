//! Directed open tours by meet in the middle.
//!
//! Every directed tour `v0 … v(n-1)` of an `n`-square board has one middle square `m = v(a-1)`,
//! `a = (n + 1) / 2`. Read from `m`, the tour is two paths leaving `m`: the first half backwards
//! (`a` squares, ending on the start `v0`) and the second half forwards (`b = n + 1 - a` squares),
//! sharing only `m` and together covering the board. So for each middle square the counter
//! enumerates the `a`-square paths from `m` into a table keyed by their set of squares (the ends
//! summed, or only the ones ending on the requested start), then enumerates the `b`-square paths
//! from `m` and looks up the unvisited remainder plus `m`: the set the other half must cover.
//! When `a = b` and every start counts, the second enumeration is the table itself.
//!
//! Symmetry: with every start counted, only one middle square per orbit of the board's symmetry
//! group is walked, weighted by the orbit's size.
//!
//! Pruning, at every square of both walks: the two unfinished paths (one from the walk's end, one
//! from `m`) must still be able to cover the unvisited squares, so every unvisited square needs a
//! neighbour among the unvisited squares, the walk's end and `m`; at most two of them (the two
//! final squares) may have fewer than two; and every unvisited square must be reachable from the
//! walk's end or from `m` through unvisited squares. A finished half must leave a remainder that
//! one path from `m` can cover: connected through `m`, at most one square of degree one. With a
//! fixed start the first half must reach it on its last square: knight distance and colour.

use super::grid::Grid;
use super::table::Table;
use super::{CountError, Progress};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::vec::Vec;

/// Directed open tours starting on square bit `start` (any square when `None`).
pub(crate) fn count(
    grid: &Grid,
    start: Option<u32>,
    threads: usize,
    progress: &mut dyn FnMut(Progress),
) -> Result<u64, CountError> {
    let n = grid.len;
    let a = n.div_ceil(2);
    let b = n + 1 - a;
    let threads = threads.max(1);
    // The middle squares to walk, with the number of middle squares each stands for.
    let middles: Vec<(u32, u64)> = match start {
        Some(_) => (0..n).map(|m| (m, 1)).collect(),
        None => orbits(grid),
    };
    let dist = start.map(|s| distances(grid, s));
    let total_work = middles.len() as u64;
    let mut total: u128 = 0;
    for (done, &(m, weight)) in middles.iter().enumerate() {
        progress(Progress {
            done: done as u64,
            total: total_work,
        });
        let first = Half {
            grid,
            m,
            len: a,
            start: start.zip(dist.as_deref()),
        };
        if let (Some(s), Some(d)) = (start, dist.as_deref()) {
            // The first half (read from the middle) ends on the start, `a - 1` moves away.
            let gap = a - 1;
            if d[m as usize] > gap || (gap - d[m as usize]) % 2 != 0 || (s == m && a > 1) {
                continue;
            }
        }
        let table = build(&first, threads);
        let count = if start.is_none() && a == b {
            table.pairs(grid.full, 1 << m)
        } else {
            let second = Half {
                grid,
                m,
                len: b,
                start: None,
            };
            join(&second, &table, threads)
        };
        total += count * weight as u128;
    }
    progress(Progress {
        done: total_work,
        total: total_work,
    });
    u64::try_from(total).map_err(|_| CountError::Overflow)
}

/// One half of the tour: the paths of `len` squares from the middle square `m`.
struct Half<'a> {
    grid: &'a Grid,
    m: u32,
    len: u32,
    /// The square this half must end on, with the knight distances to it.
    start: Option<(u32, &'a [u32])>,
}

impl Half<'_> {
    /// Can the path covering `visited`, `len` squares long and ending on `end`, still be part
    /// of a tour with middle `m`?
    #[inline]
    fn viable(&self, visited: u64, end: u32, len: u32) -> bool {
        let g = self.grid;
        if let Some((s, dist)) = self.start {
            let left = self.len - len;
            if visited & (1 << s) != 0 {
                if end != s || left != 0 {
                    return false;
                }
            } else {
                let d = dist[end as usize];
                if d > left || (left - d) % 2 != 0 {
                    return false;
                }
            }
        }
        let free = g.full & !visited;
        if free == 0 {
            return true;
        }
        let ends = (1u64 << end) | (1u64 << self.m);
        if len == self.len {
            // Finished: one path from `m` must cover the rest.
            let (once, twice) = g.attacks_twice(free | (1 << self.m));
            let low = free & !twice;
            free & !once == 0
                && low & (low.wrapping_sub(1)) == 0
                && g.fill(g.adj[self.m as usize] & free, free) == free
        } else {
            let (once, twice) = g.attacks_twice(free | ends);
            let low = free & !twice;
            free & !once == 0
                && low.count_ones() <= 2
                && g.fill((g.adj[end as usize] | g.adj[self.m as usize]) & free, free) == free
        }
    }

    /// Calls `leaf` with the square set of every viable path of `self.len` squares extending the
    /// one covering `visited` and ending on `end`.
    fn walk(&self, visited: u64, end: u32, len: u32, leaf: &mut impl FnMut(u64)) {
        if len == self.len {
            leaf(visited);
            return;
        }
        let mut next = self.grid.adj[end as usize] & !visited;
        while next != 0 {
            let t = next.trailing_zeros();
            next &= next - 1;
            let v = visited | (1 << t);
            if self.viable(v, t, len + 1) {
                self.walk(v, t, len + 1, leaf);
            }
        }
    }

    /// The viable paths of up to `depth` squares from `m` (shorter only when `len` is), as
    /// (squares, end, length): the units of work shared among threads.
    fn prefixes(&self, depth: u32) -> Vec<(u64, u32, u32)> {
        let depth = depth.min(self.len);
        let mut out = Vec::new();
        let root = 1u64 << self.m;
        if self.viable(root, self.m, 1) {
            self.collect(root, self.m, 1, depth, &mut out);
        }
        out
    }

    fn collect(
        &self,
        visited: u64,
        end: u32,
        len: u32,
        depth: u32,
        out: &mut Vec<(u64, u32, u32)>,
    ) {
        if len == depth {
            out.push((visited, end, len));
            return;
        }
        let mut next = self.grid.adj[end as usize] & !visited;
        while next != 0 {
            let t = next.trailing_zeros();
            next &= next - 1;
            let v = visited | (1 << t);
            if self.viable(v, t, len + 1) {
                self.collect(v, t, len + 1, depth, out);
            }
        }
    }
}

/// Depth of the paths handed to threads as units of work.
const PREFIX: u32 = 5;

/// The table of `half`: how many of its paths cover each set of squares.
fn build(half: &Half<'_>, threads: usize) -> Table {
    let work = half.prefixes(PREFIX);
    let next = AtomicUsize::new(0);
    let tables = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut table = Table::new();
                while let Some(&(v, e, l)) = work.get(next.fetch_add(1, Ordering::Relaxed)) {
                    half.walk(v, e, l, &mut |set| table.add(set, 1));
                }
                tables.lock().unwrap_or_else(|p| p.into_inner()).push(table);
            });
        }
    });
    let mut tables = tables.into_inner().unwrap_or_else(|p| p.into_inner());
    // Merge the smaller tables into the largest.
    tables.sort_by_key(|t| core::cmp::Reverse(t.len));
    let mut rest = tables.into_iter();
    let mut all = rest.next().unwrap_or_else(Table::new);
    for t in rest {
        all.merge(&t);
    }
    all
}

/// Tours made of a path of `half` and the table entry for its remainder.
fn join(half: &Half<'_>, table: &Table, threads: usize) -> u128 {
    let work = half.prefixes(PREFIX);
    let next = AtomicUsize::new(0);
    let full = half.grid.full;
    let m = 1u64 << half.m;
    let sums: Vec<u128> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut sum: u128 = 0;
                    while let Some(&(v, e, l)) = work.get(next.fetch_add(1, Ordering::Relaxed)) {
                        half.walk(v, e, l, &mut |set| {
                            sum += table.get((full & !set) | m) as u128;
                        });
                    }
                    sum
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0)).collect()
    });
    sums.into_iter().sum()
}

/// Knight distances from `from` to every square (`u32::MAX` when unreachable).
fn distances(grid: &Grid, from: u32) -> Vec<u32> {
    let mut dist = std::vec![u32::MAX; 64];
    let mut reached = 1u64 << from;
    let mut layer = reached;
    let mut d = 0;
    while layer != 0 {
        let mut bits = layer;
        while bits != 0 {
            dist[bits.trailing_zeros() as usize] = d;
            bits &= bits - 1;
        }
        layer = grid.attacks(layer) & !reached;
        reached |= layer;
        d += 1;
    }
    dist
}

/// One square of each orbit of the board's symmetries, with the orbit's size.
fn orbits(grid: &Grid) -> Vec<(u32, u64)> {
    let maps: Vec<[u8; 64]> = grid.symmetries().collect();
    let mut seen = 0u64;
    let mut out = Vec::new();
    for m in 0..grid.len {
        if seen & (1 << m) != 0 {
            continue;
        }
        let orbit = maps.iter().fold(0u64, |o, map| o | 1 << map[m as usize]);
        seen |= orbit;
        out.push((m, orbit.count_ones() as u64));
    }
    out
}
