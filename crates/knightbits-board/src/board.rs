//! Boards of any size, N x M with 1 ≤ N, M ≤ 10,000: squares as coordinates and knight moves.

use core::fmt;

use knightbits::knight::Direction;

/// A square of an N x M board: `file` counts columns from 0 at the left, `rank` rows from 0 at
/// the bottom (so on 8x8, `Coord { file: 0, rank: 0 }` is a1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Coord {
    /// Column, from 0 at the left.
    pub file: u16,
    /// Row, from 0 at the bottom.
    pub rank: u16,
}

impl Coord {
    /// The coordinate of `file` and `rank`.
    #[inline]
    pub const fn new(file: u16, rank: u16) -> Coord {
        Coord { file, rank }
    }
}

/// A rectangular board of `width` files and `height` ranks.
///
/// ```
/// use knightbits_board::{Board, Coord};
/// let board = Board::new(8, 8).unwrap();
/// assert_eq!(board.knight_moves(Coord::new(0, 0)).count(), 2);
/// assert_eq!(board.name(Coord::new(3, 3)).to_string(), "d4");
/// assert_eq!(board.parse_coord("d4"), Ok(Coord::new(3, 3)));
/// assert!(Board::new(0, 8).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: u16,
    height: u16,
}

/// A board side was 0 or over [`Board::MAX_SIDE`], or a square was not on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardSizeError {
    /// A side was 0 or larger than [`Board::MAX_SIDE`].
    SideOutOfRange,
    /// The text was not `WxH` with two whole numbers.
    Malformed,
    /// A square was not written as a name or `file,rank`.
    InvalidSquare,
    /// A square was written well but is not on the board.
    SquareOffBoard,
    /// A square was written as a name on a board of more than 26 files, which has none.
    NoNames,
}

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardSizeError::SideOutOfRange => {
                write!(f, "board sides must be from 1 to {}", Board::MAX_SIDE)
            }
            BoardSizeError::Malformed => f.write_str("board size must be written WxH, like 8x8"),
            BoardSizeError::InvalidSquare => {
                f.write_str("not a square: write a name like c3, or file,rank counted from 0")
            }
            BoardSizeError::SquareOffBoard => f.write_str("square is not on the board"),
            BoardSizeError::NoNames => f.write_str(
                "squares have names on boards of at most 26 files: write file,rank counted \
                 from 0, like 0,0",
            ),
        }
    }
}

impl core::error::Error for BoardSizeError {}

/// The eight knight jumps as (file, rank) deltas, in the core's [`Direction::ALL`] order
/// (clockwise from noNoEa): the core is the one place the jumps are written.
pub(crate) const KNIGHT_DELTAS: [(i8, i8); 8] = {
    let mut deltas = [(0, 0); 8];
    let mut i = 0;
    while i < 8 {
        let d = Direction::ALL[i];
        deltas[i] = (d.file_delta(), d.rank_delta());
        i += 1;
    }
    deltas
};

impl Board {
    /// The largest side accepted.
    pub const MAX_SIDE: u16 = 10_000;

    /// The standard 8x8 board.
    pub const CHESS: Board = Board {
        width: 8,
        height: 8,
    };

    /// A board `width` files wide and `height` ranks high, both from 1 to [`Board::MAX_SIDE`].
    pub const fn new(width: u32, height: u32) -> Result<Board, BoardSizeError> {
        if width == 0
            || height == 0
            || width > Board::MAX_SIDE as u32
            || height > Board::MAX_SIDE as u32
        {
            Err(BoardSizeError::SideOutOfRange)
        } else {
            Ok(Board {
                width: width as u16,
                height: height as u16,
            })
        }
    }

    /// Number of files.
    #[inline]
    pub const fn width(self) -> u32 {
        self.width as u32
    }

    /// Number of ranks.
    #[inline]
    pub const fn height(self) -> u32 {
        self.height as u32
    }

    /// Number of squares, `width * height` (at most 10⁸).
    #[inline]
    pub const fn len(self) -> u32 {
        self.width as u32 * self.height as u32
    }

    /// Always `false`: a board has at least one square.
    #[inline]
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Is `c` on the board?
    #[inline]
    pub const fn contains(self, c: Coord) -> bool {
        c.file < self.width && c.rank < self.height
    }

    /// Row-major index of `c`: `rank * width + file`.
    #[inline]
    pub const fn index(self, c: Coord) -> u32 {
        c.rank as u32 * self.width as u32 + c.file as u32
    }

    /// The coordinate with row-major index `index` (which must be below [`Board::len`]).
    #[inline]
    pub const fn coord(self, index: u32) -> Coord {
        Coord {
            file: (index % self.width as u32) as u16,
            rank: (index / self.width as u32) as u16,
        }
    }

    /// The square `(df, dr)` away from `c`, if it is on the board.
    #[inline]
    pub const fn offset(self, c: Coord, df: i32, dr: i32) -> Option<Coord> {
        let f = c.file as i32 + df;
        let r = c.rank as i32 + dr;
        if f >= 0 && r >= 0 && f < self.width as i32 && r < self.height as i32 {
            Some(Coord {
                file: f as u16,
                rank: r as u16,
            })
        } else {
            None
        }
    }

    /// The squares a knight on `from` can jump to.
    #[inline]
    pub const fn knight_moves(self, from: Coord) -> KnightMoves {
        KnightMoves {
            board: self,
            from,
            next: 0,
        }
    }

    /// Does the board use algebraic names (at most 26 files)?
    #[inline]
    pub const fn has_names(self) -> bool {
        self.width <= 26
    }

    /// `c` written for people: an algebraic name (`c3`, `z100`) when the board has at most 26
    /// files, otherwise `(file,rank)` counted from 0.
    #[inline]
    pub const fn name(self, c: Coord) -> CoordName {
        CoordName { board: self, c }
    }

    /// Reads a square of this board: an algebraic name (`c3`, when the board has at most 26
    /// files) or a pair `file,rank` counted from 0, with or without parentheses (`(2,2)`).
    pub fn parse_coord(self, s: &str) -> Result<Coord, BoardSizeError> {
        let s = s.trim();
        let inner = s
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .unwrap_or(s);
        let c = if let Some((f, r)) = inner.split_once(',') {
            let file: u16 = f
                .trim()
                .parse()
                .map_err(|_| BoardSizeError::InvalidSquare)?;
            let rank: u16 = r
                .trim()
                .parse()
                .map_err(|_| BoardSizeError::InvalidSquare)?;
            Coord { file, rank }
        } else {
            let mut chars = inner.chars();
            let letter = chars.next().ok_or(BoardSizeError::InvalidSquare)?;
            if !letter.is_ascii_lowercase() {
                return Err(BoardSizeError::InvalidSquare);
            }
            let digits = chars.as_str();
            if digits.starts_with('0') || digits.starts_with('+') {
                return Err(BoardSizeError::InvalidSquare);
            }
            let rank: u16 = digits.parse().map_err(|_| BoardSizeError::InvalidSquare)?;
            if !self.has_names() {
                return Err(BoardSizeError::NoNames);
            }
            Coord {
                file: letter as u16 - 'a' as u16,
                rank: rank.checked_sub(1).ok_or(BoardSizeError::SquareOffBoard)?,
            }
        };
        if self.contains(c) {
            Ok(c)
        } else {
            Err(BoardSizeError::SquareOffBoard)
        }
    }
}

impl core::str::FromStr for Board {
    type Err = BoardSizeError;

    /// Reads `WxH` (also `W×H` or `WXH`), for example `8x8` or `100x100`.
    fn from_str(s: &str) -> Result<Board, BoardSizeError> {
        let s = s.trim();
        let (w, h) = s
            .split_once(['x', 'X', '×'])
            .ok_or(BoardSizeError::Malformed)?;
        let parse = |t: &str| -> Result<u32, BoardSizeError> {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(BoardSizeError::Malformed);
            }
            // Very long digit strings are out of range, not malformed.
            t.parse::<u32>().map_err(|_| BoardSizeError::SideOutOfRange)
        };
        Board::new(parse(w)?, parse(h)?)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// A square written for people; made by [`Board::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoordName {
    board: Board,
    c: Coord,
}

impl fmt::Display for CoordName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.board.has_names() {
            write!(
                f,
                "{}{}",
                (b'a' + self.c.file as u8) as char,
                self.c.rank as u32 + 1
            )
        } else {
            write!(f, "({},{})", self.c.file, self.c.rank)
        }
    }
}

/// The knight jumps from one square of a [`Board`]; made by [`Board::knight_moves`].
#[derive(Clone, Debug)]
pub struct KnightMoves {
    board: Board,
    from: Coord,
    next: usize,
}

impl Iterator for KnightMoves {
    type Item = Coord;

    fn next(&mut self) -> Option<Coord> {
        while let Some(&(df, dr)) = KNIGHT_DELTAS.get(self.next) {
            self.next += 1;
            if let Some(c) = self.board.offset(self.from, df as i32, dr as i32) {
                return Some(c);
            }
        }
        None
    }
}

impl core::iter::FusedIterator for KnightMoves {}

#[cfg(test)]
mod tests {
    use super::*;
    use knightbits::{Square, knight};

    #[test]
    fn chess_board_moves_match_the_bitboard_table() {
        let board = Board::CHESS;
        for sq in Square::ALL {
            let c = Coord::new(sq.file() as u16, sq.rank() as u16);
            assert_eq!(board.index(c), sq as u32);
            assert_eq!(board.coord(sq as u32), c);
            let moves: knightbits::Bitboard = board
                .knight_moves(c)
                .map(|m| Square::from_index(board.index(m) as u8).unwrap())
                .collect();
            assert_eq!(moves, knight::attacks(sq), "{sq}");
        }
    }

    #[test]
    fn sizes_are_checked() {
        assert_eq!("8x8".parse(), Ok(Board::CHESS));
        assert_eq!("10000x1".parse::<Board>().map(|b| b.len()), Ok(10_000));
        assert_eq!("0x8".parse::<Board>(), Err(BoardSizeError::SideOutOfRange));
        assert_eq!(
            "10001x8".parse::<Board>(),
            Err(BoardSizeError::SideOutOfRange)
        );
        assert_eq!(
            "99999999999x8".parse::<Board>(),
            Err(BoardSizeError::SideOutOfRange)
        );
        assert_eq!("8".parse::<Board>(), Err(BoardSizeError::Malformed));
        assert_eq!("8x".parse::<Board>(), Err(BoardSizeError::Malformed));
        assert_eq!("-8x8".parse::<Board>(), Err(BoardSizeError::Malformed));
        assert_eq!("8x8x8".parse::<Board>(), Err(BoardSizeError::Malformed));
    }

    #[test]
    fn squares_are_named_and_parsed_both_ways() {
        let small = Board::new(26, 100).unwrap();
        let c = Coord::new(25, 99);
        assert_eq!(small.name(c).to_string(), "z100");
        assert_eq!(small.parse_coord("z100"), Ok(c));
        assert_eq!(small.parse_coord("(25,99)"), Ok(c));
        assert_eq!(
            small.parse_coord("z101"),
            Err(BoardSizeError::SquareOffBoard)
        );
        assert_eq!(small.parse_coord("a0"), Err(BoardSizeError::InvalidSquare));
        assert_eq!(
            small.parse_coord("26,0"),
            Err(BoardSizeError::SquareOffBoard)
        );
        assert_eq!(small.parse_coord("a01"), Err(BoardSizeError::InvalidSquare));
        assert_eq!(
            small.parse_coord("1,1,1"),
            Err(BoardSizeError::InvalidSquare)
        );
        assert_eq!(small.parse_coord("A1"), Err(BoardSizeError::InvalidSquare));
        let large = Board::new(27, 27).unwrap();
        assert_eq!(large.name(Coord::new(26, 3)).to_string(), "(26,3)");
        assert_eq!(large.parse_coord("a1"), Err(BoardSizeError::NoNames));
        assert_eq!(large.parse_coord("a99"), Err(BoardSizeError::NoNames));
        assert_eq!(large.parse_coord("26,3"), Ok(Coord::new(26, 3)));
    }
}
