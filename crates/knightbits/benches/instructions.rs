//! Instruction counts per element, for `BENCHMARKS.md`: every implementation of the `attacks`
//! bench as its own `#[inline(never)]` function over the same inputs, run once each, for
//! callgrind to count:
//!
//! ```text
//! cargo bench -p knightbits --features std --bench instructions --no-run
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out --toggle-collect='instructions::c_*' \
//!     target/release/deps/instructions-<hash>
//! callgrind_annotate --inclusive=yes /tmp/cg.out | grep c_
//! ```
//!
//! Name one case as an argument (`sets-0-10`, ...) to count only it. Divide each count by the
//! element count printed for the case. Valgrind does not run AVX-512, so
//! under it the batch kernels detect AVX2; the AVX-512 loop is counted from its disassembly.
//! Run natively (`cargo bench --bench instructions`), it only checks that all agree.

use std::hint::black_box;

use knightbits::batch::{Backend, Isa};
use knightbits::position::{Position, Role};
use knightbits::{Bitboard, Color, king, knight};

mod common;

use common::positions::{
    MOVE_POSITIONS, SEED, SET_POSITIONS, chess_moves, chess_position, cozy_knight_moves,
    cozy_moves, cozy_position, knightbits_forks, knightbits_moves, playout_fens, shakmaty_moves,
    shakmaty_position,
};
use common::{
    LARGE, Rng, SETS, SMALL, chess_knights, chess_square, cozy_knights, cozy_square, fold,
    fold_ref, forks_brute_force, forks_per_target, shakmaty_knights, shakmaty_square, squares,
    two_lookup,
};

macro_rules! counted {
    ($($name:ident($input:ty) $body:expr;)*) => {
        $(
            #[inline(never)]
            fn $name(input: $input) -> u64 {
                #[allow(clippy::redundant_closure_call)]
                ($body)(input)
            }
        )*
    };
}

counted! {
    c_knight_square_knightbits(&[knightbits::Square]) |s: &[_]| fold(s, |q| knight::attacks(q).0);
    c_knight_square_shakmaty(&[shakmaty::Square])
        |s: &[_]| fold(s, |q| shakmaty::attacks::knight_attacks(q).0);
    c_knight_square_cozy(&[cozy_chess::Square]) |s: &[_]| fold(s, |q| cozy_chess::get_knight_moves(q).0);
    c_knight_square_chess(&[chess::Square]) |s: &[_]| fold(s, |q| chess::get_knight_moves(q).0);
    c_king_square_knightbits(&[knightbits::Square]) |s: &[_]| fold(s, |q| king::attacks(q).0);
    c_king_square_shakmaty(&[shakmaty::Square]) |s: &[_]| fold(s, |q| shakmaty::attacks::king_attacks(q).0);
    c_sets_knightbits(&[u64]) |s: &[_]| fold(s, |x| knight::attacks_set(Bitboard(x)).0);
    c_sets_two_lookup(&[u64]) |s: &[_]| fold(s, two_lookup);
    c_sets_shakmaty(&[u64]) |s: &[_]| fold(s, shakmaty_knights);
    c_sets_cozy(&[u64]) |s: &[_]| fold(s, cozy_knights);
    c_sets_chess(&[u64]) |s: &[_]| fold(s, chess_knights);
    c_forks_knightbits(&[u64]) |s: &[_]| fold(s, |t| knight::fork_squares(Bitboard(t)).0);
    c_forks_per_target(&[u64]) |s: &[_]| fold(s, forks_per_target);
    c_forks_brute_force(&[u64]) |s: &[_]| fold(s, forks_brute_force);
    c_moves_knightbits(&[Position]) |p: &[_]| fold_ref(p, knightbits_moves);
    c_moves_shakmaty(&[shakmaty::Chess]) |p: &[_]| fold_ref(p, shakmaty_moves);
    c_moves_cozy(&[cozy_chess::Board]) |p: &[_]| fold_ref(p, cozy_moves);
    c_moves_cozy_knights(&[cozy_chess::Board]) |p: &[_]| fold_ref(p, cozy_knight_moves);
    c_moves_chess(&[chess::Board]) |p: &[_]| fold_ref(p, chess_moves);
    c_forks_position(&[Position]) |p: &[_]| fold_ref(p, knightbits_forks);
}

#[inline(never)]
fn c_batch_scalar(input: &[u64], output: &mut [u64]) -> u64 {
    Backend::SCALAR
        .knight_attacks(input, output)
        .expect("equal lengths");
    output[0]
}

#[inline(never)]
fn c_batch_avx2(backend: Backend, input: &[u64], output: &mut [u64]) -> u64 {
    backend
        .knight_attacks(input, output)
        .expect("equal lengths");
    output[0]
}

#[inline(never)]
fn c_batch_avx512(backend: Backend, input: &[u64], output: &mut [u64]) -> u64 {
    backend
        .knight_attacks(input, output)
        .expect("equal lengths");
    output[0]
}

#[inline(never)]
fn c_copy(input: &[u64], output: &mut [u64]) -> u64 {
    output.copy_from_slice(input);
    output[0]
}

/// Runs one case (`squares`, `sets-0-2`, `sets-0-4`, `sets-0-10`, `sets-2`, `real-sets`,
/// `legal-moves`, `forks`, `batch`, `batch-8mib`), or all of them when no case is named.
fn main() {
    let case = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_default();
    let run = |name: &str| case.is_empty() || case == name;
    let mut rng = Rng(1);
    let idx: Vec<u8> = (0..SMALL).map(|_| rng.below(64) as u8).collect();
    if run("squares") {
        let ours = squares(&idx);
        let sm: Vec<_> = idx.iter().map(|&i| shakmaty_square(i)).collect();
        let cz: Vec<_> = idx.iter().map(|&i| cozy_square(i)).collect();
        let ch: Vec<_> = idx.iter().map(|&i| chess_square(i)).collect();
        println!("squares: {SMALL} squares");
        let k = c_knight_square_knightbits(black_box(&ours));
        assert_eq!(k, c_knight_square_shakmaty(black_box(&sm)));
        assert_eq!(k, c_knight_square_cozy(black_box(&cz)));
        assert_eq!(k, c_knight_square_chess(black_box(&ch)));
        assert_eq!(
            c_king_square_knightbits(black_box(&ours)),
            c_king_square_shakmaty(black_box(&sm))
        );
    }
    for (name, lo, hi) in [
        ("sets-0-2", 0, 2),
        ("sets-0-4", 0, 4),
        ("sets-0-10", 0, 10),
        ("sets-2", 2, 2),
    ] {
        let sets = rng.sets(SETS, lo, hi);
        if run(name) {
            println!("{name}: {SETS} sets");
            let want = c_sets_knightbits(black_box(&sets));
            assert_eq!(want, c_sets_two_lookup(black_box(&sets)));
            assert_eq!(want, c_sets_shakmaty(black_box(&sets)));
            assert_eq!(want, c_sets_cozy(black_box(&sets)));
            assert_eq!(want, c_sets_chess(black_box(&sets)));
        }
    }
    if run("real-sets") || run("legal-moves") {
        let fens = playout_fens(SET_POSITIONS, SEED);
        if run("real-sets") {
            let sets: Vec<u64> = fens
                .iter()
                .flat_map(|f| {
                    let pos: Position = f.parse().expect("valid fen");
                    Color::ALL.map(|c| pos.pieces(c, Role::Knight).0)
                })
                .collect();
            println!("real-sets: {} sets", sets.len());
            let want = c_sets_knightbits(black_box(&sets));
            assert_eq!(want, c_sets_two_lookup(black_box(&sets)));
            assert_eq!(want, c_sets_shakmaty(black_box(&sets)));
            assert_eq!(want, c_sets_cozy(black_box(&sets)));
            assert_eq!(want, c_sets_chess(black_box(&sets)));
        }
        if run("legal-moves") {
            let fens = &fens[..MOVE_POSITIONS];
            let ours: Vec<Position> = fens.iter().map(|f| f.parse().expect("fen")).collect();
            let sm: Vec<_> = fens.iter().map(|f| shakmaty_position(f)).collect();
            let cz: Vec<_> = fens.iter().map(|f| cozy_position(f)).collect();
            let ch: Vec<_> = fens.iter().map(|f| chess_position(f)).collect();
            println!("legal-moves: {} positions", fens.len());
            let want = c_moves_knightbits(black_box(&ours));
            assert_eq!(want, c_moves_shakmaty(black_box(&sm)));
            assert_eq!(want, c_moves_cozy(black_box(&cz)));
            assert_eq!(want, c_moves_cozy_knights(black_box(&cz)));
            assert_eq!(want, c_moves_chess(black_box(&ch)));
            black_box(c_forks_position(black_box(&ours)));
        }
    }
    let targets = rng.sets(SETS, 2, 6);
    if run("forks") {
        println!("forks: {SETS} target sets");
        let f = c_forks_knightbits(black_box(&targets));
        assert_eq!(f, c_forks_per_target(black_box(&targets)));
        assert_eq!(f, c_forks_brute_force(black_box(&targets)));
    }
    for (name, n) in [("batch", SMALL), ("batch-8mib", LARGE)] {
        if !run(name) {
            continue;
        }
        let input: Vec<u64> = (0..n).map(|_| rng.next()).collect();
        let mut output = vec![0; n];
        println!("{name}: {n} bitboards per kernel");
        let want = c_batch_scalar(black_box(&input), black_box(&mut output));
        if let Some(backend) = Backend::new(Isa::Avx2) {
            println!("  avx2 available");
            assert_eq!(
                want,
                c_batch_avx2(backend, black_box(&input), black_box(&mut output))
            );
        }
        if let Some(backend) = Backend::new(Isa::Avx512) {
            println!("  avx512 available");
            assert_eq!(
                want,
                c_batch_avx512(backend, black_box(&input), black_box(&mut output))
            );
        }
        c_copy(black_box(&input), black_box(&mut output));
    }
}
