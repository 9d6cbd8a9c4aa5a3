//! A board of at most 64 squares as one `u64`: bit `rank * width + file` (the row-major index of
//! [`Board::index`]), with neighbour masks and setwise knight attacks by masked shifts.

use super::error::CountError;
use knightbits::knight::Direction;
use knightbits_board::{Board, Coord};

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
    /// The squares of each colour: 0 for those with an even `file + rank` (the corners), 1
    /// for the others. A knight always changes colour.
    pub class: [u64; 2],
    /// The four jumps up the board (to higher bits) as (shift, mask of the squares the jump
    /// stays on the board from).
    up: [(u32, u64); 4],
    /// The four jumps down the board (to lower bits).
    down: [(u32, u64); 4],
}

impl Grid {
    /// The largest board counted: 64 squares, one `u64`.
    pub const MAX_SQUARES: u32 = super::method::MEET_SQUARES;

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
        let mut class = [0u64; 2];
        let (mut up, mut down) = ([(0u32, 0u64); 4], [(0u32, 0u64); 4]);
        let (mut ups, mut downs) = (0, 0);
        for (df, dr) in Direction::ALL.map(|d| (d.file_delta(), d.rank_delta())) {
            let mut from = 0u64;
            for i in 0..len {
                let c = board.coord(i);
                if let Some(t) = board.offset(c, df as i32, dr as i32) {
                    from |= 1 << i;
                    adj[i as usize] |= 1 << board.index(t);
                }
            }
            // A jump up a rank moves to a higher bit whenever it stays on the board (|df| <
            // width); one that cannot stay on the board has an empty mask.
            let shift = (dr as i32 * width as i32 + df as i32).unsigned_abs();
            if dr > 0 {
                up[ups] = (shift, from);
                ups += 1;
            } else {
                down[downs] = (shift, from);
                downs += 1;
            }
        }
        for i in 0..len {
            let c = board.coord(i);
            class[((c.file + c.rank) & 1) as usize] |= 1 << i;
        }
        Ok(Grid {
            width,
            height,
            len,
            full,
            adj,
            class,
            up,
            down,
        })
    }

    /// The bit of `c`.
    #[inline]
    pub fn bit(&self, c: Coord) -> u32 {
        c.rank as u32 * self.width + c.file as u32
    }

    /// The colour of square bit `i` (0 or 1, see [`Grid::class`]).
    #[inline]
    pub fn colour(&self, i: u32) -> usize {
        (self.class[1] >> i & 1) as usize
    }

    /// The squares attacked by a knight on any square of `set`.
    #[inline]
    pub fn attacks(&self, set: u64) -> u64 {
        let mut out = 0;
        for &(shift, from) in &self.up {
            out |= (set & from) << shift;
        }
        for &(shift, from) in &self.down {
            out |= (set & from) >> shift;
        }
        out
    }

    /// The squares with at least three knight neighbours in `set`: a bit-sliced count, jump by
    /// jump, saturating at three.
    #[inline]
    pub fn three_neighbours(&self, set: u64) -> u64 {
        let (mut one, mut two, mut three) = (0u64, 0u64, 0u64);
        let mut add = |hit: u64| {
            three |= two & hit;
            two |= one & hit;
            one |= hit;
        };
        for &(shift, from) in &self.up {
            add((set & from) << shift);
        }
        for &(shift, from) in &self.down {
            add((set & from) >> shift);
        }
        three
    }

    /// How many neighbours in `set` every square has.
    pub fn degrees(&self, set: u64) -> Degrees {
        let mut d = Degrees([0; 4]);
        for i in 0..self.len {
            let n = (self.adj[i as usize] & set).count_ones() as u64;
            for (b, plane) in d.0.iter_mut().enumerate() {
                *plane |= (n >> b & 1) << i;
            }
        }
        d
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

/// A permutation of the squares applied to whole sets, a byte of the set at a time.
#[derive(Clone, Debug)]
pub(crate) struct Perm {
    chunks: std::vec::Vec<[u64; 256]>,
}

impl Perm {
    /// The permutation sending square bit `i` to `map[i]`, for the first `len` squares.
    pub fn new(map: &[u8; 64], len: u32) -> Perm {
        let chunks = (0..len.div_ceil(8))
            .map(|c| {
                let mut t = [0u64; 256];
                for (byte, out) in t.iter_mut().enumerate() {
                    for b in 0..8 {
                        let i = c * 8 + b;
                        if byte >> b & 1 == 1 && i < len {
                            *out |= 1 << map[i as usize];
                        }
                    }
                }
                t
            })
            .collect();
        Perm { chunks }
    }

    /// The image of `set`.
    #[inline]
    pub fn apply(&self, set: u64) -> u64 {
        let mut out = 0;
        for (c, t) in self.chunks.iter().enumerate() {
            out |= t[(set >> (8 * c)) as usize & 255];
        }
        out
    }
}

/// A count from 0 to 8 for every square, bit-sliced: plane `b` holds bit `b` of every count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Degrees(pub [u64; 4]);

impl Degrees {
    /// The counts less one on the squares of `mask` (each of them at least 1).
    #[inline]
    pub fn minus(self, mask: u64) -> Degrees {
        let [a, b, c, d] = self.0;
        let (a2, borrow) = (a ^ mask, !a & mask);
        let (b2, borrow) = (b ^ borrow, !b & borrow);
        let (c2, borrow) = (c ^ borrow, !c & borrow);
        Degrees([a2, b2, c2, d ^ borrow])
    }

    /// The squares counting at least one.
    #[inline]
    pub fn once(self) -> u64 {
        self.0[0] | self.0[1] | self.0[2] | self.0[3]
    }

    /// The squares counting at least two.
    #[inline]
    pub fn twice(self) -> u64 {
        self.0[1] | self.0[2] | self.0[3]
    }

    /// The squares counting at least three.
    #[inline]
    pub fn thrice(self) -> u64 {
        (self.0[0] & self.0[1]) | self.0[2] | self.0[3]
    }
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
                    let c = board.coord(i);
                    assert_eq!(g.colour(i) as u32, (c.file + c.rank) as u32 & 1);
                    assert_eq!(
                        expected & g.class[g.colour(i)],
                        0,
                        "a knight changes colour"
                    );
                }
            }
        }
        // Bit-sliced degrees: built, then lowered square by square, against popcounts.
        let g = Grid::new(Board::new(7, 7).unwrap()).unwrap();
        let mut set = g.full;
        let mut d = g.degrees(set);
        // Set permutations against square-by-square maps.
        for map in g.symmetries() {
            let p = Perm::new(&map, g.len);
            for s in [g.full, 0x1_2345_6789, 1 << 48, 0b1011 << 20] {
                let expected = (0..49)
                    .filter(|i| s >> i & 1 == 1)
                    .fold(0, |o, i| o | 1 << map[i]);
                assert_eq!(p.apply(s), expected);
            }
        }
        for sq in [24u32, 0, 10, 17, 48, 30] {
            set &= !(1 << sq);
            d = d.minus(g.adj[sq as usize]);
            assert_eq!(d, g.degrees(set));
            let three = g.three_neighbours(set);
            for i in 0..g.len {
                let n = (g.adj[i as usize] & set).count_ones();
                assert_eq!(d.once() >> i & 1 == 1, n >= 1);
                assert_eq!(d.twice() >> i & 1 == 1, n >= 2);
                assert_eq!(d.thrice() >> i & 1 == 1, n >= 3);
                assert_eq!(three >> i & 1 == 1, n >= 3);
            }
        }
        assert_eq!(
            Grid::new(Board::new(5, 13).unwrap()).err(),
            Some(CountError::TooManySquares { limit: 64 })
        );
    }
}
