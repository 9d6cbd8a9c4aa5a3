//! Open tours of boards 4 squares wide (4 x n, n ≥ 5) from any allowed start, in linear time.
//!
//! Lay the board on its side (n files, ranks 0 to 3). A square on an outer rank only reaches
//! the inner ranks, and every knight move changes colour, so the moves between outer and inner
//! ranks split the squares into two classes: the outer squares of one colour with the inner
//! squares of the other. Only moves between the two inner ranks cross from class to class.
//! Each class has a Hamiltonian cycle, built from stored cycles of 5 to 9 files joined at each
//! boundary by the swap of two moves for two (as in the divide and conquer construction; the
//! four squares of each swap are in one class). An open tour from an outer square `s`: round
//! the cycle of its class from `s` to its cycle neighbour `x` (an inner square), jump by an
//! inner-to-inner move to `y` in the other class, and round that cycle.

use super::links::Links;
use super::thin::stand_up;
use crate::board::{Board, Coord};

/// Hamiltonian cycles of the classes of a 4-rank block of 5 to 9 files, class 0 holding the
/// outer squares with `file + rank` even, class 1 the others (block coordinates). Each uses the
/// moves of the joins on both sides: on the left `(0,1)-(1,3)` (class 0) or `(0,2)-(1,0)`
/// (class 1); on the right, for the class whose outer squares have `file + rank` of the
/// parity of the width, `(k-2,0)-(k-1,2)`, else `(k-2,3)-(k-1,1)`. Found by exhaustive search.
#[rustfmt::skip]
static CYCLES: [&[(u8, u8)]; 10] = [
    // 5 files, class 0
    &[(0, 0), (1, 2), (3, 3), (4, 1), (2, 0), (0, 1), (1, 3), (3, 2), (4, 0), (2, 1)],
    // 5 files, class 1
    &[(0, 2), (2, 3), (4, 2), (3, 0), (1, 1), (0, 3), (2, 2), (4, 3), (3, 1), (1, 0)],
    // 6 files, class 0
    &[(0, 0), (1, 2), (3, 3), (5, 2), (4, 0), (3, 2), (5, 3), (4, 1), (2, 0), (0, 1), (1, 3), (2, 1)],
    // 6 files, class 1
    &[(0, 2), (2, 3), (4, 2), (5, 0), (3, 1), (4, 3), (5, 1), (3, 0), (1, 1), (0, 3), (2, 2), (1, 0)],
    // 7 files, class 0
    &[(0, 0), (1, 2), (3, 3), (5, 2), (6, 0), (4, 1), (5, 3), (6, 1), (4, 0), (3, 2), (2, 0), (0, 1), (1, 3), (2, 1)],
    // 7 files, class 1
    &[(0, 2), (2, 3), (4, 2), (6, 3), (5, 1), (3, 0), (1, 1), (0, 3), (2, 2), (4, 3), (6, 2), (5, 0), (3, 1), (1, 0)],
    // 8 files, class 0
    &[(0, 0), (1, 2), (3, 3), (5, 2), (7, 3), (6, 1), (4, 0), (3, 2), (5, 3), (7, 2), (6, 0), (4, 1), (2, 0), (0, 1), (1, 3), (2, 1)],
    // 8 files, class 1
    &[(0, 2), (2, 3), (4, 2), (6, 3), (7, 1), (5, 0), (6, 2), (7, 0), (5, 1), (3, 0), (1, 1), (0, 3), (2, 2), (4, 3), (3, 1), (1, 0)],
    // 9 files, class 0
    &[(0, 0), (1, 2), (3, 3), (5, 2), (7, 3), (8, 1), (6, 0), (7, 2), (8, 0), (6, 1), (4, 0), (3, 2), (5, 3), (4, 1), (2, 0), (0, 1), (1, 3), (2, 1)],
    // 9 files, class 1
    &[(0, 2), (2, 3), (4, 2), (6, 3), (8, 2), (7, 0), (5, 1), (3, 0), (1, 1), (0, 3), (2, 2), (4, 3), (6, 2), (8, 3), (7, 1), (5, 0), (3, 1), (1, 0)],
];

/// The outer-rank parity class of `(file, rank)`: 0 if an outer square has `file + rank` even
/// or an inner square odd.
fn class(file: u32, rank: u32) -> u32 {
    let outer = rank == 0 || rank == 3;
    ((file + rank) % 2) ^ (!outer) as u32
}

/// An open tour from `start` (on an outer line of length n) of a board with sides 4 and
/// `n ≥ 5`, as links.
pub(crate) fn open(board: Board, start: Coord) -> Option<Links> {
    let n = board.width().max(board.height());
    let (sf, sr) = if board.width() == n {
        (start.file as u32, start.rank as u32)
    } else {
        (start.rank as u32, start.file as u32)
    };
    if n < 5 || !(sr == 0 || sr == 3) {
        return None;
    }
    let flat = Board::new(n, 4).ok()?;
    let mut links = Links::new(flat);
    // Blocks of 5 to 9 files.
    let mut x0 = 0;
    let mut rest = n;
    while rest > 0 {
        let k = if rest > 9 { 5 } else { rest };
        for q in 0..2 {
            let cycle = *CYCLES.get(((k - 5) * 2 + q) as usize)?;
            let m = cycle.len();
            let at = |i: usize| {
                let (f, r) = cycle[i % m];
                (x0 + f as u32, r as u32)
            };
            for i in 0..m {
                links.set(at(i), Some(at(i + m - 1)), Some(at(i + 1)));
            }
        }
        if x0 > 0 {
            let c = x0;
            links.swap((c - 2, 0), (c - 1, 2), (c, 1), (c + 1, 3));
            links.swap((c - 2, 3), (c - 1, 1), (c, 2), (c + 1, 0));
        }
        x0 += k;
        rest -= k;
    }
    // Open the cycle of the start's class at the start, jump across, open the other one.
    let s = (sf, sr);
    let x = links.neighbours(s)?.0;
    let y = [(2i32, 0i32), (-2, 0)].iter().find_map(|&(df, _)| {
        let f = x.0 as i32 + df;
        (f >= 0 && (f as u32) < n).then_some((f as u32, 3 - x.1))
    })?;
    debug_assert_ne!(class(s.0, s.1), class(y.0, y.1));
    let z = links.neighbours(y)?.0;
    links.cut(s, x, None);
    links.cut(x, s, Some(y));
    links.cut(y, z, Some(x));
    links.cut(z, y, None);
    Some(stand_up(links, board))
}

#[cfg(test)]
mod tests {
    use super::super::{check_open, validate};
    use super::*;

    /// Proves each stored cycle covers exactly its class of the block, by knight moves, closes,
    /// and uses the join moves the construction swaps.
    #[test]
    fn stored_cycles_are_class_cycles_with_the_join_moves() {
        for k in 5..=9u32 {
            for q in 0..2u32 {
                let cycle = CYCLES[((k - 5) * 2 + q) as usize];
                let mut want: alloc::vec::Vec<(u32, u32)> = (0..k)
                    .flat_map(|f| (0..4).map(move |r| (f, r)))
                    .filter(|&(f, r)| class(f, r) == q)
                    .collect();
                let mut got: alloc::vec::Vec<(u32, u32)> =
                    cycle.iter().map(|&(f, r)| (f as u32, r as u32)).collect();
                want.sort();
                got.sort();
                assert_eq!(got, want, "{k} files, class {q}");
                let m = cycle.len();
                let uses = |a: (u8, u8), b: (u8, u8)| {
                    (0..m).any(|i| {
                        let (u, v) = (cycle[i], cycle[(i + 1) % m]);
                        (u == a && v == b) || (u == b && v == a)
                    })
                };
                for i in 0..m {
                    let (a, b) = (cycle[i], cycle[(i + 1) % m]);
                    let df = a.0.abs_diff(b.0);
                    let dr = a.1.abs_diff(b.1);
                    assert_eq!(df * dr, 2, "{k} files, class {q}, step {i}");
                }
                let k8 = k as u8;
                let left = if q == 0 {
                    ((0, 1), (1, 3))
                } else {
                    ((0, 2), (1, 0))
                };
                let right = if q == k % 2 {
                    ((k8 - 2, 0), (k8 - 1, 2))
                } else {
                    ((k8 - 2, 3), (k8 - 1, 1))
                };
                assert!(
                    uses(left.0, left.1) && uses(right.0, right.1),
                    "{k} files, class {q}"
                );
            }
        }
    }

    /// Proves the construction alone gives a valid open tour from every allowed start of
    /// 4 x 5 to 4 x 60, both orientations, and that the allowed starts are all 2n squares of
    /// the two outer lines. That number comes from the board, not the rule: a knight on an
    /// outer line always jumps to an inner one, and it changes colour every move, so a tour
    /// that started on an inner line would put every outer square on one colour (they have
    /// both) — a tour starts and ends on the outer lines; and from each of their squares one
    /// exists (which this test proves).
    #[test]
    fn construction_from_every_start() {
        for n in 5..=60 {
            for b in [Board::new(4, n).unwrap(), Board::new(n, 4).unwrap()] {
                let mut checked = 0;
                for i in 0..b.len() {
                    let s = b.coord(i);
                    if check_open(b, s).is_err() {
                        continue;
                    }
                    let order = open(b, s).and_then(|l| l.walk(i));
                    let order = order.unwrap_or_else(|| panic!("{b} from {s:?}"));
                    assert_eq!(validate(b, &order, false), Ok(()), "{b} {s:?}");
                    checked += 1;
                }
                assert_eq!(checked, 2 * n, "{b}: starts checked");
            }
        }
    }
}
