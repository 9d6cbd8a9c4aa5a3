//! Orbits of the board's squares under its symmetries.

use super::super::grid::Grid;
use std::vec::Vec;

/// The orbit of square `s` under the board's symmetries, as a set.
pub(super) fn orbit(grid: &Grid, s: u32) -> u64 {
    grid.symmetries().fold(0, |o, map| o | 1 << map[s as usize])
}

/// One square of each orbit of the board's symmetries, with the orbit's size.
pub(super) fn orbits(grid: &Grid) -> Vec<(u32, u64)> {
    let maps: Vec<[u8; 64]> = grid.symmetries().collect();
    let mut seen = 0u64;
    let mut out = Vec::new();
    for m in 0..grid.len {
        if seen & (1 << m) != 0 {
            continue;
        }
        let orbit = maps.iter().fold(0u64, |o, map| o | 1 << map[m as usize]);
        seen |= orbit;
        out.push((m, orbit.count_ones() as u64));
    }
    out
}
