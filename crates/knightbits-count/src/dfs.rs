//! The plain depth-first reference counters, used only by the tests: every tour is walked square
//! by square on [`Board::knight_moves`], with no pruning and nothing shared with the fast counters.

use knightbits_board::{Board, Coord};
use std::vec::Vec;

/// Knight neighbours of every square, by row-major index.
fn neighbours(board: Board) -> Vec<Vec<u32>> {
    (0..board.len())
        .map(|i| {
            board
                .knight_moves(board.coord(i))
                .map(|t| board.index(t))
                .collect()
        })
        .collect()
}

/// Directed open tours starting on `start`, or on any square when `start` is `None`.
pub(crate) fn open_tours(board: Board, start: Option<Coord>) -> u64 {
    let adj = neighbours(board);
    let n = board.len();
    let starts: Vec<u32> = match start {
        Some(c) => std::vec![board.index(c)],
        None => (0..n).collect(),
    };
    let mut total = 0;
    for s in starts {
        let mut seen = std::vec![false; n as usize];
        seen[s as usize] = true;
        total += walk(&adj, &mut seen, s, 1, &mut |_| true);
    }
    total
}

/// Undirected closed tours: directed cycles from square 0 back to it, halved (each cycle is
/// walked once each way; a cycle needs at least three squares).
pub(crate) fn closed_tours(board: Board) -> u64 {
    let adj = neighbours(board);
    let n = board.len() as usize;
    if n < 3 {
        return 0;
    }
    let mut seen = std::vec![false; n];
    seen[0] = true;
    let home = adj[0].clone();
    walk(&adj, &mut seen, 0, 1, &mut |last| home.contains(&last)) / 2
}

/// Hamiltonian paths extending the current one (ending on `at`, `len` squares long) whose last
/// square passes `accept`.
fn walk(
    adj: &[Vec<u32>],
    seen: &mut [bool],
    at: u32,
    len: usize,
    accept: &mut dyn FnMut(u32) -> bool,
) -> u64 {
    if len == seen.len() {
        return u64::from(accept(at));
    }
    let mut total = 0;
    for &t in &adj[at as usize] {
        if !seen[t as usize] {
            seen[t as usize] = true;
            total += walk(adj, seen, t, len + 1, accept);
            seen[t as usize] = false;
        }
    }
    total
}
