//! Bounded backtracking search for a knight's path or cycle, with required moves.
//!
//! Depth-first, trying onward squares in Warnsdorff order (fewest onward moves first), with two
//! exact prunings: an unvisited square that only the current square still reaches must be the
//! last one, and at most one square away from the current one may have fewer than two ways in
//! and out (it can only be the end). Used on small boards, on the one odd block of the divide
//! and conquer construction, and to derive the embedded base tours. Every call has a node budget,
//! so it always returns.

use alloc::vec;
use alloc::vec::Vec;

use crate::board::{Board, KNIGHT_DELTAS};

const NONE: u32 = u32::MAX;

/// What the search is asked for.
pub(crate) struct Goal<'a> {
    /// First square of the path.
    pub start: u32,
    /// Must the last square be a knight move from the start?
    pub closed: bool,
    /// Moves (pairs of square indices) the path or cycle must use.
    pub required: &'a [(u32, u32)],
    /// Most search nodes to expand before giving up.
    pub budget: u64,
}

/// Outcome of a bounded search.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// A path (or cycle, listed from the start) visiting every square once.
    Tour(Vec<u32>),
    /// The whole search space was explored: no such path exists.
    None,
    /// The budget ran out first.
    GaveUp,
}

struct Frame {
    cands: [u32; 8],
    len: u8,
    next: u8,
}

/// The squares a knight on `v` reaches.
fn neighbours(board: Board, v: u32, out: &mut [u32; 8]) -> usize {
    let c = board.coord(v);
    let mut n = 0;
    for &(df, dr) in &KNIGHT_DELTAS {
        if let Some(t) = board.offset(c, df as i32, dr as i32) {
            out[n] = board.index(t);
            n += 1;
        }
    }
    n
}

/// Searches `board` for a path from `goal.start` through every square once.
pub(crate) fn search(board: Board, goal: &Goal<'_>) -> Found {
    let n = board.len() as usize;
    let start = goal.start;
    // partners[v]: squares v must be joined to.
    let mut partners = vec![[NONE; 2]; n];
    for &(a, b) in goal.required {
        for (x, y) in [(a, b), (b, a)] {
            let slot = &mut partners[x as usize];
            if slot[0] == NONE {
                slot[0] = y;
            } else if slot[1] == NONE {
                slot[1] = y;
            } else {
                return Found::None;
            }
        }
    }
    if n == 1 {
        return if goal.closed {
            Found::None
        } else {
            Found::Tour(vec![start])
        };
    }
    let mut nb = [0u32; 8];
    let mut deg = vec![0u8; n];
    for (v, d) in deg.iter_mut().enumerate() {
        *d = neighbours(board, v as u32, &mut nb) as u8;
    }
    let mut visited = vec![false; n];
    // Squares not visited with at most one unvisited neighbour (the start counts as unvisited
    // for closed tours, as the cycle returns to it).
    let mut low = deg.iter().filter(|&&d| d <= 1).count();
    let visit = |v: u32, visited: &mut Vec<bool>, deg: &mut Vec<u8>, low: &mut usize, step: i8| {
        let mut nb = [0u32; 8];
        let k = neighbours(board, v, &mut nb);
        if step < 0 {
            visited[v as usize] = true;
            if deg[v as usize] <= 1 {
                *low -= 1;
            }
        }
        if !(goal.closed && v == start) {
            for &u in &nb[..k] {
                let d = &mut deg[u as usize];
                if step < 0 {
                    *d -= 1;
                    if *d == 1 && !visited[u as usize] {
                        *low += 1;
                    }
                } else {
                    if *d == 1 && !visited[u as usize] {
                        *low -= 1;
                    }
                    *d += 1;
                }
            }
        }
        if step > 0 {
            visited[v as usize] = false;
            if deg[v as usize] <= 1 {
                *low += 1;
            }
        }
    };
    let mut path: Vec<u32> = Vec::with_capacity(n);
    let mut stack: Vec<Frame> = Vec::with_capacity(n);
    let mut nodes = 0u64;
    path.push(start);
    visit(start, &mut visited, &mut deg, &mut low, -1);
    let mut fresh = true;
    loop {
        if fresh {
            fresh = false;
            nodes += 1;
            if nodes > goal.budget {
                return Found::GaveUp;
            }
            let v = *path.last().unwrap_or(&start);
            let prev = if path.len() >= 2 {
                path[path.len() - 2]
            } else {
                NONE
            };
            let mut frame = Frame {
                cands: [0; 8],
                len: 0,
                next: 0,
            };
            if path.len() == n {
                if finished(board, goal, &path, &partners) {
                    return Found::Tour(path);
                }
            } else {
                candidates(
                    board,
                    goal,
                    v,
                    prev,
                    n - path.len(),
                    &visited,
                    &deg,
                    low,
                    &partners,
                    &mut frame,
                );
            }
            stack.push(frame);
        }
        let Some(top) = stack.last_mut() else {
            return Found::None;
        };
        if top.next < top.len {
            let u = top.cands[top.next as usize];
            top.next += 1;
            path.push(u);
            visit(u, &mut visited, &mut deg, &mut low, -1);
            fresh = true;
        } else {
            stack.pop();
            if stack.is_empty() {
                return Found::None;
            }
            if let Some(u) = path.pop() {
                visit(u, &mut visited, &mut deg, &mut low, 1);
            }
        }
    }
}

/// Does the complete `path` meet the closing and required-move conditions?
fn finished(board: Board, goal: &Goal<'_>, path: &[u32], partners: &[[u32; 2]]) -> bool {
    let last = path[path.len() - 1];
    let first_step = path.get(1).copied().unwrap_or(NONE);
    if goal.closed {
        if !adjacent(board, last, goal.start) {
            return false;
        }
        let prev = path[path.len() - 2];
        let ok_last = partners[last as usize]
            .iter()
            .all(|&p| p == NONE || p == prev || p == goal.start);
        let ok_start = partners[goal.start as usize]
            .iter()
            .all(|&p| p == NONE || p == first_step || p == last);
        ok_last && ok_start
    } else {
        // Open: the start and the end have one move each, so their partners must be it.
        let prev = path.len().checked_sub(2).map_or(NONE, |i| path[i]);
        let ok_start = partners[goal.start as usize]
            .iter()
            .all(|&p| p == NONE || p == first_step);
        let ok_last = partners[last as usize]
            .iter()
            .all(|&p| p == NONE || p == prev);
        ok_start && ok_last
    }
}

fn adjacent(board: Board, a: u32, b: u32) -> bool {
    let (ca, cb) = (board.coord(a), board.coord(b));
    let df = ca.file.abs_diff(cb.file);
    let dr = ca.rank.abs_diff(cb.rank);
    (df == 1 && dr == 2) || (df == 2 && dr == 1)
}

/// Fills `frame` with the squares worth trying after `v`, fewest onward moves first.
#[allow(clippy::too_many_arguments)]
fn candidates(
    board: Board,
    goal: &Goal<'_>,
    v: u32,
    prev: u32,
    remaining: usize,
    visited: &[bool],
    deg: &[u8],
    low: usize,
    partners: &[[u32; 2]],
    frame: &mut Frame,
) {
    // The start of an open path has one move: its partners must be the first step.
    if prev == NONE && !goal.closed {
        let p = partners[v as usize];
        if p[1] != NONE {
            return;
        }
    }
    let mut forced = NONE;
    for &p in &partners[v as usize] {
        if p == NONE || p == prev {
            continue;
        }
        if forced != NONE || visited[p as usize] {
            return;
        }
        forced = p;
    }
    let mut nb = [0u32; 8];
    let k = neighbours(board, v, &mut nb);
    let mut low_near = 0;
    let mut cands: [(u8, u32); 8] = [(0, 0); 8];
    let mut len = 0;
    for &u in &nb[..k] {
        if visited[u as usize] {
            continue;
        }
        let d = deg[u as usize];
        if d <= 1 {
            low_near += 1;
        }
        if d == 0 && remaining > 1 && !(goal.closed && adjacent(board, u, goal.start)) {
            return;
        }
        if forced != NONE && u != forced {
            continue;
        }
        // u must be able to take the move from v.
        let pu = partners[u as usize];
        if pu[0] != NONE && pu[1] != NONE && pu[0] != v && pu[1] != v {
            continue;
        }
        cands[len] = (d, u);
        len += 1;
    }
    let allowed = if goal.closed { 0 } else { 1 };
    if low - low_near > allowed {
        return;
    }
    if goal.closed && remaining > 0 {
        // The start still needs a way back in.
        let mut nb2 = [0u32; 8];
        let k2 = neighbours(board, goal.start, &mut nb2);
        if !nb2[..k2]
            .iter()
            .any(|&u| !visited[u as usize] || (u == v && remaining == 0))
        {
            return;
        }
    }
    cands[..len].sort_unstable();
    for (i, &(_, u)) in cands[..len].iter().enumerate() {
        frame.cands[i] = u;
    }
    frame.len = len as u8;
}
