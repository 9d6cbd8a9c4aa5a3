//! Sliding attacks and position queries, knightbits against shakmaty 0.30.1 (built without its
//! `magics` feature, so its sliders use hyperbola quintessence: small tables like ours).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use knightbits::position::Position;
use knightbits::{Bitboard, Square, slider};
use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen};

/// Occupancies of some real positions (Kiwipete and the perft positions 3 to 6, the start).
const FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/2NP1N2/PPP1QPPP/R4RK1 w - - 0 10",
];

fn sliders(c: &mut Criterion) {
    let occupancies: Vec<u64> = FENS
        .iter()
        .map(|f| f.parse::<Position>().unwrap().occupied().0)
        .collect();
    let mut group = c.benchmark_group("slider: 64 squares x 6 occupancies, rook + bishop");
    group.bench_function("knightbits", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &occ in &occupancies {
                for sq in Square::ALL {
                    acc ^= slider::rook_attacks(sq, Bitboard(black_box(occ))).0;
                    acc ^= slider::bishop_attacks(sq, Bitboard(black_box(occ))).0;
                }
            }
            acc
        })
    });
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &occ in &occupancies {
                for sq in shakmaty::Square::ALL {
                    let o = shakmaty::Bitboard(black_box(occ));
                    acc ^= shakmaty::attacks::rook_attacks(sq, o).0;
                    acc ^= shakmaty::attacks::bishop_attacks(sq, o).0;
                }
            }
            acc
        })
    });
    group.finish();
}

fn positions(c: &mut Criterion) {
    let ours: Vec<Position> = FENS.iter().map(|f| f.parse().unwrap()).collect();
    let theirs: Vec<Chess> = FENS
        .iter()
        .map(|f| {
            Fen::from_ascii(f.as_bytes())
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap()
        })
        .collect();

    let mut group = c.benchmark_group("parse 6 fens");
    group.bench_function("knightbits", |b| {
        b.iter(|| {
            FENS.iter()
                .map(|f| black_box(*f).parse::<Position>().unwrap().halfmoves())
                .sum::<u32>()
        })
    });
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            FENS.iter()
                .map(|f| {
                    let pos: Chess = Fen::from_ascii(black_box(*f).as_bytes())
                        .unwrap()
                        .into_position(CastlingMode::Standard)
                        .unwrap();
                    pos.halfmoves()
                })
                .sum::<u32>()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("legal knight and king moves (castling), 6 positions");
    group.bench_function("knightbits", |b| {
        b.iter(|| {
            black_box(&ours)
                .iter()
                .map(|p| p.legal_knight_moves().len() + p.legal_king_moves(true).len())
                .sum::<usize>()
        })
    });
    group.bench_function("shakmaty (all legal moves, filtered)", |b| {
        b.iter(|| {
            black_box(&theirs)
                .iter()
                .map(|p| {
                    p.legal_moves()
                        .iter()
                        .filter(|m| {
                            matches!(m.role(), shakmaty::Role::Knight | shakmaty::Role::King)
                        })
                        .count()
                })
                .sum::<usize>()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("attacks of both sides, 6 positions");
    group.bench_function("knightbits", |b| {
        b.iter(|| {
            black_box(&ours)
                .iter()
                .map(|p| {
                    p.attacks(knightbits::Color::White).0 ^ p.attacks(knightbits::Color::Black).0
                })
                .fold(0, |a, b| a ^ b)
        })
    });
    group.finish();

    let mut group = c.benchmark_group("forks, 6 positions");
    group.bench_function("knightbits", |b| {
        b.iter(|| {
            black_box(&ours)
                .iter()
                .map(|p| p.forks().moves.len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, sliders, positions);
criterion_main!(benches);
