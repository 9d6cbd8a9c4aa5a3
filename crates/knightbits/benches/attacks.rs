//! knightbits against shakmaty, cozy-chess and chess on identical inputs.
//!
//! Every case first asserts that all implementations agree on its inputs, then times them twice:
//! with criterion (one group per case), and interleaved: per round, every implementation is
//! called 8 times untimed (`PAIRED_WARM`) then once timed, in rotating order, and the median of
//! the rounds is kept. Interleaving keeps the ratios honest on a shared machine whose load
//! changes between criterion's groups; the interleaved medians give the table of ratios printed
//! at the end. `-- --test` runs each benchmark once (the agreement checks included) and times
//! nothing, which is what CI does; `PAIRED_ONLY=1` skips criterion.
//!
//! ```text
//! cargo bench -p knightbits --features std --bench attacks
//! cargo bench -p knightbits --bench attacks -- --test
//! ```
//!
//! Without the `std` feature the batch kernels are chosen at compile time, so only the scalar
//! batch kernel is measured unless `RUSTFLAGS="-C target-cpu=native"` is set.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use knightbits::batch::{Backend, Isa};
use knightbits::position::{Position, Role};
use knightbits::{Bitboard, Color, king, knight};

mod common;

use common::positions::{
    MOVE_POSITIONS, SEED, SET_POSITIONS, chess_list, chess_moves, chess_position,
    cozy_knight_moves, cozy_list, cozy_moves, cozy_position, knightbits_forks, knightbits_list,
    knightbits_moves, playout_fens, shakmaty_list, shakmaty_moves, shakmaty_position,
};
use common::{
    LARGE, Rng, SETS, SMALL, assert_agree, chess_knights, chess_square, cozy_knights, cozy_square,
    fold, fold_ref, forks_brute_force, forks_per_target, shakmaty_knights, shakmaty_square,
    squares, two_lookup,
};

// --- harness ----------------------------------------------------------------------------------

/// One implementation of a case: its name and a call over the whole input.
type Impl<'a> = (&'static str, Box<dyn FnMut() -> u64 + 'a>);

/// Interleaved median of one implementation.
struct Row {
    group: &'static str,
    name: &'static str,
    elements: usize,
    median_ns: f64,
}

struct Bench {
    criterion: Criterion,
    test_mode: bool,
    paired_only: bool,
    /// Untimed calls before each timed one (`PAIRED_WARM`, default 8).
    warm: usize,
    rows: Vec<Row>,
}

impl Bench {
    fn run(&mut self, group: &'static str, elements: usize, impls: &mut [Impl<'_>]) {
        if !self.paired_only {
            let mut g = self.criterion.benchmark_group(group);
            g.throughput(Throughput::Elements(elements as u64));
            if elements >= LARGE {
                g.sample_size(20);
            }
            for (name, f) in impls.iter_mut() {
                g.bench_function(*name, |b| b.iter(&mut *f));
            }
            g.finish();
        }
        if self.test_mode {
            return;
        }
        let mut times: Vec<Vec<f64>> = vec![Vec::new(); impls.len()];
        let deadline = Instant::now() + Duration::from_secs(2);
        let mut round = 0;
        while round < 31 || (round < 2001 && Instant::now() < deadline) {
            for j in 0..impls.len() {
                let k = (j + round) % impls.len();
                // Untimed calls first, so each timing starts from that implementation's own
                // steady state (its buffers in cache as far as they fit), as in criterion.
                for _ in 0..self.warm {
                    black_box((impls[k].1)());
                }
                let start = Instant::now();
                black_box((impls[k].1)());
                times[k].push(start.elapsed().as_nanos() as f64);
            }
            round += 1;
        }
        for ((name, _), mut t) in impls.iter().zip(times) {
            t.sort_by(f64::total_cmp);
            self.rows.push(Row {
                group,
                name,
                elements,
                median_ns: t[t.len() / 2],
            });
        }
    }

    fn median(&self, group: &str, name: &str) -> Option<f64> {
        self.rows
            .iter()
            .find(|r| r.group == group && r.name == name)
            .map(|r| r.median_ns)
    }
}

// --- cases ------------------------------------------------------------------------------------

fn single_square(bench: &mut Bench) {
    let mut rng = Rng(1);
    let idx: Vec<u8> = (0..SMALL).map(|_| rng.below(64) as u8).collect();
    let ours = squares(&idx);
    let sm: Vec<_> = idx.iter().map(|&i| shakmaty_square(i)).collect();
    let cz: Vec<_> = idx.iter().map(|&i| cozy_square(i)).collect();
    let ch: Vec<_> = idx.iter().map(|&i| chess_square(i)).collect();

    assert_agree(
        "knight single square",
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
        "king single square",
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

    let mut impls: Vec<Impl> = vec![
        (
            "knightbits",
            Box::new(|| fold(&ours, |s| knight::attacks(s).0)),
        ),
        (
            "shakmaty",
            Box::new(|| fold(&sm, |s| shakmaty::attacks::knight_attacks(s).0)),
        ),
        (
            "cozy-chess",
            Box::new(|| fold(&cz, |s| cozy_chess::get_knight_moves(s).0)),
        ),
        (
            "chess",
            Box::new(|| fold(&ch, |s| chess::get_knight_moves(s).0)),
        ),
    ];
    bench.run("knight_square", SMALL, &mut impls);

    let mut impls: Vec<Impl> = vec![
        (
            "knightbits",
            Box::new(|| fold(&ours, |s| king::attacks(s).0)),
        ),
        (
            "shakmaty",
            Box::new(|| fold(&sm, |s| shakmaty::attacks::king_attacks(s).0)),
        ),
        (
            "cozy-chess",
            Box::new(|| fold(&cz, |s| cozy_chess::get_king_moves(s).0)),
        ),
        (
            "chess",
            Box::new(|| fold(&ch, |s| chess::get_king_moves(s).0)),
        ),
    ];
    bench.run("king_square", SMALL, &mut impls);
}

fn knight_sets(bench: &mut Bench) {
    let mut rng = Rng(2);
    let cases = [
        ("sets_0_2", 0, 2),
        ("sets_0_4", 0, 4),
        ("sets_0_10", 0, 10),
        ("sets_2", 2, 2),
    ];
    for (name, lo, hi) in cases {
        let sets = rng.sets(SETS, lo, hi);
        let each = |f: fn(u64) -> u64| sets.iter().map(|&s| f(s)).collect::<Vec<_>>();
        assert_agree(
            name,
            &[
                ("knightbits", each(|s| knight::attacks_set(Bitboard(s)).0)),
                ("two-lookup", each(two_lookup)),
                ("shakmaty", each(shakmaty_knights)),
                ("cozy-chess", each(cozy_knights)),
                ("chess", each(chess_knights)),
            ],
        );
        let mut impls: Vec<Impl> = vec![
            (
                "knightbits",
                Box::new(|| fold(&sets, |s| knight::attacks_set(Bitboard(s)).0)),
            ),
            ("two-lookup", Box::new(|| fold(&sets, two_lookup))),
            ("shakmaty", Box::new(|| fold(&sets, shakmaty_knights))),
            ("cozy-chess", Box::new(|| fold(&sets, cozy_knights))),
            ("chess", Box::new(|| fold(&sets, chess_knights))),
        ];
        bench.run(name, SETS, &mut impls);
    }
}

/// The knight sets of real positions: white's then black's, position by position in playout
/// order (so consecutive sets are alike, as in a game or a search: the peers' loops are more
/// predictable here than on the random sets).
fn real_sets(bench: &mut Bench, fens: &[String]) {
    let mut sets = Vec::with_capacity(2 * fens.len());
    let mut sizes = [0usize; 11];
    for fen in fens {
        let pos: Position = fen.parse().expect("valid fen");
        for color in Color::ALL {
            let set = pos.pieces(color, Role::Knight);
            sizes[set.count() as usize] += 1;
            sets.push(set.0);
        }
    }
    println!(
        "real_sets: {} sets, sizes 0/1/2/3+: {}/{}/{}/{}",
        sets.len(),
        sizes[0],
        sizes[1],
        sizes[2],
        sizes[3..].iter().sum::<usize>()
    );
    let each = |f: fn(u64) -> u64| sets.iter().map(|&s| f(s)).collect::<Vec<_>>();
    assert_agree(
        "real_sets",
        &[
            ("knightbits", each(|s| knight::attacks_set(Bitboard(s)).0)),
            ("two-lookup", each(two_lookup)),
            ("shakmaty", each(shakmaty_knights)),
            ("cozy-chess", each(cozy_knights)),
            ("chess", each(chess_knights)),
        ],
    );
    let mut impls: Vec<Impl> = vec![
        (
            "knightbits",
            Box::new(|| fold(&sets, |s| knight::attacks_set(Bitboard(s)).0)),
        ),
        ("two-lookup", Box::new(|| fold(&sets, two_lookup))),
        ("shakmaty", Box::new(|| fold(&sets, shakmaty_knights))),
        ("cozy-chess", Box::new(|| fold(&sets, cozy_knights))),
        ("chess", Box::new(|| fold(&sets, chess_knights))),
    ];
    bench.run("real_sets", sets.len(), &mut impls);
}

/// Legal knight moves per position, every position parsed beforehand by every library; and
/// `Position::forks` for the record.
fn legal_moves(bench: &mut Bench, fens: &[String]) {
    let ours: Vec<Position> = fens.iter().map(|f| f.parse().expect("valid fen")).collect();
    let sm: Vec<_> = fens.iter().map(|f| shakmaty_position(f)).collect();
    let cz: Vec<_> = fens.iter().map(|f| cozy_position(f)).collect();
    let ch: Vec<_> = fens.iter().map(|f| chess_position(f)).collect();
    let mut moves = 0;
    for (i, fen) in fens.iter().enumerate() {
        let want = knightbits_list(&ours[i]);
        assert_eq!(shakmaty_list(&sm[i]), want, "shakmaty, {fen}");
        assert_eq!(cozy_list(&cz[i], false), want, "cozy-chess, {fen}");
        assert_eq!(cozy_list(&cz[i], true), want, "cozy-chess knights, {fen}");
        assert_eq!(chess_list(&ch[i]), want, "chess, {fen}");
        moves += want.len();
    }
    println!(
        "legal_knight_moves: {} positions, {moves} legal knight moves, {} fork moves",
        fens.len(),
        ours.iter().map(|p| p.forks().moves.len()).sum::<usize>()
    );
    let mut impls: Vec<Impl> = vec![
        ("knightbits", Box::new(|| fold_ref(&ours, knightbits_moves))),
        ("shakmaty", Box::new(|| fold_ref(&sm, shakmaty_moves))),
        ("cozy-chess", Box::new(|| fold_ref(&cz, cozy_moves))),
        (
            "cozy-chess knights",
            Box::new(|| fold_ref(&cz, cozy_knight_moves)),
        ),
        ("chess", Box::new(|| fold_ref(&ch, chess_moves))),
        (
            "knightbits forks",
            Box::new(|| fold_ref(&ours, knightbits_forks)),
        ),
    ];
    bench.run("legal_knight_moves", fens.len(), &mut impls);
}

fn backends() -> Vec<Backend> {
    Isa::ALL
        .iter()
        .filter_map(|&isa| Backend::new(isa))
        .collect()
}

fn batch(bench: &mut Bench) {
    let mut rng = Rng(3);
    for (name, n) in [("batch_4096", SMALL), ("batch_8mib", LARGE)] {
        let input: Vec<u64> = (0..n).map(|_| rng.next()).collect();
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
                .knight_attacks(&input, &mut out)
                .expect("equal lengths");
            assert_eq!(out, want, "{name}: {}", backend.isa());
        }

        let input = &input;
        let mut outputs: Vec<Vec<u64>> = (0..5).map(|_| vec![0u64; n]).collect();
        let mut outs = outputs.iter_mut();
        let mut next = || outs.next().expect("one buffer per implementation");
        let o = next();
        let mut impls: Vec<Impl> = vec![(
            "knightbits",
            Box::new(move || {
                knight::attacks_batch(black_box(input), black_box(&mut *o)).expect("lengths");
                0
            }),
        )];
        for backend in backends() {
            let o = next();
            impls.push((
                backend.isa().name(),
                Box::new(move || {
                    backend
                        .knight_attacks(black_box(input), black_box(&mut *o))
                        .expect("lengths");
                    0
                }),
            ));
        }
        let o = next();
        impls.push((
            "copy_from_slice",
            Box::new(move || {
                black_box(&mut *o).copy_from_slice(black_box(input));
                0
            }),
        ));
        bench.run(name, n, &mut impls);
    }
}

fn forks(bench: &mut Bench) {
    let mut rng = Rng(4);
    let targets = rng.sets(SETS, 2, 6);
    let each = |f: fn(u64) -> u64| targets.iter().map(|&s| f(s)).collect::<Vec<_>>();
    assert_agree(
        "forks",
        &[
            ("knightbits", each(|t| knight::fork_squares(Bitboard(t)).0)),
            ("per-target", each(forks_per_target)),
            ("brute-force", each(forks_brute_force)),
        ],
    );
    let mut impls: Vec<Impl> = vec![
        (
            "knightbits",
            Box::new(|| fold(&targets, |t| knight::fork_squares(Bitboard(t)).0)),
        ),
        ("per-target", Box::new(|| fold(&targets, forks_per_target))),
        (
            "brute-force",
            Box::new(|| fold(&targets, forks_brute_force)),
        ),
    ];
    bench.run("forks", SETS, &mut impls);
}

/// 4,000 dependent one-cycle adds: ns per call gives the core clock, to turn ns into cycles.
fn clock(bench: &mut Bench) {
    let mut impls: Vec<Impl> = vec![(
        "4000_adds",
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
    )];
    bench.run("clock", 4000, &mut impls);
}

// --- summary ----------------------------------------------------------------------------------

/// Prints the table of ratios used in BENCHMARKS.md.
fn summary(bench: &Bench) {
    let peers = ["shakmaty", "cozy-chess", "chess"];
    let ghz = bench.median("clock", "4000_adds").map(|ns| 4000.0 / ns);
    println!("\n## Interleaved medians: knightbits / best other\n");
    if let Some(ghz) = ghz {
        println!("core clock while measuring: {ghz:.2} GHz (4,000 dependent adds)\n");
    }
    println!(
        "| case | implementation | ns / element | best other | ns / element | ratio | target |"
    );
    println!("|---|---|---|---|---|---|---|");
    let row = |group: &str, ours: &str, others: &[&str], target: &str| {
        let Some(r) = bench
            .rows
            .iter()
            .find(|r| r.group == group && r.name == ours)
        else {
            return;
        };
        let per = |ns: f64| ns / r.elements as f64;
        let best = others
            .iter()
            .filter_map(|p| bench.median(group, p).map(|m| (*p, m)))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((peer, theirs)) = best {
            println!(
                "| {group} | {ours} | {:.3} | {peer} | {:.3} | {:.3} | {target} |",
                per(r.median_ns),
                per(theirs),
                r.median_ns / theirs
            );
        }
    };
    row("knight_square", "knightbits", &peers, "<= 1.05");
    row("king_square", "knightbits", &peers, "<= 1.05");
    for g in ["sets_0_2", "sets_0_4", "sets_0_10", "sets_2"] {
        let target = match g {
            "sets_2" => "<= 1.00",
            "sets_0_2" => "-",
            _ => "<= 0.20",
        };
        row(g, "knightbits", &peers, target);
        row(g, "two-lookup", &peers, "(tried)");
    }
    for g in ["batch_4096", "batch_8mib"] {
        let target = if g == "batch_8mib" { "<= 1.10" } else { "-" };
        for ours in ["knightbits", "avx512", "avx2", "scalar"] {
            row(g, ours, &["copy_from_slice"], target);
        }
    }
    row("real_sets", "knightbits", &peers, "<= 1.00");
    row("real_sets", "two-lookup", &peers, "(tried)");
    let g = "legal_knight_moves";
    row(g, "knightbits", &["shakmaty"], "< 1.00");
    row(g, "knightbits", &["cozy-chess"], "-");
    row(g, "knightbits", &["chess"], "-");
    row(g, "knightbits", &["cozy-chess knights"], "-");
    row(g, "knightbits forks", &["shakmaty"], "(record)");
    row("forks", "knightbits", &["per-target"], "<= 0.33");
    row("forks", "knightbits", &["brute-force"], "-");
    if let Some(ghz) = ghz {
        println!("\n| batch 4,096 | ns / bitboard | cycles / bitboard | target |");
        println!("|---|---|---|---|");
        for (ours, target) in [
            ("avx512", "<= 1.2"),
            ("avx2", "<= 1.6"),
            ("scalar", "-"),
            ("copy_from_slice", "-"),
        ] {
            if let Some(ns) = bench.median("batch_4096", ours) {
                let per = ns / SMALL as f64;
                println!("| {ours} | {per:.3} | {:.2} | {target} |", per * ghz);
            }
        }
    }
    if let Some(ns) = bench.median("batch_8mib", "copy_from_slice") {
        let bytes = 2.0 * 8.0 * LARGE as f64;
        println!(
            "\n8 MiB copy_from_slice moves {:.1} GB/s (read + write)",
            bytes / ns
        );
    }
}

fn main() {
    let test_mode = std::env::args().any(|a| a == "--test");
    let mut bench = Bench {
        criterion: Criterion::default()
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3))
            .configure_from_args(),
        test_mode,
        paired_only: std::env::var_os("PAIRED_ONLY").is_some(),
        warm: std::env::var("PAIRED_WARM")
            .ok()
            .and_then(|w| w.parse().ok())
            .unwrap_or(8),
        rows: Vec::new(),
    };
    let isas: Vec<&str> = backends().iter().map(|b| b.isa().name()).collect();
    println!(
        "batch kernels available: {} (detected: {})",
        isas.join(", "),
        Backend::detect().isa()
    );
    single_square(&mut bench);
    knight_sets(&mut bench);
    let fens = playout_fens(SET_POSITIONS, SEED);
    real_sets(&mut bench, &fens);
    legal_moves(&mut bench, &fens[..MOVE_POSITIONS]);
    clock(&mut bench);
    batch(&mut bench);
    forks(&mut bench);
    bench.criterion.final_summary();
    if !test_mode {
        summary(&bench);
    }
}
