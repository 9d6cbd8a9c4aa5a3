//! Undirected closed tours by a frontier (transfer-matrix) dynamic programme.
//!
//! The board is laid with its shorter side `w` across and swept square by square, rank by rank.
//! A knight edge spans at most two ranks, so when square `i` is placed its earlier neighbours
//! are all among the `2w + 1` squares before it: the frontier. A state records, for each
//! frontier square, how many tour edges it has so far: none, two (finished), or one, in which
//! case it is an end of a path of chosen edges and the state says which other frontier square is
//! that path's other end (ends carry the same label, labels numbered in order of appearance).
//! Placing a square chooses zero, one or two edges back to unfinished frontier squares, joining
//! paths; a square leaving the frontier must be finished. Joining the two ends of one path closes
//! a cycle, which counts only on the last square with every square finished. Each undirected
//! cycle is one set of edges, so it is counted once.

use super::super::board::Board;
use super::{CountError, Progress};
use std::collections::HashMap;
use std::vec::Vec;

/// The widest shorter side: a frontier of `2w + 1` squares at four bits each fits a `u64`.
pub(crate) const MAX_WIDTH: u32 = 7;

/// A frontier square with no edge yet.
const EMPTY: u8 = 0;
/// A frontier square with both its edges.
const DONE: u8 = 15;
/// A label no normalised state uses (they use at most 7).
const FRESH: u8 = 14;

/// Undirected Hamiltonian cycles of the knight graph of `board`.
pub(crate) fn count(board: Board, progress: &mut dyn FnMut(Progress)) -> Result<u64, CountError> {
    let w = board.width().min(board.height());
    let h = board.width().max(board.height());
    if w > MAX_WIDTH {
        return Err(CountError::TooWide { limit: MAX_WIDTH });
    }
    let n = w * h;
    let k = 2 * w + 1;
    let cells = k as usize;
    // Window slot `j` holds square `i - k + j` while square `i` is placed; squares before the
    // board start finished.
    let all_done: u64 = if k == 16 {
        u64::MAX
    } else {
        (1u64 << (4 * k)) - 1
    };
    let mut states: HashMap<u64, u64> = HashMap::new();
    states.insert(all_done, 1);
    let mut closed: u64 = 0;
    for i in 0..n {
        progress(Progress {
            done: i as u64,
            total: n as u64,
        });
        let (f, r) = (i % w, i / w);
        // Window slots of the earlier neighbours of square i.
        let mut back = Vec::with_capacity(4);
        for (df, dr) in [(-1i32, 2i32), (1, 2), (-2, 1), (2, 1)] {
            let (ff, rr) = (f as i32 + df, r as i32 - dr);
            if ff >= 0 && ff < w as i32 && rr >= 0 {
                let d = (dr as u32) * w;
                let d = (d as i32 - df) as u32; // i - neighbour
                back.push((k - d) as usize);
            }
        }
        // How many neighbours after square i each slot of the next window still has.
        let later: Vec<u32> = (0..cells)
            .map(|j| {
                let sq = i as i64 + 1 - k as i64 + j as i64;
                if sq < 0 {
                    return 2;
                }
                let sq = sq as u32;
                let (sf, sr) = ((sq % w) as i32, (sq / w) as i32);
                [(1i32, 2i32), (-1, 2), (2, 1), (-2, 1)]
                    .iter()
                    .filter(|&&(df, dr)| {
                        let (tf, tr) = (sf + df, sr + dr);
                        tf >= 0 && tf < w as i32 && (tr as u32) < h && tr * w as i32 + tf > i as i32
                    })
                    .count() as u32
            })
            .collect();
        let last = i + 1 == n;
        let mut next: HashMap<u64, u64> = HashMap::with_capacity(states.len() * 2);
        for (&state, &ways) in &states {
            let mut slot = [0u8; 16];
            for (j, s) in slot.iter_mut().enumerate().take(cells) {
                *s = (state >> (4 * j)) as u8 & 15;
            }
            let open: Vec<usize> = back
                .iter()
                .copied()
                .filter(|&j| slot[j] != DONE)
                .collect();
            let mut choose = |picked: &[usize]| -> Result<(), CountError> {
                match place(slot, cells, picked, last, &later) {
                    Place::Invalid => {}
                    Place::Closed => closed = closed.checked_add(ways).ok_or(CountError::Overflow)?,
                    Place::State(s) => {
                        let e = next.entry(s).or_insert(0);
                        *e = e.checked_add(ways).ok_or(CountError::Overflow)?;
                    }
                }
                Ok(())
            };
            choose(&[])?;
            for (x, &a) in open.iter().enumerate() {
                choose(&[a])?;
                for &b in &open[x + 1..] {
                    choose(&[a, b])?;
                }
            }
        }
        states = next;
    }
    progress(Progress {
        done: n as u64,
        total: n as u64,
    });
    Ok(closed)
}

/// The outcome of placing a square.
enum Place {
    /// No tour continues this way.
    Invalid,
    /// The last square closed the tour.
    Closed,
    /// The next frontier.
    State(u64),
}

/// Places the next square with edges to the frontier slots `picked`, then moves the window on.
fn place(mut slot: [u8; 16], cells: usize, picked: &[usize], last: bool, later: &[u32]) -> Place {
    let mut me = EMPTY;
    let mut closes = false;
    for &j in picked {
        let u = slot[j];
        if me == EMPTY {
            if u == EMPTY {
                slot[j] = FRESH;
                me = FRESH;
            } else {
                slot[j] = DONE;
                me = u;
            }
        } else if u == EMPTY {
            slot[j] = me;
            me = DONE;
        } else if u == me {
            slot[j] = DONE;
            me = DONE;
            closes = true;
        } else {
            slot[j] = DONE;
            for s in slot.iter_mut().take(cells) {
                if *s == u {
                    *s = me;
                }
            }
            me = DONE;
        }
    }
    if slot[0] != DONE {
        return Place::Invalid;
    }
    // Move the window on: slot j + 1 becomes slot j, the new square the last slot.
    slot.copy_within(1..cells, 0);
    slot[cells - 1] = me;
    if closes {
        let finished = last && slot.iter().take(cells).all(|&s| s == DONE);
        return if finished {
            Place::Closed
        } else {
            Place::Invalid
        };
    }
    // Squares that cannot get the edges they still need.
    let mut map = [0u8; 16];
    let mut labels = 0u8;
    let mut out = 0u64;
    for (j, s) in slot.iter_mut().enumerate().take(cells) {
        let need = match *s {
            EMPTY => 2,
            DONE => 0,
            _ => 1,
        };
        if later.get(j).copied().unwrap_or(0) < need {
            return Place::Invalid;
        }
        if *s != EMPTY && *s != DONE {
            let l = *s as usize;
            if map[l] == 0 {
                labels += 1;
                map[l] = labels;
            }
            *s = map[l];
        }
        out |= (*s as u64) << (4 * j);
    }
    Place::State(out)
}
