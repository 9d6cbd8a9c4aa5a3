//! Tours of boards 3 squares wide in linear time: closed (3 x n, n even, n ≥ 10) and open
//! from any start (n ≥ 13).
//!
//! Following the induction of Schwenk's proof: a closed tour of 3 x n that uses the move
//! `(n-2,0)-(n-1,2)` (the board lying on its side, n files and 3 ranks) grows to one of
//! 3 x (n+4): that move is replaced by a path through the 12 new squares, from `(n,1)` to
//! `(n,0)`, which itself uses the move `(n+2,0)-(n+3,2)`, so the step repeats. The starting
//! tours of 3 x 10 and 3 x 12 with that move are found by the bounded search.

use super::links::{Links, TRANSPOSE};
use super::search::{Found, Goal, search};
use alloc::vec::Vec;

use crate::board::{Board, Coord};

/// The path through the four new files, from `(0,1)` to `(0,0)` (file, rank), found by
/// exhaustive search: it uses the move `(2,0)-(3,2)`.
const GADGET: [(u32, u32); 12] = [
    (0, 1),
    (2, 2),
    (3, 0),
    (1, 1),
    (3, 2),
    (2, 0),
    (1, 2),
    (3, 1),
    (1, 0),
    (0, 2),
    (2, 1),
    (0, 0),
];

/// A closed tour of a board with sides 3 and `n` (even, at least 10) as links; `None` only if
/// the search for the starting tour failed (the tests show it does not).
pub(crate) fn closed(board: Board) -> Option<Links> {
    let n = board.width().max(board.height());
    let flat = Board::new(n, 3).ok()?;
    let first = if n % 4 == 2 { 10 } else { 12 };
    let seed = Board::new(first, 3).ok()?;
    let i = |x: u32, y: u32| y * first + x;
    let required = [(i(first - 2, 0), i(first - 1, 2))];
    let goal = Goal {
        start: 0,
        closed: true,
        required: &required,
        budget: 10_000_000,
    };
    let Found::Tour(order) = search(seed, &goal) else {
        return None;
    };
    let mut links = Links::new(flat);
    put(&mut links, seed, 0, &order, true);
    let mut right = first;
    while right < n {
        grow_right(&mut links, right);
        right += 4;
    }
    Some(stand_up(links, board))
}

/// An open tour from `start` of a board with sides 3 and `n` (at least 13), as links: a tour of
/// a 3 x 13 to 3 x 16 piece holding the start, found by the bounded search with the moves the
/// growth needs, grown by 4 files at a time to the left and to the right. `None` if no placement
/// of the piece gave a tour within the budget (the tests show it does not happen).
pub(crate) fn open(board: Board, start: Coord) -> Option<Links> {
    let n = board.width().max(board.height());
    let (f, r) = if board.width() == n {
        (start.file as u32, start.rank as u32)
    } else {
        (start.rank as u32, start.file as u32)
    };
    let flat = Board::new(n, 3).ok()?;
    let piece = 13 + (n - 13) % 4;
    let seed = Board::new(piece, 3).ok()?;
    // Offsets of the piece (multiples of 4) that hold the start, the most central first.
    let mut offsets: Vec<u32> = (0..=(n - piece) / 4)
        .map(|k| 4 * k)
        .filter(|&a| a <= f && f < a + piece)
        .collect();
    offsets.sort_by_key(|&a| (2 * (f - a)).abs_diff(piece));
    let i = |x: u32, y: u32| y * piece + x;
    for a in offsets {
        let mut required = Vec::new();
        if a > 0 {
            required.push((i(1, 0), i(0, 2)));
        }
        if a + piece < n {
            required.push((i(piece - 2, 0), i(piece - 1, 2)));
        }
        let goal = Goal {
            start: i(f - a, r),
            closed: false,
            required: &required,
            budget: 1_000_000,
        };
        let Found::Tour(order) = search(seed, &goal) else {
            continue;
        };
        let mut links = Links::new(flat);
        put(&mut links, seed, a, &order, false);
        let mut right = a + piece;
        while right < n {
            grow_right(&mut links, right);
            right += 4;
        }
        let mut left = a;
        while left > 0 {
            grow_left(&mut links, left);
            left -= 4;
        }
        return Some(stand_up(links, board));
    }
    None
}

/// Writes the tour `order` of `seed` into `links`, shifted `at` files to the right.
fn put(links: &mut Links, seed: Board, at: u32, order: &[u32], closed: bool) {
    let m = order.len();
    let xy = |k: usize| {
        let c = seed.coord(order[k % m]);
        (at + c.file as u32, c.rank as u32)
    };
    for k in 0..m {
        let prev = if k > 0 || closed {
            Some(xy(k + m - 1))
        } else {
            None
        };
        let next = if k + 1 < m || closed {
            Some(xy(k + 1))
        } else {
            None
        };
        links.set(xy(k), prev, next);
    }
}

/// Adds the 4 files right of file `right - 1`, replacing the move `(right-2,0)-(right-1,2)`.
fn grow_right(links: &mut Links, right: u32) {
    let (u, v) = ((right - 2, 0), (right - 1, 2));
    let at = |k: usize| (right + GADGET[k].0, GADGET[k].1);
    splice(links, u, v, at);
}

/// Adds the 4 files left of file `left`, replacing the move `(left+1,0)-(left,2)`: the mirror
/// image of [`grow_right`].
fn grow_left(links: &mut Links, left: u32) {
    let (u, v) = ((left + 1, 0), (left, 2));
    let at = |k: usize| (left - 1 - GADGET[k].0, GADGET[k].1);
    splice(links, u, v, at);
}

/// Replaces the move `u-v` by `u`, the gadget squares `at(0..12)` in order, `v`.
fn splice(links: &mut Links, u: (u32, u32), v: (u32, u32), at: impl Fn(usize) -> (u32, u32)) {
    links.relink(u, v, at(0));
    links.relink(v, u, at(11));
    for k in 0..12 {
        let prev = if k == 0 { u } else { at(k - 1) };
        let next = if k == 11 { v } else { at(k + 1) };
        links.set(at(k), Some(prev), Some(next));
    }
}

/// The links of a flat board (`n` files, a few ranks) on `board`, stood up if that is narrow:
/// square `(x, y)` of the flat board is `(y, x)`.
pub(crate) fn stand_up(links: Links, board: Board) -> Links {
    if board.width() == links.board.width() {
        return links;
    }
    let (n, ranks) = (links.board.width(), links.board.height());
    let mut upright = Links::new(board);
    for x in 0..n {
        for y in 0..ranks {
            let b = links.bytes[(y * n + x) as usize];
            upright.bytes[(x * ranks + y) as usize] =
                TRANSPOSE[(b & 15) as usize] | (TRANSPOSE[(b >> 4) as usize] << 4);
        }
    }
    upright
}

#[cfg(test)]
mod tests {
    use super::super::{check_open, validate};
    use super::*;

    /// Proves the 3 x n growth alone (without Warnsdorff in front) gives a valid open tour from
    /// every allowed start of 3 x n, n odd from 13 to 45 (even n read a closed tour instead),
    /// both orientations, and a closed tour of every
    /// 3 x n, n even from 10 to 60, read from every square. The open starts checked are
    /// counted against the board's colours: on 3 x n, n odd, a tour of odd length starts on
    /// the corners' colour, (3n + 1) / 2 squares, and it checks every one of them.
    #[test]
    fn growth_from_every_start() {
        for n in (13..=45).step_by(2) {
            for b in [Board::new(3, n).unwrap(), Board::new(n, 3).unwrap()] {
                let mut checked = 0;
                for i in 0..b.len() {
                    let s = b.coord(i);
                    if check_open(b, s).is_err() {
                        continue;
                    }
                    let order = open(b, s).and_then(|l| l.walk(i));
                    let order = order.unwrap_or_else(|| panic!("{b} from {s:?}"));
                    assert_eq!(order[0], i);
                    assert_eq!(validate(b, &order, false), Ok(()), "{b} {s:?}");
                    checked += 1;
                }
                assert_eq!(checked, (3 * n).div_ceil(2), "{b}: starts checked");
            }
        }
        for n in (10..=60).step_by(2) {
            for b in [Board::new(3, n).unwrap(), Board::new(n, 3).unwrap()] {
                let links = closed(b).unwrap();
                for i in 0..b.len() {
                    let order = links.walk(i).unwrap();
                    assert_eq!(validate(b, &order, true), Ok(()), "{b} from {i}");
                }
            }
        }
    }
}
