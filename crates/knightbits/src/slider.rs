//! Sliding-piece patterns: bishop, rook and queen attacks for any occupancy, and the squares
//! between two aligned squares. Knows nothing of positions.
//!
//! The method is the Chess Programming Wiki's *classical approach* in its branch-free form: one
//! ray table per direction (built at compile time by `const fn`), the first blocker found by a
//! bit scan, and the part of the ray behind the blocker removed by one exclusive or. A sentinel
//! bit (h8 for the four directions towards higher squares, a1 for the four towards lower ones)
//! stands in for "no blocker": the ray from a board corner in its own direction is empty, so the
//! exclusive or then leaves the whole ray.
//!
//! The attack set of a square depends only on the occupancy of the squares on its rays, and
//! the implementation reads only `ray & occupied`; the tests compare it with a slow ray walk on
//! every subset of every square's rays, which covers all 2⁶⁴ occupancies.
//!
//! Every function is a `const fn`:
//!
//! ```
//! use knightbits::{slider, Bitboard, Square};
//! const OPEN_FILE_ROOK: Bitboard = slider::rook_attacks(Square::D4, Bitboard::EMPTY);
//! assert_eq!(OPEN_FILE_ROOK, (Bitboard::FILE_D | Bitboard::RANK_4).without(Square::D4));
//! ```

use crate::bitboard::Bitboard;
use crate::square::Square;

/// The eight ray directions as (file, rank) steps: the first four go towards higher square
/// indices (north, east, north-east, north-west), the last four towards lower ones.
const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];

const NORTH: usize = 0;
const EAST: usize = 1;
const NORTH_EAST: usize = 2;
const NORTH_WEST: usize = 3;
const SOUTH: usize = 4;
const WEST: usize = 5;
const SOUTH_WEST: usize = 6;
const SOUTH_EAST: usize = 7;

/// The squares from `square` (excluded) to the edge in direction `(df, dr)`.
const fn ray(square: Square, df: i8, dr: i8) -> u64 {
    let mut bits = 0u64;
    let mut current = square.offset(df, dr);
    while let Some(sq) = current {
        bits |= 1 << sq as u8;
        current = sq.offset(df, dr);
    }
    bits
}

/// `RAYS[direction][square]`: the empty-board ray from `square` in `direction`.
static RAYS: [[u64; 64]; 8] = {
    let mut table = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut i = 0;
        while i < 64 {
            table[d][i] = ray(Square::ALL[i], DIRECTIONS[d].0, DIRECTIONS[d].1);
            i += 1;
        }
        d += 1;
    }
    table
};

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` on a rank, file or diagonal.
static BETWEEN: [[Bitboard; 64]; 64] = {
    let mut table = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let mut passed = 0u64;
            let mut current = Square::ALL[a].offset(df, dr);
            while let Some(b) = current {
                table[a][b as usize] = Bitboard(passed);
                passed |= 1 << b as u8;
                current = b.offset(df, dr);
            }
            d += 1;
        }
        a += 1;
    }
    table
};

/// The attacks along one ray towards higher squares: cut behind the lowest blocker.
#[inline]
const fn positive(direction: usize, square: Square, occupied: Bitboard) -> u64 {
    let rays = &RAYS[direction];
    let ray = rays[square as usize];
    let blockers = (ray & occupied.0) | 1 << 63;
    ray ^ rays[blockers.trailing_zeros() as usize]
}

/// The attacks along one ray towards lower squares: cut behind the highest blocker.
#[inline]
const fn negative(direction: usize, square: Square, occupied: Bitboard) -> u64 {
    let rays = &RAYS[direction];
    let ray = rays[square as usize];
    let blockers = (ray & occupied.0) | 1;
    ray ^ rays[63 - blockers.leading_zeros() as usize]
}

/// The squares a bishop on `square` attacks when `occupied` holds the pieces on the board: each
/// diagonal up to and including the first occupied square. Whether `square` itself is in
/// `occupied` does not matter.
///
/// ```
/// use knightbits::{bitboard, slider, Square};
/// let blockers = bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . X . .
///     . . . . . . . .
///     . . . . . . . .
///     . . X . . . . .
///     . . . . . . . .
///     . . . . . . . .
/// };
/// assert_eq!(slider::bishop_attacks(Square::D4, blockers), bitboard! {
///     . . . . . . . .
///     X . . . . . . .
///     . X . . . X . .
///     . . X . X . . .
///     . . . . . . . .
///     . . X . X . . .
///     . . . . . X . .
///     . . . . . . X .
/// });
/// ```
#[inline]
pub const fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(
        positive(NORTH_EAST, square, occupied)
            | positive(NORTH_WEST, square, occupied)
            | negative(SOUTH_WEST, square, occupied)
            | negative(SOUTH_EAST, square, occupied),
    )
}

/// The squares a rook on `square` attacks when `occupied` holds the pieces on the board: each
/// rank and file direction up to and including the first occupied square.
///
/// ```
/// use knightbits::{slider, Bitboard, Square};
/// assert_eq!(slider::rook_attacks(Square::A1, Bitboard::EMPTY).count(), 14);
/// let blockers = Bitboard::from_square(Square::A3) | Square::C1;
/// assert_eq!(
///     slider::rook_attacks(Square::A1, blockers),
///     Bitboard::from_iter([Square::A2, Square::A3, Square::B1, Square::C1]),
/// );
/// ```
#[inline]
pub const fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(
        positive(NORTH, square, occupied)
            | positive(EAST, square, occupied)
            | negative(SOUTH, square, occupied)
            | negative(WEST, square, occupied),
    )
}

/// The squares a queen on `square` attacks: bishop and rook attacks together.
///
/// ```
/// use knightbits::{slider, Bitboard, Square};
/// assert_eq!(slider::queen_attacks(Square::D4, Bitboard::EMPTY).count(), 27);
/// ```
#[inline]
pub const fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    bishop_attacks(square, occupied).union(rook_attacks(square, occupied))
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal; the empty
/// set otherwise (and for `a == b` or neighbours).
///
/// ```
/// use knightbits::{slider, Bitboard, Square};
/// assert_eq!(slider::between(Square::E1, Square::H4), Bitboard::from_square(Square::F2) | Square::G3);
/// assert_eq!(slider::between(Square::A1, Square::B3), Bitboard::EMPTY);
/// ```
#[inline]
pub const fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a as usize][b as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    use knightbits_testkit as testkit;

    /// A slow reference of the testkit (`testkit::rook`, `testkit::bishop`): step square by
    /// square until the edge or an occupied square.
    type Reference = fn(u8, u64) -> u64;

    /// The reference on the library's types.
    fn walk(reference: Reference, square: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(reference(square as u8, occupied.0))
    }

    /// A proof, square by square. Both the walk and the implementation read the occupancy
    /// only on the square's rays (the walk by construction; the implementation only through
    /// `RAYS[d][sq] & occupied`, and the table index it then takes is a square of that ray or
    /// the sentinel). So for each square, checking every subset of its full ray mask (the
    /// relevant blocker mask plus the edge squares: at most 2¹⁴ = 16,384 for a rook, 2¹³ for a
    /// bishop) checks all 2⁶⁴ occupancies. Random squares off the rays are added to each subset
    /// as a check of that argument.
    fn exhaustive(reference: Reference, attacks: fn(Square, Bitboard) -> Bitboard) -> usize {
        let mut rng = testkit::Rng::new(7);
        let mut checked = 0;
        for sq in Square::ALL {
            let mask = walk(reference, sq, Bitboard::EMPTY).0;
            // Carry-rippler enumeration of every subset of `mask`.
            let mut subset = 0u64;
            loop {
                let noise = rng.next() & !mask;
                let occupied = Bitboard(subset | noise);
                assert_eq!(
                    attacks(sq, occupied),
                    walk(reference, sq, occupied),
                    "{sq} {occupied:?}"
                );
                checked += 1;
                subset = subset.wrapping_sub(mask) & mask;
                if subset == 0 {
                    break;
                }
            }
        }
        checked
    }

    #[test]
    fn rook_attacks_equal_the_ray_walk_on_every_occupancy() {
        // 64 squares x 2^14 subsets of the four rays of each square.
        assert_eq!(exhaustive(testkit::rook, rook_attacks), 64 * 16_384);
    }

    #[test]
    fn bishop_attacks_equal_the_ray_walk_on_every_occupancy() {
        // Sum over squares of 2^(diagonal squares): 7 to 13 squares each.
        let expected: usize = Square::ALL
            .iter()
            .map(|&sq| 1 << walk(testkit::bishop, sq, Bitboard::EMPTY).count())
            .sum();
        assert_eq!(exhaustive(testkit::bishop, bishop_attacks), expected);
    }

    #[test]
    fn queen_attacks_are_rook_and_bishop_walks_together() {
        let mut rng = testkit::Rng::new(11);
        for _ in 0..20_000 {
            let occupied = Bitboard(rng.next() & rng.next());
            let sq = Square::ALL[(rng.next() % 64) as usize];
            let both = walk(testkit::rook, sq, occupied) | walk(testkit::bishop, sq, occupied);
            assert_eq!(queen_attacks(sq, occupied), both);
        }
    }

    /// Every pair of squares: `between` equals the squares walked from `a` towards `b` before
    /// reaching it, when some queen direction reaches `b`, and is empty otherwise.
    #[test]
    fn between_equals_a_walk_on_all_pairs() {
        for a in Square::ALL {
            for b in Square::ALL {
                let mut expected = Bitboard::EMPTY;
                for (df, dr) in DIRECTIONS {
                    let mut passed = Bitboard::EMPTY;
                    let mut current = a.offset(df, dr);
                    while let Some(sq) = current {
                        if sq == b {
                            expected = passed;
                            break;
                        }
                        passed.insert(sq);
                        current = sq.offset(df, dr);
                    }
                }
                assert_eq!(between(a, b), expected, "{a} {b}");
            }
        }
    }
}
