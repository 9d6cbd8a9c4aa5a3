//! Divide and conquer (after Parberry 1997): the board is cut into blocks of 5 to 11 squares
//! a side, each covered by a stored *structured* closed tour, and neighbouring blocks are
//! joined by swapping two moves for two others.
//!
//! A structured tour of a `w x h` block uses these four moves (block coordinates):
//! `(w-2,0)-(w-1,2)` on the right, `(0,1)-(1,3)` on the left, `(0,h-2)-(2,h-1)` on top and
//! `(1,0)-(3,1)` at the bottom. The set is symmetric under swapping files and ranks, so one
//! stored tour serves a block and its transpose. Two blocks side by side, the boundary at file
//! `x`, are joined by dropping `(x-2,y)-(x-1,y+2)` and `(x,y+1)-(x+1,y+3)` and adding
//! `(x-2,y)-(x,y+1)` and `(x-1,y+2)-(x+1,y+3)`, which merges the two cycles into one; the same
//! transposed joins a block to the one above. Blocks are joined along every row of blocks and
//! up the first column, a spanning tree, so the result is one closed tour, in time and memory
//! linear in the number of squares.
//!
//! On a board with both sides odd, the one block with both sides odd holds the open tour's
//! start and is covered by a path from it, found by a bounded search; the joins then splice
//! every cycle into that path.

use alloc::vec::Vec;

use super::base;
use super::links::{END, Links, TRANSPOSE, code_of};
use super::search::{Found, Goal, search};
use crate::board::{Board, Coord};

/// Node budget of the search for the odd block's path.
const BLOCK_BUDGET: u64 = 200_000;

/// Cuts an even side of at least 6 into parts of 6, 8 and 10.
fn even_parts(len: u32, out: &mut Vec<u32>) {
    let (mut rest, head): (u32, &[u32]) = match len % 8 {
        0 => (len, &[]),
        2 => (len - 10, &[10]),
        4 => (len - 12, &[6, 6]),
        _ => (len - 6, &[6]),
    };
    out.extend_from_slice(head);
    while rest > 0 {
        out.push(8);
        rest -= 8;
    }
}

/// Can an even length be cut into parts of 6, 8 and 10 (0 is no parts)?
fn even_ok(len: u32) -> bool {
    len.is_multiple_of(2) && (len == 0 || len >= 6)
}

/// Cuts a side of at least 5 into parts of 5 to 10, with one odd part at offset `at`, of
/// length `odd`, when the side is odd.
fn parts(len: u32, odd: Option<(u32, u32)>) -> Vec<u32> {
    let mut out = Vec::new();
    match odd {
        None => even_parts(len, &mut out),
        Some((at, o)) => {
            even_parts(at, &mut out);
            out.push(o);
            even_parts(len - at - o, &mut out);
        }
    }
    out
}

/// The ways to place the odd part of an odd side `len` so that it covers position `pos`:
/// `(offset, length)`, the shortest parts first (5, 7, 9; 11 for the middle of a side of 11;
/// longer ones only for the path block alone in its strip).
fn odd_choices(len: u32, pos: u32) -> impl Iterator<Item = (u32, u32)> {
    (5..=len).step_by(2).flat_map(move |o| {
        (0..=len.saturating_sub(o)).filter_map(move |at| {
            let fits =
                o <= len && even_ok(at) && even_ok(len - at - o) && at <= pos && pos < at + o;
            fits.then_some((at, o))
        })
    })
}

/// A closed tour of a board whose sides are both at least 5 and not both odd, as links (always
/// `Some`: every block size used has a stored tour).
pub(crate) fn closed(board: Board) -> Option<Links> {
    let (w, h) = (board.width(), board.height());
    let xs = parts(w, (w % 2 == 1).then_some((0, if w < 11 { w } else { 5 })));
    let ys = parts(h, (h % 2 == 1).then_some((0, if h < 11 { h } else { 5 })));
    let mut links = Links::new(board);
    fill(&mut links, &xs, &ys, None).then_some(links)
}

/// An open tour from `start` of a board with both sides odd and at least 5, as links; `None`
/// if no placement of the odd block gave a path within the search budget.
pub(crate) fn open_odd(board: Board, start: Coord) -> Option<Links> {
    let (w, h) = (board.width(), board.height());
    for ox in odd_choices(w, start.file as u32) {
        for oy in odd_choices(h, start.rank as u32) {
            let xs = parts(w, Some(ox));
            let ys = parts(h, Some(oy));
            // Blocks sharing a strip with a long odd part would need stored tours of that
            // length: only the path block may be longer than 11.
            if (ox.1 > 11 && ys.len() > 1) || (oy.1 > 11 && xs.len() > 1) {
                continue;
            }
            let mut links = Links::new(board);
            if fill(&mut links, &xs, &ys, Some(start)) {
                return Some(links);
            }
        }
    }
    None
}

/// Lays the blocks `xs` by `ys` and joins them. With `start`, the block holding it (both sides
/// odd) gets a path from it; returns `false` if its search failed.
fn fill(links: &mut Links, xs: &[u32], ys: &[u32], start: Option<Coord>) -> bool {
    let (ncols, nrows) = (xs.len(), ys.len());
    let mut y0 = 0;
    for (j, &bh) in ys.iter().enumerate() {
        let mut x0 = 0;
        for (i, &bw) in xs.iter().enumerate() {
            let holds_start = start.filter(|s| {
                (x0..x0 + bw).contains(&(s.file as u32)) && (y0..y0 + bh).contains(&(s.rank as u32))
            });
            if let Some(s) = holds_start {
                let need = Needs {
                    left: i > 0,
                    right: i + 1 < ncols,
                    bottom: i == 0 && j > 0,
                    top: i == 0 && j + 1 < nrows,
                };
                let local = Coord::new(s.file - x0 as u16, s.rank - y0 as u16);
                if !path_block(links, (x0, y0), (bw, bh), local, need) {
                    return false;
                }
            } else if !cycle_block(links, (x0, y0), (bw, bh)) {
                return false;
            }
            x0 += bw;
        }
        y0 += bh;
    }
    // Join along each row of blocks, then up the first column.
    let mut y0 = 0;
    for &bh in ys {
        let _ = bh;
        let mut x = 0;
        for &bw in &xs[..ncols - 1] {
            x += bw;
            links.swap((x - 2, y0), (x - 1, y0 + 2), (x, y0 + 1), (x + 1, y0 + 3));
        }
        y0 += bh;
    }
    let mut y = 0;
    for &bh in &ys[..nrows - 1] {
        y += bh;
        links.swap((0, y - 2), (2, y - 1), (1, y), (3, y + 1));
    }
    true
}

/// Copies the stored structured tour of a `size` block to `origin`; `false` if there is none.
fn cycle_block(links: &mut Links, origin: (u32, u32), size: (u32, u32)) -> bool {
    let (bw, bh) = size;
    let transposed = bw % 2 == 1;
    let table = if transposed {
        base::tour(bh, bw)
    } else {
        base::tour(bw, bh)
    };
    if table.len() != (bw * bh) as usize {
        return false;
    }
    let w = links.board.width();
    for ly in 0..bh {
        for lx in 0..bw {
            let byte = if transposed {
                let b = table[(lx * bh + ly) as usize];
                TRANSPOSE[(b & 15) as usize] | (TRANSPOSE[(b >> 4) as usize] << 4)
            } else {
                table[(ly * bw + lx) as usize]
            };
            links.bytes[((origin.1 + ly) * w + origin.0 + lx) as usize] = byte;
        }
    }
    true
}

/// Which sides of a block are joined to a neighbour.
#[derive(Clone, Copy)]
struct Needs {
    left: bool,
    right: bool,
    bottom: bool,
    top: bool,
}

/// Covers a `size` block (both sides odd) by a path from `local`, using the structured moves
/// the joins need.
fn path_block(
    links: &mut Links,
    origin: (u32, u32),
    size: (u32, u32),
    local: Coord,
    need: Needs,
) -> bool {
    let (bw, bh) = size;
    let Ok(block) = Board::new(bw, bh) else {
        return false;
    };
    let idx = |x: u32, y: u32| y * bw + x;
    let mut required = Vec::new();
    if need.right {
        required.push((idx(bw - 2, 0), idx(bw - 1, 2)));
    }
    if need.left {
        required.push((idx(0, 1), idx(1, 3)));
    }
    if need.top {
        required.push((idx(0, bh - 2), idx(2, bh - 1)));
    }
    if need.bottom {
        required.push((idx(1, 0), idx(3, 1)));
    }
    let goal = Goal {
        start: block.index(local),
        closed: false,
        required: &required,
        budget: BLOCK_BUDGET,
    };
    let Found::Tour(path) = search(block, &goal) else {
        return false;
    };
    let w = links.board.width();
    for (k, &sq) in path.iter().enumerate() {
        let c = block.coord(sq);
        let mut byte = END | (END << 4);
        let mut put = |other: u32, slot: u32| {
            let o = block.coord(other);
            let code = code_of(o.file as i32 - c.file as i32, o.rank as i32 - c.rank as i32);
            byte = (byte & !(15 << (4 * slot))) | (code << (4 * slot));
        };
        if k > 0 {
            put(path[k - 1], 0);
        }
        if k + 1 < path.len() {
            put(path[k + 1], 1);
        }
        let (x, y) = (origin.0 + c.file as u32, origin.1 + c.rank as u32);
        links.bytes[(y * w + x) as usize] = byte;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::super::{check_open, validate};
    use super::*;

    /// Proves the odd-board construction alone (without Warnsdorff in front) gives a valid
    /// open tour from every majority-colour square of every board with both sides odd from
    /// 5 to 23 (both orientations; 41 was checked in release), so it is a complete fallback there.
    /// The starts checked are counted against the board's colours: a tour of odd length starts
    /// on the corners' colour, (w h + 1) / 2 squares, and it checks every one of them.
    #[test]
    fn odd_construction_from_every_start() {
        for w in (5..=23).step_by(2) {
            for h in (5..=23).step_by(2) {
                let b = Board::new(w, h).unwrap();
                let mut checked = 0;
                for i in 0..b.len() {
                    let s = b.coord(i);
                    if check_open(b, s).is_err() {
                        continue;
                    }
                    let order = open_odd(b, s).and_then(|l| l.walk(i));
                    let order = order.unwrap_or_else(|| panic!("{b} from {s:?}"));
                    assert_eq!(order[0], i);
                    assert_eq!(validate(b, &order, false), Ok(()), "{b} {s:?}");
                    checked += 1;
                }
                assert_eq!(checked, (w * h).div_ceil(2), "{b}: starts checked");
            }
        }
    }
}
