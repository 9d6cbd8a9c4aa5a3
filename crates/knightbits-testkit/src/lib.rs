//! Slow references for the tests of every knightbits crate, written once.
//!
//! Everything here works on plain integers (a square is its LERF index, a1 = 0, h8 = 63; a set
//! is a `u64`), walks the board by file and rank arithmetic, and shares no code with the
//! crates under test, so a test that compares against it compares two independent answers.
//! It has no dependencies, so the core's own unit tests can use it too. [`processes`] starts
//! and ends the processes of a count across processes on loopback, for the tests of the
//! crates that run one.

#![deny(missing_docs)]

pub mod processes;

/// The eight knight jumps as (file, rank) deltas, clockwise from north-north-east, the wiki's
/// order: noNoEa, noEaEa, soEaEa, soSoEa, soSoWe, soWeWe, noWeWe, noNoWe.
pub const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The eight king steps as (file, rank) deltas, clockwise from north.
pub const KING_DELTAS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Whether a step of `df` files and `dr` ranks is a knight move (one of [`KNIGHT_DELTAS`]).
pub fn is_knight_step(df: i64, dr: i64) -> bool {
    KNIGHT_DELTAS
        .iter()
        .any(|&(f, r)| (i64::from(f), i64::from(r)) == (df, dr))
}

/// The square `(file + df, rank + dr)` of an 8x8 board, if it is on the board.
pub fn offset(square: u8, df: i8, dr: i8) -> Option<u8> {
    let file = (square % 8) as i8 + df;
    let rank = (square / 8) as i8 + dr;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as u8)
}

/// The squares one step of `deltas` away from `square`, as a set.
pub fn steps(square: u8, deltas: &[(i8, i8)]) -> u64 {
    deltas
        .iter()
        .filter_map(|&(df, dr)| offset(square, df, dr))
        .fold(0, |set, s| set | 1 << s)
}

/// The squares a knight on `square` attacks.
pub fn knight(square: u8) -> u64 {
    steps(square, &KNIGHT_DELTAS)
}

/// The squares a king on `square` attacks.
pub fn king(square: u8) -> u64 {
    steps(square, &KING_DELTAS)
}

/// The union of `f` over the members of `set`, one square at a time.
pub fn union_of(set: u64, f: impl Fn(u8) -> u64) -> u64 {
    (0..64u8)
        .filter(|&s| set >> s & 1 == 1)
        .fold(0, |u, s| u | f(s))
}

/// The squares attacked by every knight in `set`.
pub fn knights(set: u64) -> u64 {
    union_of(set, knight)
}

/// The squares attacked by every king in `set`.
pub fn kings(set: u64) -> u64 {
    union_of(set, king)
}

/// The squares a slider on `square` attacks along `directions`, each ray stopping at (and
/// including) the first member of `occupied`.
pub fn slider(square: u8, occupied: u64, directions: &[(i8, i8)]) -> u64 {
    let mut set = 0;
    for &(df, dr) in directions {
        let mut at = square;
        while let Some(next) = offset(at, df, dr) {
            set |= 1 << next;
            if occupied >> next & 1 == 1 {
                break;
            }
            at = next;
        }
    }
    set
}

/// A rook's attacks from `square` with blockers `occupied`.
pub fn rook(square: u8, occupied: u64) -> u64 {
    slider(square, occupied, &[(0, 1), (1, 0), (0, -1), (-1, 0)])
}

/// A bishop's attacks from `square` with blockers `occupied`.
pub fn bishop(square: u8, occupied: u64) -> u64 {
    slider(square, occupied, &[(1, 1), (1, -1), (-1, -1), (-1, 1)])
}

/// The knight moves from `(file, rank)` on a `width` x `height` board, in [`KNIGHT_DELTAS`]
/// order.
pub fn board_moves(
    width: u32,
    height: u32,
    file: u32,
    rank: u32,
) -> impl Iterator<Item = (u32, u32)> {
    KNIGHT_DELTAS.iter().filter_map(move |&(df, dr)| {
        let f = file.checked_add_signed(df.into())?;
        let r = rank.checked_add_signed(dr.into())?;
        (f < width && r < height).then_some((f, r))
    })
}

/// Fewest knight moves from `(file, rank)` to every square of a `width` x `height` board by
/// breadth-first search, indexed `rank * width + file`; `None` where unreachable.
pub fn bfs(width: u32, height: u32, file: u32, rank: u32) -> Vec<Option<u32>> {
    let mut dist = vec![None; (width * height) as usize];
    let mut queue = std::collections::VecDeque::from([(file, rank)]);
    dist[(rank * width + file) as usize] = Some(0);
    while let Some((f, r)) = queue.pop_front() {
        let d = dist[(r * width + f) as usize].unwrap();
        for (nf, nr) in board_moves(width, height, f, r) {
            let slot = &mut dist[(nr * width + nf) as usize];
            if slot.is_none() {
                *slot = Some(d + 1);
                queue.push_back((nf, nr));
            }
        }
    }
    dist
}

/// The one seeded generator of every test and bench (splitmix64, Steele, Lea and Flood 2014,
/// the constants of its reference code): reproducible inputs, the same for every library
/// a bench compares.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from any seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A random set: dense, sparse or very sparse, in turn with `i`.
    pub fn set(&mut self, i: usize) -> u64 {
        match i % 3 {
            0 => self.next(),
            1 => self.next() & self.next(),
            _ => self.next() & self.next() & self.next() & self.next(),
        }
    }

    /// A set of exactly `count` distinct squares (`count` <= 64).
    pub fn set_of(&mut self, count: u32) -> u64 {
        let mut set = 0u64;
        while set.count_ones() < count {
            set |= 1 << self.below(64);
        }
        set
    }

    /// `n` sets whose sizes are uniform in `lo..=hi`, each size drawn afresh.
    pub fn sets(&mut self, n: usize, lo: u32, hi: u32) -> Vec<u64> {
        (0..n)
            .map(|_| {
                let count = lo + self.below(u64::from(hi - lo + 1)) as u32;
                self.set_of(count)
            })
            .collect()
    }
}

/// The lines of the file at `path` between the line `begin` and the line `end` (to the end of
/// the file when `end` is `None`) are `want`, text a test generated from the library: a file
/// that differs fails, naming its first differing line and `refresh`, the command that rewrites
/// it. With `KNIGHTBITS_BLESS` set (and not empty), the lines are rewritten to `want` instead.
///
/// # Panics
///
/// When the file cannot be read or written, lacks a marker line, or differs.
#[track_caller]
pub fn generated_lines(
    path: &std::path::Path,
    begin: &str,
    end: Option<&str>,
    want: &str,
    refresh: &str,
) {
    let file = path.display();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let line = |l: &&str, marker: &str| l.strip_suffix('\n') == Some(marker);
    let first = 1 + lines
        .iter()
        .position(|l| line(l, begin))
        .unwrap_or_else(|| panic!("{file} has no line {begin}"));
    let last = match end {
        Some(end) => {
            first
                + lines[first..]
                    .iter()
                    .position(|l| line(l, end))
                    .unwrap_or_else(|| panic!("{file} has no line {end} after {begin}"))
        }
        None => lines.len(),
    };
    let written = lines[first..last].concat();
    if std::env::var_os("KNIGHTBITS_BLESS").is_some_and(|v| !v.is_empty()) {
        let text = [&lines[..first].concat(), want, &lines[last..].concat()].concat();
        std::fs::write(path, text).unwrap_or_else(|e| panic!("{file}: {e}"));
        return;
    }
    if written != want {
        let at = written
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| written.lines().count().min(want.lines().count()));
        panic!(
            "{file} differs from what the library generates at line {} of its generated part:\n  \
             file:      {}\n  generated: {}\nrefresh it with {refresh}",
            at + 1,
            written.lines().nth(at).unwrap_or("(end)"),
            want.lines().nth(at).unwrap_or("(end)"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The references reproduce the counts every chess source prints: 336 knight moves and
    /// 420 king moves over the 64 squares; d4's knight set is the wiki's 0x0000142200221400.
    #[test]
    fn known_totals() {
        let total = |f: fn(u8) -> u64| (0..64).map(|s| f(s).count_ones()).sum::<u32>();
        assert_eq!(total(knight), 336);
        assert_eq!(total(king), 420);
        assert_eq!(knight(27), 0x0000_1422_0022_1400);
        assert_eq!(rook(0, 0).count_ones(), 14);
        assert_eq!(bishop(27, 0).count_ones(), 13);
        assert_eq!(bfs(8, 8, 0, 0)[63], Some(6));
    }

    /// A file's generated lines pass when they are the text given, to an end line or to the
    /// end of the file, and fail naming the differing line and the refresh command when not.
    #[test]
    fn generated_lines_are_compared() {
        if std::env::var_os("KNIGHTBITS_BLESS").is_some() {
            return;
        }
        let path = std::env::temp_dir().join(format!("testkit-lines-{}.txt", std::process::id()));
        std::fs::write(&path, "kept\nBEGIN\na\nb\nEND\nkept\n").unwrap();
        generated_lines(&path, "BEGIN", Some("END"), "a\nb\n", "refresh");
        generated_lines(&path, "BEGIN", None, "a\nb\nEND\nkept\n", "refresh");
        let differs = std::panic::catch_unwind(|| {
            generated_lines(&path, "BEGIN", Some("END"), "a\nc\n", "bless it")
        });
        std::fs::remove_file(&path).unwrap();
        let message = *differs.unwrap_err().downcast::<String>().unwrap();
        assert!(message.contains("at line 2"), "{message}");
        assert!(message.contains("file:      b\n"), "{message}");
        assert!(message.ends_with("refresh it with bless it"), "{message}");
    }

    /// The generator is splitmix64: the first outputs of seed 0 are the reference
    /// implementation's (0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f).
    #[test]
    fn splitmix64_reference_outputs() {
        let mut rng = Rng::new(0);
        let first: [u64; 3] = core::array::from_fn(|_| rng.next());
        assert_eq!(
            first,
            [
                0xe220_a839_7b1d_cdaf,
                0x6e78_9e6a_a1b9_65f4,
                0x06c4_5d18_8009_454f
            ]
        );
        let sets = rng.sets(1_000, 2, 6);
        assert!(sets.iter().all(|s| (2..=6).contains(&s.count_ones())));
        assert!((2..=6).all(|n| sets.iter().any(|s| s.count_ones() == n)));
    }
}
