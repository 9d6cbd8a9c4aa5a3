//! A tour under construction as links: one byte per square holding its two moves.
//!
//! Each square stores the moves to its two neighbours on the tour as indices into
//! [`KNIGHT_DELTAS`] (low and high nibble; [`END`] where a path ends). One byte per square plus
//! the final order (`u32` per square) keeps the largest board within 5 bytes per square.

use alloc::vec;
use alloc::vec::Vec;

use crate::board::{Board, KNIGHT_DELTAS};

/// The nibble of a path end: no move.
pub(crate) const END: u8 = 8;

/// The move code of the reverse jump: `KNIGHT_DELTAS[reverse(k)] == -KNIGHT_DELTAS[k]`.
#[inline]
pub(crate) const fn reverse(code: u8) -> u8 {
    code ^ 4
}

/// The move code of the jump with file and rank swapped (codes 8 and up are kept).
pub(crate) const TRANSPOSE: [u8; 16] = [1, 0, 7, 6, 5, 4, 3, 2, 8, 9, 10, 11, 12, 13, 14, 15];

/// The move code from `(df, dr)`.
pub(crate) fn code_of(df: i32, dr: i32) -> u8 {
    let mut k = 0;
    while k < 8 {
        let (a, b) = KNIGHT_DELTAS[k];
        if a as i32 == df && b as i32 == dr {
            return k as u8;
        }
        k += 1;
    }
    END
}

/// Links of every square of a board.
pub(crate) struct Links {
    pub board: Board,
    pub bytes: Vec<u8>,
}

impl Links {
    /// All squares unlinked.
    pub fn new(board: Board) -> Links {
        Links {
            board,
            bytes: vec![END | (END << 4); board.len() as usize],
        }
    }

    /// The code of the move from `a` to `b`.
    fn code(&self, a: (u32, u32), b: (u32, u32)) -> u8 {
        code_of(b.0 as i32 - a.0 as i32, b.1 as i32 - a.1 as i32)
    }

    fn at(&mut self, c: (u32, u32)) -> &mut u8 {
        let i = (c.1 * self.board.width() + c.0) as usize;
        &mut self.bytes[i]
    }

    /// Links square `a` to `prev` and `next` (`None` at an end of a path).
    pub fn set(&mut self, a: (u32, u32), prev: Option<(u32, u32)>, next: Option<(u32, u32)>) {
        let code = |b: Option<(u32, u32)>| b.map_or(END, |b| self.code(a, b));
        let byte = code(prev) | (code(next) << 4);
        *self.at(a) = byte;
    }

    /// Replaces the link of square `a` towards `old` by one towards `new`.
    pub fn relink(&mut self, a: (u32, u32), old: (u32, u32), new: (u32, u32)) {
        let (from, to) = (self.code(a, old), self.code(a, new));
        let byte = self.at(a);
        if *byte & 15 == from {
            *byte = (*byte & 0xf0) | to;
        } else if *byte >> 4 == from {
            *byte = (*byte & 0x0f) | (to << 4);
        } else {
            debug_assert!(false, "missing link");
        }
    }

    /// The two squares linked to `a` (the second is `a` itself at a path end).
    pub fn neighbours(&self, a: (u32, u32)) -> Option<((u32, u32), (u32, u32))> {
        let byte = *self.bytes.get((a.1 * self.board.width() + a.0) as usize)?;
        let go = |code: u8| -> Option<(u32, u32)> {
            if code == END {
                return Some(a);
            }
            let &(df, dr) = KNIGHT_DELTAS.get(code as usize)?;
            let f = a.0.checked_add_signed(df as i32)?;
            let r = a.1.checked_add_signed(dr as i32)?;
            Some((f, r))
        };
        Some((go(byte & 15)?, go(byte >> 4)?))
    }

    /// Replaces the link of `a` towards `old` by one towards `new`, or by none.
    pub fn cut(&mut self, a: (u32, u32), old: (u32, u32), new: Option<(u32, u32)>) {
        let from = self.code(a, old);
        let to = new.map_or(END, |n| self.code(a, n));
        let byte = self.at(a);
        if *byte & 15 == from {
            *byte = (*byte & 0xf0) | to;
        } else if *byte >> 4 == from {
            *byte = (*byte & 0x0f) | (to << 4);
        }
    }

    /// Swaps the moves `a-b` and `c-d` (both on the tour, `a-c` and `b-d` knight moves) for
    /// `a-c` and `b-d`: joins two cycles, or a path and a cycle, into one.
    pub fn swap(&mut self, a: (u32, u32), b: (u32, u32), c: (u32, u32), d: (u32, u32)) {
        self.relink(a, b, c);
        self.relink(b, a, d);
        self.relink(c, d, a);
        self.relink(d, c, b);
    }

    /// Walks the links from `start` and lists the squares in tour order. Returns `None` if the
    /// walk does not cover the board (a broken link structure).
    pub fn walk(&self, start: u32) -> Option<Vec<u32>> {
        let n = self.board.len() as usize;
        let w = self.board.width() as isize;
        let mut off = [0isize; 8];
        for (o, &(df, dr)) in off.iter_mut().zip(KNIGHT_DELTAS.iter()) {
            *o = dr as isize * w + df as isize;
        }
        let mut order = Vec::with_capacity(n);
        let mut cur = start as usize;
        let first = *self.bytes.get(cur)?;
        let mut code = if first & 15 != END {
            first & 15
        } else {
            first >> 4
        };
        order.push(start);
        while order.len() < n {
            let step = *off.get(code as usize)?;
            cur = cur.checked_add_signed(step)?;
            order.push(cur as u32);
            let byte = *self.bytes.get(cur)?;
            let back = reverse(code);
            code = if byte & 15 == back {
                byte >> 4
            } else {
                byte & 15
            };
        }
        Some(order)
    }
}
