//! Inputs, peers and the cases shared by the `attacks` (criterion), `ratios` (the table of
//! BENCHMARKS.md) and `instructions` (callgrind) benches.
//!
//! Every case is a list of implementations, each a closure that runs one library over the
//! whole input of the case and folds every result into one dependent accumulator,
//! `acc = (acc ^ x).wrapping_add(x)` ([`fold`]): nothing can be optimised away, no two results
//! can be computed as one, and the fold costs every library the same (two cycles a result).
//! Each case asserts that all its implementations give the same answers before anything is
//! timed.

#![allow(dead_code)]

use std::hint::black_box;
use std::rc::Rc;

use knightbits::batch::{Backend, Isa};
use knightbits::knight::technique;
use knightbits::position::Position;
use knightbits::technique::Leaper;
use knightbits::{Bitboard, Square, king, knight};
pub use knightbits_testkit::Rng;

pub mod positions;

use positions::{Game, playout};

/// Single squares per input.
pub const SQUARES: usize = 100_000;
/// Sets, target sets and positions per input.
pub const SETS: usize = 50_000;
/// Bitboards of the in-cache batch (32 KiB in, 32 KiB out).
pub const SMALL: usize = 4_096;
/// Bitboards of the 8 MiB batch.
pub const LARGE: usize = 1 << 20;
/// The seed of every generator here.
pub const SEED: u64 = 2026;

/// One result folded into the accumulator: the same two dependent operations for everyone.
#[inline(always)]
pub fn step(acc: u64, x: u64) -> u64 {
    (acc ^ x).wrapping_add(x)
}

/// Runs `f` over every element and folds the results with [`step`].
#[inline(always)]
pub fn fold<T: Copy>(items: &[T], f: impl Fn(T) -> u64) -> u64 {
    let mut acc = 0;
    for &x in black_box(items) {
        acc = step(acc, f(x));
    }
    acc
}

/// [`fold`] over elements taken by reference (positions).
#[inline(always)]
pub fn fold_ref<T>(items: &[T], f: impl Fn(&T) -> u64) -> u64 {
    let mut acc = 0;
    for x in black_box(items) {
        acc = step(acc, f(x));
    }
    acc
}

// --- peers, as their users would write them ---------------------------------------------------

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

/// Fork squares by a per-target loop of shakmaty's lookups: squares attacked twice.
pub fn forks_per_target(targets: u64) -> u64 {
    let (mut attacked, mut twice) = (0u64, 0u64);
    for sq in shakmaty::Bitboard(targets) {
        let a = shakmaty::attacks::knight_attacks(sq).0;
        twice |= attacked & a;
        attacked |= a;
    }
    twice
}

// --- cases ------------------------------------------------------------------------------------

/// One implementation of a case: its name and a call over the whole input.
pub type Impl = (&'static str, Box<dyn FnMut() -> u64>);

/// A row of the table: what is measured, over how many elements, and by whom.
pub struct Case {
    /// The criterion group and the bench's name for the row.
    pub name: &'static str,
    /// The row as BENCHMARKS.md names it.
    pub title: &'static str,
    /// Elements per call (squares, sets, bitboards, positions).
    pub elements: usize,
    /// knightbits first, then the others.
    pub impls: Vec<Impl>,
}

fn case(name: &'static str, title: &'static str, elements: usize, impls: Vec<Impl>) -> Case {
    Case {
        name,
        title,
        elements,
        impls,
    }
}

/// Panics unless every implementation of `results` gave the same list.
pub fn assert_agree(case: &str, results: &[(&str, Vec<u64>)]) {
    let (first, want) = &results[0];
    for (name, got) in &results[1..] {
        assert_eq!(want.len(), got.len(), "{case}: {name} length");
        if let Some(i) = want.iter().zip(got).position(|(a, b)| a != b) {
            panic!(
                "{case}: {name} disagrees with {first} at input {i}: {:#x} vs {:#x}",
                got[i], want[i]
            );
        }
    }
}

/// Knight and king attacks of single squares: every library's table lookup.
pub fn squares() -> Vec<Case> {
    let mut rng = Rng::new(SEED);
    let idx: Rc<Vec<u8>> = Rc::new((0..SQUARES).map(|_| rng.below(64) as u8).collect());
    let ours: Rc<Vec<Square>> = Rc::new(idx.iter().map(|&i| Square::ALL[i as usize]).collect());
    let sm: Rc<Vec<shakmaty::Square>> = Rc::new(
        idx.iter()
            .map(|&i| shakmaty::Square::new(u32::from(i)))
            .collect(),
    );
    let cz: Rc<Vec<cozy_chess::Square>> = Rc::new(
        idx.iter()
            .map(|&i| cozy_chess::Square::index(usize::from(i)))
            .collect(),
    );
    let ch: Rc<Vec<chess::Square>> = Rc::new(
        idx.iter()
            .map(|&i| chess::ALL_SQUARES[usize::from(i)])
            .collect(),
    );

    assert_agree(
        "knight square",
        &[
            (
                "knightbits",
                ours.iter().map(|&s| knight::attacks(s).0).collect(),
            ),
            (
                "shakmaty",
                sm.iter()
                    .map(|&s| shakmaty::attacks::knight_attacks(s).0)
                    .collect(),
            ),
            (
                "cozy-chess",
                cz.iter()
                    .map(|&s| cozy_chess::get_knight_moves(s).0)
                    .collect(),
            ),
            (
                "chess",
                ch.iter().map(|&s| chess::get_knight_moves(s).0).collect(),
            ),
        ],
    );
    assert_agree(
        "king square",
        &[
            (
                "knightbits",
                ours.iter().map(|&s| king::attacks(s).0).collect(),
            ),
            (
                "shakmaty",
                sm.iter()
                    .map(|&s| shakmaty::attacks::king_attacks(s).0)
                    .collect(),
            ),
            (
                "cozy-chess",
                cz.iter()
                    .map(|&s| cozy_chess::get_king_moves(s).0)
                    .collect(),
            ),
            (
                "chess",
                ch.iter().map(|&s| chess::get_king_moves(s).0).collect(),
            ),
        ],
    );

    let (o, s, c, h) = (ours.clone(), sm.clone(), cz.clone(), ch.clone());
    let knights = case(
        "knight_square",
        "one knight by square",
        SQUARES,
        vec![
            (
                "knightbits",
                Box::new(move || fold(&o, |q| knight::attacks(q).0)),
            ),
            (
                "shakmaty",
                Box::new(move || fold(&s, |q| shakmaty::attacks::knight_attacks(q).0)),
            ),
            (
                "cozy-chess",
                Box::new(move || fold(&c, |q| cozy_chess::get_knight_moves(q).0)),
            ),
            (
                "chess",
                Box::new(move || fold(&h, |q| chess::get_knight_moves(q).0)),
            ),
        ],
    );
    let kings = case(
        "king_square",
        "one king by square",
        SQUARES,
        vec![
            (
                "knightbits",
                Box::new(move || fold(&ours, |q| king::attacks(q).0)),
            ),
            (
                "shakmaty",
                Box::new(move || fold(&sm, |q| shakmaty::attacks::king_attacks(q).0)),
            ),
            (
                "cozy-chess",
                Box::new(move || fold(&cz, |q| cozy_chess::get_king_moves(q).0)),
            ),
            (
                "chess",
                Box::new(move || fold(&ch, |q| chess::get_king_moves(q).0)),
            ),
        ],
    );
    vec![knights, kings]
}

/// The knight sets of real play: seeded random playouts with shakmaty, white's then black's
/// knights after every ply, in game order ([`positions::playout`]).
pub fn real_play_sets(games: &[Game]) -> Vec<u64> {
    games
        .iter()
        .flat_map(|g| g.plies.iter())
        .flat_map(|p| [p.knights[0], p.knights[1]])
        .take(SETS)
        .collect()
}

/// The set cases: real play, exactly two knights, uniform sizes 0..=10 (and, for the record,
/// the same sets ordered by size, 0..=2 and 0..=4).
pub fn knight_sets(games: &[Game]) -> Vec<Case> {
    let mut rng = Rng::new(SEED + 1);
    let two = rng.sets(SETS, 2, 2);
    let uniform = rng.sets(SETS, 0, 10);
    // The same sets ordered by size: every branch on the size then predicts, so the difference
    // to `uniform_0_10` is what the mispredictions cost, for every library.
    let mut by_size = uniform.clone();
    by_size.sort_by_key(|s| s.count_ones());
    let inputs = [
        (
            "real_play",
            "knight sets of real play",
            real_play_sets(games),
        ),
        ("two_knights", "exactly 2 knights", two),
        ("uniform_0_10", "0..=10 knights (uniform sizes)", uniform),
        (
            "uniform_0_10_by_size",
            "0..=10 knights, the same sets ordered by size",
            by_size,
        ),
        (
            "uniform_0_2",
            "0..=2 knights (uniform sizes)",
            rng.sets(SETS, 0, 2),
        ),
        (
            "uniform_0_4",
            "0..=4 knights (uniform sizes)",
            rng.sets(SETS, 0, 4),
        ),
    ];
    inputs
        .into_iter()
        .map(|(name, title, sets)| {
            let each = |f: fn(u64) -> u64| sets.iter().map(|&s| f(s)).collect::<Vec<_>>();
            assert_agree(
                name,
                &[
                    ("knightbits", each(|s| knight::attacks_set(Bitboard(s)).0)),
                    ("formula", each(|s| technique::halves(Bitboard(s)).0)),
                    ("shakmaty", each(shakmaty_knights)),
                    ("cozy-chess", each(cozy_knights)),
                    ("chess", each(chess_knights)),
                ],
            );
            let sets = Rc::new(sets);
            let (a, b, c, d, e) = (
                sets.clone(),
                sets.clone(),
                sets.clone(),
                sets.clone(),
                sets.clone(),
            );
            case(
                name,
                title,
                SETS,
                vec![
                    (
                        "knightbits",
                        Box::new(move || fold(&a, |s| knight::attacks_set(Bitboard(s)).0)),
                    ),
                    (
                        "knightbits formula",
                        Box::new(move || fold(&b, |s| technique::halves(Bitboard(s)).0)),
                    ),
                    ("shakmaty", Box::new(move || fold(&c, shakmaty_knights))),
                    ("cozy-chess", Box::new(move || fold(&d, cozy_knights))),
                    ("chess", Box::new(move || fold(&e, chess_knights))),
                ],
            )
        })
        .collect()
}

/// Every kernel set this CPU runs.
pub fn backends() -> Vec<Backend> {
    Isa::ALL
        .iter()
        .filter_map(|&isa| Backend::new(isa))
        .collect()
}

/// Knight attacks of 4,096 bitboards (in cache) and of 8 MiB of them, by
/// `knight::attacks_batch` (the detected kernels), by each kernel set, and
/// `copy_from_slice` for the memory traffic alone. Each implementation writes its own output.
pub fn batches() -> Vec<Case> {
    let mut rng = Rng::new(SEED + 2);
    [
        ("batch_4096", "4,096 bitboards in cache", SMALL),
        ("batch_8mib", "slice of 8 MiB of bitboards", LARGE),
    ]
    .into_iter()
    .map(|(name, title, n)| {
        let input: Rc<Vec<u64>> = Rc::new((0..n).map(|_| rng.next()).collect());
        let want: Vec<u64> = input
            .iter()
            .map(|&x| knight::attacks_set(Bitboard(x)).0)
            .collect();
        let mut out = vec![0u64; n];
        knight::attacks_batch(&input, &mut out).expect("equal lengths");
        assert_eq!(out, want, "{name}: attacks_batch");
        for backend in backends() {
            out.fill(0);
            backend
                .attacks(Leaper::Knight, &input, &mut out)
                .expect("lengths");
            assert_eq!(out, want, "{name}: {}", backend.isa());
        }
        let i = input.clone();
        let mut o = vec![0u64; n];
        let mut impls: Vec<Impl> = vec![(
            "knightbits",
            Box::new(move || {
                knight::attacks_batch(black_box(&i), black_box(&mut o)).expect("lengths");
                o[0]
            }),
        )];
        for backend in backends() {
            let i = input.clone();
            let mut o = vec![0u64; n];
            impls.push((
                backend.isa().name(),
                Box::new(move || {
                    backend
                        .attacks(Leaper::Knight, black_box(&i), black_box(&mut o))
                        .expect("lengths");
                    o[0]
                }),
            ));
        }
        let mut o = vec![0u64; n];
        impls.push((
            "copy_from_slice",
            Box::new(move || {
                black_box(&mut o).copy_from_slice(black_box(&input));
                o[0]
            }),
        ));
        case(name, title, n, impls)
    })
    .collect()
}

/// Target sets as the independent harness of issue 21 draws them: 2..=6 random squares, each
/// drawn on its own, so a square drawn twice counts once (1..=6 targets, 3.8 on average,
/// against 4.0 for [`Rng::sets`]).
pub fn harness_sets(rng: &mut Rng, n: usize) -> Vec<u64> {
    (0..n)
        .map(|_| (0..2 + rng.below(5)).fold(0u64, |set, _| set | 1 << rng.below(64)))
        .collect()
}

/// Fork squares of target sets: uniform sizes 2..=6, the independent harness's draws of 2..=6
/// squares, and the king, queens and rooks of the side not to move in the real playouts.
pub fn forks(games: &[Game]) -> Vec<Case> {
    let mut rng = Rng::new(SEED + 3);
    let mut harness = Rng::new(SEED + 4);
    let real: Vec<u64> = games
        .iter()
        .flat_map(|g| g.plies.iter())
        .map(|p| p.fork_targets)
        .take(SETS)
        .collect();
    [
        (
            "forks",
            "fork squares of a target set (2..=6 targets)",
            rng.sets(SETS, 2, 6),
        ),
        (
            "forks_harness",
            "fork squares, the harness's draws of 2..=6 squares",
            harness_sets(&mut harness, SETS),
        ),
        (
            "forks_real_play",
            "fork squares of real play (K, Q, R)",
            real,
        ),
    ]
    .into_iter()
    .map(|(name, title, targets)| {
        let each = |f: fn(u64) -> u64| targets.iter().map(|&s| f(s)).collect::<Vec<_>>();
        assert_agree(
            name,
            &[
                ("knightbits", each(|t| knight::fork_squares(Bitboard(t)).0)),
                (
                    "wiki",
                    each(|t| technique::fork_target_square(Bitboard(t)).0),
                ),
                ("per-target", each(forks_per_target)),
            ],
        );
        let targets = Rc::new(targets);
        let (a, b, c) = (targets.clone(), targets.clone(), targets);
        case(
            name,
            title,
            SETS,
            vec![
                (
                    "knightbits",
                    Box::new(move || fold(&a, |t| knight::fork_squares(Bitboard(t)).0)),
                ),
                (
                    "knightbits wiki routine",
                    Box::new(move || fold(&b, |t| technique::fork_target_square(Bitboard(t)).0)),
                ),
                (
                    "per-target loop (shakmaty)",
                    Box::new(move || fold(&c, forks_per_target)),
                ),
            ],
        )
    })
    .collect()
}

/// Legal knight and king moves (castling included) of the side to move, every position read
/// beforehand by every library; each library's moves must be the same list as knightbits' on
/// every position before anything is timed.
pub fn legal_moves(games: &[Game]) -> Case {
    let fens: Vec<&str> = games
        .iter()
        .flat_map(|g| g.plies.iter())
        .map(|p| p.fen.as_str())
        .take(SETS)
        .collect();
    let ours: Rc<Vec<Position>> = Rc::new(fens.iter().map(|f| f.parse().expect("fen")).collect());
    let sm: Rc<Vec<_>> = Rc::new(
        fens.iter()
            .map(|f| positions::shakmaty_position(f))
            .collect(),
    );
    let cz: Rc<Vec<_>> = Rc::new(fens.iter().map(|f| positions::cozy_position(f)).collect());
    let ch: Rc<Vec<_>> = Rc::new(fens.iter().map(|f| positions::chess_position(f)).collect());
    let o = ours.clone();
    for (i, fen) in fens.iter().enumerate() {
        let want = positions::knightbits_list(&ours[i]);
        assert_eq!(
            positions::knightbits_moves(&ours[i]),
            positions::knightbits_lists(&ours[i]),
            "move sets, {fen}"
        );
        assert_eq!(positions::shakmaty_list(&sm[i]), want, "shakmaty, {fen}");
        assert_eq!(positions::cozy_list(&cz[i]), want, "cozy-chess, {fen}");
        assert_eq!(positions::chess_list(&ch[i]), want, "chess, {fen}");
    }
    case(
        "legal_moves",
        "legal knight and king moves of a position",
        fens.len(),
        vec![
            (
                "knightbits",
                Box::new(move || fold_ref(&o, positions::knightbits_moves)),
            ),
            (
                "knightbits sorted lists",
                Box::new(move || fold_ref(&ours, positions::knightbits_lists)),
            ),
            (
                "shakmaty (all legal moves, filtered)",
                Box::new(move || fold_ref(&sm, positions::shakmaty_moves)),
            ),
            (
                "cozy-chess (knights and king only)",
                Box::new(move || fold_ref(&cz, positions::cozy_moves)),
            ),
            (
                "chess (all legal moves, filtered)",
                Box::new(move || fold_ref(&ch, positions::chess_moves)),
            ),
        ],
    )
}

/// 4,000 dependent one-cycle adds: ns per call gives the core clock, to turn ns into cycles.
pub fn clock() -> Case {
    case(
        "clock",
        "4,000 dependent adds",
        4000,
        vec![(
            "adds",
            Box::new(|| {
                let mut x = black_box(1u64);
                for _ in 0..1000 {
                    #[cfg(target_arch = "x86_64")]
                    // SAFETY: register-only arithmetic: no memory, no stack.
                    unsafe {
                        core::arch::asm!(
                            "add {0}, {0}",
                            "add {0}, {0}",
                            "add {0}, {0}",
                            "add {0}, {0}",
                            inout(reg) x,
                            options(pure, nomem, nostack)
                        );
                    }
                    #[cfg(not(target_arch = "x86_64"))]
                    {
                        x = black_box(x.wrapping_add(x));
                    }
                }
                x
            }),
        )],
    )
}

/// The games every real-play case reads: enough playouts for [`SETS`] plies.
pub fn games() -> Vec<Game> {
    playout(SETS, SEED)
}

/// Every case, in the table's order.
pub fn all() -> Vec<Case> {
    let games = games();
    let mut cases = squares();
    cases.extend(knight_sets(&games));
    cases.extend(batches());
    cases.extend(forks(&games));
    cases.push(legal_moves(&games));
    cases.push(clock());
    cases
}
