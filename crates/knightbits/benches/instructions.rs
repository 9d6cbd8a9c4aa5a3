//! Instruction counts per element, for `BENCHMARKS.md`: every implementation of the set, fork
//! and legal-move rows as its own `#[inline(never)]` function over the same inputs as the
//! `ratios` bench, run once each, for callgrind to count:
//!
//! ```text
//! cargo bench -p knightbits --bench instructions --no-run
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out --toggle-collect='instructions::c_*' \
//!     target/release/deps/instructions-<hash> real-play
//! callgrind_annotate --inclusive=yes /tmp/cg.out | grep c_
//! ```
//!
//! Name one case as an argument (`real-play`, `two-knights`, `uniform-0-10`, `forks`,
//! `legal-moves`, `batch`) to count only it; divide each count by the element count printed
//! for the case. Valgrind does not run AVX-512, so under it the batch kernels detect AVX2; the
//! AVX-512 loop is counted from its disassembly. Run natively it only checks that all agree.

use std::hint::black_box;

use knightbits::batch::{Backend, Isa};
use knightbits::knight::technique;
use knightbits::position::Position;
use knightbits::technique::Leaper;
use knightbits::{Bitboard, knight};

mod common;

use common::positions::{
    chess_moves, chess_position, cozy_moves, cozy_position, knightbits_moves, shakmaty_moves,
    shakmaty_position,
};
use common::{
    Rng, SEED, SETS, SMALL, chess_knights, cozy_knights, fold, fold_ref, forks_per_target,
    shakmaty_knights,
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
    c_sets_knightbits(&[u64]) |s: &[_]| fold(s, |x| knight::attacks_set(Bitboard(x)).0);
    c_sets_formula(&[u64]) |s: &[_]| fold(s, |x| technique::halves(Bitboard(x)).0);
    c_sets_shakmaty(&[u64]) |s: &[_]| fold(s, shakmaty_knights);
    c_sets_cozy(&[u64]) |s: &[_]| fold(s, cozy_knights);
    c_sets_chess(&[u64]) |s: &[_]| fold(s, chess_knights);
    c_forks_knightbits(&[u64]) |s: &[_]| fold(s, |t| knight::fork_squares(Bitboard(t)).0);
    c_forks_wiki(&[u64]) |s: &[_]| fold(s, |t| technique::fork_target_square(Bitboard(t)).0);
    c_forks_per_target(&[u64]) |s: &[_]| fold(s, forks_per_target);
    c_moves_knightbits(&[Position]) |p: &[_]| fold_ref(p, knightbits_moves);
    c_moves_shakmaty(&[shakmaty::Chess]) |p: &[_]| fold_ref(p, shakmaty_moves);
    c_moves_cozy(&[cozy_chess::Board]) |p: &[_]| fold_ref(p, cozy_moves);
    c_moves_chess(&[chess::Board]) |p: &[_]| fold_ref(p, chess_moves);
}

#[inline(never)]
fn c_batch(backend: Backend, input: &[u64], output: &mut [u64]) -> u64 {
    backend
        .attacks(Leaper::Knight, input, output)
        .expect("equal lengths");
    output[0]
}

fn main() {
    let case = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_default();
    let run = |name: &str| case.is_empty() || case == name;
    let games = common::games();
    let mut rng = Rng::new(SEED + 1);
    let sets = [
        ("real-play", common::real_play_sets(&games)),
        ("two-knights", rng.sets(SETS, 2, 2)),
        ("uniform-0-10", rng.sets(SETS, 0, 10)),
    ];
    for (name, sets) in sets {
        if run(name) {
            println!("{name}: {} sets", sets.len());
            let want = c_sets_knightbits(black_box(&sets));
            assert_eq!(want, c_sets_formula(black_box(&sets)));
            assert_eq!(want, c_sets_shakmaty(black_box(&sets)));
            assert_eq!(want, c_sets_cozy(black_box(&sets)));
            assert_eq!(want, c_sets_chess(black_box(&sets)));
        }
    }
    if run("forks") {
        let targets = Rng::new(SEED + 3).sets(SETS, 2, 6);
        println!("forks: {} target sets", targets.len());
        let want = c_forks_knightbits(black_box(&targets));
        assert_eq!(want, c_forks_wiki(black_box(&targets)));
        assert_eq!(want, c_forks_per_target(black_box(&targets)));
    }
    if run("legal-moves") {
        let fens: Vec<&str> = games
            .iter()
            .flat_map(|g| g.plies.iter())
            .map(|p| p.fen.as_str())
            .take(SETS)
            .collect();
        let ours: Vec<Position> = fens.iter().map(|f| f.parse().expect("fen")).collect();
        let sm: Vec<_> = fens.iter().map(|f| shakmaty_position(f)).collect();
        let cz: Vec<_> = fens.iter().map(|f| cozy_position(f)).collect();
        let ch: Vec<_> = fens.iter().map(|f| chess_position(f)).collect();
        println!("legal-moves: {} positions", fens.len());
        let want = c_moves_knightbits(black_box(&ours));
        assert_eq!(want, c_moves_shakmaty(black_box(&sm)));
        assert_eq!(want, c_moves_cozy(black_box(&cz)));
        assert_eq!(want, c_moves_chess(black_box(&ch)));
    }
    if run("batch") {
        let input: Vec<u64> = (0..SMALL).map(|_| rng.next()).collect();
        let mut output = vec![0; SMALL];
        println!("batch: {SMALL} bitboards per kernel");
        let want = c_batch(Backend::SCALAR, black_box(&input), black_box(&mut output));
        for isa in [Isa::Avx2, Isa::Avx512] {
            if let Some(backend) = Backend::new(isa) {
                println!("  {isa} available");
                assert_eq!(
                    want,
                    c_batch(backend, black_box(&input), black_box(&mut output))
                );
            }
        }
    }
}
