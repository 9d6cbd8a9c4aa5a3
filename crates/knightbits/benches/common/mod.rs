//! Inputs, peers and helpers shared by the `attacks` and `instructions` benches.

#![allow(dead_code)]

use std::hint::black_box;

use knightbits::{Bitboard, Square, knight};

pub mod positions;

/// Bitboards per in-cache batch, and squares per single-square input.
pub const SMALL: usize = 4_096;
/// Sets per set-case input: enough that the branch predictor cannot learn the sequence.
pub const SETS: usize = 1 << 16;
/// Bitboards in the 8 MiB batch.
pub const LARGE: usize = 1 << 20;

/// splitmix64: reproducible inputs shared by every implementation.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A set of exactly `count` distinct squares.
    pub fn set_of(&mut self, count: u32) -> u64 {
        let mut set = 0u64;
        while set.count_ones() < count {
            set |= 1 << self.below(64);
        }
        set
    }

    /// `n` sets whose sizes are uniform in `lo..=hi`.
    pub fn sets(&mut self, n: usize, lo: u32, hi: u32) -> Vec<u64> {
        (0..n)
            .map(|_| {
                let count = lo + self.below(u64::from(hi - lo + 1)) as u32;
                self.set_of(count)
            })
            .collect()
    }
}

pub fn squares(indices: &[u8]) -> Vec<Square> {
    indices
        .iter()
        .map(|&i| Square::from_index(i).expect("index below 64"))
        .collect()
}

// --- peers, as their users would write them ---------------------------------------------------

pub fn shakmaty_square(i: u8) -> shakmaty::Square {
    shakmaty::Square::new(u32::from(i))
}

pub fn cozy_square(i: u8) -> cozy_chess::Square {
    cozy_chess::Square::index(usize::from(i))
}

pub fn chess_square(i: u8) -> chess::Square {
    chess::ALL_SQUARES[usize::from(i)]
}

pub fn shakmaty_knights(set: u64) -> u64 {
    let mut attacks = 0;
    for sq in shakmaty::Bitboard(set) {
        attacks |= shakmaty::attacks::knight_attacks(sq).0;
    }
    attacks
}

pub fn cozy_knights(set: u64) -> u64 {
    let mut attacks = 0;
    for sq in cozy_chess::BitBoard(set) {
        attacks |= cozy_chess::get_knight_moves(sq).0;
    }
    attacks
}

pub fn chess_knights(set: u64) -> u64 {
    let mut attacks = 0;
    for sq in chess::BitBoard(set) {
        attacks |= chess::get_knight_moves(sq).0;
    }
    attacks
}

/// The small-set path tried for `attacks_set` and measured slower (see BENCHMARKS.md): two
/// table loads (lowest and second-lowest knight) for at most two knights, the formula for more.
#[inline]
pub fn two_lookup(set: u64) -> u64 {
    const TABLE: [u64; 65] = {
        let mut table = [0; 65];
        let mut i = 0;
        while i < 64 {
            table[i] = knight::attacks_set(Bitboard(1 << i)).0;
            i += 1;
        }
        table
    };
    let rest = set & set.wrapping_sub(1);
    if rest & rest.wrapping_sub(1) == 0 {
        TABLE[set.trailing_zeros() as usize] | TABLE[rest.trailing_zeros() as usize]
    } else {
        knight::attacks_set(Bitboard(set)).0
    }
}

/// Fork squares by a per-target loop of table lookups: squares attacked twice.
pub fn forks_per_target(targets: u64) -> u64 {
    let (mut attacked, mut twice) = (0u64, 0u64);
    for sq in shakmaty::Bitboard(targets) {
        let a = shakmaty::attacks::knight_attacks(sq).0;
        twice |= attacked & a;
        attacked |= a;
    }
    twice
}

/// Fork squares by brute force: every square whose knight attacks at least two targets.
pub fn forks_brute_force(targets: u64) -> u64 {
    let mut forks = 0u64;
    for sq in shakmaty::Square::ALL {
        let hit = shakmaty::attacks::knight_attacks(sq).0 & targets;
        if hit & hit.wrapping_sub(1) != 0 {
            forks |= 1 << u32::from(sq);
        }
    }
    forks
}

// --- helpers ----------------------------------------------------------------------------------

/// Runs `f` over every element and folds the results with XOR (one cheap dependency, no
/// vectorizable pattern the compiler could exploit differently between implementations).
#[inline(always)]
pub fn fold<T: Copy>(items: &[T], f: impl Fn(T) -> u64) -> u64 {
    let mut acc = 0;
    for &x in black_box(items) {
        acc ^= f(x);
    }
    acc
}

/// [`fold`] over elements taken by reference (positions).
#[inline(always)]
pub fn fold_ref<T>(items: &[T], f: impl Fn(&T) -> u64) -> u64 {
    let mut acc = 0;
    for x in black_box(items) {
        acc ^= f(x);
    }
    acc
}

pub fn assert_agree(case: &str, results: &[(&str, Vec<u64>)]) {
    let (first, want) = &results[0];
    for (name, got) in &results[1..] {
        if let Some(i) = want.iter().zip(got).position(|(a, b)| a != b) {
            panic!(
                "{case}: {name} disagrees with {first} at input {i}: {:#x} vs {:#x}",
                got[i], want[i]
            );
        }
        assert_eq!(want.len(), got.len(), "{case}: {name} length");
    }
}
