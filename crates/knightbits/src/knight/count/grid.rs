//! A board of at most 64 squares as one `u64`: bit `rank * width + file` (the row-major index of
//! [`Board::index`]), with neighbour masks and setwise knight attacks by masked shifts.

use super::super::board::{Board, Coord, KNIGHT_DELTAS};
use super::CountError;

/// The bit graph of a small board: every square a bit of a `u64`.
#[derive(Clone, Debug)]
pub(crate) struct Grid {
    /// Files.
    pub width: u32,
    /// Ranks.
    pub height: u32,
    /// Squares.
    pub len: u32,
    /// Every square of the board.
    pub full: u64,
    /// Knight neighbours of each square (squares past `len` have none).
    pub adj: [u64; 64],
    /// The eight jumps as (index shift, mask of the squares the jump stays on the board from).
    jumps: [(i32, u64); 8],
}

impl Grid {
    /// The largest board counted: 64 squares, one `u64`.
    pub const MAX_SQUARES: u32 = 64;

    /// The bit graph of `board`, or an error when it has more than 64 squares.
    pub fn new(board: Board) -> Result<Grid, CountError> {
        let (width, height, len) = (board.width(), board.height(), board.len());
        if len > Grid::MAX_SQUARES {
            return Err(CountError::TooManySquares {
                limit: Grid::MAX_SQUARES,
            });
        }
        let full = if len == 64 {
            u64::MAX
        } else {
            (1u64 << len) - 1
        };
        let mut adj = [0u64; 64];
        let mut jumps = [(0i32, 0u64); 8];
        for (j, &(df, dr)) in KNIGHT_DELTAS.iter().enumerate() {
            let mut from = 0u64;
            for i in 0..len {
                let c = board.coord(i);
                if let Some(t) = board.offset(c, df as i32, dr as i32) {
                    from |= 1 << i;
                    adj[i as usize] |= 1 << board.index(t);
                }
            }
            jumps[j] = (dr as i32 * width as i32 + df as i32, from);
        }
        Ok(Grid {
            width,
            height,
            len,
            full,
            adj,
            jumps,
        })
    }

    /// The bit of `c`.
    #[inline]
    pub fn bit(&self, c: Coord) -> u32 {
        c.rank as u32 * self.width + c.file as u32
    }

    /// The squares attacked by a knight on any square of `set`.
    #[inline]
    pub fn attacks(&self, set: u64) -> u64 {
        let mut out = 0;
        for &(shift, from) in &self.jumps {
            out |= shl(set & from, shift);
        }
        out
    }

    /// The squares attacked at least once and at least twice from `set`.
    #[inline]
    pub fn attacks_twice(&self, set: u64) -> (u64, u64) {
        let (mut once, mut twice) = (0, 0);
        for &(shift, from) in &self.jumps {
            let a = shl(set & from, shift);
            twice |= once & a;
            once |= a;
        }
        (once, twice)
    }

    /// The squares of `within` reachable from `seed` (itself inside `within`) by knight moves
    /// that stay inside `within`.
    #[inline]
    pub fn fill(&self, seed: u64, within: u64) -> u64 {
        let mut r = seed & within;
        loop {
            let next = (r | self.attacks(r)) & within;
            if next == r {
                return r;
            }
            r = next;
        }
    }

    /// The eight symmetries of the board (four when it is not square), as maps of square bits.
    pub fn symmetries(&self) -> impl Iterator<Item = [u8; 64]> + '_ {
        let (w, h) = (self.width, self.height);
        (0..8u32)
            .filter(move |&k| w == h || k & 4 == 0)
            .map(move |k| {
                let mut map = [0u8; 64];
                for i in 0..self.len {
                    let (mut f, mut r) = (i % w, i / w);
                    if k & 1 != 0 {
                        f = w - 1 - f;
                    }
                    if k & 2 != 0 {
                        r = h - 1 - r;
                    }
                    if k & 4 != 0 {
                        core::mem::swap(&mut f, &mut r);
                    }
                    map[i as usize] = (r * w + f) as u8;
                }
                map
            })
    }
}

/// `x` shifted left by `s` (right by `-s` when `s` is negative).
#[inline]
fn shl(x: u64, s: i32) -> u64 {
    if s >= 0 { x << s } else { x >> -s }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Proves the shifted-mask attacks equal the union of `Board::knight_moves` on every square
    /// of every board up to 8 x 8, and that the neighbour masks agree with them.
    #[test]
    fn setwise_attacks_match_board_moves() {
        for w in 1..=8 {
            for h in 1..=8 {
                let board = Board::new(w, h).unwrap();
                let g = Grid::new(board).unwrap();
                for i in 0..board.len() {
                    let expected: u64 = board
                        .knight_moves(board.coord(i))
                        .map(|t| 1u64 << board.index(t))
                        .sum();
                    assert_eq!(g.attacks(1 << i), expected, "{board} {i}");
                    assert_eq!(g.adj[i as usize], expected);
                }
            }
        }
        assert_eq!(
            Grid::new(Board::new(5, 13).unwrap()).err(),
            Some(CountError::TooManySquares { limit: 64 })
        );
    }
}
