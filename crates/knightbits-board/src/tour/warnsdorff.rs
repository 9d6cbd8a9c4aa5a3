//! Warnsdorff's rule (1823): always jump to the square with the fewest onward moves.
//!
//! Ties are broken by Roth's rule: the square farthest (Euclidean) from the centre of the
//! board; remaining ties by the order of [`KNIGHT_DELTAS`]. The rule is a heuristic: it can get
//! stuck, and the callers then fall back to a method that always completes.

use alloc::vec;
use alloc::vec::Vec;

use crate::board::{Board, Coord, KNIGHT_DELTAS};
use knightbits::Bitboard;
use knightbits::Square;
use knightbits::knight::attacks;

/// Squared distance from the centre of an 8x8 board, doubled coordinates: `(2f-7)² + (2r-7)²`.
#[inline]
fn roth_8x8(sq: Square) -> i32 {
    let f = 2 * sq.file() as i32 - 7;
    let r = 2 * sq.rank() as i32 - 7;
    f * f + r * r
}

/// An open tour of the 8x8 board from `start` by Warnsdorff's rule on bitboards: the onward
/// moves of a square are `knight::attacks(sq) & unvisited`, counted by popcount; ties go to the
/// square farthest from the centre (Roth). `None` if the rule gets stuck (it does not on 8x8,
/// as the tests check for all 64 starts).
///
/// ```
/// use knightbits::{Bitboard, Square};
/// use knightbits_board::tour::warnsdorff_8x8;
/// let tour = warnsdorff_8x8(Square::A1).unwrap();
/// assert_eq!(tour[0], Square::A1);
/// assert_eq!(tour.iter().copied().collect::<Bitboard>(), Bitboard::FULL);
/// ```
pub fn warnsdorff_8x8(start: Square) -> Option<[Square; 64]> {
    let mut unvisited = Bitboard::FULL.without(start);
    let mut out = [start; 64];
    let mut cur = start;
    for slot in out.iter_mut().skip(1) {
        let mut best: Option<(u32, i32, Square)> = None;
        for next in attacks(cur) & unvisited {
            let onward = (attacks(next) & unvisited).count();
            let far = roth_8x8(next);
            let better = match best {
                None => true,
                Some((d, f, _)) => onward < d || (onward == d && far > f),
            };
            if better {
                best = Some((onward, far, next));
            }
        }
        let (_, _, next) = best?;
        unvisited.remove(next);
        *slot = next;
        cur = next;
    }
    Some(out)
}

/// Marks a visited square (or the border) in the degree array.
const GONE: u8 = 0xff;

/// An open tour of `board` from `start` by Warnsdorff's rule with a degree array (one byte per
/// square, with a border of two), Roth's tie-break; `None` if it gets stuck.
pub(crate) fn tour(board: Board, start: Coord) -> Option<Vec<u32>> {
    run::<0>(board, start, 0)
}

/// A tie-break for Warnsdorff's rule: Roth's (farthest from the centre), its opposite or none,
/// then the delta order rotated by `rotate`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tie {
    /// 0: farthest from the centre first (Roth), 1: nearest first, 2: ignore the distance,
    /// 3: random order from the seed `rotate` (xorshift).
    pub centre: u8,
    /// Ties left are broken by `KNIGHT_DELTAS` order starting at this index.
    pub rotate: u8,
}

/// Warnsdorff's rule with the tie-break `tie`.
pub(crate) fn tour_with(board: Board, start: Coord, tie: Tie) -> Option<Vec<u32>> {
    match tie.centre {
        0 => run::<0>(board, start, tie.rotate),
        1 => run::<1>(board, start, tie.rotate),
        2 => run::<2>(board, start, tie.rotate),
        _ => run::<3>(board, start, tie.rotate),
    }
}

/// Warnsdorff's rule with the tie-break `Tie { centre: CENTRE, rotate }`, compiled once per
/// centre mode so that Roth's rule runs without the others' branches.
fn run<const CENTRE: u8>(board: Board, start: Coord, rotate: u8) -> Option<Vec<u32>> {
    let (w, h) = (board.width() as usize, board.height() as usize);
    let pw = w + 4;
    let mut deg = vec![GONE; pw * (h + 4)];
    let mut off = [0isize; 8];
    for (o, &(df, dr)) in off.iter_mut().zip(KNIGHT_DELTAS.iter()) {
        *o = dr as isize * pw as isize + df as isize;
    }
    // Degrees: the number of knight moves from (x, y) depends only on how near x and y are
    // to the edges, so each row is its middle value with up to four corrections per side.
    let on = |v: i64, len: usize| v >= 0 && v < len as i64;
    let count = |x: usize, y: usize| {
        KNIGHT_DELTAS
            .iter()
            .filter(|&&(df, dr)| on(x as i64 + df as i64, w) && on(y as i64 + dr as i64, h))
            .count() as u8
    };
    for y in 0..h {
        let row = &mut deg[(y + 2) * pw + 2..(y + 2) * pw + 2 + w];
        let edge = |x: usize| x < 2 || x + 2 >= w;
        let middle = if w > 4 { count(2, y) } else { 0 };
        for (x, d) in row.iter_mut().enumerate() {
            *d = if edge(x) { count(x, y) } else { middle };
        }
    }
    // Doubled coordinates relative to the centre, for Roth's distance.
    let (cx, cy) = (w as i64 - 1, h as i64 - 1);
    let n = board.len() as usize;
    let mut order = Vec::with_capacity(n);
    let (mut x, mut y) = (start.file as usize, start.rank as usize);
    let mut cur = (y + 2) * pw + x + 2;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ rotate as u64;
    loop {
        order.push((y * w + x) as u32);
        *deg.get_mut(cur)? = GONE;
        if order.len() == n {
            return Some(order);
        }
        // Branch-free choice: the smallest key (onward moves, then Roth's distance from the
        // centre, larger first, then the first in delta order). Visited squares keep GONE.
        let (bx, by) = (2 * x as i64 - cx, 2 * y as i64 - cy);
        let mut keys = [u64::MAX; 8];
        for (k, (&o, key_out)) in off.iter().zip(keys.iter_mut()).enumerate() {
            let Some(p) = deg.get_mut(cur.wrapping_add_signed(o)) else {
                continue;
            };
            let live = *p != GONE;
            *p -= live as u8;
            let (df, dr) = KNIGHT_DELTAS[k];
            // The squared distance of the target from the centre is bx² + by² + 20 plus four
            // times this, so this alone decides Roth's tie-break (|far| < 2^17).
            let far = df as i64 * bx + dr as i64 * by;
            let centre = match CENTRE {
                0 => (1 << 20) - far,
                1 => (1 << 20) + far,
                _ => 0,
            } as u64;
            let order = if CENTRE == 3 {
                // A random rank for this candidate: the low bits of the generator shifted
                // past the move index.
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed & 0xff) << 3 | (k as u64).wrapping_sub(rotate as u64) & 7
            } else {
                (k as u64).wrapping_sub(rotate as u64) & 7
            };
            let key = ((*p as u64) << 32) | centre << 11 | order;
            *key_out = if live { key } else { u64::MAX };
        }
        // A tree of minimums: three steps deep instead of eight.
        let [k0, k1, k2, k3, k4, k5, k6, k7] = keys;
        let best_key = (k0.min(k1))
            .min(k2.min(k3))
            .min((k4.min(k5)).min(k6.min(k7)));
        let best = if best_key == u64::MAX {
            usize::MAX
        } else {
            ((best_key + rotate as u64) & 7) as usize
        };
        let (df, dr) = *KNIGHT_DELTAS.get(best)?;
        x = x.wrapping_add_signed(df as isize);
        y = y.wrapping_add_signed(dr as isize);
        cur = cur.wrapping_add_signed(off[best]);
    }
}
