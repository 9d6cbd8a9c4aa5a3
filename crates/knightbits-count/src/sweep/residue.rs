//! Counts past 64 bits: the sweep's ways modulo primes below 2^64, one run a prime, joined by
//! the Chinese remainder theorem.
//!
//! The first run adds ways modulo [`prime`]`(0)` = 2^64 - 59 and notes whether any sum was
//! reduced; when none was, its total is the count itself (every count that fits in 64 bits
//! on the way, as before). Otherwise the run gave the count's residue, and the count runs
//! again modulo the next primes down, until the residues' join is certain or stable: certain
//! when the product of the primes passes a bound on the count ([`bound_bits`], Bregman's bound
//! on the permanent of the knight graph's adjacency matrix), stable when one more prime leaves
//! the join unchanged (a larger count would have to agree with the join modulo that prime,
//! about one chance in 2^64). A count of `b` bits takes `ceil(b / 64) + 1` runs at most.

use crate::error::CountError;
use crate::method::Kind;
use crate::tours::Tours;
use knightbits_board::Board;
use num_bigint::BigUint;
use std::fs;
use std::path::Path;
use std::string::String;
use std::vec::Vec;

/// `a * b mod m`.
fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

/// `a^e mod m`.
fn pow_mod(mut a: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    a %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, a, m);
        }
        a = mul_mod(a, a, m);
        e >>= 1;
    }
    r
}

/// Is `n` prime? Miller-Rabin with the first twelve primes as bases, exact below 2^64.
pub(crate) fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    BASES.iter().all(|&a| {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            return true;
        }
        (1..s).any(|_| {
            x = mul_mod(x, x, n);
            x == n - 1
        })
    })
}

/// The `i`-th prime below 2^64, counting down from the largest (`prime(0)` = 2^64 - 59).
pub(crate) fn prime(i: u32) -> u64 {
    let mut p = u64::MAX;
    for _ in 0..=i {
        p -= 2;
        while !is_prime(p) {
            p -= 2;
        }
    }
    p
}

/// `a + b mod p`, for `a, b < p`, and whether the sum was reduced.
#[inline]
pub(crate) fn add_mod(a: u64, b: u64, p: u64) -> (u64, bool) {
    let (sum, o) = a.overflowing_add(b);
    if o || sum >= p {
        (sum.wrapping_sub(p), true)
    } else {
        (sum, false)
    }
}

/// Residues of a count modulo distinct primes, joined as they come (Garner's form of the
/// Chinese remainder theorem): the least number with every residue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Residues {
    primes: Vec<u64>,
    value: BigUint,
    modulus: BigUint,
}

impl Residues {
    pub(crate) fn new() -> Residues {
        Residues {
            primes: Vec::new(),
            value: BigUint::from(0u32),
            modulus: BigUint::from(1u32),
        }
    }

    /// Adds the residue `r` modulo the prime `p` (not one already added); whether the join
    /// changed.
    pub(crate) fn push(&mut self, p: u64, r: u64) -> bool {
        let r = r % p;
        let x = u64_mod(&self.value, p);
        let m = u64_mod(&self.modulus, p);
        // value + modulus * t = r (mod p).
        let d = if r >= x { r - x } else { p - (x - r) };
        let t = mul_mod(d, pow_mod(m, p - 2, p), p);
        self.value += &self.modulus * t;
        self.modulus *= p;
        self.primes.push(p);
        t != 0
    }

    /// The residues added.
    pub(crate) fn len(&self) -> usize {
        self.primes.len()
    }

    /// Bits of the product of the primes, rounded down.
    pub(crate) fn bits(&self) -> u64 {
        self.modulus.bits() - 1
    }

    /// The least number with every residue.
    pub(crate) fn value(&self) -> &BigUint {
        &self.value
    }
}

/// The most primes a count runs modulo: a checkpoint's byte names the run.
const MAX_PRIMES: usize = 254;

/// The residues of a count's runs finished, the one modulo [`prime`]`(i)` at `i`: what the
/// sweep keeps between its runs, in one process ([`SweepCount`](super::SweepCount)) or across
/// processes ([`Share`](super::Share)), and beside its checkpoint, one a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Runs {
    found: Vec<u64>,
    /// [`bound_bits`] of the count.
    bound: u64,
}

impl Runs {
    /// None yet, of a count of `kind` tours of `board`.
    pub(crate) fn new(board: Board, kind: Kind) -> Runs {
        Runs {
            found: Vec::new(),
            bound: bound_bits(board, kind),
        }
    }

    /// The index of the prime the next run adds its ways modulo: the runs finished
    /// ([`CountError::Overflow`] past the most primes).
    pub(crate) fn next(&self) -> Result<u8, CountError> {
        match u8::try_from(self.found.len()) {
            Ok(i) if self.found.len() <= MAX_PRIMES => Ok(i),
            _ => Err(CountError::Overflow {
                bits: 64 * MAX_PRIMES as u32,
            }),
        }
    }

    /// Adds the residue of the run just finished (modulo [`prime`]`(self.next())`), and
    /// joins them: the count once the join is certain (the primes' product passes the bound)
    /// or stable (the last prime changed nothing), else `None` (another run is needed).
    pub(crate) fn push(&mut self, residue: u64) -> Option<Tours> {
        self.found.push(residue);
        let mut residues = Residues::new();
        let mut changed = true;
        for (i, &r) in self.found.iter().enumerate() {
            changed = residues.push(prime(i as u32), r);
        }
        (residues.len() >= 2 && (!changed || residues.bits() >= self.bound))
            .then(|| Tours::from_big(residues.value().clone()))
    }

    /// Takes the residues kept in `path` (none when there is no such file).
    pub(crate) fn read(&mut self, path: &Path) -> Result<(), CountError> {
        let text = match fs::read_to_string(path) {
            Ok(text) => text,
            // None yet (a folder that is no folder is the checkpoint's error, named by its write).
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
                ) =>
            {
                return Ok(());
            }
            Err(e) => return Err(CountError::io(path, &e)),
        };
        self.found = text
            .lines()
            .map(|l| l.trim().parse::<u64>().map_err(|_| CountError::Checkpoint))
            .collect::<Result<_, _>>()?;
        Ok(())
    }

    /// Keeps the residues in `path`, one a line, written to `tmp` and renamed.
    pub(crate) fn write(&self, path: &Path, tmp: &Path) -> Result<(), CountError> {
        let text: String = self.found.iter().map(|r| std::format!("{r}\n")).collect();
        fs::write(tmp, text)
            .and_then(|()| fs::rename(tmp, path))
            .map_err(|e| CountError::io(path, &e))
    }
}

/// `n mod p`.
fn u64_mod(n: &BigUint, p: u64) -> u64 {
    let r = n % p;
    r.iter_u64_digits().next().unwrap_or(0)
}

/// Bits of an upper bound on the number of `kind` tours of `board`, rounded up: Bregman's
/// bound on the permanent of the knight graph's adjacency matrix (the permutations along its
/// edges, among them each directed closed tour), `prod (d!)^(1/d)` over the squares'
/// degrees, halved for undirected closed tours; for open tours the matrix of the graph with
/// one more vertex joined to every square (a directed open tour is a directed closed tour
/// through it).
pub(crate) fn bound_bits(board: Board, kind: Kind) -> u64 {
    let (w, h) = (board.width() as i64, board.height() as i64);
    let n = w * h;
    let extra = i64::from(kind == Kind::Open);
    let log2_root_factorial = |d: i64| -> f64 {
        if d <= 0 {
            return 0.0;
        }
        (1..=d).map(|k| (k as f64).log2()).sum::<f64>() / d as f64
    };
    let mut bits = 0.0;
    for y in 0..h {
        for x in 0..w {
            let d = [
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
            ]
            .iter()
            .filter(|(dx, dy)| (0..w).contains(&(x + dx)) && (0..h).contains(&(y + dy)))
            .count() as i64;
            bits += log2_root_factorial(d + extra);
        }
    }
    match kind {
        Kind::Open => bits += log2_root_factorial(n),
        Kind::Closed => bits -= 1.0,
    }
    // A bit more for the rounding of the sums.
    bits.max(0.0).ceil() as u64 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_primes_are_the_largest_below_two_to_the_64() {
        // 2^64 - 59, - 83, - 95, - 179 (the primes just below 2^64, as tabled by Knuth and by
        // primes.utm.edu's "primes just less than a power of two").
        let expected = [59u64, 83, 95, 179, 189, 257];
        for (i, e) in expected.iter().enumerate() {
            assert_eq!(prime(i as u32), 0u64.wrapping_sub(*e), "prime {i}");
        }
        assert!(is_prime(2) && is_prime(3) && is_prime(1_000_000_007));
        assert!(!is_prime(1) && !is_prime(561) && !is_prime(3_215_031_751));
        // A strong pseudoprime to the bases 2 to 23, composite.
        assert!(!is_prime(3_825_123_056_546_413_051));
    }

    #[test]
    fn residues_join_to_the_number() {
        let n: BigUint = "377031597006006571424070743308269493020186682009428464253448495336"
            .parse()
            .unwrap();
        let mut r = Residues::new();
        let mut changes = Vec::new();
        for i in 0..5 {
            let p = prime(i);
            changes.push(r.push(p, u64_mod(&n, p)));
        }
        assert_eq!(r.value(), &n);
        // 219 bits: four primes hold it, the fifth changes nothing.
        assert_eq!(changes, [true, true, true, true, false]);
        assert_eq!(r.len(), 5);
        assert_eq!(r.bits(), 319);
        let (sum, reduced) = add_mod(prime(0) - 1, 2, prime(0));
        assert_eq!((sum, reduced), (1, true));
        assert_eq!(add_mod(3, 4, prime(0)), (7, false));
        assert_eq!(
            add_mod(u64::MAX - 60, u64::MAX - 60, prime(0)),
            (u64::MAX - 62, true)
        );
    }

    #[test]
    fn the_bound_is_above_the_counts() {
        let b = |w, h| Board::new(w, h).unwrap();
        // 6 x 6 closed: 9,862 (14 bits); 6 x 40 closed: 219 bits; 5 x 5 open: 1,728 (11 bits).
        for (board, kind, bits) in [
            (b(6, 6), Kind::Closed, 14),
            (b(6, 40), Kind::Closed, 219),
            (b(5, 5), Kind::Open, 11),
            (b(8, 8), Kind::Open, 55),
        ] {
            let bound = bound_bits(board, kind);
            assert!(bound >= bits, "{board:?}: {bound}");
            assert!(bound < bits * 3 + 64, "{board:?}: {bound}");
        }
    }
}
