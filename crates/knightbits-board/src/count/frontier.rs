//! Undirected closed tours by a frontier (transfer-matrix) dynamic programme.
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

use super::table::Table;
use super::workers;
use super::{CountError, Progress};
use crate::board::Board;
use std::vec::Vec;

/// The widest shorter side: a frontier of `2w + 1` squares at four bits each fits a `u64`.
pub(crate) const MAX_WIDTH: u32 = 7;

/// A frontier square with no edge yet.
const EMPTY: u8 = 0;
/// A frontier square with both its edges.
const DONE: u8 = 15;
/// A label no normalised state uses (they use at most 7).
const FRESH: u8 = 14;
/// Counting paths: an end of a partial path whose other end is already an end of the tour.
const SINGLE: u8 = 13;
/// Counting paths: where a state keeps how many ends of the tour have left the frontier.
const ENDS: u32 = 60;
/// A marker bit on table keys, so that no key is 0.
const MARK: u64 = 1 << 63;

/// Undirected Hamiltonian cycles of the knight graph of `board`, or undirected Hamiltonian
/// paths when `paths`.
pub(crate) fn count(
    board: Board,
    paths: bool,
    threads: usize,
    progress: &mut dyn FnMut(Progress),
) -> Result<u64, CountError> {
    let w = board.width().min(board.height());
    let h = board.width().max(board.height());
    if w > MAX_WIDTH {
        return Err(CountError::TooWide { limit: MAX_WIDTH });
    }
    let n = w * h;
    if paths && n == 1 {
        return Ok(1);
    }
    if n % 2 == 1 && !paths {
        // The knight graph is bipartite (a move changes the square colour) and the colours of an
        // odd board differ in size, so no cycle covers it.
        progress(Progress {
            done: n as u64,
            total: n as u64,
        });
        return Ok(0);
    }
    let k = 2 * w + 1;
    let cells = k as usize;
    // Window slot `j` holds square `i - k + j` while square `i` is placed; squares before the
    // board start finished.
    let all_done: u64 = if k == 16 {
        u64::MAX
    } else {
        (1u64 << (4 * k)) - 1
    };
    let mut states: Vec<(u64, u64)> = std::vec![(all_done, 1)];
    let mut closed: u64 = 0;
    for i in 0..n {
        progress(Progress {
            done: i as u64,
            total: n as u64,
        });
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
        let (mut finished, mut started) = (0u64, 0u64);
        // Counting paths: slots whose square has no later neighbour, or exactly one.
        let (mut lonely, mut single) = (0u64, 0u64);
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
                    tf >= 0 && tf < w as i32 && (tr as u32) < h && (tr * w as i32 + tf) as u32 > i
                })
                .count();
            if later == 0 {
                lonely |= 15 << (4 * j);
            }
            if later == 1 {
                single |= 15 << (4 * j);
            }
            // A path may end on a square with one edge.
            let later = later + paths as usize;
            if later == 0 {
                finished |= 15 << (4 * j);
            }
            if later <= 1 {
                started |= 1 << (4 * j);
            }
        }
        let rules = Rules {
            lonely,
            single,
            paths,
            cells,
            finished,
            started,
            last,
        };
        let step = Step { back, backs, rules };
        // Small layers on one thread; larger ones split among the threads, each part into its
        // own table.
        let parts_wanted = if states.len() >= 4096 {
            threads.max(1)
        } else {
            1
        };
        let size = states.len().div_ceil(parts_wanted).max(1);
        let parts: Vec<(Table, u64)> = if parts_wanted == 1 {
            std::vec![step.expand(&states)]
        } else {
            let chunks: Vec<&[(u64, u64)]> = states.chunks(size).collect();
            workers::map(chunks, |chunk| step.expand(chunk))
        };
        for (t, c) in &parts {
            closed = closed.checked_add(*c).ok_or(CountError::Overflow)?;
            if t.overflowed {
                return Err(CountError::Overflow);
            }
        }
        // More than two tables: merge them in pairs on the threads until two are left.
        let mut tables: Vec<Table> = parts.into_iter().map(|(t, _)| t).collect();
        while tables.len() > 2 {
            let mut pairs = Vec::new();
            let mut it = tables.into_iter();
            while let Some(a) = it.next() {
                pairs.push((a, it.next()));
            }
            tables = workers::map(pairs, |(mut a, b)| {
                if let Some(b) = b {
                    a.merge(&b);
                }
                a
            });
            if tables.iter().any(|t| t.overflowed) {
                return Err(CountError::Overflow);
            }
        }
        states = match tables.len() {
            0 => Vec::new(),
            1 => tables
                .pop()
                .map(|t| t.entries().map(|(s, c)| (s & !MARK, c)).collect())
                .unwrap_or_default(),
            _ => {
                // Sum the two tables: each thread takes one, adding what the other has.
                let (a, b) = (&tables[0], &tables[1]);
                let (mut left, right) = std::thread::scope(|scope| {
                    let right = scope.spawn(|| {
                        b.entries()
                            .filter(|&(s, _)| a.get(s) == 0)
                            .map(|(s, c)| (s & !MARK, c))
                            .collect::<Vec<_>>()
                    });
                    let left: Vec<(u64, Option<u64>)> = a
                        .entries()
                        .map(|(s, c)| (s & !MARK, c.checked_add(b.get(s))))
                        .collect();
                    let right = right
                        .join()
                        .unwrap_or_else(|e| std::panic::resume_unwind(e));
                    (left, right)
                });
                let mut all = Vec::with_capacity(left.len() + right.len());
                for (s, c) in left.drain(..) {
                    all.push((s, c.ok_or(CountError::Overflow)?));
                }
                all.extend(right);
                all
            }
        };
    }
    progress(Progress {
        done: n as u64,
        total: n as u64,
    });
    Ok(closed)
}

/// Placing one square: the frontier slots of its earlier neighbours and the rules.
struct Step {
    back: [u32; 4],
    backs: usize,
    rules: Rules,
}

impl Step {
    /// The frontiers after placing the square, from each of `states`, and the tours closed.
    fn expand(&self, states: &[(u64, u64)]) -> (Table, u64) {
        let mut next = Table::with_capacity(states.len());
        let mut closed: u64 = 0;
        for &(state, ways) in states {
            let mut open = [0u32; 4];
            let mut opens = 0;
            for &j in &self.back[..self.backs] {
                if nibble(state, j) != DONE {
                    open[opens] = j;
                    opens += 1;
                }
            }
            let mut choose = |picked: &[u32]| match place(state, picked, &self.rules) {
                Place::Invalid => {}
                Place::Closed => match closed.checked_add(ways) {
                    Some(c) => closed = c,
                    None => next.overflowed = true,
                },
                Place::State(s) => next.add(s | MARK, ways),
            };
            if self.rules.paths {
                // Any choice; the oldest square may leave with one edge, as an end of the path.
                choose(&[]);
                for (x, &a) in open[..opens].iter().enumerate() {
                    choose(&[a]);
                    for &b in &open[x + 1..opens] {
                        choose(&[a, b]);
                    }
                }
                continue;
            }
            if nibble(state, 0) != DONE {
                // The oldest square leaves the frontier now: it takes an edge from square i.
                if opens > 0 && open[0] == 0 {
                    choose(&[0]);
                    for &y in &open[1..opens] {
                        choose(&[0, y]);
                    }
                }
                continue;
            }
            choose(&[]);
            for (x, &a) in open[..opens].iter().enumerate() {
                choose(&[a]);
                for &b in &open[x + 1..opens] {
                    choose(&[a, b]);
                }
            }
        }
        (next, closed)
    }
}

/// The outcome of placing a square.
enum Place {
    /// No tour continues this way.
    Invalid,
    /// The last square closed the tour.
    Closed,
    /// The next frontier.
    State(u64),
}

/// What placing the current square must respect.
struct Rules {
    /// Counting paths rather than cycles?
    paths: bool,
    /// Counting paths: nibbles of the slots whose square has no neighbour after this one.
    lonely: u64,
    /// Counting paths: nibbles of the slots whose square has exactly one.
    single: u64,
    /// Squares in the frontier.
    cells: usize,
    /// Nibbles of the next frontier that must be finished.
    finished: u64,
    /// Low bits of the nibbles of the next frontier that must have an edge.
    started: u64,
    /// Is this the last square?
    last: bool,
}

/// The code of frontier slot `j`.
#[inline]
fn nibble(state: u64, j: u32) -> u8 {
    (state >> (4 * j)) as u8 & 15
}

/// `state` with slot `j` set to `code`.
#[inline]
fn with(state: u64, j: u32, code: u8) -> u64 {
    (state & !(15 << (4 * j))) | (code as u64) << (4 * j)
}

/// Places the next square with edges to the frontier slots `picked`, then moves the window on.
#[inline]
fn place(mut s: u64, picked: &[u32], rules: &Rules) -> Place {
    if rules.paths {
        return place_path(s, picked, rules);
    }
    let cells = rules.cells as u32;
    let mut me = EMPTY;
    let mut closes = false;
    for &j in picked {
        let u = nibble(s, j);
        if me == EMPTY {
            if u == EMPTY {
                s = with(s, j, FRESH);
                me = FRESH;
            } else {
                s = with(s, j, DONE);
                me = u;
            }
        } else if u == EMPTY {
            s = with(s, j, me);
            me = DONE;
        } else if u == me {
            s = with(s, j, DONE);
            me = DONE;
            closes = true;
        } else {
            s = with(s, j, DONE);
            // The far end of u's path now ends the joined path.
            for t in 0..cells {
                if nibble(s, t) == u {
                    s = with(s, t, me);
                }
            }
            me = DONE;
        }
    }
    if nibble(s, 0) != DONE {
        return Place::Invalid;
    }
    // Move the window on: slot j + 1 becomes slot j, the new square the last slot.
    s = (s >> 4) | (me as u64) << (4 * (cells - 1));
    if closes {
        let all = (1u64 << (4 * cells)).wrapping_sub(1) | if cells == 16 { u64::MAX } else { 0 };
        return if rules.last && s == all {
            Place::Closed
        } else {
            Place::Invalid
        };
    }
    // Squares that cannot get the edges they still need.
    let mut nonzero = s | (s >> 1);
    nonzero |= nonzero >> 2;
    if s & rules.finished != rules.finished || rules.started & !nonzero != 0 {
        return Place::Invalid;
    }
    // Labels in order of first appearance.
    let mut map = [0u8; 16];
    let mut labels = 0u8;
    let mut out = s;
    for t in 0..cells {
        let c = nibble(s, t);
        if c != EMPTY && c != DONE {
            let l = c as usize & 15;
            if map[l] == 0 {
                labels += 1;
                map[l] = labels;
            }
            out = with(out, t, map[l]);
        }
    }
    Place::State(out)
}

/// [`place`] when counting Hamiltonian paths: a square may keep one edge and end the tour (at
/// most two do); the path closes on the last square only, covering every square.
#[inline]
fn place_path(state: u64, picked: &[u32], rules: &Rules) -> Place {
    let cells = rules.cells as u32;
    let mut ends = state >> ENDS & 3;
    let mut s = state & ((1 << ENDS) - 1);
    let relabel = |s: u64, from: u8, to: u8| {
        let mut s = s;
        for t in 0..cells {
            if nibble(s, t) == from {
                s = with(s, t, to);
            }
        }
        s
    };
    let mut me = EMPTY;
    let mut complete = false;
    for &j in picked {
        let u = nibble(s, j);
        if me == EMPTY {
            if u == EMPTY {
                s = with(s, j, FRESH);
                me = FRESH;
            } else {
                s = with(s, j, DONE);
                me = u;
            }
        } else if u == EMPTY {
            s = with(s, j, me);
            me = DONE;
        } else if u == me && me != SINGLE {
            return Place::Invalid;
        } else {
            s = with(s, j, DONE);
            if u == SINGLE && me == SINGLE {
                complete = true;
            } else if u == SINGLE {
                s = relabel(s, me, SINGLE);
            } else if me == SINGLE {
                s = relabel(s, u, SINGLE);
            } else {
                s = relabel(s, u, me);
            }
            me = DONE;
        }
    }
    // The oldest square leaves the frontier: with one edge it ends the tour.
    match nibble(s, 0) {
        DONE => {}
        EMPTY => return Place::Invalid,
        SINGLE => {
            complete = true;
            ends += 1;
        }
        l => {
            ends += 1;
            s = relabel(s, l, SINGLE);
            if me == l {
                me = SINGLE;
            }
        }
    }
    if ends > 2 {
        return Place::Invalid;
    }
    s = (s >> 4) | (me as u64) << (4 * (cells - 1));
    let all = (1u64 << (4 * cells)) - 1;
    if complete {
        return if rules.last && s == all {
            Place::Closed
        } else {
            Place::Invalid
        };
    }
    let mut nonzero = s | (s >> 1);
    nonzero |= nonzero >> 2;
    if rules.started & !nonzero != 0 {
        return Place::Invalid;
    }
    // Squares that can only end the tour: unstarted ones with one later neighbour, started
    // unfinished ones with none.
    let mut forced = 0;
    for t in 0..cells {
        let c = nibble(s, t);
        let lonely = nibble(rules.lonely, t) != 0;
        let single = nibble(rules.single, t) != 0;
        if (c == EMPTY && single) || (c != EMPTY && c != DONE && lonely) {
            forced += 1;
        }
    }
    if ends + forced > 2 {
        return Place::Invalid;
    }
    if rules.last {
        // The ends still in the frontier finish the tour: one path, two ends in all.
        let (mut singles, mut labelled, mut label) = (0, 0, 0);
        for t in 0..cells {
            match nibble(s, t) {
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
    let mut map = [0u8; 16];
    let mut labels = 0u8;
    let mut out = s;
    for t in 0..cells {
        let c = nibble(s, t);
        if c != EMPTY && c != DONE && c != SINGLE {
            let l = c as usize & 15;
            if map[l] == 0 {
                labels += 1;
                map[l] = labels;
            }
            out = with(out, t, map[l]);
        }
    }
    Place::State(out | ends << ENDS)
}
