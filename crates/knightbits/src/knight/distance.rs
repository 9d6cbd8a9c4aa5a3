//! Knight distance on the 8x8 board: a 64x64 table built at compile time by fills, and
//! shortest paths.

use core::iter::FusedIterator;

use crate::bitboard::Bitboard;
use crate::square::Square;

use super::attacks;
use super::fill::fill;

/// The largest knight distance on the 8x8 board (corner to opposite corner).
pub const MAX_DISTANCE: u32 = 6;

/// `DISTANCE[a][b]` is the number of knight moves from square `a` to square `b` (LERF
/// indices), computed at compile time: the `n`-th fill from `a` adds the squares at distance
/// `n`.
pub static DISTANCE: [[u8; 64]; 64] = {
    let mut table = [[0u8; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut reached = Bitboard(1 << a);
        let mut d = 0u8;
        loop {
            let next = fill(reached);
            let mut new = next.0 & !reached.0;
            if new == 0 {
                break;
            }
            d += 1;
            while new != 0 {
                table[a][new.trailing_zeros() as usize] = d;
                new &= new - 1;
            }
            reached = next;
        }
        a += 1;
    }
    table
};

/// The number of knight moves from `a` to `b` (0 when they are equal, at most 6).
///
/// ```
/// use knightbits::{knight, Square};
/// assert_eq!(knight::distance(Square::A1, Square::H8), 6);
/// assert_eq!(knight::distance(Square::A1, Square::B2), 4); // the corner exception
/// assert_eq!(knight::distance(Square::D4, Square::E5), 2);
/// const FAR: u32 = knight::distance(Square::A1, Square::H8); // usable in constants
/// assert_eq!(FAR, 6);
/// ```
#[inline]
pub const fn distance(a: Square, b: Square) -> u32 {
    DISTANCE[a as usize][b as usize] as u32
}

/// A shortest knight path on the 8x8 board, `from` and `to` included; made by [`path`].
///
/// It is an iterator over its squares (exact size, double ended) and holds them in a fixed
/// array: no allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    squares: [Square; MAX_DISTANCE as usize + 1],
    front: u8,
    back: u8,
}

impl Path {
    /// The squares not yet iterated, in order.
    #[inline]
    pub fn as_slice(&self) -> &[Square] {
        &self.squares[self.front as usize..self.back as usize]
    }
}

/// A shortest knight path from `a` to `b`: `distance(a, b) + 1` squares, starting with `a` and
/// ending with `b`, each a knight move from the one before. Of the shortest paths it takes, at
/// each step, the lowest square (LERF) one move closer to `b`.
///
/// ```
/// use knightbits::{knight, Square};
/// let path: Vec<Square> = knight::path(Square::A1, Square::H8).collect();
/// assert_eq!(path.len(), 7);
/// assert_eq!(path.first(), Some(&Square::A1));
/// assert_eq!(path.last(), Some(&Square::H8));
/// assert!(path.windows(2).all(|w| knight::attacks(w[0]).contains(w[1])));
/// ```
pub fn path(a: Square, b: Square) -> Path {
    let row = &DISTANCE[b as usize];
    let mut squares = [a; MAX_DISTANCE as usize + 1];
    let mut current = a;
    let mut d = row[a as usize];
    let mut len = 1;
    while d > 0 {
        d -= 1;
        // A square at distance d > 0 always has a neighbour at distance d - 1.
        let mut step = attacks(current).iter().filter(|s| row[*s as usize] == d);
        current = step.next().unwrap_or(b);
        squares[len] = current;
        len += 1;
    }
    Path {
        squares,
        front: 0,
        back: len as u8,
    }
}

impl Iterator for Path {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = *self.as_slice().first()?;
        self.front += 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.as_slice().len();
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Path {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        let sq = *self.as_slice().last()?;
        self.back -= 1;
        Some(sq)
    }
}

impl ExactSizeIterator for Path {}

impl FusedIterator for Path {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Independent reference: the testkit's breadth-first search over (file, rank)
    /// coordinates of an 8x8 board; no bitboards, no fills. Indexed by LERF square.
    fn bfs(from: Square) -> Vec<u32> {
        knightbits_testkit::bfs(8, 8, from.file() as u32, from.rank() as u32)
            .into_iter()
            .map(|d| d.expect("the knight reaches every square of the 8x8 board"))
            .collect()
    }

    /// Proves the table equals breadth-first search on all 4,096 ordered pairs.
    #[test]
    fn table_matches_breadth_first_search() {
        for a in Square::ALL {
            let reference = bfs(a);
            for b in Square::ALL {
                assert_eq!(distance(a, b), reference[b as usize], "{a} {b}");
            }
        }
    }

    /// Proves the histogram of the table over all ordered pairs is the one the issue states
    /// (d0 64, d1 336, d2 1,080, d3 1,536, d4 900, d5 176, d6 4), computed from the table.
    #[test]
    fn histogram_over_all_pairs() {
        let mut histogram = [0u32; 7];
        for a in Square::ALL {
            for b in Square::ALL {
                histogram[distance(a, b) as usize] += 1;
            }
        }
        assert_eq!(histogram, [64, 336, 1_080, 1_536, 900, 176, 4]);
        assert_eq!(histogram.iter().sum::<u32>(), 4_096);
    }

    /// Independent path checker: starts at `a`, ends at `b`, every step is a knight move by
    /// (file, rank) difference, and the length is the BFS distance + 1.
    fn check_path(a: Square, b: Square, path: &[Square]) {
        let d = bfs(a)[b as usize] as usize;
        assert_eq!(path.len(), d + 1, "{a} {b} {path:?}");
        assert_eq!(path.first(), Some(&a));
        assert_eq!(path.last(), Some(&b));
        for w in path.windows(2) {
            let df = (w[0].file() as i32 - w[1].file() as i32).abs();
            let dr = (w[0].rank() as i32 - w[1].rank() as i32).abs();
            assert!(
                df * dr == 2,
                "{a} {b}: {} to {} is not a knight move",
                w[0],
                w[1]
            );
        }
    }

    /// Proves every one of the 4,096 paths is a shortest knight path, and that the iterator
    /// and the slice agree, forwards and backwards.
    #[test]
    fn every_path_is_a_shortest_knight_path() {
        for a in Square::ALL {
            for b in Square::ALL {
                let p = path(a, b);
                assert_eq!(p.len(), distance(a, b) as usize + 1);
                let forward: Vec<Square> = p.collect();
                check_path(a, b, &forward);
                assert_eq!(p.as_slice(), &forward[..]);
                let mut backward: Vec<Square> = p.rev().collect();
                backward.reverse();
                assert_eq!(backward, forward);
            }
        }
    }
}
